package trader

import (
	"encoding/json"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

func mustItems(t *testing.T, text string) []orders.Item {
	t.Helper()
	items, err := orders.ParseList([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return items
}

// TestPlanPrivacy checks that a plan shows only in its owner's and the
// GM's reports, and that the happening dropping a plan is the owner's only
// (TR-X11).
func TestPlanPrivacy(t *testing.T) {
	e := New()
	as, err := e.Setup(engine.Config{Players: []string{"alice", "bob"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte("plan"), 0))
	if err != nil {
		t.Fatal(err)
	}
	s := as.(*State)
	first := s.Players[s.Active].Name
	other := s.Players[1-s.Active].Name
	// The first player's default turn, with a plan that will have no
	// legal entry (this deal gives nobody a pair or red 2 by then).
	plan := mustItems(t, "- plan:\n    - joker: red 2\n    - sell: best\n")[0]
	items := orders.Renumber(append(e.Default(s, first), plan))
	if err := e.Check(s, first, items); err != nil {
		t.Fatal(err)
	}
	ns, _, err := e.Resolve(e.Clone(s), []engine.Submission{{Player: first, Items: items}}, planRand())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		viewer string
		shows  bool
	}{{first, true}, {"", true}, {other, false}, {engine.Observer, false}} {
		out := renderView(t, e.View(ns, c.viewer))
		if got := strings.Contains(out, "standing plan for the next turn:\n      1. joker: red 2\n      2. sell: best\n"); got != c.shows {
			t.Errorf("view of %q shows the plan: %v, want %v:\n%s", c.viewer, got, c.shows, out)
		}
	}
	// The other player moves; the plan has no legal entry (no pair, no
	// red 2 held) and is dropped with a happening for its owner only.
	s = ns.(*State)
	_, hs, err := e.Resolve(e.Clone(s), []engine.Submission{{Player: other, Items: e.Default(s, other), Default: true}}, planRand())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range hs {
		if strings.Contains(h.Text, "standing plan") {
			found = true
			if len(h.To) != 1 || h.To[0] != first || h.VisibleTo(other) {
				t.Errorf("plan happening %q is visible to %v", h.Text, h.To)
			}
		}
	}
	if !found {
		t.Errorf("no happening about the dropped plan: %v", hs)
	}
}

func planRand() *engine.Rand { return engine.NewRand([]byte("plan"), 1) }
