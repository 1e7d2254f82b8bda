package singapore

import "taipan/adjudicator/engine"

var _ engine.Scorer = Engine{}

// Score is player's total as the scoring in force counts it (engine.Scorer):
// the hand's value against the Seized goods, with the Merchant card's
// bonus; the final total once the game is over, the total "if the game
// ended now" before. A Calculating Wang win on an exact total is a win,
// not a score: its total is reported as it is. 0 for a name not in the
// game.
func (Engine) Score(as engine.State, player string) float64 {
	s := state(as)
	seat := s.seat(player)
	if seat < 0 {
		return 0
	}
	return float64(s.playerScore(seat).Total)
}
