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
	if s.Phase == phaseTurn {
		for c, col := range s.Columns {
			if len(col) > 0 {
				add("buy: "+data.Capitals[c], "buy %s for %d million", col[0], col[0].Value)
			}
		}
	}
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
	holders := mine
	if s.teams() {
		holders = append(slices.Clone(mine), partner...)
	}
	for _, k := range holders {
		add("joker: "+k.String(), "sell %s with the Joker for %d million", k, data.Joker*k.Value)
	}
	add(kindPass, "do nothing")
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
	for c := range s.Columns {
		cand := []engine.Choice{{Order: verbMC + ": " + data.Capitals[c], Text: "after your action the Market closed card goes to " + data.Capitals[c]}}
		if !slices.ContainsFunc(action, func(a engine.Choice) bool {
			return len(engine.KeepLegal(check, []string{a.Order}, cand)) == 0
		}) {
			mc = append(mc, cand[0])
		}
	}
	if len(mc) > 0 {
		ds = append(ds, engine.Decision{Name: verbMC, Prompt: "where the Market closed card goes", Choices: mc, Optional: true,
			Default: "it goes to the other column whose available stock is worth most"})
	}
	return ds
}
