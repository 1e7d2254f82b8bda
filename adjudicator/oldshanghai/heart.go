package oldshanghai

import (
	"strconv"

	"taipan/orders"
)

// heart is the Heart of Gold (old-shanghai-game.txt, the cards and "If
// the Player who drew the Shanghai has a Heart of Gold, they may play it
// to stop the Shanghai"): whether the drawer plays it (rules-analysis 2c
// O4). heart: always | never | ask | {if: CONDITION} | {unless: ...}.
var heart verb = &heartVerb{verbInfo{name: vHeart, rule: `"Heart of Gold"; rules-analysis 2c O4; OS-X2, OS-X3`}}

type heartVerb struct{ verbInfo }

func (*heartVerb) read(s *State, p int, it orders.Item, out *parsed) (err error) {
	out.standing.Heart, err = s.parseYesNo(p, it, vHeart)
	return err
}

// police is Harbor Police (old-shanghai-game.txt: "Harbor Police cards end
// the Shanghai, and the player who drew the Shanghai may take two cards
// from ... the Shanghaier"): whether the drawer plays it (rules-analysis
// 2c O7). police: always | never | ask | {if: CONDITION} | {unless: ...}.
var police verb = &policeVerb{verbInfo{name: vPolice, rule: `"Harbor Police"; rules-analysis 2c O7; OS-X2, OS-X3`}}

type policeVerb struct{ verbInfo }

func (*policeVerb) read(s *State, p int, it orders.Item, out *parsed) (err error) {
	out.standing.Police, err = s.parseYesNo(p, it, vPolice)
	return err
}

func (s *State) parseYesNo(p int, it orders.Item, verb string) (*YesNo, error) {
	card := "Heart of Gold"
	if verb == vPolice {
		card = "Harbor Police"
	}
	// Only the two verbs, so the usage is a constant each (no formatting
	// for every file read).
	how := "write " + vHeart + ": always, never or ask, or {if: CONDITION} / {unless: CONDITION}, e.g. " + vHeart + ": {unless: have police}"
	if verb == vPolice {
		how = "write " + vPolice + ": always, never or ask, or {if: CONDITION} / {unless: CONDITION}, e.g. " + vPolice + ": {if: by boss}"
	}
	if !it.HasValue() {
		return nil, it.Errorf("%s", how)
	}
	if t, ok := scalarText(it.Value); ok {
		switch norm(t) {
		case "always", "yes", "play", "true", "on":
			return &YesNo{Mode: "always"}, nil
		case "never", "no", "false", "off", "keep":
			return &YesNo{Mode: "never"}, nil
		case "ask", "askme":
			return nil, nil
		}
		return nil, it.Errorf("%q: %s (plays your %s when you draw a Shanghai!)", t, how, card)
	}
	keys, vals, ok := mapping(it.Value)
	if !ok {
		return nil, it.Errorf("%s", how)
	}
	y := &YesNo{}
	for i, k := range keys {
		done, err := s.condKeys(p, it, k, vals[i], verb, &y.Mode, &y.Cond)
		if err != nil {
			return nil, err
		}
		if !done {
			return nil, it.Errorf("unknown key %q: %s", k, how)
		}
	}
	if y.Mode == "" {
		return nil, it.Errorf("%s", how)
	}
	return y, nil
}

func (s *State) decideYesNo(p int, y *YesNo) (bool, bool) {
	if y == nil {
		return false, false
	}
	switch y.Mode {
	case "always":
		return true, true
	case "never":
		return false, true
	}
	return s.holds(p, y.Mode, y.Cond), true
}

func (s *State) heartStage() {
	d := s.Sh.Drawer
	holds := s.count(d, cHeart) > 0
	if !holds && !s.rules().AskEveryone {
		s.Stage = stFinish
		return
	}
	yes, src, ok := false, source{}, false
	if a, has := s.takeAnswer(d); has {
		yes, ok = a.Yes, true
	} else if yes, ok = s.decideYesNo(d, s.Players[d].Orders.Heart); ok {
		src = source{p: d, verb: vHeart}
	}
	if !ok {
		// old-shanghai/3 asks whatever the drawer holds: the question
		// must not show who holds a Heart of Gold.
		s.ask(d)
		return
	}
	if !holds {
		if yes {
			s.tellText(d, s.name(d), " holds no Heart of Gold to play.")
		}
		s.Stage = stFinish
		return
	}
	if !yes {
		s.fired(d, src, "keep the Heart of Gold")
		s.Stage = stFinish // OS-A2: once declined, not in this Shanghai!
		return
	}
	s.fired(d, src, "play the Heart of Gold")
	s.play(d, cHeart, atDiscard)
	s.sayText(s.name(d), " played a Heart of Gold and stays in the game.")
	s.Sh.Outcome = "heart"
	s.Stage = stPutBack
}

func (s *State) policeStage(r rng) {
	d, sh := s.Sh.Drawer, s.Sh.Shanghaier
	yes := false
	holds := s.count(d, cPolice) > 0
	if holds || s.rules().AskEveryone {
		src, ok := source{}, false
		if a, has := s.takeAnswer(d); has {
			yes, ok = a.Yes, true
		} else if yes, ok = s.decideYesNo(d, s.Players[d].Orders.Police); ok {
			src = source{p: d, verb: vPolice}
		}
		if !ok {
			// old-shanghai/3 asks whatever the drawer holds ("Keep this
			// card a secret").
			s.ask(d)
			return
		}
		switch {
		case holds:
			what := "keep the Harbor Police"
			if yes {
				what = "play the Harbor Police"
			}
			s.fired(d, src, what)
		case yes:
			s.tellText(d, s.name(d), " holds no Harbor Police to play.")
			yes = false
		}
	}
	if yes {
		s.play(d, cPolice, atDiscard)
		s.sayText(s.name(d), " played Harbor Police: the Shanghai! is over.")
		s.takeTwo(d, sh, r)
		s.returnFinishers(r)
		s.Sh.Outcome, s.Sh.Putter = "police", d
		s.Stage = stPutBack
		return
	}
	s.sayText(s.name(d), " is Shanghaied and out of the game!")
	s.takeTwo(sh, d, r)
	if n := len(s.Players[d].Hand); n > 0 {
		verb := "are"
		if n == 1 {
			verb = "is"
		}
		s.say("%s's remaining %s %s discarded: %s.", s.name(d), count(n, "card"), verb, cardNames(s.Players[d].Hand))
	}
	s.eliminate(d)
	s.returnFinishers(r)
	s.Sh.Outcome, s.Sh.Putter = "shanghaied", sh
	s.Stage = stPutBack
}

// takeTwo: taker draws two cards blind from victim's hand, or as many as
// there are (OS-A12).
func (s *State) takeTwo(taker, victim int, r rng) {
	var got []Card
	for i := 0; i < 2; i++ {
		c, ok := s.take(taker, victim, r)
		if !ok {
			break
		}
		got = append(got, c)
	}
	cards := " cards"
	if len(got) == 1 {
		cards = " card"
	}
	s.sayText(s.name(taker), " took ", strconv.Itoa(len(got)), cards, " from ", s.name(victim), "'s hand.")
	switch len(got) {
	case 1:
		s.tellTo(s.text(s.name(taker), " took ", got[0].String(), " from ", s.name(victim), "."), s.name(taker), s.name(victim))
	case 2:
		s.tellTo(s.text(s.name(taker), " took ", got[0].String(), " and ", got[1].String(), " from ", s.name(victim), "."), s.name(taker), s.name(victim))
	}
}
