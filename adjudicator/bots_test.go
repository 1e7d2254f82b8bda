package adjudicator_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/events/pgtest"
	"taipan/orders"
)

// newBotHost is newHost (a real SQLite file) playing the given engines.
func newBotHost(t testing.TB, games ...engine.Engine) (*adjudicator.Host, *clock) {
	t.Helper()
	h, c := newHost(t, "1")
	h.Games = adjudicator.NewRegistry(games...)
	return h, c
}

func createCampaign(t testing.TB, h *adjudicator.Host, text string) *adjudicator.NewGame {
	t.Helper()
	c, err := adjudicator.ParseCampaign([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := h.Create(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	return ng
}

func pick(h *adjudicator.Host, game, player, token, n string) (*adjudicator.Receipt, error) {
	env := &orders.Envelope{Game: game, Player: player, Token: token, Orders: []orders.Item{orders.With("pick", n)}}
	return h.Submit(context.Background(), env, adjudicator.SubmitOptions{})
}

// playToEnd has player pick 3 whenever it is their turn, until the game
// is over.
func playToEnd(t *testing.T, h *adjudicator.Host, game, player, token string) *adjudicator.Game {
	t.Helper()
	for range 100 {
		g, err := h.Game(context.Background(), game)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status.Finished {
			return g
		}
		if _, err := pick(h, game, player, token, "3"); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game did not end")
	return nil
}

// botOrderEvents are the orders events of a log marked as a bot's, by
// player.
func botOrderEvents(t testing.TB, evs []events.Event) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, e := range evs {
		if e.Kind != adjudicator.KindOrders {
			continue
		}
		var p adjudicator.OrdersPayload
		if err := e.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if p.Bot {
			out[e.Actor]++
		}
	}
	return out
}

// A game of one player and two bots runs at the player's pace: the bots'
// seats play as soon as their steps open, their orders logged as theirs
// and marked as a bot's, checked like any; the bots have no token and no
// attendance; the reports say who the bot played; the audit replays it
// without running a bot, and this build's bot reproduces every move from
// the bot's stream.
func TestBotSeatsPlayAtOnce(t *testing.T) {
	ctx := context.Background()
	h, _ := newBotHost(t, redealing{})
	ng := createCampaign(t, h, `id: solo
game: hands
options: {turns: 9}
players:
  - {name: ann, email: ann@example.test}
  - {name: bob, bot: true}
  - {name: cid, bot: true}
`)
	if _, ok := ng.Tokens["bob"]; ok {
		t.Error("a bot's seat got a token")
	}
	if got := ng.Game.Awaiting(); len(got) != 1 || got[0] != "ann" {
		t.Fatalf("awaiting %v at the start", got)
	}
	r, err := pick(h, "solo", "ann", ng.Tokens["ann"], "3")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Closed) != 3 {
		t.Errorf("ann's orders closed steps %v; the bots' two turns should follow at once", r.Closed)
	}
	env := &orders.Envelope{Game: "solo", Player: "bob", Orders: []orders.Item{orders.With("pick", "2")}}
	if _, err := h.Submit(ctx, env, adjudicator.SubmitOptions{Trusted: true}); err == nil || !strings.Contains(err.Error(), "bot's seat") {
		t.Errorf("orders for a bot's seat: %v", err)
	}
	g := playToEnd(t, h, "solo", "ann", ng.Tokens["ann"])
	evs, err := h.Store.Events(ctx, "solo")
	if err != nil {
		t.Fatal(err)
	}
	bots := botOrderEvents(t, evs)
	if bots["bob"] != 3 || bots["cid"] != 3 || bots["ann"] != 0 {
		t.Errorf("bot orders by seat: %v, want 3 each for bob and cid", bots)
	}
	if _, err := adjudicator.Audit(h.Games, evs); err != nil {
		t.Fatalf("audit: %v", err)
	}
	moves, err := adjudicator.BotMoves(h.Games, evs)
	if err != nil || len(moves) != 6 {
		t.Fatalf("bot moves: %d, %v", len(moves), err)
	}
	for _, m := range moves {
		if !m.Same() {
			t.Errorf("move at event %d not reproduced: %v, now %v (%v)", m.Seq, m.Logged, m.Now, m.Err)
		}
	}
	steps, err := adjudicator.GameAttendance(h.Games, evs)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		if s.Seat != "ann" {
			t.Errorf("attendance of a bot's seat: %+v", s)
		}
	}
	at2, err := adjudicator.ReplayUntil(h.Games, evs, 2)
	if err != nil {
		t.Fatal(err)
	}
	rnd, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	text, err := rnd.Text(at2, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "bob's seat was played by the game's bot.") {
		t.Errorf("the GM's report of bob's turn does not say the bot played it:\n%s", text)
	}
	if js, err := rnd.JSON(at2, "ann"); err != nil || !slices.Equal(js.Bots, []string{"bob"}) {
		t.Errorf("ann's JSON report of bob's turn: bots %v, %v", js.Bots, err)
	}
	if !g.Status.Finished {
		t.Error("not finished")
	}
}

// With civil_disorder_play: bot, a seat in civil disorder is played by the
// bot at each close instead of the defaults: the orders are logged, the
// seat stays in civil disorder (the bot's orders are no sign of the
// player), its attendance says so, and the audit passes. A file of the
// player's own brings them back as ever.
func TestCivilDisorderPlayedByTheBot(t *testing.T) {
	ctx := context.Background()
	h, clk := newBotHost(t, redealing{})
	ng := createCampaign(t, h, `id: cd
game: hands
options: {turns: 8}
players:
  - {name: ann, email: ann@example.test}
  - {name: ben, email: ben@example.test}
deadline: 1h
civil_disorder: 1
civil_disorder_play: bot
`)
	if _, err := pick(h, "cd", "ann", ng.Tokens["ann"], "2"); err != nil {
		t.Fatal(err)
	}
	clk.t = clk.t.Add(2 * time.Hour)
	if _, err := h.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	g, err := h.Game(ctx, "cd")
	if err != nil {
		t.Fatal(err)
	}
	if pl := g.Player("ben"); !pl.Disorder || !g.PlayedByBot("ben") {
		t.Fatalf("ben missed a step and is not in civil disorder played by the bot: %+v", pl)
	}
	if g.Last.Defaults[0] != "ben" {
		t.Errorf("the step ben missed: defaults %v", g.Last.Defaults)
	}
	// ann plays on; ben's turns close at once, played by the bot.
	for range 2 {
		r, err := pick(h, "cd", "ann", ng.Tokens["ann"], "4")
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Closed) != 2 || len(r.Game.Last.Bots) != 1 || r.Game.Last.Bots[0] != "ben" || len(r.Game.Last.Defaults) != 0 {
			t.Fatalf("closed %v, bots %v, defaults %v", r.Closed, r.Game.Last.Bots, r.Game.Last.Defaults)
		}
		if !r.Game.Player("ben").Disorder {
			t.Fatal("the bot's orders brought ben back from civil disorder")
		}
	}
	g = playToEnd(t, h, "cd", "ann", ng.Tokens["ann"])
	evs, err := h.Store.Events(ctx, "cd")
	if err != nil {
		t.Fatal(err)
	}
	if n := botOrderEvents(t, evs)["ben"]; n != 3 {
		t.Errorf("%d bot orders for ben, want 3", n)
	}
	if _, err := adjudicator.Audit(h.Games, evs); err != nil {
		t.Fatalf("audit: %v", err)
	}
	steps, err := adjudicator.GameAttendance(h.Games, evs)
	if err != nil {
		t.Fatal(err)
	}
	bot := 0
	for _, s := range steps {
		if s.Seat == "ben" && s.Rule == "in civil disorder: the bot played the seat" {
			bot++
		}
	}
	if bot != 3 {
		t.Errorf("%d of ben's steps counted as played by the bot in civil disorder: %+v", bot, steps)
	}
	if !g.Status.Finished {
		t.Error("not finished")
	}
}

