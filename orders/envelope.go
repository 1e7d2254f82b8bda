package orders

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// MaxFileSize is the largest order file Parse accepts. Real order files are a
// few hundred bytes; the limit keeps a hostile file from costing much.
const MaxFileSize = 64 << 10

// Envelope is a parsed order file: who sends it, for which game and step, and
// the game-specific orders or a command.
type Envelope struct {
	Game    string // campaign id
	Player  string
	Token   string
	Step    int    // 0 when the file names no step
	Command string // a mail command such as "status" instead of orders; "" for orders
	Args    []string
	Orders  []Item
	HasList bool // the file had an orders key (possibly empty)

	// Check asks for the orders to be read and checked only: the answer
	// says how the game reads them, and nothing is submitted.
	Check bool
	// Press is a message to other players, relayed by Taipan.
	Press *Press
	// Absence announces a window away.
	Absence *Away
}

// Press is a press message in an order file:
//
//	press: {to: [bob, carol], text: "Meet me at the Bund"}   # to: all, or left out: everyone
//	press: {to: bob, text: "…", grey: true}                # grey: unsigned, where the campaign allows
type Press struct {
	To   []string
	Text string
	Grey bool
}

// Away is an absence in an order file:
//
//	absence: {from: 2026-12-20, until: 2027-01-03, reason: holidays}
type Away struct {
	From, Until time.Time
	Reason      string
}

// fields lists the envelope's keys in the order they are documented.
var fields = []string{"game", "player", "token", "step", "command", "orders", "check", "press", "absence"}

// Parse reads an order file. It checks the envelope only; whether the orders
// make sense is for the game to say. All problems found are returned together
// as a List.
func Parse(data []byte) (*Envelope, error) { return parse(data, "", "") }

// ParseFor reads an order file sent from a page that names its game and
// player already (the web site's order form): as Parse, but the file may
// leave out game and player, which are then these, or be only the orders
// list. Lines are the file's own, so that a mistake is shown at its line.
func ParseFor(data []byte, game, player string) (*Envelope, error) {
	return parse(data, game, player)
}

// parse reads an order file; game and player, when not "", are what a file
// that leaves them out is for, and then a bare list is the orders.
func parse(data []byte, game, player string) (*Envelope, error) {
	if len(data) > MaxFileSize {
		return nil, Errorf(0, "", "the order file is %d bytes; the limit is %d", len(data), MaxFileSize)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, Errorf(0, "", "the order file is empty")
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return nil, syntaxError(err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, Errorf(extra.Line, "", "only one YAML document is allowed; remove the second one (after ---)")
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" && root.Value == "" {
		// A document of nothing ("---", comments): the parser places
		// its empty node past the file's last line.
		return nil, Errorf(0, "", "the order file is empty")
	}
	given := game != ""
	if given && root.Kind == yaml.SequenceNode {
		key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "orders", Line: root.Line, Column: root.Column}
		root = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: root.Line, Column: root.Column, Content: []*yaml.Node{key, root}}
	}
	if root.Kind != yaml.MappingNode {
		return nil, Errorf(root.Line, "", "an order file is a mapping with the keys %s", strings.Join(fields, ", "))
	}
	env := &Envelope{}
	var errs List
	seen := map[string]bool{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		key := strings.ToLower(k.Value)
		if v.Kind == yaml.AliasNode || v.Anchor != "" || k.Anchor != "" {
			errs = append(errs, Errorf(v.Line, key, "anchors (&name) and aliases (*name) are not read in order files; write the value out in full"))
			continue
		}
		if seen[key] {
			errs = append(errs, Errorf(k.Line, key, "given twice"))
			continue
		}
		seen[key] = true
		switch key {
		case "game", "player", "token", "command":
			s, err := scalar(v, key)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			switch key {
			case "game":
				env.Game = s
			case "player":
				env.Player = s
			case "token":
				env.Token = s
			case "command":
				f := strings.Fields(strings.ToLower(s))
				if len(f) == 0 {
					errs = append(errs, Errorf(v.Line, key, "is empty"))
					continue
				}
				env.Command, env.Args = f[0], f[1:]
			}
		case "step":
			s, err := scalar(v, key)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if _, _, problem := readScalar(v); problem != "" {
				errs = append(errs, Errorf(v.Line, key, "%s", problem))
				continue
			}
			n, convErr := strconv.Atoi(s)
			if convErr != nil || n < 1 {
				errs = append(errs, Errorf(v.Line, key, "must be a whole number from 1 up, not %q", s))
				continue
			}
			env.Step = n
		case "orders":
			env.HasList = true
			items, err := parseList(v)
			if err == nil {
				err = readItems(items)
			}
			if err != nil {
				errs = append(errs, Errors(err)...)
				continue
			}
			env.Orders = items
		case "check":
			if v.Kind != yaml.ScalarNode || (v.Value != "true" && v.Value != "false") {
				errs = append(errs, Errorf(v.Line, key, "write true or false"))
				continue
			}
			env.Check = v.Value == "true"
		case "press":
			p, err := parsePress(v)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			env.Press = p
		case "absence":
			a, err := parseAway(v)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			env.Absence = a
		default:
			errs = append(errs, Errorf(k.Line, k.Value, "unknown key; the keys are %s", strings.Join(fields, ", ")))
		}
	}
	if given && !seen["game"] {
		env.Game = game
	}
	if given && !seen["player"] {
		env.Player = player
	}
	if env.Game == "" && !seen["game"] {
		errs = append(errs, Errorf(root.Line, "game", "missing: name the game (campaign id)"))
	}
	if env.Player == "" && !seen["player"] {
		errs = append(errs, Errorf(root.Line, "player", "missing: say which player sends these orders"))
	}
	if env.Command != "" && env.HasList {
		errs = append(errs, Errorf(root.Line, "command", "give either a command or orders, not both"))
	}
	if env.Command == "" && !env.HasList && env.Press == nil && env.Absence == nil && len(errs) == 0 {
		errs = append(errs, Errorf(root.Line, "orders", "missing: list the orders under 'orders:'"))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return env, nil
}

