package adjudicator

import (
	"fmt"
	"regexp"
	"strings"

	"taipan/events"
)

// The headlines of an audit's verdict.
const (
	AuditPassed   = "Audit passed"   // the chain checks and the replay reproduces every step
	ChainVerified = "Chain verified" // payloads are withheld: the chain checks, the replay waits for the full log
	AuditFailed   = "Audit failed"
)

// AuditCheck is what an audit checks besides the log itself.
type AuditCheck struct {
	// Head, when set, is a chain head the reader holds (a report prints
	// it): the log must hold its event unchanged.
	Head *Head
	// SignedBy, when set, is the GM's public key with which the
	// signature of Head has checked.
	SignedBy string
	// Tamper is what the database found of changes made behind Taipan's
	// back (events.Store.Integrity), for a log read from one.
	Tamper []string
}

// Verdict is what an audit of one game's log found, worded once for every
// reader: `taipan audit` prints it, the web site's audit page shows it.
type Verdict struct {
	Headline string // AuditPassed, ChainVerified or AuditFailed
	Detail   string // what was checked, or what failed
	err      error  // why the audit failed; nil when it passed
}

// Passed reports whether the audit passed (or, for a log with withheld
// payloads, its chain checked).
func (v Verdict) Passed() bool { return v.err == nil }

// String is the verdict in one line: its headline, then its detail.
func (v Verdict) String() string { return v.Headline + ": " + v.Detail }

// Err is the failure as an error ("audit failed: …", wrapping what
// failed), nil when the audit passed.
func (v Verdict) Err() error { return v.err }

// Public is the verdict as a reader who does not hold the log may see it:
// a failure names events, not hashes, since a digest in a failure could be
// tested against guesses of the hidden state.
func (v Verdict) Public() Verdict {
	if v.err != nil {
		v.Detail = digestText.ReplaceAllString(strings.Join(strings.Fields(v.Detail), " "), "…")
	}
	return v
}

// digestText finds what looks like a SHA-256 in a message.
var digestText = regexp.MustCompile(`[0-9a-f]{64}`)

// Failed is the verdict of an audit that could not be made: err says why
// (a file that does not read, a head that does not check).
func Failed(err error) Verdict {
	return Verdict{Headline: AuditFailed, Detail: err.Error(), err: fmt.Errorf("audit failed: %w", err)}
}

// AuditLog audits one game's log (from the database or an export) as
// Audit does, checks what check asks besides, and says what it found. A
// log with withheld payloads (a public export of a running game) can only
// have its chain checked; grey press withheld for good is checked through
// the chain, the replay doing without it (press changes nothing in play).
func AuditLog(reg *Registry, evs []events.Event, check AuditCheck) Verdict {
	v := auditLog(reg, evs, check)
	if len(check.Tamper) == 0 {
		return v
	}
	tamper := strings.Join(check.Tamper, "; ")
	if v.err != nil {
		v.Detail += "; besides, " + tamper
		v.err = fmt.Errorf("%w; besides, %s", v.err, tamper)
		return v
	}
	// The verdict is not given: an audit that fails says only that.
	return Failed(fmt.Errorf("the log itself checks out, but %s", tamper))
}

// auditLog is AuditLog without the database's own findings.
func auditLog(reg *Registry, evs []events.Event, check AuditCheck) Verdict {
	if len(evs) == 0 {
		return Failed(fmt.Errorf("the log holds no events"))
	}
	withheld, grey := 0, 0
	for _, e := range evs {
		switch {
		case e.Redacted() && e.Kind == KindPress:
			grey++ // replay does without press, which changes nothing in play
		case e.Redacted():
			withheld++
		}
	}
	last := evs[len(evs)-1]
	ends := fmt.Sprintf(" The log ends at event %d, hash %s.", last.Seq, last.Hash)
	notes := ""
	if check.Head != nil {
		if err := events.Verify(evs); err != nil {
			return Failed(err)
		}
		if err := CheckHead(evs, *check.Head); err != nil {
			return Failed(err)
		}
		notes = fmt.Sprintf(" The log holds event %d as your report knew it.", check.Head.Seq)
		if check.SignedBy != "" {
			notes = fmt.Sprintf(" The log holds event %d as the GM signed it (key %s).", check.Head.Seq, check.SignedBy)
		}
	}
	if withheld > 0 {
		// A public export of a running game: only the chain can be checked.
		if err := events.Verify(evs); err != nil {
			return Failed(err)
		}
		return Verdict{Headline: ChainVerified, Detail: fmt.Sprintf("game %s, %s, hash chain intact; %s (the campaign, the seed, the orders and the step digests) withheld until the game is over, so the replay waits for the full log.%s%s",
			evs[0].Game, plural(len(evs), "event"), plural(withheld, "payload"), ends, notes)}
	}
	g, err := Audit(reg, evs)
	if err != nil {
		return Failed(err)
	}
	if grey > 0 {
		notes += fmt.Sprintf(" %s withheld for good (grey press, whose sender nobody is told), checked through the chain.", plural(grey, "press payload"))
	}
	if g.Format < events.Format2 && !g.Status.Finished {
		// A format-1 hash of a withheld order could be tested against
		// guesses; format 2 salts every payload's commitment.
		ends = ""
	}
	state := fmt.Sprintf("step %d open", g.Step)
	if g.Status.Finished {
		state = "finished, winner " + strings.Join(g.Status.Winners, " and ")
		if len(g.Status.Winners) == 0 {
			state = "finished without a winner"
		}
	}
	return Verdict{Headline: AuditPassed, Detail: fmt.Sprintf("game %s, %s (log format %d), hash chain intact, %s reproduced by %s; %s.%s%s",
		g.ID, plural(len(evs), "event"), g.Format, plural(g.Last.Step, "step digest"), g.Engine.Version(), state, ends, notes)}
}

// plural is "1 noun" or "n nouns".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
