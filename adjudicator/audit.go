package adjudicator

import "taipan/events"

// Audit checks a game's whole log as a third party would: the hash chain
// from the first event, then a replay from scratch that must reproduce every
// recorded step digest. It returns the replayed game, or an error naming the
// first bad event (*events.ChainError or *ReplayError).
func Audit(reg *Registry, evs []events.Event) (*Game, error) {
	if err := events.Verify(evs); err != nil {
		return nil, err
	}
	return Replay(reg, evs)
}
