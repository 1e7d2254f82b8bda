package adjudicator_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/orders"
)

// dice is a small simultaneous game for testing the runtime: every step each
// player picks a number from 1 to 6, one die is rolled, and whoever picked it
// scores a point; the first to reach the target wins.
type dice struct{ version string }

type diceState struct {
	Players []string       `json:"players"`
	Points  map[string]int `json:"points"`
	Out     []string       `json:"out,omitempty"`
	Target  int            `json:"target"`
	Rolls   []int          `json:"rolls"`
	Banned  []string       `json:"banned,omitempty"` // picks no longer allowed
}

func (d dice) Name() string    { return "dice" }
func (d dice) Version() string { return "dice/" + d.version }
func (d dice) Help() string    { return "- pick: N   (1-6)" }
func (d dice) Corrections() string {
	return "points PLAYER N  add N points\nban PLAYER N     nobody may pick N"
}

func (d dice) Setup(cfg engine.Config, rng *engine.Rand) (engine.State, error) {
	var opt struct {
		Target int `json:"target"`
	}
	if err := json.Unmarshal(cfg.Options, &opt); err != nil {
		return nil, err
	}
	if opt.Target == 0 {
		opt.Target = 3
	}
	if len(cfg.Players) < 2 {
		return nil, fmt.Errorf("dice needs 2 or more players")
	}
	s := &diceState{Players: slices.Clone(cfg.Players), Points: map[string]int{}, Target: opt.Target}
	for _, p := range s.Players {
		s.Points[p] = 0
	}
	return s, nil
}

func (d dice) active(s *diceState) []string {
	var out []string
	for _, p := range s.Players {
		if !slices.Contains(s.Out, p) {
			out = append(out, p)
		}
	}
	return out
}

func (d dice) Status(st engine.State) engine.Status {
	s := st.(*diceState)
	var winners []string
	for _, p := range s.Players {
		if s.Points[p] >= s.Target {
			winners = append(winners, p)
		}
	}
	if len(winners) > 0 {
		return engine.Status{Finished: true, Winners: winners, Phase: "over"}
	}
	return engine.Status{Pending: d.active(s), Phase: fmt.Sprintf("roll %d", len(s.Rolls)+1)}
}

func (d dice) Check(st engine.State, _ string, items []orders.Item) error {
	if len(items) != 1 || items[0].Verb != "pick" {
		return orders.Errorf(0, "orders", "give exactly one order: pick: N")
	}
	v, err := items[0].String()
	if err != nil {
		return err
	}
	if n, err := strconv.Atoi(v); err != nil || n < 1 || n > 6 {
		return items[0].Errorf("pick a number from 1 to 6, not %q", v)
	}
	if slices.Contains(st.(*diceState).Banned, v) {
		return items[0].Errorf("%s is banned", v)
	}
	return nil
}

func (d dice) Default(engine.State, string) []orders.Item {
	return []orders.Item{orders.With("pick", "1")}
}

func (d dice) Resolve(st engine.State, subs []engine.Submission, rng *engine.Rand) (engine.State, []engine.Happening, error) {
	s := st.(*diceState)
	roll := rng.Die()
	s.Rolls = append(s.Rolls, roll)
	hs := []engine.Happening{{Text: fmt.Sprintf("The die shows %d.", roll)}}
	for _, sub := range subs {
		v, _ := sub.Items[0].String()
		hs = append(hs, engine.Happening{Text: fmt.Sprintf("You picked %s.", v), To: []string{sub.Player}})
		if v == strconv.Itoa(roll) {
			s.Points[sub.Player]++
			hs = append(hs, engine.Happening{Text: sub.Player + " scores."})
		}
	}
	return s, hs, nil
}

func (d dice) View(st engine.State, player string) any {
	return st
}

func (d dice) Correct(st engine.State, c engine.Correction) (engine.State, []engine.Happening, error) {
	s := st.(*diceState)
	switch c.Action {
	case "remove":
		s.Out = append(s.Out, c.Player)
		return s, []engine.Happening{{Text: c.Player + " leaves."}}, nil
	case "ban":
		s.Banned = append(s.Banned, c.Args...)
		return s, nil, nil
	case "points":
		if len(c.Args) != 1 {
			return nil, nil, fmt.Errorf("usage: points PLAYER N")
		}
		n, err := strconv.Atoi(c.Args[0])
		if err != nil {
			return nil, nil, fmt.Errorf("N must be a number")
		}
		s.Points[c.Player] += n
		return s, nil, nil
	}
	return nil, nil, fmt.Errorf("unknown correction %q", c.Action)
}

