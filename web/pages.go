package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"time"

	"taipan/adjudicator"
)

//go:embed templates/*.html
var templateFiles embed.FS

//go:embed static
var staticFiles embed.FS

// pages are the site's HTML templates, one set per page, each with the
// shared layout.
type pages struct {
	t map[string]*template.Template
}

func parsePages() (*pages, error) {
	names, err := fs.Glob(templateFiles, "templates/*.html")
	if err != nil {
		return nil, err
	}
	p := &pages{t: map[string]*template.Template{}}
	for _, n := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")
		if name == "layout" {
			continue
		}
		t, err := template.New(name).ParseFS(templateFiles, "templates/layout.html", n)
		if err != nil {
			return nil, fmt.Errorf("web: page %s: %w", name, err)
		}
		p.t[name] = t
	}
	return p, nil
}

// page is what every page's layout needs.
type page struct {
	Site  string
	Title string
	Game  string // the game the page is about, if any
	Who   string // the logged-in reader of that game, if any
	CSRF  string
	Data  any
}

// answer is the box at the top of a page after a form: the
// acknowledgement, or the refusal.
type answer struct {
	Class string // ok or refused
	Head  string
	Text  string
}

// statusData is the status block of a game.
type statusData struct {
	Engine, Version, Players string
	Finished                 bool
	LastStep                 int
	Result                   string
	Step                     int
	Phase                    string
	Awaiting                 string
	Deadline                 string
}

func statusOf(g *adjudicator.Game) statusData {
	st := statusData{Engine: g.Engine.Name(), Version: g.Engine.Version(), Players: strings.Join(seatNames(g), ", "),
		Finished: g.Status.Finished, LastStep: g.Last.Step, Step: g.Step, Phase: g.Status.Phase, Awaiting: strings.Join(g.Awaiting(), ", ")}
	if g.Status.Finished {
		switch w := g.Status.Winners; len(w) {
		case 0:
			st.Result = "Nobody won."
		case 1:
			st.Result = "Winner: " + w[0] + "."
		default:
			st.Result = "Shared win: " + strings.Join(w, " and ") + "."
		}
	}
	st.Deadline = deadlineText(g)
	return st
}

// seatNames are the players in seat order, each seat the game's bot
// plays marked so: "bob (bot)".
func seatNames(g *adjudicator.Game) []string {
	names := g.Names()
	for i, p := range g.Players {
		if !g.Status.Finished && g.PlayedByBot(p.Name) {
			names[i] += " (bot)"
		}
	}
	return names
}

// deadlineText is the open step's deadline in words.
func deadlineText(g *adjudicator.Game) string {
	switch {
	case g.Paused:
		return "none while the GM has paused the game"
	case g.Deadline.IsZero():
		return "none"
	case g.Grace > 0:
		return adjudicator.FormatTime(g.Deadline) + " (late orders taken until " + adjudicator.FormatTime(g.Deadline.Add(g.Grace)) + ")"
	}
	return adjudicator.FormatTime(g.Deadline)
}

// stepNav is the step navigation: links to the previous and next steps,
// and a slider over all of them, below base (a game's or a reader's pages).
type stepNav struct {
	Base       string
	Prev, Next int // -1: none
	Current    int
	Last       int
	Latest     string
	ShowLatest bool
}

// navFor is the navigation of the report of step cur (-1: now) of a game
// whose last closed step is last.
func navFor(base string, cur, last int) stepNav {
	n := stepNav{Base: base, Prev: -1, Next: -1, Current: cur, Last: last, Latest: base, ShowLatest: cur >= 0}
	if cur < 0 {
		n.Current = last
	}
	if n.Current > 0 {
		n.Prev = n.Current - 1
	}
	if cur >= 0 && cur < last {
		n.Next = cur + 1
	}
	return n
}

// render writes a page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, p page) {
	if p.CSRF == "" {
		p.CSRF = s.csrfToken(w, r)
	}
	b, err := s.draw(name, p)
	if err != nil {
		s.logf("web: %v", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(b)
}

// draw makes a page's HTML. A page drawn without a CSRF token is the same
// for every reader (a public page, which carries no form that changes
// anything), so that it can be kept and served to all.
func (s *Server) draw(name string, p page) ([]byte, error) {
	p.Site = s.cfg.Title
	var b bytes.Buffer
	if err := s.pages.t[name].ExecuteTemplate(&b, "layout", p); err != nil {
		return nil, fmt.Errorf("page %s: %w", name, err)
	}
	return b.Bytes(), nil
}

// fail writes an error page.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, format string, args ...any) {
	title := http.StatusText(status)
	s.render(w, r, status, "text", page{Title: title, Data: textData{Answer: &answer{Class: "refused", Head: title, Text: fmt.Sprintf(format, args...)}, Back: "/"}})
}

// failErr writes the error page an error from the Host deserves.
func (s *Server) failErr(w http.ResponseWriter, r *http.Request, err error) {
	status := httpStatus(err)
	if status != http.StatusInternalServerError {
		s.fail(w, r, status, "%s", err.Error())
		return
	}
	s.logf("web: %s %s: %v", r.Method, logPath(r), err)
	s.fail(w, r, status, "The game could not be read: %s", oneLine(err.Error()))
}

type textData struct {
	Answer *answer
	Text   string
	Back   string
}

// oneLine folds a message onto one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func itoa(n int) string { return strconv.Itoa(n) }

// headers sets the security headers of every response.
func (s *Server) headers(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
	if r.TLS != nil {
		h.Set("Strict-Transport-Security", "max-age=31536000")
	}
}

// logPath is r's path as the log may hold it: a login link's code is
// left out.
func logPath(r *http.Request) string {
	p := r.URL.Path
	if i := strings.Index(p, "/login/"); i >= 0 {
		p = p[:i] + "/login/(code)"
	}
	return p
}

// statusWriter remembers the status of a response, for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// logged logs each request: method, path (without a link's code, without
// the query), status and time. Form values and cookies are never logged.
func (s *Server) logged(next http.Handler) http.Handler {
	if s.opt.Log == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		s.logf("web: %s %s %d %s", r.Method, logPath(r), sw.status, time.Since(start).Round(time.Microsecond))
	})
}
