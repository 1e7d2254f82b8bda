package singapore

import (
	"fmt"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// chen is Rival Chen's picks (singapore-1889.txt, the Merchant card Rival
// Chen: "At the end of the game, before scoring, choose 2 Goods in the
// River and take them"): chen: [SLOT, SLOT], or goods; the ones left out
// raise the holder's total most (SG-X2, SG-X5).
var chen verb = &chenVerb{verbInfo{name: verbChen, rule: `Merchant cards (Rival Chen); SG-X2, SG-X5`}}

type chenVerb struct{ verbInfo }

func (*chenVerb) read(s *State, it orders.Item, pl *Plan) (err error) {
	pl.Chen, err = s.patList(it, true)
	return err
}

func (*chenVerb) has(pl *Plan) bool { return pl.Chen != nil }

// checkChen checks Rival Chen's two picks against the final River.
func (s *State) checkChen(it orders.Item, ps []Pat) error {
	n := min(s.riverCount(), merchantByName(merchChen).Picks)
	if len(ps) != n {
		return it.Errorf("name exactly %d River goods; the River holds %s", n, s.riverText())
	}
	river := append([]Card(nil), s.River...)
	for _, p := range ps {
		k := riverPick(river, []Pat{p}, -1)
		if k < 0 {
			return it.Errorf("there is no %s left in the River for this pick: it holds %s", p, s.riverText())
		}
		river[k] = NoCard
	}
	return nil
}

// chen plays Rival Chen's picks: the planned or ordered ones, then the
// default for the rest (the pair that raises the holder's total most).
func (r *run) chen(seat int, ps []Pat) {
	s := r.s
	picks := min(merchantByName(merchChen).Picks, s.riverCount())
	var took []int
	for _, p := range ps {
		if len(took) == picks {
			break
		}
		river := append([]Card(nil), s.River...)
		for _, t := range took {
			river[t] = NoCard
		}
		if k := riverPick(river, []Pat{p}, -1); k >= 0 {
			took = append(took, k)
		}
	}
	if len(took) < picks {
		took = s.bestChen(seat, took, picks)
	}
	var names []string
	for _, k := range took {
		c := s.River[k]
		names = append(names, fmt.Sprintf("%s (slot %d)", c, k+1))
		s.Players[seat].Hand = append(s.Players[seat].Hand, HandCard{Card: c, Open: true})
		s.River[k] = NoCard
	}
	r.say("Rival Chen: %s took %s.", r.name(seat), engine.AndList(names))
	r.finish(s.Ended)
}

// bestChen completes the picks with those that raise seat's total, as the
// defaults see it (basis), the most, the lowest slots on ties.
func (s *State) bestChen(seat int, took []int, picks int) []int {
	m, mine := s.basis(seat)
	used := func(i int, set []int) bool {
		for _, t := range set {
			if t == i {
				return true
			}
		}
		return false
	}
	var best []int
	bestV := 0
	var try func(set []int, from int)
	try = func(set []int, from int) {
		if len(set) == picks {
			hand := append([]Card(nil), mine...)
			for _, k := range set {
				hand = append(hand, s.River[k])
			}
			if v := s.score(m, hand, s.Seized).Total; best == nil || v > bestV {
				best, bestV = append([]int(nil), set...), v
			}
			return
		}
		for i := from; i < len(s.River); i++ {
			if s.River[i] != NoCard && !used(i, set) {
				try(append(set, i), i+1)
			}
		}
	}
	try(append([]int(nil), took...), 0)
	return best
}