func (d dice) Clone(st engine.State) engine.State {
	return engine.DeepCopy(st.(*diceState))
}

func (d dice) Rename(st engine.State, from, to string) engine.State {
	s := st.(*diceState)
	for i, p := range s.Players {
		if p == from {
			s.Players[i] = to
		}
	}
	s.Points[to] = s.Points[from]
	delete(s.Points, from)
	return s
}

// clock is a settable test clock.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func newHost(t testing.TB, version string) (*adjudicator.Host, *clock) {
	t.Helper()
	st, err := events.Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	st.Entropy = fixedEntropy("host test")
	c := &clock{t: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	return &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(dice{version}), Now: c.now}, c
}

func create(t testing.TB, h *adjudicator.Host, extra string) *adjudicator.NewGame {
	t.Helper()
	if !strings.Contains(extra, "options:") {
		extra += "options: {target: 2}\n"
	}
	c, err := adjudicator.ParseCampaign([]byte(`id: d1
game: dice
players: [{name: ann, email: ann@example.test}, {name: ben, email: ben@example.test}, {name: cid}]
seed: fixed
` + extra))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := h.Create(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	return ng
}

func submit(h *adjudicator.Host, player, token string, step int, pick string) (*adjudicator.Receipt, error) {
	env := &orders.Envelope{Game: "d1", Player: player, Token: token, Step: step, Orders: []orders.Item{orders.With("pick", pick)}}
	return h.Submit(context.Background(), env, adjudicator.SubmitOptions{})
}

func eventCount(t testing.TB, h *adjudicator.Host) int {
	evs, err := h.Store.Events(context.Background(), "d1")
	if err != nil {
		t.Fatal(err)
	}
	return len(evs)
}

func TestSubmitAuthenticatesAndRefusesWithoutWriting(t *testing.T) {
	h, _ := newHost(t, "1")
	ng := create(t, h, "")
	cases := []struct {
		name, player, token string
		step                int
		pick, code, want    string
	}{
		{"no token", "ann", "", 0, "2", adjudicator.EUNAUTHORIZED, "field token: missing"},
		{"wrong token", "ann", ng.Tokens["ben"], 0, "2", adjudicator.EUNAUTHORIZED, "wrong token for ann"},
		{"GM token is not a player's", "ann", ng.Tokens[""], 0, "2", adjudicator.EUNAUTHORIZED, "wrong token"},
		{"unknown player", "zed", "x", 0, "2", adjudicator.ENOTFOUND, "no player \"zed\""},
		{"stale step", "ann", ng.Tokens["ann"], 2, "2", adjudicator.ECONFLICT, "step 1 is open"},
		{"illegal", "ann", ng.Tokens["ann"], 1, "9", adjudicator.EINVALID, "pick a number from 1 to 6, not \"9\""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := eventCount(t, h)
			_, err := submit(h, c.player, c.token, c.step, c.pick)
			if adjudicator.ErrorCode(err) != c.code || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v (%s), want %s containing %q", err, adjudicator.ErrorCode(err), c.code, c.want)
			}
			if eventCount(t, h) != before {
				t.Error("a refused submission wrote to the log")
			}
		})
	}
}

func TestStepClosesWhenAllAreIn(t *testing.T) {
	h, _ := newHost(t, "1")
	ng := create(t, h, "")
	r, err := submit(h, "ann", ng.Tokens["ann"], 1, "2")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Closed) != 0 || r.Replace {
		t.Fatalf("closed %v too early", r.Closed)
	}
	if r, err = submit(h, "ann", ng.Tokens["ann"], 1, "3"); err != nil || !r.Replace {
		t.Fatalf("resubmission: %v, replace=%v", err, r.Replace)
	}
	submit(h, "ben", ng.Tokens["ben"], 1, "4")
	r, err = submit(h, "cid", ng.Tokens["cid"], 1, "5")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Closed, []int{1}) || r.Game.Step != 2 {
		t.Fatalf("closed %v, step %d", r.Closed, r.Game.Step)
	}
	// The replacement counted, not the first file: ann picked 3.
	rep, _ := adjudicator.NewRenderer()
	text, err := rep.Text(r.Game, "ann")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "You picked 3.") || strings.Contains(text, "You picked 4.") {
		t.Errorf("ann's report shows the wrong picks or another's secret:\n%s", text)
	}
}

