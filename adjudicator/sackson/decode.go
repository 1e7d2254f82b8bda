package sackson

import (
	"fmt"

	"taipan/adjudicator/engine"
)

var _ engine.StateDecoder = Engine{}

// DecodeState reads a state back from its canonical JSON (State's
// AppendJSON, which is encoding/json's): a practice fork starts from it.
// It refuses a state whose cards or event cards are not each used once,
// or whose seats it names are not players.
func (Engine) DecodeState(data []byte) (engine.State, error) {
	return engine.DecodeStateJSON("shanghai", data, (*State).wellFormed)
}

// wellFormed checks what play relies on: every card once among the hands
// and the pile, every event card once in the event pile, and every seat a
// player.
func (s *State) wellFormed() error {
	n := len(s.Players)
	if n == 0 {
		return fmt.Errorf("no players")
	}
	seen := make([]int, len(data.Cards))
	for _, p := range s.Players {
		for _, c := range p.Hand {
			seen[c]++
		}
	}
	for _, c := range s.Pile {
		seen[c]++
	}
	for c, k := range seen {
		if k != 1 {
			return fmt.Errorf("card %s is there %d times", Card(c), k)
		}
	}
	ev := make([]int, len(data.Events))
	for _, e := range s.Events {
		if e < 0 || e >= len(ev) {
			return fmt.Errorf("event card %d is not one", e)
		}
		ev[e]++
	}
	for e, k := range ev {
		if k != 1 {
			return fmt.Errorf("event card %s is in the pile %d times", data.Events[e].ID, k)
		}
	}
	seat := func(q int, orNone bool) bool { return q >= 0 && q < n || orNone && q == -1 }
	ok := seat(s.Determiner, true) && s.LangTsu >= 1 && s.LangTsu <= len(data.Destinations) && s.Junk >= 1 && s.Junk <= data.JunkMax && s.Round >= 1
	for _, e := range s.EventsDone {
		ok = ok && seat(e.Chooser, false) && seat(e.To, false) && e.Event >= 0 && e.Event < len(data.Events)
	}
	for _, q := range s.Winners {
		ok = ok && seat(q, false)
	}
	if l := s.Last; l != nil {
		ok = ok && seat(l.Chooser, true) && seat(l.Bought, true) && (l.Event == nil || *l.Event >= 0 && *l.Event < len(s.EventsDone))
		for _, b := range l.Bids {
			ok = ok && seat(b.Seat, false)
		}
		for _, p := range l.Plays {
			ok = ok && seat(p.Seat, false)
		}
	}
	if !ok {
		return fmt.Errorf("a seat, place, junk or round out of range")
	}
	return nil
}
