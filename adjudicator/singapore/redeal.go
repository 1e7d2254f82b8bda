package singapore

import (
	"slices"

	"taipan/adjudicator/engine"
)

var _ engine.Redealer = Engine{}

// Redeal returns a copy of s in which everything player may not see is
// drawn anew from rng (engine.Redealer), for a bot's lookahead and a
// practice fork:
//
//   - the cards player does not know (the other players' hidden dealt
//     cards, and the deck cards that are neither public nor seen by
//     player) are pooled, sorted, shuffled with rng and dealt back into
//     the same places: other hands' hidden cards in seat and hand order,
//     then the unknown deck places from the top;
//   - with Influential Figures, the Merchant cards player does not hold
//     (those of the others and the ones left undealt) are shuffled and
//     dealt to the others in seat order, except Rival Chen's, which is
//     public during Rival Chen's picks;
//   - the others' standing plans, private, are dropped.
//
// What stays is what player sees: the River, the Seized goods, their own
// hand, Merchant card and plan, the open cards of every hand, and the
// deck cards they know (with who else knows each deck place, which is
// public). The Societies Ordinance card stays where it is in the deck:
// its place follows from the set-up and the public moves of the deck. A
// player who is not in the game ("" or an observer) sees no hand. A
// finished game hides nothing and is returned as a copy.
func (Engine) Redeal(as engine.State, player string, rng *engine.Rand) engine.State {
	s := state(as).clone()
	if s.Phase == phaseOver {
		return s
	}
	seat := s.seat(player)
	// The unseen cards and their places, in canonical order.
	type place struct{ seat, index int } // seat -1: the deck
	var pool []Card
	var places []place
	for i := range s.Players {
		if i == seat {
			continue
		}
		for j, h := range s.Players[i].Hand {
			if !h.Open {
				pool = append(pool, h.Card)
				places = append(places, place{i, j})
			}
		}
	}
	for d, dc := range s.Deck {
		if dc.Card != OrdinanceCard && !(seat >= 0 && dc.knownTo(seat)) && !dc.Public {
			pool = append(pool, dc.Card)
			places = append(places, place{-1, d})
		}
	}
	slices.Sort(pool)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for n, p := range places {
		if p.seat < 0 {
			s.Deck[p.index].Card = pool[n]
		} else {
			s.Players[p.seat].Hand[p.index].Card = pool[n]
		}
	}
	s.redealMerchants(seat, rng)
	for i := range s.Players {
		if i != seat {
			s.Players[i].Plan = nil
		}
	}
	return s
}

// redealMerchants deals the Merchant cards seat does not see anew to the
// other players (see Redeal).
func (s *State) redealMerchants(seat int, rng *engine.Rand) {
	if !s.Figures {
		return
	}
	open := func(i int) bool { return i == seat || s.Phase == phaseChen && i == s.Active }
	var seen []string
	for i := range s.Players {
		if open(i) {
			seen = append(seen, s.Players[i].Merchant)
		}
	}
	var pool []string
	for _, m := range data.Merchants {
		if len(s.Players) >= m.MinPlayers && !slices.Contains(seen, m.Name) {
			pool = append(pool, m.Name)
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i := range s.Players {
		if !open(i) && len(pool) > 0 {
			s.Players[i].Merchant, pool = pool[0], pool[1:]
		}
	}
}
