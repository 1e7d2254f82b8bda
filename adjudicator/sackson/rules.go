package sackson

import (
	"fmt"
	"slices"
	"taipan/adjudicator/engine"
)

func hap(format string, args ...any) engine.Happening {
	return engine.Happening{Text: fmt.Sprintf(format, args...)}
}

// timeName is "the tea (forenoon, points double)".
func timeName(t int) string { return data.timeNames[t] }

func (s *State) name(seat int) string { return s.Players[seat].Name }

func cardList(cards []Card) string {
	words := make([]string, len(cards))
	for i, c := range cards {
		words[i] = c.String()
	}
	return engine.AndList(words)
}

// round resolves the open round with every active player's plan (indexed
// by seat), in the order of the rules (rules-analysis 3b): each part of
// the round is played by the file of its verb.
func (s *State) round(plans []plan, rng *engine.Rand) []engine.Happening {
	log := &RoundLog{Round: s.Round, Time: s.time(), From: s.LangTsu, Chooser: -1, Bought: -1, Bids: []Bid{}, Plays: []Play{}}
	hs := []engine.Happening{hap("Round %d, at %s. Lang-Tsu is at the %s; he can go to %s.", s.Round, timeName(s.time()), destName(s.LangTsu), s.optionsText())}

	// a. Bidding (bid.go), and Lang-Tsu placed (goto.go).
	chooser, why := s.bidding(plans, log, rng, &hs)
	s.placeLangTsu(chooser, plans, why, log, rng, &hs)

	// b. Settling up, the purchase (buy.go), c. free information
	// (play.go).
	played := s.settleUp(chooser, plans, log, &hs)

	// d. The event card, carried out at once (event.go, SS-A16).
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
	// without a piece moving, by a card or an event (SS-X8), or without a
	// card played (QuietIsNoPieceMoving off).
	quiet := !played
	if s.rules().QuietIsNoPieceMoving {
		quiet = !moved
	}
	if quiet {
		s.Quiet++
	} else {
		s.Quiet = 0
	}
	if end := s.endCheck(); end != nil {
		return append(hs, end...)
	}
	s.Round++
	hs = append(hs, hap("The time marker moves on to %s.", timeName(s.time())))
	return hs
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
		if s.rules().QuietIsNoPieceMoving {
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
