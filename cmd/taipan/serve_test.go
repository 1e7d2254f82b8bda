package main_test

import (
	"bufio"
	"bytes"
	"database/sql"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"taipan/internal/testkit"
	"taipan/mail"
	"taipan/mail/mailtest"
)

// writeConfig writes a serve configuration and returns its path.
func writeConfig(t *testing.T, cfg string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "serve.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// serveProc is a running `taipan serve`.
type serveProc struct {
	cmd    *exec.Cmd
	head   string // what it printed up to "Stop with"
	rest   chan string
	stderr *lockedBuffer
	out    *string
}

// lockedBuffer is a buffer written by a process and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startServe starts `taipan --db db serve --config cfg` and returns once it
// has printed its start-up lines (or failed the test, if it stopped first).
func startServe(t *testing.T, db, cfg string) *serveProc {
	t.Helper()
	return startServeArgs(t, "--db", db, "serve", "--config", cfg)
}

// startServeArgs starts taipan with args (a serve command) and returns
// once it has printed its start-up lines.
func startServeArgs(t *testing.T, args ...string) *serveProc {
	t.Helper()
	if testing.Short() {
		t.Skip("no taipan serve with -short (the quick loop starts no server)")
	}
	cmd := testkit.Command(binary, args...)
	stdout, _ := cmd.StdoutPipe()
	p := &serveProc{cmd: cmd, rest: make(chan string, 1), stderr: &lockedBuffer{}}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var head strings.Builder
	sc := bufio.NewScanner(stdout)
	started := false
	for sc.Scan() {
		head.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "Stop with") {
			started = true
			break
		}
	}
	p.head = head.String()
	go func() { b, _ := io.ReadAll(stdout); p.rest <- string(b) }()
	if !started {
		t.Fatalf("serve stopped before it started:\n%s", p.stop(syscall.SIGKILL))
	}
	t.Cleanup(func() { p.stop(syscall.SIGKILL) })
	return p
}

var (
	listenerLine = regexp.MustCompile(`embedded SMTP listener on (\S+) `)
	siteLine     = regexp.MustCompile(`\(listening on (\S+)\)`)
)

// listener is the address serve's embedded listener took, as its start-up
// lines name it.
func (p *serveProc) listener(t *testing.T) string {
	t.Helper()
	m := listenerLine.FindStringSubmatch(p.head)
	if m == nil {
		t.Fatalf("serve names no listener:\n%s", p.head)
	}
	return m[1]
}

// site is the address serve's web site listens on, as its start-up lines
// name it.
func (p *serveProc) site(t *testing.T) string {
	t.Helper()
	m := siteLine.FindStringSubmatch(p.head)
	if m == nil {
		t.Fatalf("serve names no site:\n%s", p.head)
	}
	return m[1]
}

// stop sends sig and returns everything the process wrote once it exited.
func (p *serveProc) stop(sig syscall.Signal) string {
	if p.out == nil {
		p.cmd.Process.Signal(sig)
		s := p.head + <-p.rest
		p.cmd.Wait()
		s += p.stderr.String()
		p.out = &s
	}
	return *p.out
}

// serve starts `taipan serve --config cfg` on the cli's database, and
// returns its start-up lines and a function that stops it (SIGINT) and
// returns everything it wrote.
func (c *cli) serve(cfg string) (string, func() string) {
	c.t.Helper()
	p := startServe(c.t, c.db, writeConfig(c.t, cfg))
	return p.head, func() string { return p.stop(syscall.SIGINT) }
}

