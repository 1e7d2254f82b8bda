package adjudicator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"taipan/adjudicator"
)

const forkCampaign = `id: orig
game: hands
options: {turns: 12}
players:
  - {name: ann, email: ann@example.test}
  - {name: ben, email: ben@example.test}
  - {name: cid, email: cid@example.test}
seed: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
`

// runningOriginal is a game of hands two turns in, with ben's secret hand
// set to benHand by the GM.
func runningOriginal(t *testing.T, benHand string) (*adjudicator.Host, *adjudicator.NewGame) {
	t.Helper()
	ctx := context.Background()
	h, _ := newBotHost(t, redealing{})
	ng := createCampaign(t, h, forkCampaign)
	if _, err := h.GM(ctx, "orig", adjudicator.GMAction{Action: "hand", Args: []string{"ben", benHand}, Reason: "a twin"}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"ann", "ben"} {
		if _, err := pick(h, "orig", p, ng.Tokens[p], "5"); err != nil {
			t.Fatal(err)
		}
	}
	return h, ng
}

// forkSeed is the fork's seed, the same for both twins.
var forkSeed = bytes.Repeat([]byte{7}, 32)

// Two originals that differ only in another player's secret give forks
// that look the same to the forker: the same redealt state (the fork's
// first event), the same view, the same report. The forker's own secret
// and what everyone sees are kept.
func TestForkRevealsNothingTheForkerCouldNotSee(t *testing.T) {
	ctx := context.Background()
	var states [][]byte
	var views, reports []string
	for _, hand := range []string{"17", "93"} {
		h, _ := runningOriginal(t, hand)
		orig, err := h.Game(ctx, "orig")
		if err != nil {
			t.Fatal(err)
		}
		f, err := h.Fork(ctx, adjudicator.ForkOptions{Game: "orig", Player: "ann", Step: -1, Seed: forkSeed})
		if err != nil {
			t.Fatal(err)
		}
		if f.Game.ID != "orig-practice-ann" || f.Game.Practice == nil || f.Game.Practice.Step != 2 {
			t.Fatalf("fork %s from %+v", f.Game.ID, f.Game.Practice)
		}
		evs, err := h.Store.Events(ctx, f.Game.ID)
		if err != nil {
			t.Fatal(err)
		}
		var created adjudicator.Created
		if err := evs[0].Decode(&created); err != nil {
			t.Fatal(err)
		}
		states = append(states, created.State)
		setUp, err := adjudicator.ReplayUntil(h.Games, evs, 0)
		if err != nil {
			t.Fatal(err)
		}
		mine, _ := json.Marshal(setUp.Engine.View(setUp.State, "ann"))
		was, _ := json.Marshal(orig.Engine.View(orig.State, "ann"))
		if !bytes.Equal(mine, was) {
			t.Errorf("ann sees %s in the fork, %s in the original", mine, was)
		}
		views = append(views, string(mine))
		rnd, _ := adjudicator.NewRenderer()
		text, err := rnd.Text(f.Game, "ann")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(strings.Fields(text), " "), "Practice game of ann, forked from game orig at step 2: the bot plays every other seat") {
			t.Errorf("the fork's report does not say it is a practice game:\n%s", text)
		}
		reports = append(reports, string(withoutHead([]byte(text))))
		if _, err := adjudicator.Audit(h.Games, evs); err != nil {
			t.Errorf("audit of the fork: %v", err)
		}
	}
	if !bytes.Equal(states[0], states[1]) {
		t.Errorf("the forks' states differ with ben's hand:\n%s\n%s", states[0], states[1])
	}
	if views[0] != views[1] || reports[0] != reports[1] {
		t.Errorf("the forks look different to ann:\n%s\n%s", reports[0], reports[1])
	}
}

