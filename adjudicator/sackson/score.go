package sackson

import "taipan/adjudicator/engine"

var _ engine.Scorer = Engine{}

// Score is how far player's piece has come: its space on the track (3h:
// the race to the junk; money only breaks ties). A player not in the game
// scores 0.
func (Engine) Score(as engine.State, player string) float64 {
	s := state(as)
	q := s.seat(player)
	if q < 0 {
		return 0
	}
	return float64(s.Players[q].Space)
}
