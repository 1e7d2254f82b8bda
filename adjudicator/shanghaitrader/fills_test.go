package shanghaitrader

import (
	"encoding/json"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// TestFills: orders that the position on arrival shows will do nothing are
// accepted (Check agrees with Read) but the acknowledgement says so, with
// the reason; what the file leaves out is named with its default.
func TestFills(t *testing.T) {
	e := New()
	as, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"initiative": ["alice", "carol", "bob"], "players": {"alice": {"at": "MAIL"}, "bob": {"at": "TP-02a"}, "carol": {"at": "CONSULATES", "passport": true}}}`)},
		engine.NewRand([]byte("fills"), 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ player, file, want string }{
		{"alice", "- move: stay", "move: this will do nothing: stay: you are at North China Daily Mail, and you can stay put only where you could make an automatic move to (§2.3)"},
		{"alice", "- move: auto Shanghai Club", "move: this will do nothing: auto Shanghai Club"},
		{"alice", "- move: [stay, auto Shanghai Club]", "move: this will do nothing: none of these moves can apply this turn (the first: stay: you are at North China Daily Mail"},
		{"bob", "- move: auto Shanghai Club", "move: auto Shanghai Club will do nothing unless a player who moves before you buys the racket and allows you in (§2.3)"},
		{"alice", "- move: auto Consulates\n- deposit: all but 40", "deposit: this will do nothing: none of your moves can take you to Imperial Trading Banks or Currency Trader this turn (§8.1)."},
		{"alice", "- deposit: 50", "move: not given: the default move is made"},
		{"bob", "- move: auto Consulates\n- hire: {assassin: carol}", "hire: the assassin against carol will do nothing unless carol moves to"},
	} {
		items, err := orders.ParseList([]byte(c.file))
		if err != nil {
			t.Fatal(err)
		}
		items = orders.Renumber(items)
		if err := e.Check(as, c.player, items); err != nil {
			t.Errorf("%s %q refused: %v", c.player, c.file, err)
			continue
		}
		fills := strings.Join(e.Fills(as, c.player, items), "\n")
		if !strings.Contains(fills, c.want) {
			t.Errorf("%s %q: fills\n%s\nwant %q", c.player, c.file, fills, c.want)
		}
	}
	// What can apply gets no warning.
	items := orders.Renumber([]orders.Item{orders.With(verbMove, "The Bund"), orders.With(verbDeposit, "all but 40")})
	if fills := e.Fills(as, "alice", items); len(fills) != 0 {
		t.Errorf("a roll for The Bund with a deposit gets warnings: %q", fills)
	}
}

// TestMoveChoicesMayApply: the move's choices begin with the default move
// and leave out a stay or an automatic move that can never apply from
// where the player is.
func TestMoveChoicesMayApply(t *testing.T) {
	e := New()
	as, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"initiative": ["alice", "bob", "carol"], "players": {"alice": {"at": "MAIL"}, "bob": {"at": "TP-02a"}}}`)},
		engine.NewRand([]byte("choices"), 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range e.Options(as, "alice") {
		if d.Name != verbMove {
			continue
		}
		if got, want := d.Choices[0].Order, "move: "+state(as).defaultMove(0).Text; got != want {
			t.Errorf("the first move choice is %q, want the default %q", got, want)
		}
		for _, c := range d.Choices {
			if c.Order == "move: stay" || c.Order == "move: auto Shanghai Club" {
				t.Errorf("alice, first to move from the Daily Mail, is offered %q", c.Order)
			}
		}
		return
	}
	t.Fatal("no move decision")
}
