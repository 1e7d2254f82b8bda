package singapore

import (
	"syscall"
	"testing"
	"time"

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
// (ms/decision, and cpu-ms/decision, the processor time it takes; the
// issue asks for at most 50 ms on one core).
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
	cpu := cpuTime()
	for b.Loop() {
		s := ps[n%len(ps)]
		e.BotOrders(s, s.Players[s.Active].Name, engine.NewBotRand([]byte("bench"), n, 0, "x"))
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(n), "ms/decision")
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(n), "cpu-ms/decision")
}

// cpuTime is the processor time the test process has used (user and
// system, every thread): on a machine shared with other work it says
// what a decision costs where the wall clock says how long it waited.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
