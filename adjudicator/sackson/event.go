package sackson

import (
	"fmt"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Event decisions.
const (
	evTake   = "take"
	evGive   = "give"   // to a named player
	evLeader = "leader" // to the other player furthest ahead
	evLast   = "last"   // to the other player furthest behind
)

// event is "d. The event cards come into play" (shanghai-sackson-en.md
// "Course of play"): the one who placed Lang-Tsu takes the top event card
// or gives it to another player, and it is carried out at once (SS-A16,
// SS-X5, SS-X6). event: take | give NAME | give leader | give last.
var event verb = &eventVerb{verbInfo{name: verbEvent, rule: `"d. The event cards come into play"; rules-analysis 3c S7; SS-A10, SS-A16, SS-X5, SS-X6`}}

type eventVerb struct{ verbInfo }

func (*eventVerb) read(s *State, seat int, it orders.Item, p *plan) error {
	t, err := it.String()
	if err != nil {
		return err
	}
	f := strings.Fields(t)
	if len(f) == 0 {
		return it.Errorf("write take, give NAME, give leader or give last")
	}
	word := strings.ToLower(f[0])
	target := strings.Join(f[1:], " ")
	switch {
	case word == evTake && len(f) == 1:
		p.event = evTake
		return nil
	case word == evGive && len(f) > 1:
	case word == evGive || word == evTake:
		return it.Errorf("write take, give NAME, give leader or give last")
	default:
		target = t // a bare name or rule: "bob", "leader"
	}
	switch strings.ToLower(target) {
	case evLeader, "first":
		p.event = evLeader
		return nil
	case evLast, "lowest":
		p.event = evLast
		return nil
	}
	q := s.seatNamed(target)
	switch {
	case q < 0:
		return it.Errorf("%q is not a player (the players are %s); write take, give NAME, give leader or give last%s", target, engine.AndList(s.names()), s.playerHint(target))
	case q == seat:
		return it.Errorf("to keep the event card yourself, write event: take")
	case !s.active(q):
		return it.Errorf("%s has left the game", s.name(q))
	}
	p.event, p.eventTo = evGive, q
	return nil
}

// decision offers keeping the card, giving it to each other player
// clockwise, and the two rules.
func (*eventVerb) decision(s *State, seat int) (engine.Decision, []engine.Choice) {
	events := []engine.Choice{{Order: verbEvent + ": " + evTake, Text: "keep the event card"}}
	for _, q := range s.clockwise(seat) {
		if q != seat {
			events = append(events, engine.Choice{Order: verbEvent + ": " + evGive + " " + s.name(q)})
		}
	}
	events = append(events,
		engine.Choice{Order: verbEvent + ": " + evGive + " " + evLeader, Text: "to the other player furthest ahead"},
		engine.Choice{Order: verbEvent + ": " + evGive + " " + evLast, Text: "to the other player furthest behind"})
	return engine.Decision{Name: verbEvent, Prompt: "the event card, if you place Lang-Tsu", Default: "you take it"}, events
}

func (*eventVerb) fill(s *State, seat int, p *plan, given bool) string {
	if given {
		return ""
	}
	return "event: not given: should you place Lang-Tsu, you take the event card yourself."
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