func TestServeEmbedded(t *testing.T) {
	c := newCLI(t)
	toks := tokens(c.ok(campaign, "new", "-"))
	dir := t.TempDir()
	p := startServe(t, c.db, writeConfig(t, fmt.Sprintf("address: taipan@example.test\nembedded: {listen: 127.0.0.1:0, maildir: %q}\n", dir)))
	addr := p.listener(t)
	if !strings.Contains(p.head, "Maildir: "+dir) || strings.HasSuffix(addr, ":0") {
		t.Errorf("start-up lines do not name the Maildir and the port the listener took:\n%s", p.head)
	}
	status := fmt.Sprintf("From: alice@example.test\r\nTo: taipan@example.test\r\nSubject: status\r\nMessage-ID: <s1@example.test>\r\n\r\ngame: bourse-1\r\nplayer: alice\r\ntoken: %s\r\ncommand: status\r\n", toks["alice"])
	// Listening before it says so, serve takes the mail at once.
	if err := mail.SendTo(addr, "alice@example.test", []string{"taipan@example.test"}, []byte(status)); err != nil {
		t.Fatal(err)
	}
	waitMaildir(t, filepath.Join(dir, "alice@example.test"), "a status reply", func(raw []byte) bool {
		return header(raw, "Subject") == "Re: status"
	})
}

// waitMaildir waits until the Maildir folder dir holds a mail that match
// takes, and returns it.
func waitMaildir(t *testing.T, dir, what string, match func(raw []byte) bool) []byte {
	t.Helper()
	var found []byte
	testkit.Eventually(t, what+" in "+dir, func() bool {
		es, _ := os.ReadDir(filepath.Join(dir, "new"))
		for _, e := range es {
			raw, err := os.ReadFile(filepath.Join(dir, "new", e.Name()))
			if err == nil && match(raw) {
				found = raw
				return true
			}
		}
		return false
	})
	return found
}

// memIMAP serves one user's empty INBOX, IMAP4rev1 without TLS, and
// counts the connections it takes.
func memIMAP(t *testing.T, user, password string) (string, *atomic.Int64) {
	t.Helper()
	mem := imapmemserver.New()
	u := imapmemserver.NewUser(user, password)
	if err := u.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	mem.AddUser(u)
	conns := &atomic.Int64{}
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			conns.Add(1)
			return mem.NewSession(), nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}},
		InsecureAuth: true,
		Logger:       log.New(io.Discard, "", 0),
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), conns
}

// sink is an SMTP server in the test that takes every mail (with AUTH
// PLAIN for user and password, when user is set) and counts what it takes
// by Message-ID.
type sink struct {
	addr           string
	user, password string
	mu             sync.Mutex
	got            map[string][][]byte // by Message-ID: each delivery's bytes
	replies        map[string]int      // by In-Reply-To
	delivered      chan struct{}       // a signal after each mail, if anyone listens
	count          atomic.Int64
	logins         atomic.Int64 // AUTH attempts, taken or refused
	// slow is how long the sink waits between taking a mail and saying
	// so (250): a server that takes its time, so that a signal right
	// after a delivery lands while the sender waits for the answer.
	slow time.Duration
}

func startSink(t *testing.T, user, password string) *sink {
	t.Helper()
	s := &sink{user: user, password: password, got: map[string][][]byte{}, replies: map[string]int{}, delivered: make(chan struct{}, 1)}
	s.addr = mailtest.ServeSMTP(t, smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &sinkSession{s: s}, nil }))
	return s
}

type sinkSession struct {
	s    *sink
	auth bool
}

func (s *sinkSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *sinkSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, password string) error {
		s.s.logins.Add(1)
		if user != s.s.user || password != s.s.password {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "authentication failed"}
		}
		s.auth = true
		return nil
	}), nil
}

func (s *sinkSession) Reset()        {}
func (s *sinkSession) Logout() error { return nil }
func (s *sinkSession) Mail(string, *smtp.MailOptions) error {
	if s.s.user != "" && !s.auth {
		return &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "authentication required"}
	}
	return nil
}
func (s *sinkSession) Rcpt(string, *smtp.RcptOptions) error { return nil }

func (s *sinkSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := mail.ReadMessage(raw, mail.Limits{})
	if err != nil {
		return err
	}
	irt := header(raw, "In-Reply-To")
	s.s.mu.Lock()
	s.s.got[m.MessageID] = append(s.s.got[m.MessageID], raw)
	if irt != "" && len(s.s.got[m.MessageID]) == 1 {
		s.s.replies[irt]++
	}
	s.s.mu.Unlock()
	s.s.count.Add(1)
	select {
	case s.s.delivered <- struct{}{}:
	default:
	}
	time.Sleep(s.s.slow)
	return nil
}

