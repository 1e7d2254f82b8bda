package mail

import (
	"bytes"
	"context"
	"io"
	"log"
	"net"
	"strings"
	"time"

	"github.com/emersion/go-smtp"
)

// Listener is the embedded mode's inbound side: a small SMTP server, meant
// for 127.0.0.1, that accepts mail for the games' address only and hands
// each message to the Ingester before it answers 250, so that a message it
// accepted has been recorded. Received mail is then filed in the Maildir's
// Processed or Rejected folder.
type Listener struct {
	Addr     string // host:port to listen on
	Address  string // the games' address: the only recipient accepted
	Ingester *Ingester
	Maildir  *Maildir // where received mail is filed; nil: not kept
	Log      *log.Logger

	srv *smtp.Server
	ln  net.Listener
}

// Start listens and serves in the background. It returns the address
// listened on (useful with port 0).
func (l *Listener) Start() (net.Addr, error) {
	ln, err := net.Listen("tcp", l.Addr)
	if err != nil {
		return nil, err
	}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{l: l}, nil
	}))
	srv.Domain = domainOf(l.Address)
	// Take somewhat more than the limit, so that a too big order mail from
	// a player gets Taipan's reply rather than a bounce; far more is refused.
	srv.MaxMessageBytes = 4 * l.Ingester.maxSize()
	srv.MaxRecipients = 10
	srv.ReadTimeout = 2 * time.Minute
	srv.WriteTimeout = 2 * time.Minute
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

// Close stops the listener.
func (l *Listener) Close() error {
	if l.srv == nil {
		return nil
	}
	return l.srv.Close()
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

// Data takes the message in, and answers 250 only once it is recorded.
func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if !s.ok {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 5, 1}, Message: "no valid recipient"}
	}
	res, err := s.l.Ingester.Ingest(context.Background(), raw)
	if err != nil {
		logf(s.l.Log, "smtp listener: %v", err)
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "temporary failure; try again later"}
	}
	if s.l.Maildir != nil {
		if err := s.l.Maildir.Store(res.Outcome.Folder(), raw); err != nil {
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
