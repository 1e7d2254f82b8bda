package mailtest

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Dovecot is a real mail server for the tests: Dovecot (IMAP, submission,
// LMTP) and Postfix (SMTP relay), started by mail/testdata/mailserver.sh
// on free ports under a scratch folder. Its users are taipan, alice, bob,
// gm and carol @example.test, each with the password Password gives.
type Dovecot struct {
	Dir                          string
	IMAP, Submission, SMTP, LMTP int
	// TLS trusts the server's self-signed certificate (CAFile).
	TLS    *tls.Config
	CAFile string
}

var dovecot struct {
	once sync.Once
	srv  *Dovecot
	err  error
}

// script is mailserver.sh, found from this file's place in the module.
func script() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "mailserver.sh")
}

// NeedDovecot starts the real mail server once for the test binary and
// returns it. Without Dovecot and Postfix installed (or without root to
// run them) the test is skipped, except under CI (CI=true), where it
// fails: CI must not pass without it. Stop it with StopDovecot from
// TestMain.
func NeedDovecot(tb testing.TB) *Dovecot {
	tb.Helper()
	if testing.Short() {
		tb.Skip("no mail server with -short (the quick loop starts no server)")
	}
	missing := ""
	for _, bin := range []string{"dovecot", "postfix", "openssl"} {
		if _, err := exec.LookPath(bin); err != nil {
			if _, err := os.Stat("/usr/sbin/" + bin); err != nil {
				missing += " " + bin
			}
		}
	}
	if missing == "" && (runtime.GOOS != "linux" || os.Geteuid() != 0) {
		missing = " (root, to run them)"
	}
	if missing != "" {
		msg := "the test needs Dovecot and Postfix: missing" + missing +
			"; install with: apt-get install dovecot-imapd dovecot-lmtpd dovecot-submissiond postfix (see .ci/run)"
		if os.Getenv("CI") == "true" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	dovecot.once.Do(func() { dovecot.srv, dovecot.err = startDovecot() })
	if dovecot.err != nil {
		tb.Fatal(dovecot.err)
	}
	return dovecot.srv
}

// StopDovecot stops the server, if the test binary started one.
func StopDovecot() {
	if s := dovecot.srv; s != nil {
		exec.Command(script(), "stop", s.Dir).Run()
		os.RemoveAll(s.Dir)
	}
}

func freePorts(n int) ([]int, error) {
	var lns []net.Listener
	defer func() {
		for _, l := range lns {
			l.Close()
		}
	}()
	var ports []int
	for i := 0; i < n; i++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		lns = append(lns, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

func startDovecot() (*Dovecot, error) {
	dir, err := os.MkdirTemp("", "taipan-mailserver-")
	if err != nil {
		return nil, err
	}
	os.Chmod(dir, 0o755) // Dovecot's mail user must reach the mail folders
	ports, err := freePorts(4)
	if err != nil {
		return nil, err
	}
	s := &Dovecot{Dir: dir, IMAP: ports[0], Submission: ports[1], SMTP: ports[2], LMTP: ports[3]}
	out, err := exec.Command(script(), "start", dir,
		fmt.Sprint(s.IMAP), fmt.Sprint(s.Submission), fmt.Sprint(s.SMTP), fmt.Sprint(s.LMTP)).CombinedOutput()
	if err != nil {
		exec.Command(script(), "stop", dir).Run()
		return nil, fmt.Errorf("start the mail server: %v\n%s", err, out)
	}
	s.CAFile = filepath.Join(dir, "cert.pem")
	pem, err := os.ReadFile(s.CAFile)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	s.TLS = &tls.Config{RootCAs: pool, ServerName: "localhost"}
	return s, nil
}

// Password is a user's password on the server.
func Password(user string) string { return "pw-" + strings.TrimSuffix(user, "@example.test") }

// Send submits a mail as user to the addresses to (submission, STARTTLS,
// AUTH PLAIN).
func (s *Dovecot) Send(tb testing.TB, user string, to []string, raw []byte) {
	tb.Helper()
	c, err := smtp.DialStartTLS(fmt.Sprintf("127.0.0.1:%d", s.Submission), s.TLS)
	if err != nil {
		tb.Fatal(err)
	}
	defer c.Close()
	if err := c.Auth(sasl.NewPlainClient("", user, Password(user))); err != nil {
		tb.Fatal(err)
	}
	if err := c.SendMail(user, to, strings.NewReader(string(raw))); err != nil {
		tb.Fatal(err)
	}
	c.Quit()
}

// Client logs in to IMAP as user.
func (s *Dovecot) Client(tb testing.TB, user string) *imapclient.Client {
	tb.Helper()
	c, err := imapclient.DialStartTLS(fmt.Sprintf("127.0.0.1:%d", s.IMAP), &imapclient.Options{TLSConfig: s.TLS})
	if err != nil {
		tb.Fatal(err)
	}
	if err := c.Login(user, Password(user)).Wait(); err != nil {
		tb.Fatal(err)
	}
	return c
}

// Clear empties a user's INBOX, Processed and Rejected (making the last
// two if missing).
func (s *Dovecot) Clear(tb testing.TB, user string) {
	tb.Helper()
	c := s.Client(tb, user)
	defer c.Close()
	list, err := c.List("", "*", nil).Collect()
	if err != nil {
		tb.Fatal(err)
	}
	have := map[string]bool{}
	for _, l := range list {
		have[l.Mailbox] = true
	}
	for _, box := range []string{"INBOX", "Processed", "Rejected"} {
		if !have[box] {
			if err := c.Create(box, nil).Wait(); err != nil {
				tb.Fatal(err)
			}
		}
		sel, err := c.Select(box, nil).Wait()
		if err != nil {
			tb.Fatal(err)
		}
		if sel.NumMessages > 0 {
			all := imap.SeqSet{}
			all.AddRange(1, 0)
			if err := c.Store(all, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
				tb.Fatal(err)
			}
			if err := c.Expunge().Close(); err != nil {
				tb.Fatal(err)
			}
		}
	}
}

// Append puts mails into a user's mailbox directly (IMAP APPEND), in
// order, as if each had been delivered.
func (s *Dovecot) Append(tb testing.TB, user, mailbox string, mails [][]byte) {
	tb.Helper()
	c := s.Client(tb, user)
	defer c.Close()
	var cmds []*imapclient.AppendCommand
	for _, raw := range mails {
		cmd := c.Append(mailbox, int64(len(raw)), nil)
		cmd.Write(raw)
		cmd.Close()
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		if _, err := cmd.Wait(); err != nil {
			tb.Fatal(err)
		}
	}
}

// Received is a mail as a user's mailbox holds it.
type Received struct {
	Subject, MessageID string
	InReplyTo          []string
	Raw                []byte // the whole message, as delivered
}

// Mails lists the mails in a user's mailbox (nil if it does not exist or
// is empty); with headersOnly, Raw holds the header only.
func (s *Dovecot) Mails(tb testing.TB, user, mailbox string, headersOnly bool) []Received {
	tb.Helper()
	c := s.Client(tb, user)
	defer c.Close()
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil || sel.NumMessages == 0 {
		return nil
	}
	section := &imap.FetchItemBodySection{Peek: true}
	if headersOnly {
		section.Specifier = imap.PartSpecifierHeader
	}
	all := imap.SeqSet{}
	all.AddRange(1, sel.NumMessages)
	msgs, err := c.Fetch(all, &imap.FetchOptions{Envelope: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		tb.Fatal(err)
	}
	out := make([]Received, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, Received{Subject: m.Envelope.Subject, MessageID: m.Envelope.MessageID, InReplyTo: m.Envelope.InReplyTo, Raw: m.FindBodySection(section)})
	}
	return out
}

// Count is how many mails a user's mailbox holds.
func (s *Dovecot) Count(tb testing.TB, user, mailbox string) int {
	tb.Helper()
	c := s.Client(tb, user)
	defer c.Close()
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return 0
	}
	return int(sel.NumMessages)
}
