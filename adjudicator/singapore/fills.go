package singapore

import (
	"fmt"
	"strings"

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
			for _, v := range []string{verbMove, verbSilk, verbJoss, verbSalted, verbSpices, verbTea, verbPorcelain} {
				if !pl.has(v) {
					left = append(left, v)
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
	sub, err := s.parse(seat, items)
	if err != nil {
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
	v := effectVerb(card.Type())
	if _, ok := given[v]; ok || s.Plain || v == "" {
		return out
	}
	seen := "your running total"
	if s.v2() {
		seen = "your running total as everybody can work it out (your open cards, without the hidden card or your Merchant card)"
	}
	switch v {
	case verbSilk:
		if l := left(-1); l != "" {
			out = append(out, "silk: not given: Silk sends the leftmost River card, "+l+", to the bottom of the deck.")
		}
	case verbJoss:
		out = append(out, "joss-paper: not given: Joss Paper seizes the drawn card that raises "+seen+" most, the first drawn on a tie.")
	case verbSalted:
		out = append(out, "salted-fish: not given: Salted Fish seizes the top card only if that raises "+seen+"; else it goes to the bottom.")
	case verbSpices:
		out = append(out, "spices: not given: Spices seizes the bottom card only if that raises "+seen+"; else it goes on top.")
	case verbTea, verbPorcelain:
		out = append(out, v+": not given: "+strings.ToUpper(v[:1])+v[1:]+" swaps nothing.")
	}
	return out
}

// has reports whether the plan gives the choice of verb v.
func (p *Plan) has(v string) bool {
	switch v {
	case verbMove:
		return p.Move != nil
	case verbSilk:
		return p.Silk != nil
	case verbJoss:
		return p.Joss != nil
	case verbSalted:
		return p.Salted != nil
	case verbSpices:
		return p.Spices != nil
	case verbTea:
		return p.Tea != nil
	case verbPorcelain:
		return p.Porcelain != nil
	}
	return false
}
