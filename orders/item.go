package orders

import (
	"fmt"
	"math"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Item is one entry of an order file's orders list. An entry is either a bare
// word (`- pass`) or a one-key mapping whose key is the verb and whose value
// is the verb's argument (`- buy: London`, `- sell: [red 4, red 5]`, or a
// nested mapping for games with richer orders).
type Item struct {
	Index int        // 0-based position in the orders list
	Line  int        // line of the entry in the order file
	Verb  string     // lower-cased verb, e.g. "buy"
	Value *yaml.Node // the verb's argument; nil for a bare word
	// Logged is the verb's argument as the log holds it, its JSON text,
	// for an item ParseLoggedPayloadText read without building Value;
	// "" otherwise. The methods below read either (Node).
	Logged string
}

// Field names the item for error messages: "orders[2].buy".
func (it Item) Field() string {
	return fmt.Sprintf("orders[%d].%s", it.Index+1, it.Verb)
}

// Errorf builds an error located at this item.
func (it Item) Errorf(format string, args ...any) *Error {
	return Errorf(it.Line, it.Field(), format, args...)
}

// HasValue reports whether the item has an argument.
func (it Item) HasValue() bool {
	if it.Value == nil && it.Logged != "" {
		return it.Logged != "null"
	}
	return it.Value != nil && !(it.Value.Kind == yaml.ScalarNode && it.Value.Tag == "!!null")
}

// String returns the item's argument as one scalar string.
func (it Item) String() (string, error) {
	if !it.HasValue() {
		return "", it.Errorf("needs a value")
	}
	if v, ok := it.Scalar(); ok {
		return v, nil
	}
	return "", it.Errorf("needs a single value, not a %s", KindName(it.Node().Kind))
}

// Scalar is the item's argument when it is one scalar, trimmed, as String
// reads it; ok is false for anything else (no argument, a list, a
// mapping), with no error made. A reader that takes one scalar or
// something else asks it first: of logged text, no node is built for a
// list or a mapping.
func (it Item) Scalar() (string, bool) {
	if !it.HasValue() {
		return "", false
	}
	if v, ok := it.loggedScalar(); ok {
		return strings.TrimSpace(v), true
	}
	if it.Value == nil && (it.Logged[0] == '[' || it.Logged[0] == '{') {
		return "", false
	}
	n := it.Node()
	if n.Kind != yaml.ScalarNode {
		return "", false
	}
	return strings.TrimSpace(n.Value), true
}

// Strings returns the item's argument as a list of scalar strings; a single
// scalar counts as a list of one.
func (it Item) Strings() ([]string, error) {
	if !it.HasValue() {
		return nil, it.Errorf("needs a value")
	}
	if out, ok := it.loggedList(); ok {
		return out, nil
	}
	v := it.Node()
	switch v.Kind {
	case yaml.ScalarNode:
		return []string{strings.TrimSpace(v.Value)}, nil
	case yaml.SequenceNode:
		out := make([]string, 0, len(v.Content))
		for _, n := range v.Content {
			if n.Kind != yaml.ScalarNode {
				return nil, Errorf(n.Line, it.Field(), "each entry must be a single value, not a %s", KindName(n.Kind))
			}
			out = append(out, strings.TrimSpace(n.Value))
		}
		return out, nil
	}
	return nil, it.Errorf("needs a value or a list, not a %s", KindName(v.Kind))
}

// Decode decodes the item's argument into v, reporting YAML type errors at
// the item's position.
func (it Item) Decode(v any) error {
	if !it.HasValue() {
		return it.Errorf("needs a value")
	}
	if err := it.Node().Decode(v); err != nil {
		return it.Errorf("%s", cleanYAMLError(err))
	}
	return nil
}

// Generic returns the item in the plain form stored in the event log: the verb
// alone for a bare word, else a one-key map from verb to its argument.
// Mapping keys are stored as text, whatever their YAML type.
func (it Item) Generic() (any, error) {
	if !it.HasValue() {
		return it.Verb, nil
	}
	v, err := plain(it.Node(), 0)
	if err != nil {
		return nil, it.Errorf("%s", err)
	}
	return map[string]any{it.Verb: v}, nil
}

// plain decodes a YAML value into strings, numbers, booleans, nil, []any
// and map[string]any, the types JSON stores. Aliases are followed (up to a
// bound, against alias bombs); merge keys and keys that are not scalars
// are errors.
func plain(n *yaml.Node, depth int) (any, error) {
	if depth > 100 {
		return nil, fmt.Errorf("the value is nested too deeply")
	}
	switch n.Kind {
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil, fmt.Errorf("an alias to nothing")
		}
		return plain(n.Alias, depth+1)
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, e := range n.Content {
			v, err := plain(e, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" && k.Style == 0 {
				return nil, fmt.Errorf("line %d: a key must be a single word or number", k.Line)
			}
			if _, dup := out[k.Value]; dup {
				return nil, fmt.Errorf("line %d: the key %q is given twice", k.Line, k.Value)
			}
			v, err := plain(n.Content[i+1], depth+1)
			if err != nil {
				return nil, err
			}
			out[k.Value] = v
		}
		return out, nil
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, fmt.Errorf("%s", cleanYAMLError(err))
	}
	switch x := v.(type) {
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return n.Value, nil
		}
	case time.Time:
		return n.Value, nil
	}
	return v, nil
}

// Bare makes an item for a bare word such as "pass"; games use it to build
// default orders.
func Bare(verb string) Item { return Item{Verb: verb} }

// With makes an item with a scalar or list argument; games use it to build
// default orders.
func With(verb string, args ...string) Item {
	if len(args) == 1 {
		return Item{Verb: verb, Value: &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: args[0]}}
	}
	// The list and its values in one allocation: games build their
	// default orders at every step.
	ns := make([]yaml.Node, 1+len(args))
	n := &ns[0]
	*n = yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	if len(args) > 0 {
		n.Content = make([]*yaml.Node, len(args))
		for i, a := range args {
			ns[1+i] = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: a}
			n.Content[i] = &ns[1+i]
		}
	}
	return Item{Verb: verb, Value: n}
}

// Renumber sets Index on each item to its position, for item lists built in code.
func Renumber(items []Item) []Item {
	for i := range items {
		items[i].Index = i
	}
	return items
}

// KindName names a YAML node kind as error messages say it: "list",
// "mapping", "single value".
func KindName(k yaml.Kind) string {
	switch k {
	case yaml.SequenceNode:
		return "list"
	case yaml.MappingNode:
		return "mapping"
	case yaml.ScalarNode:
		return "single value"
	case yaml.AliasNode:
		return "alias"
	}
	return "document"
}

// cleanYAMLError strips the library's "yaml: " prefixes so messages read well.
func cleanYAMLError(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "yaml: unmarshal errors:\n")
	s = strings.TrimPrefix(s, "yaml: ")
	return strings.TrimSpace(s)
}
