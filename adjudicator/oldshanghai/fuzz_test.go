package oldshanghai

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// fuzzStates are positions to check fuzzed orders against: the opening
// standing-order step, and steps waiting for each kind of decision.
func fuzzStates(f *testing.F) []*State {
	e := New()
	var out []*State
	add := func(players []string, setup string, steps ...map[string]string) {
		s, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(`{}`), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("fuzz"), 0))
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, s.(*State))
		for i, st := range steps {
			var subs []engine.Submission
			for _, p := range e.Status(s).Pending {
				items, err := orders.ParseList([]byte(st[p]))
				if err != nil {
					f.Fatal(err)
				}
				subs = append(subs, engine.Submission{Player: p, Items: orders.Renumber(items)})
			}
			if s, _, err = e.Resolve(s, subs, engine.NewRand([]byte("fuzz"), i+1)); err != nil {
				f.Fatal(err)
			}
			out = append(out, s.(*State))
		}
	}
	add([]string{"alice", "bob", "carol"}, `null`)
	add([]string{"alice", "bob", "carol", "dave"},
		`{"first": "alice", "hands": {"alice": ["shell-back", "drink-up"], "bob": ["boss", "drunken-sailor"], "carol": ["dragons", "dragons", "heart"], "dave": ["police", "heart"]}, "deck": ["boss", "shanghai", "drink-up", "shanghai", "police", "shanghai", "shanghai"], "rest": "discard"}`,
		map[string]string{"alice": "[{skip: [ask]}]", "bob": "[]", "carol": "[]", "dave": "[]"},
		map[string]string{"alice": "- now: shell-back"},
		map[string]string{"alice": "- now: boss"},
		map[string]string{"bob": "- now: no"},
		map[string]string{"carol": "- now: gangs", "dave": "- now: no", "alice": "- now: no"},
		map[string]string{"bob": "- now: no"},
	)
	return out
}

// FuzzCheck feeds arbitrary order text to Check; it must never panic, and
// orders it accepts must resolve.
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{
		"- heart: always", "- heart: {unless: have police}", "- police: {if: by boss and players <= 3}",
		"- finish: {who: [bob], with: boss-first, if: not top safe}", "- finish: none", "- put-back: [{at: for next, if: drawer me}, random]",
		"- put-back: for bob", "- keep: [police, heart]", "- skip: [{play: drink-up, if: top shanghai}, drunken-sailor at most-cards, draw]",
		"- now: draw", "- now: {drunken-sailor: bob}", "- now: boss", "- now: 3", "- clear", "- heart: {if: bob has police}",
		"- skip: [{play: shell-back, if: deck has shanghai}]", "- now: [a, b]", "- finish: {who: {a: b}}", "[]", "- 7", "- heart: {if: hand >== 3}",
		"- haert: always", "- keep: [polise]", "- heart: {if: top drink-upp}", "- police: {if: drawer bbo}", "- finish: crol", "- skip: [drink-upp]", "- keep: [\u00e9]",
	} {
		f.Add(seed, uint8(0))
	}
	e := New()
	states := fuzzStates(f)
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		items, err := orders.ParseList([]byte(text))
		if err != nil {
			return
		}
		items = orders.Renumber(items)
		s := states[int(which)%len(states)]
		st := e.Status(s)
		for _, p := range st.Pending {
			if e.Check(s, p, items) != nil {
				continue
			}
			var subs []engine.Submission
			for _, q := range st.Pending {
				if q == p {
					subs = append(subs, engine.Submission{Player: q, Items: items})
				} else {
					subs = append(subs, engine.Submission{Player: q, Items: e.Default(s, q), Default: true})
				}
			}
			if _, _, err := e.Resolve(e.Clone(s), subs, engine.NewRand([]byte("f"), 9)); err != nil {
				t.Fatalf("accepted orders %q fail to resolve: %v", text, err)
			}
		}
		_ = e.Check(s, "nobody", items)
	})
}