// A log whose orders are marked as a bot's for a seat the bot does not
// play is not one the host wrote: replay refuses it, naming the event.
func TestReplayRefusesBotOrdersForAPlayersSeat(t *testing.T) {
	ctx := context.Background()
	h, _ := newBotHost(t, redealing{})
	createCampaign(t, h, `id: forged
game: hands
players: [{name: ann, email: ann@example.test}, {name: ben, email: ben@example.test}]
`)
	err := h.Store.Update(ctx, func(tx *events.Tx) error {
		_, err := tx.Append(ctx, "forged", adjudicator.KindOrders, "ann", adjudicator.OrdersPayload{Step: 1, Orders: []any{map[string]any{"pick": "2"}}, Bot: true}, time.Now())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	evs, _ := h.Store.Events(ctx, "forged")
	if _, err := adjudicator.Replay(h.Games, evs); err == nil || !strings.Contains(err.Error(), "whose seat the bot does not play") {
		t.Errorf("replay of forged bot orders: %v", err)
	}
}

// The campaign checker refuses, with the key and the reason, a bot the
// game has not, a bot with an address, a game of bots alone, and a
// civil_disorder_play it does not know.
func TestCampaignBotsChecked(t *testing.T) {
	h, _ := newBotHost(t, redealing{}, dice{"1"})
	for _, c := range []struct{ name, text, want string }{
		{"no bot", `id: x
game: dice
players: [ann, {name: bob, bot: true}]`, "players[2]: dice has no bot to play bob's seat"},
		{"disorder without a bot", `id: x
game: dice
players: [ann, bob]
civil_disorder_play: bot`, "civil_disorder_play: dice has no bot"},
		{"unknown play", `id: x
game: hands
players: [ann, bob]
civil_disorder_play: robot`, `civil_disorder_play: "robot" is not a setting; write defaults or bot`},
		{"bot with an address", `id: x
game: hands
players: [ann, {name: bob, bot: true, email: bob@example.test}]`, "bob is a bot's seat: a bot has no address"},
		{"bots alone", `id: x
game: hands
players: [{name: ann, bot: true}, {name: bob, bot: true}]`, "every seat is a bot's"},
		{"bot not a flag", `id: x
game: hands
players: [ann, {name: bob, bot: yes please}]`, "line 3, players[2].bot: expected true or false"},
	} {
		t.Run(c.name, func(t *testing.T) {
			camp, err := adjudicator.ParseCampaign([]byte(c.text))
			if err == nil {
				_, err = h.Create(context.Background(), camp)
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}

// A rollback that reopens a bot's step has the bot play it at once, from
// its stream in the new timeline; the audit passes and every move is
// reproduced.
func TestRollbackReopensABotsStep(t *testing.T) {
	ctx := context.Background()
	h, _ := newBotHost(t, redealing{})
	ng := createCampaign(t, h, `id: rb
game: hands
options: {turns: 9}
players: [{name: ann, email: ann@example.test}, {name: bob, bot: true}, {name: cid, bot: true}]
`)
	if _, err := pick(h, "rb", "ann", ng.Tokens["ann"], "3"); err != nil {
		t.Fatal(err)
	}
	res, err := h.GM(ctx, "rb", adjudicator.GMAction{Action: "rollback", Args: []string{"1"}, Reason: "again"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Closed) != 2 || !slices.Equal(res.Game.Awaiting(), []string{"ann"}) {
		t.Fatalf("after the rollback: closed %v, awaiting %v", res.Closed, res.Game.Awaiting())
	}
	evs, _ := h.Store.Events(ctx, "rb")
	if _, err := adjudicator.Audit(h.Games, evs); err != nil {
		t.Fatal(err)
	}
	moves, err := adjudicator.BotMoves(h.Games, evs)
	if err != nil || len(moves) != 4 {
		t.Fatalf("%d bot moves, %v", len(moves), err)
	}
	for _, m := range moves {
		if !m.Same() {
			t.Errorf("move at event %d not reproduced", m.Seq)
		}
	}
}

// A bot the GM seats in a game opened for sign-up is in from the start and
// confirms nothing: the game starts when the people have confirmed, the
// bot's seat without a token, and the bot plays its turns; on both stores.
func TestBotSeatedAtSignUp(t *testing.T) {
	for name, target := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "club.db") },
		"postgres": func(t *testing.T) string { return pgtest.Get(t).NewDatabase(t) },
	} {
		t.Run(name, func(t *testing.T) {
			h, _ := clubHost(t, target(t))
			h.Games = adjudicator.NewRegistry(redealing{})
			openGame(t, h, `id: club-b
game: hands
seats: 3
players: [{name: dora, bot: true}]
`)
			for _, p := range []string{"ann", "ben"} {
				if _, err := join(t, h, adjudicator.JoinRequest{Game: "club-b", Name: p, Email: p + "@example.test", Via: "cli"}); err != nil {
					t.Fatal(err)
				}
			}
			var g *adjudicator.Game
			var err error
			for _, p := range []string{"ann", "ben"} {
				if g, err = confirm(t, h, "club-b", p, ""); err != nil {
					t.Fatal(err)
				}
			}
			if g.Forming() {
				t.Fatalf("the game did not start: %+v", g.SignUp)
			}
			if pl := g.Player("dora"); pl == nil || !pl.Bot {
				t.Fatalf("dora's seat: %+v", pl)
			}
			for range 20 {
				if g.Status.Finished {
					break
				}
				who := g.Awaiting()
				if len(who) != 1 || who[0] == "dora" {
					t.Fatalf("awaiting %v", who)
				}
				r, err := h.Submit(context.Background(), &orders.Envelope{Game: "club-b", Player: who[0], Orders: []orders.Item{orders.With("pick", "2")}}, adjudicator.SubmitOptions{Trusted: true})
				if err != nil {
					t.Fatal(err)
				}
				g = r.Game
			}
			evs, _ := h.Store.Events(context.Background(), "club-b")
			if n := botOrderEvents(t, evs)["dora"]; n == 0 {
				t.Error("the bot never played")
			}
			if _, err := adjudicator.Audit(h.Games, evs); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// The GM's preview of a step shows the bot playing a seat in civil
// disorder as the close would, and writes nothing.
func TestPreviewPlaysTheBotForCivilDisorder(t *testing.T) {
	ctx := context.Background()
	h, _ := newBotHost(t, redealing{})
	ng := createCampaign(t, h, `id: pv
game: hands
options: {turns: 4, together: true}
players: [{name: ann, email: ann@example.test}, {name: ben, email: ben@example.test}]
civil_disorder: 1
civil_disorder_play: bot
`)
	if _, err := pick(h, "pv", "ann", ng.Tokens["ann"], "2"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := h.Close(ctx, "pv", adjudicator.ReasonGM); err != nil {
		t.Fatal(err)
	}
	before := eventCountOf(t, h, "pv")
	g, err := h.Preview(ctx, "pv")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.Last.Bots, []string{"ben"}) || !slices.Equal(g.Last.Defaults, []string{"ann"}) {
		t.Errorf("the preview plays bots %v, defaults %v; want the bot for ben, the defaults for ann", g.Last.Bots, g.Last.Defaults)
	}
	if eventCountOf(t, h, "pv") != before {
		t.Error("the preview wrote to the log")
	}
}

func eventCountOf(t testing.TB, h *adjudicator.Host, game string) int {
	t.Helper()
	evs, err := h.Store.Events(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	return len(evs)
}
