package web

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/orders"
)

// FuzzOrderForm feeds any text to the order form's reading (envelope). It
// never panics; a refusal is a located one about the file, never a line
// the player did not paste nor a game or player the page names; what it
// takes is for this page's game, player and step. A full file that mail
// would take for this game and player, the form takes alike; a file that
// is only the orders list reads as that list, at the lines pasted.
func FuzzOrderForm(f *testing.F) {
	for _, seed := range []string{
		"game: bourse-1\nplayer: alice\ntoken: t\nstep: 2\norders:\n  - buy: Nowhere\n",
		"game: bourse-1\nplayer: Alice\norders: [buy: Paris]\n",
		"player: bob\norders: [buy: Paris]\n",
		"orders:\n  - buy: Paris\n",
		"- buy: Paris\n- pass\n",
		"- buy: Nowhere",
		"[pass]",
		"{orders: [pass]}",
		"{game: bourse-1, player: alice, orders: [sell: [red 4, red 5]]}",
		"press: {to: bob, text: \"shall we?\"}\n",
		"orders: [pass]\n---\n",
		"command: status\n",
		"step: 0\norders: []\n",
		"Orders: [pass]\nGame: bourse-1\n",
		"orders:\n  - note: |\n      a\n      b",
		"orders: [buy: Paris\n",
		"# only a comment",
	} {
		f.Add(seed, uint8(2))
	}
	const game, player = "bourse-1", "alice"
	f.Fuzz(func(t *testing.T, file string, step uint8) {
		formStep := int(step)
		env, err := envelope(file, game, player, formStep)
		lines := 1 + strings.Count(file, "\n") + strings.Count(file, "\r") + strings.Count(file, "\u0085") + strings.Count(file, "\u2028") + strings.Count(file, "\u2029")
		if err != nil {
			var ae *adjudicator.Error
			if !errors.As(err, &ae) || ae.Code != adjudicator.EINVALID || ae.Message == "" {
				t.Fatalf("%q: a refusal that is not about the file: %v", file, err)
			}
			for _, e := range ae.Orders {
				if e.Line > lines {
					t.Fatalf("%q: a refusal at line %d of a file of %d lines: %v", file, e.Line, lines, err)
				}
				if (e.Field == "game" || e.Field == "player") && strings.HasPrefix(e.Msg, "missing") {
					t.Fatalf("%q: refused for a %s the page names: %v", file, e.Field, err)
				}
			}
		} else {
			if env.Game != game || env.Player != player || env.Command != "" || env.Step == 0 && formStep != 0 {
				t.Fatalf("%q: taken as %+v", file, env)
			}
			for _, it := range env.Orders {
				if it.Line < 1 || it.Line > lines {
					t.Fatalf("%q: %s at line %d of a file of %d lines", file, it.Field(), it.Line, lines)
				}
			}
		}

		mailed, merr := orders.Parse([]byte(file))
		if merr == nil && mailed.Game == game && strings.EqualFold(mailed.Player, player) && mailed.Command == "" {
			if err != nil {
				t.Fatalf("%q: mail takes it, the form refuses it: %v", file, err)
			}
			mailed.Player = player
			if mailed.Step == 0 {
				mailed.Step = formStep
			}
			if !reflect.DeepEqual(env, mailed) {
				t.Fatalf("%q: the form reads %+v, mail %+v", file, env, mailed)
			}
		}

		list, lerr := orders.ParseList([]byte(file))
		if lerr != nil || len(list) == 0 || err != nil {
			return
		}
		if len(env.Orders) != len(list) {
			t.Fatalf("%q: the form reads %d orders of a list of %d", file, len(env.Orders), len(list))
		}
		for i := range list {
			if env.Orders[i].Verb != list[i].Verb || env.Orders[i].Line != list[i].Line {
				t.Fatalf("%q: order %d read as %s at line %d, the list has %s at line %d", file, i+1, env.Orders[i].Verb, env.Orders[i].Line, list[i].Verb, list[i].Line)
			}
		}
	})
}