// header is the value of a header field of a raw message.
func header(raw []byte, name string) string {
	head, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	for _, l := range strings.Split(string(head), "\r\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.EqualFold(k, name) {
			return strings.Trim(strings.TrimSpace(v), "<>")
		}
	}
	return ""
}

// The mail settings are checked at start: a server that refuses the login
// stops serve at once with a message naming the server and the setting to
// look at, never the password; --check does only the check.
func TestServeChecksTheMailSettings(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	imapAddr, imapConns := memIMAP(t, "taipan", "right-imap")
	s := startSink(t, "taipan", "right-smtp")
	hostPort := func(addr string) (string, string) { h, p, _ := net.SplitHostPort(addr); return h, p }
	ih, ip := hostPort(imapAddr)
	sh, sp := hostPort(s.addr)
	config := func(imapPw, smtpPw string) string {
		pwFile := filepath.Join(t.TempDir(), "imap.pass")
		os.WriteFile(pwFile, []byte(imapPw+"\n"), 0o600)
		return writeConfig(t, fmt.Sprintf(`address: taipan@example.test
imap: {host: %s, port: %s, tls: none, user: taipan, password_file: %s}
smtp: {host: %s, port: %s, tls: none, user: taipan, password: %s}
`, ih, ip, pwFile, sh, sp, smtpPw))
	}
	out, errs, code := c.run("", "serve", "--check", "--config", config("right-imap", "right-smtp"))
	if code != 0 || !strings.Contains(out, "IMAP "+imapAddr+" (tls none): logged in as taipan") ||
		!strings.Contains(out, "SMTP "+s.addr+" (tls none): logged in as taipan") || !strings.Contains(out, "The mail settings work.") {
		t.Errorf("serve --check with the right settings: exit %d\n%s%s", code, out, errs)
	}
	for _, bad := range []struct {
		name, cfg, want string
		tries           func() int64 // how often the refusing server was tried
	}{
		{"IMAP password", config("hunter2-imap", "right-smtp"), "IMAP " + imapAddr + ": login refused as taipan", imapConns.Load},
		{"SMTP password", config("right-imap", "hunter2-smtp"), "SMTP " + s.addr + ": smtp " + s.addr + ": login refused as taipan", s.logins.Load},
	} {
		for _, args := range [][]string{{"serve", "--check", "--config", bad.cfg}, {"serve", "--config", bad.cfg}} {
			before := bad.tries()
			out, errs, code := c.run("", args...)
			if code == 0 {
				t.Errorf("%s, %v: exit 0", bad.name, args)
			}
			if !strings.Contains(errs, bad.want) || !strings.Contains(errs, "check ") {
				t.Errorf("%s, %v: stderr does not say %q and what to check:\n%s", bad.name, args, bad.want, errs)
			}
			if strings.Contains(out+errs, "hunter2") {
				t.Errorf("%s, %v: a password was printed:\n%s%s", bad.name, args, out, errs)
			}
			if n := bad.tries() - before; n != 1 {
				t.Errorf("%s, %v: the server was tried %d times: a refused login is reported at once, not worth retrying", bad.name, args, n)
			}
		}
	}
}

// crashConfig is serve's configuration for the crash tests: mail in
// through the embedded listener (on a port of its own, which serve's
// start-up lines name), out to the Maildir or to an SMTP server, and
// limits that a test sending many mails does not reach.
func crashConfig(t *testing.T, maildir, smtpAddr string) string {
	cfg := fmt.Sprintf(`address: taipan@example.test
embedded: {listen: 127.0.0.1:0, maildir: %q}
limits: {answers_per_hour: 1000000, files_per_step: 1000000, quiet_after: 1000000}
tick: 50ms
`, maildir)
	if smtpAddr != "" {
		h, p, _ := net.SplitHostPort(smtpAddr)
		cfg += fmt.Sprintf("smtp: {host: %s, port: %s, tls: none}\n", h, p)
	}
	return writeConfig(t, cfg)
}

