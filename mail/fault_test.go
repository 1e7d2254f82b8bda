package mail_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-smtp"

	"taipan/internal/testkit"
	"taipan/mail"
	"taipan/mail/mailtest"
)

// memIMAP is an in-process IMAP server with Taipan's mailbox, with faults
// to inject.
type memIMAP struct {
	addr      string
	dropAfter atomic.Int64 // >0: the next connection drops after writing this many bytes past the start of a FETCH
	failMoves atomic.Int32 // MOVEs to refuse with NO [SERVERBUG]
	moves     atomic.Int32
	sent      atomic.Int64 // bytes written to clients since their first FETCH
}

func startMemIMAP(t testing.TB, rev2 bool) *memIMAP {
	t.Helper()
	mem := imapmemserver.New()
	user := imapmemserver.NewUser(taipanAddr, "secret")
	if err := user.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	mem.AddUser(user)
	m := &memIMAP{}
	caps := imap.CapSet{imap.CapIMAP4rev1: {}}
	if rev2 {
		caps = imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}, imap.CapMove: {}, imap.CapIdle: {}, imap.CapUIDPlus: {}}
	}
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			inner := mem.NewSession()
			if rev2 {
				return &faultySession{Session: inner, m: m}, nil, nil
			}
			return &plainSession{Session: inner}, nil, nil
		},
		Caps:         caps,
		InsecureAuth: true,
		Logger:       log.New(io.Discard, "", 0),
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(&droppingListener{Listener: ln, m: m})
	t.Cleanup(func() { srv.Close() })
	m.addr = ln.Addr().String()
	return m
}

// plainSession hides MOVE: an IMAP4rev1 server.
type plainSession struct{ imapserver.Session }

type faultySession struct {
	imapserver.Session
	m *memIMAP
}

func (s *faultySession) Namespace() (*imap.NamespaceData, error) {
	return s.Session.(imapserver.SessionNamespace).Namespace()
}

func (s *faultySession) Move(w *imapserver.MoveWriter, numSet imap.NumSet, dest string) error {
	if s.m.failMoves.Load() > 0 {
		s.m.failMoves.Add(-1)
		return &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeServerBug, Text: "injected failure"}
	}
	s.m.moves.Add(1)
	return s.Session.(imapserver.SessionMove).Move(w, numSet, dest)
}

type droppingListener struct {
	net.Listener
	m *memIMAP
}

func (l *droppingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &droppingConn{Conn: c, m: l.m}, nil
}

// droppingConn closes itself once it has written dropAfter bytes of FETCH
// responses (dropAfter is then cleared: one drop per setting).
type droppingConn struct {
	net.Conn
	m        *memIMAP
	fetching bool
	written  int64
}

func (c *droppingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if bytes.Contains(bytes.ToUpper(p[:n]), []byte(" FETCH ")) {
		c.fetching = true
	}
	return n, err
}

func (c *droppingConn) Write(p []byte) (int, error) {
	if c.fetching {
		c.m.sent.Add(int64(len(p)))
		if limit := c.m.dropAfter.Load(); limit > 0 {
			c.written += int64(len(p))
			if c.written > limit {
				c.m.dropAfter.Store(0)
				c.Conn.Close()
				return 0, errors.New("injected: connection dropped")
			}
		}
	}
	return c.Conn.Write(p)
}

func (m *memIMAP) server() *mail.Server {
	host, port, _ := net.SplitHostPort(m.addr)
	p, _ := strconv.Atoi(port)
	return &mail.Server{Host: host, Port: p, TLS: "none", User: taipanAddr, Password: "secret",
		Mailbox: "INBOX", Processed: "Processed", Rejected: "Rejected", Poll: mail.Duration(time.Minute)}
}

