package sackson

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// twins are two games that differ only in alice's hand (and so in the
// face-down pile): alice placed Lang-Tsu last round, so that when nobody
// bids her default places him.
func twins(t *testing.T, e engine.Engine) adjtest.Twins {
	t.Helper()
	game := func(hand string) engine.State {
		setup := `{"hands": {"alice": ` + hand + `, "bob": ["13-1", "10-2"], "carol": ["11-0"]}, "lang_tsu": 5, "determiner": "alice", "events": ["E16", "E01", "E03"]}`
		s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("twins"), 0))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	bob, err := orders.ParseList([]byte("[bid: 10, play: best]"))
	if err != nil {
		t.Fatal(err)
	}
	return adjtest.Twins{
		Engine: e, Players: []string{"alice", "bob", "carol"}, Hidden: "alice",
		A: game(`["13-0", "10-0", "11-2"]`), B: game(`["12-1", "1-0", "2-3"]`),
		Orders: []map[string][]orders.Item{{}, {"bob": bob}, {}},
	}
}

// Two games that differ only in alice's hidden hand look the same to
// everybody else, also when alice sends nothing and her defaults place
// Lang-Tsu and offer free information (issue 11: "Defaults must not be
// chosen with hidden information whose effect is public").
func TestHiddenHandIsHidden(t *testing.T) {
	twins(t, New()).SameForOthers(t)
}

// Under shanghai/1 the default chose with alice's hand: the others could
// tell the twins apart. (This is why shanghai/2 changed the default.)
func TestHiddenHandLeakedUnderVersion1(t *testing.T) {
	if twins(t, New().AtVersion("shanghai/1")).Diff(t) == nil {
		t.Fatal("the shanghai/1 twins look the same; the test would not catch the leak")
	}
}

// The acknowledgement says what a file leaves out (issue 11: "a player who
// sends bid: 100 and go: cook pays and plays nothing, without a warning").
func TestFills(t *testing.T) {
	e := New()
	s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"hands": {"alice": ["8-0", "10-1"], "bob": [], "carol": []}, "lang_tsu": 2}`)}, engine.NewRand([]byte("x"), 0))
	if err != nil {
		t.Fatal(err)
	}
	adjtest.Fills(t, e, s, "alice", map[string][]string{
		"[bid: 100, go: 8]":  {"play: not given: you play no card, wherever Lang-Tsu goes (also where you take him).", "buy: not given", "event: not given: should you place Lang-Tsu, you take the event card yourself."},
		"[play: {8: [8-0]}]": {"bid: not given: you bid nothing (0).", "go: not given: should you place Lang-Tsu, he goes where your plan scores most: the teahouse (8) as things stand.", "play: nothing for the fortune-teller (7), the bird seller (9) and the Chinese opera (10): you play no card if Lang-Tsu goes there."},
		"[bid: 10, go: 8, play: best, buy: no, event: take]": nil,
	})
}
