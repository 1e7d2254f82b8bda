package mail_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/trader"
	"taipan/events"
	"taipan/mail"
	"taipan/orders"
)

// BenchmarkDispatch is the report dispatch after a step: the GM closes the
// open step of a long Trader game through the warm Host, then the
// Dispatcher queues its reports (to alice, bob and the GM), at several log
// lengths. The metrics are each part's time per step and the ratio of the
// dispatch to the close (x-close): the dispatch takes the game at the
// close from the Host's cache, so neither should grow with the log. The
// reports are plain text here; the pictures' cost is BenchmarkPicture's.
// Run: go test ./mail -run XXX -bench Dispatch
func BenchmarkDispatch(b *testing.B) {
	for _, n := range []int{250, 2500} {
		b.Run(fmt.Sprintf("events=%d", n), func(b *testing.B) {
			st, err := events.Open(filepath.Join(b.TempDir(), "dispatch.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			ctx := context.Background()
			host := &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(trader.New())}
			c, err := adjudicator.ParseCampaign([]byte(plainCampaign("long") + "options: {sets: 99}\n"))
			if err != nil {
				b.Fatal(err)
			}
			c.Deadline = 0 // no reminders: the dispatch of the reports alone
			ng, err := host.Create(ctx, c)
			if err != nil {
				b.Fatal(err)
			}
			for g := ng.Game; g.Seq < int64(n); {
				p := g.Awaiting()[0]
				r, err := host.Submit(ctx, &orders.Envelope{Game: g.ID, Player: p, Token: ng.Tokens[p], Step: g.Step, Orders: g.Engine.Default(g.State, p)}, adjudicator.SubmitOptions{})
				if err != nil {
					b.Fatal(err)
				}
				g = r.Game
			}
			r, err := adjudicator.NewRenderer()
			if err != nil {
				b.Fatal(err)
			}
			cfg := lenient()
			cfg.Embedded.Maildir = b.TempDir()
			if err := cfg.Normalize(); err != nil {
				b.Fatal(err)
			}
			svc, err := mail.NewService(cfg, host, r, nil)
			if err != nil {
				b.Fatal(err)
			}
			d := svc.Dispatcher
			if err := d.Run(ctx); err != nil { // the reports owed so far
				b.Fatal(err)
			}
			var closing, dispatching time.Duration
			b.ReportAllocs()
			for b.Loop() {
				start := time.Now()
				if _, _, err := host.Close(ctx, "long", adjudicator.ReasonGM); err != nil {
					b.Fatal(err)
				}
				mid := time.Now()
				if err := d.Run(ctx); err != nil {
					b.Fatal(err)
				}
				closing, dispatching = closing+mid.Sub(start), dispatching+time.Since(mid)
			}
			b.StopTimer()
			var owed, reported int
			if err := st.DB().QueryRow(`SELECT count(*), coalesce(max(step), 0) FROM outbox WHERE kind = ?`, mail.KindReport).Scan(&owed, &reported); err != nil {
				b.Fatal(err)
			}
			g, err := host.Load(ctx, "long")
			if err != nil {
				b.Fatal(err)
			}
			if reported != g.Last.Step {
				b.Fatalf("reports queued up to step %d, the last closed is %d", reported, g.Last.Step)
			}
			per := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(b.N) }
			b.ReportMetric(per(closing), "close-µs")
			b.ReportMetric(per(dispatching), "dispatch-µs")
			b.ReportMetric(float64(dispatching)/float64(closing), "x-close")
		})
	}
}
