package orders

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// ParseLogged reads an orders list as the event log holds it (canonical
// JSON) into items, without going through the YAML parser: replay reads
// every order of a game's history, and YAML parsing was most of its cost.
//
// It gives exactly the items ParseList gave for the same log since the
// first release, which read the payload with encoding/json (numbers as
// float64), wrote it back with json.Marshal and parsed that as YAML: each
// number is rewritten as json.Marshal writes that float64, and strings,
// numbers, booleans, null, lists and mappings become the nodes the YAML
// parser made of them (flow style, double-quoted strings).
func ParseLogged(data []byte) ([]Item, error) {
	if !json.Valid(data) {
		return nil, Errorf(0, "", "not valid JSON")
	}
	sc := jsonScan{b: data}
	root, err := sc.value()
	if err != nil {
		return nil, Errorf(0, "", "not valid JSON: %v", err)
	}
	return parseList(root)
}

// ParseLoggedPayload reads an orders event's payload as the log holds it,
// {"orders":[…],"step":N}: the step, and the orders as ParseLogged reads
// them. Replay reads one of these for every order of a game's history.
//
// It takes and refuses what replay took and refused when it decoded the
// payload with encoding/json (into a step int and the orders' raw JSON,
// read by ParseLogged): the form the log holds is scanned directly, and
// anything else (keys in other case, repeated or escaped, a step written
// 4.0 or null, other keys, space) goes to encoding/json, so that it reads
// as it always did (FuzzParseLoggedPayload).
func ParseLoggedPayload(payload []byte) (step int, items []Item, err error) {
	if !json.Valid(payload) {
		return 0, nil, Errorf(0, "", "not valid JSON")
	}
	if step, list, ok := scanPayload(payload); ok {
		if list == nil {
			return step, nil, nil
		}
		items, err = parseList(list)
		return step, items, err
	}
	var p struct {
		Step   int             `json:"step"`
		Orders json.RawMessage `json:"orders"`
	}
	if err := json.Unmarshal(payload, &p); err != nil {
		return 0, nil, Errorf(0, "", "not an orders payload: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if p.Orders == nil {
		return p.Step, nil, nil
	}
	items, err = ParseLogged(p.Orders)
	return p.Step, items, err
}

// scanPayload reads valid JSON of the form the log holds: an object of
// "orders" and an integer "step", each at most once, keys as written, no
// space between tokens. ok is false for any other form, or orders it
// cannot read (a number out of range), which encoding/json then reads.
func scanPayload(payload []byte) (step int, list *yaml.Node, ok bool) {
	sc := jsonScan{b: payload}
	if !sc.next('{') {
		return 0, nil, false
	}
	var seenStep, seenOrders bool
	for first := true; !sc.next('}'); first = false {
		if !first && !sc.next(',') {
			return 0, nil, false
		}
		switch rest := sc.b[sc.i:]; {
		case !seenOrders && bytes.HasPrefix(rest, []byte(`"orders":`)):
			sc.i += len(`"orders":`)
			var err error
			if list, err = sc.value(); err != nil {
				return 0, nil, false
			}
			seenOrders = true
		case !seenStep && bytes.HasPrefix(rest, []byte(`"step":`)):
			sc.i += len(`"step":`)
			start := sc.i
			sc.next('-')
			for sc.i < len(sc.b) && sc.b[sc.i] >= '0' && sc.b[sc.i] <= '9' {
				sc.i++
			}
			// A fraction or an exponent fails the ',' or '}' that must
			// come next.
			n, err := strconv.ParseInt(string(sc.b[start:sc.i]), 10, strconv.IntSize)
			if err != nil {
				return 0, nil, false
			}
			step, seenStep = int(n), true
		default:
			return 0, nil, false
		}
	}
	return step, list, sc.i == len(sc.b)
}

// jsonScan reads JSON already known to be valid (json.Valid) into the
// nodes the YAML parser made of it, a byte at a time: replay reads every
// logged order, and a token decoder cost more than the rest of reading it.
type jsonScan struct {
	b []byte
	i int
	// slab is where the nodes are cut from, a few at a time: a logged
	// order file is many small nodes, and one allocation per node was
	// most of replay's garbage.
	slab []yaml.Node
}

// node is a fresh node from the slab.
func (s *jsonScan) node(n yaml.Node) *yaml.Node {
	if len(s.slab) == 0 {
		s.slab = make([]yaml.Node, max(countValues(s.b[s.i:]), 1))
	}
	p := &s.slab[0]
	s.slab = s.slab[1:]
	*p = n
	return p
}

func (s *jsonScan) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\n' || s.b[s.i] == '\r') {
		s.i++
	}
}

