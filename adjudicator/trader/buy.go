package trader

import (
	"fmt"
	"strconv"

	"taipan/orders"
)

// buy is "Buying a Stock" (trader.txt): the bottom stock of a column, for
// its printed value (TR-A14: not without the money), and with 3 players
// not the one the Market closed card covers ("Option for 3 Players").
// buy: COLUMN, or buy: STOCK when one column alone has it available.
var buy verb = &buyVerb{verbInfo{
	name:   kindBuy,
	rule:   `trader.txt "Buying a Stock"; TR-A14`,
	action: true,
}}

type buyVerb struct{ verbInfo }

func (*buyVerb) read(r *Rules, s *State, seat int, it *orders.Item, a *action) error {
	return readBuy(r, s, seat, it, a)
}

func (*buyVerb) offer(s *State, seat int, add func(order, format string, args ...any)) {
	if s.Phase != phaseTurn {
		return
	}
	for c, col := range s.Columns {
		if len(col) > 0 {
			add("buy: "+data.Capitals[c], "buy %s for %d million", col[0], col[0].Value)
		}
	}
}

func (*buyVerb) play(s *State, seat int, a action, by string) string {
	p := &s.Players[seat]
	k := s.Columns[a.col][0]
	s.Columns[a.col] = s.Columns[a.col][1:]
	p.Money -= k.Value
	s.give(seat, k)
	return p.Name + " bought " + k.String() + " from " + data.Capitals[a.col] + " for " + strconv.Itoa(k.Value) + " million" + by + "."
}

func (*buyVerb) write(a action) orders.Item {
	return orders.With(kindBuy, data.Capitals[a.col])
}

func (*buyVerb) describe(s *State, a action) string {
	k := s.Columns[a.col][0]
	return fmt.Sprintf("buy %s from %s for %d million", k, data.Capitals[a.col], k.Value)
}

func (*buyVerb) planEntry(s *State, seat int, it orders.Item, word string) (PlanEntry, error) {
	pe := PlanEntry{Verb: kindBuy}
	name, err := it.String()
	if err != nil {
		return pe, it.Errorf("name a column or an available stock, or write buy: cheapest")
	}
	switch {
	case word == planCheapest || word == "cheap":
		pe.Args = []string{planCheapest}
	case capitalIndex(name) >= 0:
		pe.Args = []string{data.Capitals[capitalIndex(name)]}
	default:
		k, msg := parseStock(name)
		if msg != "" {
			return pe, it.Errorf("%q is not a column or a stock: the columns are %s (or write buy: cheapest)%s", name, capitalList(), columnHint(name))
		}
		if _, err := s.stockArg(it, name); err != nil {
			return pe, err
		}
		pe.Args = []string{k.String()}
	}
	return pe, nil
}

func (*buyVerb) planChoices(s *State, seat int, pe PlanEntry) [][]orders.Item {
	switch {
	case pe.Args[0] == planCheapest:
		if a, ok := s.cheapestBuy(seat, false); ok {
			return oneChoice(orders.With(kindBuy, data.Capitals[a.col]))
		}
		return nil
	case capitalIndex(pe.Args[0]) < 0:
		// A stock: every column where it is available, in capital order.
		k, _ := parseStock(pe.Args[0])
		var out [][]orders.Item
		for c, col := range s.Columns {
			if len(col) > 0 && col[0] == k {
				out = append(out, oneChoice(orders.With(kindBuy, data.Capitals[c]))...)
			}
		}
		return out
	}
	return oneChoice(orders.With(kindBuy, pe.Args...))
}

// readBuy reads buy: COLUMN (or an available stock) and checks the
// purchase can be made.
func readBuy(_ *Rules, s *State, seat int, it *orders.Item, a *action) error {
	if s.Phase != phaseTurn {
		return it.Errorf("the set has ended: only a last sale (sell or joker) or pass is allowed now")
	}
	name, err := it.String()
	if err != nil {
		return it.Errorf("name the column to buy from, e.g. buy: London")
	}
	c := capitalIndex(name)
	if c < 0 {
		k, msg := parseStock(name)
		if msg != "" {
			return it.Errorf("%q is not a column: the columns are %s%s", name, capitalList(), columnHint(name))
		}
		var at []int
		for i, col := range s.Columns {
			if len(col) > 0 && col[0] == k {
				at = append(at, i)
			}
		}
		switch len(at) {
		case 0:
			for i, col := range s.Columns {
				for _, x := range col[min(1, len(col)):] {
					if x == k {
						return it.Errorf("%s is not available: only the bottom stock of a column can be bought, and %s's is %s", k, data.Capitals[i], col[0])
					}
				}
			}
			return it.Errorf("%s is not available: no column has it at the bottom", k)
		case 1:
			c = at[0]
		default:
			return it.Errorf("%s is available in %s; name the column instead, e.g. buy: %s", k, columnNames(at), data.Capitals[at[0]])
		}
	}
	a.col = c
	col := s.Columns[c]
	switch {
	case len(col) == 0:
		return it.Errorf("%s is empty", data.Capitals[c])
	case c == s.Market:
		return it.Errorf("%s's available stock, %s, is covered by the Market closed card and cannot be bought", data.Capitals[c], col[0])
	case col[0].Value > s.Players[seat].Money:
		return it.Errorf("%s's available stock is %s, which costs %d million; you have %d million", data.Capitals[c], col[0], col[0].Value, s.Players[seat].Money)
	}
	return nil
}

// cheapestBuy is the cheapest stock seat can buy now, the lowest column on
// ties. ignoreMC pretends the Market closed card is not there.
func (s *State) cheapestBuy(seat int, ignoreMC bool) (action, bool) {
	a, found := action{verb: buy, col: -1, mc: -1}, false
	for i, col := range s.Columns {
		if len(col) == 0 || (i == s.Market && !ignoreMC) || col[0].Value > s.Players[seat].Money {
			continue
		}
		if !found || col[0].Value < s.Columns[a.col][0].Value {
			a.col, found = i, true
		}
	}
	return a, found
}
