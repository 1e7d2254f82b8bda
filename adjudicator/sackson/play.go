package sackson

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// play is "b. Settling up" and "c. Free information"
// (shanghai-sackson-en.md "Course of play"): the cards of the destination
// Lang-Tsu goes to, at most 3 (2 at tea and temple), scored at the time's
// values; one plan per destination serves the winner and free information
// alike (3c S4, S6; SS-X4). play: {DEST: [CARD, ...] | best | none},
// play: [CARD, ...], play: best or play: none.
var play verb = &playVerb{verbInfo{name: verbPlay, rule: `"b. Settling up", "c. Free information"; rules-analysis 3c S4, S6; SS-T3, SS-G12, SS-X4, SS-X14`}}

type playVerb struct{ verbInfo }

// read reads the plan: play: best, play: none, play: [8-0, 7-1], or
// play: {8: [8-0, 8-3], 7: best}.
func (*playVerb) read(s *State, seat int, it orders.Item, p *plan) error {
	if !it.HasValue() {
		return it.Errorf("say which cards to play: a list of cards, best, none, or one entry per destination")
	}
	if w, ok := it.Scalar(); ok {
		// best and none, the defaults' plans, read from the log's text
		// without a node.
		switch strings.ToLower(w) {
		case "best":
			for _, d := range options(s.LangTsu) {
				p.add(d).best = true
			}
			return nil
		case "none", "nothing", "no":
			return nil
		}
	}
	v := it.Node()
	var errs orders.List
	switch v.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(v.Content); i += 2 {
			k, val := v.Content[i], v.Content[i+1]
			d := -1
			if k.Kind == yaml.ScalarNode {
				d = destIndex(k.Value)
			}
			switch {
			case d < 0:
				errs = append(errs, orders.Errorf(k.Line, it.Field(), "%q is not a destination; write its number or its name: %s%s", k.Value, destList(), destHint(k.Value)))
				continue
			case !s.isOption(d):
				errs = append(errs, orders.Errorf(k.Line, it.Field(), "Lang-Tsu cannot go to the %s this round: the options are %s", destName(d), s.optionsText()))
				continue
			}
			if p.entry(d) != nil {
				errs = append(errs, orders.Errorf(k.Line, it.Field(), "the %s is planned twice", destName(d)))
				continue
			}
			dp, err := s.parseCards(seat, it, val, d)
			if err != nil {
				errs = append(errs, orders.Errors(err)...)
				continue
			}
			dp.dest = d
			*p.add(d) = dp
		}
	case yaml.ScalarNode, yaml.SequenceNode:
		dp, err := s.parseCards(seat, it, v, 0)
		if err != nil {
			return err
		}
		for _, c := range dp.cards {
			d := c.Dest()
			x := p.add(d)
			x.cards = append(x.cards, c)
		}
		for _, d := range options(s.LangTsu) {
			if e := p.entry(d); e != nil && len(e.cards) > data.Limit {
				errs = append(errs, it.Errorf("at most %d cards of one destination may be played; %d are listed for the %s", data.Limit, len(e.cards), destName(d)))
			}
		}
	default:
		return it.Errorf("write a list of cards, best, none, or one entry per destination")
	}
	return errs.Err()
}

// decision offers the cards of the player's hand for the round's options
// (several may be played: the list is sorted out by place).
func (*playVerb) decision(s *State, seat int) (engine.Decision, []engine.Choice) {
	var cards []engine.Choice
	for _, d := range options(s.LangTsu) {
		for _, c := range s.Players[seat].Hand {
			if c.Dest() == d {
				cards = append(cards, engine.Choice{Order: c.String(), Text: "at the " + destName(d)})
			}
		}
	}
	return engine.Decision{Name: verbPlay, Prompt: fmt.Sprintf("the cards you play where Lang-Tsu goes (at most %d of one place)", data.Limit), Several: true, Default: "no card played"}, cards
}

