package singapore

import "taipan/orders"

// silk is the Silk effect (singapore-1889.txt "Goods Effects"): "Put 1
// Good from the River to the bottom of the deck." silk: SLOT | GOODS, or
// a ranked list; left out, the leftmost (SG-X2).
var silk verb = &silkVerb{verbInfo{name: verbSilk, goods: goodsSilk, rule: `"Goods Effects" (Silk); SG-X2`}}

type silkVerb struct{ verbInfo }

func (*silkVerb) read(s *State, it orders.Item, pl *Plan) (err error) {
	pl.Silk, err = s.patList(it, true)
	return err
}

func (*silkVerb) has(pl *Plan) bool { return pl.Silk != nil }

// check holds the choice to the River after the take.
func (*silkVerb) check(s *State, seat int, it orders.Item, pl *Plan, card Card, river []Card, others int) error {
	if riverPick(river, pl.Silk, -1) >= 0 {
		return nil
	}
	if others == 0 {
		return it.Errorf("no other card is left in the River, so Silk has no effect; leave silk out")
	}
	return it.Errorf("none of %s is in the River after your take: it holds %s", patsText(pl.Silk), riverList(river))
}

func (*silkVerb) effect(r *run, seat int, pl *Plan) { r.silk(seat, pl.Silk) }

func (*silkVerb) fill(s *State, left func(int) string, seen string) string {
	if l := left(-1); l != "" {
		return "silk: not given: Silk sends the leftmost River card, " + l + ", to the bottom of the deck."
	}
	return ""
}

// silk: "Put 1 Good from the River to the bottom of the deck."
func (r *run) silk(seat int, ps []Pat) {
	s := r.s
	t := riverPick(s.River, ps, -1)
	if t < 0 {
		t = s.leftmost(-1)
	}
	if t < 0 {
		r.say("Silk: no card is left in the River; no effect.")
		return
	}
	c := s.River[t]
	s.River[t] = NoCard
	r.putBottom(c, seat, true)
	r.say("Silk: %s put %s from slot %d at the bottom of the deck.", r.name(seat), c, t+1)
}
