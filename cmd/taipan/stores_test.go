package main_test

import (
	"path/filepath"
	"strings"
	"testing"

	"taipan/events/pgtest"
)

// Every command that works on SQLite works on PostgreSQL: a whole campaign
// through the real binary, once per store, and a log exported from one
// imports into the other and audits clean.
func TestEveryCommandOnBothStores(t *testing.T) {
	stores := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "taipan.db") },
		"postgres": func(t *testing.T) string { return pgtest.Get(t).NewDatabase(t) },
	}
	exports := map[string]string{}
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			c := &cli{t: t, db: stores[name](t)}
			if name == "postgres" {
				c.fail("no database at", "", "status", "bourse-1")
			}
			toks := tokens(c.ok(strings.Replace(campaign, "seed:", "deadline: 72h\nseed:", 1), "new", "-"))
			capital, _ := available(c.state("bourse-1"))
			c.ok(orderFile("bourse-1", "alice", toks["alice"], 1, "buy: "+capital), "submit", "bourse-1", "--player", "alice", "-")
			for _, args := range [][]string{
				{"status", "bourse-1"}, {"report", "bourse-1", "--player", "bob"}, {"log", "bourse-1"},
				{"games"}, {"preview", "bourse-1"}, {"rules", "trader"},
			} {
				c.ok("", args...)
			}
			c.ok("", "press", "bourse-1", "--from", "alice", "hello")
			c.ok("", "gm", "bourse-1", "extend", "1d", "--reason", "travel")
			c.ok("", "gm", "bourse-1", "token", "bob", "--reason", "lost")
			c.ok("", "adjudicate", "bourse-1")
			c.ok("", "gm", "bourse-1", "rollback", "1", "--reason", "redo")
			for i := 0; i < 4; i++ {
				c.ok("", "adjudicate", "bourse-1")
			}
			if out := c.ok("", "audit", "bourse-1"); !strings.Contains(out, "Audit passed") {
				t.Errorf("audit: %s", out)
			}
			exports[name] = c.ok("", "export", "bourse-1")
			if name == "postgres" {
				c.fail("pg_dump", "", "backup", filepath.Join(t.TempDir(), "b.db"))
			}
		})
	}
	if t.Failed() || len(exports) < 2 {
		return
	}
	// Across the stores: each export imports into the other.
	for from, to := range map[string]string{"sqlite": "postgres", "postgres": "sqlite"} {
		c := &cli{t: t, db: stores[to](t)}
		if out := c.ok(exports[from], "import", "-"); !strings.Contains(out, "Audited and imported") {
			t.Errorf("import of the %s export into %s: %s", from, to, out)
		}
		if out := c.ok("", "audit", "bourse-1"); !strings.Contains(out, "Audit passed") {
			t.Errorf("audit in %s of the game from %s: %s", to, from, out)
		}
		if got := c.ok("", "export", "bourse-1"); got != exports[from] {
			t.Errorf("the export from %s changed in %s", from, to)
		}
	}
}

// migrate moves every game and the mail tables of the database the
// format-1 build wrote into PostgreSQL, where every game audits, the mail
// already taken in is known, and the players' tokens still work.
func TestMigrateToPostgres(t *testing.T) {
	src := filepath.Join(t.TempDir(), "old.db")
	copyFile(t, filepath.Join(compat, "format1", "format1.db"), src)
	pg := pgtest.Get(t).NewDatabase(t)
	c := &cli{t: t, db: src}
	out := c.ok("", "migrate", "--from", src, "--to", pg)
	if !strings.Contains(out, "Migrated 7 games") || !strings.Contains(out, "every game audits clean") || !strings.Contains(out, "Copied 29 rows of credentials") || !strings.Contains(out, "Copied 3 rows of inbox") || !strings.Contains(out, "Copied 26 rows of outbox") {
		t.Fatalf("migrate: %s", out)
	}
	p := &cli{t: t, db: pg}
	for id := range fixtureGames {
		if out := p.ok("", "audit", id); !strings.Contains(out, "Audit passed") {
			t.Errorf("%s on PostgreSQL: %s", id, out)
		}
	}
	p.ok("", "adjudicate", "fx-trader-3p")
	p.fail("already holds 7 games", "", "migrate", "--from", src, "--to", pg)
}
