package events

import (
	"encoding/json"
	"fmt"
	"time"
)

// Event is one entry of a game's log.
type Event struct {
	Game    string          `json:"game"`
	Seq     int64           `json:"seq"`
	Kind    string          `json:"kind"`
	Actor   string          `json:"actor"`
	Payload json.RawMessage `json:"payload,omitempty"`
	// PayloadHash stands in for a payload withheld from a public export
	// (see Redact); it is empty when the payload is present.
	PayloadHash string `json:"payload_hash,omitempty"`
	// Format is the log format the event is written in (see Format1,
	// Format2); exports of format 1 may leave it out.
	Format int `json:"format,omitempty"`
	// Salt keys the payload's commitment in format 2 (hex); withheld with
	// the payload.
	Salt       string    `json:"salt,omitempty"`
	RecordedAt time.Time `json:"recorded_at"`
	PrevHash   string    `json:"prev_hash"`
	Hash       string    `json:"hash"`
}

// Redacted reports whether the payload was withheld.
func (e *Event) Redacted() bool { return e.Payload == nil && e.PayloadHash != "" }

// Redact returns a copy of e whose payload is withheld, replaced by its
// hash: the copy verifies in the chain but cannot be replayed.
func (e Event) Redact() Event {
	e.PayloadHash = e.payloadHash()
	e.Payload = nil
	e.Salt = ""
	return e
}

// Decode unmarshals the payload into v.
func (e *Event) Decode(v any) error {
	if err := json.Unmarshal(e.Payload, v); err != nil {
		return fmt.Errorf("event %s#%d (%s): bad payload: %w", e.Game, e.Seq, e.Kind, err)
	}
	return nil
}

// String names the event for messages: "bourse-1#4 orders by alice".
func (e *Event) String() string {
	return fmt.Sprintf("%s#%d %s by %s", e.Game, e.Seq, e.Kind, e.Actor)
}

// ChainError says where a game's log stops being trustworthy.
type ChainError struct {
	Event  Event
	Reason string
}

// Error names the event and what is wrong with it.
func (e *ChainError) Error() string {
	return fmt.Sprintf("event %s: %s", e.Event.String(), e.Reason)
}

// Verify checks that evs are one game's complete log in order: numbered from
// 1 without gaps, all in one format, each hash correct and chained to the
// previous one, each payload canonical (a redacted event is checked through
// its payload hash). It returns a *FormatError for a log in a format this
// build does not read, else a *ChainError naming the first bad event.
func Verify(evs []Event) error {
	if len(evs) == 0 {
		return nil
	}
	if err := CheckFormat(&evs[0]); err != nil {
		return err
	}
	prev := ""
	for i := range evs {
		e := &evs[i]
		switch {
		case e.Format != evs[0].Format:
			return &ChainError{*e, fmt.Sprintf("written in log format %d in a log of format %d", e.Format, evs[0].Format)}
		case e.Game != evs[0].Game:
			return &ChainError{*e, fmt.Sprintf("belongs to game %q, not %q", e.Game, evs[0].Game)}
		case e.Seq != int64(i+1):
			return &ChainError{*e, fmt.Sprintf("sequence number %d where %d was expected", e.Seq, i+1)}
		case e.PrevHash != prev:
			return &ChainError{*e, "previous hash does not match the event before it"}
		case !e.hashMatches():
			return &ChainError{*e, "hash does not match its contents (the event was altered)"}
		}
		if e.Redacted() {
			prev = e.Hash
			continue
		}
		if !IsCanonical(e.Payload) {
			return &ChainError{*e, "payload is not canonical JSON"}
		}
		prev = e.Hash
	}
	return nil
}
