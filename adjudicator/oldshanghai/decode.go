package oldshanghai

import (
	"fmt"

	"taipan/adjudicator/engine"
)

var _ engine.StateDecoder = Engine{}

// DecodeState reads a state back from its canonical JSON (State's
// AppendJSON, which is encoding/json's): a practice fork starts from it.
// It refuses a state whose cards are not those of its counts, or whose
// seats are not players.
func (Engine) DecodeState(data []byte) (engine.State, error) {
	return engine.DecodeStateJSON("old-shanghai", data, (*State).wellFormed)
}

// wellFormed checks what play relies on: every card of the counts once
// (in a hand, the deck, the discard, the table or out of play), and every
// seat the state names a player.
func (s *State) wellFormed() error {
	n := len(s.Players)
	if n == 0 {
		return fmt.Errorf("no players")
	}
	if len(s.Counts) != int(numCards) {
		return fmt.Errorf("counts: %d kinds of card, not %d", len(s.Counts), numCards)
	}
	have := make([]int, numCards)
	add := func(cs []Card) {
		for _, c := range cs {
			if c < numCards {
				have[c]++
			}
		}
	}
	for _, p := range s.Players {
		add(p.Hand)
	}
	add(s.Deck)
	add(s.Discard)
	add(s.Table)
	add(s.OutOfPlay)
	for c := range have {
		if have[c] != s.Counts[c] {
			return fmt.Errorf("%d %s cards, not the %d of the counts", have[c], Card(c), s.Counts[c])
		}
	}
	seat := func(q int) bool { return q >= 0 && q < n }
	ok := seat(s.Active)
	for _, q := range append(append([]int(nil), s.Asked...), s.Winners...) {
		ok = ok && seat(q)
	}
	if sh := s.Sh; sh != nil {
		ok = ok && seat(sh.Drawer) && seat(sh.Putter) && (sh.Shanghaier == -1 || seat(sh.Shanghaier))
	}
	for _, p := range s.Players {
		for _, h := range p.Held {
			ok = ok && seat(h.Holder)
		}
	}
	if !ok {
		return fmt.Errorf("a seat out of range")
	}
	return nil
}
