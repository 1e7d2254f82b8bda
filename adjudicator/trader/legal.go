package trader

import (
	"fmt"
	"slices"
	"taipan/adjudicator/engine"
)

var _ engine.Optioner = Engine{}

// Options lists what player may do in the open step: one action (a
// purchase from each column they can afford, each pair sale and Joker
// sale open to them, or pass where the rules allow it) and, with 3
// players during a turn, where the Market closed card may go after any of
// them. It shows the player's own money through what they can afford, so
// it is theirs only. Plans are not listed: they are written in the order
// file.
func (e Engine) Options(as engine.State, player string) []engine.Decision {
	s := state(as)
	seat := s.seat(player)
	if !s.pending(seat) {
		return nil
	}
	check := engine.Checker(e, s, player)
	var cands []engine.Choice
	add := func(order, format string, args ...any) {
		if !slices.ContainsFunc(cands, func(c engine.Choice) bool { return c.Order == order }) {
			cands = append(cands, engine.Choice{Order: order, Text: fmt.Sprintf(format, args...)})
		}
	}
	r := e.rules()
	for _, v := range r.Verbs {
		if v.info().action {
			v.offer(s, seat, add)
		}
	}
	prompt := "your action"
	if s.Phase == phaseLastSale {
		prompt = "your last sale"
	}
	action := engine.KeepLegal(check, nil, cands)
	ds := []engine.Decision{{Name: "action", Prompt: prompt, Choices: action}}
	if s.Phase != phaseTurn || s.Market < 0 {
		return ds
	}
	// Only the columns legal after every action are offered, so that any
	// pair of choices is legal (a column emptied by one purchase is not).
	var mc []engine.Choice
	r.verb(verbMC).offer(s, seat, func(order, format string, args ...any) {
		cand := []engine.Choice{{Order: order, Text: fmt.Sprintf(format, args...)}}
		if !slices.ContainsFunc(action, func(a engine.Choice) bool {
			return len(engine.KeepLegal(check, []string{a.Order}, cand)) == 0
		}) {
			mc = append(mc, cand[0])
		}
	})
	if len(mc) > 0 {
		ds = append(ds, engine.Decision{Name: verbMC, Prompt: "where the Market closed card goes", Choices: mc, Optional: true,
			Default: "it goes to the other column whose available stock is worth most"})
	}
	return ds
}
