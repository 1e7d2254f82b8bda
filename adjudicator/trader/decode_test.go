package trader

import (
	"encoding/json"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
)

// DecodeState reads back the canonical JSON of states of random games as
// the same state: the same JSON, and the same play after more steps.
func TestDecodeStateRoundTrip(t *testing.T) {
	e := New()
	for i, s := range positions(t, 30, 4, true) {
		data := s.AppendJSON(nil)
		as, err := e.DecodeState(data)
		if err != nil {
			t.Fatalf("position %d: %v", i, err)
		}
		if got := string(state(as).AppendJSON(nil)); got != string(data) {
			t.Fatalf("position %d: decoded as\n%s\nnot\n%s", i, got, data)
		}
		if got := stateJSON(t, as); got != string(data) {
			t.Fatalf("position %d: decoded state's encoding/json differs", i)
		}
		a, b := engine.State(s.clone()), as
		for step := 1; step <= 8 && !e.Status(a).Finished; step++ {
			subs := randomSubs(t, state(a), engine.NewBotRand(data, step, 0, ""))
			for _, sub := range subs {
				if err := e.Check(b, sub.Player, sub.Items); err != nil {
					t.Fatalf("position %d step %d: the decoded state refuses %s's orders: %v", i, step, sub.Player, err)
				}
			}
			if a, _, err = e.Resolve(a, subs, engine.NewRand(data, step)); err != nil {
				t.Fatal(err)
			}
			if b, _, err = e.Resolve(b, subs, engine.NewRand(data, step)); err != nil {
				t.Fatalf("position %d step %d: the decoded state refuses what the original took: %v", i, step, err)
			}
			if ja, jb := stateJSON(t, a), stateJSON(t, b); ja != jb {
				t.Fatalf("position %d step %d: the decoded state plays on differently:\n%s\n%s", i, step, ja, jb)
			}
		}
	}
}

// DecodeState refuses JSON that is no Trader state, saying which field is
// at fault.
func TestDecodeStateRefusesNonsense(t *testing.T) {
	e := New()
	s := positions(t, 1, 3, false)[0]
	for name, change := range map[string]func(*State){
		"players": func(s *State) { s.Players = s.Players[:1] },
		"columns": func(s *State) { s.Columns = s.Columns[:4] },
		"market":  func(s *State) { s.Market = 7 },
		"phase":   func(s *State) { s.Phase = "lunch" },
		"active":  func(s *State) { s.Active = 9 },
		"team":    func(s *State) { s.Players[0].Team = 5 },
		"scores":  func(s *State) { s.Scores = [][]int{{1}} },
	} {
		c := s.clone()
		change(c)
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.DecodeState(b); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: got %v", name, err)
		}
	}
	if _, err := e.DecodeState([]byte(`{"players": 3}`)); err == nil {
		t.Error("a state with a number for players was read")
	}
}

// Score is the money: the finished sets' final money and the money in
// hand.
func TestScore(t *testing.T) {
	e := New()
	seen := 0
	for _, s := range positions(t, 12, 7, false) {
		for seat, p := range s.Players {
			want := 0
			for _, sc := range s.Scores {
				want += sc[seat]
			}
			if s.Phase != phaseOver {
				want += p.Money
			}
			if got := e.Score(s, p.Name); got != float64(want) {
				t.Fatalf("%s scores %v, not %d", p.Name, got, want)
			}
			seen += btoi(s.Phase == phaseOver)
		}
	}
	if e.Score(positions(t, 1, 1, false)[0], "nobody") != 0 {
		t.Fatal("somebody who is not a player scores")
	}
	if seen == 0 {
		t.Fatal("no finished game was scored")
	}
}
