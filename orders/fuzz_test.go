package orders_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"taipan/orders"
)

// FuzzParse feeds arbitrary bytes to the order-file parser: it must never
// panic, every refusal must carry a message, and accepted orders must be
// exactly what the log stores and a replay reads back (checkRoundTrip): the
// same verbs, and values of the same kinds, tags and text; an absence is
// one the log can hold.
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
		"game: g\nplayer: a\nabsence: {from: 0000-01-01T00:00:00+01:00, until: 2026-12-31}\n",
		"game: g\nplayer: a\nabsence: {from: 2026-12-20, until: 9999-12-31T23:59:59-23:59}\n",
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
		if a := env.Absence; a != nil {
			if _, err := json.Marshal([]time.Time{a.From, a.Until}); err != nil {
				t.Fatalf("the log cannot hold the absence of %q: %v", data, err)
			}
		}
		orders.HideSecrets(data)
	})
}

// FuzzHideSecrets: a file shown back (a refusal's echo, the web form) never
// shows its token. Every piece of the token the file reads (each line of
// it, of 4 bytes or more) that the file writes once, as it reads, is gone
// from the lines HideSecrets returns.
func FuzzHideSecrets(f *testing.F) {
	for _, seed := range []string{
		"game: g\ntoken: 7f3c91aa\nplayer: a\n",
		"game: g\nToken: |\n  7f3c91aa\n  99887766\n\nplayer: a\n",
		"game: g\ntoken: >-\n    7f3c91aa\nplayer: a\n",
		"token: \"7f3c91aa\n 99887766\"\nplayer: a\ngame: g\norders: []\n",
		"{game: g, token: 7f3c91aa, player: a, orders: []}\n",
		"  \"token\" : 7f3c91aa\ngame: g\nplayer: a\norders: []\n",
		"game: g\rtoken: 7f3c91aa\rplayer: a\rorders: []\r",
		"? token\n: 7f3c91aa\ngame: g\nplayer: a\norders: []\n",
		"\"tok\\x65n\": 7f3c91aa\ngame: g\nplayer: a\norders: []\n",
		"game: g\nplayer: a\norders: []\ntoken:\n\n  7f3c91aa\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		env, err := orders.Parse(data)
		if err != nil || env.Token == "" {
			return
		}
		shown := strings.Join(orders.HideSecrets(data), "\n")
		for _, piece := range strings.FieldsFunc(env.Token, func(r rune) bool { return r == '\n' || r == '\r' }) {
			piece = strings.TrimSpace(piece)
			if len(piece) >= 4 && bytes.Count(data, []byte(piece)) == 1 && strings.Contains(shown, piece) {
				t.Fatalf("%q: token %q shown in\n%s", data, env.Token, shown)
			}
		}
	})
}
