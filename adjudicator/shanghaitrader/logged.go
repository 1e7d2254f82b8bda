package shanghaitrader

import (
	"strconv"
	"unicode/utf8"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Replay reads an order's value from the log's JSON text (orders.Item
// Logged) straight into the values its verb reads, the very values
// nodeValue reads from the YAML node the text makes: building the nodes
// was most of reading a logged order, and replay reads every order of a
// campaign.

var _ engine.TextReader = Engine{}

// ReadsLoggedText marks the engine as reading logged text
// (engine.TextReader): generic reads either form of an order's value.
func (Engine) ReadsLoggedText() {}

// loggedValue is the value of it, whose Logged text
// orders.ParseLoggedPayloadText checked to be of the log's own form, as
// nodeValue reads its node; anything else is read from the node.
func loggedValue(it orders.Item) (any, error) {
	sc := loggedScan{s: it.Logged}
	v, ok, err := sc.value(it, 0)
	if err != nil {
		return nil, err
	}
	if !ok || sc.i != len(sc.s) {
		return nodeValue(it, it.Node(), 0)
	}
	return v, nil
}

// loggedScan reads logged JSON text of the log's own form: no space,
// strings without escapes, integers of at most 15 digits.
type loggedScan struct {
	s string
	i int
}

func (sc *loggedScan) next(c byte) bool {
	if sc.i < len(sc.s) && sc.s[sc.i] == c {
		sc.i++
		return true
	}
	return false
}

// entries is the number of entries of the list or mapping whose first
// entry (or end) is next, so that it is made at its size: its commas,
// those of the lists and mappings inside it aside, and one.
func (sc *loggedScan) entries() int {
	n, depth := 1, 0
	for i := sc.i; i < len(sc.s); i++ {
		switch sc.s[i] {
		case '"':
			for i++; i < len(sc.s) && sc.s[i] != '"'; i++ {
				if sc.s[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return n
			}
			depth--
		case ',':
			if depth == 0 {
				n++
			}
		}
	}
	return n
}

// str reads a string without escapes, valid UTF-8, cut from the text.
func (sc *loggedScan) str() (string, bool) {
	if !sc.next('"') {
		return "", false
	}
	start := sc.i
	ascii := true
	for ; sc.i < len(sc.s); sc.i++ {
		switch c := sc.s[sc.i]; {
		case c == '"':
			out := sc.s[start:sc.i]
			sc.i++
			return out, ascii || utf8.ValidString(out)
		case c < 0x20 || c == '\\':
			return "", false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return "", false
}

// value reads one value at depth as nodeValue does: a string, an int, a
// bool, nil, a strList of strings alone, a []any, a mapping (a badMap
// where a key repeats). ok is false for text not of the log's
// form; err is nodeValue's error.
func (sc *loggedScan) value(it orders.Item, depth int) (v any, ok bool, err error) {
	if depth > 32 {
		return nil, true, it.Errorf("nested too deeply")
	}
	if sc.i >= len(sc.s) {
		return nil, false, nil
	}
	switch c := sc.s[sc.i]; {
	case c == '"':
		s, ok := sc.str()
		return s, ok, nil
	case c == '[':
		sc.i++
		if sc.next(']') {
			return strList{}, true, nil
		}
		return sc.list(it, depth)
	case c == '{':
		sc.i++
		out := make(mapping, 0, sc.entries())
		for first := true; !sc.next('}'); first = false {
			if !first && !sc.next(',') {
				return nil, false, nil
			}
			k, ok := sc.str()
			if !ok || !sc.next(':') {
				return nil, false, nil
			}
			v, ok, err := sc.value(it, depth+1)
			if !ok || err != nil {
				return nil, ok, err
			}
			out = append(out, mapEntry{k, v})
		}
		if m, ok := sortMapping(out); ok {
			return m, true, nil
		}
		return badMap{}, true, nil
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range [...]struct {
			text string
			v    any
		}{{"true", true}, {"false", false}, {"null", nil}} {
			if len(sc.s)-sc.i >= len(lit.text) && sc.s[sc.i:sc.i+len(lit.text)] == lit.text {
				sc.i += len(lit.text)
				return lit.v, true, nil
			}
		}
		return nil, false, nil
	}
	start := sc.i
	sc.next('-')
	for sc.i < len(sc.s) && sc.s[sc.i] >= '0' && sc.s[sc.i] <= '9' {
		sc.i++
	}
	n := sc.s[start:sc.i]
	if !plainDecimal(n) || len(n) > 16 {
		return nil, false, nil
	}
	if sc.i < len(sc.s) && (sc.s[sc.i] == '.' || sc.s[sc.i] == 'e' || sc.s[sc.i] == 'E') {
		return nil, false, nil
	}
	i, err := strconv.Atoi(n)
	return i, err == nil, nil
}

// list reads the rest of a list that is not empty: a strList while it
// holds strings alone, else a []any.
func (sc *loggedScan) list(it orders.Item, depth int) (v any, ok bool, err error) {
	strs := make(strList, 0, sc.entries())
	for first := true; !sc.next(']'); first = false {
		if !first && !sc.next(',') {
			return nil, false, nil
		}
		if sc.i < len(sc.s) && sc.s[sc.i] == '"' {
			s, ok := sc.str()
			if !ok {
				return nil, false, nil
			}
			strs = append(strs, s)
			continue
		}
		// Another value: the list is a []any of the strings so far and
		// the rest.
		out := make([]any, len(strs), cap(strs))
		for i, s := range strs {
			out[i] = s
		}
		for {
			e, ok, err := sc.value(it, depth+1)
			if !ok || err != nil {
				return nil, ok, err
			}
			out = append(out, e)
			if sc.next(']') {
				return out, true, nil
			}
			if !sc.next(',') {
				return nil, false, nil
			}
		}
	}
	return strs, true, nil
}
