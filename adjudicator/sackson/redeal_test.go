package sackson

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// positions plays games of n players (seat 0 by the bot, the others at
// random among the legal orders, now and then one removed by the GM) and
// returns the state before every round, with the game's seed.
func positions(t testing.TB, n, games int) []*State {
	t.Helper()
	e := New()
	names := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n]
	var out []*State
	for g := range games {
		seed := []byte(fmt.Sprintf("positions %d/%d", n, g))
		as, err := e.Setup(engine.Config{Players: names, Options: json.RawMessage(`{}`)}, engine.NewRand(seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		s := as.(*State)
		for step := 1; !s.Over && step < 200; step++ {
			if g%5 == 4 && step == 4 {
				ns, _, err := e.Correct(s, engine.Correction{Action: "remove", Player: names[n-1]})
				if err != nil {
					t.Fatal(err)
				}
				s = ns.(*State)
			}
			out = append(out, s.clone())
			var subs []engine.Submission
			for _, p := range e.Status(s).Pending {
				rng := engine.NewBotRand(seed, step, 0, p)
				items := engine.RandomOrders(e, s, p, rng)
				if p == names[0] {
					items = e.BotOrders(s, p, rng)
				}
				subs = append(subs, engine.Submission{Player: p, Items: items})
			}
			ns, _, err := e.Resolve(s, subs, engine.NewRand(seed, step))
			if err != nil {
				t.Fatal(err)
			}
			s = ns.(*State)
		}
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

func viewJSON(t testing.TB, s *State, player string) string {
	t.Helper()
	b, err := json.Marshal(New().View(s, player))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Redeal is fair by construction: twins (states that differ only in what
// the seat may not see) give the same redealt state for the same stream,
// the seat sees the redealt state as it saw the original, and the
// redealt state is a real one (every card and event card once).
func TestRedealTwins(t *testing.T) {
	e := New()
	r := rand.New(rand.NewPCG(1, 2))
	checked, differ := 0, 0
	for n := 3; n <= 6; n++ {
		for i, s := range positions(t, n, 4) {
			for me, p := range s.Players {
				if p.Removed {
					continue
				}
				twin := twinOf(s, me, r)
				if viewJSON(t, s, p.Name) != viewJSON(t, twin, p.Name) {
					t.Fatalf("%d players, position %d: the twin is not a twin for %s", n, i, p.Name)
				}
				if string(s.AppendJSON(nil)) != string(twin.AppendJSON(nil)) {
					differ++
				}
				seed := []byte(fmt.Sprint("redeal", n, i, me))
				a := e.Redeal(s, p.Name, engine.NewRand(seed, 1)).(*State)
				b := e.Redeal(twin, p.Name, engine.NewRand(seed, 1)).(*State)
				if ja, jb := string(a.AppendJSON(nil)), string(b.AppendJSON(nil)); ja != jb {
					t.Fatalf("%d players, position %d, %s: the twins redeal differently:\n%s\n%s", n, i, p.Name, ja, jb)
				}
				if viewJSON(t, a, p.Name) != viewJSON(t, s, p.Name) {
					t.Fatalf("%d players, position %d: %s sees the redealt state differently:\n%s\n%s", n, i, p.Name, viewJSON(t, a, p.Name), viewJSON(t, s, p.Name))
				}
				if err := a.wellFormed(); err != nil {
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
// the same game from there on.
func TestDecodeState(t *testing.T) {
	e := New()
	for n := 3; n <= 6; n++ {
		for i, s := range positions(t, n, 1) {
			data, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			d, err := e.DecodeState(data)
			if err != nil {
				t.Fatalf("%d players, position %d: %v", n, i, err)
			}
			a, b := s.clone(), d.(*State)
			for step := 1; step <= 3 && !a.Over; step++ {
				if ja, jb := string(a.AppendJSON(nil)), string(b.AppendJSON(nil)); ja != jb {
					t.Fatalf("%d players, position %d, step %d: decoded state differs:\n%s\n%s", n, i, step, ja, jb)
				}
				seed := []byte(fmt.Sprint("decode", n, i))
				subs := func(s *State) []engine.Submission {
					var out []engine.Submission
					for _, p := range e.Status(s).Pending {
						out = append(out, engine.Submission{Player: p, Items: e.BotOrders(s, p, engine.NewBotRand(seed, step, 0, p))})
					}
					return out
				}
				na, _, err := e.Resolve(a, subs(a), engine.NewRand(seed, step))
				if err != nil {
					t.Fatal(err)
				}
				nb, _, err := e.Resolve(b, subs(b), engine.NewRand(seed, step))
				if err != nil {
					t.Fatal(err)
				}
				a, b = na.(*State), nb.(*State)
			}
		}
	}
	for _, bad := range []string{`{`, `{"players":[]}`, `{"players":[{"name":"a","hand":["1-0","1-0"]}]}`} {
		if _, err := e.DecodeState([]byte(bad)); err == nil {
			t.Errorf("DecodeState(%s) took it", bad)
		}
	}
}

// orderText is an order file as its generic form prints it.
func orderText(t testing.TB, items []orders.Item) string {
	t.Helper()
	g, err := orders.Generic(items)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
