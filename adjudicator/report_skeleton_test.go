package adjudicator_test

import (
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/orders"
)

// With Skeleton set, every report whose reader's orders are due ends with
// an order file filled in from the legal choices, in every game: sent as
// it stands it is accepted, and the other choices are there as comments.
// Without it the report is as the golden logs record it ("- ...").
func TestReportSkeleton(t *testing.T) {
	reg := goldenRegistry()
	plain, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	r.Skeleton = true
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			evs := goldenEvents(t, gg.name)
			full, err := adjudicator.Replay(reg, evs)
			if err != nil {
				t.Fatal(err)
			}
			files, alternatives := 0, 0
			// Every fourth step keeps the replays few; the steps still
			// cover each phase of each game.
			for step := 0; step < full.Step; step += 4 {
				g, err := adjudicator.ReplayUntil(reg, evs, step)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range g.Awaiting() {
					text, err := r.Text(g, p)
					if err != nil {
						t.Fatal(err)
					}
					if was, _ := plain.Text(g, p); !strings.Contains(was, "      - ...") {
						t.Fatalf("step %d, %s: the plain report has no \"- ...\"", step, p)
					}
					file := orderFile(text)
					if strings.Contains(file, "- ...") {
						t.Fatalf("step %d, %s: the report's order file is not filled in:\n%s", step, p, file)
					}
					env, err := orders.Parse([]byte(file))
					if err != nil {
						t.Fatalf("step %d, %s: the report's order file does not read: %v\n%s", step, p, err, file)
					}
					if err := g.Engine.Check(g.State, p, orders.Renumber(env.Orders)); err != nil {
						t.Fatalf("step %d, %s: the report's order file is refused: %v\n%s", step, p, err, file)
					}
					files++
					alternatives += strings.Count(file, "#   or: ")
				}
			}
			if files == 0 || alternatives == 0 {
				t.Errorf("%d order files checked, %d with alternatives", files, alternatives)
			}
		})
	}
}

// orderFile is the order file a report ends with, unindented.
func orderFile(report string) string {
	_, rest, ok := strings.Cut(report, "Send an order file like:\n")
	if !ok {
		return ""
	}
	var b strings.Builder
	for _, l := range strings.Split(rest, "\n") {
		after, ok := strings.CutPrefix(l, "    ")
		if !ok {
			break
		}
		b.WriteString(after + "\n")
	}
	return b.String()
}
