package adjudicator_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/adjudicator/trader"
	"taipan/events"
	"taipan/orders"
)

// traderGame creates a two-player Trader game with a fixed deal.
func traderGame(t *testing.T) (*adjudicator.Host, *adjudicator.NewGame) {
	t.Helper()
	st, err := events.Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h := &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(trader.New())}
	c, err := adjudicator.ParseCampaign([]byte(`id: t1
game: trader
players: [alice, bob]
setup: {columns: {Paris: [red 6, red 2], Berlin: [blue 2, blue 5], London: [blue 3, green 4], Rome: [red 5, yellow 3], Brussels: [green 2, black 6]}, rest_sold: true}
`))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := h.Create(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	return h, ng
}

// A report lists the reader's legal orders only when the renderer is asked
// to, and only to the player whose orders are due.
func TestReportChoices(t *testing.T) {
	_, ng := traderGame(t)
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := r.Text(ng.Game, "alice")
	if strings.Contains(plain, "Your choices now") {
		t.Errorf("choices without asking:\n%s", plain)
	}
	r.Choices = true
	text, _ := r.Text(ng.Game, "alice")
	for _, want := range []string{"Your choices now", "your action:", "  - buy: Paris   (buy red 6 for 6 million)", "  - buy: Brussels"} {
		if !strings.Contains(text, want) {
			t.Errorf("alice's report lacks %q:\n%s", want, text)
		}
	}
	for _, who := range []string{"bob", "", engine.Observer} {
		if other, _ := r.Text(ng.Game, who); strings.Contains(other, "Your choices now") {
			t.Errorf("%q is shown choices:\n%s", who, other)
		}
	}
}

// ComposeOrders writes the picks as an orders list, refusing a pick that
// was not offered and a required decision left out.
func TestComposeOrders(t *testing.T) {
	ds := []engine.Decision{
		{Name: "take", Choices: []engine.Choice{{Order: "take: 1"}, {Order: "take: 2"}}},
		{Name: "silk", Optional: true, With: []string{"take: 2"}, Choices: []engine.Choice{{Order: "silk: 3"}}},
		{Name: "play", Optional: true, Several: true, Choices: []engine.Choice{{Order: "8-0"}, {Order: "8-1"}}},
	}
	for _, c := range []struct {
		picked map[int][]string
		want   string
	}{
		{map[int][]string{0: {"take: 2"}, 1: {"silk: 3"}, 2: {"8-1", "8-0"}}, "orders:\n  - take: 2\n  - silk: 3\n  - play: [8-1, 8-0]\n"},
		{map[int][]string{0: {"take: 1"}, 1: {"silk: 3"}}, "orders:\n  - take: 1\n"},
		{map[int][]string{0: {"take: 3"}}, "error"},
		{map[int][]string{0: {"take: 1", "take: 2"}}, "error"},
		{map[int][]string{2: {"8-0"}}, "error"},
		{map[int][]string{0: {"take: 1"}, 2: {"8-0; - pass"}}, "error"},
	} {
		got, err := adjudicator.ComposeOrders(ds, c.picked)
		if err != nil {
			got = "error"
		}
		if got != c.want {
			t.Errorf("%v: %q (%v), want %q", c.picked, got, err, c.want)
		}
	}
}

// The acknowledgement echoes the orders as the log holds them, says who
// is awaited, and says when nothing was written.
func TestAcknowledgement(t *testing.T) {
	h, ng := traderGame(t)
	env := &orders.Envelope{Game: "t1", Player: ng.Game.Status.Pending[0], Token: ng.Tokens[ng.Game.Status.Pending[0]], Orders: []orders.Item{orders.With("buy", "Berlin")}}
	r, err := h.Submit(context.Background(), env, adjudicator.SubmitOptions{CheckOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	ack := adjudicator.Acknowledgement(r)
	for _, want := range []string{"Checked, not submitted", "Nothing was written", "  orders:\n    - buy: Berlin\n"} {
		if !strings.Contains(ack, want) {
			t.Errorf("check acknowledgement lacks %q:\n%s", want, ack)
		}
	}
	if r, err = h.Submit(context.Background(), env, adjudicator.SubmitOptions{}); err != nil {
		t.Fatal(err)
	}
	ack = adjudicator.Acknowledgement(r)
	for _, want := range []string{"Your orders for step 1 of t1 are accepted.", "Step 1 is resolved", "still waiting for"} {
		if !strings.Contains(ack, want) {
			t.Errorf("acknowledgement lacks %q:\n%s", want, ack)
		}
	}
}
