package engine_test

import (
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// An engine that is no Reader is judged by its Check, and hands Resolve
// no reading: Resolve reads the items itself.
func TestReadOrdersFallsBackToCheck(t *testing.T) {
	g := numberGame{}
	s, err := g.Setup(engine.Config{Players: []string{"ann", "bob"}, Options: []byte("{}"), Setup: []byte("null")}, engine.NewRand([]byte("seed"), 0))
	if err != nil {
		t.Fatal(err)
	}
	good := orders.Renumber(g.Default(s, "ann"))
	reading, err := engine.ReadOrders(g, s, "ann", good)
	if err != nil || reading != nil {
		t.Fatalf("ReadOrders of the default = %v, %v; want no reading and no error", reading, err)
	}
	if _, err := engine.ReadOrders(g, s, "nobody", good); err == nil || err.Error() != g.Check(s, "nobody", good).Error() {
		t.Fatalf("ReadOrders of a stranger's orders = %v; want Check's error %v", err, g.Check(s, "nobody", good))
	}
}
