package shanghaitrader

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// TestCheckArrival: orders the position on arrival shows can never apply
// are refused on arrival with their line, field and reason, while Check
// (and so Read, which every replay uses) still takes them; what may still
// apply, or can, passes.
func TestCheckArrival(t *testing.T) {
	e := New()
	as, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"initiative": ["alice", "carol", "bob"], "players": {"alice": {"at": "MAIL", "bank": 100}, "bob": {"at": "TP-02a"}, "carol": {"at": "CONSULATES", "passport": true}}}`)},
		engine.NewRand([]byte("arrival"), 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ player, file, want string }{
		{"alice", "- move: stay", "line 1, field orders[1].move: this can never apply: stay: you are at North China Daily Mail, and you can stay put only where you could make an automatic move to (§2.3); leave move out for the default move (The Bund)"},
		{"bob", "- move: [stay if cash > 10]", "field orders[1].move: this can never apply: stay: you are at TP-02a"},
		{"alice", "- move: auto Shanghai Club", "field orders[1].move: this can never apply: auto Shanghai Club: you may move automatically only to a racket you own"},
		{"alice", "- move: [stay, auto Shanghai Club]", "this can never apply: none of these moves can apply this turn (the first: stay:"},
		{"alice", "- move: auto Consulates\n- deposit: all but 40", "line 2, field orders[2].deposit: this can never apply: none of your moves, nor the default move, can take you to Imperial Trading Banks or Currency Trader this turn (§8.1)"},
		{"alice", "- move: auto Consulates\n- withdraw: 50", "field orders[2].withdraw: this can never apply"},
		{"alice", "- move: auto Consulates\n- daily-mail: bob", "field orders[2].daily-mail: this can never apply: none of your moves, nor the default move, can take you to North China Daily Mail this turn (§8.3)"},
		{"alice", "- fan-tan: 20", "line 1, field orders[1].fan-tan: this can never apply: none of your moves, nor the default move, rolls for Old Chinatown, where Fan Tan Gambling lies (§7.3); leave it out"},
		{"alice", "- move: auto Consulates\n- opium: pay", "line 2, field orders[2].opium: this can never apply: none of your moves, nor the default move, rolls for Old Chinatown, where Opium Dens lies (§7.6)"},
	} {
		items := parseFile(t, c.file)
		if err := e.Check(as, c.player, items); err != nil {
			t.Errorf("%s %q: Check refuses what the rules take: %v", c.player, c.file, err)
		}
		err := e.CheckArrival(as, c.player, items)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: CheckArrival says %v, want %q", c.player, c.file, err, c.want)
		}
	}
	for _, c := range []struct{ player, file string }{
		{"alice", "- move: The Bund\n- deposit: all but 40"},                // the Banks are in The Bund
		{"alice", "- move: [auto Consulates if bank > 500]\n- deposit: 50"}, // the default roll may reach them
		{"bob", "- move: auto Shanghai Club"},                               // alice and carol move first and might open it
		{"bob", "- move: auto Consulates\n- hire: {assassin: carol}"},       // carol moves first: she may reach the airfield
		{"alice", "- move: Hongkew Wharves\n- daily-mail: bob"},             // Hongkew has a station: the roll may go on
		{"alice", "- move: stay\n- move: stay"},                             // Check's to refuse
		{"alice", "- move: Old Chinatown\n- fan-tan: 20\n- opium: gamble"},  // the roll may land at either den
		{"alice", "- move: [Old Chinatown if cash > 900]\n- opium: pay"},    // the roll may be taken
	} {
		if err := e.CheckArrival(as, c.player, parseFile(t, c.file)); err != nil {
			t.Errorf("%s %q may still apply, but CheckArrival refuses it: %v", c.player, c.file, err)
		}
	}
	// The form offers nothing the arrival would refuse, alone or with one
	// of the moves it offers; so it offers a wager at Fan Tan, since one
	// of its moves rolls for Old Chinatown, though the default does not.
	decisions := e.Options(as, "alice")
	var moves [][]orders.Item
	offered := map[string]bool{}
	for _, d := range decisions {
		offered[d.Name] = true
		for _, ch := range d.Choices {
			if d.Name == verbMove {
				moves = append(moves, choiceItems(t, ch.Order))
			}
		}
	}
	for _, d := range decisions {
		for _, ch := range d.Choices {
			items := choiceItems(t, ch.Order)
			err := e.CheckArrival(as, "alice", items)
			for _, m := range moves {
				if err == nil || d.Name == verbMove {
					break
				}
				err = e.CheckArrival(as, "alice", orders.Renumber(append(slices.Clip(m), items...)))
			}
			if err != nil {
				t.Errorf("alice is offered %q, which arrives refused with every move offered: %v", ch.Order, err)
			}
		}
	}
	for _, v := range []string{verbMove, verbFanTan, verbOpium, verbDailyMail} {
		if !offered[v] {
			t.Errorf("alice's form leaves out %s, which one of its moves can reach", v)
		}
	}
}

func choiceItems(t *testing.T, order string) []orders.Item {
	t.Helper()
	items, err := engine.ChoiceItems(order)
	if err != nil {
		t.Fatal(err)
	}
	return items
}

func parseFile(t *testing.T, file string) []orders.Item {
	t.Helper()
	items, err := orders.ParseList([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	return orders.Renumber(items)
}
