package trader

import (
	"fmt"

	"taipan/orders"
)

// joker is "Using the Joker Stock" (trader.txt): once a game, one stock
// sold with the Joker worth 2; with 4 players one Joker per team, used by
// either partner with a stock of either ("Option for 4 Players", TR-A6,
// TR-A9). joker: STOCK.
var joker verb = &jokerVerb{verbInfo{
	name:   kindJoker,
	rule:   `trader.txt "Using the Joker Stock", "Option for 4 Players"; TR-A6, TR-A9`,
	action: true,
}}

type jokerVerb struct{ verbInfo }

func (*jokerVerb) read(r *Rules, s *State, seat int, it *orders.Item, a *action) error {
	return readJoker(r, s, seat, it, a)
}

func (*jokerVerb) offer(s *State, seat int, add func(order, format string, args ...any)) {
	add1 := func(ks []Stock) {
		for _, k := range ks {
			add("joker: "+k.String(), "sell %s with the Joker for %d million", k, data.Joker*k.Value)
		}
	}
	add1(s.Players[seat].Stocks)
	if s.teams() {
		add1(s.Players[s.partner(seat)].Stocks)
	}
}

func (*jokerVerb) play(s *State, seat int, a action, by string) string {
	return s.sale(seat, a) + by + "."
}

func (*jokerVerb) sale(s *State, seat int, a action) string {
	s.take(a.owners[0], a.stocks[0])
	s.Sold = append(s.Sold, a.stocks[0])
	t := &s.Teams[s.Players[seat].Team]
	t.JokerUsed, t.JokerBy = true, seat
	name := "the Joker"
	if s.teams() {
		name = "the team Joker"
	}
	return fmt.Sprintf("%s sold %s with %s for %d million", s.Players[seat].Name, s.whose(seat, a, 0), name, a.pay())
}

func (*jokerVerb) write(a action) orders.Item {
	return orders.With(kindJoker, a.stocks[0].String())
}

func (*jokerVerb) describe(s *State, a action) string {
	return fmt.Sprintf("sell %s with the Joker for %d million", a.stocks[0], a.pay())
}

func (*jokerVerb) pay(a action) int {
	return data.Joker * a.stocks[0].Value
}

func (*jokerVerb) planEntry(s *State, seat int, it orders.Item, word string) (PlanEntry, error) {
	pe := PlanEntry{Verb: kindJoker}
	if s.Teams[s.Players[seat].Team].JokerUsed {
		return pe, it.Errorf("the Joker is already used, so this entry could never be played")
	}
	text, err := it.String()
	if err != nil {
		return pe, it.Errorf("name the one stock to sell with the Joker, e.g. joker: red 4")
	}
	k, err := s.stockArg(it, text)
	if err != nil {
		return pe, err
	}
	pe.Args = []string{k.String()}
	return pe, nil
}

func (*jokerVerb) planChoices(s *State, seat int, pe PlanEntry) [][]orders.Item {
	return oneChoice(orders.With(kindJoker, pe.Args...))
}

// readJoker reads joker: STOCK and checks the Joker is unused and the
// stock held by the player (or, with 4 players, the partner).
func readJoker(_ *Rules, s *State, seat int, it *orders.Item, a *action) error {
	t := s.Teams[s.Players[seat].Team]
	if t.JokerUsed {
		if !s.teams() {
			return it.Errorf("you have already used your Joker")
		}
		by := ""
		switch {
		case t.JokerBy == seat:
			by = " (by you)"
		case t.JokerBy >= 0:
			by = " (by " + s.Players[t.JokerBy].Name + ")"
		}
		return it.Errorf("your team's Joker has already been used%s; each team has one Joker for the whole set", by)
	}
	text, err := it.String()
	if err != nil {
		return it.Errorf("name the one stock to sell with the Joker, e.g. joker: red 4")
	}
	k, err := s.stockArg(*it, text)
	if err != nil {
		return err
	}
	a.stocks[0] = k
	if s.count(seat, k) > 0 {
		return nil
	}
	if s.teams() {
		q := s.partner(seat)
		if s.count(q, k) > 0 {
			a.owners[0] = q
			return nil
		}
		return it.Errorf("neither you nor your partner %s holds %s", s.Players[q].Name, k)
	}
	return it.Errorf("you hold no %s", k)
}

// bestJoker is the Joker sale with the highest payout open to seat: its
// own stocks first, then (4 players) its partner's; ties keep the first.
func (s *State) bestJoker(seat int) (action, bool) {
	a, found := action{verb: joker, col: -1, mc: -1}, false
	if s.Teams[s.Players[seat].Team].JokerUsed {
		return a, false
	}
	best := func(p int) {
		for _, h := range s.Players[p].Stocks {
			if !found || h.Value > a.stocks[0].Value {
				a.stocks[0], a.owners[0], found = h, p, true
			}
		}
	}
	best(seat)
	if s.teams() {
		best(s.partner(seat))
	}
	return a, found
}
