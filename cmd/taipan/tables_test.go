package main_test

import (
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"

	"taipan/events/pgtest"
	"taipan/internal/testkit"
)

// tableRows is every row of every table of a database, each row as one
// line of text, sorted: what a move must keep.
func tableRows(t *testing.T, d *sql.DB, tables []string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, table := range tables {
		rows, err := d.Query("SELECT * FROM " + table)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var line []string
			for i, v := range vals {
				if b, ok := v.([]byte); ok {
					v = string(b)
				}
				line = append(line, fmt.Sprintf("%s=%v", cols[i], v))
			}
			out[table] = append(out[table], strings.Join(line, " "))
		}
		rows.Close()
		sort.Strings(out[table])
	}
	return out
}

// sqliteTables lists the tables of an SQLite file.
func sqliteTables(t *testing.T, d *sql.DB) []string {
	t.Helper()
	rows, err := d.Query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		rows.Scan(&name)
		out = append(out, name)
	}
	return out
}

// A database filled by serve with its web site — mail taken in and sent,
// answers held back, a sender quieted, reminders, marks, tokens queued for
// a new game, a session and a used login link, a player's feed key, a
// hook told of a change, a sign of tampering —
// moved to PostgreSQL and back keeps every row of every table; migrate
// says what it did with each table.
func TestMigrateKeepsEveryTable(t *testing.T) {
	c := newCLI(t)
	toks := tokens(c.ok(campaign+"deadline: 1h\nreminder: 2h\npress: grey\n", "new", "-"))
	root := t.TempDir()
	// A hook, told of the GM's extension below.
	hook := newHookEndpoint(t)
	c.ok("", "hook", "add", "bourse-1", hook.srv.URL+"/hook")
	p := startServe(t, c.db, writeConfig(t, fmt.Sprintf(`address: taipan@example.test
embedded: {listen: 127.0.0.1:0, maildir: %q}
limits: {answers_per_hour: 2, quiet_after: 10}
tick: 50ms
web: {listen: 127.0.0.1:0, link_ttl: 1h}
webhooks: {allow_private: true}
`, root)))
	listen, site := p.listener(t), p.site(t)
	// A session, from the login link of alice's set-up report.
	setup := waitMail(t, root, "alice@example.test", "[bourse-1] game reports", "Your page on the web")
	link := loginLink.FindStringSubmatch(setup)
	if link == nil {
		t.Fatalf("no login link:\n%s", setup)
	}
	w := newWebClient(t, "http://"+site)
	w.do("GET", "/games/bourse-1/login/"+link[1], nil)
	w.do("POST", "/games/bourse-1/link", url.Values{"code": {link[1]}})
	// Her private feed addresses.
	if code, page := w.do("POST", "/games/bourse-1/feeds", url.Values{}); code != 200 || !strings.Contains(page, "reports.atom") {
		t.Fatalf("alice's feed addresses: %d\n%s", code, page)
	}
	mailFrom := func(from, subject, body string, i int) []byte {
		return []byte(fmt.Sprintf("From: %s\r\nTo: taipan@example.test\r\nSubject: %s\r\nMessage-ID: <fill.%d@example.test>\r\n\r\n%s", from, subject, i, body))
	}
	// alice's orders (a file counted for the step) and a question; a
	// forger of bob's address refused more often than an hour's answers
	// (the rest held back, the refusals counted).
	capital, _ := available(c.state("bourse-1"))
	mails := [][]byte{
		mailFrom("alice@example.test", "orders", orderFile("bourse-1", "alice", toks["alice"], 1, "buy: "+capital), 0),
		mailFrom("alice@example.test", "status", fmt.Sprintf("game: bourse-1\nplayer: alice\ntoken: %s\ncommand: status\n", toks["alice"]), 1),
		// Grey press, held until the step closes; a new token asked for,
		// waiting for its code to come back.
		mailFrom("alice@example.test", "psst", fmt.Sprintf("game: bourse-1\nplayer: alice\ntoken: %s\npress: {text: \"Sell London.\", grey: true}\n", toks["alice"]), 7),
		mailFrom("alice@example.test", "lost", "game: bourse-1\nplayer: alice\ncommand: token\n", 8),
	}
	for i := 2; i <= 6; i++ {
		mails = append(mails, mailFrom("bob@example.test", "orders", "game: bourse-1\nplayer: bob\ntoken: 00000000000000000000000000000000\ncommand: status\n", i))
	}
	for _, m := range mails {
		if !submit(listen, m) {
			t.Fatalf("the listener refused a mail")
		}
	}
	// The club: a standby, an address added to alice's (its code mailed
	// there and sent back), another asked for and not confirmed.
	club := [][]byte{
		mailFrom("carol@example.test", "standby", "command: standby carol\n", 20),
		mailFrom("alice@example.test", "also", "command: also alice@home.test\n", 21),
		mailFrom("bob@example.test", "also", "command: also bob@home.test\n", 22),
	}
	for _, m := range club {
		if !submit(listen, m) {
			t.Fatalf("the listener refused a mail")
		}
	}
	code := regexp.MustCompile(`command: also ([0-9a-f]{12})`).FindStringSubmatch(waitMail(t, root, "alice@home.test", "[taipan] confirm an address", "command: also "))
	if code == nil || !submit(listen, mailFrom("alice@home.test", "also", "command: also "+code[1]+"\n", 23)) {
		t.Fatalf("no code to confirm alice's address")
	}
	d := openDB(t, c.db)
	defer d.Close()
	count := func(table string) int {
		var n int
		d.QueryRow("SELECT count(*) FROM " + table).Scan(&n)
		return n
	}
	testkit.Eventually(t, "a reminder, held answers and a refused sender", func() bool {
		return count("reminders") > 0 && count("mail_held") > 0 && count("mail_senders") > 0 && count("mail_marks") > 0 && count("identities") > 0
	})
	testkit.Eventually(t, "the hook's game followed", func() bool { return count("webhook_cursors") > 0 })
	c.ok("", "gm", "bourse-1", "extend", "2h", "--reason", "a holiday")
	testkit.Eventually(t, "the hook told of the extension", func() bool { return len(hook.taken()) > 0 })
	p.stop(syscall.SIGTERM)
	// A second game, whose tokens wait for the next serve to mail them.
	c.ok(strings.Replace(campaign, "bourse-1", "bourse-2", 1), "new", "-")
	// A sign of tampering, found by the next open.
	if _, err := d.Exec(`DROP TRIGGER events_no_update`); err != nil {
		t.Fatal(err)
	}
	c.run("", "status", "bourse-1")

	tables := sqliteTables(t, d)
	before := tableRows(t, d, tables)

	// backup keeps every table as it is, but the mark that a serve has
	// the database: the copy is served by nobody.
	copyFile := filepath.Join(t.TempDir(), "copy.db")
	c.ok("", "backup", copyFile)
	cp := openDB(t, copyFile)
	copied := tableRows(t, cp, tables)
	cp.Close()
	for _, table := range tables {
		if table == "mail_serving" {
			continue
		}
		if strings.Join(before[table], "\n") != strings.Join(copied[table], "\n") {
			t.Errorf("table %s in the backup:\n%s\nwant\n%s", table, strings.Join(copied[table], "\n"), strings.Join(before[table], "\n"))
		}
	}

	pg := pgtest.Get(t).NewDatabase(t)
	back := filepath.Join(t.TempDir(), "back.db")
	there := c.ok("", "migrate", "--from", c.db, "--to", pg)
	again := c.ok("", "migrate", "--from", pg, "--to", back)
	// migrate accounts for every table: the logs (events), the tables it
	// copies, and those the new store makes anew.
	anew := regexp.MustCompile(`(?m)^Not copied, made anew by the new store: (.*)\.$`).FindStringSubmatch(there)
	if anew == nil {
		t.Fatalf("migrate names no table it leaves to the new store:\n%s", there)
	}
	var moved []string
	for _, table := range tables {
		switch {
		case table == "events":
		case strings.Contains(there, "of "+table+".\n") && strings.Contains(again, "of "+table+".\n"):
			moved = append(moved, table)
			if len(before[table]) == 0 {
				t.Errorf("the filled database has no row in %s: the test no longer shows that migrate keeps it", table)
			}
		case !slices.Contains(strings.Split(anew[1], ", "), table):
			t.Errorf("migrate says nothing of table %s:\n%s", table, there)
		}
	}
	b := openDB(t, back)
	defer b.Close()
	after := tableRows(t, b, tables)
	for _, table := range moved {
		if table == "integrity" {
			continue // the move itself may record findings of its own: below
		}
		if strings.Join(before[table], "\n") != strings.Join(after[table], "\n") {
			t.Errorf("table %s after SQLite → PostgreSQL → SQLite:\n%s\nwant\n%s", table, strings.Join(after[table], "\n"), strings.Join(before[table], "\n"))
		}
	}
	for _, row := range before["integrity"] {
		if !strings.Contains(strings.Join(after["integrity"], "\n"), row) {
			t.Errorf("the finding %q was lost", row)
		}
	}
}
