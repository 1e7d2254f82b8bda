package adjudicator_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"taipan/adjudicator"
	"taipan/events"
)

func TestScratchPictures(t *testing.T) {
	reg := goldenRegistry()
	r, _ := adjudicator.NewRenderer()
	for _, gg := range goldenGames {
		data, _ := os.ReadFile(filepath.Join("testdata", "golden", gg.name+".jsonl"))
		evs, _ := events.ReadJSONL(bytes.NewReader(data))
		full, _ := adjudicator.Replay(reg, evs)
		for _, step := range []int{0, full.Step / 2, full.Step - 1} {
			g, err := adjudicator.ReplayUntil(reg, evs, step)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{"bob", ""} {
				png, err := r.Picture(g, p)
				if err != nil {
					t.Fatal(err)
				}
				if png == nil {
					continue
				}
				os.WriteFile(filepath.Join("/tmp/pics", gg.name+"-"+string(rune('0'+step%10))+"-"+p+".png"), png, 0o644)
			}
		}
	}
}