func (*playVerb) fill(s *State, seat int, p *plan, given bool) string {
	if !given {
		return "play: not given: you play no card, wherever Lang-Tsu goes (also where you take him)."
	}
	var bare []string
	for _, d := range options(s.LangTsu) {
		if e := p.entry(d); e == nil || !e.best && len(e.cards) == 0 {
			bare = append(bare, "the "+destName(d))
		}
	}
	if len(bare) == 0 || len(bare) == len(options(s.LangTsu)) {
		return ""
	}
	return fmt.Sprintf("play: nothing for %s: you play no card if Lang-Tsu goes there.", engine.AndList(bare))
}

// settleUp plays "b. Settling up", then the purchase of the short rules
// (SS-G9, buy), then "c. Free information", clockwise from the chooser's
// left (SS-G12): each player's plan for where Lang-Tsu went, scored and
// moved. It reports whether any card was played.
func (s *State) settleUp(chooser int, plans []plan, log *RoundLog, hs *[]engine.Happening) (played bool) {
	t := s.time()
	order := s.clockwise(chooser)
	if chooser >= 0 {
		order = append([]int{chooser}, order[:len(order)-1]...)
	}
	for i, q := range order {
		cards := s.cardsFor(q, &plans[q], s.LangTsu)
		free := q != chooser
		if len(cards) > 0 {
			played = true
			pl := Play{Seat: q, Cards: append([]Card(nil), cards...), Points: s.points(cards), From: s.Players[q].Space, Free: free}
			for _, c := range cards {
				s.take(q, c)
				s.Pile = append(s.Pile, c)
			}
			s.moveTo(q, pl.From+pl.Points)
			pl.To = s.Players[q].Space
			log.Plays = append(log.Plays, pl)
			how := ""
			if free {
				how = " (free information)"
			}
			calc := count(pl.Points, "point")
			if mult(t) > 1 {
				calc = fmt.Sprintf("%d x %d = %d points", pl.Points/mult(t), mult(t), pl.Points)
			}
			*hs = append(*hs, hap("%s plays %s%s: %s, from space %d to %d.", s.name(q), cardList(cards), how, calc, pl.From, pl.To))
		}
		if i == 0 && chooser >= 0 && plans[q].buy {
			*hs = append(*hs, s.buy(q, log)...)
		}
	}
	if len(log.Plays) == 0 {
		*hs = append(*hs, hap("Nobody plays a card for the %s.", destName(s.LangTsu)))
	}
	return played
}

// parseCards reads one destination's cards (or best / none); d is the
// destination they must belong to, or 0 for any of the round's options.
func (s *State) parseCards(seat int, it orders.Item, v *yaml.Node, d int) (destPlan, error) {
	var texts []*yaml.Node
	switch v.Kind {
	case yaml.ScalarNode:
		t := strings.ToLower(strings.TrimSpace(v.Value))
		switch {
		case v.Tag == "!!null" || t == "none" || t == "nothing" || t == "no" || t == "[]":
			return destPlan{}, nil
		case t == "best" && d > 0:
			return destPlan{best: true}, nil
		}
		for _, part := range strings.Split(v.Value, ",") {
			if strings.TrimSpace(part) != "" {
				texts = append(texts, &yaml.Node{Kind: yaml.ScalarNode, Value: part, Line: v.Line})
			}
		}
	case yaml.SequenceNode:
		texts = v.Content
	default:
		return destPlan{}, orders.Errorf(v.Line, it.Field(), "write the cards as a list, e.g. [8-0, 8-3], or best, or none")
	}
	var dp destPlan
	var errs orders.List
	for _, n := range texts {
		if n.Kind != yaml.ScalarNode {
			errs = append(errs, orders.Errorf(n.Line, it.Field(), "each card is a single value such as 8-0, not a %s", orders.KindName(n.Kind)))
			continue
		}
		c, msg := parseCard(n.Value)
		if msg != "" {
			errs = append(errs, orders.Errorf(n.Line, it.Field(), "%s%s", msg, s.cardHint(seat, n.Value)))
			continue
		}
		switch {
		case d > 0 && c.Dest() != d:
			errs = append(errs, orders.Errorf(n.Line, it.Field(), "%s is a card of the %s, not of the %s", c, destName(c.Dest()), destName(d)))
			continue
		case d == 0 && !s.isOption(c.Dest()):
			errs = append(errs, orders.Errorf(n.Line, it.Field(), "%s is a card of the %s, where Lang-Tsu cannot go this round: the options are %s", c, destName(c.Dest()), s.optionsText()))
			continue
		case !s.has(seat, c):
			errs = append(errs, orders.Errorf(n.Line, it.Field(), "you do not hold %s%s", c, s.cardHint(seat, c.String())))
			continue
		}
		for _, x := range dp.cards {
			if x == c {
				errs = append(errs, orders.Errorf(n.Line, it.Field(), "%s is listed twice", c))
			}
		}
		dp.cards = append(dp.cards, c)
	}
	if d > 0 && len(dp.cards) > data.Limit {
		errs = append(errs, orders.Errorf(v.Line, it.Field(), "at most %d cards of one destination may be played; %d are listed for the %s", data.Limit, len(dp.cards), destName(d)))
	}
	return dp, errs.Err()
}

