package singapore

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"

	"gopkg.in/yaml.v3"
)

// AppendJSON writes what encoding/json writes, at every step of games of
// every size, both versions and every variant, on random choices from the
// form, with standing plans, removed players and names that need
// escaping.
func TestAppendJSONIsEncodingJSON(t *testing.T) {
	names := []string{`ann "a"`, "bé\u2028", "<c&d>", `dot\`, "eve", "fay"}
	states, planned := 0, 0
	for _, v := range versions.Names() {
		e := New().AtVersion(v)
		for n := 2; n <= 6; n++ {
			for g := 0; g < 8; g++ {
				r := rand.New(rand.NewPCG(uint64(n), uint64(g)))
				opts := []string{`{}`, `{"plain-goods": true}`, `{"ordinance": true, "influential-figures": true}`}[g%3]
				as, err := e.Setup(engine.Config{Players: names[:n], Options: json.RawMessage(opts), Setup: json.RawMessage("null")}, engine.NewRand([]byte(fmt.Sprint(v, g)), 0))
				if err != nil {
					t.Fatal(err)
				}
				for step := 1; !e.Status(as).Finished; step++ {
					adjtest.SameJSON(t, fmt.Sprintf("%s %dp game %d step %d", v, n, g, step), as.(*State))
					states++
					for _, p := range as.(*State).Players {
						if p.Plan != nil {
							planned++
						}
					}
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
						if r.IntN(3) == 0 {
							items = append(items, orders.Item{Verb: verbPlan, Value: &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{
								{Kind: yaml.ScalarNode, Tag: "!!str", Value: "take"}, {Kind: yaml.ScalarNode, Tag: "!!str", Value: "any"}}}})
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
	if planned == 0 {
		t.Fatal("no state had a standing plan")
	}
	t.Logf("%d states, %d plans", states, planned)
}
