package web

import (
	"bytes"
	"context"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/oldshanghai"
	"taipan/adjudicator/sackson"
	"taipan/adjudicator/shanghaitrader"
	"taipan/adjudicator/singapore"
	"taipan/adjudicator/trader"
	"taipan/events"
	"taipan/events/pgtest"
)

// games is the registry of every game, as the command line has it.
func games() *adjudicator.Registry {
	return adjudicator.NewRegistry(trader.New(), sackson.New(), singapore.New(), oldshanghai.New(), shanghaitrader.New())
}

// testClock is a settable clock shared by the Host and the site.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// site is a real database, a real Host and the site over them, served
// by an httptest server.
type site struct {
	t      testing.TB
	host   *adjudicator.Host
	srv    *Server
	http   *httptest.Server
	clock  *testClock
	tokens map[string]map[string]string // game → player ("" the GM) → token
	notes  *notes
	logs   *bytes.Buffer
}

// notes is a Notifier (and TokenMailer) that records what it was asked
// to mail.
type notes struct {
	mu      sync.Mutex
	acks    []string
	changed []string
	tokens  map[string]string
}

func (n *notes) Acknowledged(_ context.Context, _ *events.Tx, r *adjudicator.Receipt, text string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.acks = append(n.acks, r.Player+": "+text)
	return nil
}

func (n *notes) Changed(_ context.Context, _ *events.Tx, g *adjudicator.Game) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.changed = append(n.changed, g.ID)
	return nil
}

func (n *notes) MailToken(_ context.Context, _ *events.Tx, g *adjudicator.Game, player, token string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.tokens == nil {
		n.tokens = map[string]string{}
	}
	n.tokens[player] = token
	return nil
}

// A two-player Trader game with a fixed deal: alice moves first.
const traderCampaign = `id: bourse-1
game: trader
players:
  - {name: alice, email: alice@example.test}
  - {name: bob, email: bob@example.test}
gm: gm@example.test
deadline: 72h
seed: "0000000000000000000000000000000000000000000000000000000000000001"
setup: {first: alice, columns: {Paris: [red 6, red 2], Berlin: [blue 2, blue 5], London: [blue 3, green 4], Rome: [red 5, yellow 3], Brussels: [green 2, black 6]}, rest_sold: true}
`

// newSite opens a database, creates the campaigns and starts the site.
func newSite(t testing.TB, cfg Config, opt Options, campaigns ...string) *site {
	t.Helper()
	return newSiteOn(t, filepath.Join(t.TempDir(), "t.db"), cfg, opt, campaigns...)
}

// stores are the stores a test runs on: each gives a new, empty one's
// target for newSiteOn (a PostgreSQL database of the test binary's
// cluster: pgtest).
var stores = map[string]func(t *testing.T) string{
	"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "t.db") },
	"postgres": func(t *testing.T) string { return pgtest.Get(t).NewDatabase(t) },
}

// newSiteOn is newSite on the store at target: an SQLite file or a
// PostgreSQL database's URL.
func newSiteOn(t testing.TB, target string, cfg Config, opt Options, campaigns ...string) *site {
	t.Helper()
	st, err := events.Open(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	st.Entropy = rand.NewChaCha8([32]byte{7})
	clock := &testClock{t: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	h := &adjudicator.Host{Store: st, Games: games(), Now: clock.now}
	s := &site{t: t, host: h, clock: clock, tokens: map[string]map[string]string{}, notes: &notes{}, logs: &bytes.Buffer{}}
	for _, c := range campaigns {
		camp, err := adjudicator.ParseCampaign([]byte(c))
		if err != nil {
			t.Fatal(err)
		}
		ng, err := h.Create(context.Background(), camp)
		if err != nil {
			t.Fatal(err)
		}
		s.tokens[camp.ID] = ng.Tokens
	}
	if opt.Notifier == nil {
		opt.Notifier = s.notes
	}
	if opt.Log == nil {
		opt.Log = log.New(&lockedWriter{w: s.logs}, "", 0)
	}
	opt.Now = clock.now
	if cfg.Rate == (Rate{}) {
		// All tests' requests come from one address.
		cfg.Rate = Rate{PerMinute: 60000, Burst: 10000}
	}
	if s.srv, err = New(cfg, h, opt); err != nil {
		t.Fatal(err)
	}
	s.http = httptest.NewServer(s.srv.Handler())
	t.Cleanup(s.http.Close)
	return s
}

// lockedWriter lets the handlers of several requests log at once.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// browser is one visitor: a cookie jar.
type browser struct {
	s *site
	c *http.Client
}

func (s *site) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{s: s, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// response is what a request got.
type response struct {
	status int
	header http.Header
	body   string
}

func (b *browser) do(req *http.Request) response {
	b.s.t.Helper()
	res, err := b.c.Do(req)
	if err != nil {
		b.s.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return response{res.StatusCode, res.Header, string(body)}
}

func (b *browser) get(path string) response {
	b.s.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, b.s.http.URL+path, nil)
	return b.do(req)
}

// csrf is the browser's CSRF token, fetching a page first if it has none.
func (b *browser) csrf() string {
	u, _ := url.Parse(b.s.http.URL + "/")
	for _, c := range b.c.Jar.Cookies(u) {
		if c.Name == csrfCookie {
			return c.Value
		}
	}
	b.get("/games/none/login") // any page with a form sets it; public pages set none
	for _, c := range b.c.Jar.Cookies(u) {
		if c.Name == csrfCookie {
			return c.Value
		}
	}
	b.s.t.Fatal("no CSRF cookie")
	return ""
}

// post sends a form with the browser's CSRF token (unless the form gives
// one).
func (b *browser) post(path string, form url.Values) response {
	b.s.t.Helper()
	if _, ok := form[csrfField]; !ok {
		form.Set(csrfField, b.csrf())
	}
	req, _ := http.NewRequest(http.MethodPost, b.s.http.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.do(req)
}

// login logs the browser in to game with player's token ("" the GM).
func (b *browser) login(game, player string) {
	b.s.t.Helper()
	name := player
	if name == "" {
		name = "gm"
	}
	res := b.post("/games/"+game+"/login", url.Values{"player": {name}, "token": {b.s.tokens[game][player]}})
	if res.status != http.StatusSeeOther {
		b.s.t.Fatalf("login as %s: %d\n%s", name, res.status, res.body)
	}
}

// want fails unless the response has the status and holds every text.
func (r response) want(t testing.TB, status int, texts ...string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d:\n%s", r.status, status, r.body)
	}
	for _, x := range texts {
		if !strings.Contains(r.body, x) {
			t.Fatalf("the page lacks %q:\n%s", x, r.body)
		}
	}
}

// lacks fails if the response holds any of the texts.
func (r response) lacks(t testing.TB, texts ...string) {
	t.Helper()
	for _, x := range texts {
		if strings.Contains(r.body, x) {
			t.Fatalf("the page shows %q:\n%s", x, r.body)
		}
	}
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// eventCount is the number of events of game.
func (s *site) eventCount(game string) int {
	evs, err := s.host.Store.Events(context.Background(), game)
	if err != nil {
		s.t.Fatal(err)
	}
	return len(evs)
}
