package singapore

import (
	"fmt"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Fills says what an accepted order file leaves to the defaults (SG-X2,
// SG-X3, SG-X5): the move of the Secret Society card, the effect's choice,
// and a plan's left-out choices; and that without a plan the next turn
// waits for the player.
func (e Engine) Fills(as engine.State, player string, items []orders.Item) []string {
	s := state(as)
	seat := s.seat(player)
	if seat < 0 || s.Phase == phaseOver {
		return nil
	}
	given := map[string]orders.Item{}
	for _, it := range items {
		given[verbOf(it.Verb)] = it
	}
	var out []string
	if it, ok := given[verbPlan]; ok {
		if pl, _, err := s.parsePlan(it); err == nil && pl != nil && pl.Take != nil {
			var left []string
			for _, v := range append([]verb{move}, s.rules().Effects...) {
				if !v.has(pl) {
					left = append(left, v.info().name)
				}
			}
			if len(left) > 0 && !s.Plain {
				out = append(out, fmt.Sprintf("plan: leaves out %s: when the plan plays, those choices get their defaults.", engine.AndList(left)))
			}
		}
	}
	if !s.pending(seat) {
		return out
	}
	if _, ok := given[verbPlan]; !ok && s.Phase != phaseChen {
		out = append(out, "plan: not given: your next turn waits for your orders.")
	}
	if s.Phase != phaseTurn {
		return out
	}
	var sub submission
	if err := s.read(seat, items, &sub); err != nil {
		return out
	}
	k := riverPick(s.River, sub.turn.Take, -1)
	if k < 0 {
		return out
	}
	card := s.River[k]
	river := append([]Card(nil), s.River...)
	river[k] = NoCard
	left := func(i int) string {
		for j, c := range river {
			if j != i && c != NoCard {
				return fmt.Sprintf("slot %d (%s)", j+1, c)
			}
		}
		return ""
	}
	if _, ok := given[verbMove]; !ok && k == s.SS {
		if l := left(k); l != "" {
			out = append(out, "move: not given: the Secret Society card goes above the leftmost other card, "+l+".")
		}
	}
	v := s.rules().effectOf(card.Type())
	if v == nil || s.Plain {
		return out
	}
	if _, ok := given[v.info().name]; ok {
		return out
	}
	seen := "your running total"
	if s.rules().DefaultsSeePublicOnly {
		seen = "your running total as everybody can work it out (your open cards, without the hidden card or your Merchant card)"
	}
	if line := v.fill(s, left, seen); line != "" {
		out = append(out, line)
	}
	return out
}
