package shanghaitrader

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
)

// TestDecisionPanelIsPrivate: the YOUR DECISION panel is in the view of
// each player whose orders are due, with their own money, the default
// move and where a roll lands, and in nobody else's view: the GM's and
// the observers' have none, and twins differing only in one player's
// secrets give every other player the same panel (the pictures' twins are
// TestPicture's).
func TestDecisionPanelIsPrivate(t *testing.T) {
	e := New()
	players := []string{"ann", "ben", "cat", "dan"}
	as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(`{"advanced": true}`), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte("panel"), 0))
	if err != nil {
		t.Fatal(err)
	}
	s := state(as)
	r := rand.New(rand.NewPCG(5, 6))
	collusion := false
	for step := 1; step <= 8 && !s.Over; step++ {
		collusion = collusion || s.collusion()
		for _, viewer := range []string{"", engine.Observer} {
			if d := e.View(s, viewer).(View).Decision; d != nil {
				t.Fatalf("step %d: the view of %q has a decision panel: %q", step, viewer, d)
			}
		}
		other := scramble(s, 0, r)
		for _, name := range e.Status(s).Pending {
			v := e.View(s, name).(View)
			if len(v.Decision) == 0 || !slices.Equal(v.Decision, e.Decision(s, name)) {
				t.Fatalf("step %d: %s's panel %q is not Decision's %q", step, name, v.Decision, e.Decision(s, name))
			}
			me := &s.Players[s.seat(name)]
			if !s.collusion() && !strings.Contains(v.Decision[0], money(me.Cash)+" in cash") {
				t.Errorf("step %d: %s's panel does not give their cash: %q", step, name, v.Decision[0])
			}
			if name != "ann" && !slices.Equal(v.Decision, e.View(other, name).(View).Decision) {
				t.Fatalf("step %d: %s's panel depends on ann's secrets", step, name)
			}
		}
		var subs []engine.Submission
		for _, name := range e.Status(s).Pending {
			subs = append(subs, engine.Submission{Player: name, Items: randomOrders(s, s.seat(name), r)})
		}
		ns, _, err := e.Resolve(s, subs, engine.NewRand([]byte("panel"), step))
		if err != nil {
			t.Fatal(err)
		}
		s = state(ns)
	}
	if !collusion {
		t.Error("no Collusion Phase was seen")
	}
}

// TestDecisionPanelLandings: the panel lists where a roll for the
// player's district lands, by the die, with owners' fines and prices.
func TestDecisionPanelLandings(t *testing.T) {
	e := New()
	as, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"initiative": ["bob", "alice", "carol"], "players": {"alice": {"at": "TP-02b"}, "bob": {"owns": ["TP-02a"]}}}`)},
		engine.NewRand([]byte("landings"), 0))
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(e.Decision(as, "alice"), "\n")
	for _, want := range []string{
		"You are at TP-02b in Nanking Road, with $",
		"you move 2nd of 3 this turn",
		"left out: a roll for Nanking Road",
		"A roll for Nanking Road lands on: 1-2 TP-02a (bob's: fine $5ooo); 3-4 TP-02b (free: $",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("alice's panel lacks %q:\n%s", want, got)
		}
	}
}
