package singapore

import (
	"fmt"
	"slices"
	"strconv"
	"taipan/adjudicator/engine"
)

var _ engine.Optioner = Engine{}

// Options lists what player decides in the open step: at the set-up,
// above which slot the Secret Society card starts; in a turn, which River
// card to take and, for each take, where the Secret Society card moves
// when it must and the choice of the card's effect (each such decision
// goes With its take); at the end, Rival Chen's picks. Tea's swaps show
// the player's own hand, so the list is theirs only. Plans are not listed:
// they are written in the order file.
func (e Engine) Options(as engine.State, player string) []engine.Decision {
	s := state(as)
	seat := s.seat(player)
	if !s.pending(seat) {
		return nil
	}
	check := engine.Checker(e, s, player)
	slot := func(i int) string { return strconv.Itoa(i + 1) }
	switch s.Phase {
	case phaseStart:
		var cs []engine.Choice
		for _, i := range s.filled(-1) {
			cs = append(cs, engine.Choice{Order: verbStart + ": " + slot(i), Text: fmt.Sprintf("the Secret Society card starts above slot %d (%s)", i+1, s.River[i])})
		}
		return []engine.Decision{{Name: verbStart, Prompt: "where the Secret Society card starts", Choices: engine.KeepLegal(check, nil, cs)}}
	case phaseChen:
		n := min(s.riverCount(), merchantByName(merchChen).Picks)
		var cs []engine.Choice
		f := s.filled(-1)
		switch n {
		case 1:
			for _, i := range f {
				cs = append(cs, engine.Choice{Order: verbChen + ": [" + slot(i) + "]", Text: "Rival Chen takes " + s.River[i].String()})
			}
		case 2:
			for a, i := range f {
				for _, j := range f[a+1:] {
					cs = append(cs, engine.Choice{Order: fmt.Sprintf("%s: [%s, %s]", verbChen, slot(i), slot(j)),
						Text: fmt.Sprintf("Rival Chen takes %s and %s", s.River[i], s.River[j])})
				}
			}
		}
		return []engine.Decision{{Name: verbChen, Prompt: "Rival Chen's picks", Choices: engine.KeepLegal(check, nil, cs)}}
	case phaseTurn:
	default:
		return nil
	}
	var takes []engine.Choice
	for _, k := range s.filled(-1) {
		note := ""
		if k == s.SS {
			note = ", under the Secret Society card"
		}
		takes = append(takes, engine.Choice{Order: verbTake + ": " + slot(k), Text: fmt.Sprintf("take %s from slot %d%s", s.River[k], k+1, note)})
	}
	takes = engine.KeepLegal(check, nil, takes)
	ds := []engine.Decision{{Name: verbTake, Prompt: "the River card you take", Choices: takes}}
	for _, take := range takes {
		k, _ := strconv.Atoi(take.Order[len(verbTake)+2:])
		k--
		card := s.River[k]
		with := []string{take.Order}
		add := func(d engine.Decision, cands []engine.Choice) {
			if d.Choices = engine.KeepLegal(check, with, cands); len(d.Choices) > 0 {
				d.Optional, d.With = true, with
				ds = append(ds, d)
			}
		}
		if k == s.SS {
			var cs []engine.Choice
			for _, j := range s.filled(k) {
				cs = append(cs, engine.Choice{Order: verbMove + ": " + slot(j), Text: fmt.Sprintf("the Secret Society card moves above slot %d (%s)", j+1, s.River[j])})
			}
			add(engine.Decision{Name: verbMove, Prompt: "where the Secret Society card moves", Default: "above the leftmost other card"}, cs)
		}
		if s.Plain {
			continue
		}
		var cs []engine.Choice
		d := engine.Decision{Name: effectName(s.rules(), card.Type())}
		switch d.Name {
		case verbSilk:
			d.Prompt, d.Default = "the River card Silk sends to the bottom of the deck", "the leftmost"
			for _, j := range s.filled(k) {
				cs = append(cs, engine.Choice{Order: verbSilk + ": " + slot(j), Text: fmt.Sprintf("%s from slot %d goes to the bottom of the deck", s.River[j], j+1)})
			}
		case verbJoss:
			d.Prompt, d.Default = "which card Joss Paper seizes", "the card that raises your running total most"
			cs = []engine.Choice{{Order: verbJoss + ": seize 1", Text: "seize the first card drawn"}, {Order: verbJoss + ": seize 2", Text: "seize the second card drawn"}}
		case verbSalted:
			d.Prompt, d.Default = "the card Salted Fish looks at", "seize it only if that raises your running total"
			cs = []engine.Choice{{Order: verbSalted + ": seize"}, {Order: verbSalted + ": bottom", Text: "put it at the bottom of the deck"}}
		case verbSpices:
			d.Prompt, d.Default = "the card Spices looks at", "seize it only if that raises your running total"
			cs = []engine.Choice{{Order: verbSpices + ": seize"}, {Order: verbSpices + ": top", Text: "put it back on top of the deck"}}
		case verbTea, verbPorcelain:
			other, what := append(s.Players[seat].cards(), card), "your hand"
			d.Prompt, d.Default = "a swap of Tea with your hand", "no swap"
			if d.Name == verbPorcelain {
				other, what = s.Seized, "the Seized goods"
				d.Prompt = "a swap of Porcelain with the Seized goods"
			}
			cs = []engine.Choice{{Order: d.Name + ": none", Text: "no swap"}}
			for _, j := range s.filled(k) {
				var seen []Card
				for _, c := range other {
					if slices.Contains(seen, c) {
						continue
					}
					seen = append(seen, c)
					cs = append(cs, engine.Choice{Order: fmt.Sprintf("%s: swap %d for %s", d.Name, j+1, c),
						Text: fmt.Sprintf("%s from slot %d for %s from %s", s.River[j], j+1, c, what)})
				}
			}
		default:
			continue
		}
		add(d, cs)
	}
	return ds
}
