package trader

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"taipan/orders"
)

// tentry is one entry of a random plan, as the test knows it.
type tentry struct {
	c       cand   // the action (buy by column, sell, joker, pass)
	special string // "cheapest", "best", or "" for c itself
	byStock bool   // buy written as the stock k, not the column
	k       Stock
	mc      []int // the entry's Market closed ranking
}

// tplan is a random plan, as the test knows it.
type tplan struct {
	entries []tentry
	mc      []int
}

func capList(cols []int) string {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = data.Capitals[c]
	}
	return "[" + strings.Join(names, ", ") + "]"
}

// randomPlan makes a plan for seat that passes the static checks (nil and
// plan: none now and then), and its items.
func randomPlan(t *testing.T, s *State, seat int, r *rand.Rand) (*tplan, orders.Item) {
	t.Helper()
	if r.IntN(8) == 0 {
		return nil, mustItems(t, "- plan: none")[0]
	}
	mcOn := s.Market >= 0
	randMC := func() []int {
		if !mcOn || r.IntN(2) == 0 {
			return nil
		}
		var out []int
		for n := 1 + r.IntN(3); n > 0; n-- {
			out = append(out, r.IntN(len(data.Capitals)))
		}
		return out
	}
	var pool []cand
	for _, c := range candidates(s, seat) {
		switch {
		case c.kind == kindSell && c.a.Colour != c.b.Colour:
		case c.kind == kindJoker && s.Teams[s.Players[seat].Team].JokerUsed:
		default:
			pool = append(pool, c)
		}
	}
	pl := &tplan{}
	var b strings.Builder
	b.WriteString("- plan:\n")
	for n := 1 + r.IntN(4); n > 0; n-- {
		te := tentry{mc: randMC()}
		var text string
		switch x := r.IntN(10); {
		case x == 0:
			te.special, text = planCheapest, "buy: cheapest"
		case x == 1:
			te.special, text = planBest, "sell: best"
		default:
			te.c = pool[r.IntN(len(pool))]
			switch te.c.kind {
			case kindBuy:
				text = "buy: " + data.Capitals[te.c.col]
				if col := s.Columns[te.c.col]; len(col) > 0 && r.IntN(3) == 0 {
					te.byStock, te.k = true, col[0]
					text = "buy: " + te.k.String()
				}
			case kindSell:
				text = fmt.Sprintf("sell: [%s, %s]", te.c.a, te.c.b)
			case kindJoker:
				text = "joker: " + te.c.a.String()
			default:
				text = "pass: "
			}
		}
		if te.mc != nil {
			text += ", market-closed: " + capList(te.mc)
		}
		fmt.Fprintf(&b, "    - {%s}\n", text)
		pl.entries = append(pl.entries, te)
	}
	if mc := randMC(); mc != nil {
		pl.mc = mc
		fmt.Fprintf(&b, "    - market-closed: %s\n", capList(mc))
	}
	return pl, mustItems(t, b.String())[0]
}

// testCheapest is the test's own reading of buy: cheapest.
func testCheapest(s *State, seat int) (cand, bool) {
	best := cand{kind: kindBuy, col: -1, mc: -1}
	for c, col := range s.Columns {
		if len(col) == 0 || c == s.Market || col[0].Value > s.Players[seat].Money {
			continue
		}
		if best.col < 0 || col[0].Value < s.Columns[best.col][0].Value {
			best.col = c
		}
	}
	return best, best.col >= 0
}

// testBestPair is the test's own reading of sell: best.
func testBestPair(s *State, seat int) (cand, bool) {
	best, found := cand{kind: kindSell, col: -1, mc: -1}, false
	top := func(p, colour int) []Stock {
		var out []Stock
		for _, k := range s.Players[p].Stocks {
			if k.Colour == colour {
				out = append(out, k)
			}
		}
		return out
	}
	for c := range data.Colours {
		var x, y Stock
		own := top(seat, c)
		if s.teams() {
			other := top(s.partner(seat), c)
			if len(own) == 0 || len(other) == 0 {
				continue
			}
			x, y = own[len(own)-1], other[len(other)-1]
		} else {
			if len(own) < 2 {
				continue
			}
			x, y = own[len(own)-2], own[len(own)-1]
		}
		if !found || x.Value*y.Value > best.a.Value*best.b.Value {
			best.a, best.b, found = x, y, true
		}
	}
	return best, found
}

// planTurn is what the test expects seat's plan to play in s: the first
// entry that Check accepts now, with the first Market closed column of
// its ranking that Check accepts with it.
func planTurn(e Engine, s *State, seat int, pl *tplan) (cand, bool) {
	name := s.Players[seat].Name
	for _, te := range pl.entries {
		var tries []cand
		switch {
		case te.special == planCheapest:
			if c, ok := testCheapest(s, seat); ok {
				tries = append(tries, c)
			}
		case te.special == planBest:
			if c, ok := testBestPair(s, seat); ok {
				tries = append(tries, c)
			}
		case te.byStock:
			for c, col := range s.Columns {
				if len(col) > 0 && col[0] == te.k {
					tries = append(tries, cand{kind: kindBuy, col: c, mc: -1})
				}
			}
		default:
			tries = append(tries, te.c)
		}
		for _, c := range tries {
			c.mc = -1
			if e.Check(s, name, c.items()) != nil {
				continue
			}
			if s.Market >= 0 {
				ranking := te.mc
				if ranking == nil {
					ranking = pl.mc
				}
				for _, m := range ranking {
					c.mc = m
					if e.Check(s, name, c.items()) == nil {
						break
					}
					c.mc = -1
				}
			}
			return c, true
		}
	}
	return cand{}, false
}

// stripPlans returns a copy of s without any plan.
func stripPlans(s *State) *State {
	c := s.clone()
	for i := range c.Players {
		c.Players[i].Plan = nil
	}
	return c
}

// TestPlanHelpers checks the test's own plan helpers on a fixed position,
// so that the random play's predictions rest on something checked.
func TestPlanHelpers(t *testing.T) {
	s := &State{Players: []Player{{Name: "a", Money: 5, Stocks: []Stock{{0, 2}, {0, 4}, {2, 5}, {2, 6}}}, {Name: "b"}}, Columns: [][]Stock{{{1, 6}}, {{1, 3}}, {{1, 2}}, nil, {{3, 2}}}, Market: -1}
	if c, ok := testCheapest(s, 0); !ok || c.col != 2 {
		t.Fatalf("cheapest: %+v %v", c, ok)
	}
	if c, ok := testBestPair(s, 0); !ok || c.a != (Stock{2, 5}) || c.b != (Stock{2, 6}) {
		t.Fatalf("best: %+v %v", c, ok)
	}
	if a, ok := s.cheapestBuy(0, false); !ok || a.col != 2 {
		t.Fatalf("engine cheapest: %+v", a)
	}
}