// crashMails are n mails for bourse-1, alternating a status command from
// alice (answered with a reply) and a standing plan from bob, whom the
// open step does not wait for (acknowledged, and an event each).
func crashMails(toks map[string]string, n int, tag string) [][]byte {
	var out [][]byte
	for i := 0; i < n; i++ {
		var body, from string
		if i%2 == 0 {
			from, body = "alice@example.test", fmt.Sprintf("game: bourse-1\r\nplayer: alice\r\ntoken: %s\r\ncommand: status\r\n", toks["alice"])
		} else {
			from, body = "bob@example.test", fmt.Sprintf("game: bourse-1\r\nplayer: bob\r\ntoken: %s\r\norders:\r\n  - plan:\r\n      - buy: cheapest\r\n", toks["bob"])
		}
		out = append(out, []byte(fmt.Sprintf("From: %s\r\nTo: taipan@example.test\r\nSubject: mail %d\r\nMessage-ID: <%s.%d@example.test>\r\n\r\n%s", from, i, tag, i, body)))
	}
	return out
}

// submit sends one mail to the listener at addr, and says whether the
// listener answered 250 (the mail is then Taipan's).
func submit(addr string, raw []byte) bool {
	c, err := smtp.Dial(addr)
	if err != nil {
		return false
	}
	defer c.Close()
	if c.Hello("localhost") != nil {
		return false
	}
	if err := c.SendMail(header(raw, "From"), []string{"taipan@example.test"}, bytes.NewReader(raw)); err != nil {
		return false
	}
	c.Quit()
	return true
}

// listeners are the addresses of the serve processes running now, for
// the sender: a restart takes another port, and a mail that finds no
// listener waits for the next start rather than trying in a loop.
type listeners struct {
	mu      sync.Mutex
	changed chan struct{} // closed at the next change
	addrs   []string
	gen     int
}

func newListeners() *listeners { return &listeners{changed: make(chan struct{})} }

// set says which listeners run now (none while serve is stopped).
func (l *listeners) set(addrs ...string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.addrs = addrs
	l.gen++
	close(l.changed)
	l.changed = make(chan struct{})
}

// now returns the listeners running, the generation they belong to and a
// channel closed when they change.
func (l *listeners) now() ([]string, int, <-chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.addrs, l.gen, l.changed
}

// sender submits mails in order to the running listeners (round robin),
// each until a listener takes it, and counts them.
type sender struct {
	taken atomic.Int64
	done  chan struct{}
	err   error // set, before done closes, if the mails could not all go
}

func sendAll(t *testing.T, ls *listeners, mails [][]byte) *sender {
	s := &sender{done: make(chan struct{})}
	patience := time.NewTimer(testkit.Patience(t))
	go func() {
		defer close(s.done)
		defer patience.Stop()
		for i, raw := range mails {
			for tried := map[int]int{}; ; {
				addrs, gen, changed := ls.now()
				if tried[gen] < len(addrs) && submit(addrs[(i+tried[gen])%len(addrs)], raw) {
					break
				}
				if tried[gen] < len(addrs) {
					tried[gen]++
					continue
				}
				// Every listener of this generation refused: wait for the
				// next start.
				select {
				case <-changed:
				case <-patience.C:
					s.err = fmt.Errorf("mail %d of %d found no listener to take it", i+1, len(mails))
					return
				}
			}
			s.taken.Add(1)
		}
	}()
	return s
}

// wait waits for the sender to finish, failing the test if it could not.
func (s *sender) wait(t *testing.T) {
	t.Helper()
	<-s.done
	if s.err != nil {
		t.Fatal(s.err)
	}
}

// maildirReplies counts the files in the recipients' Maildirs (new/) by
// their In-Reply-To, and the files left in any tmp/.
func maildirReplies(t *testing.T, root string) (replies map[string]int, files, tmp int) {
	replies = map[string]int{}
	for _, who := range []string{"alice@example.test", "bob@example.test"} {
		dir := filepath.Join(root, who, "new")
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files++
			if irt := header(raw, "In-Reply-To"); irt != "" && !strings.HasPrefix(irt, "taipan.") {
				replies[irt]++
			}
		}
	}
	tmps, _ := filepath.Glob(filepath.Join(root, "*", "tmp", "*"))
	own, _ := filepath.Glob(filepath.Join(root, "taipan", ".*", "tmp", "*"))
	return replies, files, len(tmps) + len(own)
}