// next consumes c if it comes next.
func (s *jsonScan) next(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// str reads a string: its bytes as they are when it has no escape and is
// valid UTF-8, else as encoding/json decodes it.
func (s *jsonScan) str() (string, error) {
	if !s.next('"') {
		return "", errors.New("a string was expected")
	}
	start, escaped := s.i, false
	for s.i < len(s.b) && s.b[s.i] != '"' {
		if s.b[s.i] == '\\' {
			escaped = true
			s.i++
		}
		s.i++
	}
	raw := s.b[start:min(s.i, len(s.b))]
	s.i++ // the closing quote
	if !escaped && utf8.Valid(raw) {
		return string(raw), nil
	}
	var out string
	err := json.Unmarshal(s.b[start-1:min(s.i, len(s.b))], &out)
	return out, err
}

// countValues is the number of values and keys in valid JSON text: the
// nodes jsonScan makes of it.
func countValues(b []byte) int {
	n := 0
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			n++
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case c == '{' || c == '[' || c == 't' || c == 'f' || c == 'n':
			n++
		case c == '-' || c >= '0' && c <= '9':
			n++
			for i+1 < len(b) && strings.IndexByte("+-.0123456789eE", b[i+1]) >= 0 {
				i++
			}
		}
	}
	return n
}

// value reads one value as the YAML parser would have read it.
func (s *jsonScan) value() (*yaml.Node, error) {
	s.space()
	if s.i >= len(s.b) {
		return nil, errors.New("unexpected end")
	}
	switch c := s.b[s.i]; {
	case c == '{' || c == '[':
		s.i++
		n := s.node(yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle, Line: 1})
		end := byte(']')
		if c == '{' {
			n.Kind, n.Tag, end = yaml.MappingNode, "!!map", '}'
		}
		for s.space(); !s.next(end); s.space() {
			if s.i >= len(s.b) {
				return nil, errors.New("unexpected end")
			}
			s.next(',')
			if c == '{' {
				s.space()
				key, err := s.str()
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, s.node(stringNode(key)))
				s.space()
				s.next(':')
			}
			v, err := s.value()
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, v)
		}
		return n, nil
	case c == '"':
		str, err := s.str()
		return s.node(stringNode(str)), err
	case c == 't':
		s.i += 4
		return s.node(yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true", Line: 1}), nil
	case c == 'f':
		s.i += 5
		return s.node(yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "false", Line: 1}), nil
	case c == 'n':
		s.i += 4
		return s.node(yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null", Line: 1}), nil
	}
	start := s.i
	for s.i < len(s.b) && strings.IndexByte("+-.0123456789eE", s.b[s.i]) >= 0 {
		s.i++
	}
	n, err := numberNode(json.Number(s.b[start:s.i]))
	if err != nil {
		return nil, err
	}
	return s.node(n), nil
}

func stringNode(s string) yaml.Node {
	return yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.DoubleQuotedStyle, Value: s, Line: 1}
}

// numberNode is a JSON number as the first release read it back: parsed as
// a float64, written as json.Marshal writes it, and typed as YAML types
// such plain text (an integer without a point or exponent, else a float).
func numberNode(num json.Number) (yaml.Node, error) {
	if plainInteger(num) {
		// A float64 holds an integer of up to 15 digits exactly, and
		// json.Marshal writes it back digit for digit.
		return yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: string(num), Line: 1}, nil
	}
	f, err := strconv.ParseFloat(string(num), 64)
	if err != nil {
		return yaml.Node{}, err
	}
	text, err := json.Marshal(f)
	if err != nil {
		return yaml.Node{}, err
	}
	tag := "!!int"
	if bytes.ContainsAny(text, ".eE") {
		tag = "!!float"
	}
	return yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: string(text), Line: 1}, nil
}

// plainInteger reports whether num is an integer of 1 to 15 digits, with
// an optional minus and no leading zero (but "0" and "-0" themselves).
func plainInteger(num json.Number) bool {
	digits := strings.TrimPrefix(string(num), "-")
	if len(digits) == 0 || len(digits) > 15 || len(digits) > 1 && digits[0] == '0' {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}
