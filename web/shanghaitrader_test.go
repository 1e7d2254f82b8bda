package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// stCampaign is a Shanghai Trader game of three, alice first to move,
// from bob's trading post in Nanking Road.
const stCampaign = `id: st-1
game: shanghai-trader
players:
  - {name: alice, email: alice@example.test}
  - {name: bob, email: bob@example.test}
  - {name: carol, email: carol@example.test}
gm: gm@example.test
deadline: 72h
seed: "0000000000000000000000000000000000000000000000000000000000000002"
setup: {initiative: [alice, bob, carol], players: {alice: {at: TP-02b}, bob: {owns: [TP-02a]}}}
`

// A Shanghai Trader player's page lists the decisions of the open step
// from the engine's Options, with where each roll lands and what a
// purchase costs, beside the YOUR DECISION panel; the other players' and
// the public pages do not show alice's.
func TestShanghaiTraderForm(t *testing.T) {
	s := newSite(t, Config{}, Options{}, stCampaign)
	alice := s.browser()
	alice.login("st-1", "alice")
	page := alice.get("/games/st-1/players/alice")
	page.want(t, http.StatusOK, "Choose your orders", "Where you move", `value="move: Nanking Road"`,
		"the default; roll: 1-2 TP-02a (bob&#39;s: fine $5ooo); 3-4 TP-02b (free: $20ooo to buy)",
		"What you buy where you land", `value="buy: trading-post"`, "YOUR DECISION", "You are at TP-02b in Nanking Road")
	bob := s.browser()
	bob.login("st-1", "bob")
	bob.get("/games/st-1/players/bob").lacks(t, "You are at TP-02b in Nanking Road")
	s.browser().get("/games/st-1").lacks(t, "Choose your orders", "YOUR DECISION")
}

// A Shanghai Trader player, in headless Chromium, logs in, picks a move
// and a purchase in the "Choose your orders" form and sends them: the
// acknowledgement says they are accepted, and the game holds them.
func TestBrowserShanghaiTraderForm(t *testing.T) {
	s := newSite(t, Config{}, Options{}, stCampaign)
	bctx, shot, fail, text := browse(t)
	follow := shot.follow

	follow("the login page", chromedp.Navigate(s.http.URL+"/games/st-1/login"))
	fail("typing the login", chromedp.Do(bctx,
		chromedp.SendKeys(chromedp.ID("player"), "alice"),
		chromedp.SendKeys(chromedp.ID("token"), s.tokens["st-1"]["alice"])))
	follow("logging in", chromedp.Submit(chromedp.ID("token")))
	fail("the form", chromedp.Do(bctx, chromedp.WaitVisible(chromedp.ID("choices"))))
	if f := text("choices"); !strings.Contains(f, "Where you move") || !strings.Contains(f, "move: The Bund") {
		t.Fatalf("the form reads:\n%s", f)
	}
	shot.take("shanghai trader form")

	fail("picking a move and a purchase", chromedp.Do(bctx,
		chromedp.Click(chromedp.CSS(`#choices input[value="move: The Bund"]`)),
		chromedp.Click(chromedp.CSS(`#choices input[value="buy: trading-post"]`))))
	shot.take("picked")
	follow("sending the orders", chromedp.Click(chromedp.CSS(`#choices button[value="submit"]`)))
	ack := text("answer")
	if !strings.Contains(ack, "Your orders for step 1 of st-1 are accepted.") || !strings.Contains(ack, "move: The Bund") || !strings.Contains(ack, "buy: trading-post") {
		t.Fatalf("the acknowledgement reads:\n%s", ack)
	}
	shot.take("acknowledged")
	g, err := s.host.Load(t.Context(), "st-1")
	fail("loading the game", err)
	sub, ok := g.Open["alice"]
	if !ok || len(sub.Items) != 2 || sub.Items[0].Verb != "move" || sub.Items[1].Verb != "buy" {
		t.Fatalf("the game holds alice's orders as %+v", sub.Items)
	}
}
