package adjudicator

import (
	"bytes"
	"crypto/sha256"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"taipan/adjudicator/engine"
	"unicode/utf8"
)

// Digest is the hex SHA-256 of a state's JSON encoding, as encoding/json's
// Encoder writes it with HTML escaping off (a newline at the end). The
// digests of every log ever written are of those bytes, so the encoding
// must never change; encoding/json is deterministic for the types a State
// may hold (struct fields in declaration order, map keys sorted).
//
// Replay computes a digest at every step, so Digest writes those bytes with
// an encoder of its own that reads each type's shape once (appendJSON):
// the same bytes as encoding/json for everything states are made of — it
// hands encoding/json whatever it does not do itself — and several times
// faster; a state that writes its own JSON (engine.JSONAppender) writes
// it straight into the digest's buffer. TestDigestIsEncodingJSON holds
// them all to the same bytes on the states of every game.
func Digest(s engine.State) (string, error) {
	buf := digestBuffers.Get().(*[]byte)
	defer digestBuffers.Put(buf)
	var b []byte
	if a, ok := s.(engine.JSONAppender); ok {
		b = a.AppendJSON((*buf)[:0])
	} else {
		var err error
		if b, err = appendJSON((*buf)[:0], reflect.ValueOf(s)); err != nil {
			return "", fmt.Errorf("digest: %w", err)
		}
	}
	b = append(b, '\n')
	*buf = b
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// digestBuffers keeps the encoding buffers of digests for reuse.
var digestBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// jsonEncoder appends the JSON of a value of one type.
type jsonEncoder func(b []byte, v reflect.Value) ([]byte, error)

// jsonEncoders memoises an encoder per type: the shape of a type never
// changes, so the memo holds no state that could make two digests differ.
var jsonEncoders sync.Map // reflect.Type → jsonEncoder

// appendJSON appends v's JSON as encoding/json writes it.
func appendJSON(b []byte, v reflect.Value) ([]byte, error) {
	if !v.IsValid() {
		return append(b, "null"...), nil
	}
	return encoderOf(v.Type())(b, v)
}

func encoderOf(t reflect.Type) jsonEncoder {
	if f, ok := jsonEncoders.Load(t); ok {
		return f.(jsonEncoder)
	}
	// A recursive type reaches itself while its encoder is built: it
	// finds this indirection, which waits for the real one.
	var wg sync.WaitGroup
	var real jsonEncoder
	wg.Add(1)
	f, loaded := jsonEncoders.LoadOrStore(t, jsonEncoder(func(b []byte, v reflect.Value) ([]byte, error) {
		wg.Wait()
		return real(b, v)
	}))
	if loaded {
		return f.(jsonEncoder)
	}
	real = newEncoder(t)
	wg.Done()
	jsonEncoders.Store(t, real)
	return real
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// newEncoder builds the encoder of a type, following encoding/json's
// choices: a json.Marshaler first, then an encoding.TextMarshaler (of the
// value, or of its address when it has one), then the kind.
func newEncoder(t reflect.Type) jsonEncoder {
	if t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(marshalerType) {
		return addressed(marshalerEncoder, newEncoderNoAddr(t))
	}
	return newEncoderNoAddr(t)
}

func newEncoderNoAddr(t reflect.Type) jsonEncoder {
	if t.Implements(marshalerType) {
		return marshalerEncoder
	}
	if t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(textMarshalerType) {
		return addressed(textMarshalerEncoder, kindEncoder(t))
	}
	if t.Implements(textMarshalerType) {
		return textMarshalerEncoder
	}
	return kindEncoder(t)
}

// addressed uses ifAddr on addressable values (whose address has the
// method), else otherwise, as encoding/json's condAddrEncoder does.
func addressed(ifAddr, otherwise jsonEncoder) jsonEncoder {
	return func(b []byte, v reflect.Value) ([]byte, error) {
		if v.CanAddr() {
			return ifAddr(b, v.Addr())
		}
		return otherwise(b, v)
	}
}

func marshalerEncoder(b []byte, v reflect.Value) ([]byte, error) {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return append(b, "null"...), nil
	}
	out, err := v.Interface().(json.Marshaler).MarshalJSON()
	if err != nil {
		return b, err
	}
	// Compact output is taken as it is, as compacting would leave it.
	// encoding/json would also check that it is valid JSON and fail the
	// digest if not; TestDigestIsEncodingJSON holds every game's
	// MarshalJSON to valid output, so the check is not made again here at
	// every step of every replay.
	if compactAlready(out) {
		return append(b, out...), nil
	}
	var c bytes.Buffer
	if err := json.Compact(&c, out); err != nil {
		return b, err
	}
	return append(b, c.Bytes()...), nil
}

// compactAlready reports whether JSON text holds no white space outside
// its strings: compacting it changes nothing.
func compactAlready(js []byte) bool {
	in := false
	for i := 0; i < len(js); i++ {
		switch c := js[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case !in && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return false
		}
	}
	return true
}

func textMarshalerEncoder(b []byte, v reflect.Value) ([]byte, error) {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return append(b, "null"...), nil
	}
	text, err := v.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return b, err
	}
	return appendString(b, text), nil
}

// fallbackEncoder hands a value to encoding/json itself: for the kinds this
// encoder does not write (floats, byte slices, structs with embedded
// fields or field options it does not take, map keys that are text).
func fallbackEncoder(b []byte, v reflect.Value) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	x := v.Interface()
	if v.CanAddr() {
		// Through its address, so that methods of the pointer apply to its
		// parts as encoding/json applies them to addressable values.
		x = v.Addr().Interface()
	}
	if err := enc.Encode(x); err != nil {
		return b, err
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})...), nil
}

