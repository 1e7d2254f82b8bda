package orders

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// ParseLoggedPayloadText reads an orders event's payload as
// ParseLoggedPayload does, the same step and items, the same errors, but
// leaves each order's value as the log holds it: its JSON text in
// Item.Logged, with no YAML node built (Value nil). Replay reads every
// order of a game's history, and building the nodes was most of reading
// them; an engine that reads Logged itself (engine.TextReader) is handed
// the orders of the log in this form.
//
// Only the form the log writes is read this way: the payload
// {"orders":[…],"step":N} with no space, each entry one verb and its
// value, whose strings have no escape and whose numbers are integers of
// up to 15 digits (the numbers an order file can hold). Any other payload
// is read by ParseLoggedPayload, its values as nodes.
func ParseLoggedPayloadText(payload []byte) (step int, items []Item, err error) {
	if step, items, ok := scanPayloadText(payload); ok {
		return step, items, nil
	}
	return ParseLoggedPayload(payload)
}

// scanPayloadText reads a payload of the log's own form into items whose
// values are left as text; ok is false for any other payload.
func scanPayloadText(payload []byte) (step int, items []Item, ok bool) {
	const head, tail = `{"orders":[`, `,"step":`
	if !bytes.HasPrefix(payload, []byte(head)) {
		return 0, nil, false
	}
	text := string(payload) // the values and verbs are cut from it
	sc := textScan{s: text, i: len(head)}
	items = make([]Item, 0, countEntries(payload[len(head):]))
	for i := 0; !sc.next(']'); i++ {
		if i > 0 && !sc.next(',') {
			return 0, nil, false
		}
		// {"verb":value}, as ParseLoggedPayload reads an entry of one key
		// into its item.
		if !sc.next('{') {
			return 0, nil, false
		}
		key, ok := sc.str()
		if !ok || !sc.next(':') {
			return 0, nil, false
		}
		verb := strings.TrimSpace(key)
		if verb == "" {
			return 0, nil, false
		}
		start := sc.i
		if !sc.value(1) {
			return 0, nil, false
		}
		value := text[start:sc.i]
		if !sc.next('}') {
			return 0, nil, false
		}
		items = append(items, Item{Index: i, Line: 1, Verb: lowerVerb(verb), Logged: value})
	}
	if !strings.HasPrefix(text[sc.i:], tail) {
		return 0, nil, false
	}
	sc.i += len(tail)
	digits := sc.i
	sc.next('-')
	for sc.i < len(text) && text[sc.i] >= '0' && text[sc.i] <= '9' {
		sc.i++
	}
	n := text[digits:sc.i]
	if d := strings.TrimPrefix(n, "-"); d == "" || len(d) > 1 && d[0] == '0' || !sc.next('}') || sc.i != len(text) {
		return 0, nil, false
	}
	v, err := strconv.ParseInt(n, 10, strconv.IntSize)
	if err != nil {
		return 0, nil, false
	}
	return int(v), items, true
}

// lowerVerb is strings.ToLower of a verb, without a copy when it is
// lower case already, as the log's verbs are.
func lowerVerb(v string) string {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf {
			return strings.ToLower(v)
		}
	}
	return v
}

// countEntries is an upper bound on the entries of an orders list: its
// commas and one.
func countEntries(b []byte) int { return bytes.Count(b, []byte("},{")) + 1 }

// textScan checks the JSON of the log's own form: no space, strings
// without escapes, integers of at most 15 digits, nesting to
// maxTextDepth; it reads nothing into values.
type textScan struct {
	s string
	i int
}

// maxTextDepth is how deep textScan follows lists and mappings; no order
// value is nested nearly as deep.
const maxTextDepth = 32

// next consumes c if it comes next.
func (sc *textScan) next(c byte) bool {
	if sc.i < len(sc.s) && sc.s[sc.i] == c {
		sc.i++
		return true
	}
	return false
}

