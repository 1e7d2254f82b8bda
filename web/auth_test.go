package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/events"
)

// issue makes a login link as the mail gateway would.
func (s *site) issue(game, player string) string {
	s.t.Helper()
	var link string
	err := s.host.Store.Update(context.Background(), func(tx *events.Tx) error {
		var err error
		link, err = s.srv.IssueLink(context.Background(), tx, game, player)
		return err
	})
	if err != nil {
		s.t.Fatal(err)
	}
	return link
}

// pathOf is a link's path on the test server.
func (s *site) pathOf(link string) string {
	u, err := url.Parse(link)
	if err != nil {
		s.t.Fatal(err)
	}
	return u.Path
}

// A token logs a player in: the session cookie is HttpOnly, SameSite and
// scoped to the game; a wrong token, or an unknown player, is refused
// without saying which was wrong; /me takes each reader to their page.
func TestLoginWithToken(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	b := s.browser()
	b.get("/games/bourse-1/login").want(t, http.StatusOK, `name="token" type="password"`)
	for _, form := range []url.Values{
		{"player": {"alice"}, "token": {s.tokens["bourse-1"]["bob"]}},
		{"player": {"alice"}, "token": {""}},
		{"player": {"zed"}, "token": {s.tokens["bourse-1"]["alice"]}},
		{"player": {"gm"}, "token": {s.tokens["bourse-1"]["alice"]}},
	} {
		res := b.post("/games/bourse-1/login", form)
		res.want(t, http.StatusUnauthorized, "wrong player or token")
		res.lacks(t, s.tokens["bourse-1"]["alice"], s.tokens["bourse-1"]["bob"])
	}
	b.get("/games/bourse-1/players/alice").want(t, http.StatusUnauthorized, "Log in to see this page")

	res := b.post("/games/bourse-1/login", url.Values{"player": {"Alice"}, "token": {s.tokens["bourse-1"]["alice"]}})
	if res.status != http.StatusSeeOther || res.header.Get("Location") != "/games/bourse-1/me" {
		t.Fatalf("login: %d %q", res.status, res.header.Get("Location"))
	}
	c := res.header.Get("Set-Cookie")
	for _, want := range []string{sessionCookie + "=", "Path=/games/bourse-1", "HttpOnly", "SameSite=Lax", "Max-Age=1209600"} {
		if !strings.Contains(c, want) {
			t.Errorf("session cookie %q lacks %q", c, want)
		}
	}
	if me := b.get("/games/bourse-1/me"); me.header.Get("Location") != "/games/bourse-1/players/alice" {
		t.Errorf("/me goes to %q", me.header.Get("Location"))
	}
	page := b.get("/games/bourse-1/players/alice")
	page.want(t, http.StatusOK, "For alice", "Your orders are due", "Log out")
	if page.header.Get("Cache-Control") != "no-store" {
		t.Errorf("a private page may be cached: %q", page.header.Get("Cache-Control"))
	}
	gm := s.browser()
	gm.login("bourse-1", "")
	if me := gm.get("/games/bourse-1/me"); me.header.Get("Location") != "/games/bourse-1/gm" {
		t.Errorf("the GM's /me goes to %q", me.header.Get("Location"))
	}
	if me := s.browser().get("/games/bourse-1/me"); me.header.Get("Location") != "/games/bourse-1/login" {
		t.Errorf("a stranger's /me goes to %q", me.header.Get("Location"))
	}

	// Logging out ends the session in the database, not only the cookie.
	cookie := strings.TrimPrefix(strings.Split(c, ";")[0], sessionCookie+"=")
	b.post("/games/bourse-1/logout", url.Values{}).want(t, http.StatusSeeOther)
	b.get("/games/bourse-1/players/alice").want(t, http.StatusUnauthorized)
	replay := s.browser()
	u, _ := url.Parse(s.http.URL + "/games/bourse-1")
	replay.c.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: cookie, Path: "/games/bourse-1"}})
	replay.get("/games/bourse-1/players/alice").want(t, http.StatusUnauthorized)
}

