package sackson

import (
	"fmt"
	"slices"
	"strings"
	"taipan/adjudicator/engine"
)

func hap(format string, args ...any) engine.Happening {
	return engine.Happening{Text: fmt.Sprintf(format, args...)}
}

// timeName is "the tea (forenoon, points double)".
func timeName(t int) string {
	x := data.Times[t]
	if x.Double {
		return fmt.Sprintf("the %s (%s, points double)", x.Name, x.Label)
	}
	return fmt.Sprintf("the %s (%s)", x.Name, x.Label)
}

func (s *State) name(seat int) string { return s.Players[seat].Name }

func cardList(cards []Card) string {
	words := make([]string, len(cards))
	for i, c := range cards {
		words[i] = c.String()
	}
	return engine.AndList(words)
}

// round resolves the open round with every active player's plan (indexed
// by seat), in the order of the rules (rules-analysis 3b).
func (s *State) round(plans map[int]plan, rng *engine.Rand) []engine.Happening {
	t := s.time()
	opts := options(s.LangTsu)
	log := &RoundLog{Round: s.Round, Time: t, From: s.LangTsu, Chooser: -1, Bought: -1, Bids: []Bid{}, Plays: []Play{}}
	hs := []engine.Happening{hap("Round %d, at %s. Lang-Tsu is at the %s; he can go to %s.", s.Round, timeName(t), destName(s.LangTsu), s.optionsText())}

	// a. Bidding: every sealed bid is revealed (SS-A4, 3d).
	var words []string
	for _, q := range s.clockwise(-1) {
		b := Bid{Seat: q, Amount: plans[q].bid}
		if b.Amount == 0 {
			words = append(words, s.name(q)+" none")
		} else {
			words = append(words, fmt.Sprintf("%s %s", s.name(q), money(b.Amount)))
		}
		log.Bids = append(log.Bids, b)
	}
	hs = append(hs, hap("The sealed bids: %s.", strings.Join(words, ", ")))
	// What-if a), SS-A5: every over-bidder pays the penalty and is out of
	// the bidding; the other sealed bids stand.
	excluded := map[int]bool{}
	for i := range log.Bids {
		b := &log.Bids[i]
		m := s.Players[b.Seat].Money
		if b.Amount <= m {
			continue
		}
		b.Over, b.Penalty = true, min(data.Penalty, m)
		s.Players[b.Seat].Money -= b.Penalty
		s.Bank += b.Penalty
		excluded[b.Seat] = true
		hs = append(hs, hap("%s bid %s with only %s: %s pays %s to the bank and may not bid again this round.", s.name(b.Seat), money(b.Amount), money(m), s.name(b.Seat), money(b.Penalty)))
	}
	top := 0
	var tied []int
	for _, b := range log.Bids {
		switch {
		case b.Over || b.Amount == 0 || b.Amount < top:
		case b.Amount > top:
			top, tied = b.Amount, []int{b.Seat}
		default:
			tied = append(tied, b.Seat)
		}
	}
	chooser := -1
	why := "Nobody bids and nobody placed Lang-Tsu last round"
	switch {
	case len(tied) > 0:
		chooser = s.breakTie(tied, log, rng, &hs)
		log.How, log.Paid = "bid", top
		s.Players[chooser].Money -= top
		s.Keeper += top
		hs = append(hs, hap("%s wins the bribe with %s and pays it to the keeper of the bribe money.", s.name(chooser), money(top)))
	case s.active(s.Determiner) && !excluded[s.Determiner]:
		// What-if b): the previous determiner places Lang-Tsu for free.
		chooser, log.How = s.Determiner, "previous"
		hs = append(hs, hap("Nobody bids: %s, who placed Lang-Tsu last round, places him again, for nothing.", s.name(chooser)))
	default:
		log.How = "drawn"
		if s.active(s.Determiner) {
			why = fmt.Sprintf("Nobody bids, and %s, who placed Lang-Tsu last round, over-bid", s.name(s.Determiner))
		}
	}
	if chooser >= 0 {
		s.LangTsu = s.destination(chooser, plans[chooser])
		hs = append(hs, hap("%s takes Lang-Tsu to the %s.", s.name(chooser), destName(s.LangTsu)))
	} else {
		// SS-A7: nobody to choose: a draw among the four arrows.
		s.LangTsu = opts[rng.Intn(len(opts))]
		hs = append(hs, hap("%s: the draw sends him to the %s. No event card this round.", why, destName(s.LangTsu)))
	}
	log.Chooser, log.To = chooser, s.LangTsu
	s.Determiner = chooser

	// b. Settling up, then the purchase (short rules, SS-G9), then
	// c. free information, clockwise from the chooser's left (SS-G12).
	played := false
	order := s.clockwise(chooser)
	if chooser >= 0 {
		order = append([]int{chooser}, order[:len(order)-1]...)
	}
	for i, q := range order {
		cards := s.cardsFor(q, plans[q], s.LangTsu)
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
			hs = append(hs, hap("%s plays %s%s: %s, from space %d to %d.", s.name(q), cardList(cards), how, calc, pl.From, pl.To))
		}
		if i == 0 && chooser >= 0 && plans[q].buy {
			hs = append(hs, s.buy(q, log)...)
		}
	}
	if len(log.Plays) == 0 {
		hs = append(hs, hap("Nobody plays a card for the %s.", destName(s.LangTsu)))
	}

	// d. The event card, carried out at once (SS-A16).
	moved := false
	for _, pl := range log.Plays {
		moved = moved || pl.To != pl.From
	}
	if chooser >= 0 {
		before := s.spaces()
		hs = append(hs, s.event(chooser, plans[chooser], log))
		moved = moved || !slices.Equal(before, s.spaces())
	}
	s.Last = log

	// End of the game (3h, SS-A13, SS-A14), then SS-G13: rounds in a row
	// without a card played (shanghai/1), or without a piece moving, by a
	// card or an event (shanghai/2, SS-X8).
	if played && !s.v2() || moved && s.v2() {
		s.Quiet = 0
	} else {
		s.Quiet++
	}
	if end := s.endCheck(); end != nil {
		return append(hs, end...)
	}
	s.Round++
	hs = append(hs, hap("The time marker moves on to %s.", timeName(s.time())))
	return hs
}

