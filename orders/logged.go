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
	// The scan checks the JSON as it reads it: only what it cannot read
	// is checked again by encoding/json, which a replay of the log's own
	// form then never calls.
	if step, items, err, ok := scanPayload(payload); ok {
		return step, items, err
	}
	if !json.Valid(payload) {
		return 0, nil, Errorf(0, "", "not valid JSON")
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

// scanPayload reads JSON of the form the log holds: an object of
// "orders" and an integer "step", each at most once, keys as written, no
// space between tokens. ok is false for any other form, for text that is
// not valid JSON, or orders it cannot read (a number out of range), which
// encoding/json then checks and reads.
func scanPayload(payload []byte) (step int, items []Item, itemsErr error, ok bool) {
	sc := jsonScan{b: payload, depth: 1} // in the payload's object
	if !sc.next('{') {
		return 0, nil, nil, false
	}
	var seenStep, seenOrders bool
	for first := true; !sc.next('}'); first = false {
		if !first && !sc.next(',') {
			return 0, nil, nil, false
		}
		switch rest := sc.b[sc.i:]; {
		case !seenOrders && bytes.HasPrefix(rest, []byte(`"orders":`)):
			sc.i += len(`"orders":`)
			var err error
			if items, itemsErr, err = sc.orders(); err != nil {
				return 0, nil, nil, false
			}
			seenOrders = true
		case !seenStep && bytes.HasPrefix(rest, []byte(`"step":`)):
			sc.i += len(`"step":`)
			start := sc.i
			sc.next('-')
			digits := sc.i
			for sc.i < len(sc.b) && sc.b[sc.i] >= '0' && sc.b[sc.i] <= '9' {
				sc.i++
			}
			if sc.i-digits > 1 && sc.b[digits] == '0' {
				return 0, nil, nil, false // a leading zero is not JSON
			}
			// A fraction or an exponent fails the ',' or '}' that must
			// come next.
			n, err := strconv.ParseInt(string(sc.b[start:sc.i]), 10, strconv.IntSize)
			if err != nil {
				return 0, nil, nil, false
			}
			step, seenStep = int(n), true
		default:
			return 0, nil, nil, false
		}
	}
	return step, items, itemsErr, sc.i == len(sc.b)
}

// orders reads the orders list into items, as parseList reads its nodes:
// an entry {"verb": value} is read straight into its item, without the
// nodes of its mapping and its key, which the item would drop; any other
// entry is read into a node for parseEntry. A value that is no list is
// read by parseList. err is for JSON jsonScan cannot read; itemsErr is
// parseList's verdict on the orders.
func (s *jsonScan) orders() (items []Item, itemsErr, err error) {
	s.space()
	if !s.next('[') {
		list, err := s.value()
		if err != nil {
			return nil, nil, err
		}
		items, itemsErr = parseList(list)
		return items, itemsErr, nil
	}
	s.depth++
	defer func() { s.depth-- }()
	nodes, entries := countOrderNodes(s.b[s.i:])
	s.slab = make([]yaml.Node, max(nodes, 1))
	items = make([]Item, 0, entries)
	var errs List
	for i := 0; ; i++ {
		s.space()
		if s.next(']') {
			break
		}
		if s.i >= len(s.b) {
			return nil, nil, errors.New("unexpected end")
		}
		if i > 0 && !s.next(',') {
			return nil, nil, errors.New("a comma was expected")
		}
		s.space()
		if it, ok, err := s.oneKeyEntry(i); err != nil {
			return nil, nil, err
		} else if ok {
			items = append(items, it)
			continue
		}
		n, err := s.value()
		if err != nil {
			return nil, nil, err
		}
		it, ierr := parseEntry(i, n)
		if ierr != nil {
			errs = append(errs, ierr)
			continue
		}
		items = append(items, it)
	}
	if len(errs) > 0 {
		return nil, errs, nil
	}
	if items == nil {
		items = []Item{}
	}
	return items, nil, nil
}

// oneKeyEntry reads an entry {"verb": value} whose verb is a word into
// its item; ok is false, and nothing is read, for any other entry.
func (s *jsonScan) oneKeyEntry(i int) (it Item, ok bool, err error) {
	start := s.i
	if !s.next('{') {
		return Item{}, false, nil
	}
	s.depth++
	defer func() { s.depth-- }()
	s.space()
	key, err := s.str()
	if err != nil || strings.TrimSpace(key) == "" {
		s.i = start
		return Item{}, false, nil
	}
	s.space()
	if !s.next(':') {
		return Item{}, false, errors.New("a colon was expected")
	}
	v, err := s.value()
	if err != nil {
		return Item{}, false, err
	}
	s.space()
	if !s.next('}') {
		// More keys: parseEntry reads (and refuses) the whole mapping,
		// with the slab's nodes it counted for it.
		s.i = start
		return Item{}, false, nil
	}
	return Item{Index: i, Line: 1, Verb: strings.ToLower(strings.TrimSpace(key)), Value: v}, true, nil
}

// jsonScan reads JSON into the nodes the YAML parser made of it, a byte
// at a time: replay reads every logged order, and a token decoder cost
// more than the rest of reading it. It refuses (with an error) all that
// json.Valid refuses, so that a payload it reads need not be checked
// again (FuzzParseLoggedPayload).
type jsonScan struct {
	b     []byte
	i     int
	depth int // of the lists and mappings open, against maxDepth
	// slab is where the nodes are cut from, a few at a time: a logged
	// order file is many small nodes, and one allocation per node was
	// most of replay's garbage.
	slab []yaml.Node
	// kids is where the lists of a list's or a mapping's nodes are cut
	// from, and pending holds the nodes of those still being read: a
	// list grown a node at a time was the next most of the garbage.
	kids, pending []*yaml.Node
	asString      string // b, once text made it
}

// content is the nodes read since mark, in a list of their own; nil for
// none, as the YAML parser leaves an empty list's or mapping's.
func (s *jsonScan) content(mark int) []*yaml.Node {
	k := len(s.pending) - mark
	if k == 0 {
		return nil
	}
	if len(s.kids) < k {
		// Enough for every list still to close: the nodes read into
		// them so far and those yet to read.
		s.kids = make([]*yaml.Node, len(s.pending)+countValues(s.b[s.i:]))
	}
	out := s.kids[:k:k]
	s.kids = s.kids[k:]
	copy(out, s.pending[mark:])
	clear(s.pending[mark:])
	s.pending = s.pending[:mark]
	return out
}

// text is the JSON as a string, made once: the strings and numbers read
// from it are cut from it rather than each copied on its own.
func (s *jsonScan) text() string {
	if s.asString == "" && len(s.b) > 0 {
		s.asString = string(s.b)
	}
	return s.asString
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
		switch {
		case s.b[s.i] < 0x20:
			return "", errors.New("a control character in a string")
		case s.b[s.i] == '\\':
			escaped = true
			s.i++
		}
		s.i++
	}
	if s.i >= len(s.b) {
		return "", errors.New("unexpected end")
	}
	raw := s.b[start:s.i]
	s.i++ // the closing quote
	if !escaped && utf8.Valid(raw) {
		return s.text()[start : start+len(raw)], nil
	}
	var out string
	err := json.Unmarshal(s.b[start-1:min(s.i, len(s.b))], &out)
	return out, err
}