// A mailed link is opened without being used (a mail filter that follows
// it spends nothing), logs in once through its button, and expires; a new
// token voids it; its code never reaches the log.
func TestLoginLink(t *testing.T) {
	s := newSite(t, Config{BaseURL: "https://games.example.test/"}, Options{}, traderCampaign)
	link := s.issue("bourse-1", "alice")
	if !strings.HasPrefix(link, "https://games.example.test/games/bourse-1/login/") {
		t.Fatalf("link %q", link)
	}
	path := s.pathOf(link)
	code := path[strings.LastIndex(path, "/")+1:]
	if len(code) < 43 {
		t.Errorf("a short code %q", code)
	}
	b := s.browser()
	for range 2 {
		res := b.get(path)
		res.want(t, http.StatusOK, "as <strong>alice</strong>", `id="use-link"`)
		if res.header.Get("Cache-Control") != "no-store" {
			t.Error("the link page may be cached")
		}
	}
	// A link of one game is no link of another.
	b.post("/games/other/link", url.Values{"code": {code}}).want(t, http.StatusGone)
	res := b.post("/games/bourse-1/link", url.Values{"code": {code}})
	if res.status != http.StatusSeeOther {
		t.Fatalf("using the link: %d\n%s", res.status, res.body)
	}
	b.get("/games/bourse-1/players/alice").want(t, http.StatusOK, "For alice")
	// Once only.
	s.browser().get(path).want(t, http.StatusGone, "has been used already")
	s.browser().post("/games/bourse-1/link", url.Values{"code": {code}}).want(t, http.StatusGone)

	// Expired.
	old := s.issue("bourse-1", "bob")
	s.clock.add(DefaultLinkTTL + time.Minute)
	s.browser().get(s.pathOf(old)).want(t, http.StatusGone)
	s.browser().post("/games/bourse-1/link", url.Values{"code": {strings.TrimPrefix(s.pathOf(old), "/games/bourse-1/login/")}}).want(t, http.StatusGone)

	// A new token voids the links and sessions made from the old one.
	fresh := s.issue("bourse-1", "bob")
	bob := s.browser()
	bob.login("bourse-1", "bob")
	if _, err := s.host.GM(context.Background(), "bourse-1", adjudicator.GMAction{Action: "token", Args: []string{"bob"}, Reason: "leaked"}); err != nil {
		t.Fatal(err)
	}
	s.browser().get(s.pathOf(fresh)).want(t, http.StatusGone)
	bob.get("/games/bourse-1/players/bob").want(t, http.StatusUnauthorized)

	// The GM has links too.
	gmLink := s.issue("bourse-1", "")
	gm := s.browser()
	gm.get(s.pathOf(gmLink)).want(t, http.StatusOK, "as <strong>the GM</strong>")
	gm.post("/games/bourse-1/link", url.Values{"code": {strings.TrimPrefix(s.pathOf(gmLink), "/games/bourse-1/login/")}}).want(t, http.StatusSeeOther)
	gm.get("/games/bourse-1/gm").want(t, http.StatusOK, "Game master&#39;s full report")

	logs := s.logs.String()
	if !strings.Contains(logs, "/games/bourse-1/login/(code)") {
		t.Errorf("the log does not show the link's visits:\n%s", logs)
	}
	for _, secret := range []string{code, s.tokens["bourse-1"]["alice"], s.tokens["bourse-1"]["bob"]} {
		if strings.Contains(logs, secret) {
			t.Errorf("the log holds a secret:\n%s", logs)
		}
	}
	if _, err := IssueLink(context.Background(), nil, Config{Listen: "nowhere"}, "bourse-1", "alice", time.Now()); err == nil {
		t.Error("a link with a bad config")
	}
}

// Sessions are per player and per game: alice's may not read bob's page
// or the GM's, nor act as the GM; a session of one game is nothing in
// another; an expired session is nothing.
func TestSessionsAreTheirPlayers(t *testing.T) {
	second := strings.Replace(traderCampaign, "id: bourse-1", "id: bourse-2", 1)
	s := newSite(t, Config{}, Options{}, traderCampaign, second)
	alice := s.browser()
	alice.login("bourse-1", "alice")
	alice.get("/games/bourse-1/players/bob").want(t, http.StatusForbidden, "this page is bob&#39;s")
	alice.get("/games/bourse-1/players/bob/steps/0").want(t, http.StatusForbidden)
	alice.get("/games/bourse-1/gm").want(t, http.StatusForbidden, "this page is the GM&#39;s")
	alice.get("/games/bourse-1/gm/preview").want(t, http.StatusForbidden)
	alice.post("/games/bourse-1/gm", url.Values{"action": {"close"}, "reason": {"hurry"}}).want(t, http.StatusForbidden, "Only the GM")
	alice.get("/games/bourse-2/players/alice").want(t, http.StatusUnauthorized)
	alice.get("/games/bourse-1/players/zed").want(t, http.StatusNotFound)

	// Even with the cookie sent to another game's pages, it is not a
	// session there.
	u, _ := url.Parse(s.http.URL + "/games/bourse-1")
	var cookie string
	for _, c := range alice.c.Jar.Cookies(u) {
		if c.Name == sessionCookie {
			cookie = c.Value
		}
	}
	thief := s.browser()
	u2, _ := url.Parse(s.http.URL + "/games/bourse-2")
	thief.c.Jar.SetCookies(u2, []*http.Cookie{{Name: sessionCookie, Value: cookie, Path: "/games/bourse-2"}})
	thief.get("/games/bourse-2/players/alice").want(t, http.StatusUnauthorized)

	// The GM reads every player's page.
	gm := s.browser()
	gm.login("bourse-1", "")
	gm.get("/games/bourse-1/players/bob").want(t, http.StatusOK, "For bob")
	gm.get("/games/bourse-1/gm").want(t, http.StatusOK, "Game master")

	s.clock.add(DefaultSessionTTL + time.Minute)
	alice.get("/games/bourse-1/players/alice").want(t, http.StatusUnauthorized)
}

