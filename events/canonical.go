package events

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Canonical returns the canonical JSON encoding of v: compact, object keys
// sorted, numbers as written, no HTML escaping, no trailing newline. A
// json.RawMessage or []byte holding JSON is re-encoded canonically. Two equal
// values always give the same bytes, which is what makes hashes and digests
// comparable across machines.
func Canonical(v any) ([]byte, error) {
	var raw []byte
	switch x := v.(type) {
	case json.RawMessage:
		raw = x
	case []byte:
		raw = x
	default:
		var err error
		if raw, err = marshal(v); err != nil {
			return nil, err
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var generic any
	if err := dec.Decode(&generic); err != nil {
		return nil, fmt.Errorf("canonical JSON: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("canonical JSON: trailing data")
	}
	return marshal(generic)
}

func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("canonical JSON: %w", err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
