package singapore

import (
	"encoding/json"
	"fmt"
	"testing"

	"taipan/adjudicator/engine"
)

// botPositions are real positions for the bot to decide in: every step
// of a few games of 3 and 6 players, the bot's seat among seats playing
// the defaults.
func botPositions(tb testing.TB, games int) []*State {
	tb.Helper()
	e := New()
	var out []*State
	for g := 0; g < games; g++ {
		n := []int{3, 6, 2, 4, 5}[g%5]
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n]
		seed := []byte(fmt.Sprint("positions ", g))
		as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(`{}`)}, engine.NewRand(seed, 0))
		if err != nil {
			tb.Fatal(err)
		}
		for step := 1; !e.Status(as).Finished; step++ {
			p := e.Status(as).Pending[0]
			out = append(out, e.Clone(as).(*State))
			items := e.Default(as, p)
			if p == "ann" {
				items = e.BotOrders(as, p, engine.NewBotRand(seed, step, 0, p))
			}
			if as, _, err = e.Resolve(as, []engine.Submission{{Player: p, Items: items}}, engine.NewRand(seed, step)); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkBotDecision times the bot's decision over a spread of real
// positions: every step of games of 3, 6, 2, 4 and 5 players, in turn
// (ms/decision; the issue asks for at most 50 on one core).
func BenchmarkBotDecision(b *testing.B) {
	e := New()
	ps := botPositions(b, 5)
	b.ResetTimer()
	n := 0
	for b.Loop() {
		s := ps[n%len(ps)]
		e.BotOrders(s, s.Players[s.Active].Name, engine.NewBotRand([]byte("bench"), n, 0, "x"))
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(n), "ms/decision")
}
