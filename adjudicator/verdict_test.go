package adjudicator_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/events"
)

// The audit's verdict says what was checked, in the same words wherever it
// is read: a full log replays, a public export of a running game has its
// chain checked, and a failure, of the log or of the database, says only
// that it failed and why.
func TestAuditVerdict(t *testing.T) {
	h, _ := newHost(t, "1")
	ng := create(t, h, "options: {target: 9}\n")
	for _, p := range []string{"ann", "ben", "cid"} {
		if _, err := submit(h, p, ng.Tokens[p], 1, "4"); err != nil {
			t.Fatal(err)
		}
	}
	evs, err := h.Store.Events(t.Context(), "d1")
	if err != nil {
		t.Fatal(err)
	}
	last := evs[len(evs)-1]

	v := adjudicator.AuditLog(h.Games, evs, adjudicator.AuditCheck{})
	want := fmt.Sprintf("Audit passed: game d1, %d events (log format 2), hash chain intact, 1 step digest reproduced by dice/1; step 2 open. The log ends at event %d, hash %s.", len(evs), last.Seq, last.Hash)
	if !v.Passed() || v.Err() != nil || v.String() != want {
		t.Errorf("full log: %q, want %q", v, want)
	}
	held := adjudicator.AuditLog(h.Games, evs, adjudicator.AuditCheck{Head: &adjudicator.Head{Seq: 2, Hash: evs[1].Hash}})
	if !held.Passed() || !strings.HasSuffix(held.Detail, "The log holds event 2 as your report knew it.") {
		t.Errorf("with a head held: %q", held)
	}

	g, err := adjudicator.Replay(h.Games, evs)
	if err != nil {
		t.Fatal(err)
	}
	public, err := adjudicator.Public(g, evs)
	if err != nil {
		t.Fatal(err)
	}
	if v := adjudicator.AuditLog(h.Games, public, adjudicator.AuditCheck{}); !v.Passed() || v.Headline != adjudicator.ChainVerified || !strings.Contains(v.Detail, "withheld until the game is over") {
		t.Errorf("public export: %q", v)
	}

	if v := adjudicator.AuditLog(h.Games, evs, adjudicator.AuditCheck{Tamper: []string{"the triggers were dropped"}}); v.Passed() || v.Headline != adjudicator.AuditFailed ||
		v.Err().Error() != "audit failed: the log itself checks out, but the triggers were dropped" || strings.Contains(v.Detail, "Audit passed") {
		t.Errorf("a log that checks in a database altered: %q, %v", v, v.Err())
	}
	altered := append([]events.Event(nil), evs...)
	altered[1].Actor = "mallory"
	v = adjudicator.AuditLog(h.Games, altered, adjudicator.AuditCheck{Tamper: []string{"the triggers were dropped"}})
	var chain *events.ChainError
	if v.Passed() || !errors.As(v.Err(), &chain) || !strings.HasPrefix(v.Err().Error(), "audit failed: event d1#2") || !strings.HasSuffix(v.Detail, "; besides, the triggers were dropped") {
		t.Errorf("an altered log: %q, %v", v, v.Err())
	}
	if v := adjudicator.AuditLog(h.Games, evs, adjudicator.AuditCheck{Head: &adjudicator.Head{Seq: last.Seq, Hash: evs[0].Hash}}); v.Passed() || !strings.Contains(v.Detail, "rewritten") {
		t.Errorf("a head the log does not hold: %q", v)
	}

	// The public sees a failure without its digests.
	digest := strings.Repeat("ab", 32)
	failed := adjudicator.Failed(fmt.Errorf("step 1:\ndigest %s, recorded %s", digest, last.Hash))
	if pub := failed.Public(); pub.Passed() || strings.Contains(pub.Detail, digest) || strings.Contains(pub.Detail, last.Hash) || pub.Detail != "step 1: digest …, recorded …" {
		t.Errorf("public failure: %q", pub.Detail)
	}
	if !strings.Contains(failed.Detail, digest) {
		t.Errorf("the failure lost its digest for who holds the log: %q", failed.Detail)
	}
}
