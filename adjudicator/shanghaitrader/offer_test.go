package shanghaitrader

import (
	"encoding/json"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// TestOfferSecrecy is the twin test of the table (offer.go): two open
// Collusion Phases that differ only in an offer A made B look the same
// to C and to observers, in the view and its drawing, while B is shown
// the offer and how to answer it. The one public trace is that the step
// waits for B's answer (Status.Answering), as for any awaited file.
func TestOfferSecrecy(t *testing.T) {
	e := New()
	renderer, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	setup := `{"year": 2, "collusion": true, "initiative": ["A", "B", "C"], "players": {"A": {"owns": ["TP-02a", "TP-09a", "R9"]}, "B": {"owns": ["W-15a", "TP-09b"]}}}`
	base, err := e.Setup(engine.Config{Players: []string{"A", "B", "C"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("twins"), 0))
	if err != nil {
		t.Fatal(err)
	}
	file := func(v any) []orders.Item {
		items, err := orders.ParseLogged(mustJSON(t, []any{map[string]any{"offer": v}}))
		if err != nil {
			t.Fatal(err)
		}
		return items
	}
	offered, err := e.ApplyOpen(e.Clone(base), "A", file(map[string]any{"to": "B", "give": []any{"TP-02a"}, "get": []any{"W-15a"}}))
	if err != nil {
		t.Fatal(err)
	}
	// A's twin offers C nothing and B something else: C must not tell them apart either.
	other, err := e.ApplyOpen(e.Clone(base), "A", file(map[string]any{"to": "B", "give": []any{"TP-09a"}, "get": []any{"W-15a"}}))
	if err != nil {
		t.Fatal(err)
	}
	see := func(s engine.State, viewer string) string {
		b, _ := json.Marshal(e.View(s, viewer))
		out, err := renderer.DrawView(e.Name(), e.View(s, viewer))
		if err != nil {
			t.Fatal(err)
		}
		return string(b) + "\n" + out
	}
	for _, viewer := range []string{"C", engine.Observer} {
		if a, b, c := see(base, viewer), see(offered, viewer), see(other, viewer); a != b || b != c {
			t.Errorf("what %s sees depends on A's offer to B:\n%s\n%s", viewer, a, b)
		}
	}
	if got := see(offered, "B"); !strings.Contains(got, "A offers you TP-02a for W-15a (answer it with accept: A or decline: A).") || !strings.Contains(got, "OFFERS ON THE TABLE") {
		t.Errorf("B is not shown A's offer:\n%s", got)
	}
	if got := e.Status(offered).Answering; len(got) != 1 || got[0] != "B" {
		t.Errorf("answering is %q, want [B]", got)
	}
	if got := e.Status(base).Answering; len(got) != 0 {
		t.Errorf("answering is %q without an offer", got)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
