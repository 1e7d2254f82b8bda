package adjudicator_test

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/adjudicator/picture"
	"taipan/events"
)

// pictureState is one report whose picture and HTML are kept as golden
// files: a step of a golden game (-1: the middle, -2: the last) seen by a
// viewer.
type pictureState struct {
	step   int
	viewer string
}

// pictureStates are the reports of every golden game kept as golden
// pictures and HTML: the set-up for the first player, the middle of the
// game for the second player and for observers, and the end for the GM.
var pictureStates = []pictureState{{0, "alice"}, {-1, "bob"}, {-1, engine.Observer}, {-2, ""}}

// pictureCID is the picture's URL in the golden HTML, as a mail has it.
const pictureCID = "cid:picture@taipan"

// goldenLog reads the recorded log of a golden game.
func goldenLog(t testing.TB, name string) []events.Event {
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

// goldenReports calls f with each golden report state: the game replayed
// to the step, the viewer, the golden files' base name, and the report in
// its three forms, the HTML showing the picture from pictureCID.
func goldenReports(t *testing.T, f func(g *adjudicator.Game, viewer, name string, rich *adjudicator.Rich)) {
	t.Helper()
	reg := goldenRegistry()
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	for _, gg := range goldenGames {
		evs := goldenLog(t, gg.name)
		full, err := adjudicator.Replay(reg, evs)
		if err != nil {
			t.Fatal(err)
		}
		for _, ps := range pictureStates {
			step := ps.step
			switch step {
			case -1:
				step = full.Last.Step / 2
			case -2:
				step = full.Last.Step
			}
			g, err := adjudicator.ReplayUntil(reg, evs, step)
			if err != nil {
				t.Fatal(err)
			}
			who := ps.viewer
			if who == "" {
				who = "gm"
			}
			rich, err := r.Rich(g, ps.viewer, pictureCID)
			if err != nil {
				t.Fatal(err)
			}
			if rich.PNG == nil {
				t.Errorf("%s draws no picture: every game's View implements engine.Pictured (a picture.go beside view.go)", g.Engine.Name())
				break
			}
			f(g, ps.viewer, fmt.Sprintf("%s-step%d-%s", gg.name, step, who), rich)
		}
	}
}

// golden compares got with the file testdata/pictures/name, byte for
// byte, and rewrites the file under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "pictures", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./adjudicator -run TestPictureGolden -update to record it)", err)
	}
	if !bytes.Equal(got, want) {
		// Kept after the test, to be looked at beside the golden file.
		dir, _ := os.MkdirTemp("", "taipan-pictures-")
		out := filepath.Join(dir, name)
		os.WriteFile(out, got, 0o644)
		t.Errorf("%s differs from the golden file (%d bytes, want %d); the new one is %s", name, len(got), len(want), out)
	}
}

// The pictures and HTML reports of several states of every game are the
// golden files, byte for byte: the same log gives the same picture on
// every machine (run with -update to record them again, and look at them).
func TestPictureGolden(t *testing.T) {
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	goldenReports(t, func(g *adjudicator.Game, viewer, name string, rich *adjudicator.Rich) {
		cfg, err := png.DecodeConfig(bytes.NewReader(rich.PNG))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if cfg.Width != picture.Width {
			t.Errorf("%s: the picture is %d pixels wide", name, cfg.Width)
		}
		again, err := r.Picture(g, viewer)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, rich.PNG) {
			t.Errorf("%s: drawing the picture again gives other bytes", name)
		}
		text, err := r.Text(g, viewer)
		if err != nil {
			t.Fatal(err)
		}
		if rich.Text != text {
			t.Errorf("%s: the text of the rich report is not the plain report", name)
		}
		golden(t, name+".png", rich.PNG)
		golden(t, name+".html", []byte(rich.HTML))
	})
}

var (
	tags  = regexp.MustCompile(`(?s)<style>.*?</style>|<[^>]*>`)
	words = regexp.MustCompile(`[^\s]+`)
)

// wordCount counts the words of s, lower-cased.
func wordCount(s string) map[string]int {
	n := map[string]int{}
	for _, w := range words.FindAllString(strings.ToLower(s), -1) {
		n[w]++
	}
	return n
}

// The HTML report says everything the text report says: every word of the
// text (but its rules of dashes) is in the HTML's text as often, and the
// picture is shown from the URL given (issue 17: "an HTML version (the
// same content, a readable layout, the picture inline by Content-ID)").
func TestHTMLHasTheTextsContent(t *testing.T) {
	goldenReports(t, func(g *adjudicator.Game, viewer, name string, rich *adjudicator.Rich) {
		if !strings.Contains(rich.HTML, `<img id="picture" src="`+pictureCID+`"`) {
			t.Errorf("%s: the HTML does not show the picture from %s", name, pictureCID)
		}
		shown := wordCount(html.UnescapeString(tags.ReplaceAllString(rich.HTML, " ")))
		for w, n := range wordCount(rich.Text) {
			if strings.Trim(w, "-") == "" {
				continue
			}
			if shown[w] < n {
				t.Errorf("%s: the text says %q %d times, the HTML %d times", name, w, n, shown[w])
			}
		}
	})
}

