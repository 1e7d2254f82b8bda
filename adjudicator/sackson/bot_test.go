package sackson

import (
	"fmt"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
)

// The bot's orders pass Check in every position of many games, it gives
// the same orders for the same stream, and it leaves the state alone.
func TestBotOrdersLegal(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for n := 3; n <= 6; n++ {
		for i, s := range positions(t, n, games) {
			adjtest.BotOrdersLegal(t, New(), s, []byte(fmt.Sprint("legal", n, i)))
		}
	}
}

// The bot wins at least twice its fair share (2/n of the games, ties
// shared) with one bot among random players and among players on the
// defaults, with three players and six (100 and 50 games); with
// SACKSON_ARENA_GAMES=1000, the figures of doc.go, at every player count.
func TestBotArena(t *testing.T) {
	adjtest.BotArena{
		Engine: New(), Env: "SACKSON_ARENA_GAMES",
		Counts: []int{3, 6}, AllCounts: []int{3, 4, 5, 6},
		Games: func(n int) int { return 300 / n },
		Goal:  func(n int, _ string) float64 { return 200 / float64(n) },
	}.Run(t)
}

// BenchmarkBotDecision is the time of one decision of the bot, over the
// positions of games of every player count.
func BenchmarkBotDecision(b *testing.B) {
	e := New()
	var all []*State
	for n := 3; n <= 6; n++ {
		all = append(all, positions(b, n, 3)...)
	}
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
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/decision")
}
