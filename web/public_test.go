package web

import (
	"context"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/events"
)

// A second game, private to its players.
const privateCampaign = `id: club-1
game: trader
players: [{name: ann, email: ann@example.test}, {name: ben, email: ben@example.test}]
`

// playSteps closes n steps of game by the GM, with the defaults.
func (s *site) playSteps(game string, n int) {
	s.t.Helper()
	for range n {
		if _, _, err := s.host.Close(context.Background(), game, adjudicator.ReasonGM); err != nil {
			s.t.Fatal(err)
		}
		s.clock.add(1)
	}
}

// The front page lists the public games, and only them; a game's page
// shows its status, who is awaited, and the latest public report; every
// past step has its page; the slider goes to a step's page.
func TestPublicPages(t *testing.T) {
	s := newSite(t, Config{Private: []string{"club-*"}}, Options{}, traderCampaign, privateCampaign)
	s.playSteps("bourse-1", 2)
	b := s.browser()

	list := b.get("/")
	list.want(t, http.StatusOK, `<a href="/games/bourse-1">bourse-1</a>`, "trader/2")
	list.lacks(t, "club-1")

	game := b.get("/games/bourse-1")
	game.want(t, http.StatusOK, `<dd id="awaiting">alice</dd>`, "Step</dt><dd id=\"step\">3:", "Public report for observers",
		"Now, after step 2", `href="/games/bourse-1/steps/1"`, `max="2"`, "Log in")
	game.lacks(t, "money: 1", "Game master") // nobody's money, not the GM's report

	step := b.get("/games/bourse-1/steps/1")
	step.want(t, http.StatusOK, "Taipan report: bourse-1 (trader), step 1", `id="prev" href="/games/bourse-1/steps/0"`, `id="next" href="/games/bourse-1/steps/2"`)
	b.get("/games/bourse-1/steps/0").want(t, http.StatusOK, "The set-up", "set-up", "The game has been set up.")
	b.get("/games/bourse-1/steps/3").want(t, http.StatusNotFound, "no report of step 3")
	b.get("/games/bourse-1/steps/01").want(t, http.StatusNotFound)
	b.get("/games/bourse-1/steps/x").want(t, http.StatusNotFound)

	slide := b.get("/games/bourse-1/steps?step=1")
	if slide.status != http.StatusSeeOther || slide.header.Get("Location") != "/games/bourse-1/steps/1" {
		t.Errorf("the slider: %d %q", slide.status, slide.header.Get("Location"))
	}
	b.get("/games/bourse-1/steps?step=-1").want(t, http.StatusBadRequest)

	b.get("/games/nope").want(t, http.StatusNotFound, "no game")
	b.get("/games/NOPE").want(t, http.StatusNotFound)
	b.get("/games/bourse-1/rules").want(t, http.StatusOK, "Trader orders")
	b.get("/nowhere").want(t, http.StatusNotFound)

	// A private game is not there for the public, on any page.
	for _, p := range []string{"", "/steps/0", "/log", "/audit", "/export.jsonl", "/rules"} {
		b.get("/games/club-1"+p).want(t, http.StatusNotFound, "There is no game")
	}
	// Its players see it once logged in.
	ann := s.browser()
	ann.login("club-1", "ann")
	ann.get("/games/club-1").want(t, http.StatusOK, "Public report")
	ann.get("/games/club-1/log").want(t, http.StatusOK)
}

