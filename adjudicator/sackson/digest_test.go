package sackson

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// AppendJSON writes what encoding/json writes, at every step of games of
// every size and both versions, on random choices from the form, with
// removed players and names that need escaping.
func TestAppendJSONIsEncodingJSON(t *testing.T) {
	names := []string{`ann "a"`, "bé\u2028", "<c&d>", `dot\`, "eve", "fay"}
	states := 0
	for _, v := range versions.Names() {
		e := New().AtVersion(v)
		for n := 3; n <= 6; n++ {
			for g := 0; g < 8; g++ {
				r := rand.New(rand.NewPCG(uint64(n), uint64(g)))
				as, err := e.Setup(engine.Config{Players: names[:n], Options: json.RawMessage(`{}`), Setup: json.RawMessage("null")}, engine.NewRand([]byte(fmt.Sprint(v, g)), 0))
				if err != nil {
					t.Fatal(err)
				}
				for step := 1; !e.Status(as).Finished; step++ {
					adjtest.SameJSON(t, fmt.Sprintf("%s %dp game %d step %d", v, n, g, step), as.(*State))
					states++
					if step == 5 && g%3 == 0 {
						if as, _, err = e.Correct(as, engine.Correction{Action: "remove", Player: names[r.IntN(n)]}); err != nil {
							t.Fatal(err)
						}
						continue
					}
					var subs []engine.Submission
					for _, p := range e.Status(as).Pending {
						var items []orders.Item
						for _, d := range e.(Engine).Options(as, p) {
							if len(d.Choices) > 0 && !d.Several {
								it, err := orders.ParseList([]byte("- " + d.Choices[r.IntN(len(d.Choices))].Order))
								if err == nil {
									items = append(items, it...)
								}
							}
						}
						items = orders.Renumber(items)
						if e.Check(as, p, items) != nil {
							items = e.Default(as, p)
						}
						subs = append(subs, engine.Submission{Player: p, Items: items})
					}
					if as, _, err = e.Resolve(as, subs, engine.NewRand([]byte("json"), step)); err != nil {
						t.Fatal(err)
					}
				}
				adjtest.SameJSON(t, fmt.Sprintf("%s %dp game %d at the end", v, n, g), as.(*State))
			}
		}
	}
	t.Logf("%d states", states)
}

// AppendJSON writes a round's record as encoding/json does with every
// field of a bid set, a penalty for an over-bid included, which random
// games seldom reach.
func TestAppendJSONRoundLog(t *testing.T) {
	card := Card(1)
	event := 0
	s := &State{Players: []Player{{Name: "ann"}}, Last: &RoundLog{
		Round: 3, Time: 2, From: 1, To: 4, Chooser: 0, How: "bid", Paid: 5, Tie: "by seat", Bought: 0, Card: &card, Event: &event,
		Bids:  []Bid{{Seat: 0, Amount: 9, Over: true, Penalty: 3}, {Seat: 1}},
		Plays: []Play{{Seat: 0, Cards: []Card{1, 2}, Points: 4, From: 1, To: 2, Free: true}, {Seat: 1}},
	}}
	adjtest.SameJSON(t, "a full round's record", s)
	s.Last = &RoundLog{Chooser: -1, Bought: -1}
	adjtest.SameJSON(t, "an empty round's record", s)
}
