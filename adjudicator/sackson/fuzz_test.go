package sackson

import (
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// FuzzCheck feeds arbitrary order text to Check; it must never panic, and
// orders it accepts must resolve (with everybody else on defaults).
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{
		"- bid: 10", "- bid: 1,000", "- bid: none", "- bid: -5", "- bid: 99999999999999999999",
		"- go: 13", "- go: [11, scribe, 12]", "- go: Chinese Opera", "- go: {a: b}",
		"- play: best", "- play: none", "- play: [13-0, 13-1]", "- play: 13-0, 10-0",
		"- play: {13: [13-0], 10: best, herbalist: none}", "- play: {13: {a: [b]}}", "- play: [[1-0]]",
		"- buy", "- buy: yes", "- buy: [yes]", "- event: take", "- event: give bob", "- event: leader",
		"- event: give", "- event: give alice", "- bid: 10\n- bid: 20", "[]", "- 7", "- play: 99-9",
		"- bid: 10\n- go: 13\n- play: {13: [13-0, 13-1, 13-2]}\n- buy: yes\n- event: give last",
		"- bdi: 10", "- go: pawnbrokr", "- play: {scrib: best}", "- play: [31-0]", "- event: give bbo", "- go: _", "- play: {\u00e9: best}",
	} {
		f.Add(seed, uint8(0))
	}
	e := New()
	states := []*State{
		layout(f, []string{"alice", "bob", "carol"}, `{"hands": {"alice": ["13-0", "13-1", "13-2", "10-0"], "bob": ["11-0"], "carol": []}, "lang_tsu": 5, "round": 2, "determiner": "bob"}`),
		layout(f, []string{"alice", "bob", "carol", "dave", "erin", "frank"}, `null`),
	}
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		items, err := orders.ParseList([]byte(text))
		if err != nil {
			return
		}
		s := states[int(which)%len(states)]
		for _, p := range e.Status(s).Pending {
			if e.Check(s, p, items) != nil {
				continue
			}
			subs := []engine.Submission{}
			for _, q := range e.Status(s).Pending {
				if q == p {
					subs = append(subs, engine.Submission{Player: q, Items: items})
				} else {
					subs = append(subs, engine.Submission{Player: q, Items: e.Default(s, q), Default: true})
				}
			}
			if _, _, err := e.Resolve(e.Clone(s), subs, engine.NewRand([]byte("f"), 1)); err != nil {
				t.Fatalf("accepted orders %q fail to resolve: %v", text, err)
			}
		}
		_ = e.Check(s, "nobody", items)
	})
}
