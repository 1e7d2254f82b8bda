package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// SMTP sends mail to an SMTP submission server: implicit TLS, STARTTLS or
// plain TCP as configured, then AUTH PLAIN when a user is set. It keeps up
// to Conns connections open between mails, sends on as many at once (see
// Parallel), and redials after any error.
type SMTP struct {
	Server  *Server
	Timeout time.Duration // per connection attempt and command; default 30s
	// Conns is how many connections it keeps and sends on at once;
	// default 4.
	Conns int

	mu   sync.Mutex
	idle []*smtpConn // open connections not in use, the latest used last
}

// smtpConn is an open connection and when it was last used.
type smtpConn struct {
	c    *smtp.Client
	used time.Time
}

// idleCheck is how long a connection may sit unused before it is checked
// (RSET) before a mail: a server may drop an idle connection.
const idleCheck = time.Second

// Parallel is how many mails Send takes at once.
func (s *SMTP) Parallel() int {
	if s.Conns > 0 {
		return s.Conns
	}
	return 4
}

// Send delivers one message. A 5xx refusal is a *PermanentError. It may
// be called from several goroutines at once.
func (s *SMTP) Send(ctx context.Context, from string, to []string, msg []byte) error {
	sc, err := s.get(ctx)
	if err != nil {
		return err
	}
	err = sc.c.SendMail(from, to, bytes.NewReader(msg))
	if err != nil {
		sc.c.Close()
		if isPermanent(err) {
			return &PermanentError{err}
		}
		return fmt.Errorf("smtp %s: %w", s.Server.Addr(), err)
	}
	sc.used = time.Now()
	s.put(sc)
	return nil
}

// get takes an idle connection, checked if it sat a while, or dials one.
func (s *SMTP) get(ctx context.Context) (*smtpConn, error) {
	for {
		s.mu.Lock()
		var sc *smtpConn
		if n := len(s.idle); n > 0 {
			sc, s.idle = s.idle[n-1], s.idle[:n-1]
		}
		s.mu.Unlock()
		if sc == nil {
			break
		}
		if time.Since(sc.used) < idleCheck || sc.c.Reset() == nil {
			return sc, nil
		}
		sc.c.Close() // dropped while idle
	}
	c, err := s.dial(ctx)
	if err != nil {
		return nil, err
	}
	return &smtpConn{c: c}, nil
}

// put keeps a connection for the next mail, or closes it when enough are
// kept.
func (s *SMTP) put(sc *smtpConn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.idle) >= s.Parallel() {
		sc.c.Close()
		return
	}
	s.idle = append(s.idle, sc)
}

func (s *SMTP) dial(ctx context.Context) (*smtp.Client, error) {
	srv := s.Server
	timeout := s.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	tlsCfg, err := srv.tlsConfig()
	if err != nil {
		return nil, err
	}
	d := net.Dialer{Timeout: timeout}
	conn, err := d.DialContext(ctx, "tcp", srv.Addr())
	if err != nil {
		return nil, fmt.Errorf("smtp %s: %w", srv.Addr(), err)
	}
	var c *smtp.Client
	switch srv.TLS {
	case "implicit":
		c = smtp.NewClient(tls.Client(conn, tlsCfg))
	case "starttls":
		c, err = smtp.NewClientStartTLS(conn, tlsCfg)
		if err != nil {
			conn.Close()
			return nil, fmt.Errorf("smtp %s: starttls: %w", srv.Addr(), err)
		}
	default:
		c = smtp.NewClient(conn)
	}
	c.CommandTimeout = timeout
	c.SubmissionTimeout = timeout
	if err := c.Hello(srv.HELO); err != nil {
		c.Close()
		return nil, fmt.Errorf("smtp %s: %w", srv.Addr(), err)
	}
	if srv.User != "" {
		pw, err := srv.password()
		if err != nil {
			c.Close()
			return nil, err
		}
		if err := c.Auth(sasl.NewPlainClient("", srv.User, pw)); err != nil {
			c.Close()
			// The server's reply, never the password.
			return nil, fmt.Errorf("smtp %s: %w as %s: %v", srv.Addr(), errLoginRefused, srv.User, err)
		}
	}
	return c, nil
}

// Close ends the connections kept open.
func (s *SMTP) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sc := range s.idle {
		sc.c.Quit()
		sc.c.Close()
	}
	s.idle = nil
	return nil
}
