package sackson

import (
	"slices"

	"taipan/adjudicator/engine"
)

var _ engine.Redealer = Engine{}

// Redeal returns a copy of s in which everything player may not see
// (SS-X12) is drawn anew from rng, from what player sees alone: the other
// players' hands and the destination pile are pooled in card order,
// shuffled and dealt back, each hand keeping its size (public) and the
// pile its length; the card another player bought last round is one of
// that player's new cards; the event pile keeps at its bottom the cards
// carried out (every one is listed to all, SS-G4: they go back under the
// pile in that order) and the cards not yet seen are shuffled above them.
// Two states that differ only in what player may not see give equal
// results for equal streams.
func (Engine) Redeal(as engine.State, player string, rng *engine.Rand) engine.State {
	s := state(as).clone()
	me := s.seat(player)
	var pool []Card
	for q := range s.Players {
		if q != me {
			pool = append(pool, s.Players[q].Hand...)
		}
	}
	pool = append(pool, s.Pile...)
	slices.Sort(pool)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for q := range s.Players {
		if q == me {
			continue
		}
		n := len(s.Players[q].Hand)
		hand := pool[:n:n]
		pool = pool[n:]
		slices.Sort(hand)
		s.Players[q].Hand = hand
	}
	s.Pile = pool
	if l := s.Last; l != nil && l.Card != nil && l.Bought != me {
		l.Card = nil
		if h := s.Players[l.Bought].Hand; len(h) > 0 {
			c := h[rng.Intn(len(h))]
			l.Card = &c
		}
	}
	s.Events = redealEvents(s.EventsDone, len(s.Events), rng)
	return s
}

// redealEvents is an event pile of n cards consistent with the cards
// carried out (done, in order): the last of them, up to n, lie at the
// bottom in the order they were carried out, and the cards not among
// them, in data order, are shuffled above.
func redealEvents(done []EventLog, n int, rng *engine.Rand) []int {
	known := done[len(done)-min(len(done), n):]
	seen := make([]bool, len(data.Events))
	for _, e := range known {
		seen[e.Event] = true
	}
	pile := make([]int, 0, n)
	for e := range data.Events {
		if !seen[e] {
			pile = append(pile, e)
		}
	}
	rng.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
	for _, e := range known {
		pile = append(pile, e.Event)
	}
	return pile
}
