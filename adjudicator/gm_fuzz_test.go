package adjudicator_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/orders"
)

// errUndo rolls back the transaction of one fuzzed GM action, so that every
// action meets the games as set up; errBroken, with what broke, too (a
// test failing inside the transaction would leave it open).
var (
	errUndo   = errors.New("undo")
	errBroken = errors.New("broken")
)

// FuzzGMAction sends any GM action (as `taipan gm GAME ACTION ARGS`, the GM's
// mail `command: gm …` and the GM's page send them) to games of every
// engine, a few steps in. It never panics; a refusal is the GM's to
// correct (never an internal error); an action taken leaves a log that
// replays to the very game the host holds, and an extension a later
// deadline.
func FuzzGMAction(f *testing.F) {
	for _, seed := range []string{
		"extend 24h", "extend 3d", "extend 0s", "extend 0d", "extend 106752d", "extend -1h", "deadline 2026-12-24T18:00:00Z", "deadline none",
		"deadline 9999-12-31T23:59:59-23:59", "deadline 0000-01-01T00:00:00+01:00", "deadline tomorrow",
		"replace bob zed zed@example.test", "replace bob alice", "replace bob Zed", "token bob", "token nobody",
		"resign bob", "remove bob", "void bob", "void alice", "close", "pause", "resume", "grace 12h", "grace none",
		"rollback 0", "rollback 1", "rollback -1", "rollback 99", "upgrade", "upgrade open-step", "upgrade x",
		"money bob +3", "money bob -99999999999999999999", "money bob x", "cash bob 5", "remove", "frobnicate",
		"close now", "extend", "",
	} {
		for game := range uint8(len(fuzzGMCampaigns)) {
			f.Add(game, seed, "a reason")
		}
	}
	f.Add(uint8(0), "extend 24h", "")
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	st, err := events.Open(filepath.Join(f.TempDir(), "gm.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	st.Entropy = fixedEntropy("gm fuzz")
	reg := goldenRegistry()
	h := &adjudicator.Host{Store: st, Games: reg, Now: func() time.Time { return now }}
	ctx := context.Background()
	var ids []string
	for _, campaign := range fuzzGMCampaigns {
		c, err := adjudicator.ParseCampaign([]byte(campaign))
		if err != nil {
			f.Fatal(err)
		}
		ng, err := h.Create(ctx, c)
		if err != nil {
			f.Fatal(err)
		}
		// Two steps closed, so that there is something to roll back to
		// and orders in for some.
		g := ng.Game
		for g.Step <= 2 && !g.Status.Finished {
			for _, p := range g.Awaiting() {
				r, err := h.Submit(ctx, &orders.Envelope{Game: g.ID, Player: p, Token: ng.Tokens[p], Step: g.Step, Orders: g.Engine.Default(g.State, p)}, adjudicator.SubmitOptions{})
				if err != nil {
					f.Fatalf("%s step %d, %s: %v", g.ID, g.Step, p, err)
				}
				g = r.Game
			}
		}
		ids = append(ids, g.ID)
	}
	f.Fuzz(func(t *testing.T, game uint8, command, reason string) {
		words := strings.Fields(command)
		if len(words) == 0 {
			return
		}
		a := adjudicator.GMAction{Action: words[0], Args: words[1:], Reason: reason}
		id := ids[int(game)%len(ids)]
		err := st.Update(ctx, func(tx *events.Tx) error {
			before, err := tx.Events(ctx, id)
			if err != nil {
				return err
			}
			was, err := adjudicator.Replay(reg, before)
			if err != nil {
				return err
			}
			res, err := h.GMTx(ctx, tx, id, a)
			if err != nil {
				return err
			}
			evs, err := tx.Events(ctx, id)
			if err != nil {
				return err
			}
			g, err := adjudicator.Replay(reg, evs)
			if err != nil {
				return fmt.Errorf("%w: %s: gm %s: the log no longer replays: %v", errBroken, id, a, err)
			}
			want, _ := adjudicator.Digest(res.Game.State)
			got, _ := adjudicator.Digest(g.State)
			if g.Seq != res.Game.Seq || got != want || g.Step != res.Game.Step || !g.Deadline.Equal(res.Game.Deadline) {
				return fmt.Errorf("%w: %s: gm %s: the host holds event %d, step %d, deadline %v, digest %s; the log replays to event %d, step %d, deadline %v, digest %s",
					errBroken, id, a, res.Game.Seq, res.Game.Step, res.Game.Deadline, want, g.Seq, g.Step, g.Deadline, got)
			}
			if a.Action == "extend" && (!g.Deadline.After(now) || !g.Deadline.After(was.Deadline)) {
				return fmt.Errorf("%w: %s: gm %s moved the deadline from %v to %v (now %v)", errBroken, id, a, was.Deadline, g.Deadline, now)
			}
			return errUndo
		})
		switch {
		case errors.Is(err, errUndo):
		case errors.Is(err, errBroken):
			t.Fatal(err)
		case adjudicator.ErrorCode(err) == adjudicator.EINTERNAL:
			t.Fatalf("%s: gm %s (reason %q): an internal error, not an answer: %v", id, a, reason, err)
		case strings.TrimSpace(err.Error()) == "":
			t.Fatalf("%s: gm %s: a refusal without a message", id, a)
		}
	})
}

// fuzzGMCampaigns are a game of each engine for FuzzGMAction.
var fuzzGMCampaigns = []string{
	"id: gm-trader\ngame: trader\nplayers: [{name: alice, email: alice@example.test}, {name: bob, email: bob@example.test}]\nseed: gm\ndeadline: 72h\n",
	"id: gm-shanghai\ngame: shanghai\nplayers: [{name: alice}, {name: bob}, {name: carol}]\nseed: gm\n",
	"id: gm-singapore\ngame: singapore-1889\nplayers: [{name: alice}, {name: bob}, {name: carol}]\nseed: gm\ndeadline: 2d\n",
	"id: gm-old-shanghai\ngame: old-shanghai\nplayers: [{name: alice}, {name: bob}, {name: carol}]\nseed: gm\n",
	"id: gm-shanghai-trader\ngame: shanghai-trader\nplayers: [{name: alice}, {name: bob}, {name: carol}]\nseed: gm\ndeadline: 1d\n",
}