// A fork reads the original and never writes to it: the original's log,
// its head and every digest are as they were; the fork plays on with the
// bots to its end, counts for no record, and can be forked from any closed
// step or from a fresh set-up.
func TestForkLeavesTheOriginalUnchanged(t *testing.T) {
	ctx := context.Background()
	h, ng := runningOriginal(t, "40")
	before, err := h.Store.Events(ctx, "orig")
	if err != nil {
		t.Fatal(err)
	}
	f, err := h.Fork(ctx, adjudicator.ForkOptions{Game: "orig", Player: "cid", Step: 1})
	if err != nil {
		t.Fatal(err)
	}
	if f.Game.Practice.Step != 1 || !slices.Equal(f.Game.Awaiting(), []string{"cid"}) {
		t.Errorf("fork from step 1: %+v, awaiting %v", f.Game.Practice, f.Game.Awaiting())
	}
	again, err := h.Fork(ctx, adjudicator.ForkOptions{Game: "orig", Player: "cid", Fresh: true})
	if err != nil {
		t.Fatal(err)
	}
	if again.Game.ID != "orig-practice-cid-2" || !again.Game.Practice.Fresh {
		t.Errorf("a second fork: %s %+v", again.Game.ID, again.Game.Practice)
	}
	playToEnd(t, h, f.Game.ID, "cid", f.Tokens["cid"])
	if _, err := h.Fork(ctx, adjudicator.ForkOptions{Game: f.Game.ID, Player: "cid", Step: -1}); err == nil || !strings.Contains(err.Error(), "is over after step") {
		t.Errorf("a fork of a finished game's end: %v", err)
	}
	after, err := h.Store.Events(ctx, "orig")
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Fatalf("the original has %d events after the fork, %d before", len(after), len(before))
	}
	for i := range before {
		if after[i].Hash != before[i].Hash || !bytes.Equal(after[i].Payload, before[i].Payload) {
			t.Errorf("event %d of the original changed", i+1)
		}
	}
	if _, err := adjudicator.Audit(h.Games, after); err != nil {
		t.Errorf("audit of the original: %v", err)
	}
	games, err := h.PlayerAttendance(ctx, "cid@example.test")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if g.Game != "orig" {
			t.Errorf("a practice game counts for cid's record: %s", g.Game)
		}
	}
	if _, err := pick(h, "orig", "cid", ng.Tokens["cid"], "2"); err != nil {
		t.Errorf("the original plays on: %v", err)
	}
}

// An engine without a Redeal or a DecodeState cannot fork a step, and the
// refusal says what it lacks; a fresh set-up needs only a bot. A fork is
// for a player of the game, from a step that has closed.
func TestForkRefusals(t *testing.T) {
	ctx := context.Background()
	h, _ := newBotHost(t, hands{})
	createCampaign(t, h, strings.Replace(forkCampaign, "turns: 12", "turns: 4", 1))
	_, err := h.Fork(ctx, adjudicator.ForkOptions{Game: "orig", Player: "ann", Step: -1})
	if err == nil || !strings.Contains(err.Error(), "hands cannot be forked into a practice game: it has no a redeal") {
		t.Errorf("fork without Redeal: %v", err)
	}
	if _, err := h.Fork(ctx, adjudicator.ForkOptions{Game: "orig", Player: "ann", Fresh: true}); err != nil {
		t.Errorf("a fresh fork needs no Redeal: %v", err)
	}
	h, _ = newBotHost(t, redealing{}, dice{"1"})
	createCampaign(t, h, forkCampaign)
	for _, c := range []struct {
		opt  adjudicator.ForkOptions
		want string
	}{
		{adjudicator.ForkOptions{Game: "orig", Player: "zed", Step: -1}, `no player "zed"`},
		{adjudicator.ForkOptions{Game: "orig", Player: "ann", Step: 5}, "step 5 of game orig has not closed yet"},
		{adjudicator.ForkOptions{Game: "nope", Player: "ann", Step: -1}, "no game"},
	} {
		if _, err := h.Fork(ctx, c.opt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.opt, err, c.want)
		}
	}
	create(t, h, "")
	if _, err := h.Fork(ctx, adjudicator.ForkOptions{Game: "d1", Player: "ann", Step: -1}); err == nil || !strings.Contains(err.Error(), "dice cannot be forked") {
		t.Errorf("fork of a game without a bot: %v", err)
	}
	evs, _ := h.Store.Events(ctx, "orig")
	if len(evs) != 2 {
		t.Errorf("a refused fork wrote to the original: %d events", len(evs))
	}
	ids, err := h.Store.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 2 {
		t.Errorf("games %v after refused forks, want 2", ids)
	}
}
