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
	"taipan/adjudicator/adjtest"
	"taipan/events"
	"taipan/events/pgtest"
	"taipan/internal/testkit"
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
// (b.TempDir lasts one benchmark); it is in the run's scratch folder,
// which testkit.Main removes.
var benchDir = sync.OnceValues(func() (string, error) { return os.MkdirTemp("", "taipan-bench-") })

// copyDB copies a closed database file.
func copyDB(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o600)
}

// BenchmarkReplayTraderLongGame is the replay and audit of a long Trader
// game read from its database, against reading its rows, timed in the
// same run: x-read is the ratio (goal: 3 or less). Every game's replay
// benchmark is a BenchmarkReplay… reporting x-read, and every full-game
// benchmark a BenchmarkFullGame… reporting games/s, so that
//
//	go test ./adjudicator/... -run XXX -bench 'Replay|FullGame' -benchmem
//
// shows them all.
func BenchmarkReplayTraderLongGame(b *testing.B) {
	for _, n := range []int{2500, 7200} {
		b.Run(fmt.Sprintf("events=%d", n), func(b *testing.B) {
			lg := longTrader(b, n)
			st, err := events.Open(lg.path)
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			adjtest.ReplayLog(b, goldenRegistry(), st, lg.id)
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

// manyGames makes a database of n 2-player Trader games, each played on
// defaults to about perGame events, through one Host, and returns it.
func manyGames(b *testing.B, n, perGame int) *adjudicator.Host {
	b.Helper()
	st, err := events.Open(filepath.Join(b.TempDir(), "many.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	h := &adjudicator.Host{Store: st, Games: goldenRegistry()}
	ctx := context.Background()
	for i := 0; i < n; i++ {
		c, err := adjudicator.ParseCampaign([]byte(fmt.Sprintf("id: g%04d\ngame: trader\noptions: {sets: 9}\ndeadline: 72h\nplayers: [{name: alice}, {name: bob}]\n", i)))
		if err != nil {
			b.Fatal(err)
		}
		ng, err := h.Create(ctx, c)
		if err != nil {
			b.Fatal(err)
		}
		for g := ng.Game; g.Seq < int64(perGame); {
			p := g.Awaiting()[0]
			r, err := h.Submit(ctx, &orders.Envelope{Game: g.ID, Player: p, Token: ng.Tokens[p], Step: g.Step, Orders: g.Engine.Default(g.State, p)}, adjudicator.SubmitOptions{})
			if err != nil {
				b.Fatal(err)
			}
			g = r.Game
		}
	}
	return h
}

// BenchmarkTickIdle is a tick of `serve` when no deadline has passed, at
// 10, 100 and 1,000 games, against the floor of reading one game's log: it
// should not grow with the number of games.
func BenchmarkTickIdle(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			h := manyGames(b, n, 20)
			ctx := context.Background()
			if _, err := h.Tick(ctx); err != nil {
				b.Fatal(err)
			}
			floor := measure(func() { h.Store.Events(ctx, "g0000") })
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				changed, err := h.Tick(ctx)
				if err != nil || len(changed) > 0 {
					b.Fatal(changed, err)
				}
			}
			b.ReportMetric(float64(b.Elapsed()/time.Duration(b.N))/float64(floor), "x-floor")
		})
	}
}

// BenchmarkGamesList is `taipan games` on 100 games against `status` of one
// (a replay of its log), in one run.
func BenchmarkGamesList(b *testing.B) {
	h := manyGames(b, 100, 60)
	ctx := context.Background()
	cold := &adjudicator.Host{Store: h.Store, Games: goldenRegistry()}
	floor := measure(func() {
		if _, err := cold.Load(ctx, "g0042"); err != nil {
			b.Fatal(err)
		}
	})
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		fresh := &adjudicator.Host{Store: h.Store, Games: goldenRegistry()}
		list, err := fresh.List(ctx)
		if err != nil || len(list) != 100 {
			b.Fatal(len(list), err)
		}
	}
	b.ReportMetric(float64(b.Elapsed()/time.Duration(b.N))/float64(floor), "x-status")
}

// BenchmarkCacheMemory is the heap a warm Host keeps per game it serves,
// with games of 250 events: it should not grow with a game's history.
func BenchmarkCacheMemory(b *testing.B) {
	for _, perGame := range []int{60, 250} {
		b.Run(fmt.Sprintf("events=%d", perGame), func(b *testing.B) {
			const n = 50
			h := manyGames(b, n, perGame)
			ctx := context.Background()
			for b.Loop() {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				warm := &adjudicator.Host{Store: h.Store, Games: goldenRegistry()}
				for i := 0; i < n; i++ {
					if _, err := warm.GM(ctx, fmt.Sprintf("g%04d", i), adjudicator.GMAction{Action: "extend", Args: []string{"1h"}, Reason: "warm"}); err != nil {
						b.Fatal(err)
					}
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/n/1024, "KB/game")
				runtime.KeepAlive(warm)
			}
		})
	}
}

func TestMain(m *testing.M) {
	testkit.Main(func() int {
		defer pgtest.StopShared()
		return m.Run()
	})
}
