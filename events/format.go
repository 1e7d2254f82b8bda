package events

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"
)

// Log formats. A game's log is written in one format from its first event to
// its last, and every format Taipan ever wrote stays readable: a later build
// adds a format beside the old ones and keeps their readers, so an honest
// old log is never reported as altered.
const (
	// Format1 is the first released format:
	//
	//	hash = SHA-256(prev_hash ‖ "\n" ‖ game_id ‖ "\n" ‖ seq ‖ "\n" ‖ kind ‖ "\n" ‖ actor ‖ "\n" ‖ hex SHA-256(payload))
	//
	// The time an event was recorded is outside the hash, and a withheld
	// payload is stood for by its plain SHA-256, which a guess can be
	// tested against.
	Format1 = 1
	// Format2 covers the time and hides withheld payloads:
	//
	//	hash = SHA-256("taipan-log/2" ‖ "\n" ‖ prev_hash ‖ "\n" ‖ game_id ‖ "\n" ‖ seq ‖ "\n" ‖ kind ‖ "\n" ‖ actor ‖ "\n" ‖ recorded_at ‖ "\n" ‖ commitment)
	//	commitment = hex HMAC-SHA256(key = salt, message = payload)
	//
	// recorded_at is written as RFC 3339 in UTC with exactly three
	// fractional digits (2026-12-01T09:00:00.000Z); salt is 16 random bytes
	// stored with the event (hex). A public export withholds a secret
	// payload together with its salt, so its commitment reveals nothing
	// until both are published at the game's end.
	Format2 = 2

	// CurrentFormat is the format this build writes new games in.
	CurrentFormat = Format2
)

// KnownFormats describes the formats this build reads, for messages.
const KnownFormats = "log formats 1 and 2"

// FormatError is a log this build cannot read: written in a format it does
// not know. It is never a sign of tampering, and says so.
type FormatError struct {
	Event  Event
	Format int
}

// Error says which format the log has and which this build reads.
func (e *FormatError) Error() string {
	if e.Format == 0 {
		return fmt.Sprintf("game %s was written by a pre-release build of Taipan (log format 0: the seed inside game-created, each hash over the payload itself); this build reads %s, so it can neither replay nor audit this log. It is refused for its format, not for any change: the build that wrote it can still read and audit it.", e.Event.Game, KnownFormats)
	}
	return fmt.Sprintf("game %s was written by a newer Taipan (log format %d); this build reads %s. Upgrade Taipan to read it.", e.Event.Game, e.Format, KnownFormats)
}

// SaltSize is the number of random bytes of a format-2 event's salt.
const SaltSize = 16

// recordedAtLayout is how format 2 writes the time into the hash.
const recordedAtLayout = "2006-01-02T15:04:05.000Z07:00"

// appendRecordedAt appends t in UTC as recordedAtLayout writes it. A year
// of four digits, every log's, is written digit by digit: AppendFormat
// was a fifth of checking a chain, which writes the time of every event.
func appendRecordedAt(b []byte, t time.Time) []byte {
	t = t.UTC()
	year, month, day := t.Date()
	if year < 0 || year > 9999 {
		return t.AppendFormat(b, recordedAtLayout)
	}
	hour, minute, sec := t.Clock()
	b = append(appendDigits(b, year, 4), '-')
	b = append(appendDigits(b, int(month), 2), '-')
	b = append(appendDigits(b, day, 2), 'T')
	b = append(appendDigits(b, hour, 2), ':')
	b = append(appendDigits(b, minute, 2), ':')
	b = append(appendDigits(b, sec, 2), '.')
	b = appendDigits(b, t.Nanosecond()/1e6, 3) // truncated, as .000 is
	return append(b, 'Z')
}

// appendDigits appends the last width digits of n, zeros first.
func appendDigits(b []byte, n, width int) []byte {
	d := 1
	for range width - 1 {
		d *= 10
	}
	for ; d > 0; d /= 10 {
		b = append(b, byte('0'+n/d%10))
	}
	return b
}

// ComputeHash returns the chained hash the event should carry, from its
// fields and PrevHash, by the rules of its format.
func (e *Event) ComputeHash() string {
	var hexSum [2 * sha256.Size]byte
	return string(e.appendHash(hexSum[:0]))
}

// hashMatches reports whether the event's recorded hash is ComputeHash,
// without the string ComputeHash makes (Verify checks every event).
func (e *Event) hashMatches() bool {
	var hexSum [2 * sha256.Size]byte
	return string(e.appendHash(hexSum[:0])) == e.Hash
}

