package trader

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"

	"taipan/orders"
)

// TestOrdersDoc checks that every example order file of ORDERS.md is
// accepted, each in a position it fits, and that the README's Trader
// section quotes only them.
func TestOrdersDoc(t *testing.T) {
	// alice's turn in a three-player game: she holds blue 5 and 6 and red
	// 4 and 5, London and Rome have stocks, and the Market closed card
	// lies on Paris.
	check := func(t *testing.T, player string, items []orders.Item) error {
		s, err := New().Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`),
			Setup: json.RawMessage(`{"first": "alice", "market_closed": "Paris", "rest_sold": true,
				"columns": {"Paris": ["red 2", "red 3"], "Berlin": ["blue 2", "blue 3"], "London": ["green 2"], "Rome": ["yellow 2"], "Brussels": ["black 2"]},
				"hands": {"alice": ["blue 5", "blue 6", "red 4", "red 5", "yellow 3"]}}`)}, engine.NewRand([]byte("doc"), 0))
		if err != nil {
			t.Fatal(err)
		}
		return New().Check(s, player, items)
	}
	adjtest.CheckOrdersDoc(t, []adjtest.DocCase{
		{About: "a turn with a plan for the next", Check: check},
		{About: "a complete order file for alice", Check: check},
	})
	adjtest.CheckReadmeQuotesOrdersDoc(t, "Trader")
}
