package adjtest

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// BotPositions plays games of e (an engine.Bot) with the given players,
// the first seat by the bot, the others by engine.RandomOrders, and
// returns the state before every step, at most maxSteps a game. before,
// if not nil, may change the state before a step (a GM correction); it
// returns the state to play on.
func BotPositions(t testing.TB, e engine.Engine, players []string, games, maxSteps int, before func(game, step int, s engine.State) engine.State) []engine.State {
	t.Helper()
	bot := e.(engine.Bot)
	var out []engine.State
	for g := range games {
		seed := []byte(fmt.Sprintf("positions %d/%d", len(players), g))
		s, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(`{}`)}, engine.NewRand(seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		for step := 1; step <= maxSteps && !e.Status(s).Finished; step++ {
			if before != nil {
				if s = before(g, step, s); e.Status(s).Finished {
					break
				}
			}
			out = append(out, e.Clone(s))
			var subs []engine.Submission
			for _, p := range e.Status(s).Pending {
				rng := engine.NewBotRand(seed, step, 0, p)
				items := engine.RandomOrders(e, s, p, rng)
				if p == players[0] {
					items = bot.BotOrders(s, p, rng)
				}
				subs = append(subs, engine.Submission{Player: p, Items: items})
			}
			if s, _, err = e.Resolve(s, subs, engine.NewRand(seed, step)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// RemovingOne is a BotPositions hook: in every game whose number is
// every-1 modulo every, before step at, the GM removes the last player.
func RemovingOne(t testing.TB, e engine.Engine, players []string, every, at int) func(game, step int, s engine.State) engine.State {
	return func(game, step int, s engine.State) engine.State {
		if game%every != every-1 || step != at || len(players) < 3 {
			return s
		}
		ns, _, err := e.Correct(s, engine.Correction{Action: "remove", Player: players[len(players)-1]})
		if err != nil {
			t.Fatal(err)
		}
		return ns
	}
}

// OrderText is an order file in its generic form, as JSON: two files
// that say the same give the same text.
func OrderText(t testing.TB, items []orders.Item) string {
	t.Helper()
	g, err := orders.Generic(items)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// stateJSON is the state's canonical JSON.
func stateJSON(t testing.TB, s engine.State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// viewJSON is what player sees of s, as JSON.
func viewJSON(t testing.TB, e engine.Engine, s engine.State, player string) string {
	t.Helper()
	b, err := json.Marshal(e.View(s, player))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// BotTwins checks the bot's fairness on twins a and b, two states that
// differ only in what player may not see: player sees them alike; Redeal
// gives the same state for the same stream, which player sees as it saw
// a; the bot gives the same orders for the same stream, and they pass
// Check in both. It reports whether the twins differ at all (a twin that
// is the state itself tests nothing).
func BotTwins(t testing.TB, e engine.Engine, a, b engine.State, player string, seed []byte) (differ bool) {
	t.Helper()
	if va, vb := viewJSON(t, e, a, player), viewJSON(t, e, b, player); va != vb {
		t.Fatalf("%s: the twin is not a twin:\n%s\n%s", player, va, vb)
	}
	r := e.(engine.Redealer)
	ra, rb := r.Redeal(a, player, engine.NewRand(seed, 1)), r.Redeal(b, player, engine.NewRand(seed, 1))
	if ja, jb := stateJSON(t, ra), stateJSON(t, rb); ja != jb {
		t.Fatalf("%s: the twins redeal differently:\n%s\n%s", player, ja, jb)
	}
	if va, vr := viewJSON(t, e, a, player), viewJSON(t, e, ra, player); va != vr {
		t.Fatalf("%s sees the redealt state otherwise:\n%s\n%s", player, va, vr)
	}
	if e.Status(a).Finished || !contains(e.Status(a).Pending, player) {
		return stateJSON(t, a) != stateJSON(t, b)
	}
	bot := e.(engine.Bot)
	oa := bot.BotOrders(a, player, engine.NewBotRand(seed, 1, 0, player))
	ob := bot.BotOrders(b, player, engine.NewBotRand(seed, 1, 0, player))
	if ta, tb := OrderText(t, oa), OrderText(t, ob); ta != tb {
		t.Fatalf("%s: the twins get different orders:\n%s\n%s", player, ta, tb)
	}
	for _, s := range []engine.State{a, b} {
		if err := e.Check(s, player, oa); err != nil {
			t.Fatalf("%s: the bot's orders %s are refused: %v", player, OrderText(t, oa), err)
		}
	}
	return stateJSON(t, a) != stateJSON(t, b)
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// BotOrdersLegal checks that the bot's orders for every pending player of
// s pass Check, that the same stream gives the same orders, and that the
// bot leaves s as it was.
func BotOrdersLegal(t testing.TB, e engine.Engine, s engine.State, seed []byte) {
	t.Helper()
	bot := e.(engine.Bot)
	before := stateJSON(t, s)
	for _, p := range e.Status(s).Pending {
		items := bot.BotOrders(s, p, engine.NewBotRand(seed, 1, 0, p))
		if err := e.Check(s, p, items); err != nil {
			t.Fatalf("%s: the bot's orders %s are refused: %v", p, OrderText(t, items), err)
		}
		if again := bot.BotOrders(s, p, engine.NewBotRand(seed, 1, 0, p)); OrderText(t, items) != OrderText(t, again) {
			t.Fatalf("%s: the same stream gives other orders", p)
		}
	}
	if stateJSON(t, s) != before {
		t.Fatal("the bot changed the state")
	}
}

// DecodePlaysOn checks that the engine's DecodeState reads s back from its
// JSON: the same JSON, and after each of steps more steps (everybody on
// random legal orders) the same again.
func DecodePlaysOn(t testing.TB, e engine.Engine, s engine.State, steps int, seed []byte) {
	t.Helper()
	d, err := e.(engine.StateDecoder).DecodeState([]byte(stateJSON(t, s)))
	if err != nil {
		t.Fatal(err)
	}
	a, b := e.Clone(s), d
	for step := 1; ; step++ {
		if ja, jb := stateJSON(t, a), stateJSON(t, b); ja != jb {
			t.Fatalf("after %d steps the decoded state differs:\n%s\n%s", step-1, ja, jb)
		}
		if step > steps || e.Status(a).Finished {
			return
		}
		play := func(s engine.State) engine.State {
			var subs []engine.Submission
			for _, p := range e.Status(s).Pending {
				subs = append(subs, engine.Submission{Player: p, Items: engine.RandomOrders(e, s, p, engine.NewBotRand(seed, step, 0, p))})
			}
			next, _, err := e.Resolve(s, subs, engine.NewRand(seed, step))
			if err != nil {
				t.Fatal(err)
			}
			return next
		}
		a, b = play(a), play(b)
	}
}

// BotArena is the strength test of a game's bot: one bot among players of
// another seat kind (random, defaults), at several player counts.
type BotArena struct {
	Engine engine.Engine
	// Env names the variable that sets how many games each arena plays
	// (e.g. 1000 for the figures of the game's doc); with it set, every
	// count of AllCounts is played.
	Env string
	// Counts are the player counts played by default, AllCounts those
	// played with Env set.
	Counts, AllCounts []int
	// Games is how many games n players play by default; in -short mode
	// only the first of Counts is played, a quarter of its games.
	Games func(n int) int
	// Goal is the least share (percent) the bot must win with n players
	// among others of the kind.
	Goal func(n int, kind string) float64
}

// Run plays the arenas, one subtest each, logging the rows and failing
// one whose bot wins less than its goal.
func (a BotArena) Run(t *testing.T) {
	counts := a.Counts
	env := os.Getenv(a.Env)
	switch {
	case env != "":
		counts = a.AllCounts
	case testing.Short():
		counts = counts[:1]
	}
	for _, n := range counts {
		for _, kind := range []string{adjudicator.SeatRandom, adjudicator.SeatDefaults} {
			seats := []string{adjudicator.SeatBot}
			for range n - 1 {
				seats = append(seats, kind)
			}
			name := strings.Join(seats, ",")
			t.Run(name, func(t *testing.T) {
				games := a.Games(n)
				switch {
				case env != "":
					k, err := strconv.Atoi(env)
					if err != nil {
						t.Fatalf("%s=%q: %v", a.Env, env, err)
					}
					games = k
				case testing.Short():
					games /= 4
				}
				rows, err := adjudicator.Arena(a.Engine, adjudicator.ArenaConfig{Games: games, Seats: seats, Seed: []byte("arena " + name)})
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range rows {
					t.Log(r)
				}
				if goal := a.Goal(n, kind); rows[0].Share < goal {
					t.Fatalf("the bot won %.1f%% of the games; the goal is %.1f%%", rows[0].Share, goal)
				}
			})
		}
	}
}
