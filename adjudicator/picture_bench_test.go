package adjudicator_test

import (
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
)

// benchGames are the golden games the picture benchmarks draw, one per
// game, each in the middle of play.
var benchGames = []string{"trader-3p", "shanghai-4p", "singapore-4p", "old-shanghai-4p"}

// midGame replays a golden game to its middle step.
func midGame(b *testing.B, name string) *adjudicator.Game {
	b.Helper()
	evs := goldenLog(b, name)
	reg := goldenRegistry()
	full, err := adjudicator.Replay(reg, evs)
	if err != nil {
		b.Fatal(err)
	}
	g, err := adjudicator.ReplayUntil(reg, evs, full.Last.Step/2)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkPicture draws one player's picture of each game, as PNG.
func BenchmarkPicture(b *testing.B) {
	r, err := adjudicator.NewRenderer()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range benchGames {
		g := midGame(b, name)
		b.Run(name, func(b *testing.B) {
			var n int
			b.ReportAllocs()
			for b.Loop() {
				png, err := r.Picture(g, "bob")
				if err != nil {
					b.Fatal(err)
				}
				n = len(png)
			}
			b.ReportMetric(float64(n), "bytes")
		})
	}
}

// BenchmarkStepReports renders every report of one step (each player's,
// the GM's, the observers'), as text only and with the HTML and the
// picture; ms/report is the time per report, whose difference is what
// pictures add to a player's report.
func BenchmarkStepReports(b *testing.B) {
	r, err := adjudicator.NewRenderer()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range benchGames {
		g := midGame(b, name)
		viewers := append(g.Names(), "", engine.Observer)
		for _, mode := range []string{"text", "rich"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, p := range viewers {
						var err error
						if mode == "text" {
							_, err = r.Text(g, p)
						} else {
							_, err = r.Rich(g, p, "cid:picture")
						}
						if err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(viewers)), "ms/report")
			})
		}
	}
}
