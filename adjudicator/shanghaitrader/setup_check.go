package shanghaitrader

import (
	"fmt"

	"taipan/adjudicator/engine"
)

// CheckSetup refuses, in a new game's set-up, what Setup takes but what
// would spend a die unannounced (engine.SetupChecker): a position after
// this year's winter, in a year with shipping, without ship_roll. The
// Shipping Table is rolled once a year, in winter (§2.3); without the
// year's roll the next Shipping Phase would roll it mid-year, with the
// first of the set-up's dice when it gives any, and every later die would
// then land one place off. Setup itself still takes such a set-up, so the
// games already set up with one replay as they did.
func (e Engine) CheckSetup(cfg engine.Config) error {
	as, err := e.Setup(cfg, engine.NewRand([]byte("check"), 0))
	if err != nil {
		return err
	}
	s := state(as)
	if s.Season == 0 || s.ShipRoll != 0 || !s.shippingYear() || s.collusion() {
		return nil
	}
	season := s.d().Seasons[s.Season]
	if len(s.Dice) > 0 {
		return fmt.Errorf("setup: ship_roll: the position is in %s of year %d, after the winter's Shipping Table roll, but gives none: the next Shipping Phase would spend the first of dice (%d) on it; give the year's roll as ship_roll (1-6)", season, s.Year, s.Dice[0])
	}
	return fmt.Errorf("setup: ship_roll: the position is in %s of year %d, after the winter's Shipping Table roll, but gives none: the next Shipping Phase would roll it mid-year; give the year's roll as ship_roll (1-6)", season, s.Year)
}