// Every response carries the security headers; the site has no script.
func TestSecurityHeaders(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	b := s.browser()
	for _, p := range []string{"/", "/games/bourse-1", "/games/bourse-1/log", "/games/bourse-1/login", "/games/nope", "/static/style.css", "/games/bourse-1/export.jsonl"} {
		res := b.get(p)
		for h, want := range map[string]string{
			"Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
			"X-Frame-Options":         "DENY",
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "no-referrer",
		} {
			if got := res.header.Get(h); got != want {
				t.Errorf("%s: %s is %q, want %q", p, h, got, want)
			}
		}
		if strings.Contains(res.body, "<script") {
			t.Errorf("%s holds a script", p)
		}
	}
	// The CSRF cookie is HttpOnly and SameSite; Secure once the site is
	// reached over HTTPS.
	res := s.browser().get("/games/bourse-1/login")
	if c := res.header.Get("Set-Cookie"); !strings.Contains(c, "HttpOnly") || !strings.Contains(c, "SameSite=Strict") || strings.Contains(c, "Secure") {
		t.Errorf("CSRF cookie %q", c)
	}
	tls := newSite(t, Config{BaseURL: "https://games.example.test"}, Options{}, traderCampaign)
	if c := tls.browser().get("/games/bourse-1/login").header.Get("Set-Cookie"); !strings.Contains(c, "; Secure") {
		t.Errorf("CSRF cookie over HTTPS %q", c)
	}
}

// The event log shows the hash chain and withholds what a public export
// withholds; the audit passes; the export downloads, verifies, and
// withholds the orders.
func TestLogAuditExport(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	alice := s.browser()
	alice.login("bourse-1", "alice")
	alice.post("/games/bourse-1/orders", url.Values{"file": {"orders:\n  - buy: Berlin\n"}, "step": {"1"}, "do": {"submit"}}).want(t, http.StatusOK)
	evs, _ := s.host.Store.Events(context.Background(), "bourse-1")
	b := s.browser()
	logp := b.get("/games/bourse-1/log")
	logp.want(t, http.StatusOK, evs[len(evs)-1].Hash, evs[2].Hash, "withheld until the game is over", "game-created", "step-closed", "Run the audit")
	logp.lacks(t, "Berlin", "alice@example.test", `"buy"`)

	b.get("/games/bourse-1/audit").want(t, http.StatusOK, "Audit passed", "hash chain intact", "1 step digest reproduced by trader/2", evs[len(evs)-1].Hash)

	exp := b.get("/games/bourse-1/export.jsonl")
	exp.want(t, http.StatusOK)
	if ct, cd := exp.header.Get("Content-Type"), exp.header.Get("Content-Disposition"); ct != "application/x-ndjson" || !strings.Contains(cd, `attachment; filename="bourse-1.public.jsonl"`) {
		t.Errorf("export headers %q %q", ct, cd)
	}
	got, err := events.ReadJSONL(strings.NewReader(exp.body))
	if err != nil || len(got) != len(evs) {
		t.Fatalf("export: %d events, %v", len(got), err)
	}
	if err := events.Verify(got); err != nil {
		t.Errorf("the export's chain: %v", err)
	}
	exp.lacks(t, "Berlin", "alice@example.test")

	// A log changed behind Taipan's back fails the audit, which reads the
	// database afresh.
	db := s.host.Store.DB()
	if _, err := db.Exec(`DROP TRIGGER events_no_update`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE events SET actor = 'bob' WHERE game_id = 'bourse-1' AND seq = 3`); err != nil {
		t.Fatal(err)
	}
	res := b.get("/games/bourse-1/audit")
	res.want(t, http.StatusOK, "Audit failed", "event bourse-1#3 orders by bob: hash does not match")
}

// A running game in log format 1 has no public export, and its log page
// shows neither payloads nor hashes; the page says why.
func TestFormat1Game(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	evs := s.importLog(filepath.Join("..", "testdata", "compat", "format1", "fx-trader-2p.jsonl"))
	b := s.browser()
	b.get("/games/fx-trader-2p").want(t, http.StatusOK, "given once the game is over: it is written in log format 1")
	b.get("/games/fx-trader-2p/export.jsonl").want(t, http.StatusConflict, "log format 1")
	logp := b.get("/games/fx-trader-2p/log")
	logp.want(t, http.StatusOK, "log format 1", "(withheld)")
	for _, e := range evs[1:] {
		logp.lacks(t, e.Hash)
	}
	audit := b.get("/games/fx-trader-2p/audit")
	audit.want(t, http.StatusOK, "Audit passed")
	audit.lacks(t, evs[len(evs)-1].Hash)
}
