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
	str := func() (string, bool) {
		if i >= len(b) || b[i] != '"' {
			return "", false
		}
		j := i + 1
		for j < len(b) && b[j] != '"' {
			if b[j] == '\\' || b[j] < 0x20 || b[j] >= 0x80 {
				return "", false // escapes and non-ASCII: encoding/json reads them
			}
			j++
		}
		if j >= len(b) {
			return "", false
		}
		s := string(b[i+1 : j])
		i = j + 1
		return s, true
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
	seen := map[string]bool{}
	for !expect('}') {
		if len(seen) > 0 && !expect(',') {
			return p, false
		}
		key, ok := str()
		if !ok || seen[key] || !expect(':') {
			return p, false
		}
		seen[key] = true
		switch key {
		case "defaults":
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
		case "step":
			j := i
			for j < len(b) && b[j] >= '0' && b[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(string(b[i:j]))
			if err != nil || j-i > 1 && b[i] == '0' {
				return p, false
			}
			p.Step, i = n, j
		case "digest", "engine_version", "note", "reason":
			s, ok := str()
			if !ok {
				return p, false
			}
			switch key {
			case "digest":
				p.Digest = s
			case "engine_version":
				p.EngineVersion = s
			case "note":
				p.Note = s
			case "reason":
				p.Reason = s
			}
		default:
			return p, false
		}
	}
	return p, i == len(bytes.TrimSpace(b))
}
