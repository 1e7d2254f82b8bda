package events

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
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
	PayloadHash string    `json:"payload_hash,omitempty"`
	RecordedAt  time.Time `json:"recorded_at"`
	PrevHash    string    `json:"prev_hash"`
	Hash        string    `json:"hash"`
}

// ComputeHash returns the chained hash the event should carry, from its
// fields and PrevHash. The payload enters it through its own SHA-256, so a
// redacted event still proves its place in the chain.
func (e *Event) ComputeHash() string {
	h := sha256.New()
	for _, part := range []string{e.PrevHash, e.Game, strconv.FormatInt(e.Seq, 10), e.Kind, e.Actor} {
		h.Write([]byte(part))
		h.Write([]byte{'\n'})
	}
	h.Write([]byte(e.payloadHash()))
	return hex.EncodeToString(h.Sum(nil))
}

// payloadHash is the hex SHA-256 of the payload, or the recorded one of a
// redacted event.
func (e *Event) payloadHash() string {
	if e.Redacted() {
		return e.PayloadHash
	}
	sum := sha256.Sum256(e.Payload)
	return hex.EncodeToString(sum[:])
}

// Redacted reports whether the payload was withheld.
func (e *Event) Redacted() bool { return e.Payload == nil && e.PayloadHash != "" }

// Redact returns a copy of e whose payload is withheld, replaced by its
// hash: the copy verifies in the chain but cannot be replayed.
func (e Event) Redact() Event {
	e.PayloadHash = e.payloadHash()
	e.Payload = nil
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
// 1 without gaps, each hash correct and chained to the previous one, each
// payload canonical (a redacted event is checked through its payload hash).
// It returns a *ChainError naming the first bad event.
func Verify(evs []Event) error {
	prev := ""
	for i := range evs {
		e := &evs[i]
		switch {
		case e.Game != evs[0].Game:
			return &ChainError{*e, fmt.Sprintf("belongs to game %q, not %q", e.Game, evs[0].Game)}
		case e.Seq != int64(i+1):
			return &ChainError{*e, fmt.Sprintf("sequence number %d where %d was expected", e.Seq, i+1)}
		case e.PrevHash != prev:
			return &ChainError{*e, "previous hash does not match the event before it"}
		case e.ComputeHash() != e.Hash:
			return &ChainError{*e, "hash does not match its contents (the event was altered)"}
		}
		if e.Redacted() {
			prev = e.Hash
			continue
		}
		if c, err := Canonical(e.Payload); err != nil || string(c) != string(e.Payload) {
			return &ChainError{*e, "payload is not canonical JSON"}
		}
		prev = e.Hash
	}
	return nil
}
