package main_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"taipan/mail"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// serve starts `taipan serve --config cfg` and returns once it has printed
// its start-up lines, with them, and a function that stops it and returns
// everything it wrote.
func (c *cli) serve(cfg string) (string, func() string) {
	c.t.Helper()
	path := filepath.Join(c.t.TempDir(), "serve.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		c.t.Fatal(err)
	}
	cmd := exec.Command(binary, "--db", c.db, "serve", "--config", path)
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		c.t.Fatal(err)
	}
	var head strings.Builder
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		head.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "Stop with") {
			break
		}
	}
	rest := make(chan string)
	go func() { b, _ := io.ReadAll(stdout); rest <- string(b) }()
	var out *string
	stop := func() string {
		if out == nil {
			cmd.Process.Signal(syscall.SIGINT)
			s := head.String() + <-rest
			cmd.Wait()
			s += stderr.String()
			out = &s
		}
		return *out
	}
	c.t.Cleanup(func() { stop() })
	return head.String(), stop
}

func TestServeEmbedded(t *testing.T) {
	c := newCLI(t)
	toks := tokens(c.ok(campaign, "new", "-"))
	addr := freeAddr(t)
	dir := t.TempDir()
	head, stop := c.serve(fmt.Sprintf("address: taipan@example.test\nembedded: {listen: %q, maildir: %q}\n", addr, dir))
	if !strings.Contains(head, "Maildir: "+dir) || !strings.Contains(head, addr) {
		t.Errorf("start-up lines do not name the Maildir and the listener:\n%s", head)
	}
	status := fmt.Sprintf("From: alice@example.test\r\nTo: taipan@example.test\r\nSubject: status\r\nMessage-ID: <s1@example.test>\r\n\r\ngame: bourse-1\r\nplayer: alice\r\ntoken: %s\r\ncommand: status\r\n", toks["alice"])
	var err error
	for i := 0; i < 50; i++ {
		if err = mail.SendTo(addr, "alice@example.test", []string{"taipan@example.test"}, []byte(status)); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	inbox := filepath.Join(dir, "alice@example.test", "new")
	deadline := time.Now().Add(10 * time.Second)
	var found bool
	for !found && time.Now().Before(deadline) {
		es, _ := os.ReadDir(inbox)
		for _, e := range es {
			b, _ := os.ReadFile(filepath.Join(inbox, e.Name()))
			if strings.Contains(string(b), "Subject: [bourse-1] status for alice") {
				found = true
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !found {
		t.Errorf("no status reply in %s:\n%s", inbox, stop())
	}
}

// Passwords never reach the output, even when the servers are unreachable.
func TestServeNeverPrintsPasswords(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	imapAddr, smtpAddr := freeAddr(t), freeAddr(t)
	_, ip, _ := net.SplitHostPort(imapAddr)
	_, sp, _ := net.SplitHostPort(smtpAddr)
	_, stop := c.serve(fmt.Sprintf(`address: taipan@example.test
imap: {host: 127.0.0.1, port: %s, tls: none, user: taipan, password: hunter2-imap}
smtp: {host: 127.0.0.1, port: %s, tls: none, user: taipan, password: hunter2-smtp}
tick: 100ms
`, ip, sp))
	time.Sleep(1500 * time.Millisecond)
	out := stop()
	if strings.Contains(out, "hunter2") {
		t.Errorf("a password was printed:\n%s", out)
	}
	if !strings.Contains(out, "imap 127.0.0.1") {
		t.Errorf("the unreachable IMAP server was not reported:\n%s", out)
	}
}
