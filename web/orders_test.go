package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"taipan/adjudicator"
)

// The player whose turn it is sees the legal orders as a form; a check
// writes nothing and mails nothing; orders sent go through Host.Submit,
// are answered with the mail's acknowledgement, which is mailed too, and
// the step closes; orders from the stale page are refused as stale.
func TestOrdersForm(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	alice := s.browser()
	alice.login("bourse-1", "alice")
	page := alice.get("/games/bourse-1/players/alice")
	page.want(t, http.StatusOK, "Choose your orders", `name="d0" value="buy: Berlin"`, "buy blue 2 for 2 million",
		`name="step" value="1"`, "step: 1\norders:", `action="/games/bourse-1/orders"`)
	page.lacks(t, "Market closed") // two players: no such decision

	before := s.eventCount("bourse-1")
	check := alice.post("/games/bourse-1/orders", url.Values{"d0": {"buy: Berlin"}, "step": {"1"}, "do": {"check"}})
	check.want(t, http.StatusOK, "Checked, not submitted", "legal", "- buy: Berlin")
	if s.eventCount("bourse-1") != before || len(s.notes.acks) != 0 {
		t.Fatalf("a check wrote or mailed something")
	}

	sent := alice.post("/games/bourse-1/orders", url.Values{"d0": {"buy: Berlin"}, "step": {"1"}, "do": {"submit"}})
	sent.want(t, http.StatusOK, "<h2>Accepted</h2>", "Your orders for step 1 of bourse-1 are accepted.", "Step 1 is resolved",
		`<dd id="awaiting">bob</dd>`, "alice bought blue 2 from Berlin")
	sent.lacks(t, "Choose your orders") // no longer alice's turn
	if len(s.notes.acks) != 1 || !strings.HasPrefix(s.notes.acks[0], "alice: Your orders for step 1 of bourse-1 are accepted.") {
		t.Fatalf("acknowledgements mailed: %q", s.notes.acks)
	}
	ack := strings.TrimPrefix(s.notes.acks[0], "alice: ")
	if !strings.Contains(sent.body, htmlEscape(ack)) {
		t.Errorf("the page's answer is not the mailed acknowledgement:\n%s", ack)
	}
	if len(s.notes.changed) != 1 {
		t.Errorf("reports queued for %q", s.notes.changed)
	}

	// The page of step 1 now.
	stale := alice.post("/games/bourse-1/orders", url.Values{"d0": {"buy: Paris"}, "step": {"1"}, "do": {"submit"}})
	stale.want(t, http.StatusConflict, "Refused; nothing has been changed", "stale orders are refused")
	staleFile := alice.post("/games/bourse-1/orders", url.Values{"file": {"orders:\n  - buy: Paris\n"}, "step": {"1"}, "do": {"submit"}})
	staleFile.want(t, http.StatusConflict, "stale orders are refused")
	// Not alice's turn: Trader takes only a plan from her now.
	alice.post("/games/bourse-1/orders", url.Values{"file": {"orders:\n  - buy: Paris\n"}, "step": {"2"}, "do": {"submit"}}).
		want(t, http.StatusUnprocessableEntity, "standing orders refused")
	if n := s.eventCount("bourse-1"); n != before+2 {
		t.Errorf("%d events after one accepted order file, want %d", n, before+2)
	}
}

