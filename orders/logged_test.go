package orders

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// readAsReleased is how replay read a logged orders list before
// ParseLogged: encoding/json into Go values, json.Marshal, then the YAML
// parser.
func readAsReleased(data []byte) ([]Item, error) {
	var generic []any
	if err := json.Unmarshal(data, &generic); err != nil {
		return nil, err
	}
	b, err := json.Marshal(generic)
	if err != nil {
		return nil, err
	}
	return ParseList(b)
}

// stripPositions clears what differs by construction: where in a file a
// node stood (the log is one line either way).
func stripPositions(n *yaml.Node) {
	if n == nil {
		return
	}
	n.Line, n.Column = 0, 0
	for _, c := range n.Content {
		stripPositions(c)
	}
}

func sameItems(t *testing.T, data []byte) {
	t.Helper()
	want, werr := readAsReleased(data)
	got, gerr := ParseLogged(data)
	// What the released reading took, ParseLogged takes, and reads the
	// same. It may take more: a log that reading refused (a string with a
	// character its YAML parser does not allow, a key longer than it
	// reads) could not be replayed before, and now can; nothing it did
	// replay reads otherwise.
	if werr == nil && gerr != nil {
		t.Fatalf("%s: the released reading took it, ParseLogged refuses it: %v", data, gerr)
	}
	if werr != nil {
		return
	}
	for i := range want {
		want[i].Line = 0
		stripPositions(want[i].Value)
	}
	for i := range got {
		got[i].Line = 0
		stripPositions(got[i].Value)
	}
	if !reflect.DeepEqual(got, want) {
		wb, _ := json.Marshal(want)
		gb, _ := json.Marshal(got)
		t.Errorf("%s:\n got %s\nwant %s", data, gb, wb)
	}
}

// ParseLogged reads every logged form exactly as replay always did (see
// sameItems for what it may take besides).
func TestParseLoggedMatchesTheReleasedReading(t *testing.T) {
	for _, s := range []string{
		`["pass"]`, `[]`, `[{"buy":"London"}]`, `[{"sell":["red 4","red 5"]}]`,
		`[{"bid":100},{"go":[8,9]},{"play":{"8":["8-0","8-3"],"9":"best"}},{"buy":true},{"event":"give leader"}]`,
		`[{"bid":0.5},{"x":-0},{"y":1e21},{"z":1.5e-7},{"w":12345678901234567890},{"v":null},{"u":false}]`,
		`[{"plan":[{"sell":"best"},{"buy":"cheapest"}]}]`,
		`[{"a":"<&>\u2028 \"q\" \\ é"}]`, `[{"heart":{"unless":"have police"}}]`,
		`[{"take":["Silk/U","Tea",4]},{"move":[]},{"n":{}}]`, `[{"Buy":"x"}]`, `["buy London"]`, `[{"n":1.0},{"m":1e3},{"k":-0.0},{"j":100000000000000000000000}]`,
	} {
		sameItems(t, []byte(s))
	}
}

// FuzzParseLogged checks the same on any JSON the fuzzer finds.
func FuzzParseLogged(f *testing.F) {
	f.Add(`[{"bid":100},{"play":{"8":["8-0"]}}]`)
	f.Add(`["pass",{"x":[1.5,true,null,{"y":"z"}]}]`)
	f.Add(`[{"n":1.0},{"m":1e3},{"k":-0.0}]`)
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		sameItems(t, []byte(s))
	})
}

// ParseLoggedPayload takes and refuses what decoding the payload with
// encoding/json takes and refuses, and reads the step and the orders (by
// ParseLogged) as decoding it does.
func FuzzParseLoggedPayload(f *testing.F) {
	f.Add(`{"orders":[{"buy":"London"}],"step":4}`)
	f.Add(`{"orders":["pass",{"bid":100}],"step":1}`)
	f.Add(`{"step":2,"orders":null}`)
	// Not JSON, in the log's own form: the scan must refuse it too.
	for _, s := range []string{`[{"a":01}]`, `[{"a":[1 2]}]`, `[{"a" 1}]`, `[{"a":tru}]`, "[\"a\x01\"]", `[{"a":{"b":1,}}]`, `[{"a":[,1]}]`, `[{"a":1.}]`, `[{"a":-}]`, `[{"a":"x`} {
		f.Add(`{"orders":` + s + `,"step":1}`)
	}
	f.Add(`{"orders":[],"step":01}`)
	f.Fuzz(func(t *testing.T, s string) {
		var p struct {
			Step   int             `json:"step"`
			Orders json.RawMessage `json:"orders"`
		}
		if err := json.Unmarshal([]byte(s), &p); err != nil {
			if _, _, gerr := ParseLoggedPayload([]byte(s)); gerr == nil {
				t.Fatalf("%s: encoding/json refuses it (%v), ParseLoggedPayload takes it", s, err)
			}
			return
		}
		want, werr := ParseLogged(p.Orders)
		if p.Orders == nil {
			want, werr = nil, nil
		}
		step, got, gerr := ParseLoggedPayload([]byte(s))
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("%s: %v / %v", s, werr, gerr)
		}
		if werr == nil && (step != p.Step || !reflect.DeepEqual(got, want)) {
			t.Fatalf("%s: step %d items %v, want %d %v", s, step, got, p.Step, want)
		}
	})
}

