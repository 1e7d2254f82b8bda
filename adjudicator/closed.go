package adjudicator

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// decodeClosed reads a step-closed payload. Replay reads one for every step
// of a game's history: the canonical form the log holds ({"defaults":[…],
// "digest":…,"engine_version":…,"note":…,"reason":…,"step":N}, keys sorted,
// plain strings) is read directly; anything else goes to encoding/json,
// which gives the same result (FuzzDecodeClosed).
func decodeClosed(b []byte) (Closed, error) {
	if p, ok := scanClosed(b); ok {
		return p, nil
	}
	var p Closed
	err := json.Unmarshal(b, &p)
	return p, err
}

// scanClosed reads the canonical form; ok is false for any other.
func scanClosed(b []byte) (p Closed, ok bool) {
	i := 0
	raw := func() ([]byte, bool) {
		if i >= len(b) || b[i] != '"' {
			return nil, false
		}
		j := i + 1
		for j < len(b) && b[j] != '"' {
			if b[j] == '\\' || b[j] < 0x20 || b[j] >= 0x80 {
				return nil, false // escapes and non-ASCII: encoding/json reads them
			}
			j++
		}
		if j >= len(b) {
			return nil, false
		}
		s := b[i+1 : j]
		i = j + 1
		return s, true
	}
	str := func() (string, bool) {
		s, ok := raw()
		return string(s), ok
	}
	expect := func(c byte) bool {
		if i < len(b) && b[i] == c {
			i++
			return true
		}
		return false
	}
	if !expect('{') {
		return p, false
	}
	var seen closedKey // the keys read so far
	for !expect('}') {
		if seen != 0 && !expect(',') {
			return p, false
		}
		name, ok := raw()
		key := closedKeyNamed(name)
		if !ok || key == 0 || seen&key != 0 || !expect(':') {
			return p, false
		}
		seen |= key
		switch key {
		case keyDefaults:
			if !expect('[') {
				return p, false
			}
			p.Defaults = []string{}
			for !expect(']') {
				if len(p.Defaults) > 0 && !expect(',') {
					return p, false
				}
				s, ok := str()
				if !ok {
					return p, false
				}
				p.Defaults = append(p.Defaults, s)
			}
		case keyStep:
			j := i
			for j < len(b) && b[j] >= '0' && b[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(string(b[i:j]))
			if err != nil || j-i > 1 && b[i] == '0' {
				return p, false
			}
			p.Step, i = n, j
		default:
			s, ok := str()
			if !ok {
				return p, false
			}
			switch key {
			case keyDigest:
				p.Digest = s
			case keyEngineVersion:
				p.EngineVersion = s
			case keyNote:
				p.Note = s
			case keyReason:
				p.Reason = s
			}
		}
	}
	return p, i == len(bytes.TrimSpace(b))
}

// closedKey is a key of the canonical step-closed payload, one bit each,
// so that scanClosed tells a repeated key without a map.
type closedKey uint8

const (
	keyDefaults closedKey = 1 << iota
	keyDigest
	keyEngineVersion
	keyNote
	keyReason
	keyStep
)

// closedKeyNamed is the key written name, 0 for any other; the name is
// compared as bytes, not made a string, once for every step replayed.
func closedKeyNamed(name []byte) closedKey {
	switch {
	case string(name) == "defaults":
		return keyDefaults
	case string(name) == "digest":
		return keyDigest
	case string(name) == "engine_version":
		return keyEngineVersion
	case string(name) == "note":
		return keyNote
	case string(name) == "reason":
		return keyReason
	case string(name) == "step":
		return keyStep
	}
	return 0
}