// inCounts reads from the database how many of mails are recorded in the
// inbox and how many standing orders (bob's plans) are in the log.
func inCounts(t *testing.T, db string, mails [][]byte) (recorded, plans int) {
	t.Helper()
	d := openDB(t, db)
	defer d.Close()
	for _, raw := range mails {
		var n int
		d.QueryRow(`SELECT count(*) FROM inbox WHERE message_id = ?`, header(raw, "Message-ID")).Scan(&n)
		recorded += n
	}
	d.QueryRow(`SELECT count(*) FROM events WHERE game_id = 'bourse-1' AND kind = 'standing-orders'`).Scan(&plans)
	return recorded, plans
}

// crashFigures are what a crash loop measured.
type crashFigures struct {
	restarts                  map[string]int
	in, out                   int
	lostIn, doubledIn         int
	lostOut, doubledOut       int
	sinkDoubles               int // mails the SMTP server got again (same Message-ID)
	differentDoubles, tmpLeft int
}

func (f crashFigures) String() string {
	return fmt.Sprintf("restarts %v; mails in %d (lost %d, doubled %d), replies out %d (lost %d, doubled %d); mails the SMTP server got twice %d (%d of them not byte for byte the same); tmp files left %d",
		f.restarts, f.in, f.lostIn, f.doubledIn, f.out, f.lostOut, f.doubledOut, f.sinkDoubles, f.differentDoubles, f.tmpLeft)
}

// crashLoop runs serve on one database, killing it (kill -9, SIGTERM,
// SIGINT: signals) after a random number of the mails coming in or right
// after a delivery, and starting it again, at least restarts times, while
// n mails flow in through its listener and the replies out to its
// Maildir, or to an SMTP sink when smtp is set.
func crashLoop(t *testing.T, n, restarts int, signals []syscall.Signal, smtpOut bool, seed uint64) crashFigures {
	c := newCLI(t)
	toks := tokens(c.ok(campaign, "new", "--no-mail", "-"))
	root := t.TempDir()
	var s *sink
	sinkAddr := ""
	if smtpOut {
		s = startSink(t, "", "")
		s.slow = 20 * time.Millisecond
		sinkAddr = s.addr
	}
	cfg := crashConfig(t, root, sinkAddr)
	mails := crashMails(toks, n, fmt.Sprintf("crash%d", seed))
	rng := rand.New(rand.NewPCG(seed, 7))
	ls := newListeners()
	snd := sendAll(t, ls, mails)
	fig := crashFigures{restarts: map[string]int{}}
	want := n + 2             // a reply to each mail, and the two set-up reports
	delivered := func() int { // distinct mails: a double is no progress
		if s != nil {
			s.mu.Lock()
			defer s.mu.Unlock()
			return len(s.got)
		}
		n := 0
		for _, who := range []string{"alice@example.test", "bob@example.test"} {
			es, _ := os.ReadDir(filepath.Join(root, who, "new"))
			n += len(es)
		}
		return n
	}
	sent := func() bool {
		select {
		case <-snd.done:
			return true
		default:
			return false
		}
	}
	for i := 0; ; i++ {
		p := startServe(t, c.db, cfg)
		ls.set(p.listener(t))
		sig := signals[rng.IntN(len(signals))]
		if rng.IntN(2) == 0 {
			// Right after a delivery (or once everything is out).
			before := delivered()
			testkit.Eventually(t, "a delivery", func() bool { return delivered() > before || delivered() >= want })
		} else {
			// Once a few more mails are in (or all of them).
			before, k := snd.taken.Load(), int64(rng.IntN(4))
			testkit.Eventually(t, "mails to come in", func() bool { return snd.taken.Load() >= before+k || sent() })
		}
		ls.set()
		out := p.stop(sig)
		fig.restarts[sig.String()]++
		if sig != syscall.SIGKILL && !strings.Contains(out, "stopped:") {
			t.Errorf("serve did not stop cleanly on %v:\n%s", sig, out)
		}
		if sent() && i+1 >= restarts {
			break
		}
	}
	snd.wait(t)
	// A last run, until every reply is out; its clean stop sends whatever
	// is still queued, so that a mail sent twice would be there to count.
	p := startServe(t, c.db, cfg)
	testkit.Eventually(t, "every reply and report to be delivered", func() bool { return delivered() >= want })
	p.stop(syscall.SIGTERM)

	recorded, plans := inCounts(t, c.db, mails)
	fig.in = int(snd.taken.Load())
	fig.lostIn = n - recorded
	fig.doubledIn = plans - n/2
	if fig.doubledIn < 0 {
		fig.lostIn += -fig.doubledIn
		fig.doubledIn = 0
	}
	var replies map[string]int
	if s != nil {
		s.mu.Lock()
		replies = s.replies
		for _, got := range s.got {
			fig.sinkDoubles += len(got) - 1
			for _, g := range got[1:] {
				if !bytes.Equal(g, got[0]) {
					fig.differentDoubles++
				}
			}
		}
		s.mu.Unlock()
		_, _, fig.tmpLeft = maildirReplies(t, root)
	} else {
		replies, _, fig.tmpLeft = maildirReplies(t, root)
	}
	for _, raw := range mails {
		switch k := replies[header(raw, "Message-ID")]; {
		case k == 0:
			fig.lostOut++
		case k > 1:
			fig.doubledOut += k - 1
		}
		fig.out += min(replies[header(raw, "Message-ID")], 1)
	}
	return fig
}

