package web

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"taipan/adjudicator"
	"taipan/events"
)

// routes is the site's URL space. Public pages live under /games/GAME; a
// player's own pages under /games/GAME/players/NAME, the GM's under
// /games/GAME/gm; forms post to /games/GAME/login, link, logout, orders
// and gm.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // embedded at build time
	}
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	mux.HandleFunc("GET /{$}", s.list)

	// The reports of each reader: now, at each step, and their pictures.
	for base, kind := range map[string]readKind{"/games/{game}": readPublic, "/games/{game}/players/{player}": readPlayer, "/games/{game}/gm": readGM} {
		mux.HandleFunc("GET "+base, s.report(kind))
		mux.HandleFunc("GET "+base+"/steps", s.slider)
		mux.HandleFunc("GET "+base+"/steps/{step}", s.report(kind))
		mux.HandleFunc("GET "+base+"/picture.png", s.picture(kind))
		mux.HandleFunc("GET "+base+"/steps/{step}/picture.png", s.picture(kind))
	}
	mux.HandleFunc("GET /games/{game}/log", s.logPage)
	mux.HandleFunc("GET /games/{game}/audit", s.auditPage)
	mux.HandleFunc("GET /games/{game}/export.jsonl", s.export)
	mux.HandleFunc("GET /games/{game}/rules", s.rules)

	mux.HandleFunc("GET /games/{game}/login", s.loginForm)
	mux.HandleFunc("POST /games/{game}/login", s.loginPost)
	mux.HandleFunc("GET /games/{game}/login/{code}", s.linkPage)
	mux.HandleFunc("POST /games/{game}/link", s.linkPost)
	mux.HandleFunc("POST /games/{game}/logout", s.logoutPost)
	mux.HandleFunc("GET /games/{game}/me", s.me)
	mux.HandleFunc("POST /games/{game}/orders", s.ordersPost)
	mux.HandleFunc("POST /games/{game}/fork", s.forkPost)
	mux.HandleFunc("GET /games/{game}/gm/preview", s.gmPreview)
	s.feedRoutes(mux)
	mux.HandleFunc("POST /games/{game}/gm", s.gmPost)
	s.signUpRoutes(mux)
	s.personRoutes(mux)

	// Cross-site posts are refused by what browsers say of them; a proxy
	// that rewrites Host keeps the site's own origin trusted.
	cop := http.NewCrossOriginProtection()
	if u, err := url.Parse(s.cfg.BaseURL); err == nil {
		cop.AddTrustedOrigin(u.Scheme + "://" + u.Host)
	}
	var h http.Handler = mux
	h = cop.Handler(h)
	h = s.secured(h)
	return s.logged(h)
}

// secured sets the security headers, bounds request bodies and turns
// away what is not a page of the site.
func (s *Server) secured(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.headers(w, r)
		if r.Method == http.MethodPost {
			r.Body = http.MaxBytesReader(w, r.Body, maxForm)
		}
		next.ServeHTTP(w, r)
	})
}

// maxForm bounds a posted form: an order file's limit and the fields.
const maxForm = 96 << 10

var gameID = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

// game is the snapshot of the request's game and the reader's session (nil
// when not logged in). It answers 404 itself, and reports false, for a
// game that does not exist, or is private and the reader not its player
// or GM.
func (s *Server) game(w http.ResponseWriter, r *http.Request) (*snapshot, *session, bool) {
	return s.gameFor(w, r, false)
}

// gameFor is game; with login, a private game's login pages are shown to
// anyone.
func (s *Server) gameFor(w http.ResponseWriter, r *http.Request, login bool) (*snapshot, *session, bool) {
	id := r.PathValue("game")
	if !gameID.MatchString(id) {
		s.fail(w, r, http.StatusNotFound, "There is no game %q here.", id)
		return nil, nil, false
	}
	sess := s.session(r, id)
	if sess == nil && !login && s.cfg.private(id) {
		s.fail(w, r, http.StatusNotFound, "There is no game %q here.", id)
		return nil, nil, false
	}
	if s.signUpRedirect(w, r, id) {
		return nil, nil, false
	}
	sn, err := s.cache.get(r.Context(), id)
	if err != nil {
		var fe *events.FormatError
		if errors.As(err, &fe) {
			s.fail(w, r, http.StatusServiceUnavailable, "Game %s cannot be shown by this build: %v", id, err)
			return nil, nil, false
		}
		s.failErr(w, r, err)
		return nil, nil, false
	}
	return sn, sess, true
}

// slider takes the step slider's form (?step=N) to the step's page.
func (s *Server) slider(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.URL.Query().Get("step"))
	if err != nil || n < 0 {
		s.fail(w, r, http.StatusBadRequest, "Give the step as a number from 0 (the set-up).")
		return
	}
	http.Redirect(w, r, strings.TrimSuffix(r.URL.Path, "/steps")+"/steps/"+strconv.Itoa(n), http.StatusSeeOther)
}

