package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A player, in headless Chromium, forks a practice game from the step
// their page shows: the button takes them, logged in, to their page of
// the practice game, which says what it is; the token is mailed, never
// shown; the original's log is as it was; the public gets no button. A
// second button forks a fresh set-up of the campaign.
func TestForkButton(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	s.playSteps("bourse-1", 2)
	before, err := s.host.Store.Events(t.Context(), "bourse-1")
	if err != nil {
		t.Fatal(err)
	}
	bctx, shot, fail, text := browse(t)
	follow := shot.follow

	follow("opening the game", chromedp.Navigate(s.http.URL+"/games/bourse-1"))
	buttons, err := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll("#fork-button").length`))
	fail("counting buttons", err)
	if buttons != 0 {
		t.Error("the public page offers a fork")
	}
	follow("the login page", chromedp.Navigate(s.http.URL+"/games/bourse-1/login"))
	fail("typing the login", chromedp.Do(bctx,
		chromedp.SendKeys(chromedp.ID("player"), "bob"),
		chromedp.SendKeys(chromedp.ID("token"), s.tokens["bourse-1"]["bob"])))
	follow("logging in", chromedp.Submit(chromedp.ID("token")))
	follow("bob's page at step 1", chromedp.Navigate(s.http.URL+"/games/bourse-1/players/bob/steps/1"))
	if b := text("fork-button"); !strings.Contains(b, "Fork a practice game from step 1") {
		t.Fatalf("the fork button reads %q", b)
	}
	shot.take("bob at step 1")
	follow("forking", chromedp.Click(chromedp.ID("fork-button")))
	fail("the practice game's page", chromedp.Do(bctx, chromedp.WaitVisible(chromedp.ID("practice"))))
	if p := text("practice"); !strings.Contains(p, "Practice game of bob, forked from game bourse-1 at step 1") {
		t.Errorf("the practice game says %q", p)
	}
	url, err := chromedp.Run(bctx, chromedp.Location())
	fail("reading the address", err)
	if !strings.HasSuffix(url, "/games/bourse-1-practice-bob/players/bob") {
		t.Errorf("the fork lands on %s", url)
	}
	if p := text("players"); p != "alice (bot), bob" {
		t.Errorf("the practice game's players read %q", p)
	}
	if r := text("report"); !strings.Contains(r, "For bob") {
		t.Errorf("the practice game's report:\n%s", r)
	}
	shot.take("practice game")
	if s.notes.tokens["bob"] == "" {
		t.Error("the practice game's token was not mailed")
	}
	page, err := chromedp.Run(bctx, chromedp.OuterHTML("html"))
	fail("reading the page", err)
	if strings.Contains(page, s.notes.tokens["bob"]) {
		t.Error("the page shows the practice game's token")
	}
	after, err := s.host.Store.Events(t.Context(), "bourse-1")
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) || after[len(after)-1].Hash != before[len(before)-1].Hash {
		t.Errorf("the fork changed the original's log: %d events, then %d", len(before), len(after))
	}
	g, err := s.host.Game(t.Context(), "bourse-1-practice-bob")
	if err != nil {
		t.Fatal(err)
	}
	if pl := g.Player("alice"); pl == nil || !pl.Bot {
		t.Errorf("alice's seat in the practice game: %+v", pl)
	}

	// From bob's page of the original again: a fresh set-up.
	follow("bob's page now", chromedp.Navigate(s.http.URL+"/games/bourse-1/players/bob"))
	follow("forking a fresh set-up", chromedp.Click(chromedp.ID("fork-fresh")))
	fail("the second practice game's page", chromedp.Do(bctx, chromedp.WaitVisible(chromedp.ID("practice"))))
	if p := text("practice"); !strings.Contains(p, "Practice game of bob, forked from a fresh set-up of game bourse-1's campaign") {
		t.Errorf("the fresh practice game says %q", p)
	}
	shot.take("fresh practice game")
}
