package trader

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// AppendJSON writes what encoding/json writes, at every step of random
// games of every size, with standing plans, removed players, several sets
// and names that need escaping.
func TestAppendJSONIsEncodingJSON(t *testing.T) {
	e := New()
	names := []string{`ann "a"`, "bé\u2028", "<c&d>", `dot\`}
	states, planned, removed := 0, 0, 0
	for n := 2; n <= 4; n++ {
		for g := 0; g < 30; g++ {
			r := rand.New(rand.NewPCG(uint64(n), uint64(g)))
			as, err := e.Setup(engine.Config{Players: names[:n], Options: json.RawMessage(fmt.Sprintf(`{"sets": %d}`, 1+g%3)), Setup: json.RawMessage("null")}, engine.NewRand([]byte(fmt.Sprint(g)), 0))
			if err != nil {
				t.Fatal(err)
			}
			for step := 1; !e.Status(as).Finished; step++ {
				s := as.(*State)
				adjtest.SameJSON(t, fmt.Sprintf("%dp game %d step %d", n, g, step), s)
				states++
				for _, p := range s.Players {
					planned += btoi(p.Plan != nil)
					removed += btoi(p.Removed)
				}
				if step == 7 && g%3 == 0 {
					if as, _, err = e.Correct(as, engine.Correction{Action: "remove", Player: names[r.IntN(n)]}); err != nil {
						t.Fatal(err)
					}
					continue
				}
				var subs []engine.Submission
				for _, p := range e.Status(as).Pending {
					items := e.Default(as, p)
					if ds := e.Options(as, p); len(ds) > 0 && len(ds[0].Choices) > 0 {
						if it, err := orders.ParseList([]byte("- " + ds[0].Choices[r.IntN(len(ds[0].Choices))].Order)); err == nil {
							items = it
						}
					}
					if s.Phase == phaseTurn && r.IntN(3) == 0 {
						items = append(items, orders.With(verbPlan, "sell best", "buy cheapest"))
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
			adjtest.SameJSON(t, fmt.Sprintf("%dp game %d at the end", n, g), as.(*State))
		}
	}
	if planned == 0 || removed == 0 {
		t.Fatalf("no state had a plan (%d) or a removed player (%d)", planned, removed)
	}
	t.Logf("%d states, %d plans, %d removed players", states, planned, removed)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func same(t *testing.T, where string, s *State) {
	t.Helper()
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	if got := string(s.AppendJSON(nil)) + "\n"; got != want.String() {
		t.Fatalf("%s: AppendJSON\n%s\nencoding/json\n%s", where, got, want.String())
	}
}
