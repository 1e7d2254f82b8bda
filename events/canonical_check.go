package events

import (
	"bytes"
	"unicode/utf8"
)

// IsCanonical reports whether b is the canonical JSON encoding of some
// value (Canonical(b) == b), without building the value: Verify checks every
// payload of a log, and re-encoding each was a large part of an audit.
//
// It scans b once. The few forms it does not decide itself (an escape inside
// an object key, which the key order must be judged on unescaped) it hands
// to Canonical.
func IsCanonical(b []byte) bool {
	c := canonChecker{b: b}
	ok, sure := c.value()
	if sure && ok && c.i != len(b) {
		return false
	}
	if !sure {
		want, err := Canonical(b)
		return err == nil && bytes.Equal(want, b)
	}
	return ok
}

type canonChecker struct {
	b     []byte
	i     int
	depth int
}

// maxCheckDepth bounds the checker's recursion; deeper values are left to
// Canonical, which refuses what encoding/json refuses.
const maxCheckDepth = 1000

// value checks one value at c.i; sure is false when the checker cannot
// decide alone.
func (c *canonChecker) value() (ok, sure bool) {
	if c.i >= len(c.b) {
		return false, true
	}
	switch ch := c.b[c.i]; {
	case ch == '{' || ch == '[':
		if c.depth++; c.depth > maxCheckDepth {
			return false, false
		}
		defer func() { c.depth-- }()
		if ch == '{' {
			return c.object()
		}
		return c.array()
	case ch == '"':
		_, _, ok := c.str()
		return ok, true
	case ch == 't':
		return c.literal("true"), true
	case ch == 'f':
		return c.literal("false"), true
	case ch == 'n':
		return c.literal("null"), true
	case ch == '-' || ch >= '0' && ch <= '9':
		return c.number(), true
	}
	return false, true
}

func (c *canonChecker) literal(s string) bool {
	if !bytes.HasPrefix(c.b[c.i:], []byte(s)) {
		return false
	}
	c.i += len(s)
	return true
}

func (c *canonChecker) array() (ok, sure bool) {
	c.i++ // [
	if c.i < len(c.b) && c.b[c.i] == ']' {
		c.i++
		return true, true
	}
	for {
		if ok, sure := c.value(); !ok || !sure {
			return ok, sure
		}
		if more, ok := c.next(']'); !more {
			return ok, true
		}
	}
}

// next reads what follows a member of a list or an object: a comma (more
// is true) or the closing byte (ok is true).
func (c *canonChecker) next(closing byte) (more, ok bool) {
	if c.i >= len(c.b) {
		return false, false
	}
	switch c.b[c.i] {
	case ',':
		c.i++
		return true, true
	case closing:
		c.i++
		return false, true
	}
	return false, false
}

func (c *canonChecker) object() (ok, sure bool) {
	c.i++ // {
	if c.i < len(c.b) && c.b[c.i] == '}' {
		c.i++
		return true, true
	}
	var prev []byte
	for first := true; ; first = false {
		if c.i >= len(c.b) || c.b[c.i] != '"' {
			return false, true
		}
		key, escaped, ok := c.str()
		if !ok {
			return false, true
		}
		if escaped {
			return false, false // order and uniqueness are judged on the unescaped key
		}
		// Keys sorted as encoding/json sorts them (byte-wise), no duplicates.
		if !first && bytes.Compare(prev, key) >= 0 {
			return false, true
		}
		prev = key
		if c.i >= len(c.b) || c.b[c.i] != ':' {
			return false, true
		}
		c.i++
		if ok, sure := c.value(); !ok || !sure {
			return ok, sure
		}
		if more, ok := c.next('}'); !more {
			return ok, true
		}
	}
}

// str checks a string as encoding/json writes it without HTML escaping,
// returning its raw body and whether it holds escapes.
func (c *canonChecker) str() (body []byte, escaped, ok bool) {
	c.i++ // opening quote
	start := c.i
	for c.i < len(c.b) {
		ch := c.b[c.i]
		switch {
		case ch == '"':
			body = c.b[start:c.i]
			c.i++
			return body, escaped, true
		case ch == '\\':
			escaped = true
			if !c.escape() {
				return nil, escaped, false
			}
		case ch < 0x20:
			return nil, escaped, false
		case ch < utf8.RuneSelf:
			c.i++
		default:
			r, size := utf8.DecodeRune(c.b[c.i:])
			if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
				return nil, escaped, false // encoding/json writes these escaped
			}
			c.i += size
		}
	}
	return nil, escaped, false
}

// escape checks one escape at c.i: only those encoding/json writes.
func (c *canonChecker) escape() bool {
	if c.i+1 >= len(c.b) {
		return false
	}
	switch c.b[c.i+1] {
	case '"', '\\', 'n', 'r', 't', 'b', 'f':
		c.i += 2
		return true
	case 'u':
		if c.i+6 > len(c.b) {
			return false
		}
		hex := string(c.b[c.i+2 : c.i+6])
		switch {
		case hex == "2028" || hex == "2029":
		case hex[:2] == "00" && isLowerHex(hex[2]) && isLowerHex(hex[3]):
			v := unhex(hex[2])<<4 | unhex(hex[3])
			if v >= 0x20 || v == '\n' || v == '\r' || v == '\t' || v == '\b' || v == '\f' {
				return false
			}
		default:
			return false
		}
		c.i += 6
		return true
	}
	return false
}

func isLowerHex(ch byte) bool { return ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f' }

func unhex(ch byte) byte {
	if ch <= '9' {
		return ch - '0'
	}
	return ch - 'a' + 10
}

// number checks a JSON number; Canonical keeps numbers as written.
func (c *canonChecker) number() bool {
	start := c.i
	if c.b[c.i] == '-' {
		c.i++
	}
	digits := func() int {
		n := 0
		for c.i < len(c.b) && c.b[c.i] >= '0' && c.b[c.i] <= '9' {
			c.i++
			n++
		}
		return n
	}
	if c.i < len(c.b) && c.b[c.i] == '0' {
		c.i++
	} else if digits() == 0 {
		return false
	}
	if c.i < len(c.b) && c.b[c.i] == '.' {
		c.i++
		if digits() == 0 {
			return false
		}
	}
	if c.i < len(c.b) && (c.b[c.i] == 'e' || c.b[c.i] == 'E') {
		c.i++
		if c.i < len(c.b) && (c.b[c.i] == '+' || c.b[c.i] == '-') {
			c.i++
		}
		if digits() == 0 {
			return false
		}
	}
	return c.i > start
}
