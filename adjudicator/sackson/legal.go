package sackson

import (
	"fmt"
	"strconv"
	"taipan/adjudicator/engine"
)

var _ engine.Optioner = Engine{}

// Options lists the round's decisions of a player still in the game, all
// of them optional as the rules make them (SS-X2): the bid (from nothing
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
	var bids []engine.Choice
	for n := 0; n <= s.Players[seat].Money; n += data.BidStep {
		text := fmt.Sprintf("bid %d", n)
		if n == 0 {
			text = "no bid"
		}
		bids = append(bids, engine.Choice{Order: verbBid + ": " + strconv.Itoa(n), Text: text})
	}
	var dests, cards []engine.Choice
	for _, d := range options(s.LangTsu) {
		dests = append(dests, engine.Choice{Order: verbGo + ": " + strconv.Itoa(d), Text: "Lang-Tsu goes to the " + destName(d)})
		for _, c := range s.Players[seat].Hand {
			if c.Dest() == d {
				cards = append(cards, engine.Choice{Order: c.String(), Text: "at the " + destName(d)})
			}
		}
	}
	events := []engine.Choice{{Order: verbEvent + ": " + evTake, Text: "keep the event card"}}
	for _, q := range s.clockwise(seat) {
		if q != seat {
			events = append(events, engine.Choice{Order: verbEvent + ": " + evGive + " " + s.name(q)})
		}
	}
	events = append(events,
		engine.Choice{Order: verbEvent + ": " + evGive + " " + evLeader, Text: "to the other player furthest ahead"},
		engine.Choice{Order: verbEvent + ": " + evGive + " " + evLast, Text: "to the other player furthest behind"})
	ds := []engine.Decision{
		keep(engine.Decision{Name: verbBid, Prompt: "your sealed bid", Default: "no bid"}, bids),
		keep(engine.Decision{Name: verbGo, Prompt: "where Lang-Tsu goes if you place him", Default: "the first of the four options"}, dests),
		keep(engine.Decision{Name: verbPlay, Prompt: fmt.Sprintf("the cards you play where Lang-Tsu goes (at most %d of one place)", data.Limit), Several: true, Default: "no card played"}, cards),
		keep(engine.Decision{Name: verbBuy, Prompt: "buy a card for 100 if you place Lang-Tsu", Default: "no card bought"},
			[]engine.Choice{{Order: verbBuy + ": yes"}, {Order: verbBuy + ": no"}}),
		keep(engine.Decision{Name: verbEvent, Prompt: "the event card, if you place Lang-Tsu", Default: "you take it"}, events),
	}
	out := ds[:0]
	for _, d := range ds {
		if len(d.Choices) > 0 {
			out = append(out, d)
		}
	}
	return out
}
