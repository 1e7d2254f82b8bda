package mail_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/trader"
	"taipan/events"
	"taipan/events/pgtest"
	"taipan/mail"
	"taipan/mail/mailtest"
)

// plainCampaign is the test campaign with plain-text reports: the
// benchmarks of the store measure the orders, not the pictures.
func plainCampaign(id string) string { return campaign(id) + "report_format: plain\n" }

// worker is one `taipan serve`'s mail intake: its own connections to the
// database, Host (and cache) and Ingester.
type worker struct {
	store *events.Store
	in    *mail.Ingester
}

func newWorker(tb testing.TB, db string) *worker {
	tb.Helper()
	st, err := events.Open(db)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	r, err := adjudicator.NewRenderer()
	if err != nil {
		tb.Fatal(err)
	}
	cfg := lenient()
	cfg.Embedded.Maildir = tb.TempDir()
	if err := cfg.Normalize(); err != nil {
		tb.Fatal(err)
	}
	svc, err := mail.NewService(cfg, &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(trader.New())}, r, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return &worker{st, svc.Ingester}
}

// BenchmarkWorkers measures accepted order mails per second taken in by
// 1, 2 and 4 workers on one PostgreSQL database, and by one and two on
// SQLite, for the same load: 1,000 order mails of about thirty Trader
// games, each closing a step (an acknowledgement queued, its reports owed).
// Each worker has its own connections, Host and Ingester, as a process
// would, and takes in the mails of its share of the games, in order, a
// hundred at a time (an IMAP batch). The cases named …/rtt=2ms put the
// database a 2 ms round trip away (pgtest.Delayed, a proxy in a process of
// its own), as on a host of its own. Taken a hundred at a time, a mail
// costs a worker so few round trips that this machine's two cores bind
// the work again; the cases named …/batch=1 take the mails one at a time,
// as they come in at a quiet hour (240 of them, each game's in turn),
// where round trips alone bound it. Each case also reports how many of the
// machine's cores were busy while it ran (machineCPU), which bounds what
// more workers can add there. Run:
//
//	go test ./mail -run XXX -bench Workers -benchtime 3x -benchmem
func BenchmarkWorkers(b *testing.B) {
	for _, tc := range []struct {
		store   string
		workers int
		rtt     time.Duration
		batch   int // mails taken in one call
	}{
		{"sqlite", 1, 0, 100}, {"sqlite", 2, 0, 100},
		{"postgres", 1, 0, 100}, {"postgres", 2, 0, 100}, {"postgres", 4, 0, 100},
		{"postgres", 1, 2 * time.Millisecond, 100}, {"postgres", 2, 2 * time.Millisecond, 100}, {"postgres", 4, 2 * time.Millisecond, 100},
		{"postgres", 1, 2 * time.Millisecond, 1}, {"postgres", 2, 2 * time.Millisecond, 1}, {"postgres", 4, 2 * time.Millisecond, 1},
	} {
		name := fmt.Sprintf("%s-%d", tc.store, tc.workers)
		if tc.rtt > 0 {
			name += fmt.Sprintf("/rtt=%v", tc.rtt)
		}
		total := benchMails
		if tc.batch == 1 {
			name += "/batch=1"
			total = 240
		}
		b.Run(name, func(b *testing.B) {
			accepted := 0
			var busy, all float64 // the machine's CPU time while timed
			cpus := 0
			for b.Loop() {
				b.StopTimer()
				db := filepath.Join(b.TempDir(), "taipan.db")
				reach := db // the database as the workers reach it
				if tc.store == "postgres" {
					db = pgtest.Get(b).NewDatabase(b)
					reach = db
					if tc.rtt > 0 {
						reach = pgtest.Delayed(b, db, tc.rtt/2)
					}
				}
				ws := make([]*worker, tc.workers)
				for i := range ws {
					ws[i] = newWorker(b, reach)
				}
				// The games are made beside the workers, the way `taipan
				// new` makes them: no worker has them in its cache.
				setup := newWorker(b, db)
				mails, games := mailtest.OrderMails(b, &adjudicator.Host{Store: setup.store, Games: adjudicator.NewRegistry(trader.New())}, total, plainCampaign)
				share := map[string]int{}
				for i, g := range games {
					share[g] = i % tc.workers
				}
				parts := make([][]*mail.Inbound, tc.workers)
				for _, raw := range mails {
					m := ws[0].in.Read(raw, len(raw))
					w, ok := share[gameOf(raw)]
					if !ok {
						b.Fatalf("mail for an unknown game %q", gameOf(raw))
					}
					parts[w] = append(parts[w], m)
				}
				b.StartTimer()
				busyBefore, allBefore, _, measured := machineCPU()
				var wg sync.WaitGroup
				var mu sync.Mutex
				for i, w := range ws {
					wg.Add(1)
					go func() {
						defer wg.Done()
						ms := parts[i]
						for len(ms) > 0 {
							n := min(tc.batch, len(ms))
							res, err := w.in.IngestAll(context.Background(), ms[:n])
							if err != nil {
								b.Error(err)
								return
							}
							mu.Lock()
							for _, r := range res {
								if r.Outcome == mail.Accepted {
									accepted++
								}
							}
							mu.Unlock()
							ms = ms[n:]
						}
					}()
				}
				wg.Wait()
				if busyAfter, allAfter, n, ok := machineCPU(); ok && measured {
					busy += busyAfter - busyBefore
					all += allAfter - allBefore
					cpus = n
				}
			}
			if all > 0 {
				b.ReportMetric(float64(cpus)*busy/all, "cores")
			}
			if accepted != total*b.N {
				b.Fatalf("%d orders accepted, want %d", accepted, total*b.N)
			}
			b.ReportMetric(float64(accepted)/b.Elapsed().Seconds(), "orders/s")
		})
	}
}