// soak is the number of mails and of restarts of a crash loop: a few
// dozen mails and a dozen restarts in a normal run; TAIPAN_SOAK=N for N
// mails and N/5 restarts.
func soak(t *testing.T, normal int) (mails, restarts int) {
	if v, err := strconv.Atoi(os.Getenv("TAIPAN_SOAK")); err == nil && v > 0 {
		return v, v / 5
	}
	if testing.Short() {
		t.Skip("crash loops are skipped with -short")
	}
	return normal, 12
}

// Mail in through the listener and out to the Maildir, while serve is
// killed (kill -9, SIGTERM, SIGINT) at random moments and right after
// deliveries: none lost, none doubled, in or out, and no file left in tmp/.
func TestServeCrashLoopMaildir(t *testing.T) {
	n, r := soak(t, 60)
	fig := crashLoop(t, n, r, []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM, syscall.SIGINT}, false, uint64(time.Now().UnixNano()))
	t.Logf("Maildir: %v", fig)
	if fig.lostIn+fig.doubledIn+fig.lostOut+fig.doubledOut+fig.tmpLeft != 0 {
		t.Errorf("Maildir crash loop: %v", fig)
	}
}

// The same with the replies out over SMTP: stopped by SIGTERM or SIGINT,
// serve sends nothing twice; killed (-9), a mail the server took just
// before the kill, but not yet marked sent, may go again, with the same
// Message-ID and the same bytes, so that it is recognised.
func TestServeCrashLoopSMTP(t *testing.T) {
	n, r := soak(t, 40)
	fig := crashLoop(t, n, r, []syscall.Signal{syscall.SIGTERM, syscall.SIGINT}, true, uint64(time.Now().UnixNano()))
	t.Logf("SMTP, SIGTERM and SIGINT: %v", fig)
	if fig.lostIn+fig.doubledIn+fig.lostOut+fig.doubledOut+fig.sinkDoubles != 0 {
		t.Errorf("SMTP crash loop with clean stops: %v", fig)
	}
	fig = crashLoop(t, n, r, []syscall.Signal{syscall.SIGKILL}, true, uint64(time.Now().UnixNano()))
	t.Logf("SMTP, kill -9: %v", fig)
	if fig.lostIn+fig.doubledIn+fig.lostOut+fig.differentDoubles != 0 {
		t.Errorf("SMTP crash loop with kill -9: %v", fig)
	}
}

