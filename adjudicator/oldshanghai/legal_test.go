package oldshanghai

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
)

// Every choice Options offers passes Check, the default answer is among
// them, and only the players asked are offered anything; through whole
// games of 2 to 6 players played by the defaults, with standing-order
// rounds.
func TestOptionsAreTheLegalOrders(t *testing.T) {
	e := New()
	for g := range 10 {
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:2+g%5]
		cfg := engine.Config{Players: players, Options: json.RawMessage(`{"round_turns": 5}`), Setup: json.RawMessage("null")}
		stages := map[string]bool{}
		adjtest.PlayDefaults(t, e, cfg, "options "+strconv.Itoa(g), 200, func(as engine.State) {
			s := as.(*State)
			stages[s.Stage] = true
			for name, ds := range adjtest.EveryonesOptions(t, e, s, players, nil) {
				if len(ds) == 0 {
					t.Fatalf("game %d, %s: %s is asked, and offered nothing", g, s.phaseText(), name)
				}
			}
		})
		if !stages[stReview] || !stages[stHeart] || !stages[stPutBack] {
			t.Errorf("game %d reached only the stages %v", g, stages)
		}
	}
}

// A player whose skip orders say ask is asked before each draw: the
// answers are draw and the skip cards held (each Drunken Sailor with its
// target), and the composed answer passes Check.
func TestOptionsAtYourTurn(t *testing.T) {
	e := New()
	s, err := e.Setup(engine.Config{Players: []string{"ann", "ben", "cat"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"first": "ann", "hands": {"ann": ["drink-up", "drunken-sailor"], "ben": ["boss"], "cat": ["police"]}, "deck": ["dragons", "shanghai", "southenders", "boss"], "rest": "discard"}`)}, engine.NewRand([]byte("x"), 0))
	if err != nil {
		t.Fatal(err)
	}
	items, err := engine.ChoiceItems("skip: [ask]")
	if err != nil {
		t.Fatal(err)
	}
	subs := []engine.Submission{{Player: "ann", Items: items}, {Player: "ben", Default: true}, {Player: "cat", Default: true}}
	ns, _, err := e.Resolve(s, subs, engine.NewRand([]byte("x"), 1))
	if err != nil {
		t.Fatal(err)
	}
	if st := state(ns); st.Stage != stTurn || !st.owes(0) {
		t.Fatalf("stage %s, asked %v", st.Stage, st.Asked)
	}
	ds := adjtest.OptionsLegal(t, e, ns, "ann")
	var got []string
	for _, c := range ds[0].Choices {
		got = append(got, c.Order)
	}
	want := []string{"now: draw", "now: drink-up", "now: {drunken-sailor: ben}", "now: {drunken-sailor: cat}"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("answers %q, want %q", got, want)
	}
}
