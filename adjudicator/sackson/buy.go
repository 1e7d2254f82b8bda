package sackson

import (
	"fmt"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// buy is the purchase of the "Short rules" (shanghai-sackson-en.md): the
// one who placed Lang-Tsu may buy a destination card for 100 after
// scoring (SS-A2, SS-G9, SS-X11). buy: yes | no.
var buy verb = &buyVerb{verbInfo{name: verbBuy, rule: `"Short rules"; SS-A2, SS-G9, SS-X11`}}

type buyVerb struct{ verbInfo }

func (*buyVerb) read(s *State, seat int, it orders.Item, p *plan) error {
	if !it.HasValue() {
		p.buy = true
		return nil
	}
	t, err := it.String()
	if err != nil {
		return err
	}
	switch strings.ToLower(t) {
	case "yes", "true", "y", "on", "1":
		p.buy = true
	case "no", "false", "n", "off", "0":
		p.buy = false
	default:
		return it.Errorf("write buy: yes or buy: no, not %q", t)
	}
	return nil
}

func (*buyVerb) decision(s *State, seat int) (engine.Decision, []engine.Choice) {
	return engine.Decision{Name: verbBuy, Prompt: "buy a card for 100 if you place Lang-Tsu", Default: "no card bought"},
		[]engine.Choice{{Order: verbBuy + ": yes"}, {Order: verbBuy + ": no"}}
}

func (*buyVerb) fill(s *State, seat int, p *plan, given bool) string {
	if given {
		return ""
	}
	return "buy: not given: should you place Lang-Tsu, you buy no card."
}

// buy is the short rules' purchase (SS-G9): one card from the top of the
// pile for 100, if the buyer has the money and the pile a card.
func (s *State) buy(q int, log *RoundLog) []engine.Happening {
	switch {
	case s.Players[q].Money < data.CardPrice:
		return []engine.Happening{hap("%s cannot buy a card: it costs %s and %s has %s.", s.name(q), money(data.CardPrice), s.name(q), money(s.Players[q].Money))}
	case len(s.Pile) == 0:
		return []engine.Happening{hap("%s cannot buy a card: the pile is empty.", s.name(q))}
	}
	c := s.Pile[0]
	s.Pile = s.Pile[1:]
	s.Players[q].Money -= data.CardPrice
	s.Bank += data.CardPrice
	s.give(q, c)
	log.Bought, log.Card = q, &c
	return []engine.Happening{
		hap("%s buys a destination card for %s.", s.name(q), money(data.CardPrice)),
		{Text: fmt.Sprintf("%s draws %s (the %s).", s.name(q), c, destName(c.Dest())), To: []string{s.name(q)}},
	}
}
