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

// secretKinds are the events a public export withholds until the game is
// over: the seed, and orders, which may show a player's hidden hand or plan.
var secretKinds = map[string]bool{KindSeed: true, KindOrders: true, KindStanding: true}

// Public returns the log as a public export shows it: while the game g (the
// replay of evs) is running, the seed and all orders are withheld, each
// replaced by its payload hash, so that anyone can check the chain and later
// check the full log against it; once the game is over, everything.
func Public(g *Game, evs []events.Event) []events.Event {
	if g.Status.Finished {
		return evs
	}
	out := make([]events.Event, len(evs))
	for i, e := range evs {
		if secretKinds[e.Kind] {
			e = e.Redact()
		}
		out[i] = e
	}
	return out
}
