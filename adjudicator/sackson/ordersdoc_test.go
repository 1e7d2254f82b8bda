package sackson

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"

	"taipan/orders"
)

// TestOrdersDoc checks that every example order file of ORDERS.md is
// accepted, each in a position it fits, and that the README's Shanghai
// section quotes only them (issue 11: "the README's own example play: {8:
// [8-0, 8-3]} is refused").
func TestOrdersDoc(t *testing.T) {
	// Round 2 (tea), Lang-Tsu at the water carrier (2): he can go to 7, 8,
	// 9 or 10; alice holds 8-0, 8-3 and 10-1.
	check := func(t *testing.T, player string, items []orders.Item) error {
		s, err := New().Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`),
			Setup: json.RawMessage(`{"hands": {"alice": ["8-0", "8-3", "10-1"], "bob": [], "carol": []}, "lang_tsu": 2, "round": 2}`)}, engine.NewRand([]byte("x"), 0))
		if err != nil {
			t.Fatal(err)
		}
		return New().Check(s, player, items)
	}
	adjtest.CheckOrdersDoc(t, []adjtest.DocCase{
		{About: "a complete order file for alice in round 2", Check: check},
	})
	adjtest.CheckReadmeQuotesOrdersDoc(t, "Shanghai (Sid Sackson)")
}
