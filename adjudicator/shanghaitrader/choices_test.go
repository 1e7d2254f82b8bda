package shanghaitrader

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
)

// Every choice Options offers passes Check, over the steps of random
// games of the basic and the advanced game; a move is offered every
// player in the city at a Seasonal Turn, deployments at the Collusion
// Phase.
func TestOptionsAreLegal(t *testing.T) {
	e := New()
	for g, opts := range []string{`{}`, `{"advanced": true}`} {
		players := []string{"ann", "ben", "cat", "dan"}
		setup := randomSetup(players, rand.New(rand.NewPCG(uint64(g), 11)))
		as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(opts), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("options"), 0))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(g), 12))
		for step := 1; step <= 12 && !e.Status(as).Finished; step++ {
			s := state(as)
			var subs []engine.Submission
			for _, name := range e.Status(s).Pending {
				ds := adjtest.OptionsLegal(t, e, s, name)
				if !s.collusion() && (len(ds) == 0 || ds[0].Name != verbMove) {
					t.Fatalf("step %d: %s is offered no move: %+v", step, name, ds)
				}
				subs = append(subs, engine.Submission{Player: name, Items: randomOrders(s, s.seat(name), r)})
			}
			if as, _, err = e.Resolve(s, subs, engine.NewRand([]byte("options"), step)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if (Engine{}).Options(state(mustSetup(t)), "nobody") != nil {
		t.Error("a stranger is offered choices")
	}
}

func mustSetup(t *testing.T) engine.State {
	s, err := New().Setup(engine.Config{Players: []string{"ann", "ben", "cat"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte("options"), 0))
	if err != nil {
		t.Fatal(err)
	}
	return s
}
