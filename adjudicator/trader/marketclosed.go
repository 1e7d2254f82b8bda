package trader

import (
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// marketClosed is the "Market closed" card of "Option for 3 Players"
// (trader.txt): after buying or selling, the player moves it to the
// available stock of another column (TR-A7, TR-A8; after a pass too, and
// where it goes when the player does not say: TR-X1); once two columns are
// empty it leaves the game. market-closed: COLUMN, beside the action.
var marketClosed verb = &marketClosedVerb{verbInfo{
	name:  verbMC,
	rule:  `trader.txt "Option for 3 Players"; TR-A7, TR-A8, TR-X1`,
	twice: "the Market closed card is moved only once: %s already moves it",
}}

type marketClosedVerb struct{ verbInfo }

func (*marketClosedVerb) read(_ *Rules, s *State, seat int, it *orders.Item, a *action) error {
	switch {
	case len(s.Players) != 3:
		return it.Errorf("there is no Market closed card with %d players", len(s.Players))
	case s.Phase == phaseLastSale:
		return it.Errorf("the Market closed card plays no part in the last sales; leave this order out")
	case s.Market < 0:
		return it.Errorf("the Market closed card is out of the game since two columns are empty; leave this order out")
	}
	name, err := it.String()
	if err != nil {
		return err
	}
	c := capitalIndex(name)
	if c < 0 {
		return it.Errorf("%q is not a column: the columns are %s%s", name, capitalList(), columnHint(name))
	}
	a.mc = c
	return nil
}

func (*marketClosedVerb) after(s *State, it *orders.Item, a *action) error {
	return s.checkMCTarget(*it, a)
}

func (*marketClosedVerb) offer(s *State, seat int, add func(order, format string, args ...any)) {
	for _, name := range data.Capitals {
		add(verbMC+": "+name, "after your action the Market closed card goes to %s", name)
	}
}

// checkMCTarget checks the market-closed order against the columns as they
// will be after the action (TR-A7).
func (s *State) checkMCTarget(it orders.Item, a *action) error {
	emptyAfter := len(s.emptyColumns())
	if a.is(kindBuy) && len(s.Columns[a.col]) == 1 {
		emptyAfter++
	}
	if emptyAfter >= 2 {
		return nil // the card leaves the game instead; the order is moot (TR-A7)
	}
	switch {
	case a.mc == s.Market:
		return it.Errorf("the Market closed card must move to another column than %s", data.Capitals[a.mc])
	case len(s.Columns[a.mc]) == 0:
		return it.Errorf("%s is empty: the Market closed card must go on an available stock", data.Capitals[a.mc])
	case a.is(kindBuy) && a.col == a.mc && len(s.Columns[a.mc]) == 1:
		return it.Errorf("%s will be empty after your purchase: the Market closed card must go on an available stock", data.Capitals[a.mc])
	}
	return nil
}

// moveMarketClosed is the card's move at the end of seat's turn, once a
// has been played and empty are the empty columns: it leaves the game
// when two are empty, else goes where the player said or to its default
// place (TR-A7, TR-X1).
func (s *State) moveMarketClosed(seat int, a action, empty []int) []engine.Happening {
	if s.Market < 0 {
		return nil
	}
	if len(empty) >= 2 {
		s.Market = -1
		return []engine.Happening{hap("The Market closed card is removed from the game for good: %s are empty.", columnNames(empty))}
	}
	how := ""
	if a.mc < 0 {
		a.mc = s.defaultMC(a, false)
		how = " (the default place)"
	}
	s.Market = a.mc
	return []engine.Happening{hap("%s moved the Market closed card to %s%s.", s.Players[seat].Name, data.Capitals[a.mc], how)}
}

// defaultMC is where the Market closed card goes when the active player
// does not say (TR-X1): after the action, the non-empty column other than
// the card's current one whose available stock is worth most, the first in
// capital order on ties.
//
// before says the action a has not been applied to s yet.
func (s *State) defaultMC(a action, before bool) int {
	best, bestV := -1, -1
	for i, col := range s.Columns {
		if i == s.Market {
			continue
		}
		if before && a.is(kindBuy) && a.col == i {
			col = col[1:]
		}
		if len(col) > 0 && col[0].Value > bestV {
			best, bestV = i, col[0].Value
		}
	}
	return best
}

// defaultMCAfter is where the card goes, before a is played, when the
// player does not say; -1 when it leaves the game instead (TR-A7).
func (s *State) defaultMCAfter(a action) int {
	if s.Market < 0 {
		return -1
	}
	empty := len(s.emptyColumns())
	if a.is(kindBuy) && len(s.Columns[a.col]) == 1 {
		empty++
	}
	if empty >= 2 {
		return -1
	}
	return s.defaultMC(a, true)
}
