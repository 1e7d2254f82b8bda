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
// plain TCP as configured, then AUTH PLAIN when a user is set. It keeps one
// connection open between mails and redials after any error.
type SMTP struct {
	Server  *Server
	Timeout time.Duration // per connection attempt and command; default 30s

	mu     sync.Mutex
	client *smtp.Client
}

// Send delivers one message. A 5xx refusal is a *PermanentError.
func (s *SMTP) Send(ctx context.Context, from string, to []string, msg []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.client != nil {
		// A connection idle for a while may have been dropped: check it.
		if err := s.client.Reset(); err != nil {
			s.closeLocked()
		}
	}
	if s.client == nil {
		c, err := s.dial(ctx)
		if err != nil {
			return err
		}
		s.client = c
	}
	err := s.client.SendMail(from, to, bytes.NewReader(msg))
	if err != nil {
		s.closeLocked()
		if isPermanent(err) {
			return &PermanentError{err}
		}
		return fmt.Errorf("smtp %s: %w", s.Server.Addr(), err)
	}
	return nil
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

func (s *SMTP) closeLocked() {
	if s.client != nil {
		s.client.Close()
		s.client = nil
	}
}

// Close ends the connection, if one is open.
func (s *SMTP) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.client != nil {
		s.client.Quit()
		s.closeLocked()
	}
	return nil
}
