package main_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/trader"
	"taipan/events"
	"taipan/events/pgtest"
	"taipan/internal/testkit"
	"taipan/mail"
	"taipan/mail/mailtest"
)

// workerSeed is the seed of the fault test's games: 64 hex digits are
// used as they are, so that every game has the same deal and the moves
// played ahead in a scratch database are legal in each.
const workerSeed = "776f726b65727320666175742074657374206f66207461697061616e21212121"

func workerCampaign(id string) string {
	return fmt.Sprintf(`id: %s
game: trader
players:
  - {name: alice, email: alice@example.test}
  - {name: bob, email: bob@example.test}
seed: "%s"
report_format: plain
`, id, workerSeed)
}

// workerMails creates enough games in the database db to take n order
// mails, as `taipan new` does (their tokens left for the set-up reports),
// and returns the mails and the games (mailtest.OrderMails).
func workerMails(t *testing.T, db string, n int) ([][]byte, []string) {
	t.Helper()
	st, err := events.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return mailtest.OrderMailsOf(t, &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(trader.New())}, n, workerCampaign, func(ng *adjudicator.NewGame) {
		if _, err := mail.QueueTokens(context.Background(), st, ng); err != nil {
			t.Fatal(err)
		}
	})
}

// workerFigures are what the fault test measured.
type workerFigures struct {
	mails, games, kills, restarts int
	applied, doubledIn, lostIn    int
	filedTwice                    int // mails moved to Processed by two workers at once
	queued, sent, delivered       int
	lostOut, doubledOut           int
	reports, missingReports       int // step reports owed (set-up reports included), and those never queued
	setups, missingSetups         int // set-up reports owed, and those never queued
	slowestStop                   time.Duration
	took                          time.Duration
}

func (f workerFigures) String() string {
	return fmt.Sprintf("%d order mails for %d games in %v with %d SIGKILLs: applied %d (lost %d, doubled %d; %d filed twice); %d mails queued, %d sent, %d delivered (lost %d, doubled %d); %d reports owed, %d missing (set-up: %d owed, %d missing); slowest stop %v",
		f.mails, f.games, f.took.Round(time.Millisecond), f.kills, f.applied, f.lostIn, f.doubledIn, f.filedTwice, f.queued, f.sent, f.delivered, f.lostOut, f.doubledOut,
		f.reports, f.missingReports, f.setups, f.missingSetups, f.slowestStop.Round(time.Millisecond))
}

// workerSoak is the number of mails of the fault test: 200 in a normal
// run (ten kills), or TAIPAN_SOAK=N for a longer soak of N mails.
func workerSoak(t *testing.T) int {
	if v, err := strconv.Atoi(os.Getenv("TAIPAN_SOAK")); err == nil && v > 0 {
		return v
	}
	if testing.Short() {
		t.Skip("the workers' fault test is skipped with -short")
	}
	return 200
}

