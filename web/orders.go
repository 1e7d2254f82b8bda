package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/orders"
)

// ordersPost takes orders from the form, by exactly the path of mail: the
// order file is read by orders.Parse and submitted by Host.Submit with the
// options of mail, but for the token, which the session stands for (it
// was made from the token, or from a link mailed to the player's
// address); a token in the file is checked all the same. The answer is
// the mail's acknowledgement, which the Notifier also mails.
func (s *Server) ordersPost(w http.ResponseWriter, r *http.Request) {
	sn, sess, ok := s.posted(w, r, false)
	if !ok {
		return
	}
	g := sn.game
	if sess == nil || sess.gm() {
		s.fail(w, r, http.StatusForbidden, "Log in to %s as a player to send orders (the GM acts on the GM's page).", g.ID)
		return
	}
	rd := reader{readPlayer, sess.player, "/games/" + g.ID + "/players/" + sess.player}
	formStep, _ := strconv.Atoi(r.PostFormValue("step"))
	check := r.PostFormValue("do") == "check"
	file := strings.ReplaceAll(r.PostFormValue("file"), "\r\n", "\n")
	// No answer repeats a secret of the file (a token, in a comment or a
	// misspelt key, or a word that looks like one).
	secrets := orders.Secrets([]byte(file))
	checking := check || orders.AsksCheck([]byte(file))
	refuse := func(status int, err error) {
		ans := refusal(err)
		if checking && ans.Class == "refused" {
			// A check answers as a check, mistakes and all.
			ans.Head = "Checked, not submitted: mistakes found; nothing has been changed"
		}
		ans.Text = orders.HideIn(ans.Text, secrets)
		s.readerPage(w, r, status, sn, sess, rd, -1, ans, withoutToken(file))
	}
	if strings.TrimSpace(file) == "" {
		if formStep != g.Step {
			refuse(http.StatusConflict, adjudicator.Errorf(adjudicator.ECONFLICT,
				"field step: these orders are for step %d, but step %d is open (stale orders are refused)", formStep, g.Step))
			return
		}
		ds := s.cache.view(sn, -1, sess.player).options
		picked := map[int][]string{}
		for i := range ds {
			for _, v := range r.PostForm["d"+strconv.Itoa(i)] {
				if v != "" {
					picked[i] = append(picked[i], v)
				}
			}
		}
		list, err := adjudicator.ComposeOrders(ds, picked)
		if err != nil {
			refuse(http.StatusUnprocessableEntity, err)
			return
		}
		file = list
	}
	env, err := envelope(file, g.ID, sess.player, formStep)
	if err != nil {
		refuse(httpStatus(err), err)
		return
	}
	var rec *adjudicator.Receipt
	var notes []string
	err = s.host.Store.Update(r.Context(), func(tx *events.Tx) error {
		rec, notes = nil, nil
		return s.submit(r.Context(), tx, env, check, &rec, &notes)
	})
	if err != nil {
		refuse(httpStatus(err), err)
		return
	}
	if sn, err = s.cache.get(r.Context(), g.ID); err != nil {
		s.failErr(w, r, err)
		return
	}
	ans := &answer{Class: "ok", Head: "Accepted", Text: strings.Join(notes, "\n")}
	if rec != nil {
		if ans.Text != "" {
			ans.Text += "\n\n"
		}
		ans.Text += adjudicator.Acknowledgement(rec)
		if rec.Checked {
			ans.Head = "Checked, not submitted"
		}
	}
	ans.Text = orders.HideIn(ans.Text, secrets)
	kept := ""
	if rec != nil && rec.Checked {
		kept = withoutToken(file)
	}
	s.readerPage(w, r, http.StatusOK, sn, sess, rd, -1, ans, kept)
}

