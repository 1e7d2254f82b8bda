package trader

import (
	"fmt"
	"testing"

	"taipan/adjudicator/engine"
)

// normal is p with its columns moved to the start of their arrays and
// what is not in play zeroed, so that two playouts of one position are ==.
func (p playout) normal() playout {
	for c := range p.col {
		var col [35]uint8
		copy(col[:], p.col[c][p.top[c]:p.end[c]])
		p.col[c], p.end[c], p.top[c] = col, p.end[c]-p.top[c], 0
	}
	if p.phase != playLastSale {
		p.owes = [4]bool{}
	}
	return p
}

// A playout plays every step as Resolve does: from positions of every
// kind, random and default moves played both ways give the same columns,
// holdings, money, Jokers, Market closed card, turn, passes and last
// sales, and the same final money.
func TestPlayoutPlaysAsResolve(t *testing.T) {
	e := New()
	steps, ends := 0, 0
	for i, s := range positions(t, 45, 6, true) {
		s = stripPlans(s)
		p, ok := newPlayout(s)
		if !ok {
			if s.Phase != phaseOver {
				t.Fatalf("position %d: no playout of a game in play", i)
			}
			continue
		}
		rng := engine.NewRand([]byte("playout"), i)
		var buf [64]move
		var cols [5]int
		choose := func(q int) move {
			if rng.Intn(3) == 0 {
				return p.defaultMove(q)
			}
			return p.randomMove(q, rng, buf[:0], cols[:0])
		}
		set := s.Set
		for step := 0; p.phase != playDone; step++ {
			where := fmt.Sprintf("position %d step %d", i, step)
			var subs []engine.Submission
			if p.phase == playTurn {
				seat := p.active
				m := choose(seat)
				a := p.action(seat, m)
				subs = append(subs, engine.Submission{Player: s.Players[seat].Name, Reading: &a})
				p.turn(m)
			} else {
				var acts [4]move
				var sent [4]bool
				for q := 0; q < p.players; q++ {
					if p.owes[q] {
						acts[q], sent[q] = choose(q), rng.Intn(2) == 0
						a := p.action(q, acts[q])
						subs = append(subs, engine.Submission{Player: s.Players[q].Name, Reading: &a, Default: !sent[q]})
					}
				}
				p.lastSales(&acts, &sent)
			}
			next, _, err := e.Resolve(s, subs, engine.NewRand([]byte("deal"), step))
			if err != nil {
				t.Fatalf("%s: Resolve refuses the playout's move: %v", where, err)
			}
			s = state(next)
			steps++
			if p.phase == playDone {
				if s.Phase != phaseOver && s.Set == set {
					t.Fatalf("%s: the playout's set is over, the engine's is not (%s)", where, s.Phase)
				}
				if last := s.Scores[len(s.Scores)-1]; !sameInts(last, p.money[:p.players]) {
					t.Fatalf("%s: final money %v, the engine's %v", where, p.money[:p.players], last)
				}
				ends++
				break
			}
			q, ok := newPlayout(s)
			if !ok || q.normal() != p.normal() {
				t.Fatalf("%s: the playout differs from the engine:\n%+v\n%+v", where, p.normal(), q.normal())
			}
		}
	}
	if steps < 1000 || ends < 50 {
		t.Fatalf("only %d steps and %d ends compared", steps, ends)
	}
}

// The bot's candidates are the legal actions: each of a playout's moves,
// and each with each place for the Market closed card, passes Check, and
// there are as many as Options offers.
func TestPlayoutMovesAreLegal(t *testing.T) {
	e := New()
	n := 0
	for i, s := range positions(t, 45, 4, true) {
		p, ok := newPlayout(s)
		if !ok {
			continue
		}
		for _, name := range e.Status(s).Pending {
			seat := s.seat(name)
			moves := p.legalMoves(seat, nil)
			ds := e.Options(s, name)
			if len(ds) == 0 || len(ds[0].Choices) != len(moves) {
				t.Fatalf("position %d: %s has %d moves; Options offers %v", i, name, len(moves), ds)
			}
			for _, m := range moves {
				a := p.action(seat, m)
				if err := e.Check(s, name, s.items(a)); err != nil {
					t.Fatalf("position %d: %s's move %v is refused: %v", i, name, s.items(a), err)
				}
				for _, c := range p.mcTargets(m, nil) {
					a.mc = c
					if err := e.Check(s, name, s.items(a)); err != nil {
						t.Fatalf("position %d: %s's move %v is refused: %v", i, name, s.items(a), err)
					}
				}
				n++
			}
		}
	}
	if n < 500 {
		t.Fatalf("only %d moves checked", n)
	}
}
