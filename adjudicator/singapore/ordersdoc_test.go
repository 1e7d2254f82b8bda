package singapore

import (
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/orders"
)

// TestOrdersDoc checks that every example order file of ORDERS.md is
// accepted, each in a position it fits, and that the README's Singapore
// 1889 section quotes only them.
func TestOrdersDoc(t *testing.T) {
	// alice's turn: Silk/U in slot 2 under the Secret Society card, Marked
	// Opium in slot 3.
	check := func(t *testing.T, player string, items []orders.Item) error {
		s := setupGame(t, []string{"alice", "bob", "carol", "dave", "eve", "fay"}, `{}`, `{"first": "alice", "types": ["Joss Paper", "Porcelain", "Salted Fish", "Silk", "Spices", "Tea"], "river": ["Tea/M", "Silk/U", "Opium/M", "Spices/U"], "ss": 2, "seized": ["Tea/M"], "rest": true}`, "orders")
		return New().Check(s, player, items)
	}
	adjtest.CheckOrdersDoc(t, []adjtest.DocCase{
		{About: "a turn with a plan for the next", Check: check},
	})
	adjtest.CheckReadmeQuotesOrdersDoc(t, "Singapore 1889 orders")
}
