package shanghaitrader

import (
	"fmt"
	"os"
	"regexp"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/orders"
)

// TestOrdersDoc checks that every example order file of ORDERS.md is
// accepted, each in a position it fits, that every order of its table
// reads as an order of a verb the engine knows, and that the README's
// Shanghai Trader section quotes only its examples.
func TestOrdersDoc(t *testing.T) {
	cases := []adjtest.DocCase{
		{About: "a complete order file for alice", Check: func(t *testing.T, player string, items []orders.Item) error {
			return New().Check(helpState(t), player, items)
		}},
	}
	// The walk-through's files, each in the position it is sent in (its
	// refused stay too: Check takes it, the arrival refuses it).
	for i, w := range playWalkthrough(t) {
		cases = append(cases, adjtest.DocCase{About: fmt.Sprintf("the walk-through's file %d", i+1), Check: func(t *testing.T, player string, items []orders.Item) error {
			return w.engine.Check(w.state, player, items)
		}})
	}
	adjtest.CheckOrdersDoc(t, cases)
	doc, err := os.ReadFile("ORDERS.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z-]+: [^`]+)`").FindAllStringSubmatch(string(doc), -1) {
		items, err := orders.ParseList([]byte("- " + m[1]))
		if err != nil || len(items) != 1 {
			t.Errorf("the table's order %q does not read: %v", m[1], err)
			continue
		}
		if _, ok := versions.Current().Rules.verbs.byKey[norm(items[0].Verb)]; !ok {
			t.Errorf("the table's order %q has no verb the engine knows", m[1])
		}
		n++
	}
	if n < 15 {
		t.Errorf("only %d orders found in the table", n)
	}
	adjtest.CheckReadmeQuotesOrdersDoc(t, "Shanghai Trader")
}