func TestDeadlineTickUsesDefaultsAndSurvivesReload(t *testing.T) {
	h, clk := newHost(t, "1")
	ng := create(t, h, "deadline: 48h\n")
	submit(h, "ann", ng.Tokens["ann"], 1, "2")
	clk.t = clk.t.Add(47 * time.Hour)
	changed, err := h.Tick(context.Background())
	if err != nil || len(changed) != 0 {
		t.Fatalf("tick before the deadline closed %d games (%v)", len(changed), err)
	}
	// A second host on the same database (a restart) sees the same deadline.
	h2 := &adjudicator.Host{Store: h.Store, Games: h.Games, Now: clk.now}
	clk.t = clk.t.Add(2 * time.Hour)
	changed, err = h2.Tick(context.Background())
	if err != nil || len(changed) != 1 {
		t.Fatalf("tick after the deadline: %d games, %v", len(changed), err)
	}
	g, _ := h.Load(context.Background(), "d1")
	last := g.Last
	if last.Reason != adjudicator.ReasonDeadline || !slices.Equal(last.Defaults, []string{"ben", "cid"}) {
		t.Errorf("closed by %s with defaults %v", last.Reason, last.Defaults)
	}
	if want := clk.t.Add(48 * time.Hour).Truncate(time.Millisecond); !g.Deadline.Equal(want) {
		t.Errorf("next deadline %v, want %v", g.Deadline, want)
	}
}

func TestGMActions(t *testing.T) {
	h, _ := newHost(t, "1")
	ng := create(t, h, "deadline: 24h\n")
	ctx := context.Background()
	gm := func(action string, args ...string) (*adjudicator.GMResult, error) {
		return h.GM(ctx, "d1", adjudicator.GMAction{Action: action, Args: args, Reason: "test " + action})
	}
	if _, err := h.GM(ctx, "d1", adjudicator.GMAction{Action: "extend", Args: []string{"1d"}}); err == nil {
		t.Error("an action without a reason was accepted")
	}
	g0, _ := h.Load(ctx, "d1")
	if _, err := gm("extend", "1d"); err != nil {
		t.Fatal(err)
	}
	g, _ := h.Load(ctx, "d1")
	if !g.Deadline.Equal(g0.Deadline.Add(24 * time.Hour)) {
		t.Errorf("extend: deadline %v, was %v", g.Deadline, g0.Deadline)
	}
	submit(h, "ann", ng.Tokens["ann"], 1, "6")
	if _, err := gm("void", "ann"); err != nil {
		t.Fatal(err)
	}
	if _, err := gm("void", "ann"); err == nil {
		t.Error("voiding absent orders was accepted")
	}
	res, err := gm("replace", "ben", "bea", "bea@example.test")
	if err != nil || len(res.Token) != 32 {
		t.Fatalf("replace: %v %q", err, res.Token)
	}
	if _, err := submit(h, "ben", ng.Tokens["ben"], 1, "2"); adjudicator.ErrorCode(err) != adjudicator.ENOTFOUND {
		t.Errorf("the replaced player's name still works: %v", err)
	}
	if _, err := submit(h, "bea", ng.Tokens["ben"], 1, "2"); adjudicator.ErrorCode(err) != adjudicator.EUNAUTHORIZED {
		t.Errorf("the old token still works: %v", err)
	}
	if _, err := submit(h, "bea", res.Token, 1, "2"); err != nil {
		t.Errorf("the new player's token: %v", err)
	}
	if _, err := gm("points", "cid", "x"); err == nil {
		t.Error("a bad correction was accepted")
	}
	before := eventCount(t, h)
	if _, err := gm("points", "cid", "x"); err == nil || eventCount(t, h) != before {
		t.Error("a refused correction wrote to the log")
	}
	if _, err := gm("points", "cid", "1"); err != nil {
		t.Fatal(err)
	}
	// ann resigns: only cid is awaited now; cid's orders close the step.
	if _, err := gm("resign", "ann"); err != nil {
		t.Fatal(err)
	}
	r, err := submit(h, "cid", ng.Tokens["cid"], 1, "3")
	if err != nil || !slices.Contains(r.Closed, 1) {
		t.Fatalf("cid's orders did not close step 1: %v %v", r, err)
	}
	rep, _ := adjudicator.NewRenderer()
	text, _ := rep.Text(r.Game, "cid")
	for _, want := range []string{"(reason: test extend)", "voided ann's orders", "handed ben's seat to bea", "points cid 1", "ann resigned", "ann sent no orders"} {
		if !strings.Contains(text, want) {
			t.Errorf("cid's report lacks %q:\n%s", want, text)
		}
	}
	if _, err := gm("remove", "cid"); err != nil {
		t.Fatal(err)
	}
	g, _ = h.Load(ctx, "d1")
	if g.IsPending("cid") || !g.Player("cid").Removed {
		t.Errorf("cid still pending after removal")
	}
	if _, err := submit(h, "cid", ng.Tokens["cid"], 2, "3"); adjudicator.ErrorCode(err) != adjudicator.ECONFLICT {
		t.Errorf("a removed player's orders: %v", err)
	}
}

