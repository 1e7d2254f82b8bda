package trader

import (
	"math/rand/v2"
	"testing"

	"taipan/adjudicator/engine"
)

// Redeal depends on what the seat sees alone: twins that differ only in
// the others' money and plans redeal alike for equal streams, and the
// seat's view of the redeal is its view of the state.
func TestRedealSeesOnlyTheSeatsView(t *testing.T) {
	e := New()
	r := rand.New(rand.NewPCG(3, 4))
	checked, hidden := 0, 0
	for i, s := range positions(t, 60, 5, true) {
		for seat, p := range s.Players {
			twin := hiddenTwin(s, seat, r)
			a := e.Redeal(s, p.Name, engine.NewBotRand([]byte("redeal"), i, 0, p.Name))
			b := e.Redeal(twin, p.Name, engine.NewBotRand([]byte("redeal"), i, 0, p.Name))
			if s.Phase != phaseOver {
				if viewJSON(t, s, p.Name) != viewJSON(t, twin, p.Name) {
					t.Fatalf("position %d: the twins look different to %s", i, p.Name)
				}
				if ja, jb := stateJSON(t, a), stateJSON(t, b); ja != jb {
					t.Fatalf("position %d: %s's redeals of the twins differ:\n%s\n%s", i, p.Name, ja, jb)
				}
				hidden++
			}
			if va, vs := viewJSON(t, a, p.Name), viewJSON(t, s, p.Name); va != vs {
				t.Fatalf("position %d: %s's view of the redeal differs:\n%s\n%s", i, p.Name, va, vs)
			}
			checked++
		}
	}
	if hidden < 100 {
		t.Fatalf("only %d redeals of positions with hidden money (%d in all)", hidden, checked)
	}
}

// The twins of the secrecy test (alice's money differs) redeal alike for
// everybody else.
func TestRedealOfSecrecyTwins(t *testing.T) {
	e := New()
	tw := twins(t, e)
	for _, p := range []string{"bob", "carol", engine.Observer} {
		a := e.Redeal(tw.A, p, engine.NewBotRand([]byte("x"), 1, 0, p))
		b := e.Redeal(tw.B, p, engine.NewBotRand([]byte("x"), 1, 0, p))
		if stateJSON(t, a) != stateJSON(t, b) {
			t.Fatalf("%s's redeals of the twins differ", p)
		}
	}
}

// Without GM corrections the others' money together is worked out from
// the table, exactly but for a Joker sale beside a pair of its colour on
// the sold pile (which the pile alone cannot tell from the pair's other
// reading; random players make many), and with two players then the
// opponent's is; nobody's is negative.
func TestMoneyEstimate(t *testing.T) {
	states, exact := 0, 0
	for i, s := range positions(t, 60, 3, false) {
		if s.Phase == phaseOver {
			continue
		}
		for seat := range s.Players {
			est := s.moneyEstimate(seat, engine.NewRand([]byte("m"), seat))
			total, want := 0, 0
			for p := range est {
				if est[p] < 0 {
					t.Fatalf("position %d: a negative estimate for seat %d: %v", i, seat, est)
				}
				total += est[p]
				want += s.Players[p].Money
			}
			states++
			if total == want {
				exact++
			}
			if len(s.Players) == 2 && total == want && !sameInts(est, moneyOf(s)) {
				t.Fatalf("position %d: with two players the sum is right but not the split: %v, not %v", i, est, moneyOf(s))
			}
		}
	}
	if exact < states*4/5 {
		t.Fatalf("the others' money was right together in only %d of %d positions", exact, states)
	}
}

func moneyOf(s *State) []int {
	out := make([]int, len(s.Players))
	for i, p := range s.Players {
		out[i] = p.Money
	}
	return out
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
