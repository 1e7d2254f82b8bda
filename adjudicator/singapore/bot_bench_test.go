package singapore

import (
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// botPositions are real positions for the bot to decide in: every step
// of games of 3, 6, 2, 4 and 5 players in turn, ann played by the bot
// and the others by their defaults.
func botPositions(tb testing.TB, games int) []*State {
	tb.Helper()
	e := New()
	seats := func(g int) (int, string) { return []int{3, 6, 2, 4, 5}[g%5], `{}` }
	return playedPositions(tb, games, seats, func(s *State, g, step int) []orders.Item {
		p := s.Players[s.Active].Name
		if p == "ann" {
			return e.BotOrders(s, p, engine.NewBotRand([]byte("positions"), step, g, p))
		}
		return e.Default(s, p)
	})
}

// BenchmarkBotDecision times the bot's decision over a spread of real
// positions: every step of games of 3, 6, 2, 4 and 5 players, in turn
// (ms/decision; the issue asks for at most 50 on one core).
func BenchmarkBotDecision(b *testing.B) {
	e := New()
	var ps []*State
	for _, s := range botPositions(b, 5) {
		if s.Phase != phaseOver {
			ps = append(ps, s)
		}
	}
	b.ResetTimer()
	n := 0
	for b.Loop() {
		s := ps[n%len(ps)]
		e.BotOrders(s, s.Players[s.Active].Name, engine.NewBotRand([]byte("bench"), n, 0, "x"))
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(n), "ms/decision")
}