// machineCPU is the time the machine's processors have spent working
// (busy) and in all (busy and idle), in the units of /proc/stat, where
// there is one, and how many processors it counts. BenchmarkWorkers reports from it how many cores were busy
// while it ran: the workers, PostgreSQL's backends and anything else on
// the machine. That bounds what more workers can add: when one keeps 1.3
// of two cores busy, no number of them takes in more than 2 ÷ 1.3 times
// as much.
func machineCPU() (busy, all float64, cpus int, ok bool) {
	stat, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0, 0, false
	}
	lines := strings.Split(string(stat), "\n")
	// cpu user nice system idle iowait irq softirq steal …, then a line
	// cpuN for each processor
	f := strings.Fields(lines[0])
	if len(f) < 9 || f[0] != "cpu" {
		return 0, 0, 0, false
	}
	var t [8]float64
	for i := range t {
		if t[i], err = strconv.ParseFloat(f[i+1], 64); err != nil {
			return 0, 0, 0, false
		}
	}
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "cpu") {
			cpus++
		}
	}
	busy = t[0] + t[1] + t[2] + t[5] + t[6] + t[7]
	return busy, busy + t[3] + t[4], cpus, cpus > 0
}

// gameOf is the game named in a raw order mail's Message-ID
// (<GAME.TURN.orders@…>, as mailtest.OrderMails writes them; game ids
// hold no dot).
func gameOf(raw []byte) string {
	id := strings.TrimPrefix(headerOf(string(raw), "Message-ID"), "<")
	game, _, _ := strings.Cut(id, ".")
	return game
}

// BenchmarkReplayRead reads one long game's whole log from the store and
// replays it (what a worker does for a game it does not hold in its
// cache), on SQLite and on PostgreSQL: a Trader game of ten sets played to
// its end. Run:
//
//	go test ./mail -run XXX -bench ReplayRead -benchmem
func BenchmarkReplayRead(b *testing.B) {
	long := func(id string) string { return plainCampaign(id) + "options: {sets: 10}\n" }
	for _, store := range []string{"sqlite", "postgres"} {
		b.Run(store, func(b *testing.B) {
			db := filepath.Join(b.TempDir(), "taipan.db")
			if store == "postgres" {
				db = pgtest.Get(b).NewDatabase(b)
			}
			w := newWorker(b, db)
			reg := adjudicator.NewRegistry(trader.New())
			mails, games := mailtest.OrderMails(b, &adjudicator.Host{Store: w.store, Games: reg}, 0, long)
			var ms []*mail.Inbound
			for _, raw := range mails {
				ms = append(ms, w.in.Read(raw, len(raw)))
			}
			if _, err := w.in.IngestAll(context.Background(), ms); err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			var n int
			for b.Loop() {
				evs, err := w.store.Events(ctx, games[0])
				if err != nil {
					b.Fatal(err)
				}
				g, err := adjudicator.Replay(reg, evs)
				if err != nil {
					b.Fatal(err)
				}
				if !g.Status.Finished {
					b.Fatalf("the game is not over after %d events", len(evs))
				}
				n = len(evs)
			}
			b.ReportMetric(float64(n), "events")
		})
	}
}
