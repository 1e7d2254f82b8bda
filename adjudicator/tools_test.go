package adjudicator_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/orders"
)

func gmDo(t *testing.T, h *adjudicator.Host, action string, args ...string) *adjudicator.GMResult {
	t.Helper()
	res, err := h.GM(context.Background(), "d1", adjudicator.GMAction{Action: action, Args: args, Reason: "test " + action})
	if err != nil {
		t.Fatalf("gm %s %v: %v", action, args, err)
	}
	return res
}

func auditClean(t *testing.T, h *adjudicator.Host) *adjudicator.Game {
	t.Helper()
	evs, err := h.Store.Events(context.Background(), "d1")
	if err != nil {
		t.Fatal(err)
	}
	g, err := adjudicator.Audit(h.Games, evs)
	if err != nil {
		t.Fatalf("audit: %v", err)
	}
	return g
}

func reportFor(t *testing.T, g *adjudicator.Game, player string) string {
	t.Helper()
	r, _ := adjudicator.NewRenderer()
	text, err := r.Text(g, player)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// Late orders are taken in the grace period, and the report names who was
// late; the step closes when the grace is over.
func TestGrace(t *testing.T) {
	h, clk := newHost(t, "1")
	ng := create(t, h, "deadline: 24h\ngrace: 12h\noptions: {target: 9}\n")
	ctx := context.Background()
	submit(h, "ann", ng.Tokens["ann"], 1, "1")
	submit(h, "ben", ng.Tokens["ben"], 1, "1")
	clk.t = clk.t.Add(25 * time.Hour)
	if changed, _ := h.Tick(ctx); len(changed) != 0 {
		t.Fatal("the step closed before the grace period ended")
	}
	if _, err := submit(h, "cid", ng.Tokens["cid"], 1, "2"); err != nil {
		t.Fatalf("late orders in the grace period: %v", err)
	}
	g, _ := h.Load(ctx, "d1")
	if !strings.Contains(reportFor(t, g, "ann"), "cid's orders came late") {
		t.Errorf("the report does not name cid as late:\n%s", reportFor(t, g, "ann"))
	}
	// The GM takes the grace away: the next deadline closes at once.
	gmDo(t, h, "grace", "none")
	clk.t = clk.t.Add(24*time.Hour + time.Minute)
	if changed, _ := h.Tick(ctx); len(changed) != 1 {
		t.Error("without grace the step did not close at its deadline")
	}
	auditClean(t, h)
}

// A player who misses steps in a row falls into civil disorder: the game no
// longer waits for them; any file of theirs brings them back.
func TestCivilDisorder(t *testing.T) {
	h, _ := newHost(t, "1")
	ng := create(t, h, "civil_disorder: 2\noptions: {target: 99}\n")
	ctx := context.Background()
	for step := 1; step <= 2; step++ {
		submit(h, "ann", ng.Tokens["ann"], step, "1")
		submit(h, "ben", ng.Tokens["ben"], step, "1")
		if _, _, err := h.Close(ctx, "d1", adjudicator.ReasonGM); err != nil {
			t.Fatal(err)
		}
	}
	g, _ := h.Load(ctx, "d1")
	if !g.Player("cid").Disorder || !strings.Contains(reportFor(t, g, "ann"), "cid missed too many steps in a row and is in civil disorder") {
		t.Fatalf("cid is not in civil disorder after two missed steps:\n%s", reportFor(t, g, "ann"))
	}
	// Step 3 closes without cid.
	submit(h, "ann", ng.Tokens["ann"], 3, "1")
	r, _ := submit(h, "ben", ng.Tokens["ben"], 3, "1")
	if len(r.Closed) != 1 {
		t.Fatal("the game waited for a player in civil disorder")
	}
	// cid's file brings him back: step 4 waits for him again.
	submit(h, "cid", ng.Tokens["cid"], 4, "3")
	g, _ = h.Load(ctx, "d1")
	if g.Player("cid").Disorder {
		t.Fatal("cid's file did not bring him back")
	}
	submit(h, "ann", ng.Tokens["ann"], 4, "1")
	if g, _ = h.Load(ctx, "d1"); g.Step != 4 {
		t.Errorf("step 4 closed without ben")
	}
	auditClean(t, h)
}

// An absence moves a deadline that falls in it to its end, within the
// campaign's allowance; pause stops the clock and resume gives the time
// that was left back.
func TestAbsenceAndPause(t *testing.T) {
	h, clk := newHost(t, "1")
	ng := create(t, h, "deadline: 24h\nabsence_max: 2d\noptions: {target: 9}\n")
	ctx := context.Background()
	start := clk.t
	if _, err := h.Absent(ctx, "d1", "ben", ng.Tokens["ben"], start.Add(12*time.Hour), start.Add(5*24*time.Hour), "holiday", adjudicator.SubmitOptions{}); err != nil {
		t.Fatal(err)
	}
	g, _ := h.Load(ctx, "d1")
	// The allowance covers the first 2 days of the absence, from its
	// start: the deadline moves to where that ends, not to the absence's.
	if want := start.Add(12*time.Hour + 48*time.Hour); !g.Deadline.Equal(want) {
		t.Errorf("deadline %v, want %v (moved to the end of the 2 days the allowance covers, not to the absence's end)", g.Deadline, want)
	}
	if len(g.Notes) != 1 || !strings.Contains(g.Notes[0].Text, "ben will be away from") || !strings.Contains(g.Notes[0].Text, "The deadline moves to") {
		t.Errorf("the next reports will not tell of the absence: %+v", g.Notes)
	}
	// Pause with 10 hours left; a week later the clock has not run.
	clk.t = g.Deadline.Add(-10 * time.Hour)
	gmDo(t, h, "pause")
	clk.t = clk.t.Add(7 * 24 * time.Hour)
	if changed, _ := h.Tick(ctx); len(changed) != 0 {
		t.Fatal("a paused game closed a step")
	}
	if list, _ := h.List(ctx); !list[0].Paused || !list[0].CloseAt.IsZero() {
		t.Errorf("the index does not show the pause: %+v", list[0])
	}
	gmDo(t, h, "resume")
	g, _ = h.Load(ctx, "d1")
	if want := clk.t.Add(10 * time.Hour); !g.Deadline.Equal(want) {
		t.Errorf("after resume the deadline is %v, want %v", g.Deadline, want)
	}
	auditClean(t, h)
}

// Press goes where the campaign allows, and each reader sees what is theirs:
// observers public press only, grey press without its sender.
func TestPress(t *testing.T) {
	for _, mode := range []string{"off", "public", "private", "grey"} {
		t.Run(mode, func(t *testing.T) {
			h, _ := newHost(t, "1")
			ng := create(t, h, "press: "+mode+"\noptions: {target: 9}\n")
			ctx := context.Background()
			send := func(from string, to []string, grey bool) error {
				_, _, err := h.Press(ctx, "d1", adjudicator.PressOrder{From: from, Token: ng.Tokens[from], To: to, Text: fmt.Sprintf("%s to %v", from, to), Grey: grey}, adjudicator.SubmitOptions{})
				return err
			}
			errPublic := send("ann", nil, false)
			errPrivate := send("ann", []string{"BEN"}, false)
			errGrey := send("cid", []string{"ben"}, true)
			want := map[string][3]bool{"off": {false, false, false}, "public": {true, false, false}, "private": {true, true, false}, "grey": {true, true, true}}[mode]
			for i, err := range []error{errPublic, errPrivate, errGrey} {
				if (err == nil) != want[i] {
					t.Errorf("message %d: err %v, want allowed %v", i, err, want[i])
				}
			}
			if _, _, err := h.Press(ctx, "d1", adjudicator.PressOrder{From: "ann", Token: "wrong", Text: "x"}, adjudicator.SubmitOptions{}); adjudicator.ErrorCode(err) != adjudicator.EUNAUTHORIZED {
				t.Errorf("press with a wrong token: %v", err)
			}
			for _, p := range []string{"ann", "ben", "cid"} {
				submit(h, p, ng.Tokens[p], 1, "1")
			}
			g, _ := h.Load(ctx, "d1")
			ann, ben, obs, gm := reportFor(t, g, "ann"), reportFor(t, g, "ben"), reportFor(t, g, engine.Observer), reportFor(t, g, "")
			if mode == "off" {
				if strings.Contains(gm, "PRESS") {
					t.Error("press in a game without press")
				}
				return
			}
			if !strings.Contains(obs, "From ann to everyone: ann to []") || !strings.Contains(ann, "From ann to everyone") {
				t.Errorf("public press missing:\n%s", obs)
			}
			if mode == "private" || mode == "grey" {
				if !strings.Contains(ben, "From ann to ben: ann to [BEN]") || strings.Contains(obs, "to [BEN]") {
					t.Errorf("private press: ben's report\n%s\nobservers'\n%s", ben, obs)
				}
			}
			if mode == "grey" {
				if !strings.Contains(ben, "From someone (grey press) to ben") || strings.Contains(ben, "From cid") || !strings.Contains(gm, "From cid to ben") {
					t.Errorf("grey press: ben's report\n%s", ben)
				}
				if strings.Contains(ann, "cid to [ben]") {
					t.Error("ann sees press between others")
				}
			}
			auditClean(t, h)
		})
	}
}

// Preview and check write nothing.
func TestPreviewAndCheckWriteNothing(t *testing.T) {
	h, _ := newHost(t, "1")
	ng := create(t, h, "options: {target: 9}\n")
	ctx := context.Background()
	before := eventCount(t, h)
	r, err := h.Submit(ctx, &orders.Envelope{Game: "d1", Player: "ann", Token: ng.Tokens["ann"], Orders: []orders.Item{orders.With("pick", "4")}}, adjudicator.SubmitOptions{CheckOnly: true})
	if err != nil || !r.Checked || len(r.Orders) != 1 {
		t.Fatalf("check: %+v %v", r, err)
	}
	if _, err := h.Submit(ctx, &orders.Envelope{Game: "d1", Player: "ann", Token: ng.Tokens["ann"], Orders: []orders.Item{orders.With("pick", "9")}}, adjudicator.SubmitOptions{CheckOnly: true}); err == nil {
		t.Error("a check passed illegal orders")
	}
	p, err := h.Preview(ctx, "d1")
	if err != nil || p.Last.Step != 1 || p.Step != 2 {
		t.Fatalf("preview: %v %v", p, err)
	}
	if !strings.Contains(reportFor(t, p, "ann"), "The die shows") {
		t.Error("the preview has no resolution")
	}
	if eventCount(t, h) != before {
		t.Fatal("a check or a preview wrote to the log")
	}
	g, _ := h.Load(ctx, "d1")
	if g.Step != 1 {
		t.Fatal("the preview closed the step")
	}
}

// traderHost is a Host with the golden games on a fixed clock and entropy.
func traderHost(t *testing.T, name string) (*adjudicator.Host, *adjudicator.NewGame) {
	t.Helper()
	st, err := events.Open(filepath.Join(t.TempDir(), name+".db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	st.Entropy = fixedEntropy("rollback")
	now := goldenStart
	h := &adjudicator.Host{Store: st, Games: goldenRegistry(), Now: func() time.Time { now = now.Add(time.Hour); return now }}
	c, err := adjudicator.ParseCampaign([]byte("id: d1\ngame: trader\nplayers: [{name: alice}, {name: bob}]\nseed: rollback\n"))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := h.Create(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	return h, ng
}

// play sends each awaited player's default orders, or the alternative that
// pick gives, for n steps.
func play(t *testing.T, h *adjudicator.Host, tokens map[string]string, n int, pick func(*adjudicator.Game, string) []orders.Item) *adjudicator.Game {
	t.Helper()
	ctx := context.Background()
	g, _ := h.Load(ctx, "d1")
	for i := 0; i < n && !g.Status.Finished; i++ {
		p := g.Awaiting()[0]
		r, err := h.Submit(ctx, &orders.Envelope{Game: "d1", Player: p, Token: tokens[p], Step: g.Step, Orders: pick(g, p)}, adjudicator.SubmitOptions{})
		if err != nil {
			t.Fatal(err)
		}
		g = r.Game
	}
	return g
}

// A rollback to step 3 of a Trader game followed by different orders gives
// the same state and reports as a fresh game given those orders from step 3;
// the voided events stay in the log and the audit passes.
func TestRollbackIsAFreshStart(t *testing.T) {
	defaults := func(g *adjudicator.Game, p string) []orders.Item { return g.Engine.Default(g.State, p) }
	other := func(g *adjudicator.Game, p string) []orders.Item {
		for _, col := range []string{"Brussels", "Rome", "London", "Berlin", "Paris"} {
			items := []orders.Item{orders.With("buy", col)}
			if g.Engine.Check(g.State, p, items) == nil {
				return items
			}
		}
		return defaults(g, p)
	}
	rolled, ngR := traderHost(t, "rolled")
	play(t, rolled, ngR.Tokens, 3, defaults)
	play(t, rolled, ngR.Tokens, 4, other)
	res := gmDo(t, rolled, "rollback", "3")
	if res.Game.Step != 4 || res.Game.Last.Step != 3 {
		t.Fatalf("after the rollback step %d is open, %d closed", res.Game.Step, res.Game.Last.Step)
	}
	if !strings.Contains(strings.Join(strings.Fields(reportFor(t, res.Game, "alice")), " "), "rolled the game back to the end of step 3: steps 4 to 8 are void") {
		t.Errorf("the report of step 3 again does not tell of the rollback:\n%s", reportFor(t, res.Game, "alice"))
	}
	gR := play(t, rolled, ngR.Tokens, 6, defaults)

	fresh, ngF := traderHost(t, "fresh")
	play(t, fresh, ngF.Tokens, 3, defaults)
	gF := play(t, fresh, ngF.Tokens, 6, defaults)

	dR, _ := adjudicator.Digest(gR.State)
	dF, _ := adjudicator.Digest(gF.State)
	if dR != dF || gR.Step != gF.Step {
		t.Fatalf("after the rollback the game is not the fresh one: step %d/%d", gR.Step, gF.Step)
	}
	for _, p := range []string{"alice", "bob", ""} {
		a, b := withoutHead([]byte(reportFor(t, gR, p))), withoutHead([]byte(reportFor(t, gF, p)))
		if !bytes.Equal(a, b) {
			t.Errorf("%q's report differs from the fresh game's: %s", p, firstDiff(a, b))
		}
	}
	g := auditClean(t, rolled)
	evs, _ := rolled.Store.Events(context.Background(), "d1")
	if g.Seq != int64(len(evs)) || g.Rollbacks != 1 {
		t.Errorf("replay ends at %d of %d events, %d rollbacks", g.Seq, len(evs), g.Rollbacks)
	}
}

// Trader with 4 players: partners may not talk in private unless the
// campaign allows it (TR-X13).
func TestTraderPartnersPress(t *testing.T) {
	for _, allow := range []bool{false, true} {
		st, err := events.Open(filepath.Join(t.TempDir(), "p.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		h := &adjudicator.Host{Store: st, Games: goldenRegistry()}
		c, _ := adjudicator.ParseCampaign([]byte(fmt.Sprintf("id: p1\ngame: trader\noptions: {partner_talk: %v}\nplayers: [alice, bob, carol, dave]\n", allow)))
		ctx := context.Background()
		if _, err := h.Create(ctx, c); err != nil {
			t.Fatal(err)
		}
		trusted := adjudicator.SubmitOptions{Trusted: true}
		_, _, err = h.Press(ctx, "p1", adjudicator.PressOrder{From: "alice", To: []string{"carol"}, Text: "sell red"}, trusted)
		if (err == nil) != allow || (!allow && !strings.Contains(err.Error(), "alice and carol are partners")) {
			t.Errorf("partner_talk %v: alice to carol: %v", allow, err)
		}
		if _, _, err := h.Press(ctx, "p1", adjudicator.PressOrder{From: "alice", To: []string{"bob"}, Text: "hello"}, trusted); err != nil {
			t.Errorf("alice to bob, of the other team: %v", err)
		}
		if _, _, err := h.Press(ctx, "p1", adjudicator.PressOrder{From: "alice", Text: "hello all"}, trusted); err != nil {
			t.Errorf("public press: %v", err)
		}
	}
}
