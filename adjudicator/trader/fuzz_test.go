package trader

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// fuzzStates are a few positions to check fuzzed orders against: a fresh
// 2-player deal, a 3-player game with the Market closed card, and a
// 4-player last-sale step.
func fuzzStates(f *testing.F) []*State {
	e := New()
	var out []*State
	for _, c := range []struct {
		players []string
		setup   string
	}{
		{[]string{"alice", "bob"}, `null`},
		{[]string{"alice", "bob", "carol"}, `{"columns": {"Paris": ["red 2"], "Berlin": ["blue 6", "blue 2"], "London": ["green 5"], "Rome": ["red 3"]}, "hands": {"alice": ["red 4", "red 5", "yellow 3"]}, "rest_sold": true}`},
		{[]string{"alice", "bob", "carol", "dave"}, `{"columns": {"Berlin": ["blue 2"], "London": ["blue 3"], "Brussels": ["red 2"]}, "hands": {"alice": ["blue 5"], "carol": ["blue 6"], "bob": ["red 5"]}, "rest_sold": true}`},
	} {
		s, err := e.Setup(engine.Config{Players: c.players, Options: json.RawMessage(`{}`), Setup: json.RawMessage(c.setup)}, engine.NewRand([]byte("fuzz"), 0))
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, s.(*State))
	}
	// Move the 4-player game to its last sales.
	last, _, err := e.Resolve(out[2], []engine.Submission{{Player: "alice", Items: orders.Renumber([]orders.Item{orders.With("buy", "Brussels")})}}, nil)
	if err != nil {
		f.Fatal(err)
	}
	out[2] = last.(*State)
	return out
}

// FuzzCheck feeds arbitrary order lists to Check and, from the players the
// step does not wait for, to CheckStanding; they must never panic, orders
// Check accepts must resolve, and standing orders CheckStanding accepts
// must apply and leave a state whose next turn resolves.
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{
		"- buy: London", "- buy: 2", "- buy: blue 6", "- sell: [red 4, red 5]", "- sell red4 and red5",
		"- sell: {mine: blue 5, partner: blue 6}", "- joker: yellow 3", "- pass", "- pass: x",
		"- buy: Paris\n- market-closed: Rome", "- mc: London\n- buy: Berlin", "- sell: [[red 4]]",
		"- sell: {mine: [a], partner: {b: c}}", "- joker: [red 4, red 5]", "- buy:", "[]", "- 7",
		"- sell: red 99999999999999999999", "- buy: {a: b}", "- joker: RED-004",
		// Plans (TR-X11): with a turn, alone (standing), and malformed.
		"- buy: London\n- plan:\n    - sell: best\n    - buy: cheapest\n    - joker: yellow 3\n    - pass",
		"- plan: [sell: [red 4, red 5], buy: Berlin, buy: blue 6]", "- plan: none", "- plan: [pass]",
		"- buy: Paris\n- market-closed: Rome\n- plan:\n    - buy: Berlin\n      market-closed: [Rome, London]\n    - market-closed: Paris",
		"- plan: [{sell: {mine: blue 5, partner: blue 6}}, {joker: blue 5}]", "- plan: [[a]]", "- plan: {buy: x}",
		"- plan: [{buy: Paris, sell: best}]", "- plan: [market-closed: [Rome, Rome]]", "- plan: [plan: [pass]]",
		"- plan: ['buy cheapest', 'sell best', '']", "- sell: [red 4, red 5]\n- plan: [buy: cheapest]\n- plan: none",
	} {
		f.Add(seed, uint8(0))
	}
	e := New()
	states := fuzzStates(f)
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		items, err := orders.ParseList([]byte(text))
		if err != nil {
			return
		}
		s := states[int(which)%len(states)]
		for _, p := range e.Status(s).Pending {
			if e.Check(s, p, items) != nil {
				continue
			}
			if _, _, err := e.Resolve(e.Clone(s), []engine.Submission{{Player: p, Items: items}}, engine.NewRand([]byte("f"), 1)); err != nil {
				t.Fatalf("accepted orders %q fail to resolve: %v", text, err)
			}
		}
		_ = e.Check(s, "nobody", items)
		_ = e.CheckStanding(s, "nobody", items)
		pending := e.Status(s).Pending
		for _, p := range s.Players {
			if len(pending) == 1 && pending[0] == p.Name || e.CheckStanding(s, p.Name, items) != nil {
				continue
			}
			ns, err := e.ApplyStanding(s, p.Name, items)
			if err != nil {
				t.Fatalf("accepted standing orders %q fail to apply: %v", text, err)
			}
			for _, q := range e.Status(ns).Pending {
				if _, _, err := e.Resolve(e.Clone(ns), []engine.Submission{{Player: q, Items: e.Default(ns, q), Default: true}}, engine.NewRand([]byte("f"), 1)); err != nil {
					t.Fatalf("the turn after standing orders %q fails: %v", text, err)
				}
			}
		}
	})
}