// stepParam reads the {step} of the path: -1 when there is none (the game
// now). It answers 404 itself for a step not yet closed.
func (s *Server) stepParam(w http.ResponseWriter, r *http.Request, g *adjudicator.Game) (int, bool) {
	v := r.PathValue("step")
	if v == "" {
		return -1, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > g.Last.Step || strconv.Itoa(n) != v {
		s.fail(w, r, http.StatusNotFound, "Game %s has no report of step %s: its steps so far are 0 (the set-up) to %d.", g.ID, v, g.Last.Step)
		return 0, false
	}
	return n, true
}

// logPage is the event log with its hash chain, as the public export
// shows it.
func (s *Server) logPage(w http.ResponseWriter, r *http.Request) {
	sn, sess, ok := s.game(w, r)
	if !ok {
		return
	}
	if sess == nil {
		// The same for every reader not logged in: drawn once per change.
		dp := sn.drawnPage(r.URL.Path, func() *drawnPage { return newDrawnPage(s.draw("log", s.logContent(sn, nil))) })
		if dp.err != nil {
			s.failErr(w, r, dp.err)
			return
		}
		serveDrawn(w, r, dp, sn.modified())
		return
	}
	s.render(w, r, http.StatusOK, "log", s.logContent(sn, sess))
}

// logContent is the log page's content.
func (s *Server) logContent(sn *snapshot, sess *session) page {
	g := sn.game
	type row struct {
		Seq                            int64
		At, Kind, Actor, Payload, Hash string
		Prev                           string
		VoidedBy                       int64 // the rollback that voided the event; 0: none
	}
	pl := adjudicator.Publish(g, sn.evs)
	rows := make([]row, 0, len(pl.Events))
	voided := false
	for _, e := range pl.Events {
		x := row{Seq: e.Seq, At: e.RecordedAt.Format("2006-01-02 15:04:05"), Kind: e.Kind, Actor: e.Actor, Hash: e.Hash, Prev: e.PrevHash, Payload: payloadText(e), VoidedBy: e.VoidedBy}
		if e.Kind == adjudicator.KindPress && (e.Withheld == adjudicator.WithheldUntilOver || e.Withheld == adjudicator.WithheldForGood) {
			x.Actor = "(withheld)" // withheld press names nobody here
		}
		rows = append(rows, x)
		voided = voided || e.VoidedBy != 0
	}
	return page{Title: "Event log of " + g.ID, Game: g.ID, Who: sess.label(),
		Data: struct {
			Note   string
			Events any
			Voided bool
		}{pl.Note, rows, voided}}
}

// payloadText is an event's payload as the log page shows it.
func payloadText(e adjudicator.PublicEvent) string {
	switch {
	case e.Withheld == adjudicator.WithheldWithHash:
		return "(withheld)"
	case e.Withheld != "":
		return "(withheld " + e.Withheld + "; commitment " + shortHash(e.PayloadHash) + ")"
	case e.Kind == adjudicator.KindCreated:
		return "(the campaign: in the export)"
	case e.Kind == adjudicator.KindSeed:
		return "(the seed, revealed: in the export)"
	}
	p := string(e.Payload)
	if len(p) > 240 {
		p = p[:237] + "..."
	}
	return p
}

func shortHash(h string) string {
	if len(h) > 16 {
		return h[:16] + "…"
	}
	return h
}

// auditPage runs the audit of the game's whole log, read afresh from the
// database (not the cached replay: the audit is there to catch a log
// changed behind Taipan's back), and shows its verdict as the public may
// see it.
func (s *Server) auditPage(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r) {
		return
	}
	sn, sess, ok := s.game(w, r)
	if !ok {
		return
	}
	evs, err := s.host.Store.Events(r.Context(), sn.game.ID)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	tamper, err := s.host.Store.Integrity(r.Context())
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	v := adjudicator.AuditLog(s.host.Games, evs, adjudicator.AuditCheck{Tamper: tamper}).Public()
	data := struct {
		OK               bool
		Headline, Detail string
	}{v.Passed(), v.Headline, v.Detail}
	s.render(w, r, http.StatusOK, "audit", page{Title: "Audit of " + sn.game.ID, Game: sn.game.ID, Who: sess.label(), Data: data})
}

// export is the public export, for download.
func (s *Server) export(w http.ResponseWriter, r *http.Request) {
	sn, _, ok := s.game(w, r)
	if !ok {
		return
	}
	evs, err := adjudicator.Public(sn.game, sn.evs)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	// The export is its log's, up to its last event: that event's hash
	// names it (weakly: the same events, as this build withholds them).
	if !s.cfg.private(sn.game.ID) && notModified(w, r, `W/"`+sn.hash+`"`, sn.modified()) {
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.public.jsonl"`, sn.game.ID))
	if err := events.WriteJSONL(w, evs); err != nil {
		s.logf("web: export %s: %v", sn.game.ID, err)
	}
}

// rules is the game's order syntax.
func (s *Server) rules(w http.ResponseWriter, r *http.Request) {
	sn, sess, ok := s.game(w, r)
	if !ok {
		return
	}
	g := sn.game
	s.render(w, r, http.StatusOK, "text", page{Title: "Orders of " + g.Engine.Name(), Game: g.ID, Who: sess.label(),
		Data: textData{Text: g.Engine.Help(), Back: "/games/" + g.ID + "/me"}})
}
