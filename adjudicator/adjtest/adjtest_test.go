package adjtest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// counter is a toy game for testing the runner: players take turns adding
// 1 to 3 to a total; whoever reaches 10 wins.
type counter struct{}

type cstate struct {
	Players []string `json:"players"`
	Total   int      `json:"total"`
	Turn    int      `json:"turn"`
	Winner  string   `json:"winner,omitempty"`
}

func (counter) Name() string        { return "counter" }
func (counter) Version() string     { return "counter/1" }
func (counter) Help() string        { return "- add: 1..3" }
func (counter) Corrections() string { return "" }
func (counter) Setup(cfg engine.Config, _ *engine.Rand) (engine.State, error) {
	if len(cfg.Players) < 2 {
		return nil, fmt.Errorf("need two players")
	}
	return &cstate{Players: cfg.Players}, nil
}
func (counter) Status(s engine.State) engine.Status {
	c := s.(*cstate)
	if c.Winner != "" {
		return engine.Status{Finished: true, Winners: []string{c.Winner}, Phase: "over"}
	}
	return engine.Status{Pending: []string{c.Players[c.Turn]}, Phase: c.Players[c.Turn] + "'s turn"}
}
func (counter) Check(s engine.State, p string, items []orders.Item) error {
	c := s.(*cstate)
	if c.Winner != "" || p != c.Players[c.Turn] {
		return orders.Errorf(0, "", "not your turn")
	}
	if len(items) != 1 || items[0].Verb != "add" {
		return orders.Errorf(0, "", "write add: N")
	}
	if n := amount(items[0]); n < 1 || n > 3 {
		return items[0].Errorf("add 1, 2 or 3")
	}
	return nil
}
func amount(it orders.Item) int {
	s, err := it.String()
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(s)
	return n
}

func (counter) Default(engine.State, string) []orders.Item {
	return []orders.Item{orders.With("add", "1")}
}
func (counter) Resolve(s engine.State, subs []engine.Submission, _ *engine.Rand) (engine.State, []engine.Happening, error) {
	c := *s.(*cstate)
	n := amount(subs[0].Items[0])
	c.Total += n
	hs := []engine.Happening{{Text: fmt.Sprintf("%s added %d.", subs[0].Player, n)}}
	if c.Total >= 10 {
		c.Winner = subs[0].Player
		hs = append(hs, engine.Happening{Text: c.Winner + " wins."})
	}
	c.Turn = (c.Turn + 1) % len(c.Players)
	return &c, hs, nil
}
func (counter) View(s engine.State, _ string) any { return s }
func (counter) Correct(s engine.State, c engine.Correction) (engine.State, []engine.Happening, error) {
	return nil, nil, fmt.Errorf("no corrections")
}
func (counter) Rename(s engine.State, from, to string) engine.State { return s }

func (counter) Clone(s engine.State) engine.State {
	c := *s.(*cstate)
	c.Players = append([]string(nil), c.Players...)
	return &c
}

const good = `
name: play to the end
rule: '"whoever reaches 10 wins"'
players: [ann, ben]
steps:
  - orders: {ann: [add: 3]}
    expect: {total: 3, players: [ann, ben], winner: <absent>}
    status: {pending: [ben], finished: false, phase: "ben's"}
    happenings: ["ann added 3."]
  - reject: {player: ben, orders: [add: 4], contains: "add 1, 2 or 3"}
  - reject: {player: ann, orders: [add: 1], contains: "not your turn"}
  - defaults: {ben: [add: 1]}
    expect: {total: 4}
  - until_phase: over
    orders: {}
    happenings: ["added 1.", "wins."]
    status: {finished: true}
---
- name: setup errors
  rule: 'a rule'
  players: [solo]
  setup_error: "need two players"
`

