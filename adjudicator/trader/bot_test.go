package trader

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Every order the bot gives passes Check, in positions of every kind (every
// player count, turns and last sales, plans, removed players, corrected
// money), and it is the same for the same stream.
func TestBotOrdersPassCheck(t *testing.T) {
	e := New()
	n := 0
	for i, s := range positions(t, 30, 15, true) {
		for _, p := range e.Status(s).Pending {
			rng := func() *engine.Rand { return engine.NewBotRand([]byte("check"), i, 0, p) }
			items := e.BotOrders(s, p, rng())
			if err := e.Check(s, p, items); err != nil {
				t.Fatalf("position %d: %s's bot orders %v are refused: %v", i, p, items, err)
			}
			if again := e.BotOrders(s, p, rng()); !sameItems(items, again) {
				t.Fatalf("position %d: %s's bot gave %v, then %v for the same stream", i, p, items, again)
			}
			n++
		}
	}
	if n < 50 {
		t.Fatalf("only %d decisions checked", n)
	}
}

// The bot's orders depend only on what its seat sees: twins that differ in
// the others' money and plans get the same orders for the same stream.
func TestBotTwins(t *testing.T) {
	e := New()
	r := rand.New(rand.NewPCG(5, 6))
	n := 0
	for i, s := range positions(t, 30, 25, true) {
		for _, p := range e.Status(s).Pending {
			twin := hiddenTwin(s, s.seat(p), r)
			a := e.BotOrders(s, p, engine.NewBotRand([]byte("twins"), i, 0, p))
			b := e.BotOrders(twin, p, engine.NewBotRand([]byte("twins"), i, 0, p))
			if !sameItems(a, b) {
				t.Fatalf("position %d: %s's bot gives %v and %v to twins", i, p, a, b)
			}
			n++
		}
	}
	tw := twins(t, e)
	for step := range 3 {
		a := e.BotOrders(tw.A, "bob", engine.NewBotRand([]byte("t"), step, 0, "bob"))
		b := e.BotOrders(tw.B, "bob", engine.NewBotRand([]byte("t"), step, 0, "bob"))
		if !sameItems(a, b) {
			t.Fatalf("bob's bot gives %v and %v to the secrecy twins", a, b)
		}
	}
	if n < 50 {
		t.Fatalf("only %d twin decisions", n)
	}
}

// The bot takes the sure win a sale offers rather than a purchase: at the
// last sales it sells its best pair.
func TestBotMakesTheBestLastSale(t *testing.T) {
	e := New()
	n := 0
	for i, s := range positions(t, 60, 1, false) {
		if s.Phase != phaseLastSale || s.teams() {
			continue
		}
		for _, seat := range s.LastSale {
			p := s.Players[seat].Name
			got := e.BotOrders(s, p, engine.NewBotRand([]byte("last"), i, 0, p))
			best, _ := s.bestLastSale(seat)
			a, err := e.Read(s, p, got)
			if err != nil {
				t.Fatal(err)
			}
			if pay := a.(*action).pay(); pay != best.pay() {
				t.Fatalf("position %d: %s's last sale %v pays %d; the best pays %d", i, p, got, pay, best.pay())
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no last sale was played")
	}
}

func sameItems(a, b []orders.Item) bool {
	return slices.EqualFunc(a, b, func(x, y orders.Item) bool { return itemText(x) == itemText(y) })
}

func itemText(it orders.Item) string {
	g, err := it.Generic()
	if err != nil {
		return "?" + it.Verb
	}
	b, _ := json.Marshal(g)
	return string(b)
}
