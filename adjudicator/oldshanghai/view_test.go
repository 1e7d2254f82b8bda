package oldshanghai

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

func renderView(t *testing.T, v any) string {
	t.Helper()
	return adjtest.RenderView(t, New(), v)
}

// TestTemplate renders every view of random 4- and 6-player games, and
// checks the width and that a player's report shows no other hand.
func TestTemplate(t *testing.T) {
	e := New()
	for _, players := range [][]string{{"alexandrina", "bartholomew", "christabella", "demetrius"}, {"a", "b", "c", "d", "e", "f"}} {
		s, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(`{}`)}, engine.NewRand([]byte("view"), 0))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 2))
		for step := 1; ; step++ {
			for _, viewer := range append([]string{""}, players...) {
				out := renderView(t, e.View(s, viewer))
				for _, line := range strings.Split(out, "\n") {
					if len(line) >= 72 {
						t.Errorf("line of %d characters: %q", len(line), line)
					}
				}
				if viewer != "" && (strings.Contains(out, "    hand:") || strings.Contains(out, "DECK")) {
					t.Errorf("%s's view shows hidden cards:\n%s", viewer, out)
				}
				if step == 2 && viewer == players[1] || e.Status(s).Finished && viewer == "" {
					t.Logf("%d players, step %d, view of %q:\n%s", len(players), step, viewer, out)
				}
			}
			if e.Status(s).Finished {
				break
			}
			var subs []engine.Submission
			for _, p := range e.Status(s).Pending {
				items := e.Default(s, p)
				if state(s).Stage == stReview {
					items = parse(t, randomStanding(r, players, p, true))
				}
				subs = append(subs, engine.Submission{Player: p, Items: items})
			}
			if s, _, err = e.Resolve(s, subs, engine.NewRand([]byte("view"), step)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestHelpExample checks that the example in Help (and in ORDERS.md) is
// accepted.
func TestHelpExample(t *testing.T) {
	e := New()
	items := adjtest.HelpExample(t, e)
	s, err := e.Setup(engine.Config{Players: []string{"a", "b", "c"}, Options: json.RawMessage(`{}`)}, engine.NewRand([]byte("h"), 0))
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Check(s, "a", orders.Renumber(items)); err != nil {
		t.Fatalf("the Help example is refused: %v", err)
	}
	if len(e.Corrections()) == 0 || e.Name() != "old-shanghai" || e.Version() == "" {
		t.Fatal("Name, Version or Corrections empty")
	}
	for _, l := range strings.Split(e.Help(), "\n") {
		if len(l) >= 72 {
			t.Errorf("Help line of %d characters: %q", len(l), l)
		}
	}
}

// TestDeterministic plays the same random game twice: the set-up and
// everything the game measured must agree.
func TestDeterministic(t *testing.T) {
	e := New()
	var out [2]string
	for i := range out {
		r := rand.New(rand.NewPCG(3, 4))
		st := playRandom(t, e, []string{"a", "b", "c", "d"}, `{}`, "det", r, false, false)
		s, _ := e.Setup(engine.Config{Players: []string{"a", "b", "c", "d"}, Options: json.RawMessage(`{}`)}, engine.NewRand([]byte("det"), 0))
		b, _ := json.Marshal(s)
		out[i] = string(b) + fmt.Sprintf("%+v", st)
	}
	if out[0] != out[1] {
		t.Fatal("two plays of one game differ")
	}
}
