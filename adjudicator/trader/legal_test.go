package trader

import (
	"encoding/json"
	"slices"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Every action Options offers passes Check, and every action Check takes
// (among all candidates the random player tries) is offered; the default
// action is among them. Through whole games of 2, 3 and 4 players played by the
// defaults.
func TestOptionsAreTheLegalOrders(t *testing.T) {
	e := New()
	for _, players := range [][]string{{"alice", "bob"}, {"alice", "bob", "carol"}, {"alice", "bob", "carol", "dave"}} {
		for _, seed := range []string{"o1", "o2", "o3"} {
			cfg := engine.Config{Players: players, Options: json.RawMessage(`{}`), Setup: json.RawMessage("null")}
			adjtest.PlayDefaults(t, e, cfg, seed, 400, func(as engine.State) {
				s := as.(*State)
				mc := func(it orders.Item) bool { return it.Verb == verbMC }
				for name, ds := range adjtest.EveryonesOptions(t, e, s, players, mc) {
					seat := s.seat(name)
					for _, c := range candidates(s, seat) {
						c.mc = -1
						legal := e.Check(s, name, c.items()) == nil
						offered := adjtest.Offered(ds, adjtest.ItemOrder(c.items()[0]))
						if c.kind == kindSell && !s.teams() && !offered {
							c.a, c.b = c.b, c.a
							offered = adjtest.Offered(ds, adjtest.ItemOrder(c.items()[0]))
						}
						if legal != offered {
							t.Fatalf("%d players, %s, %s, %s: %v is legal %v, offered %v", len(players), seed, s.phaseText(), name, c.items()[0], legal, offered)
						}
					}
				}
			})
		}
	}
}

// With 3 players the Market closed card may go to any other column that
// keeps a stock whatever the action, and the decision may be left out.
func TestOptionsMarketClosed(t *testing.T) {
	e := New()
	s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"columns": {"Paris": ["red 6", "red 2"], "Berlin": ["blue 2", "blue 5"], "London": ["blue 3", "green 4"], "Rome": ["red 5", "yellow 3"], "Brussels": ["green 2", "black 6"]}, "rest_sold": true}`)}, engine.NewRand([]byte("x"), 0))
	if err != nil {
		t.Fatal(err)
	}
	ds := adjtest.OptionsLegal(t, e, s, "alice")
	if len(ds) != 2 || ds[1].Name != "market-closed" || !ds[1].Optional {
		t.Fatalf("decisions %+v", ds)
	}
	var got []string
	for _, c := range ds[1].Choices {
		got = append(got, c.Order)
	}
	// London holds the card; every other column has a stock.
	want := []string{"market-closed: Paris", "market-closed: Berlin", "market-closed: Rome", "market-closed: Brussels"}
	if !slices.Equal(got, want) {
		t.Errorf("market-closed choices %q, want %q", got, want)
	}
	if ds := e.Options(s, "bob"); ds != nil {
		t.Errorf("bob, whose turn it is not, is offered %+v", ds)
	}
}
