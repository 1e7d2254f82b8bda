package shanghaitrader

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"taipan/adjudicator/engine"
)

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkBotDecision times the bot's decision over a spread of real
// positions (random games of 3 to 6 players, the basic and the advanced
// game, every season and the Collusion Phase), on one core (-cpu 1):
// ms/decision by the clock, cpu-ms/decision by the process's CPU time.
func BenchmarkBotDecision(b *testing.B) {
	type position struct {
		s      *State
		player string
		seed   string
		step   int
	}
	var ps []position
	t := &testing.T{}
	botWalk(t, 8, func(s *State, seed string, step int, r *rand.Rand) {
		if step%2 == 0 {
			p := step % len(s.Players)
			if s.Players[p].inCity() {
				ps = append(ps, position{s.clone(), s.Players[p].Name, seed, step})
			}
		}
	})
	e := New()
	b.ResetTimer()
	start, cpu := time.Now(), cpuTime()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		e.BotOrders(p.s, p.player, engine.NewBotRand([]byte(p.seed), p.step, 0, p.player))
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/decision")
	// The machine is shared: the process's CPU time says what a decision
	// costs whatever else runs beside it.
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/decision")
	b.ReportMetric(float64(len(ps)), "positions")
}
