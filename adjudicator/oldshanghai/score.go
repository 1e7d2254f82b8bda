package oldshanghai

import "taipan/adjudicator/engine"

var _ engine.Scorer = Engine{}

// Score is how many turns player's sailor lasted: the turns played while
// still in (the last sailor left wins, 2b). A player not in the game
// scores 0.
func (Engine) Score(as engine.State, player string) float64 {
	s := state(as)
	q := s.seat(player)
	switch {
	case q < 0:
		return 0
	case s.Players[q].Out:
		return float64(s.Players[q].OutTurn - 1)
	}
	return float64(s.Turn)
}
