package mail

import (
	"bytes"
	"context"
	"io"
	"log"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-smtp"
)

// Listener is the embedded mode's inbound side: a small SMTP server, meant
// for 127.0.0.1, that accepts mail for the games' address only and hands
// each message to the Ingester before it answers 250, so that a message it
// accepted has been recorded. Received mail is then filed in the Maildir's
// Processed or Rejected folder.
//
// Anyone who can reach it can open sessions, so it holds at most Sessions
// open at once, and SessionsPerAddress from one client address; a
// connection past either is answered 421 and closed at once. A session
// whose client sends nothing for Idle is closed (421 too), so that idle
// sessions cannot hold the places of others for long.
type Listener struct {
	Addr     string // host:port to listen on
	Address  string // the games' address: the only recipient accepted
	Ingester *Ingester
	Maildir  *Maildir // where received mail is filed; nil: not kept
	Log      *log.Logger

	Sessions           int           // the most sessions at once (0: DefaultSessions)
	SessionsPerAddress int           // the most from one client address (0: DefaultSessionsPerIP)
	Idle               time.Duration // a session waiting this long for its client is closed (0: DefaultIdle)

	srv *smtp.Server
	ln  net.Listener
}

// Start listens and serves in the background. It returns the address
// listened on (useful with port 0).
func (l *Listener) Start() (net.Addr, error) {
	if l.ln != nil {
		return l.ln.Addr(), nil
	}
	tcp, err := net.Listen("tcp", l.Addr)
	if err != nil {
		return nil, err
	}
	ln := &sessionCap{Listener: tcp, max: l.Sessions, perAddr: l.SessionsPerAddress, by: map[string]int{}, log: l.Log}
	if ln.max <= 0 {
		ln.max = DefaultSessions
	}
	if ln.perAddr <= 0 {
		ln.perAddr = DefaultSessionsPerIP
	}
	idle := l.Idle
	if idle <= 0 {
		idle = DefaultIdle
	}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{l: l}, nil
	}))
	srv.Domain = domainOf(l.Address)
	// Take mail well over the limit (keeping only the limit's worth), so
	// that a too big mail, or one with long lines, gets Taipan's own answer
	// rather than a bounce; only beyond the headroom does SMTP refuse it.
	srv.MaxMessageBytes = l.Ingester.maxSize() + listenerHeadroom
	srv.MaxLineLength = int(srv.MaxMessageBytes)
	srv.MaxRecipients = 10
	// The deadline of each line read: a client that sends nothing for
	// that long is told so and the session closed. (A mail's data must
	// come within it of its DATA line.)
	srv.ReadTimeout = idle
	srv.WriteTimeout = idle
	srv.AllowInsecureAuth = true
	if l.Log != nil {
		srv.ErrorLog = l.Log
	} else {
		srv.ErrorLog = log.New(io.Discard, "", 0)
	}
	l.srv, l.ln = srv, ln
	go srv.Serve(ln)
	return ln.Addr(), nil
}

// Bound is the address the Listener listens on once started (the port
// chosen, with port 0), else the one it is configured with.
func (l *Listener) Bound() string {
	if l.ln != nil {
		return l.ln.Addr().String()
	}
	return l.Addr
}

// listenerHeadroom is how far past the size limit the listener still takes
// a mail in (to answer it as too big).
const listenerHeadroom = 32 << 20

// sessionCap is a listener that hands the SMTP server at most max
// connections at once, and at most perAddr from one client address; a
// connection past either is told 421 and closed before the server sees it.
type sessionCap struct {
	net.Listener
	max, perAddr int
	log          *log.Logger

	mu   sync.Mutex
	open int
	by   map[string]int // open sessions by client address
}

