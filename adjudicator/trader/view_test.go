package trader

import (
	"encoding/json"
	"strings"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
)

func renderView(t *testing.T, v any) string {
	t.Helper()
	return adjtest.RenderView(t, New(), v)
}

// TestTemplate renders views of 2-, 3- and 4-player games, mid-game and
// finished, and checks width and hidden money.
func TestTemplate(t *testing.T) {
	e := New()
	for _, c := range []struct {
		players []string
		setup   string
		sets    string
	}{
		{[]string{"alice", "bob"}, `null`, `{"sets": 2}`},
		{[]string{"alice", "bob", "carol"}, `null`, `{}`},
		{[]string{"alexandrina", "bartholomew", "christabella", "demetrius"}, `{"columns": {"Berlin": ["blue 2"], "London": ["blue 3"], "Brussels": ["red 2"]}, "hands": {"alexandrina": ["blue 5", "yellow 6", "yellow 5", "green 5", "green 6", "black 6", "black 5", "black 4"], "christabella": ["blue 6"]}, "rest_sold": true}`, `{}`},
	} {
		s, err := e.Setup(engine.Config{Players: c.players, Options: json.RawMessage(c.sets), Setup: json.RawMessage(c.setup)}, engine.NewRand([]byte("view"), 0))
		if err != nil {
			t.Fatal(err)
		}
		for step := 1; ; step++ {
			for _, viewer := range append([]string{""}, c.players...) {
				out := renderView(t, e.View(s, viewer))
				for _, line := range strings.Split(out, "\n") {
					if len(line) >= 72 {
						t.Errorf("line of %d characters: %q", len(line), line)
					}
				}
				hidden := len(c.players) - 1
				if e.Status(s).Finished {
					hidden = 0 // the money is counted openly at the end
				}
				if viewer != "" && strings.Count(out, "money hidden") != hidden {
					t.Errorf("%s's view hides %d players' money:\n%s", viewer, strings.Count(out, "money hidden"), out)
				}
				if viewer == "" && strings.Contains(out, "hidden") {
					t.Errorf("the GM view hides money:\n%s", out)
				}
				if step == 3 && viewer == c.players[1] || e.Status(s).Finished && viewer == "" {
					t.Logf("%d players, step %d, view of %q:\n%s", len(c.players), step, viewer, out)
				}
			}
			if e.Status(s).Finished {
				break
			}
			var subs []engine.Submission
			for _, p := range e.Status(s).Pending {
				subs = append(subs, engine.Submission{Player: p, Items: e.Default(s, p), Default: true})
			}
			if s, _, err = e.Resolve(s, subs, engine.NewRand([]byte("view"), step)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestHelpExample checks that the example in Help is accepted.
func TestHelpExample(t *testing.T) {
	e := New()
	items := adjtest.HelpExample(t, e)
	s, err := e.Setup(engine.Config{Players: []string{"a", "b", "c"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(`{"columns": {"Paris": ["red 2","red 3","red 3","red 4","red 5","red 5","red 6"], "Berlin": ["blue 2","blue 3","blue 3","blue 4","blue 5","blue 5","blue 6"], "London": ["green 2","green 3","green 3","green 4","green 5","green 5","green 6"], "Rome": ["yellow 2","yellow 3","yellow 3","yellow 4","yellow 5","yellow 5","yellow 6"], "Brussels": ["black 2","black 3","black 3","black 4","black 5","black 5","black 6"]}}`)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Check(s, "a", items); err != nil {
		t.Fatalf("the Help example is refused: %v", err)
	}
	if len(e.Corrections()) == 0 || e.Name() != "trader" || e.Version() == "" {
		t.Fatal("Name, Version or Corrections empty")
	}
}
