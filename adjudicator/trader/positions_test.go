package trader

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// positions plays games of every size at random (randomSubs),
// some of two sets, with standing plans sent now and then, a player
// removed in some and, with corrections, money corrected by the GM in
// others, and returns every per-th state reached, including finished
// ones.
func positions(t testing.TB, games, per int, corrections bool) []*State {
	t.Helper()
	e := New()
	names := []string{"ann", "bob", "cyd", "dot"}
	plan, err := orders.ParseList([]byte("- plan: [sell: best, buy: cheapest]"))
	if err != nil {
		t.Fatal(err)
	}
	var out []*State
	k := 0
	for g := 0; g < games; g++ {
		n := 2 + g%3
		r := rand.New(rand.NewPCG(uint64(g), 7))
		seed := []byte(fmt.Sprint("positions ", g))
		as, err := e.Setup(engine.Config{Players: names[:n], Options: json.RawMessage(fmt.Sprintf(`{"sets": %d}`, 1+g%4/3)), Setup: json.RawMessage("null")}, engine.NewRand(seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		for step := 1; ; step++ {
			s := as.(*State)
			if k++; k%per == 0 {
				out = append(out, s.clone())
			}
			if s.Phase == phaseOver {
				break
			}
			switch {
			case g%5 == 1 && step == 9:
				if as, _, err = e.Correct(as, engine.Correction{Action: "remove", Player: names[r.IntN(n)]}); err != nil {
					t.Fatal(err)
				}
				continue
			case corrections && g%5 == 2 && step%6 == 0:
				if as, _, err = e.Correct(as, engine.Correction{Action: "money", Player: names[r.IntN(n)], Args: []string{"+3"}}); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if s.Phase == phaseTurn && g%2 == 0 {
				for i, p := range s.Players {
					if i != s.Active && !p.Removed && r.IntN(3) == 0 {
						if as, err = e.ApplyStanding(as, p.Name, plan); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			if as, _, err = e.Resolve(as, randomSubs(t, as.(*State), engine.NewBotRand(seed, step, 0, "")), engine.NewRand(seed, step)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// randomSubs are the pending players' submissions for the open step of
// s, each a legal action chosen at random (a playout's randomMove, which
// TestPlayoutMovesAreLegal holds to the legal orders), as the engine's
// reading of the orders that say it.
func randomSubs(t testing.TB, s *State, rng *engine.Rand) []engine.Submission {
	t.Helper()
	p, ok := newPlayout(s)
	if !ok {
		t.Fatalf("no playout of a game in play (%s)", s.Phase)
	}
	var subs []engine.Submission
	for _, name := range New().Status(s).Pending {
		seat := s.seat(name)
		a := p.action(seat, p.randomMove(seat, rng, nil, nil))
		subs = append(subs, engine.Submission{Player: name, Items: s.items(a), Reading: &a})
	}
	return subs
}

// hiddenTwin is a copy of s that differs from it only in what seat may
// not see: every other player's money and standing plan. Before the game
// is over nobody sees another's money (TR-X7) or plan (TR-X11).
func hiddenTwin(s *State, seat int, r *rand.Rand) *State {
	c := s.clone()
	for i := range c.Players {
		if i == seat {
			continue
		}
		c.Players[i].Money += r.IntN(30)
		if c.Players[i].Plan == nil {
			c.Players[i].Plan = &Plan{Entries: []PlanEntry{{Verb: kindBuy, Args: []string{planCheapest}}}}
		} else {
			c.Players[i].Plan = nil
		}
	}
	return c
}

func stateJSON(t testing.TB, s engine.State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func viewJSON(t testing.TB, s engine.State, player string) string {
	t.Helper()
	b, err := json.Marshal(New().View(s, player))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
