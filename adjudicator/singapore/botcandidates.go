package singapore

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"taipan/orders"
)

// candidate is one order file the bot weighs, with its reading (what
// Check accepts and Resolve plays).
type candidate struct {
	items []orders.Item
	sub   *submission
}

// botCandidates lists seat's order files for the open step of s, every
// one read (and so checked) against s: each start slot; each pair of
// Rival Chen's picks; in a turn, each take with each move of the Secret
// Society card it allows and each choice of the card's effect. Joss
// Paper, Salted Fish and Spices meet cards nobody sees yet, so each gets
// one choice, ranked by what seizing each kind of goods is worth to the
// seat against what the others are seen to hold (appraise).
func (s *State) botCandidates(seat int) []candidate {
	a := s.appraise(seat, false)
	var files [][]orders.Item
	slot := func(i int) string { return strconv.Itoa(i + 1) }
	switch s.Phase {
	case phaseStart:
		for _, i := range s.filled(-1) {
			files = append(files, []orders.Item{orders.With(verbStart, slot(i))})
		}
	case phaseChen:
		if best := s.bestPicks(a); best != nil {
			f := s.filled(-1)
			pair := func(set []int) []orders.Item {
				args := make([]string, len(set))
				for i, k := range set {
					args[i] = slot(k)
				}
				return []orders.Item{orders.With(verbChen, args...)}
			}
			files = append(files, pair(best))
			if len(best) == 2 {
				for x, i := range f {
					for _, j := range f[x+1:] {
						files = append(files, pair([]int{i, j}))
					}
				}
			}
		}
	case phaseTurn:
		for _, k := range s.filled(-1) {
			base := []orders.Item{orders.With(verbTake, slot(k))}
			var moves [][]orders.Item
			if rest := s.filled(k); k == s.SS && len(rest) > 0 {
				for _, m := range rest {
					moves = append(moves, append(slices.Clone(base), orders.With(verbMove, slot(m))))
				}
			} else {
				moves = [][]orders.Item{base}
			}
			effects := s.effectChoices(a, seat, k)
			for _, mv := range moves {
				for _, eff := range effects {
					f := slices.Clone(mv)
					if eff.Verb != "" {
						f = append(f, eff)
					}
					files = append(files, f)
				}
			}
		}
	}
	var out []candidate
	for _, f := range files {
		items := orders.Renumber(f)
		sub := new(submission)
		if s.read(seat, items, sub) == nil {
			out = append(out, candidate{items: items, sub: sub})
		}
	}
	return out
}

// effectChoices are the choices the bot weighs for the effect of the card
// in River slot k, taken by seat; one empty item when the card's effect
// has no choice (or the effects are not played).
func (s *State) effectChoices(a *appraisal, seat, k int) []orders.Item {
	none := []orders.Item{{}}
	if s.Plain {
		return none
	}
	card := s.River[k]
	others := s.filled(k)
	switch card.Name() {
	case goodsSilk:
		var out []orders.Item
		for _, j := range others {
			out = append(out, orders.With(verbSilk, strconv.Itoa(j+1)))
		}
		if len(out) == 0 {
			return none
		}
		return out
	case goodsJoss:
		ranked := a.rankedKinds(func(e int) bool { return true })
		return []orders.Item{orders.With(verbJoss, ranked...)}
	case goodsSalted, goodsSpices:
		verb, back := verbSalted, "bottom"
		if card.Name() == goodsSpices {
			verb, back = verbSpices, "top"
		}
		good := a.rankedKinds(func(e int) bool { return e > 0 })
		if len(good) == 0 {
			return []orders.Item{orders.With(verb, back)}
		}
		return []orders.Item{orders.With(verb, "seize if "+strings.Join(good, ", "))}
	case goodsTea, goodsPorcelain:
		verb, with := verbTea, append(s.Players[seat].cards(), card)
		if card.Name() == goodsPorcelain {
			verb, with = verbPorcelain, s.Seized
		}
		out := []orders.Item{orders.With(verb, "none")}
		var seen []Card
		for _, c := range with {
			if slices.Contains(seen, c) {
				continue
			}
			seen = append(seen, c)
			for _, j := range others {
				out = append(out, orders.With(verb, fmt.Sprintf("swap %d for %s", j+1, c)))
			}
		}
		return out
	}
	return none
}

// rankedKinds lists the kinds of goods in play (Silk/M, Silk/U, ...)
// whose edge passes keep, best edge first, in data order on ties.
func (a *appraisal) rankedKinds(keep func(edge int) bool) []string {
	type kind struct {
		card Card
		edge int
	}
	var ks []kind
	for _, t := range a.s.Types {
		for _, marked := range []bool{true, false} {
			c := mkCard(t, marked)
			if !exists(c) {
				continue
			}
			if e := a.edge(c); keep(e) {
				ks = append(ks, kind{c, e})
			}
		}
	}
	slices.SortStableFunc(ks, func(x, y kind) int { return y.edge - x.edge })
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = k.card.String()
	}
	return out
}

// filled lists the River slots (0-based) that hold a card, but skip.
func (s *State) filled(skip int) []int {
	var out []int
	for i, c := range s.River {
		if c != NoCard && i != skip {
			out = append(out, i)
		}
	}
	return out
}
