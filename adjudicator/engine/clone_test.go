package engine_test

import (
	"encoding/json"
	"taipan/adjudicator/engine"
	"testing"
)

type inner struct {
	Cards []string
	Seen  map[string][]int
}

type sample struct {
	Name    string
	Empty   []int
	Nil     []int
	Nested  [][]string
	Ptr     *inner
	Map     map[string]*inner
	Any     any
	Array   [2][]int
	scratch []int
}

func TestDeepCopy(t *testing.T) {
	s := &sample{
		Name: "a", Empty: []int{}, Nested: [][]string{{"x"}, nil, {}},
		Ptr:     &inner{Cards: []string{"c"}, Seen: map[string][]int{"b": {1}}},
		Map:     map[string]*inner{"k": {Cards: []string{"d"}}, "nil": nil},
		Any:     []any{map[string]any{"z": []any{1.0}}},
		Array:   [2][]int{{1}, nil},
		scratch: []int{9},
	}
	c := engine.DeepCopy(s)
	a, _ := json.Marshal(s)
	b, _ := json.Marshal(c)
	if string(a) != string(b) {
		t.Fatalf("copy differs:\n%s\n%s", a, b)
	}
	if c.scratch != nil {
		t.Error("unexported scratch was copied")
	}
	// Change everything reachable from the copy; the original must not move.
	c.Nested[0][0] = "y"
	c.Ptr.Cards[0] = "changed"
	c.Ptr.Seen["b"][0] = 2
	c.Map["k"].Cards[0] = "changed"
	c.Any.([]any)[0].(map[string]any)["z"].([]any)[0] = 2.0
	c.Array[0][0] = 5
	if after, _ := json.Marshal(s); string(after) != string(a) {
		t.Errorf("changing the copy changed the original:\n%s\n%s", a, after)
	}
}

func BenchmarkDeepCopy(b *testing.B) {
	s := &sample{Nested: make([][]string, 50), Ptr: &inner{Cards: make([]string, 60)}}
	b.ReportAllocs()
	for b.Loop() {
		engine.DeepCopy(s)
	}
}
