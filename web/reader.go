package web

import (
	"net/http"
	"strconv"
	"strings"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
)

// readKind is whose reports a page shows.
type readKind int

const (
	readPublic readKind = iota // the public report (observers')
	readPlayer                 // a player's own, to that player or the GM
	readGM                     // the GM's full report
)

// reader is the reader a request's page is for, once allowed.
type reader struct {
	kind readKind
	name string // engine.Observer, a player's name, or "" for the GM
	base string // the URL of the reader's pages of this game
}

// readerOf works out whose page r asks for and whether its session may
// see it; it answers the refusal itself.
func (s *Server) readerOf(w http.ResponseWriter, r *http.Request, kind readKind, g *adjudicator.Game, sess *session) (reader, bool) {
	base := "/games/" + g.ID
	switch kind {
	case readPlayer:
		p := g.Player(r.PathValue("player"))
		if p == nil {
			s.fail(w, r, http.StatusNotFound, "Game %s has no player %q.", g.ID, r.PathValue("player"))
			return reader{}, false
		}
		if !s.allowed(w, r, g, sess, p.Name) {
			return reader{}, false
		}
		return reader{kind, p.Name, base + "/players/" + p.Name}, true
	case readGM:
		if !s.allowed(w, r, g, sess, "") {
			return reader{}, false
		}
		return reader{kind, "", base + "/gm"}, true
	}
	return reader{kind, engine.Observer, base}, true
}

// allowed says whether sess may read player's pages (player "": the
// GM's): the player, or the GM. It answers the refusal itself.
func (s *Server) allowed(w http.ResponseWriter, r *http.Request, g *adjudicator.Game, sess *session, player string) bool {
	switch {
	case sess == nil:
		w.Header().Set("Cache-Control", "no-store")
		s.render(w, r, http.StatusUnauthorized, "text", page{Title: "Log in", Game: g.ID,
			Data: textData{Answer: &answer{Class: "refused", Head: "Log in to see this page", Text: "This page is private: log in with the link of your latest report, or with your token."}, Back: "/games/" + g.ID + "/login"}})
		return false
	case sess.gm() || sess.player == player:
		return true
	}
	who := "the GM's"
	if player != "" {
		who = player + "'s"
	}
	s.fail(w, r, http.StatusForbidden, "You are logged in to %s as %s: this page is %s.", g.ID, sess.label(), who)
	return false
}

// readerData is what the report pages show.
type readerData struct {
	Answer     *answer
	Status     statusData
	ExportNote string

	Due       bool
	Deadline  string
	Decisions []decisionData
	CanSend   bool
	Step      int
	File      string

	// Fork offers the reader a practice game from the step shown
	// (ForkStep, "" for now: ForkFrom says which in words), the bot in
	// the other seats, where the game can be forked.
	Fork     bool
	ForkStep string
	ForkFrom string
	Practice string // what a practice game is; "" for any other

	Nav     stepNav
	Heading string
	Picture string
	Report  string

	// The GM's page.
	In      string
	Players []string
	Actions []string
	Help    string
}

// decisionData is one decision of the order form.
type decisionData struct {
	Field    string
	Prompt   string
	With     string
	Optional bool
	Several  bool
	Default  string
	Choices  []engine.Choice
}

// readerStep is the start of the report pages' handlers: the game, whose
// reports (once allowed) and which step (-1: now). It answers any refusal
// itself.
func (s *Server) readerStep(w http.ResponseWriter, r *http.Request, kind readKind) (*snapshot, *session, reader, int, bool) {
	sn, sess, ok := s.game(w, r)
	if !ok {
		return nil, nil, reader{}, 0, false
	}
	rd, ok := s.readerOf(w, r, kind, sn.game, sess)
	if !ok {
		return nil, nil, reader{}, 0, false
	}
	step, ok := s.stepParam(w, r, sn.game)
	return sn, sess, rd, step, ok
}

// report serves a page of reports: the public game page, a player's page
// or the GM's, now or at a past step.
func (s *Server) report(kind readKind) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if sn, sess, rd, step, ok := s.readerStep(w, r, kind); ok {
			s.readerPage(w, r, http.StatusOK, sn, sess, rd, step, nil, "")
		}
	}
}

// readerPage draws a report page: rd's report of step (-1: now), with
// answer on top (after a form) and file in the order form. The public
// pages of readers not logged in are drawn once per step and change of
// the game, and carry validators (notModified).
func (s *Server) readerPage(w http.ResponseWriter, r *http.Request, status int, sn *snapshot, sess *session, rd reader, step int, ans *answer, file string) {
	if rd.kind == readPublic && sess == nil && ans == nil && status == http.StatusOK {
		dp := sn.drawnPage(r.URL.Path, func() *drawnPage {
			name, p, err := s.readerContent(w, sn, sess, rd, step, ans, file)
			if err != nil {
				return &drawnPage{err: err}
			}
			return newDrawnPage(s.draw(name, p))
		})
		if dp.err != nil {
			s.failErr(w, r, dp.err)
			return
		}
		serveDrawn(w, r, dp, sn.modified())
		return
	}
	name, p, err := s.readerContent(w, sn, sess, rd, step, ans, file)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	s.render(w, r, status, name, p)
}

