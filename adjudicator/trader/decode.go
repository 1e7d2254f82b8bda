package trader

import (
	"fmt"
	"slices"

	"taipan/adjudicator/engine"
)

var _ engine.StateDecoder = Engine{}

// DecodeState reads a state back from its canonical JSON (json.Marshal of
// a *State, or its AppendJSON, which are the same bytes), for a practice
// fork that starts from a state written in its log. The JSON keeps nil and
// empty lists apart as the state does, so the state read has the digest of
// the one written. A state that could not have come from the engine (a
// player count, a column, a seat or a phase out of range) is refused with
// the field at fault, so that nothing reads out of range later.
func (Engine) DecodeState(data []byte) (engine.State, error) {
	return engine.DecodeStateJSON("trader", data, (*State).validate)
}

// validate checks what the engine's code takes for granted of a state.
func (s *State) validate() error {
	n := len(s.Players)
	seatOK := func(p int) bool { return p >= 0 && p < n }
	switch {
	case n < 2 || n > 4:
		return fmt.Errorf("players: %d players; Trader is for 2, 3 or 4", n)
	case len(s.Columns) != len(data.Capitals):
		return fmt.Errorf("columns: %d columns, not %d", len(s.Columns), len(data.Capitals))
	case s.Market < -1 || s.Market >= len(s.Columns):
		return fmt.Errorf("market: %d is not a column", s.Market)
	case !slices.Contains([]string{phaseTurn, phaseLastSale, phaseOver}, s.Phase):
		return fmt.Errorf("phase: %q is not %s, %s or %s", s.Phase, phaseTurn, phaseLastSale, phaseOver)
	case !seatOK(s.Active) || !seatOK(s.First) || !seatOK(s.First1):
		return fmt.Errorf("active, first, first1: a seat is out of range (%d, %d, %d)", s.Active, s.First, s.First1)
	case s.Set < 1 || s.Set > s.Sets:
		return fmt.Errorf("set: %d of %d", s.Set, s.Sets)
	}
	for _, p := range s.LastSale {
		if !seatOK(p) {
			return fmt.Errorf("last_sale: seat %d is out of range", p)
		}
	}
	for i, p := range s.Players {
		if p.Team < 0 || p.Team >= len(s.Teams) {
			return fmt.Errorf("players[%d].team: %d is not a team", i, p.Team)
		}
	}
	for i, t := range s.Teams {
		for _, m := range t.Members {
			if !seatOK(m) {
				return fmt.Errorf("teams[%d].members: seat %d is out of range", i, m)
			}
		}
		if t.JokerBy < -1 || t.JokerBy >= n {
			return fmt.Errorf("teams[%d].joker_by: seat %d is out of range", i, t.JokerBy)
		}
	}
	for i, sc := range s.Scores {
		if len(sc) != n {
			return fmt.Errorf("scores[%d]: %d scores for %d players", i, len(sc), n)
		}
	}
	return nil
}