// Three `taipan serve` on one PostgreSQL database take in the order mails
// (workerSoak) from the real IMAP server (Dovecot) and send their answers and
// reports through the real SMTP server (Postfix, delivering to Dovecot), while
// the mail arrives and workers are killed with SIGKILL, one after every
// twenty mails at a random point of their intake, and started again:
// every mail is applied exactly once, every acknowledgement and report is
// delivered, and every game audits clean. A mail the SMTP server took
// just before a kill, before it was marked sent, goes again with the same
// Message-ID, byte for byte: the test counts such doubles, and allows at
// most as many a kill as a worker sends at once.
func TestWorkersOnPostgresSurviveKills(t *testing.T) {
	n := workerSoak(t)
	srv := mailtest.NeedDovecot(t)
	pg := pgtest.Get(t).NewDatabase(t)
	for _, u := range []string{"taipan@example.test", "alice@example.test", "bob@example.test"} {
		srv.Clear(t, u)
	}
	mails, games := workerMails(t, pg, n)
	cfg := writeConfig(t, fmt.Sprintf(`address: taipan@example.test
imap: {host: localhost, port: %d, tls: starttls, user: taipan@example.test, password: %s, ca_file: %s, poll: 2s}
smtp: {host: localhost, port: %d, tls: none}
limits: {answers_per_hour: 1000000, files_per_step: 1000000, quiet_after: 1000000}
retry: {min: 1s, max: 5s}
tick: 500ms
`, srv.IMAP, mailtest.Password("taipan"), srv.CAFile, srv.SMTP))
	d := openPG(t, pg)
	defer d.Close()
	count := func(q string, args ...any) int {
		var v int
		if err := d.QueryRow(q, args...).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	start := time.Now()
	fig := workerFigures{mails: n, games: len(games)}
	procs := make([]*serveProc, 3)
	for i := range procs {
		procs[i] = startServe(t, pg, cfg)
	}
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 19))
	t.Logf("kills drawn with seed %d", seed)
	in := func() int { return count(`SELECT count(*) FROM inbox`) }
	// Every closed step of every game owes each player a report, and the
	// set-up (step 0) each player's first, with their token.
	reports := func() (owed, missing, setups, missingSetups int) {
		closed := map[string]int{}
		rows, err := d.Query(`SELECT game_id, count(*) FROM events WHERE kind = $1 GROUP BY game_id`, adjudicator.KindClosed)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id string
			var k int
			rows.Scan(&id, &k)
			closed[id] = k
		}
		rows.Close()
		queued := map[string]bool{}
		rows, err = d.Query(`SELECT game_id, step, recipient FROM outbox WHERE kind = $1`, mail.KindReport)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id, to string
			var step int
			rows.Scan(&id, &step, &to)
			queued[fmt.Sprintf("%s/%d/%s", id, step, to)] = true
		}
		rows.Close()
		for _, id := range games {
			for step := 0; step <= closed[id]; step++ {
				for _, to := range []string{"alice@example.test", "bob@example.test"} {
					owed++
					if step == 0 {
						setups++
					}
					if !queued[fmt.Sprintf("%s/%d/%s", id, step, to)] {
						missing++
						if step == 0 {
							missingSetups++
						}
					}
				}
			}
		}
		return owed, missing, setups, missingSetups
	}
	done := func() bool {
		if in() < n {
			return false
		}
		if _, missing, _, _ := reports(); missing > 0 {
			return false
		}
		return count(`SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL`) == 0 &&
			srv.Count(t, "taipan@example.test", "INBOX") == 0
	}
	// What each worker wrote, kept for a failure's sake.
	logs := filepath.Join(t.TempDir(), "workers.log")
	keep := func(p *serveProc, how string) {
		f, err := os.OpenFile(logs, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err == nil {
			fmt.Fprintf(f, "==== %s after %v\n%s\n", how, time.Since(start).Round(time.Millisecond), p.stop(map[string]syscall.Signal{"killed": syscall.SIGKILL, "stopped": syscall.SIGTERM}[how]))
			f.Close()
		}
	}
	defer func() {
		if t.Failed() {
			t.Logf("the workers' output: %s", logs)
		}
	}()
	// The mail arrives in batches of twenty; after each, once a random part
	// of what has arrived is taken in, a random worker is killed and
	// started again.
	for sent := 0; sent < n; {
		batch := mails[sent:min(sent+20, n)]
		srv.Append(t, "taipan@example.test", "INBOX", batch)
		sent += len(batch)
		target := sent - rng.IntN(len(batch))
		testkit.Eventually(t, "more mails taken in", func() bool { return in() >= target })
		if testing.Verbose() {
			t.Logf("%v: %d mails in, %d of %d out", time.Since(start).Round(time.Second), in(), count(`SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL`), count(`SELECT count(*) FROM outbox`))
		}
		i := rng.IntN(len(procs))
		keep(procs[i], "killed")
		fig.kills++
		procs[i] = startServe(t, pg, cfg)
		fig.restarts++
	}
	if !testkit.Within(testkit.Patience(t), done) {
		t.Error("stuck: not every mail was taken in and answered (the figures below say what is missing)")
	}
	fig.took = time.Since(start)
	fig.reports, fig.missingReports, fig.setups, fig.missingSetups = reports()
	for _, p := range procs {
		begun := time.Now()
		keep(p, "stopped")
		fig.slowestStop = max(fig.slowestStop, time.Since(begun))
		if out := p.stop(syscall.SIGTERM); !strings.Contains(out, "stopped:") {
			t.Errorf("a worker did not stop cleanly:\n%s", out)
		}
	}

	// In: each mail recorded once, accepted, and its orders in the log once.
	fig.applied = count(`SELECT count(*) FROM inbox WHERE outcome = 'accepted'`)
	orderEvents := count(`SELECT count(*) FROM events WHERE kind = 'orders'`)
	fig.lostIn = n - fig.applied
	fig.doubledIn = max(orderEvents-fig.applied, 0)
	if rejected := count(`SELECT count(*) FROM inbox WHERE outcome <> 'accepted'`); rejected > 0 {
		rows, _ := d.Query(`SELECT message_id, outcome, reason FROM inbox WHERE outcome <> 'accepted' LIMIT 5`)
		for rows.Next() {
			var id, outcome, reason string
			rows.Scan(&id, &outcome, &reason)
			t.Errorf("mail %s %s: %s", id, outcome, reason)
		}
		rows.Close()
	}
	if left := srv.Count(t, "taipan@example.test", "INBOX"); left != 0 {
		t.Errorf("%d mails left in Taipan's INBOX", left)
	}
	filed := map[string]int{}
	for _, m := range srv.Mails(t, "taipan@example.test", "Processed", true) {
		filed[m.MessageID]++
	}
	for _, k := range filed {
		fig.filedTwice += k - 1
	}
	if len(filed) != n {
		t.Errorf("%d mails filed in Processed, want %d", len(filed), n)
	}
	// Out: every queued mail delivered, by Message-ID.
	fig.queued = count(`SELECT count(*) FROM outbox`)
	fig.sent = count(`SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL`)
	want := map[string]map[string]bool{} // by recipient
	rows, err := d.Query(`SELECT recipient, message_id FROM outbox`)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for rows.Next() {
		var to, id string
		rows.Scan(&to, &id)
		if want[to] == nil {
			want[to] = map[string]bool{}
		}
		want[to][id] = true
		total++
	}
	rows.Close()
	for u, ids := range want {
		got := map[string]int{}
		// Postfix delivers what it took in its own time.
		testkit.Eventually(t, "the mails for "+u+" to be delivered", func() bool {
			clear(got)
			for _, m := range srv.Mails(t, u, "INBOX", true) {
				got[m.MessageID]++
			}
			return len(got) >= len(ids)
		})
		doubled := false
		for id, k := range got {
			if ids[id] {
				fig.delivered++
				fig.doubledOut += k - 1
				doubled = doubled || k > 1
			}
		}
		if doubled {
			// Doubles are the same mail sent again: the same bytes.
			copies := map[string][][]byte{}
			for _, m := range srv.Mails(t, u, "INBOX", false) {
				copies[m.MessageID] = append(copies[m.MessageID], m.Raw)
			}
			for id, cs := range copies {
				for _, c := range cs[1:] {
					if !bytes.Equal(bodyOf(c), bodyOf(cs[0])) {
						t.Errorf("mail %s delivered twice with other content", id)
					}
				}
			}
		}
	}
	fig.lostOut = total - fig.delivered
	t.Logf("three workers on PostgreSQL: %v", fig)
	// A kill can double at most the mails a worker had in flight: one on
	// each of its SMTP connections.
	if fig.lostIn+fig.doubledIn+fig.lostOut != 0 || fig.sent != fig.queued || fig.doubledOut > fig.kills*(&mail.SMTP{}).Parallel() {
		t.Errorf("three workers: %v", fig)
	}
	if fig.missingReports != 0 {
		t.Errorf("%d of %d step reports never queued (%d of %d set-up reports)", fig.missingReports, fig.reports, fig.missingSetups, fig.setups)
	}
	// A stop lets the piece of work in hand finish and sends for the drain
	// time (mail's default, 10s) at most: a worker far past twice that
	// hangs.
	if fig.slowestStop > 20*time.Second {
		t.Errorf("a worker took %v to stop after SIGTERM", fig.slowestStop)
	}
	// Every game audits clean.
	c := &cli{t: t, db: pg}
	for _, id := range games {
		if out := c.ok("", "audit", id); !strings.Contains(out, "Audit passed") {
			t.Errorf("audit %s: %s", id, out)
		}
	}
}

// openPG opens a PostgreSQL database for the test to read.
func openPG(t *testing.T, url string) *sql.DB {
	t.Helper()
	d, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// bodyOf is a delivered mail without the header lines the servers add
// on the way (Received, Return-Path, Delivered-To).
func bodyOf(raw []byte) []byte {
	i := bytes.Index(raw, []byte("\r\nFrom: "))
	if i < 0 {
		return raw
	}
	return raw[i:]
}
