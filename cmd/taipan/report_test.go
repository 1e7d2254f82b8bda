package main_test

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `taipan report GAME --player P --png FILE --html FILE` writes the
// player's picture and the HTML report (the picture inside it), and still
// prints the text report; a player's picture differs from the GM's.
func TestReportPictureAndHTML(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	dir := t.TempDir()
	pic, page := filepath.Join(dir, "alice.png"), filepath.Join(dir, "alice.html")
	text := c.ok("", "report", "bourse-1", "--player", "alice", "--png", pic, "--html", page)
	if plain := c.ok("", "report", "bourse-1", "--player", "alice"); text != plain {
		t.Errorf("the text printed with --png differs from the report:\n%s", text)
	}
	b, err := os.ReadFile(pic)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width != 1200 {
		t.Fatalf("the picture: %v, %d pixels wide", err, cfg.Width)
	}
	h, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(h), `<img id="picture" src="data:image/png;base64,`) || !strings.Contains(string(h), "For alice") {
		t.Errorf("the HTML report does not hold alice's picture:\n%.600s", h)
	}
	gm := filepath.Join(dir, "gm.png")
	c.ok("", "report", "bourse-1", "--png", gm)
	if g, _ := os.ReadFile(gm); bytes.Equal(g, b) {
		t.Error("the GM's picture is alice's")
	}
	c.fail(`no player "zed"`, "", "report", "bourse-1", "--player", "zed", "--png", pic)
}
