package oldshanghai

import (
	"encoding/json"
	"strings"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"

	"taipan/orders"
)

// TestOrdersDoc checks that every example order file of ORDERS.md is
// accepted, each in a position it fits, and that the README's Old
// Shanghai Game section quotes only them.
func TestOrdersDoc(t *testing.T) {
	e := New()
	// Step 1, when everybody sends their first standing orders.
	firstRound := func(t *testing.T, player string, items []orders.Item) error {
		s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`)}, engine.NewRand([]byte("doc"), 0))
		if err != nil {
			t.Fatal(err)
		}
		return e.Check(s, player, items)
	}
	// alice played her Old Shell-Back and drew Drink Up! and Harbor
	// Police: the game asks her which to keep.
	shellBack := func(t *testing.T, player string, items []orders.Item) error {
		s, err := e.Setup(engine.Config{Players: []string{"alice", "bob"}, Options: json.RawMessage(`{}`),
			Setup: json.RawMessage(`{"first": "alice", "hands": {"alice": ["shell-back"], "bob": ["drink-up"]}, "deck": ["drink-up", "police", "dragons"], "rest": "discard"}`)}, engine.NewRand([]byte("doc"), 0))
		if err != nil {
			t.Fatal(err)
		}
		var subs []engine.Submission
		for _, sub := range []struct{ player, orders string }{{"alice", "[{skip: [shell-back]}]"}, {"bob", "[{skip: [ask]}]"}} {
			items, err := orders.ParseList([]byte(sub.orders))
			if err != nil {
				t.Fatal(err)
			}
			subs = append(subs, engine.Submission{Player: sub.player, Items: items})
		}
		if s, _, err = e.Resolve(s, subs, engine.NewRand([]byte("doc"), 1)); err != nil {
			t.Fatal(err)
		}
		if st := e.Status(s); !strings.Contains(st.Phase, "Old Shell-Back") {
			t.Fatalf("the position asks %v %q, not for the Old Shell-Back card", st.Pending, st.Phase)
		}
		return e.Check(s, player, items)
	}
	adjtest.CheckOrdersDoc(t, []adjtest.DocCase{
		{About: "a full standing-order file", Check: firstRound},
		{About: "an answer to the Old Shell-Back question", Check: shellBack},
	})
	adjtest.CheckReadmeQuotesOrdersDoc(t, "The Old Shanghai Game (`old-shanghai`)")
}
