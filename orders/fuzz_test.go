package orders_test

import (
	"encoding/json"
	"testing"

	"taipan/orders"
)

// FuzzParse feeds arbitrary bytes to the order-file parser: it must never
// panic, every refusal must carry a message, and accepted orders must survive
// the round trip through the log's generic form.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"game: g\nplayer: a\ntoken: t\nstep: 3\norders:\n  - buy: London\n",
		"game: g\nplayer: a\norders:\n  - sell: [red 4, red 5]\n  - pass\n",
		"game: g\nplayer: a\ncommand: history\n",
		"orders: [{a: {b: [1, 2, {c: d}]}}]",
		"game: &x g\nplayer: *x\norders: []\n",
		"{",
		"- - -",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		env, err := orders.Parse(data)
		if err != nil {
			for _, e := range orders.Errors(err) {
				if e.Msg == "" {
					t.Fatalf("error without message for %q", data)
				}
			}
			return
		}
		g, err := orders.Generic(env.Orders)
		if err != nil {
			return // an argument YAML cannot decode is reported, not stored
		}
		b, err := json.Marshal(g)
		if err != nil {
			return
		}
		back, err := orders.ParseList(b)
		if err != nil {
			t.Fatalf("stored form %s does not parse back: %v", b, err)
		}
		if len(back) != len(env.Orders) {
			t.Fatalf("round trip changed the number of orders: %d → %d", len(env.Orders), len(back))
		}
	})
}
