package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"gopkg.in/yaml.v3"
)

// DecodeStrict decodes a campaign's options or setup (Config.Options,
// Config.Setup) into v, refusing keys v does not have, so that a typo in a
// campaign file is an error rather than a silently ignored setting. Empty
// input and JSON null leave v as it is.
func DecodeStrict(raw json.RawMessage, v any) error {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	dec.DisallowUnknownFields()
	return plainJSONError(dec.Decode(v))
}

// plainJSONError says what encoding/json found wrong in a campaign's
// options or setup in the campaign file's terms: the key and what it
// expects, never a Go type.
func plainJSONError(err error) error {
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &te):
		key := te.Field
		if key == "" {
			key = "the value"
		}
		return fmt.Errorf("%s: expected %s, not %s", key, expectedKind(te.Type), jsonValueWord(te.Value))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("%s is not a key here", strings.TrimPrefix(err.Error(), "json: unknown field "))
	}
	return errors.New(strings.TrimPrefix(err.Error(), "json: "))
}

// expectedKind names what a Go type holds, in a campaign file's words.
func expectedKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a word or text"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "a mapping"
	case reflect.Pointer:
		return expectedKind(t.Elem())
	}
	return "another kind of value"
}

// jsonValueWord names the kind of value encoding/json found.
func jsonValueWord(v string) string {
	switch v {
	case "string":
		return "text"
	case "number":
		return "a number"
	case "bool":
		return "true or false"
	case "array":
		return "a list"
	case "object":
		return "a mapping"
	}
	if strings.HasPrefix(v, "number ") {
		return "the number " + strings.TrimPrefix(v, "number ")
	}
	return v
}

// AndList joins words as reports write them: "a, b and c".
func AndList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// MustLoadData decodes a game's embedded YAML data file into v, refusing
// unknown keys. Data files are compiled in, so a bad one is a programming
// error and panics at start-up, naming the game.
func MustLoadData(game string, data []byte, v any) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		panic(fmt.Sprintf("%s: data.yaml: %v", game, err))
	}
}

// Wrap breaks s into lines of at most width characters, the first starting
// with prefix and the rest indented to match.
func Wrap(s, prefix string, width int) string {
	indent := strings.Repeat(" ", len(prefix))
	var b strings.Builder
	b.WriteString(prefix)
	col, fresh := len(prefix), true
	for _, w := range strings.Fields(s) {
		if !fresh && col+1+len(w) > width {
			b.WriteString("\n" + indent)
			col, fresh = len(indent), true
		}
		if !fresh {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col, fresh = col+len(w), false
	}
	return b.String()
}
