package oldshanghai

import (
	"fmt"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
)

// The bot's orders pass Check for every player the step waits for, in
// every position of many games; the same stream gives the same orders,
// and the state is left alone.
func TestBotOrdersLegal(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	for n := 2; n <= 6; n++ {
		for i, s := range positions(t, n, games) {
			if i%2 == 1 {
				continue
			}
			adjtest.BotOrdersLegal(t, New(), s, []byte(fmt.Sprint("legal", n, i)))
		}
	}
}

// The bot's strength, one bot among random players and among players on
// the defaults: with three players and six (100 and 50 games) by
// default; with OLDSHANGHAI_ARENA_GAMES=1000, the figures of doc.go, at
// every player count. Among random players it wins at least twice its
// fair share (2/n; with two players, three games in four). Players on
// the defaults never finish a Shanghai!, so a game among them mostly
// ends at the stalemate, the win shared by every sailor still in: there
// the bot, never eliminated, must win a quarter more than its fair share
// in these few games (the 2/n, which it reaches over 1,000 games
// with three and four players only; see doc.go).
func TestBotArena(t *testing.T) {
	adjtest.BotArena{
		Engine: New(), Env: "OLDSHANGHAI_ARENA_GAMES",
		Counts: []int{3, 6}, AllCounts: []int{2, 3, 4, 5, 6},
		Games: func(n int) int { return 300 / n },
		Goal: func(n int, kind string) float64 {
			if kind == "defaults" {
				return 125 / float64(n)
			}
			return min(200/float64(n), 75)
		},
	}.Run(t)
}

// BenchmarkBotDecision is the time of one decision of the bot, over the
// positions of games of every player count where the bot is asked.
func BenchmarkBotDecision(b *testing.B) {
	e := New()
	type ask struct {
		s      *State
		player string
	}
	var asks []ask
	for n := 2; n <= 6; n++ {
		for _, s := range positions(b, n, 2) {
			for _, p := range e.Status(s).Pending {
				asks = append(asks, ask{s, p})
			}
		}
	}
	i := 0
	for b.Loop() {
		a := asks[i%len(asks)]
		e.BotOrders(a.s, a.player, engine.NewBotRand([]byte("bench"), i, 0, a.player))
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/decision")
}
