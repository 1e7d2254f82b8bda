package main_test

import "testing"

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
