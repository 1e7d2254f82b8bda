package main_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/emersion/go-message"

	"taipan/events/pgtest"
	"taipan/internal/testkit"
)

// plainText is the decoded text/plain part of a raw mail.
func plainText(t *testing.T, raw []byte) string {
	t.Helper()
	ent, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var text string
	ent.Walk(func(_ []int, part *message.Entity, err error) error {
		if mt, _, _ := part.Header.ContentType(); err == nil && text == "" && (mt == "text/plain" || mt == "") {
			b, _ := io.ReadAll(part.Body)
			text = string(b)
		}
		return nil
	})
	return strings.ReplaceAll(text, "\r\n", "\n")
}

// waitMail waits for a mail to who in the Maildir under root whose
// subject has subject and whose text holds text, and returns its text.
func waitMail(t *testing.T, root, who, subject, text string) string {
	t.Helper()
	raw := waitMaildir(t, filepath.Join(root, who), fmt.Sprintf("a mail %q with %q for %s", subject, text, who), func(raw []byte) bool {
		return strings.Contains(header(raw, "Subject"), subject) && strings.Contains(plainText(t, raw), text)
	})
	return plainText(t, raw)
}

// webClient is a browser with cookies, for a site at base.
type webClient struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newWebClient(t *testing.T, base string) *webClient {
	jar, _ := cookiejar.New(nil)
	return &webClient{t: t, base: base, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

func (w *webClient) do(method, path string, form url.Values) (int, string) {
	w.t.Helper()
	var body io.Reader
	if form != nil {
		u, _ := url.Parse(w.base)
		for _, c := range w.c.Jar.Cookies(u) {
			if c.Name == "taipan_csrf" {
				form.Set("csrf", c.Value)
			}
		}
		body = strings.NewReader(form.Encode())
	}
	req, _ := http.NewRequest(method, w.base+path, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	res, err := w.c.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

var loginLink = regexp.MustCompile(`https?://\S+/games/bourse-1/login/([A-Za-z0-9_-]+)`)

// With a web: section, serve runs the site beside the mail: each report
// mailed to a player carries a one-time login link, the form's orders are
// acknowledged by mail as mailed orders are, and the outbox keeps no link
// once the mail is sent.
func TestServeRunsTheSite(t *testing.T) {
	c := newCLI(t)
	toks := tokens(c.ok(campaign, "new", "-"))
	root := t.TempDir()
	p := startServe(t, c.db, writeConfig(t, fmt.Sprintf(`address: taipan@example.test
embedded: {listen: 127.0.0.1:0, maildir: %q}
tick: 50ms
web: {listen: 127.0.0.1:0, link_ttl: 1h}
`, root)))
	webAddr := p.site(t)
	if !strings.Contains(p.head, "Web: the site at http://"+webAddr) {
		t.Errorf("serve does not name the site:\n%s", p.head)
	}
	setup := waitMail(t, root, "alice@example.test", "[bourse-1] game reports", "Your page on the web")
	m := loginLink.FindStringSubmatch(setup)
	if m == nil || !strings.Contains(setup, toks["alice"]) {
		t.Fatalf("alice's set-up report has no login link:\n%s", setup)
	}
	w := newWebClient(t, "http://"+webAddr)
	if status, page := w.do("GET", "/games/bourse-1/login/"+m[1], nil); status != http.StatusOK || !strings.Contains(page, "alice") {
		t.Fatalf("the link's page: %d\n%s", status, page)
	}
	if status, page := w.do("POST", "/games/bourse-1/link", url.Values{"code": {m[1]}}); status != http.StatusSeeOther {
		t.Fatalf("using the link: %d\n%s", status, page)
	}
	if status, _ := newWebClient(t, "http://"+webAddr).do("POST", "/games/bourse-1/link", url.Values{"code": {m[1]}}); status == http.StatusSeeOther {
		t.Errorf("the link logged in twice")
	}
	capital, _ := available(c.state("bourse-1"))
	status, page := w.do("POST", "/games/bourse-1/orders", url.Values{"file": {"step: 1\norders:\n  - buy: " + capital + "\n"}})
	if status != http.StatusOK || !strings.Contains(page, "are accepted") {
		t.Fatalf("orders by the form: %d\n%s", status, page)
	}
	waitMail(t, root, "alice@example.test", "accepted (web)", "These orders came through the game's web site.")
	// The step closed: its report to bob carries a link of his own.
	report := waitMail(t, root, "bob@example.test", "Re: [bourse-1] game reports", "Your page on the web")
	if b := loginLink.FindStringSubmatch(report); b == nil || b[1] == m[1] {
		t.Errorf("bob's report of step 1 carries no link of his own:\n%s", report)
	}
	p.stop(syscall.SIGTERM)
	d := openDB(t, c.db)
	defer d.Close()
	var kept int
	d.QueryRow(`SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL AND CAST(body AS TEXT) LIKE '%/login/%'`).Scan(&kept)
	if kept != 0 {
		t.Errorf("%d sent mails still hold a login link", kept)
	}
}

// serve takes its database from the config (database:, or the variable
// database_env: names), refuses a second, different one from the command
// line, and never prints a PostgreSQL password.
func TestServeDatabaseFromTheConfig(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "from-config.db")
	cfg := func(extra string) string {
		return writeConfig(t, fmt.Sprintf("address: taipan@example.test\nembedded: {listen: 127.0.0.1:0, maildir: %q}\n%s", filepath.Join(dir, "mail"), extra))
	}
	var clean []string // the environment without TAIPAN_DB
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TAIPAN_DB=") {
			clean = append(clean, kv)
		}
	}
	run := func(env []string, args ...string) (string, int) {
		cmd := testkit.Command(binary, args...)
		cmd.Env = append(clean, env...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		code := 0
		if err != nil {
			code = 1
		}
		return out.String(), code
	}
	out, code := run(nil, "serve", "--check", "--config", cfg("database: "+db+"\n"))
	if code != 0 {
		t.Fatalf("serve with database: %s", out)
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("serve did not open the config's database: %v\n%s", err, out)
	}
	other := filepath.Join(dir, "from-env.db")
	if out, code = run([]string{"TAIPAN_TEST_DB=" + other}, "serve", "--check", "--config", cfg("database_env: TAIPAN_TEST_DB\n")); code != 0 {
		t.Fatalf("serve with database_env: %s", out)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("serve did not open the database of database_env: %v", err)
	}
	if out, code = run(nil, "--db", filepath.Join(dir, "third.db"), "serve", "--check", "--config", cfg("database: "+db+"\n")); code == 0 || !strings.Contains(out, "name it once") {
		t.Errorf("two databases named: exit %d\n%s", code, out)
	}
	if out, code = run(nil, "serve", "--check", "--config", cfg("database_env: TAIPAN_TEST_UNSET\n")); code == 0 || !strings.Contains(out, "$TAIPAN_TEST_UNSET is not set") {
		t.Errorf("database_env unset: exit %d\n%s", code, out)
	}
	// PostgreSQL with a password (the test cluster trusts, so any goes).
	pg := pgtest.Get(t).NewDatabase(t)
	withPassword := strings.Replace(pg, "postgres@", "postgres:hunter2@", 1)
	p := startServeArgs(t, "serve", "--config", cfg("database: "+withPassword+"\n"))
	all := p.stop(syscall.SIGTERM)
	if strings.Contains(all, "hunter2") || !strings.Contains(all, "Taipan serves the games in postgres://postgres:xxxxx@") {
		t.Errorf("serve on PostgreSQL printed:\n%s", all)
	}
}
