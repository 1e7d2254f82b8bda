package sackson

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
)

func renderView(t *testing.T, v any) string {
	t.Helper()
	return adjtest.RenderView(t, New(), v)
}

// TestTemplate renders every view of random 3- and 6-player games, round
// by round to the end, and checks the width, the hands shown and the
// track drawing.
func TestTemplate(t *testing.T) {
	e := New()
	for _, players := range [][]string{
		{"alice", "bob", "carol"},
		{"alexandrina", "bartholomew", "christabella", "demetrius", "evangeline", "fitzgerald"},
	} {
		as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(`{}`), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte("view"), 0))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, uint64(len(players))))
		for step := 1; ; step++ {
			s := as.(*State)
			for _, viewer := range append([]string{"", engine.Observer}, players...) {
				out := renderView(t, e.View(s, viewer))
				for _, line := range strings.Split(out, "\n") {
					if len(line) >= 72 {
						t.Errorf("line of %d characters: %q", len(line), line)
					}
				}
				hands := strings.Count(out, "  card  destination")
				switch {
				case viewer == "" && hands != len(players)-countEmpty(s):
					t.Errorf("the GM view shows %d hands:\n%s", hands, out)
				case viewer == engine.Observer && hands != 0:
					t.Errorf("the public view shows a hand:\n%s", out)
				case viewer != "" && viewer != engine.Observer && hands > 1:
					t.Errorf("%s's view shows %d hands:\n%s", viewer, hands, out)
				}
				if !strings.Contains(out, "#") {
					t.Errorf("no junk on the track:\n%s", out)
				}
				if step == 3 && viewer == players[1] || e.Status(s).Finished && viewer == "" {
					t.Logf("%d players, step %d, view of %q:\n%s", len(players), step, viewer, out)
				}
			}
			if e.Status(s).Finished {
				break
			}
			var subs []engine.Submission
			for _, p := range e.Status(s).Pending {
				subs = append(subs, engine.Submission{Player: p, Items: randomOrders(s, s.seat(p), r, false)})
			}
			if as, _, err = e.Resolve(s, subs, engine.NewRand([]byte("view"), step)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func countEmpty(s *State) int {
	n := 0
	for _, p := range s.Players {
		if len(p.Hand) == 0 {
			n++
		}
	}
	return n
}

// TestTrackDrawing puts pieces on the same space, at 0 and at 64.
func TestTrackDrawing(t *testing.T) {
	v := View{Junk: JunkView{63, 64}, Players: []PlayerView{
		{Mark: "A", Space: 0}, {Mark: "B", Space: 12}, {Mark: "C", Space: 12}, {Mark: "D", Space: 64}, {Mark: "E", Space: 12, Removed: true},
	}}
	got := strings.Join(v.Track(), "\n")
	want := strings.Join([]string{
		"    0       8       16      24      32      40      48      56      64",
		"    |.......|.......|.......|.......|.......|.......|.......|......##",
		"    A           B                                                   D",
		"                C",
	}, "\n")
	if got != want {
		t.Errorf("track:\n%s\nwant:\n%s", got, want)
	}
}

// TestHelpExample checks that the example in Help is accepted.
func TestHelpExample(t *testing.T) {
	e := New()
	items := adjtest.HelpExample(t, e)
	s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"lang_tsu": 2, "events": [], "hands": {"alice": ["8-0", "8-3", "10-1"], "bob": [], "carol": []}}`)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Check(s, "alice", items); err != nil {
		t.Fatalf("the Help example is refused: %v", err)
	}
	if len(e.Corrections()) == 0 || e.Name() != "shanghai" || e.Version() == "" {
		t.Fatal("Name, Version or Corrections empty")
	}
}