// Every form is refused without the browser's CSRF token, and changes
// nothing.
func TestCSRF(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	alice := s.browser()
	alice.login("bourse-1", "alice")
	gm := s.browser()
	gm.login("bourse-1", "")
	before := s.eventCount("bourse-1")
	link := s.issue("bourse-1", "bob")
	code := strings.TrimPrefix(s.pathOf(link), "/games/bourse-1/login/")
	for _, c := range []struct {
		b    *browser
		path string
		form url.Values
	}{
		{alice, "/games/bourse-1/orders", url.Values{"file": {"orders: [buy: Berlin]"}, "step": {"1"}, "do": {"submit"}}},
		{gm, "/games/bourse-1/gm", url.Values{"action": {"close"}, "reason": {"hurry"}}},
		{alice, "/games/bourse-1/logout", url.Values{}},
		{s.browser(), "/games/bourse-1/login", url.Values{"player": {"alice"}, "token": {s.tokens["bourse-1"]["alice"]}}},
		{s.browser(), "/games/bourse-1/link", url.Values{"code": {code}}},
	} {
		for _, token := range []string{"", "forged-forged-forged-forged-forged-forged"} {
			form := url.Values{}
			for k, v := range c.form {
				form[k] = v
			}
			form.Set(csrfField, token)
			c.b.post(c.path, form).want(t, http.StatusForbidden, "security token")
		}
	}
	// A browser without the cookie at all.
	bare := &browser{s: s, c: &http.Client{}}
	bare.post("/games/bourse-1/login", url.Values{csrfField: {"x"}, "player": {"alice"}, "token": {s.tokens["bourse-1"]["alice"]}}).want(t, http.StatusForbidden)
	// A cross-site form (the browser says so) is refused before anything.
	req, _ := http.NewRequest(http.MethodPost, s.http.URL+"/games/bourse-1/orders", strings.NewReader(url.Values{csrfField: {alice.csrf()}, "file": {"orders: [buy: Berlin]"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if res := alice.do(req); res.status != http.StatusForbidden {
		t.Errorf("a cross-site post: %d", res.status)
	}
	if n := s.eventCount("bourse-1"); n != before {
		t.Errorf("%d events written by refused forms", n-before)
	}
	alice.get("/games/bourse-1/players/alice").want(t, http.StatusOK) // still logged in
	s.browser().get(s.pathOf(link)).want(t, http.StatusOK)            // the link unspent
}

// Logins, orders, GM actions and audits are limited per address; the
// pages people read are not.
func TestRateLimit(t *testing.T) {
	s := newSite(t, Config{Rate: Rate{PerMinute: 1, Burst: 3}, ClientIPHeader: "X-Forwarded-For"}, Options{}, traderCampaign)
	b := s.browser()
	post := func(addr string) response {
		req, _ := http.NewRequest(http.MethodPost, s.http.URL+"/games/bourse-1/login",
			strings.NewReader(url.Values{csrfField: {b.csrf()}, "player": {"alice"}, "token": {"wrong"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", "198.51.100.7, "+addr)
		return b.do(req)
	}
	for range 3 {
		post("203.0.113.1").want(t, http.StatusUnauthorized)
	}
	res := post("203.0.113.1")
	res.want(t, http.StatusTooManyRequests, "Too many requests")
	if res.header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	post("203.0.113.2").want(t, http.StatusUnauthorized) // another address has its own bucket
	audit := func() response {
		req, _ := http.NewRequest(http.MethodGet, s.http.URL+"/games/bourse-1/audit", nil)
		req.Header.Set("X-Forwarded-For", "203.0.113.3")
		return b.do(req)
	}
	for range 3 {
		audit().want(t, http.StatusOK, "Audit passed")
	}
	audit().want(t, http.StatusTooManyRequests)
	for range 5 {
		b.get("/games/bourse-1").want(t, http.StatusOK)
	}
}
