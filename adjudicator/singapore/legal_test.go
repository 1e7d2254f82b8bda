package singapore

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
)

// Every choice Options offers passes Check (an effect's with its take),
// every River slot Check would take is offered, and the default's take is
// among them; through whole games of 2 to 6 players, with and without the
// variants, played by the defaults.
func TestOptionsAreTheLegalOrders(t *testing.T) {
	e := New()
	variants := []string{`{}`, `{"variants": ["ordinance", "influential-figures"]}`, `{"variants": ["plain-goods"]}`}
	for g := range 15 {
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:2+g%5]
		cfg := engine.Config{Players: players, Options: json.RawMessage(variants[g%3]), Setup: json.RawMessage("null")}
		adjtest.PlayDefaults(t, e, cfg, "options "+strconv.Itoa(g), 100, func(as engine.State) {
			s := as.(*State)
			for name, ds := range adjtest.EveryonesOptions(t, e, s, players, nil) {
				if s.Phase != phaseTurn {
					continue
				}
				where := fmt.Sprintf("game %d, %s, %s", g, s.phaseText(), name)
				for i := range s.River {
					order := "take: " + strconv.Itoa(i+1)
					items, _ := engine.ChoiceItems(order)
					if legal, offered := e.Check(s, name, items) == nil, adjtest.Offered(ds, order); legal != offered {
						t.Fatalf("%s: %s is legal %v, offered %v", where, order, legal, offered)
					}
				}
				for _, d := range ds[1:] {
					if len(d.With) != 1 || !strings.HasPrefix(d.With[0], "take: ") || !d.Optional {
						t.Fatalf("%s: decision %+v does not go with one take", where, d)
					}
				}
			}
		})
	}
}

// A take of Tea offers the swaps with each card of the hand after the
// take, and the composed file of a take and its swap is legal.
func TestOptionsTeaSwap(t *testing.T) {
	e := New()
	s, err := e.Setup(engine.Config{Players: []string{"alice", "bob"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"first": "alice", "types": ["Silk", "Tea", "Joss Paper"], "river": ["Silk/U", "Tea/U", "Joss Paper/U", "Tea/M"], "ss": 1, "hands": {"alice": ["Joss Paper/M"], "bob": ["Silk/M"]}, "rest": true}`)}, engine.NewRand([]byte("x"), 0))
	if err != nil {
		t.Fatal(err)
	}
	ds := adjtest.OptionsLegal(t, e, s, "alice")
	var tea *engine.Decision
	for i, d := range ds {
		if d.Name == "tea" && d.With[0] == "take: 2" {
			tea = &ds[i]
		}
	}
	if tea == nil {
		t.Fatalf("no tea decision with take: 2 in %+v", ds)
	}
	if !adjtest.Offered([]engine.Decision{*tea}, "tea: swap 3 for Joss Paper/M") || !adjtest.Offered([]engine.Decision{*tea}, "tea: swap 1 for Tea/U") {
		t.Errorf("tea choices %+v", tea.Choices)
	}
	picked := map[int][]string{0: {"take: 2"}}
	for i, d := range ds {
		if d.Name == "tea" {
			picked[i] = []string{d.Choices[len(d.Choices)-1].Order}
		}
	}
	file, err := adjudicator.ComposeOrders(ds, picked)
	if err != nil {
		t.Fatal(err)
	}
	items, err := engine.ChoiceItems(strings.Split(strings.TrimSpace(strings.ReplaceAll(strings.TrimPrefix(file, "orders:\n"), "  - ", "")), "\n")...)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 {
		t.Fatalf("composed %q", file)
	}
	if err := e.Check(s, "alice", items); err != nil {
		t.Errorf("composed %q: %v", file, err)
	}
}
