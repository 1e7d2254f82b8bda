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
func (e Engine) Fills(as engine.State, player string, items []orders.Item) []string {
	s := state(as)
	seat := s.seat(player)
	if seat < 0 || !s.pending(seat) || s.Phase != phaseTurn {
		return nil
	}
	var a action
	if err := s.read(e.rules(), seat, items, &a); err != nil {
		return nil
	}
	var out []string
	if a.mc < 0 {
		if c := s.defaultMCAfter(a); c >= 0 {
			out = append(out, fmt.Sprintf("market-closed: not given: after your action the Market closed card goes to %s (the other column whose available stock is worth most).", data.Capitals[c]))
		}
	}
	if a.plan == nil && !a.clearPlan {
		out = append(out, "plan: not given: your next turn waits for your orders.")
	}
	return out
}