// submit takes env in tx as mail would: press and absence first, then the
// orders; the Notifier queues, in the same transaction, the
// acknowledgement and what the change owes the players (the reports of
// the steps closed, the press to relay, the absence to tell).
func (s *Server) submit(ctx context.Context, tx *events.Tx, env *orders.Envelope, check bool, rec **adjudicator.Receipt, notes *[]string) error {
	opt := adjudicator.SubmitOptions{Trusted: true, CheckOnly: check || env.Check}
	var changed *adjudicator.Game
	if p := env.Press; p != nil && !opt.CheckOnly {
		po := adjudicator.PressOrder{From: env.Player, Token: env.Token, To: p.To, Text: p.Text, Grey: p.Grey}
		g, _, err := s.host.PressTx(ctx, tx, env.Game, po, opt)
		if err != nil {
			return err
		}
		changed = g
		to := "everyone"
		if len(p.To) > 0 {
			to = strings.Join(p.To, ", ")
		}
		if p.Grey {
			*notes = append(*notes, fmt.Sprintf("Grey press to %s held: it is relayed, unsigned, when step %d closes.", to, g.Step))
		} else {
			*notes = append(*notes, "Press sent to "+to+".")
		}
	}
	if a := env.Absence; a != nil && !opt.CheckOnly {
		g, err := s.host.AbsentTx(ctx, tx, env.Game, env.Player, env.Token, a.From, a.Until, a.Reason, opt)
		if err != nil {
			return err
		}
		changed = g
		*notes = append(*notes, fmt.Sprintf("Absence from %s to %s recorded; the deadline is %s.",
			adjudicator.FormatTime(a.From), adjudicator.FormatTime(a.Until), deadlineText(g)))
	}
	if env.HasList {
		r, err := s.host.SubmitTx(ctx, tx, env, opt)
		if err != nil {
			return err
		}
		*rec = r
		if n := s.opt.Notifier; n != nil && !r.Checked {
			if err := n.Acknowledged(ctx, tx, r, adjudicator.Acknowledgement(r)); err != nil {
				return err
			}
			if len(r.Closed) > 0 || changed != nil {
				changed = r.Game // the game as the whole change leaves it
			}
		}
	} else if len(*notes) == 0 {
		*notes = append(*notes, "Nothing to send: the file holds no orders.")
	}
	if n := s.opt.Notifier; n != nil && changed != nil {
		return n.Changed(ctx, tx, changed)
	}
	return nil
}

// envelope reads an order file from the form as `taipan submit` reads
// one (orders.ParseFor). The file may leave out game and player (the page
// says them) or be only the orders list; one that names another game or
// player is refused. A file without step gets the step of the page it
// was sent from, so that orders from a stale page are refused as stale.
func envelope(file, game, player string, formStep int) (*orders.Envelope, error) {
	if len(file) > orders.MaxFileSize {
		return nil, adjudicator.Errorf(adjudicator.EINVALID, "the order file is %d bytes; the limit is %d", len(file), orders.MaxFileSize)
	}
	env, err := orders.ParseFor([]byte(file), game, player)
	if err != nil {
		return nil, &adjudicator.Error{Code: adjudicator.EINVALID, Message: "order file refused:", Orders: orders.Errors(err)}
	}
	switch {
	case env.Game != game:
		return nil, adjudicator.Errorf(adjudicator.EINVALID, "field game: the file is for game %q, and this page is game %s's", env.Game, game)
	case !strings.EqualFold(env.Player, player):
		return nil, adjudicator.Errorf(adjudicator.EINVALID, "field player: the file is %s's, and you are logged in as %s", env.Player, player)
	case env.Command != "":
		return nil, adjudicator.Errorf(adjudicator.EINVALID, "field command: %q is a mail command; this page shows your report and status already", env.Command)
	}
	env.Player = player
	if env.Step == 0 {
		env.Step = formStep
	}
	return env, nil
}

