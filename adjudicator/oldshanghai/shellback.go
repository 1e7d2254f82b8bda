package oldshanghai

import (
	"taipan/orders"
)

// keep is which card Old Shell-Back keeps (old-shanghai-game.txt: "lets
// you draw two cards on your turn, choose one, and put the other back on
// the pile"; rules-analysis 2c O3). keep: [CARD, ...], in order of
// preference.
var keep verb = &keepVerb{verbInfo{name: vKeep, rule: `"Old Shell-Back"; rules-analysis 2c O3; OS-X3`}}

type keepVerb struct{ verbInfo }

func (*keepVerb) read(s *State, p int, it orders.Item, out *parsed) (err error) {
	out.standing.Keep, err = parseKeep(it)
	return err
}

func parseKeep(it orders.Item) ([]Card, error) {
	if t, ok := scalarText(it.Value); ok && norm(t) == "ask" {
		return nil, nil
	}
	names, err := it.Strings()
	if err != nil {
		return nil, it.Errorf("write keep: a list of cards, the one to keep first, e.g. keep: [police, heart, boss]")
	}
	var out []Card
	for _, n := range names {
		c, ok := cardOf(n)
		if !ok {
			return nil, it.Errorf("%q is not a card: the cards are %s%s", n, cardList(), cardHint(n))
		}
		for _, x := range out {
			if x == c {
				return nil, it.Errorf("%s is listed twice", c.ID())
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// decideKeep returns the Old Shell-Back card p keeps.
func (s *State) decideKeep(p int) (Card, source, bool) {
	if a, has := s.answerOf(p); has {
		return a.Card, source{}, true
	}
	keep := s.Players[p].Orders.Keep
	for _, c := range keep {
		if c == s.Shell[0] || c == s.Shell[1] {
			return c, source{p: p, verb: vKeep}, true
		}
	}
	return 0, source{}, false
}

func (s *State) keepStage() {
	p := s.Active
	c := s.Shell[0]
	if s.Shell[0] != s.Shell[1] || s.rules().AskEveryone {
		var src source
		var ok bool
		c, src, ok = s.decideKeep(p)
		if !ok {
			s.ask(p)
			return
		}
		s.fired(p, src, "keep ", c.String())
	}
	s.keep(p, c)
}

// keep ends an Old Shell-Back: the other card goes on top, and a kept
// Shanghai! is resolved with p as the drawer (OS-A9).
func (s *State) keep(p int, c Card) {
	other := -1
	if len(s.Shell) == 2 {
		other = 0
		if s.Shell[0] == c {
			other = 1
		}
	}
	if other >= 0 {
		o := s.Shell[other]
		s.putBack(p, o, atHand(p), 1, "top")
		s.say("%s put one card back on top of the deck.", s.name(p))
		s.tell(p, "%s kept %s and put %s back on top.", s.name(p), c, o)
	}
	s.Shell = nil
	s.Stage = stTurn
	if c == cShanghai {
		s.reveal(p)
		s.say("%s kept a Shanghai! and places it face up: \"Shanghaied!\"", s.name(p))
		s.startShanghai(p)
		return
	}
	s.endTurn()
}
