package mail_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"taipan/events/pgtest"
	"taipan/mail"
)

// A code that confirms a new token works once, however many mails bring
// it back at once: on either store, twelve workers (each with its own
// connections, as a process has) taking in twelve confirmations of one
// code together make one new token, mailed once, and refuse the other
// eleven as a code used. The claim is one statement (DELETE … WHERE the
// code is there), so the database, not the timing, picks the one.
func TestTokenCodeWorksOnceUnderConcurrentClaims(t *testing.T) {
	for _, store := range []string{"sqlite", "postgres"} {
		t.Run(store, func(t *testing.T) {
			db := ""
			if store == "postgres" {
				db = pgtest.Get(t).NewDatabase(t)
			}
			f := newFixtureOn(t, lenient(), db, "")
			if res := f.ingest(plainMail(aliceAddr, "lost my token", "game: bourse-1\nplayer: alice\ncommand: token\n")); res.Outcome != mail.Command {
				t.Fatalf("asking for a code: %s (%s)", res.Outcome, res.Reason)
			}
			code := f.codeIn(aliceAddr)
			if code == "" {
				t.Fatal("no code mailed to alice")
			}
			const claims = 12
			mails := make([][]byte, claims)
			workers := make([]*worker, claims)
			for i := range mails {
				mails[i] = plainMail(aliceAddr, "confirm", fmt.Sprintf("game: bourse-1\nplayer: alice\ncommand: token %s\n", code))
				workers[i] = newWorker(t, f.path)
			}
			results := make([]*mail.Result, claims)
			errs := make([]error, claims)
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					results[i], errs[i] = workers[i].in.Ingest(context.Background(), mails[i])
				}()
			}
			close(start)
			wg.Wait()
			confirmed, used := 0, 0
			for i, res := range results {
				switch {
				case errs[i] != nil:
					t.Errorf("claim %d: %v", i, errs[i])
				case res.Outcome == mail.Command:
					confirmed++
				case res.Outcome == mail.Rejected && strings.Contains(res.Reason, "has been used"):
					used++
				default:
					t.Errorf("claim %d: %s (%s)", i, res.Outcome, res.Reason)
				}
			}
			if confirmed != 1 || used != claims-1 {
				t.Errorf("%d claims confirmed and %d refused as used, want 1 and %d", confirmed, used, claims-1)
			}
			tokens := 0
			for _, m := range f.mails() {
				if m.To == aliceAddr && strings.Contains(m.Text, "You asked for a new token and confirmed it") {
					tokens++
				}
			}
			if tokens != 1 {
				t.Errorf("%d new tokens mailed to alice, want 1", tokens)
			}
		})
	}
}
