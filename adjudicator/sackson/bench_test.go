package sackson

import (
	"encoding/json"
	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"testing"
)

// BenchmarkResolve resolves one round of a fresh 6-player deal, everyone
// on default orders but one bidder, with a Check of each order list.
func BenchmarkResolve(b *testing.B) {
	e := New()
	players := []string{"alice", "bob", "carol", "dave", "erin", "frank"}
	s := layout(b, players, `null`)
	var subs []engine.Submission
	for _, p := range players {
		subs = append(subs, engine.Submission{Player: p, Items: e.Default(s, p), Default: true})
	}
	subs[0].Items = items(b, "- bid: 100\n- play: best\n- buy: yes\n- event: give leader")
	rng := engine.NewRand([]byte("bench"), 1)
	b.ReportAllocs()
	for b.Loop() {
		for _, sub := range subs {
			if err := e.Check(s, sub.Player, sub.Items); err != nil {
				b.Fatal(err)
			}
		}
		if _, _, err := e.Resolve(e.Clone(s), subs, rng); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFullGame plays a whole 4-player game on default orders.
func BenchmarkFullGame(b *testing.B) {
	e := New()
	b.ReportAllocs()
	for b.Loop() {
		playDefaults(b, e, 4, "bench")
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkView builds and encodes a player's view.
func BenchmarkView(b *testing.B) {
	e := New()
	s := playDefaults(b, e, 4, "bench")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(e.View(s, "alice")); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplayGame is the replay and audit of a whole 6-player game
// played on default orders, against reading its rows (x-read).
func BenchmarkReplayGame(b *testing.B) {
	adjtest.Replay(b, New(), "id: bench-sh\ngame: shanghai\nplayers: [{name: ann}, {name: ben}, {name: cat}, {name: dan}, {name: eve}, {name: fay}]\nseed: bench\n")
}
