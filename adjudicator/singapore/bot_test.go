package singapore

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// quickSearch is a small search, for tests that ask the bot many times.
var quickSearch = botSearch{worlds: 4, steps: 200, margin: 0.2}

func itemsText(tb testing.TB, items []orders.Item) string {
	tb.Helper()
	g, err := orders.Generic(items)
	if err != nil {
		tb.Fatal(err)
	}
	return fmt.Sprint(g)
}

// The playouts' model of another seat is its Default exactly: resolving
// defaultPlan's reading and the Default orders give the same state.
func TestDefaultPlanIsTheDefault(t *testing.T) {
	for _, v := range versions.Names() {
		e := New().AtVersion(v).(Engine)
		for _, s := range randomPositions(t, 40) {
			if s.Phase == phaseOver {
				continue
			}
			p := s.Players[s.Active].Name
			a, _, err := e.Resolve(s.clone(), []engine.Submission{{Player: p, Items: e.Default(s, p)}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, _, err := e.Resolve(s.clone(), []engine.Submission{{Player: p, Reading: s.defaultPlan(s.Active)}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if stateJSON(t, a) != stateJSON(t, b) {
				t.Fatalf("%s: defaultPlan plays otherwise than Default in %s", v, s.phaseText())
			}
		}
	}
}

// Every order the bot gives passes Check, in every phase of games of 2 to
// 6 players with every combination of variants; and the bot is fair and
// reproducible: twins (states that differ only in what its seat may not
// see) get the same orders from the same stream.
func TestBotOrdersAreLegalAndFair(t *testing.T) {
	e := New()
	every := 4 // turn positions asked: one in every
	if testing.Short() {
		every = 12
	}
	r := rand.New(rand.NewPCG(3, 4))
	asked, phases := 0, map[string]int{}
	for i, s := range randomPositions(t, 25) {
		if s.Phase == phaseOver || i%every != 0 && s.Phase == phaseTurn {
			continue
		}
		seat := s.Active
		p := s.Players[seat].Name
		seed := []byte(fmt.Sprint("fair ", i))
		items := quickSearch.orders(e, s, p, engine.NewBotRand(seed, i, 0, p))
		if err := e.Check(s, p, items); err != nil {
			t.Fatalf("%s: the bot's orders %s are refused: %v", s.phaseText(), itemsText(t, items), err)
		}
		twin := twinFor(s, seat, r)
		if got, want := itemsText(t, quickSearch.orders(e, twin, p, engine.NewBotRand(seed, i, 0, p))), itemsText(t, items); got != want {
			t.Fatalf("%s: the bot tells twins apart: %s and %s", s.phaseText(), want, got)
		}
		asked++
		phases[s.Phase]++
	}
	if phases[phaseStart] == 0 || phases[phaseTurn] == 0 || phases[phaseChen] == 0 {
		t.Fatalf("not every phase was asked: %v", phases)
	}
	t.Logf("%d decisions: %v", asked, phases)
}

// The bot's own search gives legal orders too, and the same ones again
// from the same stream.
func TestBotOrdersFullSearch(t *testing.T) {
	e := New()
	for i, s := range randomPositions(t, 3) {
		if s.Phase == phaseOver || i%3 != 0 {
			continue
		}
		p := s.Players[s.Active].Name
		items := e.BotOrders(s, p, engine.NewBotRand([]byte("full"), i, 0, p))
		if err := e.Check(s, p, items); err != nil {
			t.Fatalf("%s: the bot's orders %s are refused: %v", s.phaseText(), itemsText(t, items), err)
		}
		if again := e.BotOrders(s, p, engine.NewBotRand([]byte("full"), i, 0, p)); itemsText(t, again) != itemsText(t, items) {
			t.Fatalf("%s: the same stream gives %s, then %s", s.phaseText(), itemsText(t, items), itemsText(t, again))
		}
	}
}

// A seat that owes nothing gets no orders.
func TestBotOwesNothing(t *testing.T) {
	e := New()
	s := randomPositions(t, 1)[4]
	other := s.Players[(s.Active+1)%len(s.Players)].Name
	if items := e.BotOrders(s, other, engine.NewBotRand([]byte("x"), 1, 0, other)); len(items) != 0 {
		t.Fatalf("%s owes nothing but the bot gives %s", other, itemsText(t, items))
	}
}
