package adjudicator_test

import (
	"bytes"
	"html"
	"slices"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
)

// With Decision set, the text and HTML report of every player whose orders
// are due hold the YOUR DECISION panel once, in every game (Singapore
// 1889's view draws its own); the GM's and the observers' reports, and
// those of players the step does not wait for, have none, and none of
// them holds another player's panel. Without it the reports are as the
// golden logs record them.
func TestReportDecisionPanel(t *testing.T) {
	reg := goldenRegistry()
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	r.Decision = true
	plain, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			evs := goldenEvents(t, gg.name)
			full, err := adjudicator.Replay(reg, evs)
			if err != nil {
				t.Fatal(err)
			}
			panels := 0
			for step := 0; step < full.Step; step += 5 {
				g, err := adjudicator.ReplayUntil(reg, evs, step)
				if err != nil {
					t.Fatal(err)
				}
				mine := map[string][]string{}
				for _, p := range g.Names() {
					rep, err := r.Report(g, p)
					if err != nil {
						t.Fatal(err)
					}
					mine[p] = rep.Decision
				}
				for _, p := range append(g.Names(), "", engine.Observer) {
					text, err := r.Text(g, p)
					if err != nil {
						t.Fatal(err)
					}
					n := strings.Count(text, "YOUR DECISION")
					due := p != "" && p != engine.Observer && g.IsPending(p)
					if !due && n > 0 || due && n != 1 {
						t.Fatalf("step %d, %q (due: %v): the report holds YOUR DECISION %d times", step, p, due, n)
					}
					for q, lines := range mine {
						if q == p || len(lines) == 0 || strings.Contains(lines[0], "Decide: ") {
							continue
						}
						if strings.Contains(text, lines[0]) && !slices.Contains(mine[p], lines[0]) {
							t.Fatalf("step %d: %q's report shows %s's panel: %q", step, p, q, lines[0])
						}
					}
					if !due {
						continue
					}
					panels++
					rich, err := r.Rich(g, p, "cid:picture")
					if err != nil {
						t.Fatal(err)
					}
					for _, l := range mine[p] {
						if !strings.Contains(rich.HTML, html.EscapeString(l)) {
							t.Fatalf("step %d, %s: the HTML report lacks the panel's line %q", step, p, l)
						}
					}
				}
			}
			if panels == 0 {
				t.Error("no report with a decision panel")
			}
			// The picture of a player whose orders are due shows the
			// panel (the game's own, or the host's below it); the public
			// picture does not.
			g, err := adjudicator.ReplayUntil(reg, evs, 1)
			if err != nil {
				t.Fatal(err)
			}
			p := g.Awaiting()[0]
			for _, c := range []struct {
				viewer string
				want   bool
			}{{p, true}, {engine.Observer, false}} {
				with, err := r.Picture(g, c.viewer)
				if err != nil {
					t.Fatal(err)
				}
				without, err := plain.Picture(g, c.viewer)
				if err != nil {
					t.Fatal(err)
				}
				own := gg.name == "singapore-4p" || strings.HasPrefix(gg.name, "shanghai-trader")
				if differs := !bytes.Equal(with, without); differs != (c.want && !own) {
					t.Errorf("%q's picture with the panel differs: %v", c.viewer, differs)
				}
			}
		})
	}
}
