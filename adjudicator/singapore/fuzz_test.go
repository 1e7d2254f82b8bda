package singapore

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// fuzzStates are positions to check fuzzed orders against: the start
// step, a turn with every effect in reach, and Rival Chen's picks.
func fuzzStates(f *testing.F) []*State {
	e := New()
	var out []*State
	for _, c := range []struct {
		players []string
		options string
		setup   string
	}{
		{[]string{"alice", "bob"}, `{}`, `{"first": "alice"}`},
		{[]string{"a", "b", "c", "d", "e"}, `{"ordinance": true}`, `{"first": "a", "types": ["Joss Paper", "Porcelain", "Salted Fish", "Silk", "Spices", "Tea"], "river": ["Tea/U", "Silk/M", "Porcelain/U", "Joss Paper/M"], "ss": 2, "seized": ["Tea/M", "Tea/U", "Silk/U"], "hands": {"a": ["Spices/U", "Salted Fish/M"]}, "deck": ["Ordinance"], "rest": true}`},
		{[]string{"alice", "bob"}, `{"influential-figures": true}`, `{"first": "alice", "types": ["Silk", "Tea", "Joss Paper"], "merchants": {"alice": "Rival Chen", "bob": "Resourceful Lin"}, "river": ["Tea/U", "Joss Paper/U", "Silk/U", "Joss Paper/U"], "ss": 2, "seized": ["Silk/U"], "hands": {"alice": ["Silk/M", "Silk/M", "Silk/M", "Tea/M", "Tea/M", "Opium/M", "Opium/M"], "bob": ["Silk/M", "Silk/M", "Tea/M", "Tea/M", "Tea/M", "Joss Paper/U"]}, "turn": "bob", "deck": ["Silk/U"], "rest": true}`},
	} {
		s, err := e.Setup(engine.Config{Players: c.players, Options: json.RawMessage(c.options), Setup: json.RawMessage(c.setup)}, engine.NewRand([]byte("fuzz"), 0))
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, s.(*State))
	}
	chen, _, err := e.Resolve(e.Clone(out[2]), []engine.Submission{{Player: "bob", Items: orders.Renumber([]orders.Item{orders.With("take", "1")})}}, nil)
	if err != nil {
		f.Fatal(err)
	}
	out = append(out, chen.(*State))
	return out
}

// FuzzCheck feeds arbitrary order lists to Check; it must never panic, and
// orders it accepts must resolve.
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{
		"- start: 3", "- take: 2\n- move: 4", "- take: Silk/M\n- silk: [1, Tea]", "- take: 1\n- tea: swap 2 for Spices/U",
		"- take: 3\n- porcelain: {river: 4, seized: Tea/U}", "- take: 4\n- joss-paper: seize 2", "- take: 4\n- joss-paper: [Silk, Tea/M]",
		"- take: [Opium, any]\n- plan: {take: [Silk, any], salted-fish: seize if Tea}", "- chen: [1, 3]", "- chen: [Tea, Tea]",
		"- plan: none", "- take: 9", "- take: {a: b}", "- tea: [[x]]", "- plan: {take: [[1]]}", "- salted-fish: {seize: {a: 1}}",
		"- take: 2\n- spices: seize if", "[]", "- 7", "- take: *", "- take: marked", "- take: slot 2\n- move: slot 2",
		"- tkae: 2", "- take: Slik/U", "- take: 2\n- tea: {river: Tea, with: Porcelian}", "- plan: {tkae: 1}", "- take: \u00e9\u00e9", "- t\u00e1ke: 1",
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
		s := states[int(which)%len(states)]
		for _, p := range e.Status(s).Pending {
			if e.Check(s, p, items) != nil {
				continue
			}
			if _, _, err := e.Resolve(e.Clone(s), []engine.Submission{{Player: p, Items: items}}, engine.NewRand([]byte("f"), 1)); err != nil {
				t.Fatalf("accepted orders %q fail to resolve: %v", text, err)
			}
		}
		_ = e.Check(s, "nobody", items)
	})
}
