package orders_test

import (
	"testing"

	"taipan/orders"
)

// FuzzParse feeds arbitrary bytes to the order-file parser: it must never
// panic, every refusal must carry a message, and accepted orders must be
// exactly what the log stores and a replay reads back (checkRoundTrip): the
// same verbs, and values of the same kinds, tags and text.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"game: g\nplayer: a\ntoken: t\nstep: 3\norders:\n  - buy: London\n",
		"game: g\nplayer: a\norders:\n  - sell: [red 4, red 5]\n  - pass\n",
		"game: g\nplayer: a\ncommand: history\n",
		"orders: [{a: {b: [1, 2, {c: d}]}}]",
		"game: &x g\nplayer: *x\norders: []\n",
		"game: g\nplayer: a\norders:\n  - bid: 0100\n  - go: 010\n",
		"game: g\nplayer: a\norders:\n  - play: {8: [8-0, 8-3], 10: best, true: x, ~: y}\n",
		"game: g\nplayer: a\norders:\n  - a: {<<: {b: 1}}\n  - c: !!str 12\n  - d: 1e3\n  - e: 2001-12-14\n  - f: .inf\n",
		"game: g\nplayer: a\norders:\n  - t: |\n      x\n  - bid 0x10\n  - bid 70\n",
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
		checkRoundTrip(t, env)
		orders.HideSecrets(data)
	})
}