// cardsFor is what seat plays under plan p if Lang-Tsu goes to d: the
// listed cards truncated to the time's limit (SS-T3), or the best ones.
func (s *State) cardsFor(seat int, p *plan, d int) []Card {
	dp := p.entry(d)
	if dp == nil {
		return nil
	}
	if dp.best {
		return s.best(seat, d)
	}
	if l := limit(s.time()); len(dp.cards) > l {
		return dp.cards[:l]
	}
	return dp.cards
}

// points is what cards score at the open round's time.
func (s *State) points(cards []Card) int {
	t := s.time()
	n := 0
	for _, c := range cards {
		n += c.Value(t)
	}
	return n * mult(t)
}

// best is SS-X4's play: of seat's cards of destination d, the ones (at
// most the time's limit) that bring the piece furthest without passing
// the junk's far space; on ties the fewer cards, then the first in hand
// order. None when every card would carry the piece past the junk.
// With BestPassesToWin (SS-X14), when that play does not reach the junk, a
// play that passes the far space is taken instead if it would make the
// piece the winner as the pieces stand (closer past the junk than every
// other piece that has reached it, or as close with more money): the one
// that passes it by least, then the fewer cards, then the first in hand
// order.
func (s *State) best(seat, d int) []Card {
	var mine []Card
	for _, c := range s.Players[seat].Hand {
		if c.Dest() == d {
			mine = append(mine, c)
		}
	}
	space := s.Players[seat].Space
	room := s.junkHigh() - space
	l := limit(s.time())
	bestMask, bestPts, bestN := 0, 0, 0
	passMask, passDist, passN := 0, 0, 0
	for mask := 1; mask < 1<<len(mine); mask++ {
		var pick []Card
		for i, c := range mine {
			if mask&(1<<i) != 0 {
				pick = append(pick, c)
			}
		}
		if len(pick) > l {
			continue
		}
		pts := s.points(pick)
		if pts > room {
			dist := min(space+pts, data.Track) - s.junkHigh()
			if s.rules().BestPassesToWin && s.wouldWin(seat, dist) && (passMask == 0 || dist < passDist || dist == passDist && len(pick) < passN) {
				passMask, passDist, passN = mask, dist, len(pick)
			}
			continue
		}
		if pts > bestPts || (pts == bestPts && bestMask != 0 && len(pick) < bestN) {
			bestMask, bestPts, bestN = mask, pts, len(pick)
		}
	}
	if passMask != 0 && space+bestPts < s.junkLow() {
		bestMask = passMask
	}
	var out []Card
	for i, c := range mine {
		if bestMask&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// wouldWin reports whether seat's piece, dist spaces past the junk's far
// space, would win as the other pieces stand (3h): closer than every other
// piece that has reached the junk, or as close with more money.
func (s *State) wouldWin(seat, dist int) bool {
	for _, q := range s.clockwise(seat) {
		if q == seat {
			continue
		}
		ok, d := s.reached(q)
		if ok && (d < dist || d == dist && s.Players[q].Money >= s.Players[seat].Money) {
			return false
		}
	}
	return true
}