func (m *memIMAP) client(t testing.TB) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(m.addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Login(taipanAddr, "secret").Wait(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func (m *memIMAP) deliver(t testing.TB, raws ...[]byte) {
	t.Helper()
	c := m.client(t)
	for _, raw := range raws {
		cmd := c.Append("INBOX", int64(len(raw)), nil)
		cmd.Write(raw)
		cmd.Close()
		if _, err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	c.Logout().Wait()
}

func (m *memIMAP) count(t testing.TB, mailbox string) int {
	t.Helper()
	c := m.client(t)
	defer c.Close()
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return -1
	}
	return int(sel.NumMessages)
}

// turns plays n turns ahead of time in a scratch copy of the game (same
// seed, so the same deal), and returns the order mails that play them in f,
// in order.
func (f *fixture) turns(t testing.TB, n int) [][]byte {
	t.Helper()
	scratch := newFixture(t, nil)
	var out [][]byte
	for i := 0; i < n; i++ {
		g := scratch.load()
		if g.Status.Finished {
			break
		}
		p := g.Awaiting()[0]
		out = append(out, plainMail(addrOf(p), "orders", orderFileFor(t, g, p, f.tokens[p])))
		res := scratch.ingest(plainMail(addrOf(p), "orders", orderFileFor(t, g, p, scratch.tokens[p])))
		if res.Outcome != mail.Accepted {
			t.Fatalf("scratch turn %d: %s %s", i, res.Outcome, res.Reason)
		}
	}
	return out
}

func runIMAP(t testing.TB, f *fixture, srv *mail.Server) (stop func()) {
	t.Helper()
	p := &mail.IMAP{Server: srv, Ingester: f.svc.Ingester, Batch: 4, Backoff: 20 * time.Millisecond, Log: f.svc.Log}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { p.Run(ctx); close(done) }()
	return func() { cancel(); <-done }
}

func ordersIn(t testing.TB, f *fixture) int {
	t.Helper()
	var n int
	if err := f.store.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE game_id = ? AND kind = 'orders'`, f.game).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestIMAPIngestsFilesAndIdles(t *testing.T) {
	f := newFixture(t, nil)
	m := startMemIMAP(t, true)
	mails := f.turns(t, 6)
	bad := plainMail(aliceAddr, "junk", "game: bourse-1\nplayer: alice\ntoken: nope\norders: [buy: Paris]\n")
	m.deliver(t, append(mails[:3:3], bad)...)
	stop := runIMAP(t, f, m.server())
	defer stop()
	testkit.Eventually(t, "the inbox to empty", func() bool { return m.count(t, "INBOX") == 0 })
	if got := m.count(t, "Processed"); got != 3 {
		t.Errorf("Processed holds %d, want 3", got)
	}
	if got := m.count(t, "Rejected"); got != 1 {
		t.Errorf("Rejected holds %d, want 1", got)
	}
	// New mail wakes the IDLE poller (its poll interval is a minute).
	m.deliver(t, mails[3:]...)
	testkit.Eventually(t, "IDLE to pick up new mail", func() bool { return m.count(t, "Processed") == 6 })
	if got := ordersIn(t, f); got != 6 {
		t.Errorf("%d orders in the log, want 6", got)
	}
}

func TestIMAPRev1FallbackAndPolling(t *testing.T) {
	f := newFixture(t, nil)
	m := startMemIMAP(t, false)
	mails := f.turns(t, 3)
	m.deliver(t, mails...)
	srv := m.server()
	srv.Poll = mail.Duration(50 * time.Millisecond)
	stop := runIMAP(t, f, srv)
	defer stop()
	testkit.Eventually(t, "COPY+EXPUNGE to file the mail", func() bool { return m.count(t, "Processed") == 3 && m.count(t, "INBOX") == 0 })
	if got := ordersIn(t, f); got != 3 {
		t.Errorf("%d orders in the log, want 3", got)
	}
}

func TestIMAPConnectionDroppedMidFetch(t *testing.T) {
	f := newFixture(t, nil)
	m := startMemIMAP(t, true)
	mails := f.turns(t, 4)
	m.deliver(t, mails...)
	m.dropAfter.Store(int64(len(mails[0]) + len(mails[1])/2)) // during the second message
	stop := runIMAP(t, f, m.server())
	defer stop()
	testkit.Eventually(t, "the inbox to empty after the drop", func() bool { return m.count(t, "INBOX") == 0 })
	if m.dropAfter.Load() != 0 {
		t.Fatal("the connection was never dropped")
	}
	if got := ordersIn(t, f); got != 4 {
		t.Errorf("%d orders in the log, want 4: none lost, none doubled", got)
	}
	if got := m.count(t, "Processed"); got != 4 {
		t.Errorf("Processed holds %d, want 4", got)
	}
}

// A mail over the size limit is fetched no further than its header, refused
// with a reply to its known sender, and filed in Rejected; the log does not
// change.
func TestIMAPOversizedMail(t *testing.T) {
	f := newFixture(t, nil)
	m := startMemIMAP(t, true)
	player, file := f.orderFile()
	big := plainMail(addrOf(player), "orders and a novel", file+"\n"+strings.Repeat("All work and no play. ", 20_000))
	if len(big) <= mail.DefaultMaxMessageSize {
		t.Fatalf("the test mail is only %d bytes", len(big))
	}
	m.deliver(t, big)
	before, box := f.eventCount(), len(f.outbox())
	stop := runIMAP(t, f, m.server())
	defer stop()
	testkit.Eventually(t, "the mail to be filed", func() bool { return m.count(t, "Rejected") == 1 })
	if got := m.count(t, "INBOX"); got != 0 {
		t.Errorf("INBOX holds %d, want 0", got)
	}
	if got := m.sent.Load(); got > 16<<10 {
		t.Errorf("%d bytes came over IMAP for a %d-byte mail: more than its header", got, len(big))
	}
	if got := f.eventCount(); got != before {
		t.Errorf("the log changed: %d → %d events", before, got)
	}
	var replies []string
	for _, q := range f.outbox()[box:] {
		if q.Kind == mail.KindReject && q.To == addrOf(player) {
			replies = append(replies, q.Body)
		}
	}
	if len(replies) != 1 || !strings.Contains(bodyText(t, replies[0]), fmt.Sprintf("the mail is %d bytes", len(big))) {
		t.Errorf("want one refusal giving the size, got %q", replies)
	}
}

// A crash after the orders were appended but before the mail was moved:
// the restarted server files the mail and applies nothing twice.
func TestKilledBetweenAppendAndMove(t *testing.T) {
	f := newFixture(t, nil)
	m := startMemIMAP(t, true)
	mails := f.turns(t, 3)
	m.deliver(t, mails...)
	m.failMoves.Store(1 << 20) // every MOVE fails: the "process" never gets to file anything
	stop := runIMAP(t, f, m.server())
	testkit.Eventually(t, "the orders to be appended", func() bool { return ordersIn(t, f) == 3 })
	stop() // killed
	if m.count(t, "INBOX") != 3 {
		t.Fatal("mail was filed although every MOVE failed")
	}
	acks := len(f.outbox())
	// Restart: a new process on the same database, a while later (a mail
	// another worker took in is left to it for a while: it may yet file
	// it).
	f.open(nil)
	later := time.Now().Add(time.Hour)
	f.setClock(&later)
	m.failMoves.Store(0)
	stop = runIMAP(t, f, m.server())
	defer stop()
	testkit.Eventually(t, "the restarted server to file the mail", func() bool { return m.count(t, "Processed") == 3 })
	if got := ordersIn(t, f); got != 3 {
		t.Errorf("%d orders in the log after the restart, want 3", got)
	}
	if got := len(f.outbox()); got != acks {
		t.Errorf("the restart queued %d more mails", got-acks)
	}
}

// memSMTP is an in-process SMTP server that refuses mail with 451 while
// down is set, and counts what it takes by Message-ID.
type memSMTP struct {
	addr string
	down atomic.Bool
	mu   sync.Mutex
	got  map[string]int
	rcpt map[string]int
}

func startMemSMTP(t testing.TB) *memSMTP {
	m := &memSMTP{got: map[string]int{}, rcpt: map[string]int{}}
	m.addr = mailtest.ServeSMTP(t, smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &memSMTPSession{m: m}, nil }))
	return m
}

type memSMTPSession struct {
	m  *memSMTP
	to []string
}

func (s *memSMTPSession) Reset()                               { s.to = nil }
func (s *memSMTPSession) Logout() error                        { return nil }
func (s *memSMTPSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *memSMTPSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}
func (s *memSMTPSession) Data(r io.Reader) error {
	raw, _ := io.ReadAll(r)
	if s.m.down.Load() {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "injected: try later"}
	}
	res, err := mail.ReadMessage(raw, mail.Limits{})
	if err != nil {
		return err
	}
	s.m.mu.Lock()
	s.m.got[res.MessageID]++
	for _, to := range s.to {
		s.m.rcpt[to]++
	}
	s.m.mu.Unlock()
	return nil
}

func TestSMTPDownForAWhile(t *testing.T) {
	m := startMemSMTP(t)
	host, port, _ := net.SplitHostPort(m.addr)
	p, _ := strconv.Atoi(port)
	cfg := &mail.Config{Address: taipanAddr, SMTP: &mail.Server{Host: host, Port: p, TLS: "none"},
		Retry: mail.Retry{Min: mail.Duration(10 * time.Millisecond), Max: mail.Duration(50 * time.Millisecond)}}
	f := newFixture(t, cfg)
	m.down.Store(true)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { f.svc.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	for _, raw := range f.turns(t, 4) {
		f.ingest(raw)
	}
	// Whatever the running service has not queued yet of the reports.
	if err := f.svc.Dispatcher.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "several failed rounds while the server is down", func() bool {
		var attempts int
		f.store.DB().QueryRow(`SELECT max(attempts) FROM outbox`).Scan(&attempts)
		return attempts >= 2
	})
	m.down.Store(false)
	testkit.Eventually(t, "the outbox to drain", func() bool {
		n, _ := f.svc.Outbox.Pending(context.Background())
		return n == 0
	})
	queued := len(f.outbox())
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.got) != queued {
		t.Errorf("the server got %d distinct mails, want %d", len(m.got), queued)
	}
	for id, n := range m.got {
		if n != 1 {
			t.Errorf("%s arrived %d times", id, n)
		}
	}
}

func TestEmbeddedListenerAndMaildir(t *testing.T) {
	dir := t.TempDir()
	cfg := &mail.Config{Address: taipanAddr, Embedded: mail.Embedded{Listen: "127.0.0.1:0", Maildir: dir}}
	f := newFixture(t, cfg)
	if err := f.svc.Listen(); err != nil {
		t.Fatal(err)
	}
	addr := f.svc.Listener.Bound()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { f.svc.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	mails := f.turns(t, 2)
	for _, raw := range mails {
		if err := mail.SendTo(addr, "x@example.test", []string{taipanAddr}, raw); err != nil {
			t.Fatal(err)
		}
	}
	if err := mail.SendTo(addr, "x@example.test", []string{"other@example.test"}, mails[0]); err == nil {
		t.Error("mail for another address was accepted")
	}
	if got := ordersIn(t, f); got != 2 {
		t.Errorf("%d orders in, want 2", got)
	}
	md := f.svc.Maildir
	testkit.Eventually(t, "acks and reports in the Maildirs", func() bool {
		return countDir(md.Dir(aliceAddr)+"/new") >= 2 && countDir(md.Dir(bobAddr)+"/new") >= 2
	})
	if countDir(dir+"/taipan/.Processed/new") != 2 {
		t.Errorf("received mail not filed in .Processed")
	}
}
