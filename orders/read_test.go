package orders_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"taipan/orders"
)

const head = "game: g\nplayer: alice\norders:\n"

// logged is what the event log stores of a file's orders, as JSON.
func logged(t *testing.T, env *orders.Envelope) string {
	t.Helper()
	g, err := orders.Generic(env.Orders)
	if err != nil {
		t.Fatalf("Generic: %v", err)
	}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatalf("the log cannot hold the orders: %v", err)
	}
	return string(b)
}

// Every value is read once, the same way for every game, and the log holds
// that reading (issue 11: "bid: 0100 is checked as 100 but logged as 64").
func TestValuesReadAsWritten(t *testing.T) {
	for _, c := range []struct{ yaml, log string }{
		{"  - bid: 100", `[{"bid":100}]`},
		{"  - bid: 0", `[{"bid":0}]`},
		{"  - bid: -5", `[{"bid":-5}]`},
		{"  - bid: '0100'", `[{"bid":"0100"}]`},
		{`  - bid: "1e3"`, `[{"bid":"1e3"}]`},
		{"  - buy: yes", `[{"buy":"yes"}]`},
		{"  - buy: off", `[{"buy":"off"}]`},
		{"  - buy: True", `[{"buy":true}]`},
		{"  - buy:", `["buy"]`},
		{"  - buy: ~", `["buy"]`},
		{"  - go: 2024-01-01", `[{"go":"2024-01-01"}]`},
		{"  - play: {8: [8-0, 8-3], 10: best}", `[{"play":{"10":"best","8":["8-0","8-3"]}}]`},
		{"  - play: {true: x, 3: y}", `[{"play":{"3":"y","true":"x"}}]`},
		{"  - take: |\n      Silk", `[{"take":"Silk\n"}]`},
		{"  - buy London", `[{"buy":"London"}]`},
		{"  - bid 70", `[{"bid":70}]`},
	} {
		env, err := orders.Parse([]byte(head + c.yaml + "\n"))
		if err != nil {
			t.Errorf("%q refused: %v", c.yaml, err)
			continue
		}
		if got := logged(t, env); got != c.log {
			t.Errorf("%q is logged as %s, want %s", c.yaml, got, c.log)
		}
		checkRoundTrip(t, env)
	}
}

// A number some YAML reader would read differently is refused with its line
// and field, never read one way and logged another.
func TestMisreadableNumbersRefused(t *testing.T) {
	for _, c := range []struct{ yaml, field string }{
		{"  - bid: 0100", "orders[1].bid"},
		{"  - go: 010", "orders[1].go"},
		{"  - bid: 0x64", "orders[1].bid"},
		{"  - bid: 0o17", "orders[1].bid"},
		{"  - bid: 0b101", "orders[1].bid"},
		{"  - bid: 1e3", "orders[1].bid"},
		{"  - bid: 1_000", "orders[1].bid"},
		{"  - bid: +5", "orders[1].bid"},
		{"  - bid: 1.5", "orders[1].bid"},
		{"  - bid: .5", "orders[1].bid"},
		{"  - bid: 08", "orders[1].bid"},
		{"  - bid: 1:30", "orders[1].bid"},
		{"  - bid: .inf", "orders[1].bid"},
		{"  - bid: .NaN", "orders[1].bid"},
		{"  - bid: 99999999999999999999", "orders[1].bid"},
		{"  - go: [8, 09]", "orders[1].go[2]"},
		{"  - play: {010: [8-0]}", "orders[1].play"},
		{"  - bid 0100", "orders[1].bid"},
		{"  - play: [8.0]", "orders[1].play[1]"},
	} {
		_, err := orders.Parse([]byte(head + c.yaml + "\n"))
		if err == nil {
			t.Errorf("%q accepted", c.yaml)
			continue
		}
		es := orders.Errors(err)
		if es[0].Line != 4 || es[0].Field != c.field || !strings.Contains(es[0].Msg, "plain decimal digits") && !strings.Contains(es[0].Msg, "too large") {
			t.Errorf("%q: %v, want line 4, field %s and the advice", c.yaml, err, c.field)
		}
	}
	if _, err := orders.Parse([]byte("game: g\nplayer: a\nstep: 010\norders: []\n")); err == nil || !strings.Contains(err.Error(), "field step") {
		t.Errorf("step: 010: %v", err)
	}
}

