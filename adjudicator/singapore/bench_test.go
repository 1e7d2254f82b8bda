package singapore

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// BenchmarkResolve resolves one turn (a Joss Paper take with its choice)
// in a 4-player game.
func BenchmarkResolve(b *testing.B) {
	e := New()
	s := setupGame(b, []string{"alice", "bob", "carol", "dave"}, `{}`, `{"first": "alice", "types": ["Tea", "Silk", "Spices", "Porcelain", "Joss Paper"], "river": ["Joss Paper/U", "Silk/U", "Spices/M", "Porcelain/U"], "ss": 2, "hands": {"alice": ["Opium/M"]}, "seized": ["Opium/M"], "rest": true}`, "bench")
	subs := []engine.Submission{{Player: "alice", Items: orders.Renumber([]orders.Item{orders.With("take", "1"), orders.With("joss-paper", "seize 2")})}}
	rng := engine.NewRand([]byte("bench"), 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := e.Resolve(e.Clone(s), subs, rng); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFullGame plays a whole 4-player game with Influential Figures
// on default orders, each read once as the host reads it at a close
// (engine.ReadOrders, whose reading Resolve plays).
func BenchmarkFullGame(b *testing.B) {
	e := New()
	b.ReportAllocs()
	for b.Loop() {
		s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol", "dave"}, Options: json.RawMessage(`{"influential-figures": true}`), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte("bench"), 0))
		if err != nil {
			b.Fatal(err)
		}
		for n, st := 1, e.Status(s); !st.Finished; n, st = n+1, e.Status(s) {
			p := st.Pending[0]
			items := e.Default(s, p)
			reading, err := engine.ReadOrders(e, s, p, items)
			if err != nil {
				b.Fatal(err)
			}
			if s, _, err = e.Resolve(s, []engine.Submission{{Player: p, Items: items, Default: true, Reading: reading}}, engine.NewRand([]byte("bench"), n)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkReplayGame is the replay and audit of a whole 6-player game
// with every variant, played on default orders, against reading its rows
// (x-read).
func BenchmarkReplayGame(b *testing.B) {
	adjtest.Replay(b, New(), "id: bench-sg\ngame: singapore-1889\noptions: {ordinance: true, influential-figures: true}\nplayers: [{name: ann}, {name: ben}, {name: cat}, {name: dan}, {name: eve}, {name: fay}]\nseed: bench\n")
}