// Orders accepted once but made illegal by a GM correction before the step
// closes are replaced by the default, and the report says why.
func TestOverruledOrdersGetTheDefault(t *testing.T) {
	h, _ := newHost(t, "1")
	ng := create(t, h, "")
	ctx := context.Background()
	if _, err := submit(h, "ann", ng.Tokens["ann"], 1, "4"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.GM(ctx, "d1", adjudicator.GMAction{Action: "ban", Args: []string{"ann", "4"}, Reason: "house rule"}); err != nil {
		t.Fatal(err)
	}
	g, closed, err := h.Close(ctx, "d1", adjudicator.ReasonGM)
	if err != nil || len(closed) != 1 {
		t.Fatalf("close: %v %v", closed, err)
	}
	rep, _ := adjudicator.NewRenderer()
	text, _ := rep.Text(g, "ann")
	if !strings.Contains(text, "ann's orders were no longer legal when the step closed") || !strings.Contains(text, "You picked 1.") {
		t.Errorf("ann's report:\n%s", text)
	}
	if strings.Contains(text, "ann sent no orders") {
		t.Errorf("the report says ann sent nothing:\n%s", text)
	}
}

// An engine change that would rewrite history is caught at the first step
// whose digest it no longer reproduces.
func TestReplayCatchesAChangedEngine(t *testing.T) {
	h, _ := newHost(t, "1")
	ng := create(t, h, "")
	for _, p := range []string{"ann", "ben", "cid"} {
		submit(h, p, ng.Tokens[p], 1, "1")
	}
	evs, _ := h.Store.Events(context.Background(), "d1")
	if _, err := adjudicator.Audit(h.Games, evs); err != nil {
		t.Fatalf("audit of an honest log: %v", err)
	}
	// The rules changed but the version did not: the digest catches it.
	changed := adjudicator.NewRegistry(alteredDice{dice{"1"}})
	_, err := adjudicator.Audit(changed, evs)
	var re *adjudicator.ReplayError
	if !errors.As(err, &re) || re.Event.Kind != adjudicator.KindClosed || !strings.Contains(err.Error(), "replay no longer reproduces this game") {
		t.Fatalf("audit with a changed engine: %v", err)
	}
	// The version moved on and the old one was dropped: refused by name.
	dropped := adjudicator.NewRegistry(alteredDice{dice{"2"}})
	if _, err := adjudicator.Audit(dropped, evs); err == nil || !strings.Contains(err.Error(), "engine dice/1 is not one this build plays (it plays dice/2)") {
		t.Fatalf("audit without the game's engine version: %v", err)
	}
}

// alteredDice rolls differently: a rules change that would rewrite history.
type alteredDice struct{ dice }

func (a alteredDice) Resolve(st engine.State, subs []engine.Submission, rng *engine.Rand) (engine.State, []engine.Happening, error) {
	rng.Uint64()
	return a.dice.Resolve(st, subs, rng)
}

// BenchmarkRebuildDiceGame rebuilds a 200-step game of the test engine
// from its log: the core's own cost per event, without a real game.
func BenchmarkRebuildDiceGame(b *testing.B) {
	h, _ := newHost(b, "1")
	ng := create(b, h, "options: {target: 1000}\n")
	_ = ng
	ctx := context.Background()
	for i := 0; i < 200; i++ {
		if _, _, err := h.Close(ctx, "d1", adjudicator.ReasonGM); err != nil {
			b.Fatal(err)
		}
	}
	evs, _ := h.Store.Events(ctx, "d1")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := adjudicator.Replay(h.Games, evs); err != nil {
			b.Fatal(err)
		}
	}
}

// A host whose cached replay is current closes a step once its deadline
// passes, and leaves it alone before.
func TestTickWithACurrentCache(t *testing.T) {
	h, clk := newHost(t, "1")
	ng := create(t, h, "deadline: 1h\n")
	if _, err := submit(h, "ann", ng.Tokens["ann"], 1, "2"); err != nil {
		t.Fatal(err)
	}
	if changed, err := h.Tick(context.Background()); err != nil || len(changed) != 0 {
		t.Fatalf("tick before the deadline: %d, %v", len(changed), err)
	}
	clk.t = clk.t.Add(2 * time.Hour)
	changed, err := h.Tick(context.Background())
	if err != nil || len(changed) != 1 || changed[0].Step != 2 {
		t.Fatalf("tick after the deadline: %d games, %v", len(changed), err)
	}
}
