package trader

import (
	"fmt"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

var _ engine.Filler = Engine{}

// Fills says what a turn's file leaves to the defaults: with 3 players,
// where the Market closed card goes (TR-X1); and that without a plan the
// next turn waits for the player (TR-X11).
func (Engine) Fills(as engine.State, player string, items []orders.Item) []string {
	s := state(as)
	seat := s.seat(player)
	if seat < 0 || !s.pending(seat) || s.Phase != phaseTurn {
		return nil
	}
	a, err := s.parse(seat, items)
	if err != nil {
		return nil
	}
	var out []string
	if s.Market >= 0 && a.mc < 0 {
		empty := len(s.emptyColumns())
		if a.kind == kindBuy && len(s.Columns[a.col]) == 1 {
			empty++
		}
		if empty < 2 {
			if c := s.defaultMC(a, true); c >= 0 {
				out = append(out, fmt.Sprintf("market-closed: not given: after your action the Market closed card goes to %s (the other column whose available stock is worth most).", data.Capitals[c]))
			}
		}
	}
	if a.plan == nil && !a.clearPlan {
		out = append(out, "plan: not given: your next turn waits for your orders.")
	}
	return out
}
