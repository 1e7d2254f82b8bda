package main_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `taipan submit --check` with a mistake answers as a check too.
func TestSubmitCheckWithMistakesReadsAsACheck(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	before := c.eventCount("bourse-1")
	c.fail("Checked, not submitted: mistakes found", orderFile("bourse-1", "alice", "", 1, "buy: Atlantis"), "submit", "bourse-1", "--check", "-")
	if c.eventCount("bourse-1") != before {
		t.Error("a check wrote to the log")
	}
}

// After the end the public export still withholds grey press, and audits
// clean at the command line, replaying the whole game.
func TestFinishedPublicExportWithholdsGreyPress(t *testing.T) {
	c := newCLI(t)
	c.ok(strings.Replace(campaign, "seed:", "press: grey\nseed:", 1), "new", "-")
	out := c.ok("", "press", "bourse-1", "--from", "alice", "--grey", "the Paris column is rigged")
	if !strings.Contains(out, "held") {
		t.Errorf("grey press at the CLI: %s", out)
	}
	for i := 0; !strings.Contains(c.ok("", "adjudicate", "bourse-1"), "The game is over"); i++ {
		if i == 200 {
			t.Fatal("the game does not end")
		}
	}
	public := filepath.Join(t.TempDir(), "public.jsonl")
	if err := os.WriteFile(public, []byte(c.ok("", "export", "bourse-1", "--public")), 0o644); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(public)
	if strings.Contains(string(data), "rigged") || !strings.Contains(string(data), `"kind":"press"`) {
		t.Errorf("the finished game's public export shows the grey press, or lost it")
	}
	if out := c.ok("", "audit", "--file", public); !strings.Contains(out, "Audit passed") || !strings.Contains(out, "withheld for good") {
		t.Errorf("audit of the finished game's public export: %s", out)
	}
}
