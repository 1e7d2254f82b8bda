package sackson

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
)

// Two states that differ only in what the bot's seat may not see give the
// bot the same orders, and every order it gives passes Check.
func TestBotTwins(t *testing.T) {
	e := New()
	r := rand.New(rand.NewPCG(3, 4))
	for n := 3; n <= 6; n++ {
		for i, s := range positions(t, n, 3) {
			for me, p := range s.Players {
				if p.Removed || (i+me)%2 == 1 {
					continue
				}
				twin := twinOf(s, me, r)
				seed := []byte(fmt.Sprint("bot twins", n, i))
				a := e.BotOrders(s, p.Name, engine.NewBotRand(seed, i, 0, p.Name))
				b := e.BotOrders(twin, p.Name, engine.NewBotRand(seed, i, 0, p.Name))
				if ta, tb := orderText(t, a), orderText(t, b); ta != tb {
					t.Fatalf("%d players, position %d, %s: the twins get different orders:\n%s\n%s", n, i, p.Name, ta, tb)
				}
				for _, st := range []*State{s, twin} {
					if err := e.Check(st, p.Name, a); err != nil {
						t.Fatalf("%d players, position %d, %s: the bot's orders %s are refused: %v", n, i, p.Name, orderText(t, a), err)
					}
				}
			}
		}
	}
}

// The bot's orders pass Check in every position of many games, it gives
// the same orders for the same stream, and it leaves the state alone.
func TestBotOrdersLegal(t *testing.T) {
	e := New()
	games := 3
	if testing.Short() {
		games = 1
	}
	for n := 3; n <= 6; n++ {
		for i, s := range positions(t, n, games) {
			before := string(s.AppendJSON(nil))
			for _, p := range s.Players {
				if p.Removed {
					continue
				}
				seed := []byte(fmt.Sprint("legal", n, i))
				items := e.BotOrders(s, p.Name, engine.NewBotRand(seed, i, 0, p.Name))
				if err := e.Check(s, p.Name, items); err != nil {
					t.Fatalf("%d players, position %d, %s: the bot's orders %s are refused: %v", n, i, p.Name, orderText(t, items), err)
				}
				again := e.BotOrders(s, p.Name, engine.NewBotRand(seed, i, 0, p.Name))
				if orderText(t, items) != orderText(t, again) {
					t.Fatalf("%d players, position %d, %s: the same stream gives other orders", n, i, p.Name)
				}
			}
			if string(s.AppendJSON(nil)) != before {
				t.Fatalf("%d players, position %d: the bot changed the state", n, i)
			}
		}
	}
}

// arenaGames is how many games an arena of the bot plays: n, a quarter of
// it in -short mode, or the number in SACKSON_ARENA_GAMES (1000 for the
// figures of doc.go).
func arenaGames(t testing.TB, n int) int {
	if v := os.Getenv("SACKSON_ARENA_GAMES"); v != "" {
		k, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("SACKSON_ARENA_GAMES=%q: %v", v, err)
		}
		return k
	}
	if testing.Short() {
		return n / 4
	}
	return n
}

// The bot wins at least twice its fair share (2/n of the games, ties
// shared) with one bot among random players and among players on the
// defaults, with three players and six (100 and 50 games). With SACKSON_ARENA_GAMES set,
// every player count is played, that many games each.
func TestBotArena(t *testing.T) {
	counts := []int{3, 6}
	if os.Getenv("SACKSON_ARENA_GAMES") != "" {
		counts = []int{3, 4, 5, 6}
	}
	for _, n := range counts {
		for _, other := range []string{adjudicator.SeatRandom, adjudicator.SeatDefaults} {
			seats := []string{adjudicator.SeatBot}
			for range n - 1 {
				seats = append(seats, other)
			}
			name := strings.Join(seats, ",")
			t.Run(name, func(t *testing.T) {
				rows, err := adjudicator.Arena(New(), adjudicator.ArenaConfig{Games: arenaGames(t, 300/n), Seats: seats, Seed: []byte("arena " + name)})
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range rows {
					t.Log(r)
				}
				if goal := 200 / float64(n); rows[0].Share < goal {
					t.Fatalf("the bot won %.1f%% of the games; the goal is %.1f%%", rows[0].Share, goal)
				}
			})
		}
	}
}

// BenchmarkBotDecision is the time of one decision of the bot, over the
// positions of games of every player count.
func BenchmarkBotDecision(b *testing.B) {
	e := New()
	var all []*State
	for n := 3; n <= 6; n++ {
		all = append(all, positions(b, n, 3)...)
	}
	b.ResetTimer()
	i := 0
	for b.Loop() {
		s := all[i%len(all)]
		p := s.Players[i%len(s.Players)]
		if p.Removed {
			p = s.Players[0]
		}
		e.BotOrders(s, p.Name, engine.NewBotRand([]byte("bench"), i, 0, p.Name))
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/decision")
}
