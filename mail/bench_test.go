package mail_test

import (
	"context"
	"runtime/trace"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"taipan/mail"
	"taipan/mail/mailtest"
)

// benchMails is how many order mails the IMAP benchmarks ingest.
const benchMails = 1000

// benchGames creates enough games in f to take benchMails legal order mails
// (a Trader game ends after some turns) and returns those mails, games
// interleaved, each game's in its order.
func benchGames(b *testing.B, f *fixture) [][]byte {
	b.Helper()
	mails, _ := mailtest.OrderMails(b, f.host, benchMails, campaign)
	return mails
}

// resetMailbox empties Taipan's folders and delivers mails to its INBOX.
func resetMailbox(b testing.TB, srv *realServer, mails [][]byte) {
	b.Helper()
	srv.Clear(b, taipanAddr)
	srv.Append(b, taipanAddr, "INBOX", mails)
}

// fetchAll fetches every mail of Taipan's INBOX the way the gateway does
// (a search, then bodies a hundred at a time), and takes in none: the floor
// of ingest.
func fetchAll(b *testing.B, f *fixture) {
	p := &mail.IMAP{Server: f.svc.Config.IMAP}
	c, err := p.Dial(nil)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		b.Fatal(err)
	}
	data, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagDeleted}}, nil).Wait()
	if err != nil {
		b.Fatal(err)
	}
	uids := data.AllUIDs()
	got := 0
	for i := 0; i < len(uids); i += 100 {
		batch := uids[i:min(i+100, len(uids))]
		section := &imap.FetchItemBodySection{Peek: true, Partial: &imap.SectionPartial{Size: mail.DefaultMaxMessageSize}}
		cmd := c.Fetch(imap.UIDSetNum(batch...), &imap.FetchOptions{UID: true, RFC822Size: true, BodySection: []*imap.FetchItemBodySection{section}})
		for msg := cmd.Next(); msg != nil; msg = cmd.Next() {
			buf, err := msg.Collect()
			if err != nil {
				b.Fatal(err)
			}
			if len(buf.FindBodySection(section)) > 0 {
				got++
			}
		}
		if err := cmd.Close(); err != nil {
			b.Fatal(err)
		}
	}
	if got != benchMails {
		b.Fatalf("fetched %d messages, want %d", got, benchMails)
	}
}

// BenchmarkIMAP1000 compares taking in 1,000 order mails from the real IMAP
// server (fetch, parse, authenticate, check, append, queue the
// acknowledgement, file into Processed; the reports are rendered after
// the commit, by the Dispatcher: BenchmarkDispatch) with merely fetching
// the same 1,000 messages the same way. The goal is ingest ≤ 1.5 × fetch:
// ingest's x-fetch metric is the ratio to the best of several fetches
// timed in the same run. Run: go test ./mail -run XXX -bench IMAP1000 -benchtime 3x
func BenchmarkIMAP1000(b *testing.B) {
	srv := needRealServer(b)
	b.Run("fetch", func(b *testing.B) {
		f := newFixture(b, srv.config())
		mails := benchGames(b, f)
		for b.Loop() {
			b.StopTimer()
			resetMailbox(b, srv, mails)
			b.StartTimer()
			fetchAll(b, f)
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/benchMails, "µs/mail")
	})
	b.Run("ingest", func(b *testing.B) {
		floor := time.Duration(1<<63 - 1)
		for b.Loop() {
			b.StopTimer()
			f := newFixture(b, srv.config())
			mails := benchGames(b, f)
			resetMailbox(b, srv, mails)
			start := time.Now()
			fetchAll(b, f)
			floor = min(floor, time.Since(start))
			b.StartTimer()
			p := &mail.IMAP{Server: f.svc.Config.IMAP, Ingester: f.svc.Ingester}
			c, err := p.Dial(nil)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := c.Select("INBOX", nil).Wait(); err != nil {
				b.Fatal(err)
			}
			// A region, so that -trace shows where the drain's wall time
			// goes (go tool trace, User-defined regions).
			var n int
			trace.WithRegion(context.Background(), "drain", func() { n, err = p.Drain(context.Background(), c) })
			if err != nil {
				b.Fatal(err)
			}
			c.Close()
			b.StopTimer()
			if n != benchMails {
				b.Fatalf("took in %d mails, want %d", n, benchMails)
			}
			var all int
			if err := f.store.DB().QueryRow(`SELECT count(*) FROM events WHERE kind = 'orders'`).Scan(&all); err != nil {
				b.Fatal(err)
			}
			if all != benchMails {
				b.Fatalf("%d orders appended, want %d", all, benchMails)
			}
			b.StartTimer()
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/benchMails, "µs/mail")
		b.ReportMetric(float64(floor.Microseconds())/benchMails, "fetch-µs/mail")
		b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(floor), "x-fetch")
	})
}
