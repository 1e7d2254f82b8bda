package adjudicator_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/shanghaitrader"
	"taipan/events"
	"taipan/orders"
)

// An order file that puts an offer on the table (engine.OpenOrders) is
// applied as soon as it is logged: its addressee sees the offer in the
// open step, nobody else does, and the step, all files in, waits for the
// addressee's answer and closes on it; the log replays to the same
// digests.
func TestOfferAnsweredInTheSameStep(t *testing.T) {
	st, err := events.Open(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(shanghaitrader.New())}
	ctx := context.Background()
	c, err := adjudicator.ParseCampaign([]byte(`id: st
game: shanghai-trader
players: [{name: ann}, {name: ben}, {name: cat}]
seed: open orders
setup: {year: 2, collusion: true, initiative: [ann, ben, cat], players: {ann: {owns: [TP-02a, TP-09a, R9]}, ben: {owns: [W-15a, TP-09b]}}}
`))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := h.Create(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	submit := func(player, text string) *adjudicator.Receipt {
		t.Helper()
		items, err := orders.ParseList([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		r, err := h.Submit(ctx, &orders.Envelope{Game: "st", Player: player, Token: ng.Tokens[player], Orders: items}, adjudicator.SubmitOptions{})
		if err != nil {
			t.Fatalf("%s's orders: %v", player, err)
		}
		return r
	}
	view := func(g *adjudicator.Game, player string) string {
		b, _ := json.Marshal(g.Engine.View(g.State, player))
		return string(b)
	}
	submit("ben", "[exchange: none]")
	submit("cat", "[exchange: none]")
	g, err := h.Load(ctx, "st")
	if err != nil {
		t.Fatal(err)
	}
	catBefore := view(g, "cat")
	r := submit("ann", "[offer: {to: ben, give: [TP-02a], get: [W-15a]}]")
	if len(r.Closed) != 0 {
		t.Fatalf("the step closed on the offer, before ben could answer it")
	}
	if got := r.Game.Awaiting(); len(got) != 1 || got[0] != "ben" {
		t.Fatalf("awaiting %v, want [ben]", got)
	}
	if v := view(r.Game, "ben"); !strings.Contains(v, "ann offers you TP-02a for W-15a (answer it with accept: ann or decline: ann).") {
		t.Errorf("ben is not shown ann's offer: %s", v)
	}
	if v := view(r.Game, "cat"); v != catBefore {
		t.Errorf("cat's view changed with ann's offer to ben:\n%s\n%s", catBefore, v)
	}
	r = submit("ben", "[exchange: none, accept: ann]")
	if len(r.Closed) != 1 {
		t.Fatalf("ben's answer closed %v steps, want the Collusion Phase", r.Closed)
	}
	if v := view(r.Game, ""); !strings.Contains(v, `"W-15a":"ann"`) || !strings.Contains(v, `"TP-02a":"ben"`) {
		t.Errorf("the exchange was not made: %s", v)
	}
	evs, err := st.Events(ctx, "st")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := adjudicator.Audit(h.Games, evs); err != nil {
		t.Fatalf("the log does not replay: %v", err)
	}
}
