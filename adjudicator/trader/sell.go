package trader

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/orders"
)

// sell is "Selling Two Stocks" (trader.txt): two stocks of one colour,
// for the product of their values; with 4 players one of the seller's and
// one of the partner's ("Option for 4 Players", TR-A5, TR-X8).
// sell: [STOCK, STOCK], or sell: {mine: STOCK, partner: STOCK}.
var sell verb = &sellVerb{verbInfo{
	name:   kindSell,
	rule:   `trader.txt "Selling Two Stocks", "Option for 4 Players"; TR-A5, TR-X8`,
	action: true,
}}

type sellVerb struct{ verbInfo }

func (*sellVerb) read(_ *Rules, s *State, seat int, it *orders.Item, a *action) error {
	x, y, explicit, err := s.sellArgs(*it)
	if err != nil {
		return err
	}
	return s.checkSellHeld(seat, *it, a, x, y, explicit)
}

func (*sellVerb) offer(s *State, seat int, add func(order, format string, args ...any)) {
	mine := s.Players[seat].Stocks
	partner := mine
	if s.teams() {
		partner = s.Players[s.partner(seat)].Stocks
	}
	for i, x := range mine {
		for j, y := range partner {
			if x.Colour != y.Colour || (!s.teams() && j <= i) {
				continue
			}
			add(fmt.Sprintf("sell: [%s, %s]", x, y), "sell %s and %s for %d million", x, y, x.Value*y.Value)
		}
	}
}

func (*sellVerb) play(s *State, seat int, a action, by string) string {
	return s.sale(seat, a) + by + "."
}

func (*sellVerb) sale(s *State, seat int, a action) string {
	s.take(a.owners[0], a.stocks[0])
	s.take(a.owners[1], a.stocks[1])
	s.Sold = append(s.Sold, a.stocks[0], a.stocks[1])
	return fmt.Sprintf("%s sold %s and %s for %d million", s.Players[seat].Name, s.whose(seat, a, 0), s.whose(seat, a, 1), a.pay())
}

func (*sellVerb) write(a action) orders.Item {
	return orders.With(kindSell, a.stocks[0].String(), a.stocks[1].String())
}

func (*sellVerb) describe(s *State, a action) string {
	return fmt.Sprintf("sell %s and %s for %d million", a.stocks[0], a.stocks[1], a.pay())
}

func (*sellVerb) pay(a action) int {
	return a.stocks[0].Value * a.stocks[1].Value
}

func (*sellVerb) planEntry(s *State, seat int, it orders.Item, word string) (PlanEntry, error) {
	pe := PlanEntry{Verb: kindSell}
	if word == planBest {
		pe.Args = []string{planBest}
		return pe, nil
	}
	x, y, explicit, err := s.sellArgs(it)
	if err != nil {
		return pe, err
	}
	pe.Args, pe.Partner = []string{x.String(), y.String()}, explicit
	return pe, nil
}

func (*sellVerb) planChoices(s *State, seat int, pe PlanEntry) [][]orders.Item {
	switch {
	case pe.Args[0] == planBest:
		if a, ok := s.bestPair(seat); ok {
			return oneChoice(orders.With(kindSell, a.stocks[0].String(), a.stocks[1].String()))
		}
		return nil
	case pe.Partner:
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{
			{Kind: yaml.ScalarNode, Tag: "!!str", Value: "mine"}, {Kind: yaml.ScalarNode, Tag: "!!str", Value: pe.Args[0]},
			{Kind: yaml.ScalarNode, Tag: "!!str", Value: "partner"}, {Kind: yaml.ScalarNode, Tag: "!!str", Value: pe.Args[1]},
		}}
		return oneChoice(orders.Item{Verb: kindSell, Value: n})
	}
	return oneChoice(orders.With(kindSell, pe.Args...))
}

// sale moves the stocks a sells to the pile and pays seat (sell and
// joker, in a turn or a last sale); it returns the happening's text
// without the final period.
func (s *State) sale(seat int, a action) string {
	text := a.verb.sale(s, seat, a)
	s.Players[seat].Money += a.pay()
	return text
}

// whose names the i-th stock of a sale by seat: "red 4", or "carol's red
// 4" when it is the partner's.
func (s *State) whose(seat int, a action, i int) string {
	if a.owners[i] == seat {
		return a.stocks[i].String()
	}
	return s.Players[a.owners[i]].Name + "'s " + a.stocks[i].String()
}

