package main_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// `taipan attendance` recomputes each seat's steps from the log; `taipan
// record` signs a player's finished games, `record --verify` checks the
// file without a database and refuses it altered in one figure.
func TestAttendanceAndRecord(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	for range 3 {
		c.ok("", "adjudicate", "bourse-1", "--reason", "a test")
	}
	out := c.ok("", "attendance", "bourse-1")
	// Without a deadline, a step the GM closes is missed by whoever owed
	// orders and sent none.
	if !regexp.MustCompile(`(?m)^1\s+alice\s+missed\s+sent nothing`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^1\s+bob\s+excused\s+owed no orders this step`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^alice\s+alice@example.test\s+2\s+0\s+0\s+0\s+2\s+0\s+0%`).MatchString(out) {
		t.Errorf("attendance says:\n%s", out)
	}
	mine := c.ok("", "attendance", "--player", "ALICE@example.test")
	if !regexp.MustCompile(`(?m)^bourse-1 \(running\)\s+alice\s+2\s`).MatchString(mine) {
		t.Errorf("alice's attendance says:\n%s", mine)
	}
	c.fail("usage: taipan attendance", "", "attendance")

	dir := t.TempDir()
	key := filepath.Join(dir, "host.key")
	pub := regexp.MustCompile(`[0-9a-f]{64}`).FindString(c.ok("", "keygen", key))
	c.fail("signed with the host's key", "", "record", "alice@example.test")
	// Play it out on the defaults.
	for i := 0; !strings.Contains(c.ok("", "state", "bourse-1", "--json"), `"finished": true`); i++ {
		if i == 200 {
			t.Fatal("the game does not end on the defaults")
		}
		c.ok("", "adjudicate", "bourse-1", "--reason", "a test")
	}
	rec := c.ok("", "record", "alice@example.test", "--key", key)
	if !strings.Contains(rec, `"game": "bourse-1"`) || !strings.Contains(rec, `"record": "taipan-record/1"`) {
		t.Fatalf("the record:\n%s", rec)
	}
	file := filepath.Join(dir, "alice.json")
	os.WriteFile(file, []byte(rec), 0o644)
	ok := c.ok("", "record", "--verify", file, "--public-key", pub)
	if !strings.Contains(ok, "Record verified: alice@example.test, 1 finished games") {
		t.Errorf("verify says %q", ok)
	}
	altered := regexp.MustCompile(`"excused": (\d+)`).ReplaceAllString(rec, `"excused": 9`)
	os.WriteFile(file, []byte(altered), 0o644)
	c.fail("altered", "", "record", "--verify", file, "--public-key", pub)
}
