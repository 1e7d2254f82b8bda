package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// `taipan report GAME --player P --json` prints the report for client
// tools: what the text report says, as data, with the player's view as
// `state --player P --json` has it, and nothing of another player's.
func TestReportJSON(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	var rep struct {
		Schema, ViewSchema, Game, Player string
		Step                             int
		YourTurn                         bool `json:"your_turn"`
		View                             map[string]any
	}
	out := c.ok("", "report", "bourse-1", "--player", "alice", "--json")
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if rep.Schema != "taipan-report/1" || rep.Game != "bourse-1" || rep.Player != "alice" || rep.Step != 0 {
		t.Errorf("the JSON report names %q %q %q step %d", rep.Schema, rep.Game, rep.Player, rep.Step)
	}
	if _, err := os.Stat(filepath.Join("..", "..", "docs", "schema", rep.ViewSchema)); err != nil {
		t.Errorf("the view's schema %q is not in docs/schema: %v", rep.ViewSchema, err)
	}
	var state map[string]any
	if err := json.Unmarshal([]byte(c.ok("", "state", "bourse-1", "--player", "alice", "--json")), &state); err != nil {
		t.Fatal(err)
	}
	for k, v := range rep.View {
		switch k {
		case "game", "step", "pending", "awaiting", "finished", "phase", "deadline":
			continue // the state's own fields beside the view (Game.StateView)
		}
		if fmt.Sprint(state[k]) != fmt.Sprint(v) {
			t.Errorf("the report's view has %s = %v, the state %v", k, v, state[k])
		}
	}
	if rep.View["viewer"] != "alice" {
		t.Errorf("the view is %v's", rep.View["viewer"])
	}
	bob := c.ok("", "report", "bourse-1", "--player", "bob", "--json")
	if bob == out {
		t.Error("bob's JSON report is alice's")
	}
	c.fail("--json prints the report alone", "", "report", "bourse-1", "--json", "--png", filepath.Join(t.TempDir(), "x.png"))
	c.fail(`no player "zed"`, "", "report", "bourse-1", "--player", "zed", "--json")
}
