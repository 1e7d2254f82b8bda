package adjudicator_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
)

// With Recipients set, the GM's full report names whom each private line
// was for, while every player's and the observers' reports stay word for
// word as they were; without it the GM's report is as the golden logs
// record it.
func TestReportRecipients(t *testing.T) {
	evs := goldenEvents(t, "shanghai-trader-6p-advanced")
	g, err := adjudicator.ReplayUntil(goldenRegistry(), evs, 1)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	named, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	named.Recipients = true
	render := func(r *adjudicator.Renderer, player string) string {
		t.Helper()
		text, err := r.Text(g, player)
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	const private = "The deal's price: bob pays eve $5ooo."
	if gm := render(named, ""); !strings.Contains(gm, "  - [to bob and eve] "+private) {
		t.Errorf("the GM's report does not name whom the deal's price was for:\n%s", gm)
	}
	if gm := render(plain, ""); !strings.Contains(gm, "  - "+private) || strings.Contains(gm, "[to ") {
		t.Errorf("without Recipients the GM's report is not as recorded:\n%s", gm)
	}
	for _, p := range append(g.Names(), engine.Observer) {
		if a, b := render(plain, p), render(named, p); a != b {
			t.Errorf("%s's report changed with Recipients: %s", p, firstDiff([]byte(b), []byte(a)))
		}
	}
	if bob := render(named, "bob"); !strings.Contains(bob, "  - "+private) {
		t.Errorf("bob's report lost his private line:\n%s", bob)
	}
}

// goldenEvents reads the golden log of the named game.
func goldenEvents(t *testing.T, name string) []events.Event {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "golden", name+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	evs, err := events.ReadJSONL(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return evs
}
