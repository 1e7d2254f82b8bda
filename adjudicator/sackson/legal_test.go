package sackson

import (
	"encoding/json"
	"strconv"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Every choice Options offers passes Check; every card of the hand for
// one of the round's places is offered, and no other; the default's bid
// and event card are among the choices. Through whole games of 3 to 6
// players played by the defaults.
func TestOptionsAreTheLegalOrders(t *testing.T) {
	e := New()
	for g := range 6 {
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:3+g%4]
		cfg := engine.Config{Players: players, Options: json.RawMessage(`{}`), Setup: json.RawMessage("null")}
		adjtest.PlayDefaults(t, e, cfg, "options "+strconv.Itoa(g), 30, func(as engine.State) {
			s := as.(*State)
			play := func(it orders.Item) bool { return it.Verb == verbPlay }
			for name, ds := range adjtest.EveryonesOptions(t, e, s, players, play) {
				for _, c := range s.Players[s.seat(name)].Hand {
					if reach, offered := s.isOption(c.Dest()), adjtest.Offered(ds, c.String()); reach != offered {
						t.Fatalf("game %d, %s, %s: card %s for a reachable place %v, offered %v", g, s.phaseText(), name, c, reach, offered)
					}
				}
			}
		})
	}
}
