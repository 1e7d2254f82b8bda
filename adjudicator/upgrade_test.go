package adjudicator_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
)

// ruledDice is the dice game with a rules change in version 2: a pick of 6
// scores a point of its own, whatever the die shows. It still plays
// version 1 for the games that started with it.
type ruledDice struct {
	dice
	v int
}

func (d ruledDice) Version() string {
	return map[int]string{1: "dice/1", 2: "dice/2"}[d.v]
}

func (d ruledDice) Versions() []string { return []string{"dice/1", "dice/2"} }

func (d ruledDice) AtVersion(v string) engine.Engine {
	return ruledDice{d.dice, map[string]int{"dice/1": 1, "dice/2": 2}[v]}
}

func (d ruledDice) Resolve(st engine.State, subs []engine.Submission, rng *engine.Rand) (engine.State, []engine.Happening, error) {
	s, hs, err := d.dice.Resolve(st, subs, rng)
	if d.v >= 2 {
		for _, sub := range subs {
			if v, _ := sub.Items[0].String(); v == "6" {
				s.(*diceState).Points[sub.Player]++
			}
		}
	}
	return s, hs, err
}

// upgradeHost plays step 1 of a dice game under version 1 (ann picks
// first), then returns a host whose registry has version 2 as current.
func upgradeHost(t *testing.T, first string) (*adjudicator.Host, *adjudicator.NewGame) {
	t.Helper()
	st, err := events.Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	st.Entropy = fixedEntropy("upgrade")
	old := &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(ruledDice{dice{"1"}, 1})}
	ng := create(t, old, "options: {target: 9}\n")
	for _, p := range []string{"ann", "ben", "cid"} {
		pick := "1"
		if p == "ann" {
			pick = first
		}
		if _, err := submit(old, p, ng.Tokens[p], 1, pick); err != nil {
			t.Fatal(err)
		}
	}
	return &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(ruledDice{dice{"2"}, 2})}, ng
}

// A game keeps its engine version after an upgrade of Taipan, and moves to
// the new one only when the GM asks: for the whole game when the new
// version reproduces every step, else only from the open step on.
func TestUpgrade(t *testing.T) {
	ctx := context.Background()
	gm := func(h *adjudicator.Host, args ...string) (*adjudicator.GMResult, error) {
		return h.GM(ctx, "d1", adjudicator.GMAction{Action: "upgrade", Args: args, Reason: "new rules"})
	}
	t.Run("pinned", func(t *testing.T) {
		h, _ := upgradeHost(t, "6")
		g, err := h.Load(ctx, "d1")
		if err != nil || g.Engine.Version() != "dice/1" {
			t.Fatalf("the game plays %v (%v); want dice/1, the version it started with", g.Engine.Version(), err)
		}
	})
	t.Run("whole", func(t *testing.T) {
		h, ng := upgradeHost(t, "5")
		res, err := gm(h)
		if err != nil {
			t.Fatal(err)
		}
		if res.Game.Engine.Version() != "dice/2" {
			t.Fatalf("after the upgrade the game plays %s", res.Game.Engine.Version())
		}
		if _, err := gm(h); err == nil || !strings.Contains(err.Error(), "already plays dice/2") {
			t.Errorf("a second upgrade: %v", err)
		}
		for _, p := range []string{"ann", "ben", "cid"} {
			if _, err := submit(h, p, ng.Tokens[p], 2, "6"); err != nil {
				t.Fatal(err)
			}
		}
		evs, _ := h.Store.Events(ctx, "d1")
		g, err := adjudicator.Audit(h.Games, evs)
		if err != nil {
			t.Fatalf("audit after the upgrade: %v", err)
		}
		if g.State.(*diceState).Points["ann"] < 1 {
			t.Error("step 2 was not played by dice/2")
		}
		var closed adjudicator.Closed
		evs[len(evs)-1].Decode(&closed)
		if closed.EngineVersion != "dice/2" {
			t.Errorf("step 2 recorded engine %s", closed.EngineVersion)
		}
	})
	t.Run("open-step", func(t *testing.T) {
		h, ng := upgradeHost(t, "6")
		before := eventCount(t, h)
		_, err := gm(h)
		if err == nil || !strings.Contains(err.Error(), "the outcome of step 1 would change") || !strings.Contains(err.Error(), "upgrade open-step") {
			t.Fatalf("a whole upgrade that would change step 1: %v", err)
		}
		if eventCount(t, h) != before {
			t.Fatal("a refused upgrade wrote to the log")
		}
		if _, err := gm(h, "open-step"); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"ann", "ben", "cid"} {
			submit(h, p, ng.Tokens[p], 2, "2")
		}
		evs, _ := h.Store.Events(ctx, "d1")
		if _, err := adjudicator.Audit(h.Games, evs); err != nil {
			t.Fatalf("audit of both parts: %v", err)
		}
		// A log rewritten (and re-chained) to claim a whole upgrade fails
		// the audit at the upgrade: the claim itself is checked.
		forged := rechain(t, evs, func(e *events.Event) {
			if e.Kind == adjudicator.KindUpgrade {
				e.Payload = []byte(strings.Replace(string(e.Payload), `"whole":false`, `"whole":true`, 1))
			}
		})
		if _, err := adjudicator.Audit(h.Games, forged); err == nil || !strings.Contains(err.Error(), "does not reproduce it: the outcome of step 1 would change") {
			t.Errorf("audit of a false whole upgrade: %v", err)
		}
		rep, _ := adjudicator.NewRenderer()
		g, _ := h.Load(ctx, "d1")
		if text, _ := rep.Text(g, "ann"); !strings.Contains(strings.Join(strings.Fields(text), " "), "moved the game from engine dice/1 to dice/2, from the open step on") || !strings.Contains(text, "Engine dice/2") {
			t.Errorf("the report does not tell of the upgrade:\n%s", text)
		}
	})
}

// rechain changes events with edit and recomputes the whole hash chain, as
// someone rewriting a log behind Taipan's back would.
func rechain(t *testing.T, evs []events.Event, edit func(*events.Event)) []events.Event {
	t.Helper()
	out := make([]events.Event, len(evs))
	prev := ""
	for i, e := range evs {
		edit(&e)
		e.PrevHash = prev
		e.Hash = e.ComputeHash()
		prev = e.Hash
		out[i] = e
	}
	return out
}