// AsksCheck says whether an order file asks only to be checked: its
// envelope says check: true, or, for a file too broken to be read as one,
// a line of it does. The answer to such a file reads as a check, mistakes
// and all.
func AsksCheck(file []byte) bool {
	if env, err := Parse(file); err == nil {
		return env.Check
	}
	return checkLine.Match(file)
}

var checkLine = regexp.MustCompile(`(?mi)^\s*check\s*:\s*true\s*(#.*)?$`)

// ParseList reads a bare orders list, as stored in the event log (JSON is
// YAML) or written in a test case.
func ParseList(data []byte) ([]Item, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, syntaxError(err)
	}
	if doc.Kind == 0 {
		return nil, nil
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	return parseList(root)
}

// Generic converts items to the plain form stored in the event log.
func Generic(items []Item) ([]any, error) {
	out := make([]any, 0, len(items))
	for _, it := range items {
		g, err := it.Generic()
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

func parseList(v *yaml.Node) ([]Item, error) {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return []Item{}, nil
	}
	if v.Kind != yaml.SequenceNode {
		return nil, Errorf(v.Line, "orders", "must be a list, one order per line starting with '- '")
	}
	items := make([]Item, 0, len(v.Content))
	var errs List
	for i, n := range v.Content {
		// The field is named only in an error: replay reads every order
		// of a game's history, and naming each was a tenth of its cost.
		field := func() string { return fmt.Sprintf("orders[%d]", i+1) }
		if n.Anchor != "" || n.Kind == yaml.MappingNode && len(n.Content) == 2 && n.Content[0].Anchor != "" {
			errs = append(errs, Errorf(n.Line, field(), "anchors (&name) and aliases (*name) are not read in order files; write each order out in full"))
			continue
		}
		switch n.Kind {
		case yaml.ScalarNode:
			verb := strings.ToLower(strings.TrimSpace(n.Value))
			if verb == "" {
				errs = append(errs, Errorf(n.Line, field(), "empty order"))
				continue
			}
			// "buy London" written without a colon is a common slip; accept it
			// as verb plus argument so the game can judge it.
			it := Item{Index: i, Line: n.Line, Verb: verb}
			if f := strings.SplitN(strings.TrimSpace(n.Value), " ", 2); len(f) == 2 {
				it.Verb = strings.ToLower(f[0])
				it.Value = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: strings.TrimSpace(f[1]), Line: n.Line, Column: n.Column}
			}
			items = append(items, it)
		case yaml.MappingNode:
			if len(n.Content) != 2 {
				errs = append(errs, Errorf(n.Line, field(), "one order per entry: write each as its own '- verb: value' line"))
				continue
			}
			k := n.Content[0]
			if k.Kind != yaml.ScalarNode || strings.TrimSpace(k.Value) == "" {
				errs = append(errs, Errorf(n.Line, field(), "the order's verb must be a word"))
				continue
			}
			items = append(items, Item{Index: i, Line: k.Line, Verb: strings.ToLower(strings.TrimSpace(k.Value)), Value: n.Content[1]})
		default:
			errs = append(errs, Errorf(n.Line, field(), "an order is a word or 'verb: value', not a %s", KindName(n.Kind)))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return items, nil
}

func scalar(v *yaml.Node, key string) (string, *Error) {
	if v.Kind != yaml.ScalarNode {
		return "", Errorf(v.Line, key, "must be a single value, not a %s", KindName(v.Kind))
	}
	return strings.TrimSpace(v.Value), nil
}

// syntaxError turns a YAML parser error ("yaml: line 3: ...") into an *Error
// carrying the line.
func syntaxError(err error) error {
	msg := cleanYAMLError(err)
	line := 0
	if strings.HasPrefix(msg, "line ") {
		rest := msg[len("line "):]
		if i := strings.Index(rest, ":"); i > 0 {
			if n, convErr := strconv.Atoi(rest[:i]); convErr == nil {
				line = n
				msg = strings.TrimSpace(rest[i+1:])
			}
		}
	}
	return Errorf(line, "", "not valid YAML: %s", msg)
}

// mapping reads a flat mapping of single values, refusing keys not in allowed.
func mapping(v *yaml.Node, field string, allowed ...string) (map[string]*yaml.Node, *Error) {
	if v.Kind != yaml.MappingNode {
		return nil, Errorf(v.Line, field, "must be a mapping with the keys %s", strings.Join(allowed, ", "))
	}
	out := map[string]*yaml.Node{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k := strings.ToLower(v.Content[i].Value)
		found := false
		for _, a := range allowed {
			found = found || a == k
		}
		if !found {
			return nil, Errorf(v.Content[i].Line, field+"."+v.Content[i].Value, "unknown key; the keys are %s", strings.Join(allowed, ", "))
		}
		if _, dup := out[k]; dup {
			return nil, Errorf(v.Content[i].Line, field+"."+k, "given twice")
		}
		out[k] = v.Content[i+1]
	}
	return out, nil
}

func parsePress(v *yaml.Node) (*Press, *Error) {
	m, err := mapping(v, "press", "to", "text", "grey")
	if err != nil {
		return nil, err
	}
	p := &Press{}
	if t := m["text"]; t == nil || t.Kind != yaml.ScalarNode || strings.TrimSpace(t.Value) == "" {
		return nil, Errorf(v.Line, "press.text", "missing: write the message under text:")
	} else {
		p.Text = t.Value
	}
	if to := m["to"]; to != nil {
		switch to.Kind {
		case yaml.ScalarNode:
			p.To = []string{strings.TrimSpace(to.Value)}
		case yaml.SequenceNode:
			for _, n := range to.Content {
				if n.Kind != yaml.ScalarNode {
					return nil, Errorf(n.Line, "press.to", "each entry must be a player's name")
				}
				p.To = append(p.To, strings.TrimSpace(n.Value))
			}
		default:
			return nil, Errorf(to.Line, "press.to", "a player's name, a list of names, or all")
		}
	}
	if g := m["grey"]; g != nil {
		if g.Kind != yaml.ScalarNode || (g.Value != "true" && g.Value != "false") {
			return nil, Errorf(g.Line, "press.grey", "write true or false")
		}
		p.Grey = g.Value == "true"
	}
	return p, nil
}

func parseAway(v *yaml.Node) (*Away, *Error) {
	m, err := mapping(v, "absence", "from", "until", "reason")
	if err != nil {
		return nil, err
	}
	a := &Away{}
	for _, key := range []string{"from", "until"} {
		n := m[key]
		if n == nil || n.Kind != yaml.ScalarNode {
			return nil, Errorf(v.Line, "absence."+key, "missing: a date (2026-12-24) or a time (2026-12-24T18:00:00Z)")
		}
		t, perr := parseWhen(n.Value)
		if perr != nil {
			return nil, Errorf(n.Line, "absence."+key, "%q is not a date (2026-12-24) or a time (2026-12-24T18:00:00Z)", n.Value)
		}
		if key == "from" {
			a.From = t
		} else {
			a.Until = t
		}
	}
	if r := m["reason"]; r != nil && r.Kind == yaml.ScalarNode {
		a.Reason = strings.TrimSpace(r.Value)
	}
	return a, nil
}

// parseWhen reads a date (midnight UTC) or an RFC 3339 time, in UTC of a
// year the log can write (0 to 9999: an offset may carry a time of year
// 9999 or 0 past them).
func parseWhen(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t.UTC(), nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err == nil && (t.UTC().Year() < 0 || t.UTC().Year() > 9999) {
		err = fmt.Errorf("%s is out of the years 0 to 9999 in UTC", s)
	}
	return t.UTC(), err
}
