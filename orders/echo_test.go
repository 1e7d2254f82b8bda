package orders

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// echoEachAlone is Echo as it was written first, each scalar encoded
// alone: what Echo must still write.
func echoEachAlone(generic []any) []string {
	if len(generic) == 0 {
		return []string{"orders: []"}
	}
	var node func(v any) *yaml.Node
	node = func(v any) *yaml.Node {
		switch x := v.(type) {
		case map[string]any:
			n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			for _, k := range slices.Sorted(maps.Keys(x)) {
				n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k}, node(x[k]))
			}
			return n
		case []any:
			n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
			for _, e := range x {
				n.Content = append(n.Content, node(e))
			}
			return n
		}
		var n yaml.Node
		if err := n.Encode(v); err != nil {
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: fmt.Sprint(v)}
		}
		return &n
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(node(map[string]any{"orders": generic})); err != nil {
		return []string{"orders: (cannot be shown: " + err.Error() + ")"}
	}
	enc.Close()
	return strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
}

// echoScalars are values whose YAML is easily got wrong: words YAML 1.1
// or 1.2 reads as something else, numbers as text, indicators, quotes,
// line breaks, blanks, Unicode, empty text.
var echoScalars = []any{
	"stay", "", " ", "yes", "no", "on", "off", "y", "n", "true", "False", "null", "~", "NULL",
	"1", "-2", "0x1f", "1e3", "1:20", "3.5", ".inf", "-.Inf", ".nan", "0o17", "007",
	"- a", "a: b", "a:b", "#x", "a #b", "[x]", "{x}", "&a", "*a", "!t", "|", ">", "%x", "@x", "`x",
	"'q'", `"q"`, `back\slash`, "a\nb", "a\n", "\n", "a\tb", "trailing ", " leading", "---", "...",
	"é", "日本", "\u2028", "\x01", "TP-02a if cash >= 40", "auto Consulates", "Hongkew Wharves",
	0, 1, -7, 1 << 40, 2.5, true, false, nil,
	map[string]int{"b": 1, "a": 2}, []string{"x", "yes"},
}

// Echo writes what encoding each scalar alone wrote: of every tricky
// scalar, alone, in lists and in mappings, with the orders around them.
func TestEchoAsEachAlone(t *testing.T) {
	var files [][]any
	for _, v := range echoScalars {
		files = append(files, []any{map[string]any{"move": v}})
		files = append(files, []any{map[string]any{"buy": []any{v, "racket", v}}, map[string]any{"ask": map[string]any{"lido": v, "spy": 5}}})
	}
	files = append(files, []any{map[string]any{"hire": []any{map[string]any{"thug": echoScalars[:20]}, map[string]any{"mugger": echoScalars[20:]}}}})
	for _, f := range files {
		want := echoEachAlone(f)
		if got := Echo(f); !slices.Equal(got, want) {
			t.Errorf("Echo(%#v):\n%s\nwant\n%s", f, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// FuzzEchoAsEachAlone holds Echo to echoEachAlone for any text, alone and
// beside others in a list.
func FuzzEchoAsEachAlone(f *testing.F) {
	for _, v := range echoScalars {
		if s, ok := v.(string); ok {
			f.Add(s, "yes")
		}
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		file := []any{map[string]any{"move": []any{a, b, 12}}, map[string]any{a: b}}
		if got, want := Echo(file), echoEachAlone(file); !slices.Equal(got, want) {
			t.Errorf("Echo(%q, %q):\n%s\nwant\n%s", a, b, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}

// Echo writes what encoding each scalar alone wrote of nested mappings
// and lists of every kind, plain words and tricky scalars mixed; most are
// written by echoWriter, which the test counts so that it cannot pass
// with the writer never used.
func TestEchoWriterAsEachAlone(t *testing.T) {
	words := []any{"stay", "buy", "Hongkew Wharves", "lido", "a.b", "x_y", "TP-02a", 0, 40, -3, true, nil}
	scalars := append(slices.Clone(words), echoScalars...)
	r := rand.New(rand.NewPCG(1, 2))
	var value func(depth int, pool []any) any
	value = func(depth int, pool []any) any {
		switch k := r.IntN(5); {
		case depth < 3 && k == 0:
			m := map[string]any{}
			for range 1 + r.IntN(3) {
				key, _ := pool[r.IntN(len(pool))].(string)
				m[key] = value(depth+1, pool)
			}
			return m
		case depth < 3 && k == 1:
			var l []any
			for range r.IntN(4) {
				l = append(l, value(depth+1, pool))
			}
			return l
		}
		return pool[r.IntN(len(pool))]
	}
	fast := 0
	for i := range 3000 {
		pool := words
		if i%3 == 0 {
			pool = scalars
		}
		var file []any
		for range 1 + r.IntN(4) {
			file = append(file, map[string]any{"move": value(0, pool)})
		}
		if r.IntN(4) == 0 {
			file = append(file, "pass")
		}
		var w echoWriter
		if w.list(file, 2, false) {
			fast++
		}
		if got, want := Echo(file), echoEachAlone(file); !slices.Equal(got, want) {
			t.Fatalf("Echo(%#v):\n%s\nwant\n%s", file, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	if fast < 1000 {
		t.Fatalf("echoWriter wrote %d of 3,000 files; the test checks it on too few", fast)
	}
}
