package shanghaitrader

import "taipan/adjudicator/engine"

var _ engine.Scorer = Engine{}

// Score is player's international bank account, the measure the winner is
// chosen by (§2.3, rules-analysis 1h), so far (engine.Scorer): while the
// player is in the city, the account as it stands; once escaped, the
// account taken out. A player assassinated or removed, or still in the city
// when the game ends (§1.3 "you've succumbed to the revolution, and
// forfeit ... your fortune"), scores nothing.
func (e Engine) Score(as engine.State, player string) float64 {
	s := state(as)
	p := s.seat(player)
	if p < 0 {
		return 0
	}
	pl := &s.Players[p]
	switch {
	case pl.Out == outEscaped:
		return float64(pl.Bank)
	case !pl.inCity() || s.Over:
		return 0
	}
	return float64(pl.Bank)
}
