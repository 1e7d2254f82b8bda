package oldshanghai

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// fullOrders are standing orders that answer every decision.
const fullOrders = `- heart: {unless: have police}
- police: always
- finish: {who: all, with: gangs-first}
- put-back: [{at: for next, if: players <= 3}, random]
- keep: [police, heart, boss, drink-up, drunken-sailor, shell-back, southenders, sydney-cove, dragons, shanghai]
- skip: [{play: drink-up, if: top shanghai}, {play: shell-back, if: deck <= 8}, draw]
`

// playFull plays a 4-player game to the end on full standing orders
// (items, the file every player sends), each file read once as the host
// reads it at a close (engine.ReadOrders, whose reading Resolve plays).
func playFull(b *testing.B, e Engine, seed string, items []orders.Item) (steps int) {
	s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol", "dave"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte(seed), 0))
	if err != nil {
		b.Fatal(err)
	}
	for n := 1; !e.Status(s).Finished; n++ {
		var subs []engine.Submission
		for _, p := range e.Status(s).Pending {
			it := items
			if state(s).Stage != stReview {
				it = e.Default(s, p)
			}
			reading, err := engine.ReadOrders(e, s, p, it)
			if err != nil {
				b.Fatal(err)
			}
			subs = append(subs, engine.Submission{Player: p, Items: it, Reading: reading})
		}
		if s, _, err = e.Resolve(s, subs, engine.NewRand([]byte(seed), n)); err != nil {
			b.Fatal(err)
		}
		steps++
	}
	return steps
}

// BenchmarkFullGame plays a whole 4-player game on full standing orders,
// each file read once as the host reads it; it reports the mail rounds per
// game. The order file's YAML is parsed once, before: that is the mail
// layer's work, done once per file received, not the engine's.
func BenchmarkFullGame(b *testing.B) {
	e := New()
	items, err := orders.ParseList([]byte(fullOrders))
	if err != nil {
		b.Fatal(err)
	}
	items = orders.Renumber(items)
	b.ReportAllocs()
	steps, games := 0, 0
	for b.Loop() {
		steps += playFull(b, e, fmt.Sprint("bench", games), items)
		games++
	}
	b.ReportMetric(float64(steps)/float64(games), "rounds/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkCheck checks a full standing-order file.
func BenchmarkCheck(b *testing.B) {
	e := New()
	s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol", "dave"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte("bench"), 0))
	if err != nil {
		b.Fatal(err)
	}
	items, _ := orders.ParseList([]byte(fullOrders))
	items = orders.Renumber(items)
	b.ReportAllocs()
	for b.Loop() {
		if err := e.Check(s, "alice", items); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomGame plays a 4-player game with random standing orders
// and answers, with the knowledge oracle.
func BenchmarkRandomGame(b *testing.B) {
	e := New()
	t := &testing.T{}
	b.ReportAllocs()
	g := 0
	for b.Loop() {
		r := rand.New(rand.NewPCG(5, uint64(g)))
		playRandom(t, e, []string{"alice", "bob", "carol", "dave"}, `{}`, fmt.Sprint("bench", g), r, false, false)
		g++
	}
}

// BenchmarkReplayGame is the replay and audit of a whole 6-player game
// played on default orders (every decision asked and answered: a step
// each), against reading its rows (x-read).
func BenchmarkReplayGame(b *testing.B) {
	adjtest.Replay(b, New(), "id: bench-os\ngame: old-shanghai\nplayers: [{name: ann}, {name: ben}, {name: cat}, {name: dan}, {name: eve}, {name: fay}]\nseed: bench\n")
}