func kindEncoder(t reflect.Type) jsonEncoder {
	switch t.Kind() {
	case reflect.Bool:
		return func(b []byte, v reflect.Value) ([]byte, error) { return strconv.AppendBool(b, v.Bool()), nil }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(b []byte, v reflect.Value) ([]byte, error) { return strconv.AppendInt(b, v.Int(), 10), nil }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(b []byte, v reflect.Value) ([]byte, error) { return strconv.AppendUint(b, v.Uint(), 10), nil }
	case reflect.String:
		if t != reflect.TypeFor[string]() && t.Name() != "" && t.PkgPath() == "encoding/json" {
			return fallbackEncoder // json.Number
		}
		return func(b []byte, v reflect.Value) ([]byte, error) { return appendString(b, v.String()), nil }
	case reflect.Interface:
		return func(b []byte, v reflect.Value) ([]byte, error) {
			if v.IsNil() {
				return append(b, "null"...), nil
			}
			return appendJSON(b, v.Elem())
		}
	case reflect.Pointer:
		elem := encoderOf(t.Elem())
		return func(b []byte, v reflect.Value) ([]byte, error) {
			if v.IsNil() {
				return append(b, "null"...), nil
			}
			return elem(b, v.Elem())
		}
	case reflect.Struct:
		return structEncoder(t)
	case reflect.Map:
		return mapEncoder(t)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !reflect.PointerTo(t.Elem()).Implements(marshalerType) && !reflect.PointerTo(t.Elem()).Implements(textMarshalerType) {
			return fallbackEncoder // base64
		}
		elem := encoderOf(t.Elem())
		return func(b []byte, v reflect.Value) ([]byte, error) {
			if v.IsNil() {
				return append(b, "null"...), nil
			}
			return appendElems(b, v, elem)
		}
	case reflect.Array:
		elem := encoderOf(t.Elem())
		return func(b []byte, v reflect.Value) ([]byte, error) { return appendElems(b, v, elem) }
	}
	return fallbackEncoder
}

func appendElems(b []byte, v reflect.Value, enc jsonEncoder) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i := range v.Len() {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = enc(b, v.Index(i)); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

// field is one field of a struct as JSON writes it.
type field struct {
	index     int
	key       []byte // "name":
	omitEmpty bool
	enc       jsonEncoder
}

func structEncoder(t reflect.Type) jsonEncoder {
	var fields []field
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if f.Anonymous {
			return fallbackEncoder // embedding: encoding/json's promotion rules
		}
		if !f.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if opts != "" && opts != "omitempty" {
			return fallbackEncoder // string, omitzero: left to encoding/json
		}
		if name == "" || !validKey(name) {
			name = f.Name
		}
		key := appendString(nil, []byte(name))
		fields = append(fields, field{index: i, key: append(key, ':'), omitEmpty: opts == "omitempty", enc: encoderOf(f.Type)})
	}
	return func(b []byte, v reflect.Value) ([]byte, error) {
		b = append(b, '{')
		first := true
		var err error
		for _, f := range fields {
			fv := v.Field(f.index)
			if f.omitEmpty && isEmpty(fv) {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = append(b, f.key...)
			if b, err = f.enc(b, fv); err != nil {
				return b, err
			}
		}
		return append(b, '}'), nil
	}
}

// validKey is encoding/json's test of a tag name.
func validKey(s string) bool {
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c > utf8.RuneSelf):
			return false
		}
	}
	return true
}

func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

func mapEncoder(t reflect.Type) jsonEncoder {
	key := t.Key()
	var keyText func(reflect.Value) string
	switch key.Kind() {
	case reflect.String:
		if key.Implements(textMarshalerType) {
			return fallbackEncoder
		}
		keyText = func(k reflect.Value) string { return k.String() }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if key.Implements(textMarshalerType) {
			return fallbackEncoder
		}
		keyText = func(k reflect.Value) string { return strconv.FormatInt(k.Int(), 10) }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if key.Implements(textMarshalerType) {
			return fallbackEncoder
		}
		keyText = func(k reflect.Value) string { return strconv.FormatUint(k.Uint(), 10) }
	default:
		return fallbackEncoder
	}
	elem := encoderOf(t.Elem())
	type entry struct {
		key string
		v   reflect.Value
	}
	return func(b []byte, v reflect.Value) ([]byte, error) {
		if v.IsNil() {
			return append(b, "null"...), nil
		}
		entries := make([]entry, 0, v.Len())
		it := v.MapRange()
		for it.Next() {
			entries = append(entries, entry{keyText(it.Key()), it.Value()})
		}
		slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.key, b.key) })
		b = append(b, '{')
		var err error
		for i, e := range entries {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, e.key)
			b = append(b, ':')
			if b, err = elem(b, e.v); err != nil {
				return b, err
			}
		}
		return append(b, '}'), nil
	}
}

const hexDigits = "0123456789abcdef"

// appendString writes s as a JSON string as encoding/json does with HTML
// escaping off.
func appendString[S []byte | string](b []byte, s S) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		n := len(s) - i
		if n > utf8.UTFMax {
			n = utf8.UTFMax
		}
		r, size := utf8.DecodeRuneInString(string(s[i : i+n]))
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// DigestOfBytes is the hex SHA-256 of b: the digest of a state whose
// encoding is b.
func DigestOfBytes(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
