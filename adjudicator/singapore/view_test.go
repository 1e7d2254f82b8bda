package singapore

import (
	"encoding/json"
	"strings"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
)

func renderView(t testing.TB, v any) string {
	t.Helper()
	return adjtest.RenderView(t, New(), v)
}

func setupGame(t testing.TB, players []string, options, setup, seed string) engine.State {
	t.Helper()
	s, err := New().Setup(engine.Config{Players: players, Options: json.RawMessage(options), Setup: json.RawMessage(setup)}, engine.NewRand([]byte(seed), 0))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestTemplate renders every view of default-played games with each
// variant, and checks the width of the lines and what is hidden.
func TestTemplate(t *testing.T) {
	e := New()
	for _, c := range []struct {
		players []string
		options string
	}{
		{[]string{"alice", "bob"}, `{}`},
		{[]string{"alexandrina", "bartholomew", "christabella", "demetrius"}, `{"variants": ["ordinance", "influential-figures"]}`},
		{[]string{"a", "b", "c", "d", "e", "f"}, `{"plain-goods": true, "influential-figures": true}`},
	} {
		s := setupGame(t, c.players, c.options, `null`, "view")
		for step := 1; ; step++ {
			for _, viewer := range append([]string{""}, c.players...) {
				out := renderView(t, e.View(s, viewer))
				for _, line := range strings.Split(out, "\n") {
					if len(line) >= 72 {
						t.Errorf("line of %d characters: %q", len(line), line)
					}
				}
				if strings.Contains(out, "<no value>") || strings.Contains(out, "%!") {
					t.Errorf("template fault:\n%s", out)
				}
				if step == 6 && viewer == c.players[1] || e.Status(s).Finished && viewer == "" {
					t.Logf("%d players, step %d, view of %q:\n%s", len(c.players), step, viewer, out)
				}
			}
			if e.Status(s).Finished {
				break
			}
			p := e.Status(s).Pending[0]
			var err error
			if s, _, err = e.Resolve(s, []engine.Submission{{Player: p, Items: e.Default(s, p), Default: true}}, engine.NewRand([]byte("view"), step)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestHelpExample checks that the example in Help is accepted.
func TestHelpExample(t *testing.T) {
	e := New()
	items := adjtest.HelpExample(t, e)
	s := setupGame(t, []string{"a", "b"}, `{}`, `{"types": ["Silk", "Tea", "Spices"], "river": ["Tea/M", "Silk/U", "Opium/M", "Spices/U"], "ss": 2, "hands": {"a": ["Tea/U"], "b": ["Silk/M"]}, "seized": ["Opium/M"], "rest": true, "first": "a"}`, "help")
	if err := e.Check(s, "a", items); err != nil {
		t.Fatalf("the Help example is refused: %v", err)
	}
	if len(e.Corrections()) == 0 || e.Name() != "singapore-1889" || e.Version() == "" {
		t.Fatal("Name, Version or Corrections empty")
	}
}
