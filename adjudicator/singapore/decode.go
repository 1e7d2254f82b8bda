package singapore

import (
	"fmt"

	"taipan/adjudicator/engine"
)

var _ engine.StateDecoder = Engine{}

// DecodeState reads a state back from its canonical JSON (json.Marshal of
// a *State, or its AppendJSON), for a practice fork started from a step
// of a game (engine.StateDecoder). Unknown fields are refused, and so is
// a state whose seats, phase, River or goods do not hold together, with
// what is wrong.
func (Engine) DecodeState(data []byte) (engine.State, error) {
	return engine.DecodeStateJSON("singapore-1889", data, (*State).wellFormed)
}

// wellFormed says what, if anything, makes a decoded state unplayable:
// the checks a state made by Setup and Resolve always passes.
func (s *State) wellFormed() error {
	n := len(s.Players)
	switch {
	case n < data.MinPlayers || n > data.MaxPlayers:
		return fmt.Errorf("players: %d seats; the game is for %d to %d", n, data.MinPlayers, data.MaxPlayers)
	case s.Rules < 0 || s.Rules > len(versions.Names()):
		return fmt.Errorf("rules: no version %d", s.Rules)
	case len(s.River) != data.River:
		return fmt.Errorf("river: %d slots, not %d", len(s.River), data.River)
	case s.SS < 0 || s.SS >= data.River:
		return fmt.Errorf("ss: slot %d does not exist", s.SS+1)
	case s.First < 0 || s.First >= n:
		return fmt.Errorf("first: seat %d does not exist", s.First)
	case s.Active < 0 || s.Active >= n:
		return fmt.Errorf("active: seat %d does not exist", s.Active)
	}
	switch s.Phase {
	case phaseStart, phaseTurn, phaseChen, phaseOver:
	default:
		return fmt.Errorf("phase: %q is none of start, turn, chen and over", s.Phase)
	}
	seen := map[string]bool{}
	for _, p := range s.Players {
		if p.Name == "" || seen[p.Name] {
			return fmt.Errorf("players: the names must be distinct and not empty (%q)", p.Name)
		}
		seen[p.Name] = true
		if p.Merchant != "" && merchantByName(p.Merchant) == nil {
			return fmt.Errorf("players: %s holds %q, no Merchant card", p.Name, p.Merchant)
		}
	}
	for i, t := range s.Types {
		if t < 0 || t >= len(data.Goods) || i > 0 && s.Types[i-1] >= t {
			return fmt.Errorf("types: %v is not a list of goods in data order", s.Types)
		}
	}
	for _, c := range s.allCards() {
		if c != OrdinanceCard && !s.inPlay(c.Type()) {
			return fmt.Errorf("%s is not among the goods of this game", c)
		}
	}
	return nil
}
