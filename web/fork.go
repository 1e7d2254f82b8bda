package web

import (
	"net/http"
	"strconv"
	"strings"

	"taipan/adjudicator"
	"taipan/events"
)

// forkPost makes a practice game of the logged-in player's from the step
// of the game their page shows (none: the game as it stands; fresh: a
// fresh set-up of its campaign), the bot in
// every other seat (adjudicator.Host.Fork), and logs them in to it: the
// page never shows its token, which is mailed to them where the site can
// mail (TokenMailer), as a new GM's token is.
func (s *Server) forkPost(w http.ResponseWriter, r *http.Request) {
	sn, sess, ok := s.posted(w, r, false)
	if !ok {
		return
	}
	g := sn.game
	w.Header().Set("Cache-Control", "no-store")
	if sess == nil || sess.gm() {
		s.fail(w, r, http.StatusForbidden, "Log in to %s as a player to fork a practice game of yours from it.", g.ID)
		return
	}
	opt := adjudicator.ForkOptions{Game: g.ID, Player: sess.player, Step: -1, Fresh: r.PostFormValue("fresh") == "true"}
	if v := strings.TrimSpace(r.PostFormValue("step")); v != "" && !opt.Fresh {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			s.fail(w, r, http.StatusBadRequest, "The step to fork from is a number, 0 for the set-up, not %q.", v)
			return
		}
		opt.Step = n
	}
	var ng *adjudicator.NewGame
	var cookie string
	err := s.host.Store.Update(r.Context(), func(tx *events.Tx) error {
		var err error
		if ng, err = s.host.ForkTx(r.Context(), tx, opt); err != nil {
			return err
		}
		player := ng.Game.Practice.Player
		cred, err := credential(r.Context(), tx, ng.Game.ID, player)
		if err != nil {
			return err
		}
		if cookie, err = s.newSession(r.Context(), tx, ng.Game.ID, player, cred); err != nil {
			return err
		}
		if mailer, ok := s.opt.Notifier.(TokenMailer); ok && ng.Game.Player(player).Email != "" {
			if err := mailer.MailToken(r.Context(), tx, ng.Game, player, ng.Tokens[player]); err != nil {
				return err
			}
		}
		if s.opt.Notifier != nil {
			return s.opt.Notifier.Changed(r.Context(), tx, ng.Game)
		}
		return nil
	})
	if err != nil {
		rd := reader{readPlayer, sess.player, "/games/" + g.ID + "/players/" + sess.player}
		s.readerPage(w, r, httpStatus(err), sn, sess, rd, -1, refusal(err), "")
		return
	}
	s.setSession(w, r, ng.Game.ID, cookie)
	http.Redirect(w, r, "/games/"+ng.Game.ID+"/me", http.StatusSeeOther)
}
