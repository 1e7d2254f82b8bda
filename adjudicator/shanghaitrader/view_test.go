package shanghaitrader

import (
	"encoding/json"
	"strings"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// helpState is a position where the example orders apply: alice controls
// Szechuen Road's trading posts.
func helpState(t *testing.T) *State {
	t.Helper()
	s, err := New().Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"initiative": ["alice", "bob", "carol"], "players": {"alice": {"at": "TP-02a", "owns": ["TP-04a", "TP-04b"]}}}`)}, engine.NewRand([]byte("help"), 0))
	if err != nil {
		t.Fatal(err)
	}
	return state(s)
}

// TestHelpExample checks that the example in Help is accepted, and that
// Help's lines fit a mail.
func TestHelpExample(t *testing.T) {
	e := New()
	items := adjtest.HelpExample(t, e)
	if err := e.Check(helpState(t), "alice", orders.Renumber(items)); err != nil {
		t.Fatalf("the Help example is refused: %v", err)
	}
	if len(e.Corrections()) == 0 || e.Name() != "shanghai-trader" || e.Version() != Version {
		t.Fatal("Name, Version or Corrections empty")
	}
	for _, l := range strings.Split(e.Help(), "\n") {
		if len(l) >= 80 {
			t.Errorf("Help line of %d characters: %q", len(l), l)
		}
	}
}

// TestViewContract checks the keys other tools rely on (issue 14's
// contract): year, season, players with name, nationality, cash, bank,
// district, escaped, shanghaied; establishments with id, district, name,
// type, owner; and a player's view without others' money.
func TestViewContract(t *testing.T) {
	e := New()
	s := helpState(t)
	var gm map[string]any
	b, _ := json.Marshal(e.View(s, ""))
	if err := json.Unmarshal(b, &gm); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"year", "season", "players", "establishments"} {
		if _, ok := gm[k]; !ok {
			t.Errorf("the GM view has no %s", k)
		}
	}
	for _, p := range gm["players"].([]any) {
		for _, k := range []string{"name", "nationality", "cash", "bank", "district", "escaped", "shanghaied"} {
			if _, ok := p.(map[string]any)[k]; !ok {
				t.Errorf("a player of the GM view has no %s", k)
			}
		}
	}
	for _, x := range gm["establishments"].([]any) {
		for _, k := range []string{"id", "district", "name", "type", "owner"} {
			if _, ok := x.(map[string]any)[k]; !ok {
				t.Errorf("an establishment of the GM view has no %s", k)
			}
		}
	}
	v := e.View(s, "bob").(View)
	for _, p := range v.Players {
		if (p.Cash != nil || p.Bank != nil) != (p.Name == "bob") {
			t.Errorf("bob's view shows %s's money: %v", p.Name, p.Cash != nil)
		}
	}
	// Issue 16: rackets[] with name, district and owner, and the
	// contractors in place, in every view (they are public).
	for _, viewer := range []string{"", "bob", engine.Observer} {
		var m map[string]any
		b, _ := json.Marshal(e.View(s, viewer))
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		rackets, _ := m["rackets"].([]any)
		if len(rackets) != 12 {
			t.Fatalf("%q's view has %d rackets", viewer, len(rackets))
		}
		for _, r := range rackets {
			for _, k := range []string{"name", "district", "owner"} {
				if _, ok := r.(map[string]any)[k]; !ok {
					t.Errorf("a racket of %q's view has no %s", viewer, k)
				}
			}
		}
		c, _ := m["contractors"].(map[string]any)
		for _, k := range []string{"police", "monks", "marines", "inspector", "courtesans", "detained"} {
			if _, ok := c[k]; !ok {
				t.Errorf("the contractors of %q's view have no %s", viewer, k)
			}
		}
	}
	// Version 1's view is as it was: no part 2.
	b, _ = json.Marshal(engineAt(1).View(s, ""))
	if strings.Contains(string(b), `"rackets"`) {
		t.Error("version 1's view has rackets")
	}
}