// ParseLoggedPayloadText reads the log's own form with each value left as
// its text, and every payload as ParseLoggedPayload reads it: the same
// step, the same verdict, and items whose text makes the same nodes.
func FuzzParseLoggedPayloadText(f *testing.F) {
	f.Add(`{"orders":[{"move":["stay","auto Consulates"]},{"ask":{"lido":20,"spy":5}},{"x":[1,true,null,"a",{}]}],"step":4}`)
	f.Add(`{"orders":[{"buy":"London"}],"step":-1}`)
	f.Add(`{"orders":[],"step":0}`)
	f.Add(`{"orders":["pass",{"bid":100}],"step":1}`)
	f.Add(`{"orders":[{"a":1.5},{"b":-0},{"c":"\u00e9"},{"d":1234567890123456}],"step":1}`)
	f.Add(`{"orders":[{"Buy":1},{" ":2}],"step":1}`)
	f.Add(`{"orders":[{"a":1,"b":2}],"step":1}`)
	f.Add(`{"step":1,"orders":[{"a":1}]}`)
	f.Add(`{"orders":[{"a":[1 2]}],"step":1}`)
	f.Fuzz(func(t *testing.T, s string) {
		wstep, want, werr := ParseLoggedPayload([]byte(s))
		step, got, err := ParseLoggedPayloadText([]byte(s))
		if (werr == nil) != (err == nil) || werr != nil && werr.Error() != err.Error() {
			t.Fatalf("%s: error %v, want %v", s, err, werr)
		}
		if err != nil {
			return
		}
		for _, it := range got {
			if it.Logged != "" && it.HasValue() != (it.Node().Tag != "!!null") {
				t.Fatalf("%s: %s: HasValue is %v", s, it.Logged, it.HasValue())
			}
		}
		if nodes := WithNodes(got); step != wstep || !reflect.DeepEqual(nodes, want) {
			t.Fatalf("%s: step %d items %#v, want %d %#v", s, step, nodes, wstep, want)
		}
		for i := range got {
			sameReading(t, got[i], want[i])
		}
	})
}

// sameReading fails unless Scalar, String and Strings read the item of
// logged text as they read the same item as nodes: the same values, the
// same errors.
func sameReading(t *testing.T, text, nodes Item) {
	t.Helper()
	v, ok := text.Scalar()
	if wv, wok := nodes.Scalar(); v != wv || ok != wok {
		t.Fatalf("%s: Scalar %q, %v; as nodes %q, %v", text.Logged, v, ok, wv, wok)
	}
	s, err := text.String()
	ws, werr := nodes.String()
	if s != ws || fmt.Sprint(err) != fmt.Sprint(werr) {
		t.Fatalf("%s: String %q, %v; as nodes %q, %v", text.Logged, s, err, ws, werr)
	}
	l, err := text.Strings()
	wl, werr := nodes.Strings()
	if !reflect.DeepEqual(l, wl) || fmt.Sprint(err) != fmt.Sprint(werr) {
		t.Fatalf("%s: Strings %q, %v; as nodes %q, %v", text.Logged, l, err, wl, werr)
	}
}

// Scalar, String and Strings read logged text as they read its nodes,
// for values of every shape the log holds: strings (with spaces, commas,
// accents, empty), integers, booleans, null, lists of them, nested lists
// and mappings.
func TestLoggedTextReadsAsNodes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	scalars := []string{`"London"`, `""`, `" padded "`, `"red 4, red 5"`, `"é à"`, `"a\"b"`, `0`, `-40`, `123456789012345`, `1234567890123456`, `1.5`, `-0`, `true`, `false`, `null`}
	var value func(depth int) string
	value = func(depth int) string {
		switch k := r.IntN(6); {
		case k < 3 || depth > 2:
			return scalars[r.IntN(len(scalars))]
		case k < 5:
			var parts []string
			for range r.IntN(4) {
				parts = append(parts, value(depth+1))
			}
			return "[" + strings.Join(parts, ",") + "]"
		default:
			return `{"k":` + value(depth+1) + `}`
		}
	}
	read := 0
	for range 5000 {
		payload := `{"orders":[{"v":` + value(0) + `}],"step":1}`
		_, want, werr := ParseLoggedPayload([]byte(payload))
		_, got, err := ParseLoggedPayloadText([]byte(payload))
		if werr != nil || err != nil {
			t.Fatalf("%s: %v, %v", payload, err, werr)
		}
		if _, ok := got[0].loggedList(); ok {
			read++
		}
		sameReading(t, got[0], want[0])
	}
	if read < 1000 {
		t.Fatalf("only %d of 5,000 values were read from their text", read)
	}
}

// The log's own form is read without nodes: every value is its text.
func TestParseLoggedPayloadTextLeavesTheText(t *testing.T) {
	step, items, err := ParseLoggedPayloadText([]byte(`{"orders":[{"Move":["stay","auto Consulates"]},{"ask":{"lido":20}},{"passport":null},{"fan-tan":-40}],"step":7}`))
	if err != nil {
		t.Fatal(err)
	}
	want := []Item{
		{Index: 0, Line: 1, Verb: "move", Logged: `["stay","auto Consulates"]`},
		{Index: 1, Line: 1, Verb: "ask", Logged: `{"lido":20}`},
		{Index: 2, Line: 1, Verb: "passport", Logged: `null`},
		{Index: 3, Line: 1, Verb: "fan-tan", Logged: `-40`},
	}
	if step != 7 || !reflect.DeepEqual(items, want) {
		t.Fatalf("step %d items %#v", step, items)
	}
	if s, err := items[0].Strings(); err != nil || !reflect.DeepEqual(s, []string{"stay", "auto Consulates"}) {
		t.Errorf("Strings: %v %v", s, err)
	}
	if items[2].HasValue() || !items[3].HasValue() {
		t.Errorf("HasValue: null %v, -40 %v", items[2].HasValue(), items[3].HasValue())
	}
	if g, err := items[1].Generic(); err != nil || !reflect.DeepEqual(g, map[string]any{"ask": map[string]any{"lido": 20}}) {
		t.Errorf("Generic: %#v %v", g, err)
	}
}