// readerContent is a report page's template and content (see readerPage);
// it sets the headers of a private page on w.
func (s *Server) readerContent(w http.ResponseWriter, sn *snapshot, sess *session, rd reader, step int, ans *answer, file string) (string, page, error) {
	g := sn.game
	v := s.cache.view(sn, step, rd.name)
	if v.err != nil {
		return "", page{}, v.err
	}
	d := readerData{Answer: ans, Status: statusOf(g), Nav: navFor(rd.base, step, g.Last.Step), Report: v.text, Step: g.Step}
	if g.Practice != nil {
		d.Practice = g.Practice.String()
	}
	d.Heading = "Now"
	if step == 0 {
		d.Heading = "The set-up"
	} else if step > 0 {
		d.Heading = "Step " + strconv.Itoa(step)
	}
	if step < 0 && g.Last.Step > 0 {
		d.Heading = "Now, after step " + strconv.Itoa(g.Last.Step)
	}
	if len(v.picture) > 0 {
		d.Picture = rd.base + "/picture.png"
		if step >= 0 {
			d.Picture = rd.base + "/steps/" + strconv.Itoa(step) + "/picture.png"
		}
	}
	title := g.ID
	switch rd.kind {
	case readPublic:
		if _, err := adjudicator.Public(g, nil); err != nil {
			d.ExportNote = "given once the game is over: it is written in log format 1"
		}
	case readPlayer:
		title = g.ID + ": " + rd.name
		w.Header().Set("Cache-Control", "no-store")
		mine := sess != nil && sess.player == rd.name
		atEnd := g.Status.Finished && (step < 0 || step == g.Last.Step) // nothing left to practise
		if pl := g.Player(rd.name); mine && pl != nil && !pl.Bot && !atEnd && adjudicator.Forkable(g.Engine, false) == nil {
			d.Fork, d.ForkFrom = true, "the game as it stands"
			if step >= 0 {
				d.ForkStep, d.ForkFrom = strconv.Itoa(step), strings.ToLower(d.Heading)
			}
		}
		if step < 0 && mine && !g.Status.Finished {
			d.Due = g.IsPending(rd.name) && containsName(g.Awaiting(), rd.name)
			if d.Due {
				d.Deadline = deadlineText(g)
			}
			for i, dec := range v.options {
				d.Decisions = append(d.Decisions, decisionData{Field: "d" + strconv.Itoa(i), Prompt: dec.Prompt, With: strings.Join(dec.With, " or "),
					Optional: dec.Optional, Several: dec.Several, Default: dec.Default, Choices: dec.Choices})
			}
			d.CanSend = true
			if file == "" {
				file = "game: " + g.ID + "\nplayer: " + rd.name + "\nstep: " + strconv.Itoa(g.Step) + "\norders:\n  - \n"
			}
			d.File = file
		}
	case readGM:
		title = g.ID + ": the GM's view"
		w.Header().Set("Cache-Control", "no-store")
		var in []string
		for _, p := range g.Status.Pending {
			if _, ok := g.Open[p]; ok {
				in = append(in, p)
			}
		}
		d.In = strings.Join(in, ", ")
		d.Players = g.Names()
		d.Actions = gmActions(g, s.opt.Notifier)
		d.Help = gmHelp + g.Engine.Corrections()
	}
	return map[readKind]string{readPublic: "game", readPlayer: "player", readGM: "gm"}[rd.kind],
		page{Title: title, Game: g.ID, Who: sess.label(), Data: d}, nil
}

func containsName(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}

// picture serves the picture of a report, where there is one.
func (s *Server) picture(kind readKind) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		sn, _, rd, step, ok := s.readerStep(w, r, kind)
		if !ok {
			return
		}
		v := s.cache.view(sn, step, rd.name)
		if v.err != nil || len(v.picture) == 0 {
			http.NotFound(w, r)
			return
		}
		if rd.kind != readPublic {
			w.Header().Set("Cache-Control", "no-store")
		} else if notModified(w, r, v.pictureTag, sn.modified()) {
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Write(v.picture)
	}
}

// me takes a logged-in reader to their own page.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	sn, sess, ok := s.game(w, r)
	if !ok {
		return
	}
	switch {
	case sess == nil:
		http.Redirect(w, r, "/games/"+sn.game.ID+"/login", http.StatusSeeOther)
	case sess.gm():
		http.Redirect(w, r, "/games/"+sn.game.ID+"/gm", http.StatusSeeOther)
	default:
		http.Redirect(w, r, "/games/"+sn.game.ID+"/players/"+sess.player, http.StatusSeeOther)
	}
}

