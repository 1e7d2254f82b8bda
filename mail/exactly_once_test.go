package mail_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"taipan/events"
	"taipan/internal/testkit"
	"taipan/mail"
)

// countingSender counts what it is handed, by Message-ID, and can run a
// function during a send (a shutdown, say).
type countingSender struct {
	mu     sync.Mutex
	got    map[string]int
	during func()
}

func (s *countingSender) Send(_ context.Context, _ string, _ []string, msg []byte) error {
	if s.during != nil {
		s.during()
	}
	m, err := mail.ReadMessage(msg, mail.Limits{})
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.got == nil {
		s.got = map[string]int{}
	}
	s.got[m.MessageID]++
	return nil
}

// queue puts n mails in the outbox.
func (f *fixture) queue(n int, tag string) {
	f.t.Helper()
	err := f.store.Update(context.Background(), func(tx *events.Tx) error {
		for i := 0; i < n; i++ {
			d := &mail.Draft{Kind: mail.KindNotice, Step: -1, To: aliceAddr, Subject: "hello", Body: "hello\n",
				MessageID: fmt.Sprintf("%s.%d@example.test", tag, i)}
			if _, err := f.svc.Outbox.Enqueue(context.Background(), tx, d); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) unsent() int {
	f.t.Helper()
	n, err := f.svc.Outbox.Pending(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	return n
}

// A shutdown (Ctrl-C, SIGTERM) while a mail is being handed over: the mail
// is still marked sent, so the next start does not send it again.
func TestSentMarkSurvivesTheShutdown(t *testing.T) {
	f := newFixture(t, nil)
	f.svc.Outbox.Store.Exec(context.Background(), `DELETE FROM outbox`)
	f.queue(1, "cancel")
	ctx, cancel := context.WithCancel(context.Background())
	s := &countingSender{during: cancel}
	if _, err := f.svc.Outbox.Flush(ctx, s); err != nil {
		t.Fatal(err)
	}
	if f.unsent() != 0 {
		t.Fatal("the mail handed over during the shutdown is not marked sent: it would go again")
	}
	// The next start sends nothing.
	f.open(nil)
	again := &countingSender{}
	if n, err := f.svc.Outbox.Flush(context.Background(), again); err != nil || n != 0 {
		t.Errorf("after a restart, %d mails sent again (%v)", n, err)
	}
}

// Stopping, the service takes no more mail in and sends what is queued.
func TestStopDrainsTheOutbox(t *testing.T) {
	f := newFixture(t, nil)
	f.svc.FlushEvery = time.Hour // only the drain sends
	s := &countingSender{}
	f.svc.Sender = s
	f.svc.Config.Tick = mail.Duration(time.Hour)
	f.svc.DrainFor = testkit.Patience(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- f.svc.Run(ctx) }()
	f.queue(5, "drain")
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if f.unsent() != 0 {
		t.Errorf("%d mails left unsent by the stop", f.unsent())
	}
	for id, n := range s.got {
		if n != 1 {
			t.Errorf("%s sent %d times", id, n)
		}
	}
}

// A service that cannot start (its listener's port is taken, say by a
// `taipan serve` of another database) says so, naming the address, and
// leaves its queue as it is for the next start.
func TestServiceThatCannotListenSaysSo(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	f := newFixture(t, &mail.Config{Address: taipanAddr, Embedded: mail.Embedded{Listen: taken.Addr().String()}})
	f.svc.Sender = &countingSender{}
	f.queue(3, "blocked")
	before := f.unsent()
	err = f.svc.Run(t.Context())
	if err == nil || !strings.Contains(err.Error(), taken.Addr().String()) {
		t.Fatalf("a service whose port is taken: %v; want an error naming %s", err, taken.Addr())
	}
	if f.unsent() != before {
		t.Errorf("%d mails queued after the failed start, %d before: the queue is not left for the next start", f.unsent(), before)
	}
}

// Two processes on one database (two Outboxes, each its own holder)
// flushing at once send every mail once.
func TestLeasesShareTheOutbox(t *testing.T) {
	f := newFixture(t, nil)
	f.svc.Outbox.Store.Exec(context.Background(), `DELETE FROM outbox`)
	f.queue(300, "lease")
	second, err := events.Open(f.path)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	a := f.svc.Outbox
	b := &mail.Outbox{Store: second, From: taipanAddr, Holder: mail.NewHolder()}
	s := &countingSender{}
	var wg sync.WaitGroup
	for _, o := range []*mail.Outbox{a, b, a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := o.Flush(context.Background(), s); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if len(s.got) != 300 {
		t.Errorf("%d distinct mails sent, want 300", len(s.got))
	}
	for id, n := range s.got {
		if n != 1 {
			t.Errorf("%s sent %d times", id, n)
		}
	}
}

// A row claimed by a process of this host that is gone is taken back; one
// claimed by a live process (or on another host) waits for its lease.
func TestOrphanedLeasesAreTakenBack(t *testing.T) {
	f := newFixture(t, nil)
	db := f.svc.Outbox.Store.DB()
	db.Exec(`DELETE FROM outbox`)
	f.queue(3, "orphan")
	host, _ := os.Hostname()
	host = strings.NewReplacer(":", "_", "/", "_").Replace(host)
	until := time.Now().Add(time.Hour).UTC().Format("2006-01-02T15:04:05.000000000Z")
	for i, holder := range []string{
		host + ":999999999:dead", // no such process
		fmt.Sprintf("%s:%d:live", host, os.Getppid()),
		"elsewhere:1:far",
	} {
		if _, err := db.Exec(`UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE message_id = ?`, holder, until, fmt.Sprintf("orphan.%d@example.test", i)); err != nil {
			t.Fatal(err)
		}
	}
	n, err := f.svc.Outbox.ReleaseOrphans(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("ReleaseOrphans freed %d (%v), want the dead process's one", n, err)
	}
	s := &countingSender{}
	if sent, err := f.svc.Outbox.Flush(context.Background(), s); err != nil || sent != 1 || s.got["orphan.0@example.test"] != 1 {
		t.Errorf("sent %d (%v): %v; want only the freed mail", sent, err, s.got)
	}
}

// The Maildir holds one file per Message-ID, whatever is delivered again,
// also once a mail client has moved it to cur/.
func TestMaildirDeliversOncePerMessageID(t *testing.T) {
	md := &mail.Maildir{Root: t.TempDir()}
	msg := plainMail(taipanAddr, "report", "text\n")
	for i := 0; i < 3; i++ {
		if err := md.Send(context.Background(), taipanAddr, []string{aliceAddr}, msg); err != nil {
			t.Fatal(err)
		}
	}
	dir := md.Dir(aliceAddr)
	if n := countDir(filepath.Join(dir, "new")); n != 1 {
		t.Fatalf("%d files in new/, want 1", n)
	}
	es, _ := os.ReadDir(filepath.Join(dir, "new"))
	if err := os.Rename(filepath.Join(dir, "new", es[0].Name()), filepath.Join(dir, "cur", es[0].Name()+":2,S")); err != nil {
		t.Fatal(err)
	}
	if err := md.Send(context.Background(), taipanAddr, []string{aliceAddr}, msg); err != nil {
		t.Fatal(err)
	}
	if n, m := countDir(filepath.Join(dir, "new")), countDir(filepath.Join(dir, "cur")); n != 0 || m != 1 {
		t.Errorf("after a read mail was delivered again: %d in new/, %d in cur/; want 0 and 1", n, m)
	}
	if n := countDir(filepath.Join(dir, "tmp")); n != 0 {
		t.Errorf("%d files left in tmp/", n)
	}
	// Another message is another file.
	if err := md.Send(context.Background(), taipanAddr, []string{aliceAddr}, plainMail(taipanAddr, "report", "other\n")); err != nil {
		t.Fatal(err)
	}
	if n := countDir(filepath.Join(dir, "new")); n != 1 {
		t.Errorf("a second message: %d files in new/, want 1", n)
	}
}

// Files a killed process left in tmp/ go at the next start; a file a live
// process is writing stays.
func TestOrphanTmpFilesAreCleanedAtStart(t *testing.T) {
	root := t.TempDir()
	md := &mail.Maildir{Root: root}
	if err := md.Send(context.Background(), taipanAddr, []string{aliceAddr}, plainMail(taipanAddr, "x", "x\n")); err != nil {
		t.Fatal(err)
	}
	if err := md.Store("Processed", "x@example.test", plainMail(aliceAddr, "x", "x\n")); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(md.Dir(aliceAddr), "tmp")
	own := filepath.Join(root, "taipan", ".Processed", "tmp")
	orphans := []string{
		filepath.Join(tmp, "taipan.0123.P999999999.abcd"), // a dead process's
		filepath.Join(tmp, "1700000000.12345.host"),       // an older build's
		filepath.Join(own, "taipan.4567.P999999999.ef01"),
	}
	live := filepath.Join(tmp, fmt.Sprintf("taipan.89ab.P%d.0000", os.Getppid()))
	for _, p := range append(orphans, live) {
		if err := os.WriteFile(p, []byte("half a mail"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	n, err := md.CleanTmp()
	if err != nil || n != len(orphans) {
		t.Errorf("CleanTmp removed %d (%v), want %d", n, err, len(orphans))
	}
	for _, p := range orphans {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s is still there", p)
		}
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("the live process's file was removed")
	}
	// The service cleans at start.
	os.WriteFile(orphans[0], []byte("half a mail"), 0o600)
	cfg := &mail.Config{Address: taipanAddr, Embedded: mail.Embedded{Listen: "127.0.0.1:0", Maildir: root}}
	f := newFixture(t, cfg)
	f.svc.Config.Tick = mail.Duration(time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { f.svc.Run(ctx); close(done) }()
	testkit.Eventually(t, "the start-up clean", func() bool { _, err := os.Stat(orphans[0]); return err != nil })
	cancel()
	<-done
}

// A mail that carries a token keeps it only until it is sent.
func TestSecretsAreClearedOnceSent(t *testing.T) {
	f := newFixture(t, nil)
	const token = "0123456789abcdef0123456789abcdef"
	err := f.store.Update(context.Background(), func(tx *events.Tx) error {
		d := &mail.Draft{Kind: mail.KindToken, Step: -1, To: aliceAddr, Subject: "your token",
			Body: "Your token: " + token + "\n", MessageID: "secret@example.test", Secrets: []string{token}}
		_, err := f.svc.Outbox.Enqueue(context.Background(), tx, d)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	s := &secretSender{t: t}
	if _, err := f.svc.Outbox.Flush(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.last, token) {
		t.Fatalf("the mail went out without its token:\n%s", s.last)
	}
	for _, q := range f.outbox() {
		if strings.Contains(q.Body, token) {
			t.Errorf("the sent %s to %s still holds the token:\n%s", q.Kind, q.To, q.Body)
		}
	}
	var redacted int
	f.store.DB().QueryRow(`SELECT count(*) FROM outbox WHERE redacted IS NOT NULL`).Scan(&redacted)
	if redacted != 0 {
		t.Errorf("%d rows keep a second copy", redacted)
	}
}

// secretSender keeps the text of the last mail it was handed.
type secretSender struct {
	t    testing.TB
	last string
}

func (s *secretSender) Send(_ context.Context, _ string, _ []string, msg []byte) error {
	s.last = bodyText(s.t, string(msg))
	return nil
}
