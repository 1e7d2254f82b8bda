package trader

import (
	"fmt"

	"taipan/orders"
)

// pass is doing nothing: in a turn only when the player can neither buy
// nor sell (TR-G5, TR-A10, TR-X2), and in the last sales at will (TR-A3;
// with 4 players see TR-X5). pass.
var pass verb = &passVerb{verbInfo{
	name:   kindPass,
	rule:   `trader.txt "The Game" ("must carry out one of the following two operations"); TR-G5, TR-A10, TR-A3`,
	action: true,
}}

type passVerb struct{ verbInfo }

func (*passVerb) read(_ *Rules, s *State, seat int, it *orders.Item, a *action) error {
	if it.HasValue() {
		return it.Errorf("pass takes no value")
	}
	if s.Phase != phaseTurn {
		return nil // a last sale is optional (TR-A3); with 4 players see TR-X5
	}
	if d, ok := s.bestTurnAction(seat); ok {
		return it.Errorf("you cannot pass: pass is only allowed when you can neither buy nor sell, and you could %s", d.describe(s))
	}
	return nil
}

func (*passVerb) offer(s *State, seat int, add func(order, format string, args ...any)) {
	add(kindPass, "do nothing")
}

func (*passVerb) play(s *State, seat int, a action, by string) string {
	return fmt.Sprintf("%s passed%s: no purchase or sale was possible.", s.Players[seat].Name, by)
}

func (*passVerb) write(action) orders.Item {
	return orders.Bare(kindPass)
}

func (*passVerb) describe(*State, action) string {
	return "pass"
}

func (*passVerb) planEntry(s *State, seat int, it orders.Item, word string) (PlanEntry, error) {
	if it.HasValue() {
		return PlanEntry{Verb: kindPass}, it.Errorf("pass takes no value")
	}
	return PlanEntry{Verb: kindPass}, nil
}

func (*passVerb) planChoices(*State, int, PlanEntry) [][]orders.Item {
	return oneChoice(orders.Bare(kindPass))
}