// countValues is the number of values and keys in valid JSON text: the
// nodes jsonScan makes of it.
func countValues(b []byte) int { n, _ := countNodes(b, false); return n }

// countOrderNodes is the number of nodes orders makes of valid JSON text,
// the rest of an orders list: every value and key, but the mapping and
// the key of an entry of one key; and at most how many entries it holds.
func countOrderNodes(b []byte) (nodes, entries int) { return countNodes(b, true) }

// countNodes counts the values and keys of valid JSON text; in an orders
// list (b is the rest of one), less the mapping and the key of each entry
// of one key, which orders reads straight into its item.
func countNodes(b []byte, list bool) (n, entries int) {
	depth := 0 // in a list: 0 in the list, 1 in an entry
	entryObject, keys := false, 0
	entries = 1 // and one more after each comma of the list
	for i := 0; i < len(b) && depth >= 0; i++ {
		switch c := b[i]; {
		case c == ',' && depth == 0:
			entries++
		case c == '"':
			n++
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case c == '{' || c == '[':
			n++
			if depth == 0 {
				entryObject, keys = c == '{', 0
			}
			depth++
		case c == '}' || c == ']':
			depth--
			if list && depth == 0 && entryObject && keys == 1 {
				n -= 2
			}
		case c == ':':
			if depth == 1 && entryObject {
				keys++
			}
		case c == 't' || c == 'f' || c == 'n':
			n++
		case c == '-' || c >= '0' && c <= '9':
			n++
			for i+1 < len(b) && strings.IndexByte("+-.0123456789eE", b[i+1]) >= 0 {
				i++
			}
		}
	}
	return n, entries
}