// Two serve processes on one database, each with its own listener, take
// mail in turn and send every reply once: they claim outbox rows with
// leases, so neither sends a row the other has.
func TestTwoServesShareTheOutbox(t *testing.T) {
	n, _ := soak(t, 60)
	c := newCLI(t)
	toks := tokens(c.ok(campaign, "new", "--no-mail", "-"))
	s := startSink(t, "", "")
	var procs []*serveProc
	var addrs []string
	for range 2 {
		p := startServe(t, c.db, crashConfig(t, t.TempDir(), s.addr))
		procs = append(procs, p)
		addrs = append(addrs, p.listener(t))
	}
	ls := newListeners()
	ls.set(addrs...)
	mails := crashMails(toks, n, "two")
	sendAll(t, ls, mails).wait(t)
	// A reply to each, and the two set-up reports; the clean stops below
	// send whatever is still queued, so that a double would be counted.
	testkit.Eventually(t, "a reply to every mail", func() bool { return s.count.Load() >= int64(n+2) })
	for _, p := range procs {
		if out := p.stop(syscall.SIGTERM); !strings.Contains(out, "stopped:") {
			t.Errorf("serve did not stop cleanly:\n%s", out)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	doubled, lost := 0, 0
	for _, got := range s.got {
		doubled += len(got) - 1
	}
	for _, raw := range mails {
		if s.replies[header(raw, "Message-ID")] == 0 {
			lost++
		}
	}
	recorded, plans := inCounts(t, c.db, mails)
	t.Logf("two instances: %d mails in (%d recorded, %d plans), %d mails out, %d doubled, %d replies lost", n, recorded, plans, len(s.got), doubled, lost)
	if doubled != 0 || lost != 0 || recorded != n || plans != n/2 {
		t.Errorf("two instances: %d doubled, %d lost; %d of %d mails recorded, %d plans", doubled, lost, recorded, n, plans)
	}
}

// openDB opens a database file for the test to read.
func openDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	d, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// `taipan new` has serve mail each player their token with the set-up
// report; with --no-mail the GM hands them out and the mail carries none.
func TestNewMailsTheTokens(t *testing.T) {
	c := newCLI(t)
	out := c.ok(campaign, "new", "-")
	toks := tokens(out)
	if !strings.Contains(out, "mails each token with the set-up report to: alice, bob") {
		t.Errorf("new does not say the tokens will be mailed:\n%s", out)
	}
	other := strings.Replace(campaign, "id: bourse-1", "id: bourse-2", 1)
	out2 := c.ok(other, "new", "--no-mail", "-")
	toks2 := tokens(out2)
	if strings.Contains(out2, "mails each token") {
		t.Errorf("new --no-mail says the tokens will be mailed:\n%s", out2)
	}
	root := t.TempDir()
	p := startServe(t, c.db, crashConfig(t, root, ""))
	setup := func(game string) string {
		return string(waitMaildir(t, filepath.Join(root, "alice@example.test"), "the set-up report of "+game+" for alice", func(raw []byte) bool {
			return header(raw, "Subject") == "["+game+"] game reports"
		}))
	}
	if m := setup("bourse-1"); !strings.Contains(m, toks["alice"]) || strings.Contains(m, toks["bob"]) {
		t.Errorf("alice's set-up report of bourse-1 does not carry her token (and only hers):\n%s", m)
	}
	if m := setup("bourse-2"); strings.Contains(m, toks2["alice"]) {
		t.Errorf("with --no-mail, the set-up report carries the token:\n%s", m)
	}
	p.stop(syscall.SIGTERM)
	d := openDB(t, c.db)
	defer d.Close()
	var kept int
	d.QueryRow(`SELECT count(*) FROM outbox WHERE body LIKE ? OR body LIKE ?`, "%"+toks["alice"]+"%", "%"+toks["bob"]+"%").Scan(&kept)
	if kept != 0 {
		t.Errorf("%d sent mails still hold a token", kept)
	}
}