// appendHash appends ComputeHash to out.
func (e *Event) appendHash(out []byte) []byte {
	// The parts are written into one buffer on the stack and hashed at
	// once: the same bytes as writing them one by one, without the
	// garbage of a hash, a list and a conversion per part (a replay
	// hashes every event of the log).
	var buf [512]byte
	b := buf[:0]
	part := func(p string) { b = append(append(b, p...), '\n') }
	if e.Format == Format2 {
		part("taipan-log/2")
	}
	part(e.PrevHash)
	part(e.Game)
	b = append(strconv.AppendInt(b, e.Seq, 10), '\n')
	part(e.Kind)
	part(e.Actor)
	if e.Format == Format2 {
		b = append(appendRecordedAt(b, e.RecordedAt), '\n')
	}
	b = e.appendPayloadHash(b)
	sum := sha256.Sum256(b)
	return hex.AppendEncode(out, sum[:])
}

// payloadHash is what stands for the payload in the hash: its SHA-256
// (format 1) or salted commitment (format 2), or the recorded one of a
// redacted event.
func (e *Event) payloadHash() string { return string(e.appendPayloadHash(nil)) }

// appendPayloadHash appends payloadHash to b.
func (e *Event) appendPayloadHash(b []byte) []byte {
	if e.Redacted() {
		return append(b, e.PayloadHash...)
	}
	return appendPayloadCommitment(b, e.Format, e.Salt, e.Payload)
}

// PayloadCommitment is what stands for a payload in an event's hash in the
// given format: hex SHA-256(payload) in format 1, hex HMAC-SHA256 keyed by
// the salt (hex) in format 2.
func PayloadCommitment(format int, salt string, payload []byte) string {
	return string(appendPayloadCommitment(nil, format, salt, payload))
}

// appendPayloadCommitment appends PayloadCommitment to b.
func appendPayloadCommitment(b []byte, format int, salt string, payload []byte) []byte {
	if format == Format2 {
		if sum, ok := smallHMAC(salt, payload); ok {
			return hex.AppendEncode(b, sum[:])
		}
		key, _ := hex.DecodeString(salt)
		m := hmac.New(sha256.New, key)
		m.Write(payload)
		var sum [sha256.Size]byte
		return hex.AppendEncode(b, m.Sum(sum[:0]))
	}
	sum := sha256.Sum256(payload)
	return hex.AppendEncode(b, sum[:])
}

// smallHMAC is HMAC-SHA256(payload) keyed by the hex salt, worked out on
// the stack, as RFC 2104 defines it, for a key of at most one block and a
// payload that fits the buffer: every event of a log hashes its payload,
// and hmac.New's hashes were most of the garbage of checking a chain. ok is
// false for any other salt or payload, left to crypto/hmac.
func smallHMAC(salt string, payload []byte) (sum [sha256.Size]byte, ok bool) {
	const block = 64 // SHA-256's block size
	var buf [1024]byte
	if len(salt)%2 != 0 || len(salt) > 2*block || block+len(payload) > len(buf) {
		return sum, false
	}
	if _, err := hex.Decode(buf[:block], []byte(salt)); err != nil {
		return sum, false
	}
	// buf[:block] is the key, padded with zeros.
	var outer [block + sha256.Size]byte
	for i := range block {
		outer[i] = buf[i] ^ 0x5c
		buf[i] ^= 0x36
	}
	n := copy(buf[block:], payload)
	inner := sha256.Sum256(buf[:block+n])
	copy(outer[block:], inner[:])
	return sha256.Sum256(outer[:]), true
}

// format0Hash is how the pre-release builds hashed an event, kept only to
// recognise their logs and refuse them for what they are.
func (e *Event) format0Hash() string {
	h := sha256.New()
	for i, part := range []string{e.PrevHash, e.Game, strconv.FormatInt(e.Seq, 10), e.Kind, e.Actor} {
		if i > 0 {
			h.Write([]byte{'\n'})
		}
		h.Write([]byte(part))
	}
	h.Write([]byte{'\n'})
	h.Write(e.Payload)
	return hex.EncodeToString(h.Sum(nil))
}

// CheckFormat refuses a log whose first event is in a format this build
// does not read, with a *FormatError that says so. Verify calls it; readers
// that replay without verifying call it first.
func CheckFormat(first *Event) error {
	switch {
	case first.Format > CurrentFormat:
		return &FormatError{Event: *first, Format: first.Format}
	case first.Format < Format1:
		return &FormatError{Event: *first, Format: first.Format}
	case first.Format == Format1 && !first.Redacted() && first.ComputeHash() != first.Hash && first.format0Hash() == first.Hash:
		return &FormatError{Event: *first, Format: 0}
	}
	return nil
}