// Accept returns the next connection within the caps, refusing the others.
func (l *sessionCap) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := clientAddr(c)
		l.mu.Lock()
		ok := l.open < l.max && l.by[addr] < l.perAddr
		if ok {
			l.open++
			l.by[addr]++
		}
		open, mine := l.open, l.by[addr]
		l.mu.Unlock()
		if ok {
			return &cappedConn{Conn: c, release: func() { l.release(addr) }}, nil
		}
		logf(l.log, "smtp listener: refused a session from %s: %d sessions open, %d of them from it", addr, open, mine)
		// A short write: the refusal must not wait on a client that
		// does not read.
		c.SetWriteDeadline(time.Now().Add(time.Second))
		io.WriteString(c, "421 4.7.0 Too many sessions open; try again later\r\n")
		c.Close()
	}
}

// release gives back a session's place.
func (l *sessionCap) release(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.by[addr]--; l.by[addr] <= 0 {
		delete(l.by, addr)
	}
}

// clientAddr is the client's address, without its port.
func clientAddr(c net.Conn) string {
	if host, _, err := net.SplitHostPort(c.RemoteAddr().String()); err == nil {
		return host
	}
	return c.RemoteAddr().String()
}

// cappedConn gives its place back once, when it is closed.
type cappedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// Close closes the connection and gives its place back.
func (c *cappedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// Close stops the listener at once.
func (l *Listener) Close() error {
	if l.srv == nil {
		return nil
	}
	return l.srv.Close()
}

// Shutdown stops taking connections and waits until the mails being
// received have been taken in and answered, or ctx ends; then it closes
// what is left.
func (l *Listener) Shutdown(ctx context.Context) error {
	if l.srv == nil {
		return nil
	}
	err := l.srv.Shutdown(ctx)
	l.srv.Close()
	return err
}

// session is one SMTP connection to the Listener.
type session struct {
	l    *Listener
	from string
	ok   bool
}

// Reset forgets the transaction in progress.
func (s *session) Reset() { s.from, s.ok = "", false }

// Logout ends the session.
func (s *session) Logout() error { return nil }

// Mail takes the envelope sender (it is not trusted: From is what counts).
func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}

// Rcpt accepts the games' address only.
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if !strings.EqualFold(strings.Trim(to, "<>"), s.l.Address) {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "only mail for " + s.l.Address + " is accepted here"}
	}
	s.ok = true
	return nil
}

// Data takes the message in, and answers 250 only once it is recorded. Of
// a mail over the size limit only the limit's worth is kept (its header is
// all that is read), and the mail is answered as too big.
func (s *session) Data(r io.Reader) error {
	limit := s.l.Ingester.maxSize()
	raw, err := io.ReadAll(io.LimitReader(r, limit))
	if err != nil {
		return err
	}
	rest, err := io.Copy(io.Discard, r)
	if err != nil {
		return err
	}
	if !s.ok {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 5, 1}, Message: "no valid recipient"}
	}
	// The mail is taken in whatever happens to the connection meanwhile: a
	// shutdown waits for it (Shutdown), a client gone away sends it again
	// and finds it recorded.
	m := s.l.Ingester.Read(raw, len(raw)+int(rest))
	res, err := s.l.Ingester.IngestAll(context.Background(), []*Inbound{m})
	if err != nil {
		logf(s.l.Log, "smtp listener: %v", err)
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "temporary failure; try again later"}
	}
	if res[0].Skipped {
		// Another worker is taking the same mail in, delivered to it too.
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "the mail is being taken in; try again later"}
	}
	if s.l.Maildir != nil {
		if err := s.l.Maildir.Store(res[0].Outcome.Folder(), res[0].MessageID, raw); err != nil {
			logf(s.l.Log, "smtp listener: file mail: %v", err)
		}
	}
	return nil
}

// SendTo submits one message to an SMTP server without TLS or
// authentication, as a sendmail-style tool does with the embedded listener.
func SendTo(addr, from string, to []string, msg []byte) error {
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return err
	}
	if err := c.SendMail(from, to, bytes.NewReader(msg)); err != nil {
		return err
	}
	return c.Quit()
}
