package orders

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

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
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	root, err := jsonNode(dec)
	if err != nil {
		return nil, Errorf(0, "", "not valid JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, Errorf(0, "", "not valid JSON: trailing data")
	}
	return parseList(root)
}

// jsonNode reads one JSON value from dec as the YAML parser would have
// read it.
func jsonNode(dec *json.Decoder) (*yaml.Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle, Line: 1}
		if t == '{' {
			n.Kind, n.Tag = yaml.MappingNode, "!!map"
		} else if t != '[' {
			return nil, fmt.Errorf("unexpected %q", t)
		}
		for dec.More() {
			if n.Kind == yaml.MappingNode {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, ok := k.(string)
				if !ok {
					return nil, errors.New("object key is not a string")
				}
				n.Content = append(n.Content, stringNode(key))
			}
			v, err := jsonNode(dec)
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, v)
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		return n, nil
	case string:
		return stringNode(t), nil
	case json.Number:
		return numberNode(t)
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(t), Line: 1}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null", Line: 1}, nil
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

func stringNode(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.DoubleQuotedStyle, Value: s, Line: 1}
}

// numberNode is a JSON number as the first release read it back: parsed as
// a float64, written as json.Marshal writes it, and typed as YAML types
// such plain text (an integer without a point or exponent, else a float).
func numberNode(num json.Number) (*yaml.Node, error) {
	f, err := strconv.ParseFloat(string(num), 64)
	if err != nil {
		return nil, err
	}
	text, err := json.Marshal(f)
	if err != nil {
		return nil, err
	}
	tag := "!!int"
	if bytes.ContainsAny(text, ".eE") {
		tag = "!!float"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: string(text), Line: 1}, nil
}