// An order file pasted in the form: with or without game, player and
// step; its mistakes come back with their lines, the file kept in the
// form without its token; a file of another player, or a wrong token in
// it, is refused.
func TestOrderFile(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	s.playSteps("bourse-1", 1) // bob's turn
	bob := s.browser()
	bob.login("bourse-1", "bob")
	before := s.eventCount("bourse-1")
	token := s.tokens["bourse-1"]["bob"]
	bad := bob.post("/games/bourse-1/orders", url.Values{"file": {"game: bourse-1\nplayer: bob\ntoken: " + token + "\nstep: 2\norders:\n  - buy: Nowhere\n"}, "step": {"2"}, "do": {"submit"}})
	bad.want(t, http.StatusUnprocessableEntity, "line 6, field orders[1].buy", "Nowhere", "step: 2\norders:\n  - buy: Nowhere")
	bad.lacks(t, token)

	for _, c := range []struct {
		file   string
		status int
		text   string
	}{
		{"player: alice\norders: [buy: Paris]\n", http.StatusUnprocessableEntity, "field player: the file is alice&#39;s"},
		{"game: bourse-2\norders: [buy: Paris]\n", http.StatusUnprocessableEntity, "field game"},
		{"token: 00000000000000000000000000000000\norders: [buy: Paris]\n", http.StatusUnauthorized, "wrong token"},
		{"command: status\n", http.StatusUnprocessableEntity, "mail command"},
		{"orders: [buy: Paris\n", http.StatusUnprocessableEntity, "order file refused"},
		{strings.Repeat(" ", 66<<10) + "orders: [pass]", http.StatusUnprocessableEntity, "the limit is 65536"},
		{strings.Repeat("#", 40<<10), http.StatusBadRequest, "could not be read"}, // a body over the form's bound
	} {
		bob.post("/games/bourse-1/orders", url.Values{"file": {c.file}, "step": {"2"}, "do": {"submit"}}).want(t, c.status, c.text)
	}
	if n := s.eventCount("bourse-1"); n != before {
		t.Fatalf("%d events written by refused files", n-before)
	}
	// Only the orders list, with press for alice: the press is sent and
	// the orders taken.
	ok := bob.post("/games/bourse-1/orders", url.Values{"file": {"- buy: Paris\n"}, "step": {"2"}, "do": {"submit"}})
	ok.want(t, http.StatusOK, "Accepted", "bob bought")
	withPress := bob.post("/games/bourse-1/orders", url.Values{"file": {"press: {to: alice, text: \"shall we?\"}\n"}, "step": {"3"}, "do": {"submit"}})
	withPress.want(t, http.StatusOK, "Press sent to alice.")
	if n := len(s.notes.changed); n != 2 {
		t.Errorf("the mail gateway heard of %d changes (bob's orders closing a step, his press), want 2", n)
	}
	// The GM sends no orders by this form.
	gm := s.browser()
	gm.login("bourse-1", "")
	gm.post("/games/bourse-1/orders", url.Values{"file": {"orders: [pass]"}, "step": {"3"}}).want(t, http.StatusForbidden, "as a player")
	s.browser().post("/games/bourse-1/orders", url.Values{"file": {"orders: [pass]"}, "step": {"3"}}).want(t, http.StatusForbidden)
}

// The choices of decisions that go with others (Singapore 1889's effects
// with their take) are used only with them.
func TestOrdersFormWith(t *testing.T) {
	campaign := `id: sg-1
game: singapore-1889
players: [{name: alice, email: a@example.test}, {name: bob, email: b@example.test}]
setup: {first: alice, types: [Silk, Tea, Joss Paper], river: [Silk/U, Tea/U, Joss Paper/U, Tea/M], ss: 1, hands: {alice: [Joss Paper/M], bob: [Silk/M]}, rest: true}
`
	s := newSite(t, Config{}, Options{}, campaign)
	alice := s.browser()
	alice.login("sg-1", "alice")
	g, _ := s.host.Load(context.Background(), "sg-1")
	ds := adjudicator.Options(g, "alice")
	form := url.Values{"step": {"1"}, "do": {"check"}}
	for i, d := range ds {
		switch {
		case d.Name == "take":
			form.Set("d"+itoa(i), "take: 1")
		case d.Name == "silk":
			form.Set("d"+itoa(i), d.Choices[len(d.Choices)-1].Order)
		case d.Name == "tea":
			form.Set("d"+itoa(i), "tea: none") // goes with take: 2 or 4, and is dropped
		}
	}
	alice.post("/games/sg-1/orders", form).want(t, http.StatusOK, "Checked, not submitted", "- take: 1", "- silk: 4")
	form.Set("d0", "take: 9")
	alice.post("/games/sg-1/orders", form).want(t, http.StatusUnprocessableEntity, "is not one of the choices offered")
}

// htmlEscape is how html/template writes text in a page.
func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}