// str reads a string without escapes, valid UTF-8.
func (sc *textScan) str() (string, bool) {
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

// value checks one value at nesting depth.
func (sc *textScan) value(depth int) bool {
	if sc.i >= len(sc.s) {
		return false
	}
	switch c := sc.s[sc.i]; {
	case c == '"':
		_, ok := sc.str()
		return ok
	case c == '[' || c == '{':
		if depth > maxTextDepth {
			return false
		}
		sc.i++
		end := byte(']')
		if c == '{' {
			end = '}'
		}
		for first := true; !sc.next(end); first = false {
			if !first && !sc.next(',') {
				return false
			}
			if c == '{' {
				if _, ok := sc.str(); !ok || !sc.next(':') {
					return false
				}
			}
			if !sc.value(depth + 1) {
				return false
			}
		}
		return true
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range [...]string{"true", "false", "null"} {
			if strings.HasPrefix(sc.s[sc.i:], lit) {
				sc.i += len(lit)
				return true
			}
		}
		return false
	}
	start := sc.i
	sc.next('-')
	digits := sc.i
	for sc.i < len(sc.s) && sc.s[sc.i] >= '0' && sc.s[sc.i] <= '9' {
		sc.i++
	}
	n := sc.i - digits
	switch {
	case n == 0 || n > 15 || n > 1 && sc.s[digits] == '0':
		return false
	case sc.s[start:sc.i] == "-0":
		return false // read as the float -0 would be; the nodes say how
	case sc.i < len(sc.s) && (sc.s[sc.i] == '.' || sc.s[sc.i] == 'e' || sc.s[sc.i] == 'E'):
		return false
	}
	return true
}

// Node is the item's argument as a YAML node: Value, or for an item
// ParseLoggedPayloadText read, the node ParseLoggedPayload makes of its
// logged text; nil for a bare word.
func (it Item) Node() *yaml.Node {
	if it.Value != nil || it.Logged == "" {
		return it.Value
	}
	sc := jsonScan{b: []byte(it.Logged)}
	n, err := sc.value()
	if err != nil {
		return nil // not reached: the text was checked as it was read
	}
	return n
}

// loggedScalar is the text of an item's logged value that is one string,
// integer or boolean, as its node would hold it; ok is false for any
// other item, left to Node. String reads most logged values this way,
// without a node.
func (it Item) loggedScalar() (string, bool) {
	if it.Value != nil || it.Logged == "" {
		return "", false
	}
	sc := textScan{s: it.Logged}
	v, ok := sc.scalar()
	return v, ok && sc.i == len(sc.s)
}

// loggedList is Strings of an item's logged value that is one scalar or
// a list of them (loggedScalar), each trimmed, without a node; ok is
// false for any other item.
func (it Item) loggedList() ([]string, bool) {
	if it.Value != nil || it.Logged == "" {
		return nil, false
	}
	if v, ok := it.loggedScalar(); ok {
		return []string{strings.TrimSpace(v)}, true
	}
	sc := textScan{s: it.Logged}
	if !sc.next('[') {
		return nil, false
	}
	out := make([]string, 0, strings.Count(it.Logged, ",")+1)
	for first := true; !sc.next(']'); first = false {
		if !first && !sc.next(',') {
			return nil, false
		}
		v, ok := sc.scalar()
		if !ok {
			return nil, false
		}
		out = append(out, strings.TrimSpace(v))
	}
	return out, sc.i == len(sc.s)
}

// scalar reads a string, an integer or true or false, as its node would
// hold it; ok is false for anything else (null, a list, a mapping).
func (sc *textScan) scalar() (string, bool) {
	if sc.i >= len(sc.s) {
		return "", false
	}
	switch c := sc.s[sc.i]; {
	case c == '"':
		return sc.str()
	case c == '[' || c == '{' || c == 'n':
		return "", false
	}
	start := sc.i
	if !sc.value(0) {
		return "", false
	}
	return sc.s[start:sc.i], true
}

// WithNodes is items with each value that is logged text (Logged) read
// into its node (Value), for code that reads the nodes; items itself
// when none is.
func WithNodes(items []Item) []Item {
	out := items
	copied := false
	for i, it := range items {
		if it.Value != nil || it.Logged == "" {
			continue
		}
		if !copied {
			out, copied = append([]Item(nil), items...), true
		}
		out[i].Value, out[i].Logged = it.Node(), ""
	}
	return out
}
