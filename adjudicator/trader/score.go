package trader

import "taipan/adjudicator/engine"

var _ engine.Scorer = Engine{}

// Score is player's money (TR-A11): the final money of each finished set
// summed, and the money in hand in a set still being played. With 4
// players it is the player's own money; the team's is the partners' sum.
func (Engine) Score(as engine.State, player string) float64 {
	s := state(as)
	seat := s.seat(player)
	if seat < 0 {
		return 0
	}
	total := 0
	for _, sc := range s.Scores {
		total += sc[seat]
	}
	if s.Phase != phaseOver {
		total += s.Players[seat].Money
	}
	return float64(total)
}
