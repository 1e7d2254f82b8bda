package orders

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// decimal is the one way to write a number in an order file.
var decimal = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)

// numberLike matches what a YAML 1.1 or 1.2 reader may take for a number:
// integers in any base, with underscores or a sign, sexagesimal numbers,
// floats, and the special floats.
var numberLike = regexp.MustCompile(`^[-+]?(` +
	`0[bB][01_]+|0[oO][0-7_]+|0[xX][0-9a-fA-F_]+|` +
	`[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?|` +
	`[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?|` +
	`\.[0-9][0-9_]*([eE][-+]?[0-9]+)?|` +
	`\.(inf|Inf|INF))$|^\.(nan|NaN|NAN)$`)

// kind of a scalar as read.
const (
	tagStr  = "!!str"
	tagInt  = "!!int"
	tagBool = "!!bool"
	tagNull = "!!null"
)

// readScalar says how a scalar written in an order file is read: its tag
// and canonical text, or why it is refused.
func readScalar(n *yaml.Node) (tag, value, problem string) {
	if n.Style&yaml.TaggedStyle != 0 {
		return "", "", fmt.Sprintf("the tag %s is not read in order files; write the value plainly, or in quotes to make it text", n.Tag)
	}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return tagStr, n.Value, ""
	}
	v := n.Value
	switch v {
	case "", "~", "null", "Null", "NULL":
		return tagNull, "null", ""
	case "true", "True", "TRUE":
		return tagBool, "true", ""
	case "false", "False", "FALSE":
		return tagBool, "false", ""
	}
	if decimal.MatchString(v) || v == "-0" {
		i, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return "", "", fmt.Sprintf("%s is too large a number", v)
		}
		return tagInt, strconv.FormatInt(i, 10), ""
	}
	if numberLike.MatchString(v) || n.Tag == "!!int" || n.Tag == "!!float" {
		return "", "", fmt.Sprintf("%s could be read as more than one number (YAML reads 0100 as 64, 1e3 as 1000): write a number in plain decimal digits, like 100, or put the value in quotes if it is text", v)
	}
	return tagStr, v, ""
}

// reader reads an order file's values into the form the event log holds.
type reader struct {
	errs List
}

func (r *reader) fail(n *yaml.Node, field, format string, args ...any) {
	r.errs = append(r.errs, Errorf(n.Line, field, format, args...))
}

// value returns the value n as it is read: a new node tree whose scalars
// carry the tag of their reading (!!str, !!int, !!bool, !!null) and their
// canonical text, and whose mapping keys are text in sorted order, as the
// log's JSON stores them. Problems are collected in r.errs.
func (r *reader) value(n *yaml.Node, field string) *yaml.Node {
	if n.Kind == yaml.AliasNode {
		r.fail(n, field, "aliases (*%s) are not read in order files; write the value out in full", n.Value)
		return nil
	}
	if n.Anchor != "" {
		r.fail(n, field, "anchors (&%s) are not read in order files; write each value out in full", n.Anchor)
		return nil
	}
	out := &yaml.Node{Kind: n.Kind, Line: n.Line, Column: n.Column}
	switch n.Kind {
	case yaml.ScalarNode:
		tag, v, problem := readScalar(n)
		if problem != "" {
			r.fail(n, field, "%s", problem)
			return nil
		}
		out.Tag, out.Value = tag, v
	case yaml.SequenceNode:
		out.Tag = "!!seq"
		for i, e := range n.Content {
			out.Content = append(out.Content, r.value(e, fmt.Sprintf("%s[%d]", field, i+1)))
		}
	case yaml.MappingNode:
		out.Tag = "!!map"
		type pair struct{ k, v *yaml.Node }
		var pairs []pair
		seen := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			key, ok := r.key(k, field)
			if !ok {
				continue
			}
			if line, dup := seen[key]; dup {
				r.fail(k, field, "the key %q is given twice (first at line %d)", key, line)
				continue
			}
			seen[key] = k.Line
			kn := &yaml.Node{Kind: yaml.ScalarNode, Tag: tagStr, Value: key, Line: k.Line, Column: k.Column}
			pairs = append(pairs, pair{kn, r.value(n.Content[i+1], field+"."+key)})
		}
		slices.SortStableFunc(pairs, func(a, b pair) int { return strings.Compare(a.k.Value, b.k.Value) })
		for _, p := range pairs {
			out.Content = append(out.Content, p.k, p.v)
		}
	default:
		r.fail(n, field, "a %s cannot stand here", KindName(n.Kind))
		return nil
	}
	return out
}

// key reads a mapping key as text.
func (r *reader) key(k *yaml.Node, field string) (string, bool) {
	if k.Kind != yaml.ScalarNode {
		r.fail(k, field, "a key must be a single word or number, not a %s", KindName(k.Kind))
		return "", false
	}
	if k.Anchor != "" {
		r.fail(k, field, "anchors (&%s) are not read in order files; write each value out in full", k.Anchor)
		return "", false
	}
	if k.Tag == "!!merge" && k.Style == 0 {
		r.fail(k, field, "merge keys (<<) are not read in order files; write the keys out in full")
		return "", false
	}
	tag, v, problem := readScalar(k)
	switch {
	case problem != "":
		r.fail(k, field, "key %s", problem)
		return "", false
	case tag == tagNull:
		r.fail(k, field, "a key may not be empty or null")
		return "", false
	}
	return v, true
}

// read replaces the value of every item by its reading.
func readItems(items []Item) error {
	r := &reader{}
	for i := range items {
		if items[i].Value != nil {
			items[i].Value = r.value(items[i].Value, items[i].Field())
		}
	}
	return r.errs.Err()
}
