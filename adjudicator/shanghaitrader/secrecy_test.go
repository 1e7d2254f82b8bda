package shanghaitrader

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
)

// scramble returns a copy of s where seat q's secrets differ: cash, bank,
// standing sell order and bids, what the Daily Mail told q, and (version
// 2) q's secret deals: offers, asks, lines of credit, the standing
// roulette wager, the picnic choice and extortion.
func scramble(s *State, q int, r *rand.Rand) *State {
	c := s.clone()
	p := &c.Players[q]
	p.Cash += 5 * (1 + r.IntN(40))
	p.Bank += 50 * (1 + r.IntN(4))
	p.Sell = []int{data.roles[roleGreatOrient]}
	p.Bids = []Bid{{Loc: -1, Type: "any", Max: 5 * (1 + r.IntN(20))}}
	p.Known = append(p.Known, Disclosure{Of: (q + 1) % len(c.Players), Cash: 999, Bank: 999, Year: 1})
	if c.Underworld != nil {
		dl := c.deals(q)
		dl.Offers = map[string]int{dealLido: 5 * r.IntN(9), dealSpy: 5 * r.IntN(9)}
		dl.Asks = map[string]int{dealCustoms: 5 * r.IntN(9), dealCourtesan: 5 * r.IntN(9)}
		dl.Credit = []Credit{{Seat: (q + 1) % len(c.Players), N: 5 * (1 + r.IntN(9)), Lend: r.IntN(2) == 0}}
		dl.Roulette = 10 + 5*r.IntN(9)
		dl.Withdraw, dl.WithdrawAt = r.IntN(2) == 0, 5*r.IntN(20)
		dl.NoExtort = r.IntN(2) == 0
	}
	return c
}

// TestSecrecy plays random games and checks at every step, the strong way,
// that no player's view, rendered view, default orders or the game's
// status depend on another player's secrets: two states that differ only
// in one player's secrets look the same to everybody else.
func TestSecrecy(t *testing.T) {
	e := New()
	renderer, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	draw := func(s *State, viewer string) string {
		out, err := renderer.DrawView(e.Name(), e.View(s, viewer))
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for g := range 30 {
		n := 3 + g%4
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n]
		seed := "secret " + strconv.Itoa(g)
		setup := "null"
		if g%2 == 1 {
			setup = randomSetup(players, rand.New(rand.NewPCG(uint64(g), 4)))
		}
		opts := randomOptions[g%len(randomOptions)]
		as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(opts), Setup: json.RawMessage(setup)}, engine.NewRand([]byte(seed), 0))
		if err != nil {
			t.Fatal(err)
		}
		s := state(as)
		r := rand.New(rand.NewPCG(uint64(g), 17))
		for step := 1; !s.Over; step++ {
			// One player's secrets a step, in turn.
			for _, q := range []int{step % n} {
				other := scramble(s, q, r)
				for me, name := range players {
					if me == q {
						continue
					}
					for _, f := range []func(*State) string{
						func(x *State) string { b, _ := json.Marshal(e.View(x, name)); return string(b) },
						func(x *State) string { return draw(x, name) },
						func(x *State) string { return itemsText(e.Default(x, name)) },
						func(x *State) string { b, _ := json.Marshal(e.Status(x)); return string(b) },
						func(x *State) string { b, _ := json.Marshal(e.View(x, engine.Observer)); return string(b) },
					} {
						if a, b := f(s), f(other); a != b {
							t.Fatalf("game %d step %d: what %s sees depends on %s's secrets:\n%s\n%s", g, step, name, players[q], a, b)
						}
					}
				}
			}
			var subs []engine.Submission
			for _, name := range e.Status(s).Pending {
				subs = append(subs, engine.Submission{Player: name, Items: randomOrders(s, s.seat(name), r)})
			}
			ns, hs, err := e.Resolve(s, subs, engine.NewRand([]byte(seed), step))
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hs {
				if len(h.To) == 0 && (strings.Contains(h.Text, "in the bank") || strings.Contains(h.Text, "You ") || strings.Contains(h.Text, "Your ")) {
					t.Fatalf("a public happening tells a secret: %q", h.Text)
				}
			}
			s = state(ns)
		}
		// At the end every player's money is shown to everybody.
		v := e.View(s, players[0]).(View)
		for _, pv := range v.Players {
			if pv.Cash == nil || pv.Bank == nil {
				t.Fatalf("game %d: %s's money is still hidden at the end", g, pv.Name)
			}
		}
	}
}

// TestTemplate draws every view of a random 6-player game with long names
// and checks the width of its lines.
func TestTemplate(t *testing.T) {
	e := New()
	players := []string{"alexandrina", "bartholomew", "christabella", "demetrius", "evangeline", "fitzgerald"}
	setup := randomSetup(players, rand.New(rand.NewPCG(3, 4)))
	as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(`{"advanced": true}`), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("view"), 0))
	if err != nil {
		t.Fatal(err)
	}
	s := state(as)
	r := rand.New(rand.NewPCG(1, 2))
	for step := 1; ; step++ {
		for _, viewer := range append([]string{"", engine.Observer}, players...) {
			out := adjtest.RenderView(t, e, e.View(s, viewer))
			for _, line := range strings.Split(out, "\n") {
				if len(line) >= 72 {
					t.Errorf("line of %d characters: %q", len(line), line)
				}
			}
			if strings.Contains(out, "<no value>") {
				t.Fatalf("the template misses a value:\n%s", out)
			}
			if step == 9 && viewer == players[1] {
				t.Logf("step %d, view of %q:\n%s", step, viewer, out)
			}
		}
		if s.Over {
			break
		}
		var subs []engine.Submission
		for _, name := range e.Status(s).Pending {
			subs = append(subs, engine.Submission{Player: name, Items: randomOrders(s, s.seat(name), r)})
		}
		ns, _, err := e.Resolve(s, subs, engine.NewRand([]byte("view"), step))
		if err != nil {
			t.Fatal(err)
		}
		s = state(ns)
	}
}
