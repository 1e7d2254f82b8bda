package main_test

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	_ "modernc.org/sqlite"
)

// compat is testdata/compat: databases and exports written by older builds.
var compat = filepath.Join("..", "..", "testdata", "compat")

// fixtureGames are the games of the format-1 database, and whether each is over.
var fixtureGames = map[string]bool{
	"fx-trader-2p": false, "fx-trader-3p": false, "fx-trader-4p": false, "fx-shanghai": false,
	"fx-singapore": false, "fx-old-shanghai": false, "fx-finished": true,
}

// copyFile copies a fixture so that a test never writes to it.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// A database written by the format-1 build opens with this one: its schema
// migrates forward, every game replays, goes on (orders, standing orders,
// GM actions, closes) in its own log format and engine version, and audits
// clean; `serve` runs on it.
func TestFormat1DatabaseContinues(t *testing.T) {
	c := newCLI(t)
	copyFile(t, filepath.Join(compat, "format1", "format1.db"), c.db)

	games := c.ok("", "games")
	for id := range fixtureGames {
		if !strings.Contains(games, id) {
			t.Errorf("games does not list %s:\n%s", id, games)
		}
	}
	db, err := sql.Open("sqlite", c.db)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var version int
	if err := db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil || version < 2 {
		t.Errorf("schema version after opening: %d, %v; want it migrated and recorded", version, err)
	}
	var kept int
	db.QueryRow(`SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL`).Scan(&kept)
	if kept == 0 {
		t.Error("the migrated database lost its outbox rows")
	}

	for id, over := range fixtureGames {
		before := c.ok("", "audit", id)
		if !strings.Contains(before, "Audit passed") || !strings.Contains(before, "log format 1") {
			t.Errorf("%s before going on: %s", id, before)
		}
		if over {
			c.fail("is over", "", "adjudicate", id)
			continue
		}
		c.ok("", "gm", id, "extend", "24h", "--reason", "an upgrade")
		for i := 0; i < 3; i++ {
			if st := c.state(id); st["finished"] == true {
				break
			}
			c.ok("", "adjudicate", id)
		}
		after := c.ok("", "audit", id)
		if !strings.Contains(after, "Audit passed") || !strings.Contains(after, "log format 1") {
			t.Errorf("%s after going on: %s", id, after)
		}
		var formats string
		db.QueryRow(`SELECT group_concat(DISTINCT format) FROM events WHERE game_id = ?`, id).Scan(&formats)
		if formats != "1" {
			t.Errorf("%s: events in formats %q; a game keeps the format it was written in", id, formats)
		}
	}
	// Orders and standing orders by a player, with the token the old build issued.
	st := c.state("fx-trader-2p")
	capital, _ := available(st)
	if st["finished"] != true {
		out := c.ok(orderFile("fx-trader-2p", "alice", "", 0, "plan: [buy: "+capital+"]"), "submit", "fx-trader-2p", "--player", "alice", "-")
		if !strings.Contains(out, "Accepted") {
			t.Errorf("standing orders in a format-1 game: %s", out)
		}
	}
	if out := c.ok("", "audit", "fx-trader-2p"); !strings.Contains(out, "Audit passed") {
		t.Errorf("after standing orders: %s", out)
	}
	c.fail("log format 1", "", "export", "fx-trader-2p", "--public")
	if out := c.ok("", "export", "fx-finished", "--public"); strings.Count(out, "\n") != 32 {
		t.Errorf("the public export of the finished format-1 game should be its whole log")
	}

	dir := t.TempDir()
	_, stop := c.serve(fmt.Sprintf("address: taipan@fixture.test\nembedded: {listen: 127.0.0.1:0, maildir: %q}\ntick: 100ms\n", dir))
	out := stop()
	if strings.Contains(out, "error") || strings.Contains(out, "altered") {
		t.Errorf("serve on the migrated database:\n%s", out)
	}
}

// Each export written by the format-1 build imports, audits and goes on;
// each public export still verifies as a chain.
func TestFormat1ExportsImport(t *testing.T) {
	for id, over := range fixtureGames {
		t.Run(id, func(t *testing.T) {
			c := newCLI(t)
			full := filepath.Join(compat, "format1", id+".jsonl")
			if out := c.ok("", "audit", "--file", full); !strings.Contains(out, "Audit passed") {
				t.Errorf("audit --file: %s", out)
			}
			public := filepath.Join(compat, "format1", id+".public.jsonl")
			out := c.ok("", "audit", "--file", public)
			if want := map[bool]string{false: "Chain verified", true: "Audit passed"}[over]; !strings.Contains(out, want) {
				t.Errorf("audit of the public export: %s", out)
			}
			if out := c.ok("", "import", full); !strings.Contains(out, "Audited and imported") {
				t.Errorf("import: %s", out)
			}
			if !over {
				c.ok("", "adjudicate", id)
			}
			if out := c.ok("", "audit", id); !strings.Contains(out, "Audit passed") {
				t.Errorf("audit after import: %s", out)
			}
		})
	}
}

// A log from before log formats (format 0) is refused for what it is,
// never as altered.
func TestFormat0IsRefusedAsSuch(t *testing.T) {
	c := newCLI(t)
	copyFile(t, filepath.Join(compat, "format0", "format0.db"), c.db)
	for _, args := range [][]string{{"status", "up-1"}, {"audit", "up-1"}, {"adjudicate", "up-1"}, {"audit", "--file", filepath.Join(compat, "format0", "up-1.jsonl")}} {
		_, errs, code := c.run("", args...)
		if code == 0 || !strings.Contains(errs, "pre-release build of Taipan (log format 0") || strings.Contains(errs, "was altered:") || strings.Contains(errs, "(the event was altered)") {
			t.Errorf("taipan %v: exit %d, %q", args, code, errs)
		}
	}
	c2 := newCLI(t)
	c2.fail("log format 0", "", "import", filepath.Join(compat, "format0", "up-1.jsonl"))
}

// A log or a database written by a newer Taipan is refused as such.
func TestNewerFormatsAreRefusedAsSuch(t *testing.T) {
	c := newCLI(t)
	data, err := os.ReadFile(filepath.Join(compat, "format1", "fx-trader-3p.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	newer := regexp.MustCompile(`"recorded_at"`).ReplaceAllString(string(data), `"format":3,"recorded_at"`)
	file := filepath.Join(t.TempDir(), "newer.jsonl")
	os.WriteFile(file, []byte(newer), 0o600)
	c.fail("written by a newer Taipan (log format 3)", "", "audit", "--file", file)
	c.fail("written by a newer Taipan (log format 3)", "", "import", file)

	c.ok(campaign, "new", "-")
	db, err := sql.Open("sqlite", c.db)
	if err != nil {
		t.Fatal(err)
	}
	db.Exec(`PRAGMA user_version = 99`)
	db.Close()
	c.fail("written by a newer Taipan (schema version 99", "", "status", "bourse-1")
}
