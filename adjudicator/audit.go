package adjudicator

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"taipan/events"
)

// Audit checks a game's whole log as a third party would: the hash chain
// from the first event, then a replay from scratch that must reproduce every
// recorded step digest and every recorded list of defaults. It returns the
// replayed game, or an error naming the first bad event (*events.ChainError,
// *events.FormatError or *ReplayError).
func Audit(reg *Registry, evs []events.Event) (*Game, error) {
	// The chain is checked beside the replay (the engine itself stays on
	// one goroutine); a broken chain is reported before anything the
	// replay found, since it says the log itself was changed.
	chain := make(chan error, 1)
	go func() { chain <- events.Verify(evs) }()
	g, err := Replay(reg, evs)
	if cerr := <-chain; cerr != nil {
		return nil, cerr
	}
	if err != nil {
		return nil, err
	}
	// An upgrade for the whole game claims that the new version reproduces
	// every step before it: check the claim, not only the log.
	for i, e := range evs {
		if e.Kind != KindUpgrade {
			continue
		}
		var p Upgraded
		if err := e.Decode(&p); err != nil {
			return nil, err
		}
		if p.Whole {
			if _, err := ReplayWithVersion(reg, evs[:i], p.To); err != nil {
				return nil, &ReplayError{e, fmt.Sprintf("upgrades the whole game to %s, but %s does not reproduce it: %s", p.To, p.To, changedStep(err))}
			}
		}
	}
	return g, nil
}

// Head is a log's chain head as a report prints it: the sequence number and
// hash of an event. A player who keeps a report holds the head it was made
// from, and can prove with it that a later log dropped or rewrote events.
type Head struct {
	Seq  int64
	Hash string
}

// String writes the head as ParseHead reads it: "SEQ:HASH".
func (h Head) String() string { return fmt.Sprintf("%d:%s", h.Seq, h.Hash) }

// ParseHead reads "SEQ:HASH" (the form reports print).
func ParseHead(s string) (Head, error) {
	seq, hash, ok := strings.Cut(strings.TrimSpace(s), ":")
	n, err := strconv.ParseInt(seq, 10, 64)
	if _, herr := hex.DecodeString(hash); !ok || err != nil || n < 1 || len(hash) != 64 || herr != nil {
		return Head{}, Errorf(EINVALID, "bad head %q: write SEQ:HASH, as a report prints it (e.g. 17:3fa4…, 64 hex digits)", s)
	}
	return Head{Seq: n, Hash: strings.ToLower(hash)}, nil
}

// CheckHead checks that the log holds the head's event unchanged: a log
// that ends before it was truncated, one whose event there has another hash
// was rewritten from that event on.
func CheckHead(evs []events.Event, h Head) error {
	if int64(len(evs)) < h.Seq {
		return Errorf(ECONFLICT, "the log ends at event %d, but a report was made from event %d (hash %s): events were dropped from its end", len(evs), h.Seq, short(h.Hash))
	}
	if got := evs[h.Seq-1].Hash; got != h.Hash {
		return Errorf(ECONFLICT, "event %d has hash %s, but a report was made from it with hash %s: the log was rewritten at or before that event", h.Seq, short(got), short(h.Hash))
	}
	return nil
}
