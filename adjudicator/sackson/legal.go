package sackson

import (
	"taipan/adjudicator/engine"
)

var _ engine.Optioner = Engine{}

// Options lists the round's decisions of a player still in the game, one
// per verb (each verb's decision), all of them optional as the rules make
// them (SS-X2): the bid (from nothing
// to all the player's money, in steps of 10; money is public), where
// Lang-Tsu goes should the player place him (the round's four options),
// the cards of the player's hand for those places (several may be played:
// the list is sorted out by place), buying a card, and what becomes of the
// event card. The cards are the player's hidden hand, so the list is
// theirs only.
func (e Engine) Options(as engine.State, player string) []engine.Decision {
	s := state(as)
	seat := s.seat(player)
	if s.Over || !s.active(seat) {
		return nil
	}
	check := engine.Checker(e, s, player)
	keep := func(d engine.Decision, cs []engine.Choice) engine.Decision {
		d.Optional = true
		if d.Several {
			for _, c := range cs {
				if len(engine.KeepLegal(check, nil, []engine.Choice{{Order: engine.SeveralOrder(d.Name, []string{c.Order})}})) > 0 {
					d.Choices = append(d.Choices, c)
				}
			}
			return d
		}
		d.Choices = engine.KeepLegal(check, nil, cs)
		return d
	}
	var ds []engine.Decision
	for _, v := range s.rules().Verbs {
		ds = append(ds, keep(v.decision(s, seat)))
	}
	out := ds[:0]
	for _, d := range ds {
		if len(d.Choices) > 0 {
			out = append(out, d)
		}
	}
	return out
}