// Without a URL, Rich puts the picture in the page itself, so that the
// page stands alone as a file; a game without a picture gets a page
// without one.
func TestRichStandsAlone(t *testing.T) {
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	h, _ := newHost(t, "1")
	create(t, h, "")
	g, err := h.Load(context.Background(), "d1")
	if err != nil {
		t.Fatal(err)
	}
	rich, err := r.Rich(g, "ann", "")
	if err != nil {
		t.Fatal(err)
	}
	if rich.PNG != nil || strings.Contains(rich.HTML, "<img") {
		t.Error("a game without a picture got one")
	}
	goldenReports(t, func(g *adjudicator.Game, viewer, name string, _ *adjudicator.Rich) {
		if !strings.HasPrefix(name, "trader-2p-step0") {
			return
		}
		rich, err := r.Rich(g, viewer, "")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(html.UnescapeString(rich.HTML), `src="`+adjudicator.DataURL(rich.PNG)+`"`) {
			t.Error("the standalone page does not hold its picture")
		}
	})
}

// A campaign chooses plain-text reports with report_format: plain; a
// player chooses for themselves (a logged event, kept by replay and by
// rollbacks); the GM and observers get the campaign's.
func TestReportFormat(t *testing.T) {
	ctx := context.Background()
	if _, err := adjudicator.ParseCampaign([]byte("id: x\ngame: dice\nplayers: [ann]\nreport_format: pdf\n")); err == nil || !strings.Contains(err.Error(), "report_format") {
		t.Errorf("report_format: pdf accepted: %v", err)
	}
	if _, err := adjudicator.ParseCampaign([]byte("id: x\ngame: dice\nplayers: [ann]\nreport_formats: plain\n")); err == nil || !strings.Contains(err.Error(), `did you mean "report_format"`) {
		t.Errorf("a misspelt key: %v", err)
	}
	h, _ := newHost(t, "1")
	create(t, h, "report_format: plain\n")
	g, err := h.Load(ctx, "d1")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"ann", "ben", "", engine.Observer} {
		if f := g.ReportFormat(p); f != adjudicator.FormatPlain {
			t.Errorf("%q gets %s reports, want plain", p, f)
		}
	}
	before := eventCount(t, h)
	if g, err = h.SetReportFormat(ctx, "d1", "ann", " HTML "); err != nil {
		t.Fatal(err)
	}
	if g.ReportFormat("ann") != adjudicator.FormatHTML || g.ReportFormat("ben") != adjudicator.FormatPlain {
		t.Errorf("ann chose html: ann %s, ben %s", g.ReportFormat("ann"), g.ReportFormat("ben"))
	}
	if _, err := h.SetReportFormat(ctx, "d1", "ann", "html"); err != nil {
		t.Fatal(err)
	}
	if n := eventCount(t, h); n != before+1 {
		t.Errorf("%d events for one choice made twice", n-before)
	}
	if _, err := h.SetReportFormat(ctx, "d1", "ann", "pdf"); err == nil {
		t.Error("the format pdf was taken")
	}
	if _, err := h.SetReportFormat(ctx, "d1", "zed", "plain"); err == nil {
		t.Error("a stranger's choice was taken")
	}
	evs, err := h.Store.Events(ctx, "d1")
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := adjudicator.Replay(h.Games, evs)
	if err != nil {
		t.Fatal(err)
	}
	if replayed.ReportFormat("ann") != adjudicator.FormatHTML {
		t.Error("the replayed game forgot ann's choice")
	}
	res, err := h.GM(ctx, "d1", adjudicator.GMAction{Action: "replace", Args: []string{"ann", "amy", "amy@example.test"}, Reason: "ann left"})
	if err != nil {
		t.Fatal(err)
	}
	if f := res.Game.ReportFormat("amy"); f != adjudicator.FormatPlain {
		t.Errorf("amy, taking ann's seat, gets %s reports: ann's choice, not the campaign's", f)
	}

	h2, _ := newHost(t, "1")
	create(t, h2, "")
	if g, err = h2.Load(ctx, "d1"); err != nil {
		t.Fatal(err)
	}
	if g.ReportFormat("ann") != adjudicator.FormatHTML || g.ReportFormat("") != adjudicator.FormatHTML {
		t.Error("the default is not html")
	}
}
