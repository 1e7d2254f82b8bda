package orders_test

import (
	"encoding/json"
	"strings"
	"testing"

	"taipan/orders"
)

func TestParseEnvelope(t *testing.T) {
	env, err := orders.Parse([]byte(`# my turn
game: bourse-1
player: alice
token: 7f3c
step: 4
orders:
  - buy: London
  - sell: [red 4, red 5]
  - pass
  - joker red 3
`))
	if err != nil {
		t.Fatal(err)
	}
	if env.Game != "bourse-1" || env.Player != "alice" || env.Token != "7f3c" || env.Step != 4 {
		t.Errorf("envelope = %+v", env)
	}
	want := []struct {
		verb string
		line int
		args string
	}{{"buy", 7, "London"}, {"sell", 8, "red 4|red 5"}, {"pass", 9, ""}, {"joker", 10, "red 3"}}
	if len(env.Orders) != len(want) {
		t.Fatalf("%d orders, want %d", len(env.Orders), len(want))
	}
	for i, w := range want {
		it := env.Orders[i]
		if it.Verb != w.verb || it.Line != w.line || it.Index != i {
			t.Errorf("order %d = %s at line %d, want %s at line %d", i, it.Verb, it.Line, w.verb, w.line)
		}
		if w.args != "" {
			args, err := it.Strings()
			if err != nil || strings.Join(args, "|") != w.args {
				t.Errorf("order %d args = %v %v, want %s", i, args, err, w.args)
			}
		} else if it.HasValue() {
			t.Errorf("order %d has a value", i)
		}
	}
}

func TestParseCommand(t *testing.T) {
	env, err := orders.Parse([]byte("game: g\nplayer: bob\ntoken: x\ncommand: History 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if env.Command != "history" || len(env.Args) != 1 || env.Args[0] != "3" || env.HasList {
		t.Errorf("envelope = %+v", env)
	}
}

// Every malformed file is refused with the line and the field at fault.
func TestParseErrorsNameLineAndField(t *testing.T) {
	cases := []struct {
		name, file, want string
	}{
		{"empty", "", "the order file is empty"},
		{"not a mapping", "- buy: London\n", "line 1: an order file is a mapping"},
		{"bad yaml", "game: g\nplayer: [a\n", "not valid YAML"},
		{"missing game", "player: a\norders: []\n", "field game: missing"},
		{"missing player", "game: g\norders: []\n", "field player: missing"},
		{"missing orders", "game: g\nplayer: a\n", "field orders: missing"},
		{"unknown key", "game: g\nplayer: a\nordres: []\n", "line 3, field ordres: unknown key"},
		{"step not a number", "game: g\nplayer: a\nstep: four\norders: []\n", "line 3, field step: must be a whole number"},
		{"step zero", "game: g\nplayer: a\nstep: 0\norders: []\n", "field step"},
		{"orders not a list", "game: g\nplayer: a\norders: buy London\n", "line 3, field orders: must be a list"},
		{"two verbs in one entry", "game: g\nplayer: a\norders:\n  - {buy: London, sell: x}\n", "line 4, field orders[1]: one order per entry"},
		{"nested list", "game: g\nplayer: a\norders:\n  - [a, b]\n", "line 4, field orders[1]"},
		{"game twice", "game: g\ngame: h\nplayer: a\norders: []\n", "line 2, field game: given twice"},
		{"player a list", "game: g\nplayer: [a]\norders: []\n", "line 2, field player: must be a single value"},
		{"command and orders", "game: g\nplayer: a\ncommand: status\norders: []\n", "either a command or orders"},
		{"two documents", "game: g\nplayer: a\norders: []\n---\ngame: h\n", "only one YAML document"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env, err := orders.Parse([]byte(c.file))
			if err == nil {
				t.Fatalf("accepted: %+v", env)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not contain %q", err, c.want)
			}
			for _, e := range orders.Errors(err) {
				if e.Msg == "" {
					t.Errorf("an error without a message: %+v", e)
				}
			}
		})
	}
}

func TestItemErrorsPointAtTheItem(t *testing.T) {
	items, err := orders.ParseList([]byte("- buy: London\n- sell:\n    mine: red 4\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := items[1].String(); err == nil || !strings.Contains(err.Error(), "line 2, field orders[2].sell: needs a single value, not a mapping") {
		t.Errorf("String() on a mapping: %v", err)
	}
	e := items[0].Errorf("London is empty")
	if e.Error() != "line 1, field orders[1].buy: London is empty" {
		t.Errorf("Errorf = %q", e)
	}
}

// The log stores orders in generic form; parsing that form back gives the
// same orders.
func TestGenericRoundTrip(t *testing.T) {
	items, err := orders.ParseList([]byte("- buy: London\n- sell: [red 4, red 5]\n- pass\n- plan: {take: 2, then: [a, b]}\n"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := orders.Generic(items)
	if err != nil {
		t.Fatal(err)
	}
	back, err := orders.ParseList([]byte(`[{"buy":"London"},{"sell":["red 4","red 5"]},"pass",{"plan":{"take":2,"then":["a","b"]}}]`))
	if err != nil {
		t.Fatal(err)
	}
	g2, _ := orders.Generic(back)
	if len(g) != 4 || len(g2) != 4 {
		t.Fatalf("lengths %d %d", len(g), len(g2))
	}
	for i := range g {
		if a, b := toString(g[i]), toString(g2[i]); a != b {
			t.Errorf("order %d: %s vs %s", i, a, b)
		}
	}
}

func toString(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(b)
}
