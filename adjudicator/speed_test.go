package adjudicator_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/orders"
)

// longGame is a database holding one long 2-player Trader game, played on
// defaults through the Host, made once per test binary for the benchmarks.
type longGame struct {
	path   string
	id     string
	events int
}

var (
	longGamesMu sync.Mutex
	longGames   = map[int]*longGame{}
)

// longTrader returns a database with a Trader game of about n events.
func longTrader(b *testing.B, n int) *longGame {
	b.Helper()
	longGamesMu.Lock()
	defer longGamesMu.Unlock()
	if lg := longGames[n]; lg != nil {
		return lg
	}
	dir, err := benchDir()
	if err != nil {
		b.Fatal(err)
	}
	lg := &longGame{path: filepath.Join(dir, "long.db"), id: fmt.Sprintf("long-%d", n)}
	st, err := events.Open(lg.path)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	now := goldenStart
	h := &adjudicator.Host{Store: st, Games: goldenRegistry(), Now: func() time.Time { now = now.Add(time.Minute); return now }}
	ctx := context.Background()
	// A set of 2-player Trader takes about 80 events: 99 sets (the most)
	// go on after n events.
	c, err := adjudicator.ParseCampaign([]byte(fmt.Sprintf("id: %s\ngame: trader\noptions: {sets: %d}\nplayers: [{name: alice}, {name: bob}]\n", lg.id, 99)))
	if err != nil {
		b.Fatal(err)
	}
	ng, err := h.Create(ctx, c)
	if err != nil {
		b.Fatal(err)
	}
	g := ng.Game
	for !g.Status.Finished && g.Seq < int64(n) {
		p := g.Awaiting()[0]
		r, err := h.Submit(ctx, &orders.Envelope{Game: g.ID, Player: p, Token: ng.Tokens[p], Step: g.Step, Orders: g.Engine.Default(g.State, p)}, adjudicator.SubmitOptions{})
		if err != nil {
			b.Fatal(err)
		}
		g = r.Game
	}
	lg.events = int(g.Seq)
	longGames[n] = lg
	return lg
}

// benchDir holds the long games' databases for the whole test binary
// (b.TempDir lasts one benchmark); TestMain removes it.
var benchDir = sync.OnceValues(func() (string, error) { return os.MkdirTemp("", "taipan-bench-") })

// copyDB copies a closed database file.
func copyDB(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o600)
}

// BenchmarkReplayAudit is the replay and audit of a long Trader game read
// from its database, against the floor of reading its rows, in one run:
// the x-floor metric is the ratio (goal: 3 or less).
func BenchmarkReplayAudit(b *testing.B) {
	for _, n := range []int{2500, 7200} {
		b.Run(fmt.Sprintf("events=%d", n), func(b *testing.B) {
			lg := longTrader(b, n)
			st, err := events.Open(lg.path)
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			ctx := context.Background()
			reg := goldenRegistry()
			floor := measure(func() {
				if _, err := st.Events(ctx, lg.id); err != nil {
					b.Fatal(err)
				}
			})
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				evs, err := st.Events(ctx, lg.id)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := adjudicator.Audit(reg, evs); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			per := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(float64(lg.events), "events")
			b.ReportMetric(float64(floor.Microseconds())/1000, "floor-ms")
			b.ReportMetric(float64(per)/float64(floor), "x-floor")
		})
	}
}

// measure is the best of several timings of f: the floor a benchmark is
// compared with, taken in the same run.
func measure(f func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for i := 0; i < 7; i++ {
		runtime.GC()
		start := time.Now()
		f()
		best = min(best, time.Since(start))
	}
	return best
}

// BenchmarkCloseWarm is one close through the warm Host at several log
// lengths: its cost should not grow with the log.
func BenchmarkCloseWarm(b *testing.B) {
	for _, n := range []int{250, 2500, 6000} {
		b.Run(fmt.Sprintf("events=%d", n), func(b *testing.B) {
			lg := longTrader(b, n)
			ctx := context.Background()
			var h *adjudicator.Host
			fresh := func() {
				if h != nil {
					h.Store.Close()
				}
				path := filepath.Join(b.TempDir(), "copy.db")
				if err := copyDB(lg.path, path); err != nil {
					b.Fatal(err)
				}
				st, err := events.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				h = &adjudicator.Host{Store: st, Games: goldenRegistry()}
				if _, err := h.GM(ctx, lg.id, adjudicator.GMAction{Action: "deadline", Args: []string{"none"}, Reason: "warm the cache"}); err != nil {
					b.Fatal(err)
				}
			}
			fresh()
			defer func() { h.Store.Close() }()
			closes := 0
			b.ReportAllocs()
			for b.Loop() {
				if closes == 300 {
					// Stay near n events: start again from a fresh copy.
					b.StopTimer()
					fresh()
					closes = 0
					b.StartTimer()
				}
				if _, _, err := h.Close(ctx, lg.id, adjudicator.ReasonGM); err != nil {
					b.Fatal(err)
				}
				closes++
			}
		})
	}
}