// loginForm asks for a player's name and token.
func (s *Server) loginForm(w http.ResponseWriter, r *http.Request) {
	sn, sess, ok := s.gameFor(w, r, true)
	if !ok {
		return
	}
	s.render(w, r, http.StatusOK, "login", page{Title: "Log in to " + sn.game.ID, Game: sn.game.ID, Who: sess.label(),
		Data: loginData{Links: s.opt.LoginLinks}})
}

// loginData is the login page's: the answer to a refused login, the name
// given, and whether mailed reports carry login links (Options.LoginLinks).
type loginData struct {
	Answer *answer
	Player string
	Links  bool
}

// loginPost logs in with a token.
func (s *Server) loginPost(w http.ResponseWriter, r *http.Request) {
	sn, _, ok := s.posted(w, r, true)
	if !ok {
		return
	}
	cookie, _, err := s.login(r.Context(), sn.game, r.PostFormValue("player"), r.PostFormValue("token"))
	if err != nil {
		status := http.StatusInternalServerError
		if adjudicator.ErrorCode(err) == adjudicator.EUNAUTHORIZED {
			status = http.StatusUnauthorized
		} else {
			s.logf("web: login to %s: %v", sn.game.ID, err)
		}
		s.render(w, r, status, "login", page{Title: "Log in to " + sn.game.ID, Game: sn.game.ID,
			Data: loginData{Answer: &answer{Class: "refused", Head: "Not logged in", Text: err.Error()}, Player: r.PostFormValue("player"), Links: s.opt.LoginLinks}})
		return
	}
	s.setSession(w, r, sn.game.ID, cookie)
	http.Redirect(w, r, "/games/"+sn.game.ID+"/me", http.StatusSeeOther)
}

// linkPage is where a mailed link lands: it says whom the link logs in and
// offers the button that uses it. Opening it uses nothing, so that a mail
// filter that follows links does not spend it.
func (s *Server) linkPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	id := r.PathValue("game")
	if !gameID.MatchString(id) {
		s.fail(w, r, http.StatusNotFound, "There is no game %q here.", id)
		return
	}
	code := r.PathValue("code")
	player, valid := s.linkFor(r.Context(), id, code)
	data := struct {
		Valid   bool
		Code    string
		Player  string
		Problem string
	}{Valid: valid, Code: code, Player: player}
	status := http.StatusOK
	if !valid {
		data.Code, data.Problem, status = "", errBadLink.Message, http.StatusGone
	}
	if player == "" {
		data.Player = "the GM"
	}
	s.render(w, r, status, "link", page{Title: "Log in to " + id, Game: id, Data: data})
}

// linkPost uses a mailed link: once.
func (s *Server) linkPost(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r) || !s.formOK(w, r) {
		return
	}
	id := r.PathValue("game")
	if !gameID.MatchString(id) {
		s.fail(w, r, http.StatusNotFound, "There is no game %q here.", id)
		return
	}
	cookie, _, err := s.useLink(r.Context(), id, r.PostFormValue("code"))
	if err != nil {
		if adjudicator.ErrorCode(err) == adjudicator.EUNAUTHORIZED {
			s.fail(w, r, http.StatusGone, "%s", err.Error())
			return
		}
		s.failErr(w, r, err)
		return
	}
	s.setSession(w, r, id, cookie)
	http.Redirect(w, r, "/games/"+id+"/me", http.StatusSeeOther)
}

// logoutPost ends the session.
func (s *Server) logoutPost(w http.ResponseWriter, r *http.Request) {
	if !s.formOK(w, r) {
		return
	}
	id := r.PathValue("game")
	if sess := s.session(r, id); sess != nil {
		if err := s.logout(r, sess); err != nil {
			s.failErr(w, r, err)
			return
		}
	}
	s.setSession(w, r, id, "")
	http.Redirect(w, r, "/games/"+id, http.StatusSeeOther)
}

// posted is the start of every form's handler that changes something:
// the address's rate, the form and its CSRF token, then the game (login
// says a private game's login forms are open to all). It answers any
// refusal itself.
func (s *Server) posted(w http.ResponseWriter, r *http.Request, login bool) (*snapshot, *session, bool) {
	if s.limited(w, r) || !s.formOK(w, r) {
		return nil, nil, false
	}
	return s.gameFor(w, r, login)
}

// formOK reads a posted form and checks its CSRF token; it answers the
// refusal itself.
func (s *Server) formOK(w http.ResponseWriter, r *http.Request) bool {
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, http.StatusBadRequest, "The form could not be read: %v", err)
		return false
	}
	if !csrfOK(r) {
		s.fail(w, r, http.StatusForbidden, "The form's security token does not match this browser's (a form from another site, or an old page): reload the page and send it again.")
		return false
	}
	return true
}
