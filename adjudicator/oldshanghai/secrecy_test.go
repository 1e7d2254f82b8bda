package oldshanghai

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// twins are two games that differ only in bob's hidden hand (a Boss, Harbor
// Police and a Drink Up!, or a Heart of Gold, an Old Shell-Back and a pair
// card) and so in the deck's bottom, which nobody knows. bob gives no
// standing orders; carol draws a Shanghai!, alice finishes it.
func twins(t *testing.T, e engine.Engine) adjtest.Twins {
	t.Helper()
	game := func(hand, rest string) engine.State {
		setup := `{"first": "carol", "hands": {"alice": ["boss"], "bob": ` + hand + `, "carol": []},
			"deck": ["shanghai", "southenders", "sydney-cove", "southenders", "dragons", "dragons", ` + rest + `], "rest": "discard"}`
		s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("twins"), 0))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	first := map[string][]orders.Item{}
	for p, text := range map[string]string{"alice": "[finish: all]", "bob": "[]", "carol": "[heart: always]"} {
		items, err := orders.ParseList([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		first[p] = items
	}
	return adjtest.Twins{
		Engine: e, Players: []string{"alice", "bob", "carol"}, Hidden: "bob",
		A:      game(`["police", "drink-up", "boss"]`, `"heart", "shell-back", "sydney-cove"`),
		B:      game(`["heart", "shell-back", "sydney-cove"]`, `"police", "drink-up", "boss"`),
		Orders: []map[string][]orders.Item{first, {}, {}, {}, {}},
	}
}

// Two games that differ only in bob's hidden hand look the same to the
// others: the same questions (bob is asked whether to finish carol's
// Shanghai! whether or not he holds a Boss), the same phase lines, the same
// public counters, the same reports (issue 11: "A pause or a public counter
// must never depend on a hidden card").
func TestHiddenHandIsHidden(t *testing.T) {
	twins(t, New()).SameForOthers(t)
}

// Under old-shanghai/2 only a holder of a finishing card was asked: the
// others could tell the twins apart.
func TestHiddenHandLeakedUnderVersion2(t *testing.T) {
	if twins(t, New().AtVersion("old-shanghai/2")).Diff(t) == nil {
		t.Fatal("the old-shanghai/2 twins look the same; the test would not catch the leak")
	}
}

// The acknowledgement says what a standing-order file leaves out.
func TestFills(t *testing.T) {
	e := New()
	s, err := e.Setup(engine.Config{Players: []string{"alice", "bob"}, Options: json.RawMessage(`{}`)}, engine.NewRand([]byte("x"), 0))
	if err != nil {
		t.Fatal(err)
	}
	adjtest.Fills(t, e, s, "alice", map[string][]string{
		"[heart: always]": {"police: not given: the game waits for you when someone finishes your Shanghai!", "finish: not given", "put-back: not given", "keep: not given", "skip: not given: you draw at each of your turns, without being asked"},
		"[]":              {"no standing orders in the file: you keep the ones you have."},
		"[heart: always, police: never, finish: none, put-back: random, keep: [police], skip: [draw]]": nil,
	})
}
