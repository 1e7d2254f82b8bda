package oldshanghai

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
// returns the state before every step.
func positions(t testing.TB, n, games int) []*State {
	t.Helper()
	names := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n]
	var out []*State
	for _, s := range adjtest.BotPositions(t, New(), names, games, 400, adjtest.RemovingOne(t, New(), names, 4, 6)) {
		out = append(out, s.(*State))
	}
	return out
}

// twinOf is a state that differs from s only in what seat me may not see:
// the cards me cannot see dealt anew where me knows nothing of them (the
// deck depths me does not know, the other hands but for the cards me
// knows in them, another player's Old Shell-Back cards), a Shanghai!
// never into a hand; the others' standing orders and knowledge, and the
// GM's count of decisions, changed.
func twinOf(s *State, me int, r *rand.Rand) *State {
	c := s.clone()
	known := map[int]bool{} // deck depths me knows something of
	for _, f := range c.Players[me].Deck {
		for d := f.Depth; d <= f.Depth+f.Deeper; d++ {
			known[d] = true
		}
	}
	type slot struct {
		cards *[]Card
		i     int
	}
	var slots []slot
	for d := range c.Deck {
		if !known[d+1] {
			slots = append(slots, slot{&c.Deck, d})
		}
	}
	if c.Stage == stKeep && c.Active != me {
		for i := range c.Shell {
			slots = append(slots, slot{&c.Shell, i})
		}
	}
	for q := range c.Players {
		if q == me {
			continue
		}
		held := map[Card]int{}
		for _, h := range c.Players[me].Held {
			if h.Holder == q {
				held[h.Card]++
			}
		}
		if c.Stage == stKeep && c.Active == q && c.Active != me {
			for _, x := range c.Shell {
				held[x]++ // dealt as the Shell-Back cards, kept in step below
			}
		}
		for i, x := range c.Players[q].Hand {
			if held[x] > 0 {
				held[x]--
				continue
			}
			slots = append(slots, slot{&c.Players[q].Hand, i})
		}
	}
	// Swap the cards of random pairs of places, a Shanghai! only between
	// places that are not in a hand.
	inHand := func(sl slot) bool { return sl.cards != &c.Deck && sl.cards != &c.Shell }
	for range 3 * len(slots) {
		a, b := slots[r.IntN(len(slots))], slots[r.IntN(len(slots))]
		x, y := (*a.cards)[a.i], (*b.cards)[b.i]
		if (x == cShanghai && inHand(b)) || (y == cShanghai && inHand(a)) {
			continue
		}
		(*a.cards)[a.i], (*b.cards)[b.i] = y, x
	}
	if c.Stage == stKeep && c.Active != me {
		// The Shell-Back cards are in the active hand too.
		h := c.Players[c.Active].Hand
		for _, x := range s.Shell {
			if i := slices.Index(h, x); i >= 0 {
				h = slices.Delete(h, i, i+1)
			}
		}
		c.Players[c.Active].Hand = append(h, c.Shell...)
	}
	for q := range c.Players {
		slices.Sort(c.Players[q].Hand)
		if q != me {
			c.Players[q].Orders = Standing{Skip: []SkipRule{{Play: "draw"}}}
			c.Players[q].Deck = []Fact{{Depth: 1, Card: cHeart}}
		}
	}
	c.Decisions += 7
	return c
}

// Redeal and the bot are fair by construction: twins (states that differ
// only in what the seat may not see) give the same redealt state and the
// same orders for the same stream, the seat sees the redealt state as it
// saw the original, and the redealt state is a real one in which what the
// seat knows holds.
func TestBotTwins(t *testing.T) {
	e := New()
	r := rand.New(rand.NewPCG(5, 6))
	checked, differ := 0, 0
	for n := 2; n <= 6; n++ {
		for i, s := range positions(t, n, 2) {
			for me, p := range s.Players {
				if p.Out || (i+me)%2 == 1 {
					continue
				}
				twin := twinOf(s, me, r)
				if err := twin.wellFormed(); err != nil {
					t.Fatalf("%d players, position %d: the twin: %v", n, i, err)
				}
				seed := []byte(fmt.Sprint("twins", n, i, me))
				if adjtest.BotTwins(t, e, s, twin, p.Name, seed) {
					differ++
				}
				a := e.Redeal(s, p.Name, engine.NewRand(seed, 2)).(*State)
				if err := a.wellFormed(); err != nil {
					t.Fatalf("%d players, position %d: the redealt state: %v", n, i, err)
				}
				knowsTrue(t, a, me, fmt.Sprintf("%d players, position %d", n, i))
				checked++
			}
		}
	}
	if differ < checked/2 {
		t.Fatalf("only %d of %d twins differ from their original", differ, checked)
	}
}

// knowsTrue checks that what seat me knows holds in s: the deck depths it
// knows and the cards it knows in other hands, and that no hand holds a
// Shanghai! but an Old Shell-Back player's.
func knowsTrue(t *testing.T, s *State, me int, where string) {
	t.Helper()
	for _, f := range s.Players[me].Deck {
		found := false
		for d := f.Depth; d <= min(f.Depth+f.Deeper, len(s.Deck)); d++ {
			found = found || s.Deck[d-1] == f.Card
		}
		if !found && f.Depth <= len(s.Deck) {
			t.Fatalf("%s: %s knows a %s at depth %d-%d, and the redealt deck has none there: %v", where, s.name(me), f.Card, f.Depth, f.Depth+f.Deeper, s.Deck)
		}
	}
	for q, p := range s.Players {
		if slices.Contains(p.Hand, cShanghai) && !(s.Stage == stKeep && s.Active == q) {
			t.Fatalf("%s: %s holds a Shanghai!", where, p.Name)
		}
	}
}

// DecodeState reads back what the state's JSON says: the same JSON, and
// the same game from there on; it refuses what is not a state.
func TestDecodeState(t *testing.T) {
	e := New()
	for n := 2; n <= 6; n++ {
		for i, s := range positions(t, n, 1) {
			if i%3 == 0 {
				adjtest.DecodePlaysOn(t, e, s, 3, []byte(fmt.Sprint("decode", n, i)))
			}
		}
	}
	for _, bad := range []string{`{`, `{"players":[]}`, `{"players":[{"name":"a"}],"counts":[1]}`} {
		if _, err := e.DecodeState([]byte(bad)); err == nil {
			t.Errorf("DecodeState(%s) took it", bad)
		}
	}
}
