package web

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"taipan/adjudicator"
	"taipan/events"
)

// A player, in headless Chromium, finds a game open for sign-up on the
// front page, follows it to its sign-up page and joins it with a seat
// preference; a second join from the same address is refused with its
// reason, and the page keeps what was typed.
func TestBrowserSignUp(t *testing.T) {
	s := newSite(t, Config{}, Options{})
	c, err := adjudicator.ParseCampaign([]byte("id: club-1\ngame: trader\nseats: 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.host.Open(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	bctx, shot, fail, text := browse(t)
	res, err := chromedp.RunResponse(bctx, chromedp.Navigate(s.http.URL+"/"))
	fail("the front page", err)
	if res.Status != 200 {
		t.Fatalf("the front page: %d", res.Status)
	}
	_, err = chromedp.RunResponse(bctx, chromedp.Click(chromedp.CSS(`a[href="/games/club-1"]`)))
	fail("following the game", err)
	fail("the sign-up page", chromedp.Do(bctx, chromedp.WaitVisible(chromedp.ID("name"))))
	url, err := chromedp.Run(bctx, chromedp.Location())
	fail("the location", err)
	if !strings.HasSuffix(url, "/signup/club-1") || text("phase") != adjudicator.PhaseSignUp {
		t.Fatalf("the game's page leads to %s, phase %q", url, text("phase"))
	}
	shot.take("sign-up")
	join := func(name string) {
		t.Helper()
		fail("typing "+name, chromedp.Do(bctx,
			chromedp.SendKeys(chromedp.ID("name"), name),
			chromedp.SendKeys(chromedp.ID("email"), "ann@club.test"),
			chromedp.SendKeys(chromedp.ID("seats"), "2 1")))
		_, err := chromedp.RunResponse(bctx, chromedp.Submit(chromedp.ID("name")))
		fail("joining as "+name, err)
	}
	join("ann")
	if a := text("answer"); !strings.Contains(a, "You have joined game club-1 as ann") || text("taken") != "1 (ann)" {
		t.Fatalf("the answer: %s; taken %s", a, text("taken"))
	}
	shot.take("joined")
	join("anna")
	if a := text("answer"); !strings.Contains(a, "ann@club.test has already joined game club-1, as ann") {
		t.Fatalf("a second join: %s", a)
	}
	kept, err := chromedp.Run(bctx, chromedp.Value(chromedp.ID("name")))
	fail("reading the form", err)
	if kept != "anna" {
		t.Errorf("the refused form lost what was typed: %q", kept)
	}
	shot.take("refused")
	g, err := s.host.Game(t.Context(), "club-1")
	if err != nil {
		t.Fatal(err)
	}
	if en := g.SignUp.Entrant("ann"); en == nil || en.Via != "web" || !slices.Equal(en.Prefs, []int{2, 1}) || len(g.SignUp.Entrants) != 1 {
		t.Errorf("the sign-up: %+v", g.SignUp.Entrants)
	}
	if !slices.Contains(s.notes.changed, "club-1") {
		t.Errorf("the join was not told to the mail: %v", s.notes.changed)
	}

	// The seats taken, the muster runs: ann confirms on the site with the
	// code of her call to confirm.
	for _, name := range []string{"ben", "cid"} {
		err := s.host.Store.Update(t.Context(), func(tx *events.Tx) error {
			_, err := s.host.JoinTx(t.Context(), tx, adjudicator.JoinRequest{Game: "club-1", Name: name, Email: name + "@club.test"})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err = chromedp.RunResponse(bctx, chromedp.Navigate(s.http.URL+"/signup/club-1"))
	fail("the muster's page", err)
	if w := text("waiting"); w != "ann, ben, cid" {
		t.Fatalf("still to confirm: %q", w)
	}
	confirmAs := func(code string) {
		t.Helper()
		fail("typing the confirmation", chromedp.Do(bctx,
			chromedp.SendKeys(chromedp.ID("confirm-name"), "ann"),
			chromedp.SendKeys(chromedp.ID("code"), code)))
		_, err := chromedp.RunResponse(bctx, chromedp.Click(chromedp.ID("confirm")))
		fail("confirming", err)
	}
	confirmAs("0000000000000000")
	if a := text("answer"); !strings.Contains(a, "field code: wrong code for ann in game club-1") {
		t.Fatalf("a wrong code: %s", a)
	}
	shot.take("wrong code")
	g, _ = s.host.Game(t.Context(), "club-1")
	_, err = chromedp.RunResponse(bctx, chromedp.Navigate(s.http.URL+"/signup/club-1"))
	fail("the muster's page again", err)
	confirmAs(g.ConfirmCode("ann"))
	if a := text("answer"); !strings.Contains(a, "You have confirmed for game club-1, as ann.") || text("waiting") != "ben, cid" {
		t.Fatalf("the confirmation: %s; waiting %s", a, text("waiting"))
	}
	shot.take("confirmed")
}

// Twins: two open games alike but for one player's address and entropy
// commitment show the same sign-up page, but for their ids: neither the
// address nor the commitment is shown.
func TestSignUpPageHidesAddressesAndCommitments(t *testing.T) {
	s := newSite(t, Config{}, Options{})
	for i, who := range []string{"ann@one.test", "ann@two.test"} {
		id := []string{"twin-a", "twin-b"}[i]
		c, err := adjudicator.ParseCampaign([]byte("id: " + id + "\ngame: trader\nseats: 3\n"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.host.Open(t.Context(), c); err != nil {
			t.Fatal(err)
		}
		commitment := strings.Repeat([]string{"ab", "cd"}[i], 32)
		err = s.host.Store.Update(t.Context(), func(tx *events.Tx) error {
			_, err := s.host.JoinTx(t.Context(), tx, adjudicator.JoinRequest{Game: id, Name: "ann", Email: who, Commitment: commitment, Seats: []string{"2"}})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	a := s.get(t, "/signup/twin-a").Body.String()
	b := s.get(t, "/signup/twin-b").Body.String()
	csrf := regexp.MustCompile(`name="csrf" value="[^"]*"`)
	a, b = csrf.ReplaceAllString(a, ""), csrf.ReplaceAllString(b, "")
	if strings.ReplaceAll(a, "twin-a", "twin-b") != b {
		t.Errorf("the twins' sign-up pages differ:\n%s\n---\n%s", a, b)
	}
	if strings.Contains(a, "ann@one.test") || strings.Contains(a, strings.Repeat("ab", 32)) {
		t.Error("the sign-up page shows an address or a commitment")
	}
}

// A player's page of their games lists every seat of theirs on the host,
// under each of their addresses, and their attendance in each; it is
// shown to them alone.
func TestPersonPageListsAPlayersGames(t *testing.T) {
	second := strings.NewReplacer("bourse-1", "bourse-2", "name: bob", "name: bea").Replace(traderCampaign)
	s := newSite(t, Config{}, Options{}, traderCampaign, second)
	b := s.browser()
	b.get("/games/bourse-1/players/alice/games").want(t, http.StatusSeeOther)
	b.login("bourse-1", "alice")
	b.get("/games/bourse-1/players/alice").want(t, http.StatusOK, `href="/games/bourse-1/players/alice/games"`)
	page := b.get("/games/bourse-1/players/alice/games")
	page.want(t, http.StatusOK, `<a href="/games/bourse-1">bourse-1</a></td><td>alice`, `<a href="/games/bourse-2">bourse-2</a></td><td>alice`)
	b.get("/games/bourse-1/players/bob/games").want(t, http.StatusSeeOther)
	// Her attendance across the host: a step of bourse-1 she missed.
	s.playSteps("bourse-1", 1)
	page = b.get("/games/bourse-1/players/alice/games")
	page.want(t, http.StatusOK, `id="attendance"`, `<a href="/games/bourse-1/attendance">bourse-1</a> (running)</td><td>alice@example.test</td><td>alice</td><td>1</td><td>0</td><td>0</td><td>1</td>`)
}

// A player who joined on the site leaves there with the code mailed to
// them; a wrong code changes nothing.
func TestLeaveOnTheSite(t *testing.T) {
	s := newSite(t, Config{}, Options{})
	c, err := adjudicator.ParseCampaign([]byte("id: club-1\ngame: trader\nseats: 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.host.Open(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	b := s.browser()
	b.get("/signup/club-1").want(t, http.StatusOK, "Leave the game")
	b.post("/signup/club-1", url.Values{"name": {"ann"}, "email": {"ann@club.test"}}).want(t, http.StatusOK, "You have joined game club-1 as ann")
	b.post("/signup/club-1/leave", url.Values{"name": {"ann"}, "code": {"0000000000000000"}}).want(t, http.StatusUnauthorized, "field code: wrong code for ann in game club-1")
	g, _ := s.host.Game(t.Context(), "club-1")
	if len(g.SignUp.Entrants) != 1 {
		t.Fatalf("a wrong code changed the sign-up: %+v", g.SignUp.Entrants)
	}
	b.post("/signup/club-1/leave", url.Values{"name": {"ann"}, "code": {g.LeaveCode("ann")}}).want(t, http.StatusOK, "You have left game club-1.")
	if g, _ = s.host.Game(t.Context(), "club-1"); len(g.SignUp.Entrants) != 0 {
		t.Errorf("ann is still signed up: %+v", g.SignUp.Entrants)
	}
}