// breakTie settles equal highest bids (SS-G7): the tied player furthest
// behind on the track, then a draw.
func (s *State) breakTie(tied []int, log *RoundLog, rng *engine.Rand, hs *[]engine.Happening) int {
	if len(tied) == 1 {
		return tied[0]
	}
	low := data.Track + 1
	var back []int
	for _, q := range tied {
		switch sp := s.Players[q].Space; {
		case sp < low:
			low, back = sp, []int{q}
		case sp == low:
			back = append(back, q)
		}
	}
	names := make([]string, len(tied))
	for i, q := range tied {
		names[i] = s.name(q)
	}
	if len(back) == 1 {
		log.Tie = "behind"
		*hs = append(*hs, hap("%s bid the same; %s, furthest behind on the track, wins the tie.", engine.AndList(names), s.name(back[0])))
		return back[0]
	}
	w := back[rng.Intn(len(back))]
	log.Tie = "drawn"
	*hs = append(*hs, hap("%s bid the same and stand equally far back; the draw picks %s.", engine.AndList(names), s.name(w)))
	return w
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

// eventTarget is who receives the event card under chooser's plan.
func (s *State) eventTarget(chooser int, p plan) int {
	switch p.event {
	case evGive:
		if s.active(p.eventTo) {
			return p.eventTo
		}
	case evLeader, evLast:
		// SS-X5: among the other players, the one furthest ahead (behind),
		// the first clockwise from the chooser's left on ties.
		pick := -1
		for _, q := range s.clockwise(chooser) {
			if q == chooser {
				continue
			}
			sp := s.Players[q].Space
			if pick < 0 || (p.event == evLeader && sp > s.Players[pick].Space) || (p.event == evLast && sp < s.Players[pick].Space) {
				pick = q
			}
		}
		if pick >= 0 {
			return pick
		}
	}
	return chooser
}

// event draws the top event card and carries it out for the player the
// chooser names; the card then goes under the pile.
func (s *State) event(chooser int, p plan, log *RoundLog) engine.Happening {
	e := s.Events[0]
	s.Events = append(s.Events[1:], e)
	to := s.eventTarget(chooser, p)
	res := s.effect(to, data.Events[e])
	s.EventsDone = append(s.EventsDone, EventLog{Round: s.Round, Event: e, Chooser: chooser, To: to, Result: res})
	i := len(s.EventsDone) - 1
	log.Event = &i
	ev := data.Events[e]
	who := fmt.Sprintf("%s takes the event card", s.name(chooser))
	if to != chooser {
		who = fmt.Sprintf("%s gives the event card to %s", s.name(chooser), s.name(to))
	}
	return hap("%s: %s %s, \"%s\" %s", who, ev.ID, ev.Name, ev.Text, res)
}

// effect carries out event card ev for seat r and says what it did.
func (s *State) effect(r int, ev eventData) string {
	me := s.Players[r].Space
	switch ev.Effect {
	case effMove:
		s.moveTo(r, me+ev.N)
	case effUp, effDown:
		// SS-A10: positions rank by space; the nearest piece strictly
		// ahead (behind).
		target := -1
		for _, q := range s.clockwise(r) {
			sp := s.Players[q].Space
			if q == r || (ev.Effect == effUp && sp <= me) || (ev.Effect == effDown && sp >= me) {
				continue
			}
			if target < 0 || (ev.Effect == effUp && sp < target) || (ev.Effect == effDown && sp > target) {
				target = sp
			}
		}
		if target < 0 {
			if ev.Effect == effUp {
				return fmt.Sprintf("No piece is ahead of %s: no effect.", s.name(r))
			}
			return fmt.Sprintf("No piece is behind %s: no effect.", s.name(r))
		}
		s.moveTo(r, target)
	case effSwapFirst, effSwapLast:
		// SS-X6: of several pieces sharing that position, the first
		// clockwise from the receiver's left swaps.
		other := -1
		for _, q := range s.clockwise(r) {
			if q == r {
				continue
			}
			sp := s.Players[q].Space
			if other < 0 || (ev.Effect == effSwapFirst && sp > s.Players[other].Space) || (ev.Effect == effSwapLast && sp < s.Players[other].Space) {
				other = q
			}
		}
		if other < 0 || s.Players[other].Space == me || (ev.Effect == effSwapFirst && s.Players[other].Space < me) || (ev.Effect == effSwapLast && s.Players[other].Space > me) {
			return fmt.Sprintf("%s holds that position already: no effect.", s.name(r))
		}
		os := s.Players[other].Space
		s.Players[other].Space, s.Players[r].Space = me, os
		return fmt.Sprintf("%s goes from space %d to %d and %s from %d to %d.", s.name(r), me, os, s.name(other), os, me)
	case effJunk:
		from := s.Junk
		to := min(max(from+ev.N, 1), data.JunkMax)
		s.Junk = to
		switch {
		case ev.N > 0 && from == data.JunkMax:
			return fmt.Sprintf("The junk is on %d/%d, the last water space: the order lapses.", s.junkLow(), s.junkHigh())
		case ev.N > 0 && to-from < ev.N:
			return fmt.Sprintf("The junk sails from %d/%d to %d/%d, the last water space; the rest lapses.", 2*from-1, 2*from, s.junkLow(), s.junkHigh())
		case to == from:
			return fmt.Sprintf("The junk is on %d/%d already: no effect.", s.junkLow(), s.junkHigh())
		}
		return fmt.Sprintf("The junk moves from %d/%d to %d/%d.", 2*from-1, 2*from, s.junkLow(), s.junkHigh())
	case effOthers:
		var moved []string
		for _, q := range s.clockwise(r) {
			if q == r {
				continue
			}
			from := s.Players[q].Space
			s.moveTo(q, from+ev.N)
			if s.Players[q].Space != from {
				moved = append(moved, fmt.Sprintf("%s %d to %d", s.name(q), from, s.Players[q].Space))
			}
		}
		if len(moved) == 0 {
			return "No piece moves."
		}
		return "Moved: " + engine.AndList(moved) + "."
	case effSignal:
		if me >= s.junkLow()-1 {
			return fmt.Sprintf("%s is not behind the junk's near space: no effect.", s.name(r))
		}
		s.moveTo(r, s.junkLow()-1)
	case effNone:
		return "Nothing happens."
	}
	if s.Players[r].Space == me {
		return fmt.Sprintf("%s stays on space %d.", s.name(r), me)
	}
	return fmt.Sprintf("%s goes from space %d to %d.", s.name(r), me, s.Players[r].Space)
}

// spaces lists every piece's space, in seat order.
func (s *State) spaces() []int {
	out := make([]int, len(s.Players))
	for i, p := range s.Players {
		out[i] = p.Space
	}
	return out
}

// reached reports whether seat's piece has reached or passed the junk
// (SS-A13), and how far past its far space it stands.
func (s *State) reached(seat int) (bool, int) {
	sp := s.Players[seat].Space
	return sp >= s.junkLow(), max(0, sp-s.junkHigh())
}

// endCheck ends the game when a piece has reached or passed the junk
// after the round's event (3h), or when the game cannot finish (SS-G13).
func (s *State) endCheck() []engine.Happening {
	var at []int
	var words []string
	for _, q := range s.clockwise(-1) {
		if ok, d := s.reached(q); ok {
			at = append(at, q)
			words = append(words, fmt.Sprintf("%s (space %d, %d past)", s.name(q), s.Players[q].Space, d))
		}
	}
	junk := fmt.Sprintf("%d/%d", s.junkLow(), s.junkHigh())
	switch {
	case len(at) > 0:
		s.finish(at, endReached, fmt.Sprintf("the junk on %s has been reached by %s; the closest past it wins", junk, engine.AndList(words)))
	case s.Quiet >= data.QuietRounds:
		what := "a card played"
		if s.v2() {
			what = "a piece moving"
		}
		s.finish(s.clockwise(-1), endStuck, fmt.Sprintf("the game cannot finish: %d rounds in a row without %s; the piece closest behind the junk on %s wins", s.Quiet, what, junk))
	case s.noCards():
		s.finish(s.clockwise(-1), endStuck, fmt.Sprintf("the game cannot finish: no cards in any hand and nobody able to buy one; the piece closest behind the junk on %s wins", junk))
	default:
		return nil
	}
	names := make([]string, len(s.Winners))
	for i, q := range s.Winners {
		names[i] = s.name(q)
	}
	hs := []engine.Happening{hap("The game is over: %s.", s.Ended)}
	if len(names) == 1 {
		return append(hs, hap("%s wins.", names[0]))
	}
	return append(hs, hap("%s share the win.", engine.AndList(names)))
}

// How a game ended (State.End).
const (
	endReached = "reached" // a piece reached the junk (3h)
	endStuck   = "stuck"   // SS-G13
	endLeft    = "left"    // everybody left
)

// noCards reports whether every hand is empty and nobody can buy a card
// (SS-G13's "every hand is empty and the pile is empty", SS-X8).
func (s *State) noCards() bool {
	for _, q := range s.clockwise(-1) {
		if len(s.Players[q].Hand) > 0 || (s.Players[q].Money >= data.CardPrice && len(s.Pile) > 0) {
			return false
		}
	}
	return true
}

// finish ends the game; the winners are those of cands closest to the
// junk (past it for endReached, behind it for endStuck), then (3h) the
// most money, else a shared win.
func (s *State) finish(cands []int, kind, why string) {
	dist := func(q int) int {
		if ok, d := s.reached(q); ok {
			return d
		}
		return s.junkLow() - s.Players[q].Space
	}
	best := -1
	var win []int
	for _, q := range cands {
		d := dist(q)
		switch {
		case best < 0 || d < best:
			best, win = d, []int{q}
		case d == best:
			win = append(win, q)
		}
	}
	rich := -1
	var richest []int
	for _, q := range win {
		switch m := s.Players[q].Money; {
		case m > rich:
			rich, richest = m, []int{q}
		case m == rich:
			richest = append(richest, q)
		}
	}
	s.Over, s.Winners, s.End, s.Ended = true, richest, kind, why
	if len(win) > 1 {
		if len(richest) < len(win) {
			s.Ended += "; of the equally close pieces the one with more money left wins"
		} else {
			s.Ended += "; equally close, with equal money: a shared win"
		}
	}
}