// value reads one value as the YAML parser would have read it.
func (s *jsonScan) value() (*yaml.Node, error) {
	s.space()
	if s.i >= len(s.b) {
		return nil, errors.New("unexpected end")
	}
	switch c := s.b[s.i]; {
	case c == '{' || c == '[':
		if s.depth++; s.depth > maxDepth {
			return nil, errors.New("nested too deeply")
		}
		s.i++
		n := s.node(yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle, Line: 1})
		end := byte(']')
		if c == '{' {
			n.Kind, n.Tag, end = yaml.MappingNode, "!!map", '}'
		}
		if s.pending == nil {
			s.pending = make([]*yaml.Node, 0, 16) // the open lists of most payloads
		}
		mark := len(s.pending)
		for first := true; ; first = false {
			s.space()
			if s.next(end) {
				break
			}
			if s.i >= len(s.b) {
				return nil, errors.New("unexpected end")
			}
			if !first && !s.next(',') {
				return nil, errors.New("a comma was expected")
			}
			if c == '{' {
				s.space()
				key, err := s.str()
				if err != nil {
					return nil, err
				}
				s.pending = append(s.pending, s.node(stringNode(key)))
				s.space()
				if !s.next(':') {
					return nil, errors.New("a colon was expected")
				}
			}
			v, err := s.value()
			if err != nil {
				return nil, err
			}
			s.pending = append(s.pending, v)
		}
		n.Content = s.content(mark)
		s.depth--
		return n, nil
	case c == '"':
		str, err := s.str()
		if err != nil {
			return nil, err
		}
		return s.node(stringNode(str)), nil
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range [...]string{"true", "false", "null"} {
			if bytes.HasPrefix(s.b[s.i:], []byte(lit)) {
				s.i += len(lit)
				tag := "!!bool"
				if lit == "null" {
					tag = "!!null"
				}
				return s.node(yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: lit, Line: 1}), nil
			}
		}
		return nil, errors.New("a value was expected")
	}
	start := s.i
	for s.i < len(s.b) && strings.IndexByte("+-.0123456789eE", s.b[s.i]) >= 0 {
		s.i++
	}
	if !jsonNumber(s.b[start:s.i]) {
		return nil, errors.New("a value was expected")
	}
	n, err := numberNode(json.Number(s.text()[start:s.i]))
	if err != nil {
		return nil, err
	}
	return s.node(n), nil
}

// maxDepth is the deepest nesting json.Valid takes.
const maxDepth = 10000

// jsonNumber reports whether b is a number as JSON writes one:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func jsonNumber(b []byte) bool {
	i := 0
	digits := func() int {
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		return i - start
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	if n := digits(); n == 0 || n > 1 && b[i-n] == '0' {
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(b)
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
