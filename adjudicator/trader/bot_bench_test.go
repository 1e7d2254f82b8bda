package trader

import (
	"testing"

	"taipan/adjudicator/engine"
)

// BenchmarkBotDecision is the bot's time per decision over a spread of
// real positions (every player count, early and late in the set, turns
// and last sales), in ms/decision.
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
	b.ResetTimer()
	n := 0
	for b.Loop() {
		d := ds[n%len(ds)]
		e.BotOrders(d.s, d.player, engine.NewBotRand([]byte("bench"), n, 0, d.player))
		n++
	}
	b.ReportMetric(b.Elapsed().Seconds()*1000/float64(n), "ms/decision")
}
