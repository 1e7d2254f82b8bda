package shanghaitrader

import "taipan/adjudicator/engine"

// The "did you mean …?" of a refusal: the verb, district, location or
// player nearest to a mistyped name (engine.DidYouMean), or "" when none
// is near enough. They are called only on the way to a refusal, so
// nothing is gathered while orders read cleanly.

// districtHint is the hint for a district name that is none.
func (c *components) districtHint(word string) string {
	var names []string
	for _, x := range c.Districts {
		names = append(names, x.Name)
		names = append(names, x.Aliases...)
	}
	return engine.DidYouMean(word, names)
}

// locHint is the hint for a location name that is none.
func (c *components) locHint(word string) string {
	var names []string
	for i, l := range c.locs {
		names = append(names, c.locName(i))
		names = append(names, l.Aliases...)
	}
	return engine.DidYouMean(word, names)
}

// playerHint is the hint for a player's name that is none.
func (s *State) playerHint(word string) string {
	var names []string
	for _, p := range s.Players {
		names = append(names, p.Name)
	}
	return engine.DidYouMean(word, names)
}