// sellArgs reads the two stocks of a sale order and checks that they exist
// and are of one colour; explicit says the mapping form {mine, partner}.
func (s *State) sellArgs(it orders.Item) (x, y Stock, explicit bool, err error) {
	const how = "a sale is two stocks of the same colour, e.g. sell: [red 4, red 5]; to sell one stock with the Joker write joker: red 4"
	var texts []string
	var list error // why the value is not a list of scalars
	one, scalar := it.Scalar()
	if !scalar && it.HasValue() {
		// A list, read from the log's text without its node; a mapping
		// is not one.
		texts, list = it.Strings()
	}
	switch {
	case !it.HasValue():
		return x, y, false, it.Errorf("%s", how)
	case scalar:
		if texts = splitStocks(one); texts == nil {
			texts = []string{one}
		}
	case list == nil:
	case it.Node().Kind == yaml.MappingNode:
		if !s.teams() {
			return x, y, false, it.Errorf("with %d players there is no partner: write sell: [red 4, red 5]", len(s.Players))
		}
		texts = make([]string, 2)
		n := it.Node().Content
		for i := 0; i+1 < len(n); i += 2 {
			k, v := n[i], n[i+1]
			idx := -1
			switch strings.ToLower(strings.TrimSpace(k.Value)) {
			case "mine", "me", "own", "my":
				idx = 0
			case "partner", "partner's", "partners":
				idx = 1
			}
			if idx < 0 || k.Kind != yaml.ScalarNode {
				return x, y, false, it.Errorf("a sale written as a mapping has the keys mine and partner, e.g. sell: {mine: red 4, partner: red 5}")
			}
			if v.Kind != yaml.ScalarNode {
				return x, y, false, it.Errorf("%s: give one stock, e.g. red 4", k.Value)
			}
			if texts[idx] != "" {
				return x, y, false, it.Errorf("%s is given twice", k.Value)
			}
			texts[idx] = strings.TrimSpace(v.Value)
		}
		if texts[0] == "" || texts[1] == "" {
			return x, y, false, it.Errorf("a sale written as a mapping needs both keys, e.g. sell: {mine: red 4, partner: red 5}")
		}
		explicit = true
	default:
		return x, y, false, list
	}
	if len(texts) != 2 {
		if len(texts) == 1 {
			if _, err := s.stockArg(it, texts[0]); err != nil {
				return x, y, false, err
			}
		}
		return x, y, false, it.Errorf("%s", how)
	}
	if x, err = s.stockArg(it, texts[0]); err != nil {
		return x, y, false, err
	}
	if y, err = s.stockArg(it, texts[1]); err != nil {
		return x, y, false, err
	}
	if x.Colour != y.Colour {
		return x, y, false, it.Errorf("%s and %s are different colours", x, y)
	}
	return x, y, explicit, nil
}

// checkSellHeld checks that the stocks of a sale are held as the rules
// ask (TR-A5, TR-X8) and fills in the action.
func (s *State) checkSellHeld(seat int, it orders.Item, a *action, x, y Stock, explicit bool) error {
	a.stocks = [2]Stock{x, y}
	if !s.teams() {
		if x == y {
			switch s.count(seat, x) {
			case 0:
				return it.Errorf("you hold no %s", x)
			case 1:
				return it.Errorf("you hold only one %s", x)
			}
			return nil
		}
		if s.count(seat, x) == 0 {
			return it.Errorf("you hold no %s", x)
		}
		if s.count(seat, y) == 0 {
			return it.Errorf("you hold no %s", y)
		}
		return nil
	}
	q := s.partner(seat)
	pn := s.Players[q].Name
	a.owners = [2]int{seat, q}
	if s.count(seat, x) > 0 && s.count(q, y) > 0 {
		return nil
	}
	if !explicit && s.count(seat, y) > 0 && s.count(q, x) > 0 {
		a.stocks = [2]Stock{y, x}
		return nil
	}
	switch {
	case s.count(seat, x) == 0:
		return it.Errorf("you hold no %s", x)
	case s.count(seat, y) > 0 && (x != y || s.count(seat, x) > 1):
		return it.Errorf("with 4 players you cannot sell two of your own stocks: the second must be your partner %s's, and %s holds no %s", pn, pn, y)
	}
	return it.Errorf("your partner %s holds no %s: with 4 players a sale pairs one of your stocks with one of your partner's of the same colour", pn, y)
}

// bestPair is the pair sale with the highest payout open to seat: two of
// its own stocks of one colour, or with 4 players one of its own and one of
// its partner's (TR-A5). Ties go to the first colour in data order.
func (s *State) bestPair(seat int) (action, bool) {
	best, found := action{verb: sell, col: -1, mc: -1}, false
	q := seat
	if s.teams() {
		q = s.partner(seat)
	}
	for c := range data.Colours {
		var x, y Stock
		ok := false
		if q == seat {
			// Stocks are sorted by colour then value: take the two highest.
			n := 0
			for _, h := range s.Players[seat].Stocks {
				if h.Colour == c {
					x, y = y, h
					n++
				}
			}
			ok = n >= 2
		} else {
			var okx, oky bool
			x, okx = s.highest(seat, c)
			y, oky = s.highest(q, c)
			ok = okx && oky
		}
		if ok && (!found || x.Value*y.Value > best.pay()) {
			best.stocks, best.owners, found = [2]Stock{x, y}, [2]int{seat, q}, true
		}
	}
	return best, found
}

// highest returns seat's highest stock of colour c.
func (s *State) highest(seat, c int) (Stock, bool) {
	var out Stock
	ok := false
	for _, h := range s.Players[seat].Stocks {
		if h.Colour == c {
			out, ok = h, true // sorted ascending: the last one wins
		}
	}
	return out, ok
}
