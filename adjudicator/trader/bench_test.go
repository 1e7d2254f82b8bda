package trader

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

func benchSetup(b *testing.B, players []string) *State {
	s, err := New().Setup(engine.Config{Players: players, Options: json.RawMessage(`{}`), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte("bench"), 0))
	if err != nil {
		b.Fatal(err)
	}
	return s.(*State)
}

// BenchmarkResolve resolves one purchase on a fresh 3-player deal.
func BenchmarkResolve(b *testing.B) {
	e := New()
	s := benchSetup(b, []string{"alice", "bob", "carol"})
	subs := []engine.Submission{{Player: "alice", Items: orders.Renumber([]orders.Item{orders.With("buy", "Paris"), orders.With("market-closed", "Rome")})}}
	rng := engine.NewRand([]byte("bench"), 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := e.Resolve(e.Clone(s), subs, rng); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFullGame plays a whole 2-player game on default orders, each
// read once as the host reads it at a close (engine.ReadOrders, whose
// reading Resolve applies).
func BenchmarkFullGame(b *testing.B) {
	e := New()
	b.ReportAllocs()
	for b.Loop() {
		var s engine.State = benchSetup(b, []string{"alice", "bob"})
		for n := 1; !e.Status(s).Finished; n++ {
			var subs []engine.Submission
			for _, p := range e.Status(s).Pending {
				items := e.Default(s, p)
				reading, err := engine.ReadOrders(e, s, p, items)
				if err != nil {
					b.Fatal(err)
				}
				subs = append(subs, engine.Submission{Player: p, Items: items, Default: true, Reading: reading})
			}
			var err error
			if s, _, err = e.Resolve(s, subs, engine.NewRand([]byte("bench"), n)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
