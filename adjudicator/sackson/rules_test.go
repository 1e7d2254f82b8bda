package sackson

import (
	"encoding/json"
	"fmt"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

func layout(t testing.TB, players []string, setup string) *State {
	t.Helper()
	s, err := New().Setup(engine.Config{Players: players, Options: json.RawMessage(`{}`), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("rules"), 0))
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

func items(t testing.TB, text string) []orders.Item {
	t.Helper()
	it, err := orders.ParseList([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return it
}

// SS-G12: "The winner's cards go under first, in listed order. Then each
// free-information player's cards, clockwise from the winner's left."
func TestPileOrder(t *testing.T) {
	e := New()
	s := layout(t, []string{"alice", "bob", "carol", "dave"}, `{"hands": {"alice": ["9-3"], "bob": ["9-1", "9-0"], "carol": [], "dave": ["9-2"]}, "lang_tsu": 2, "events": ["E16"]}`)
	subs := []engine.Submission{
		{Player: "alice", Items: items(t, "- play: [9-3]")},
		{Player: "bob", Items: items(t, "- bid: 10\n- go: 9\n- play: [9-1, 9-0]")},
		{Player: "carol", Items: items(t, "[]")},
		{Player: "dave", Items: items(t, "- play: {9: [9-2]}")},
	}
	ns, _, err := e.Resolve(e.Clone(s), subs, engine.NewRand([]byte("x"), 1))
	if err != nil {
		t.Fatal(err)
	}
	pile := ns.(*State).Pile
	got := fmt.Sprint(pile[len(pile)-4:])
	if want := "[9-1 9-0 9-2 9-3]"; got != want {
		t.Errorf("bottom of the pile %s, want %s", got, want)
	}
	if len(s.Pile) != 60 || s.Players[1].Space != 0 {
		t.Error("Resolve changed the state it was handed")
	}
}

// SS-T13: "with 16 cards and no reshuffle, E03 is next drawn 16 rounds later".
func TestEventCycle(t *testing.T) {
	s := layout(t, []string{"alice", "bob", "carol"}, `{"hands": {"alice": [], "bob": [], "carol": []}, "lang_tsu": 2, "events": ["E03"]}`)
	seen := map[int]bool{}
	for i := 0; i < 16; i++ {
		e := s.Events[0]
		if seen[e] {
			t.Fatalf("draw %d repeats %s", i+1, data.Events[e].ID)
		}
		seen[e] = true
		s.event(0, plan{event: evTake}, &RoundLog{})
	}
	if data.Events[s.Events[0]].ID != "E03" {
		t.Errorf("the 17th draw is %s, want E03", data.Events[s.Events[0]].ID)
	}
	if len(s.EventsDone) != 16 || data.Events[s.EventsDone[0].Event].ID != "E03" {
		t.Errorf("events done: %v", s.EventsDone)
	}
}

// 3d: "A bought card is seen only by its buyer."
func TestBoughtCardPrivate(t *testing.T) {
	e := New()
	s := layout(t, []string{"alice", "bob", "carol"}, `{"hands": {"alice": [], "bob": [], "carol": []}, "pile": ["13-0"], "lang_tsu": 2, "events": ["E16"]}`)
	subs := []engine.Submission{{Player: "alice", Items: items(t, "- bid: 10\n- buy: yes")}}
	for _, p := range []string{"bob", "carol"} {
		subs = append(subs, engine.Submission{Player: p, Items: e.Default(s, p), Default: true})
	}
	ns, hs, err := e.Resolve(e.Clone(s), subs, engine.NewRand([]byte("x"), 1))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range hs {
		if h.Text == "alice draws 13-0 (the scribe (13))." {
			found = true
			if h.VisibleTo("bob") || !h.VisibleTo("alice") || !h.VisibleTo("") {
				t.Errorf("the drawn card is visible to %v", h.To)
			}
		}
	}
	if !found {
		t.Fatalf("no happening names the card: %v", hs)
	}
	for _, p := range []string{"bob", "carol", engine.Observer} {
		b, _ := json.Marshal(e.View(ns, p))
		var v View
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if v.Last == nil || v.Last.Bought != "alice" || v.Last.Card != "" {
			t.Errorf("%s's view of the purchase: %+v", p, v.Last)
		}
	}
}

// Check must not change the state, and Default must pass Check, in every
// position a game can reach.
func TestCheckPure(t *testing.T) {
	e := New()
	s := layout(t, []string{"alice", "bob", "carol"}, `null`)
	before, _ := json.Marshal(s)
	for _, text := range []string{"- bid: 10\n- play: best", "- play: [1-0, 2-0, 3-0]", "- event: give bob", "- go: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]"} {
		_ = e.Check(s, "alice", items(t, text))
	}
	if after, _ := json.Marshal(s); string(before) != string(after) {
		t.Error("Check changed the state")
	}
}