// withoutToken is a file to show back in the form: the lines holding a
// token, or a word that looks like one, are left out (the site needs
// none, and a page must not show it), and comments are hidden
// (orders.HideSecrets).
func withoutToken(file string) string {
	if file == "" {
		return ""
	}
	var keep []string
	for _, l := range orders.HideSecrets([]byte(file)) {
		if !strings.Contains(l, orders.Hidden) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n") + "\n"
}

// refusal is the answer box of a refused form.
func refusal(err error) *answer {
	var ae *adjudicator.Error
	text := err.Error()
	if errors.As(err, &ae) {
		lines := []string{ae.Message}
		for _, e := range ae.Orders {
			lines = append(lines, "  "+e.Error())
		}
		text = strings.Join(lines, "\n")
	}
	if adjudicator.ErrorCode(err) == adjudicator.EINTERNAL {
		text = "Taipan could not do it (a fault of Taipan's, not yours); try again later."
	}
	return &answer{Class: "refused", Head: "Refused; nothing has been changed", Text: text}
}

// httpStatus is the HTTP status of a refusal.
func httpStatus(err error) int {
	switch adjudicator.ErrorCode(err) {
	case adjudicator.ENOTFOUND:
		return http.StatusNotFound
	case adjudicator.EINVALID:
		return http.StatusUnprocessableEntity
	case adjudicator.EUNAUTHORIZED:
		return http.StatusUnauthorized
	case adjudicator.ECONFLICT:
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}

// gmHelp lists the GM's actions as the CLI's `gm GAME help` does.
const gmHelp = `GM actions (each needs a reason, shown to the players):
  extend DURATION              push the deadline back (24h, 2d, 90m)
  deadline TIME|none           set the deadline (2026-12-24T18:00:00Z)
  replace PLAYER NAME [EMAIL]  hand a seat to a new player (the new token is mailed)
  token PLAYER|gm              issue a new token (it is mailed to the player, or the GM)
  resign PLAYER                civil disorder: the default orders from now on
  void PLAYER                  drop the player's orders for the open step
  close                        close the open step now
  pause, resume                stop and restart the clock
  grace DURATION|none          take late orders this long after each deadline
  rollback STEP                void everything played after step STEP
  upgrade [open-step]          move the game to this build's engine version
This game's corrections:
`

// gmActions are the actions the GM's form offers: the CLI's, and the
// game's corrections; replace and token only when their new token can be
// mailed (a page must not show it).
func gmActions(g *adjudicator.Game, n Notifier) []string {
	acts := []string{"close", "extend", "deadline", "pause", "resume", "grace", "void", "resign", "remove", "rollback", "upgrade"}
	if _, ok := n.(TokenMailer); ok {
		acts = append(acts, "replace", "token")
	}
	for _, l := range strings.Split(g.Engine.Corrections(), "\n") {
		if f := strings.Fields(l); len(f) > 0 && l[0] != ' ' && !slices.Contains(acts, f[0]) {
			acts = append(acts, f[0])
		}
	}
	return acts
}

// gmPost takes a GM action, as `taipan gm` does: with a reason, appended
// to the log, and the reports of the steps it closes queued.
func (s *Server) gmPost(w http.ResponseWriter, r *http.Request) {
	sn, sess, ok := s.posted(w, r, false)
	if !ok {
		return
	}
	g := sn.game
	if !sess.gm() {
		s.fail(w, r, http.StatusForbidden, "Only the GM of %s may act on it; log in with the GM's token.", g.ID)
		return
	}
	rd := reader{readGM, "", "/games/" + g.ID + "/gm"}
	a := adjudicator.GMAction{Action: strings.TrimSpace(r.PostFormValue("action")), Args: strings.Fields(r.PostFormValue("args")), Reason: strings.TrimSpace(r.PostFormValue("reason"))}
	mailer, canMail := s.opt.Notifier.(TokenMailer)
	if !slices.Contains(gmActions(g, s.opt.Notifier), a.Action) {
		err := adjudicator.Errorf(adjudicator.EINVALID, "unknown GM action %q here; the actions are %s", a.Action, strings.Join(gmActions(g, s.opt.Notifier), ", "))
		if (a.Action == "replace" || a.Action == "token") && !canMail {
			err = adjudicator.Errorf(adjudicator.EINVALID, "%s makes a new token, which a page must not show and this site cannot mail: use `taipan gm %s %s` at the command line", a.Action, g.ID, a.Action)
		}
		s.readerPage(w, r, http.StatusUnprocessableEntity, sn, sess, rd, -1, refusal(err), "")
		return
	}
	var res *adjudicator.GMResult
	err := s.host.Store.Update(r.Context(), func(tx *events.Tx) error {
		var err error
		if res, err = s.host.GMTx(r.Context(), tx, g.ID, a); err != nil {
			return err
		}
		if res.Token != "" {
			who := a.Args[0]
			if a.Action == "replace" {
				who = a.Args[1]
			}
			if err := mailer.MailToken(r.Context(), tx, res.Game, who, res.Token); err != nil {
				return err
			}
		}
		if s.opt.Notifier != nil {
			return s.opt.Notifier.Changed(r.Context(), tx, res.Game)
		}
		return nil
	})
	if err != nil {
		s.readerPage(w, r, httpStatus(err), sn, sess, rd, -1, refusal(err), "")
		return
	}
	lines := []string{fmt.Sprintf("Done: %s (reason: %s).", strings.TrimSpace(a.String()), a.Reason)}
	if res.Token != "" {
		lines = append(lines, "The new token was mailed to its player.")
	}
	for _, st := range res.Closed {
		lines = append(lines, fmt.Sprintf("Step %d resolved.", st))
	}
	if sn, err = s.cache.get(r.Context(), g.ID); err != nil {
		s.failErr(w, r, err)
		return
	}
	s.readerPage(w, r, http.StatusOK, sn, sess, rd, -1, &answer{Class: "ok", Head: "Done", Text: strings.Join(lines, "\n")}, "")
}

// gmPreview shows the open step resolved as if the GM closed it now,
// writing nothing (`taipan preview`).
func (s *Server) gmPreview(w http.ResponseWriter, r *http.Request) {
	sn, sess, ok := s.game(w, r)
	if !ok {
		return
	}
	g := sn.game
	if !s.allowed(w, r, g, sess, "") {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	pg, err := s.host.Preview(r.Context(), g.ID)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	text, err := s.renderer.Text(pg, "")
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "text", page{Title: g.ID + ": preview of step " + strconv.Itoa(g.Step), Game: g.ID, Who: sess.label(),
		Data: textData{Answer: &answer{Class: "ok", Head: "Nothing has been written", Text: "This is the open step resolved as if you closed it now; the missing orders get their defaults."}, Text: text, Back: "/games/" + g.ID + "/gm"}})
}
