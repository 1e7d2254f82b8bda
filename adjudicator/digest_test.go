package adjudicator_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
)

// encodingJSON is the bytes every digest was ever made of: encoding/json's
// Encoder with HTML escaping off.
func encodingJSON(t testing.TB, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// sameAsEncodingJSON checks that Digest hashes the bytes encoding/json
// writes for v.
func sameAsEncodingJSON(t testing.TB, where string, v any) {
	t.Helper()
	got, err := adjudicator.Digest(v)
	if err != nil {
		t.Fatal(err)
	}
	if want := adjudicator.DigestOfBytes(encodingJSON(t, v)); got != want {
		t.Fatalf("%s: the digest differs from encoding/json's:\n%s", where, encodingJSON(t, v))
	}
}

// The digest is encoding/json's, byte for byte, on the states of every
// game over whole games of every size (the engines' defaults), and on the
// states the frozen logs replay to (TestFrozen).
func TestDigestIsEncodingJSON(t *testing.T) {
	reg := goldenRegistry()
	states := 0
	defer func() { t.Logf("%d states checked", states) }()
	for _, name := range reg.Names() {
		e, _ := reg.Engine(name)
		for _, v := range adjudicator.Versions(e) {
			ev, _ := reg.EngineAt(name, v)
			for n := 2; n <= 6; n++ {
				players := []string{"ann", "ben", "cid", "dot", "eve", "fay"}[:n]
				for _, opt := range []string{`{}`, `{"advanced": true}`} {
					s, err := ev.Setup(engine.Config{Players: players, Options: json.RawMessage(opt), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte(name+v+opt), 0))
					if err != nil {
						continue // not a size or an option this game has
					}
					for step := 1; !ev.Status(s).Finished && step < 400; step++ {
						states++
						sameAsEncodingJSON(t, fmt.Sprintf("%s %d players %s step %d", v, n, opt, step), s)
						var subs []engine.Submission
						for _, p := range ev.Status(s).Pending {
							subs = append(subs, engine.Submission{Player: p, Items: ev.Default(s, p), Default: true})
						}
						if s, _, err = ev.Resolve(s, subs, engine.NewRand([]byte("digest"), step)); err != nil {
							t.Fatal(err)
						}
					}
					sameAsEncodingJSON(t, fmt.Sprintf("%s %d players %s at the end", v, n, opt), s)
				}
			}
		}
	}
}

type textKey string

func (k textKey) MarshalText() ([]byte, error) { return []byte("k-" + string(k)), nil }

type ptrMarshaler struct{ N int }

func (p *ptrMarshaler) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(` { "n" : %d } `, p.N)), nil
}

type innerT struct{ A, B int }

type shapes struct {
	S        string `json:"s"`
	Omitted  string `json:"omitted,omitempty"`
	Skipped  int    `json:"-"`
	Dash     int    `json:"-,"`
	Untagged int
	private  int
	Bools    []bool                  `json:"bools"`
	NilSlice []int                   `json:"nil_slice"`
	Empty    []int                   `json:"empty"`
	Bytes    []byte                  `json:"bytes"`
	Array    [3]uint8                `json:"array"`
	Float    float64                 `json:"float"`
	IntMap   map[int]string          `json:"int_map"`
	TextMap  map[textKey]int         `json:"text_map"`
	Ptr      *innerT                 `json:"ptr"`
	NilPtr   *innerT                 `json:"nil_ptr,omitempty"`
	Any      any                     `json:"any"`
	PtrM     ptrMarshaler            `json:"ptr_m"`
	PtrMs    []ptrMarshaler          `json:"ptr_ms"`
	MapM     map[string]ptrMarshaler `json:"map_m"`
	Time     time.Time               `json:"time"`
	Str      int                     `json:"str,string"`
	Num      json.Number             `json:"num"`
	innerT
}

// The digest is encoding/json's for every shape a state could hold, and
// for the strings it must escape.
func TestDigestShapes(t *testing.T) {
	var s shapes
	sameAsEncodingJSON(t, "zero", &s)
	s = shapes{S: "a\"b\\c\n\r\t\b\f\x01\x1f<>&\u2028\u2029é\xff\xfe🙂", Untagged: 3, private: 4, Bools: []bool{true, false},
		Empty: []int{}, Bytes: []byte("hi"), Array: [3]uint8{1, 2, 3}, Float: 1.5e-7, IntMap: map[int]string{10: "x", 9: "y", -1: "z"},
		TextMap: map[textKey]int{"b": 1, "a": 2}, Ptr: &innerT{1, 2}, Any: map[string]any{"z": 1, "a": []any{"x", nil}},
		PtrM: ptrMarshaler{7}, PtrMs: []ptrMarshaler{{1}, {2}}, MapM: map[string]ptrMarshaler{"k": {3}},
		Time: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), Str: 5, Num: "12.50", innerT: innerT{3, 4}}
	sameAsEncodingJSON(t, "full", &s)
	sameAsEncodingJSON(t, "by value", s)
	for _, str := range []string{"", strings.Repeat("x", 100), "\u007f", "\x00", "ab\xc3", "\xed\xa0\x80"} {
		sameAsEncodingJSON(t, fmt.Sprintf("%q", str), map[string]string{str: str})
	}
	sameAsEncodingJSON(t, "nil", nil)
}

// FuzzDigestString: any string is written as encoding/json writes it.
func FuzzDigestString(f *testing.F) {
	f.Add("a\"\\\n\u2028\xff")
	f.Fuzz(func(t *testing.T, s string) {
		sameAsEncodingJSON(t, "fuzz", []string{s, s + "x"})
	})
}

// BenchmarkDigest is a digest of a Trader state of the golden game,
// against encoding/json's encoding of it (the floor it replaces), in one
// run: x-json is the ratio (below 1 is faster).
func BenchmarkDigest(b *testing.B) {
	reg := goldenRegistry()
	e, _ := reg.Engine("trader")
	s, err := e.Setup(engine.Config{Players: []string{"ann", "ben", "cid"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte("bench"), 0))
	if err != nil {
		b.Fatal(err)
	}
	floor := measure(func() {
		for range 1000 {
			encodingJSON(b, s)
		}
	}) / 1000
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := adjudicator.Digest(s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed()/time.Duration(b.N))/float64(floor), "x-json")
}