func TestGoodCases(t *testing.T) {
	cs, err := Parse("good", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 {
		t.Fatalf("%d cases", len(cs))
	}
	for _, c := range cs {
		if err := c.Play(counter{}); err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
	}
}

// TestBadCases checks that the runner catches each kind of mistake.
func TestBadCases(t *testing.T) {
	base := "name: x\nrule: r\nplayers: [ann, ben]\n"
	for _, c := range []struct{ text, want string }{
		{"name: x\nplayers: [ann, ben]\n", "cites no rule"},
		{base + "steps:\n  - orders: {ann: [add: 3]}\n    expect: {total: 4}\n", "at .total: got 3, want 4"},
		{base + "steps:\n  - orders: {ann: [add: 3]}\n    expect: {players: [ann]}\n", "got 2 entries"},
		{base + "steps:\n  - orders: {ann: [add: 3]}\n    expect: {total: <absent>}\n", "want no such key"},
		{base + "steps:\n  - orders: {ann: [add: 3]}\n    expect: {nothing: 1}\n", `key "nothing" missing`},
		{base + "steps:\n  - reject: {player: ann, orders: [add: 3], contains: x}\n", "were accepted"},
		{base + "steps:\n  - reject: {player: ann, orders: [add: 5], contains: zzz}\n", "does not contain"},
		{base + "steps:\n  - orders: {ann: [add: 5]}\n", "orders of ann refused"},
		{base + "steps:\n  - orders: {ben: [add: 1]}\n", "orders for ben, who owes none"},
		{base + "steps:\n  - orders: {ann: [add: 1]}\n    happenings: [wins]\n", `no happening (after those already matched) contains "wins"`},
		{base + "steps:\n  - orders: {ann: [add: 1]}\n    happenings: [added, added]\n", `contains "added"`},
		{base + "steps:\n  - orders: {ann: [add: 1]}\n    not_happenings: [added]\n", `contains "added"`},
		{base + "steps:\n  - orders: {ann: [add: 1]}\n    status: {pending: [ann]}\n", "pending is"},
		{base + "steps:\n  - orders: {ann: [add: 1]}\n    status: {finished: true}\n", "finished is false"},
		{base + "steps:\n  - defaults: {ann: [add: 2]}\n", "Default for ann"},
		{base + "steps:\n  - until_phase: never\n    repeat: 3\n", "after 3 repetitions"},
		{base + "setup_error: boom\n", "Setup succeeded"},
		{base + "steps:\n  - correct: {action: x, player: ann}\n", "correction x: no corrections"},
	} {
		cs, err := Parse("bad", []byte(c.text))
		if err != nil {
			t.Fatalf("%q: %v", c.text, err)
		}
		err = cs[0].Play(counter{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("case %q: got error %v, want one containing %q", c.text, err, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"name: x\nrul: y\n", `unknown key "rul"`},
		{"name: x\nrule: y\nsteps:\n  - order: {}\n", `unknown key "order"`},
		{"- name: x\n  rule: y\n- name: x\n  rule: z\n", "two cases are named"},
		{"name: [x\n", "did not find"},
	} {
		_, err := Parse("p", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.text, err, c.want)
		}
	}
}

func TestMatch(t *testing.T) {
	var got any
	_ = json.Unmarshal([]byte(`{"a": 1, "b": [{"c": "x", "d": true}, {"c": "y"}], "e": null}`), &got)
	for _, c := range []struct {
		want string
		ok   bool
	}{
		{`{}`, true},
		{`{"a": 1}`, true},
		{`{"a": 2}`, false},
		{`{"b": [{"c": "x"}, {}]}`, true},
		{`{"b": [{"c": "x"}]}`, false},
		{`{"b": [{}, {"d": "<absent>"}]}`, true},
		{`{"b": [{"d": "<absent>"}, {}]}`, false},
		{`{"e": null}`, true},
		{`{"e": 0}`, false},
		{`{"a": "1"}`, false},
	} {
		var w any
		if err := json.Unmarshal([]byte(c.want), &w); err != nil {
			t.Fatal(err)
		}
		if err := Match(w, got); (err == nil) != c.ok {
			t.Errorf("Match(%s): %v, want ok=%v", c.want, err, c.ok)
		}
	}
}

// TestRun runs a case file through Run itself.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "c.yaml"), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	Run(t, counter{}, filepath.Join(dir, "*.yaml"))
}
