package mail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"time"
)

// CheckError is a mail server that refused Taipan at start: a wrong
// password, port, certificate or host. Its message says which server, what
// it answered and which setting to look at; never a password.
type CheckError struct {
	Server string // "IMAP" or "SMTP"
	Addr   string
	Err    error
	Hint   string
}

// Error names the server and what to check.
func (e *CheckError) Error() string {
	return fmt.Sprintf("%s %s: %v; %s", e.Server, e.Addr, e.Err, e.Hint)
}

// Unwrap gives the server's refusal.
func (e *CheckError) Unwrap() error { return e.Err }

// Check logs in to the IMAP and SMTP servers of the configuration, the way
// serving them will, and returns a line for each that took the login. A
// server that refuses (a login, a certificate, an unknown host) is a
// *CheckError at once; one that cannot be reached is tried again, waiting
// wait, then twice as long, tries times in all, since a network may come
// up late. With neither server configured it checks nothing.
func (s *Service) Check(ctx context.Context, tries int, wait time.Duration) ([]string, error) {
	var out []string
	if tries < 1 {
		tries = 1
	}
	type check struct {
		name string
		srv  *Server
		try  func(context.Context) error
	}
	var checks []check
	if s.Config.IMAP != nil {
		checks = append(checks, check{"IMAP", s.Config.IMAP, func(context.Context) error {
			c, err := (&IMAP{Server: s.Config.IMAP}).Dial(nil)
			if err != nil {
				return err
			}
			// Logged in: that is the check; how the goodbye goes is not.
			c.Logout().Wait()
			c.Close()
			return nil
		}})
	}
	if s.Config.SMTP != nil {
		checks = append(checks, check{"SMTP", s.Config.SMTP, func(ctx context.Context) error {
			sm := &SMTP{Server: s.Config.SMTP, Timeout: 30 * time.Second}
			c, err := sm.dial(ctx)
			if err != nil {
				return err
			}
			c.Quit()
			c.Close()
			return nil
		}})
	}
	for _, c := range checks {
		delay := wait
		var err error
		for i := 0; i < tries; i++ {
			if err = c.try(ctx); err == nil || !transient(err) || i == tries-1 {
				break
			}
			s.Log.Printf("%s %s: %v; trying again in %v", c.name, c.srv.Addr(), err, delay)
			select {
			case <-ctx.Done():
				return out, ctx.Err()
			case <-time.After(delay):
			}
			delay *= 2
		}
		if err != nil {
			return out, &CheckError{Server: c.name, Addr: c.srv.Addr(), Err: err, Hint: hint(c.name, c.srv, err)}
		}
		who := ""
		if c.srv.User != "" {
			who = " as " + c.srv.User
		}
		out = append(out, fmt.Sprintf("%s %s (tls %s): logged in%s", c.name, c.srv.Addr(), c.srv.TLS, who))
	}
	return out, nil
}

// transient says whether a failure to reach a server may pass: the network
// (a refused or reset connection, a timeout, a lookup that failed for now),
// not an answer of the server's.
func transient(err error) bool {
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return dns.IsTimeout || dns.IsTemporary
	}
	var cert *tls.CertificateVerificationError
	var unknown x509.UnknownAuthorityError
	var hostname x509.HostnameError
	if errors.As(err, &cert) || errors.As(err, &unknown) || errors.As(err, &hostname) {
		return false
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true
	}
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.EHOSTUNREACH) || errors.Is(err, syscall.ENETUNREACH) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// hint says which settings to look at for a server's refusal.
func hint(name string, srv *Server, err error) string {
	key := map[string]string{"IMAP": "imap", "SMTP": "smtp"}[name]
	var dns *net.DNSError
	var cert *tls.CertificateVerificationError
	var unknown x509.UnknownAuthorityError
	var hostname x509.HostnameError
	switch {
	case errors.As(err, &dns):
		return fmt.Sprintf("check %s.host", key)
	case errors.As(err, &cert) || errors.As(err, &unknown) || errors.As(err, &hostname):
		return fmt.Sprintf("the server's certificate is not trusted: check %s.host (the name in its certificate) or set %s.ca_file to its CA certificate", key, key)
	case transient(err):
		return fmt.Sprintf("the server cannot be reached: check %s.host, %s.port and %s.tls (implicit, starttls or none)", key, key, key)
	case errors.Is(err, errLoginRefused):
		return fmt.Sprintf("check %s.user and the password (%s)", key, srv.passwordSource())
	}
	return fmt.Sprintf("check %s.host, %s.port and %s.tls, and %s.user and the password (%s)", key, key, key, key, srv.passwordSource())
}

// errLoginRefused marks a server's refusal of Taipan's user and password.
var errLoginRefused = errors.New("login refused")
