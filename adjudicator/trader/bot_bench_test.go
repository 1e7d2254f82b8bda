package trader

import (
	"syscall"
	"testing"
	"time"

	"taipan/adjudicator/engine"
)

// BenchmarkBotDecision is the bot's time per decision over a spread of
// real positions (every player count, early and late in the set, turns
// and last sales): ms/decision of the clock, and cpu-ms/decision of the
// process's CPU time, which a machine busy with other work inflates less.
func BenchmarkBotDecision(b *testing.B) {
	e := New()
	type decision struct {
		s      *State
		player string
	}
	var ds []decision
	for _, s := range positions(b, 30, 7, false) {
		for _, p := range e.Status(s).Pending {
			ds = append(ds, decision{s, p})
		}
	}
	cpu0 := cpuTime(b)
	b.ResetTimer()
	n := 0
	for b.Loop() {
		d := ds[n%len(ds)]
		e.BotOrders(d.s, d.player, engine.NewBotRand([]byte("bench"), n, 0, d.player))
		n++
	}
	b.ReportMetric(b.Elapsed().Seconds()*1000/float64(n), "ms/decision")
	b.ReportMetric((cpuTime(b)-cpu0).Seconds()*1000/float64(n), "cpu-ms/decision")
}

// cpuTime is the CPU time the process has used so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
