package trader

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// twins are two three-player games that differ only in alice's money,
// which the others' views do not show (TR-X7); everybody plays the
// defaults, which choose from the holdings and the columns, and alice can
// afford the cheapest stock in both.
func twins(t *testing.T, e engine.Engine) adjtest.Twins {
	t.Helper()
	game := func(money string) engine.State {
		setup := `{"columns": {"Paris": ["red 6", "red 2"], "Berlin": ["blue 2", "blue 5"], "London": ["blue 3", "green 4"], "Rome": ["red 5", "yellow 3"], "Brussels": ["green 2", "black 6"]},
			"hands": {"alice": ["yellow 4", "black 2"], "bob": ["green 5", "green 6"]}, "rest_sold": true, "money": {"alice": ` + money + `}}`
		s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("twins"), 0))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	return adjtest.Twins{
		Engine: e, Players: []string{"alice", "bob", "carol"}, Hidden: "alice",
		A: game("17"), B: game("41"),
		Orders: make([]map[string][]orders.Item, 6),
	}
}

// The twins look the same to everybody but alice (issue 11: "No pause,
// default or public figure tells a player what they may not see").
func TestHiddenMoneyIsHidden(t *testing.T) {
	twins(t, New()).SameForOthers(t)
}

// The acknowledgement says where the Market closed card goes when a
// three-player turn does not say, and that no plan waits for the next turn.
func TestFills(t *testing.T) {
	e := New()
	s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"columns": {"Paris": ["red 6"], "Berlin": ["blue 2"], "London": ["blue 3"], "Rome": ["red 5"], "Brussels": ["green 2"]}, "rest_sold": true}`)}, engine.NewRand([]byte("x"), 0))
	if err != nil {
		t.Fatal(err)
	}
	adjtest.Fills(t, e, s, "alice", map[string][]string{
		"[buy: Berlin]": {"market-closed: not given: after your action the Market closed card goes to Paris", "plan: not given: your next turn waits for your orders."},
		"[buy: Berlin, market-closed: Rome, plan: none]": nil,
	})
}
