package oldshanghai

import (
	"slices"

	"taipan/adjudicator/engine"
)

var _ engine.Redealer = Engine{}

// Redeal returns a copy of s in which everything player may not see (2d,
// OS-X4) is drawn anew from rng, from what player sees alone. The cards
// player cannot see (the other hands, the deck, another player's two Old
// Shell-Back cards) are pooled in card order and dealt back, each hand
// keeping its size and the deck its length, so that what player knows
// stays true: the deck positions known exactly keep their cards, a card
// known somewhere in a range of depths is dealt to one of them, a card
// known in another hand stays there, and a Shanghai! never goes into a
// hand (only into the deck, or among the Shell-Back cards it may be). The
// others' standing orders, their knowledge and the count of decisions
// (the GM's) are not player's to see: they are left empty. Two states
// that differ only in what player may not see give equal results for
// equal streams.
func (Engine) Redeal(as engine.State, player string, rng *engine.Rand) engine.State {
	s := state(as).clone()
	me := s.seat(player)
	var pool []Card
	// The slots to deal into: every deck depth, each other hand's cards,
	// the other player's Old Shell-Back cards.
	deck := make([]int, len(s.Deck)) // card+1, 0: free
	hands := make([][]Card, len(s.Players))
	need := make([]int, len(s.Players))
	hiddenShell := s.Stage == stKeep && s.Active != me && len(s.Shell) > 0
	for q := range s.Players {
		if q == me {
			continue
		}
		h := s.Players[q].Hand
		if hiddenShell && q == s.Active {
			// The Shell-Back cards are in the hand: dealt as their own.
			h = slices.Clone(h)
			for _, c := range s.Shell {
				if i := slices.Index(h, c); i >= 0 {
					h = slices.Delete(h, i, i+1)
				}
			}
		}
		pool = append(pool, h...)
		need[q] = len(h)
	}
	pool = append(pool, s.Deck...)
	shell := make([]int, 0, 2)
	if hiddenShell {
		pool = append(pool, s.Shell...)
		shell = shell[:len(s.Shell)]
	}
	slices.Sort(pool)
	take := func(c Card) bool {
		if i := slices.Index(pool, c); i >= 0 {
			pool = slices.Delete(pool, i, i+1)
			return true
		}
		return false
	}
	if me >= 0 {
		mine := &s.Players[me]
		for _, f := range mine.Deck {
			if f.Deeper == 0 && f.Depth >= 1 && f.Depth <= len(deck) && deck[f.Depth-1] == 0 && take(f.Card) {
				deck[f.Depth-1] = int(f.Card) + 1
			}
		}
		for _, h := range mine.Held {
			if h.Holder != me && need[h.Holder] > 0 && h.Card != cShanghai && take(h.Card) {
				hands[h.Holder] = append(hands[h.Holder], h.Card)
				need[h.Holder]--
			}
		}
		for _, f := range mine.Deck {
			if f.Deeper == 0 {
				continue
			}
			var free []int
			found := false
			for d := f.Depth; d <= min(f.Depth+f.Deeper, len(deck)); d++ {
				found = found || deck[d-1] == int(f.Card)+1
				if deck[d-1] == 0 {
					free = append(free, d)
				}
			}
			if !found && len(free) > 0 && take(f.Card) {
				deck[free[rng.Intn(len(free))]-1] = int(f.Card) + 1
			}
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	// The Shanghai! cards first, into free deck depths and Shell-Back
	// places only.
	var open []int // deck depths from 1; -1, -2 the Shell-Back cards
	for d := range deck {
		if deck[d] == 0 {
			open = append(open, d+1)
		}
	}
	for i := range shell {
		open = append(open, -1-i)
	}
	put := func(slot int, c Card) {
		if slot > 0 {
			deck[slot-1] = int(c) + 1
		} else {
			shell[-1-slot] = int(c) + 1
		}
	}
	rest := pool[:0]
	for _, c := range pool {
		if c == cShanghai && len(open) > 0 {
			k := rng.Intn(len(open))
			put(open[k], c)
			open = slices.Delete(open, k, k+1)
			continue
		}
		rest = append(rest, c)
	}
	// The others in the order of the shuffle: the hands, seat by seat,
	// then the free places of the deck and the Shell-Back cards.
	for q := range s.Players {
		for ; need[q] > 0 && len(rest) > 0; need[q]-- {
			hands[q] = append(hands[q], rest[0])
			rest = rest[1:]
		}
	}
	for _, slot := range open {
		if len(rest) == 0 {
			break
		}
		put(slot, rest[0])
		rest = rest[1:]
	}
	for d := range deck {
		s.Deck[d] = Card(deck[d] - 1)
	}
	if hiddenShell {
		for i := range s.Shell {
			s.Shell[i] = Card(shell[i] - 1)
			hands[s.Active] = append(hands[s.Active], s.Shell[i])
		}
	}
	for q := range s.Players {
		if q == me {
			continue
		}
		p := &s.Players[q]
		slices.Sort(hands[q])
		if len(hands[q]) == 0 {
			hands[q] = nil
		}
		p.Hand, p.Orders, p.Deck, p.Held = hands[q], Standing{}, nil, nil
	}
	s.Decisions = 0
	return s
}
