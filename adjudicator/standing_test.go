package adjudicator_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/oldshanghai"
	"taipan/events"
	"taipan/orders"
)

// A player the open step does not wait for may send standing orders to a
// game that keeps them: they are logged as such, change the state at once,
// close nothing, and replay.
func TestStandingOrdersFromAPlayerNotPending(t *testing.T) {
	st, err := events.Open(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(oldshanghai.New())}
	ctx := context.Background()
	c, err := adjudicator.ParseCampaign([]byte("id: os\ngame: old-shanghai\nplayers: [{name: ann}, {name: ben}, {name: cat}]\nseed: standing\n"))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := h.Create(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	submit := func(player string, step int, text string) (*adjudicator.Receipt, error) {
		items, err := orders.ParseList([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return h.Submit(ctx, &orders.Envelope{Game: "os", Player: player, Token: ng.Tokens[player], Step: step, Orders: items}, adjudicator.SubmitOptions{})
	}
	// Step 1: everybody's first standing orders; ann and ben leave every
	// decision open, so the game soon waits for one of them alone.
	for _, p := range []string{"ann", "ben", "cat"} {
		if _, err := submit(p, 1, "[]"); err != nil {
			t.Fatal(err)
		}
	}
	g, err := h.Load(ctx, "os")
	if err != nil {
		t.Fatal(err)
	}
	if g.Status.Finished || len(g.Status.Pending) != 1 {
		t.Fatalf("after step 1: pending %v", g.Status.Pending)
	}
	waiting := g.Status.Pending[0]
	var other string
	for _, p := range g.Names() {
		if p != waiting {
			other = p
			break
		}
	}
	before := g.Last.Step
	r, err := submit(other, 0, "[heart: never, police: always]")
	if err != nil {
		t.Fatalf("standing orders from %s: %v", other, err)
	}
	if !r.Standing || len(r.Closed) != 0 || r.Events[0].Kind != adjudicator.KindStanding {
		t.Fatalf("receipt: standing=%v closed=%v kind=%s", r.Standing, r.Closed, r.Events[0].Kind)
	}
	if _, err := submit(other, 0, "[now: yes]"); adjudicator.ErrorCode(err) != adjudicator.EINVALID {
		t.Errorf("an answer from a player nobody asked: %v", err)
	}
	evs, _ := st.Events(ctx, "os")
	g, err = adjudicator.Audit(h.Games, evs)
	if err != nil {
		t.Fatal(err)
	}
	if g.Last.Step != before || g.Status.Pending[0] != waiting {
		t.Errorf("standing orders closed a step or changed who is waited for")
	}
	view, _ := json.Marshal(g.Engine.View(g.State, other))
	if !strings.Contains(string(view), `"heart: never"`) || !strings.Contains(string(view), `"police: always"`) {
		t.Errorf("%s's view does not show the new standing orders: %s", other, view)
	}
}