// Anchors, aliases, merge keys, tags, null and repeated keys are refused
// with the line and field.
func TestYAMLSurprisesRefused(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"  - bid: &a 70\n  - go: *a", "line 4, field orders[1].bid: anchors (&a)"},
		{"  - play: {8: &x [8-0]}\n  - go: [*x]", "line 4, field orders[1].play.8: anchors (&x)"},
		{"  - play: {<<: {8: best}}", "line 4, field orders[1].play: merge keys"},
		{"  - bid: !!str 0100", "line 4, field orders[1].bid: the tag !!str"},
		{"  - play: {~: best}", "field orders[1].play: a key may not be empty"},
		{"  - play: {8: best, '8': none}", `the key "8" is given twice`},
		{"  - play: {[8]: best}", "a key must be a single word or number"},
		{"  - &o {bid: 70}", "field orders[1]: anchors"},
	} {
		_, err := orders.Parse([]byte(head + c.yaml + "\n"))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.yaml, err, c.want)
		}
	}
	if _, err := orders.Parse([]byte("game: &g g\nplayer: alice\norders: []\n")); err == nil || !strings.Contains(err.Error(), "field game: anchors") {
		t.Errorf("an anchor in the envelope: %v", err)
	}
}

// checkRoundTrip asserts that the orders a game checks are exactly those a
// replay reads back from the log: same verbs, tags, values and structure.
func checkRoundTrip(t *testing.T, env *orders.Envelope) {
	t.Helper()
	g, err := orders.Generic(env.Orders)
	if err != nil {
		t.Fatalf("Generic: %v", err)
	}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatalf("the log cannot hold %v: %v", g, err)
	}
	back, err := orders.ParseList(b)
	if err != nil {
		t.Fatalf("stored form %s does not parse back: %v", b, err)
	}
	if len(back) != len(env.Orders) {
		t.Fatalf("round trip changed the number of orders: %d → %d", len(env.Orders), len(back))
	}
	for i := range back {
		a, z := env.Orders[i], back[i]
		if a.Verb != z.Verb || a.HasValue() != z.HasValue() {
			t.Fatalf("order %d: checked %s (value %v), logged %s (value %v)", i, a.Verb, a.HasValue(), z.Verb, z.HasValue())
		}
		if a.HasValue() {
			if x, y := shape(a.Value), shape(z.Value); x != y {
				t.Fatalf("order %d: checked %s, logged %s (%s)", i, x, y, b)
			}
		}
	}
}

// shape writes a node as the engines see it: kinds, tags and values.
func shape(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return fmt.Sprintf("%s(%q)", n.ShortTag(), n.Value)
	case yaml.SequenceNode, yaml.MappingNode:
		parts := make([]string, len(n.Content))
		for i, c := range n.Content {
			parts[i] = shape(c)
		}
		return fmt.Sprintf("%d[%s]", n.Kind, strings.Join(parts, " "))
	}
	return fmt.Sprintf("kind %d", n.Kind)
}

func TestEcho(t *testing.T) {
	env, err := orders.Parse([]byte(head + "  - bid: 70\n  - play: {10: best, 8: [8-0, 8-3]}\n  - pass\n  - buy: 'yes'\n"))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := orders.Generic(env.Orders)
	got := strings.Join(orders.Echo(g), "\n")
	want := `orders:
  - bid: 70
  - play:
      "10": best
      "8":
        - 8-0
        - 8-3
  - pass
  - buy: "yes"`
	if got != want {
		t.Errorf("echo:\n%s\nwant:\n%s", got, want)
	}
	if e := orders.Echo(nil); len(e) != 1 || e[0] != "orders: []" {
		t.Errorf("empty echo %v", e)
	}
}

// A token is hidden however it is written, a block scalar included (issue
// 10: "A token written as a YAML block scalar is echoed back in a refusal").
func TestHideSecrets(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"game: g\ntoken: 7f3c\nplayer: a\n", "game: g\ntoken: (hidden)\nplayer: a"},
		{"game: g\nToken: |\n  7f3c\n  99\n\nplayer: a\n", "game: g\nToken: (hidden)\n  (hidden)\n  (hidden)\n\nplayer: a"},
		{"game: g\ntoken: >-\n    7f3c\nplayer: a\n", "game: g\ntoken: (hidden)\n    (hidden)\nplayer: a"},
		{"token:\n  7f3c\norders: []\n", "token: (hidden)\n  (hidden)\norders: []"},
		{"token: \"7f3c\n99\"\nplayer: a\n", "token: (hidden)\n(hidden)\nplayer: a"},
		{"{game: g, token: 7f3c, player: a}\n", "{game: g, token: (hidden)"},
		{"  \"token\" : 7f3c\n", "  \"token\" : (hidden)"},
	} {
		if got := strings.Join(orders.HideSecrets([]byte(c.file)), "\n"); got != c.want {
			t.Errorf("%q:\n%s\nwant:\n%s", c.file, got, c.want)
		}
	}
}
