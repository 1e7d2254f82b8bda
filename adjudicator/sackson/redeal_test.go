package sackson

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
)

// positions plays games of n players (seat 0 by the bot, the others at
// random among the legal orders, now and then one removed by the GM) and
// returns the state before every round.
func positions(t testing.TB, n, games int) []*State {
	t.Helper()
	names := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n]
	var out []*State
	for _, s := range adjtest.BotPositions(t, New(), names, games, 200, adjtest.RemovingOne(t, New(), names, 5, 4)) {
		out = append(out, s.(*State))
	}
	return out
}

// twinOf is a state that differs from s only in what seat me may not see:
// the other hands and the destination pile dealt anew from one pool (each
// hand keeping its size), the unseen part of the event pile shuffled, and
// the card another player bought last round another of their cards.
func twinOf(s *State, me int, r *rand.Rand) *State {
	c := s.clone()
	var pool []Card
	for q := range c.Players {
		if q != me {
			pool = append(pool, c.Players[q].Hand...)
		}
	}
	pool = append(pool, c.Pile...)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for q := range c.Players {
		if q != me {
			n := len(c.Players[q].Hand)
			c.Players[q].Hand = slices.Sorted(slices.Values(pool[:n]))
			pool = pool[n:]
		}
	}
	c.Pile = pool
	unseen := c.Events[:len(c.Events)-min(len(c.EventsDone), len(c.Events))]
	r.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	if l := c.Last; l != nil && l.Card != nil && l.Bought != me && len(c.Players[l.Bought].Hand) > 0 {
		h := c.Players[l.Bought].Hand
		k := h[r.IntN(len(h))]
		l.Card = &k
	}
	return c
}

// Redeal and the bot are fair by construction: twins (states that differ
// only in what the seat may not see) give the same redealt state and the
// same orders for the same stream, the seat sees the redealt state as it
// saw the original, and the redealt state is a real one (every card and
// event card once).
func TestBotTwins(t *testing.T) {
	e := New()
	r := rand.New(rand.NewPCG(1, 2))
	checked, differ := 0, 0
	for n := 3; n <= 6; n++ {
		for i, s := range positions(t, n, 3) {
			for me, p := range s.Players {
				if p.Removed || (i+me)%2 == 1 {
					continue
				}
				seed := []byte(fmt.Sprint("twins", n, i, me))
				if adjtest.BotTwins(t, e, s, twinOf(s, me, r), p.Name, seed) {
					differ++
				}
				if err := e.Redeal(s, p.Name, engine.NewRand(seed, 2)).(*State).wellFormed(); err != nil {
					t.Fatalf("%d players, position %d: the redealt state: %v", n, i, err)
				}
				checked++
			}
		}
	}
	if differ < checked/2 {
		t.Fatalf("only %d of %d twins differ from their original", differ, checked)
	}
}

// DecodeState reads back what the state's JSON says: the same JSON, and
// the same game from there on; it refuses what is not a state.
func TestDecodeState(t *testing.T) {
	e := New()
	for n := 3; n <= 6; n++ {
		for i, s := range positions(t, n, 1) {
			if i%2 == 0 {
				adjtest.DecodePlaysOn(t, e, s, 2, []byte(fmt.Sprint("decode", n, i)))
			}
		}
	}
	for _, bad := range []string{`{`, `{"players":[]}`, `{"players":[{"name":"a","hand":["1-0","1-0"]}]}`} {
		if _, err := e.DecodeState([]byte(bad)); err == nil {
			t.Errorf("DecodeState(%s) took it", bad)
		}
	}
}
