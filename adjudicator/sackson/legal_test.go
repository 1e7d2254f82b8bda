package sackson

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/adjtest"
)

// Every choice Options offers passes Check; every card of the hand for
// one of the round's places is offered, and no other; the default's bid
// and event card are among the choices. Through whole games of 3 to 6
// players played by the defaults.
func TestOptionsAreTheLegalOrders(t *testing.T) {
	e := New()
	for g := range 6 {
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:3+g%4]
		cfg := adjudicator.Config{Players: players, Options: json.RawMessage(`{}`), Setup: json.RawMessage("null")}
		adjtest.PlayDefaults(t, e, cfg, "options "+strconv.Itoa(g), 30, func(as adjudicator.State) {
			s := as.(*State)
			for seat, p := range s.Players {
				ds := adjtest.OptionsLegal(t, e, s, p.Name)
				if s.Over || !s.active(seat) {
					if ds != nil {
						t.Fatalf("%s, out of play, is offered %v", p.Name, ds)
					}
					continue
				}
				where := fmt.Sprintf("game %d, %s, %s", g, s.phaseText(), p.Name)
				for _, it := range e.Default(s, p.Name) {
					if o := adjtest.ItemOrder(it); it.Verb != verbPlay && !adjtest.Offered(ds, o) {
						t.Fatalf("%s: the default %q is not offered: %+v", where, o, ds)
					}
				}
				for _, c := range p.Hand {
					offered := adjtest.Offered(ds, c.String())
					if reach := s.isOption(c.Dest()); reach != offered {
						t.Fatalf("%s: card %s for a reachable place %v, offered %v", where, c, reach, offered)
					}
				}
			}
		})
	}
}
