package engine

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// The helpers of a state's hand-written JSON (JSONAppender): each appends
// a value exactly as encoding/json writes it with HTML escaping off, so a
// game writes its state field by field without reflection.

// AppendJSONString appends s as a JSON string: as it is when it needs no
// escape (printable ASCII without quotes or backslashes), else as
// encoding/json writes it.
func AppendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return AppendJSONEncoded(b, s)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// AppendJSONInts appends a list of integers, null for a nil one.
func AppendJSONInts(b []byte, xs []int) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// AppendJSONEncoded appends v as a json.Encoder writes it with HTML
// escaping off, without its newline: for the parts of a state too rare or
// too varied to be worth writing by hand. It panics if v does not encode,
// which a state's parts always do.
func AppendJSONEncoded(b []byte, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("engine: a state that does not encode: " + err.Error())
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})...)
}

// AppendJSONIntField appends a key, written with its separators as it
// stands in the object (`,"step":`), and an integer.
func AppendJSONIntField(b []byte, key string, n int) []byte {
	return strconv.AppendInt(append(b, key...), int64(n), 10)
}

// AppendJSONTexts appends a list as JSON strings of text(x) for each x,
// null for a nil list: cards and the like that encode as their text.
func AppendJSONTexts[T any](b []byte, xs []T, text func(T) string) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendJSONString(b, text(x))
	}
	return append(b, ']')
}
