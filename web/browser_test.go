package web

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"taipan/adjudicator"
	"taipan/internal/testkit"
)

// shots keeps the browser test's screenshots (testkit.Artifacts: in
// $TAIPAN_ARTIFACTS when set, else with the test's temporary files).
type shots struct {
	t   *testing.T
	ctx context.Context
	dir string
	n   int
}

func newShots(t *testing.T, ctx context.Context) *shots {
	dir := testkit.Artifacts(t)
	t.Logf("screenshots in %s", dir)
	return &shots{t: t, ctx: ctx, dir: dir}
}

func (s *shots) take(name string) {
	s.t.Helper()
	png, err := chromedp.Run(s.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		s.t.Fatalf("screenshot %s: %v", name, err)
	}
	s.n++
	path := filepath.Join(s.dir, strings.ReplaceAll(strings.Join([]string{itoa(s.n), name}, "-"), " ", "-")+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		s.t.Fatal(err)
	}
}

// fail ends the test on err, with a screenshot, saying what was done.
func (s *shots) fail(what string, err error) {
	s.t.Helper()
	if err != nil {
		s.take("failed " + what)
		s.t.Fatalf("%s: %v (screenshots in %s)", what, err, s.dir)
	}
}

// follow runs a navigation and ends the test unless its page is a 200.
func (s *shots) follow(what string, a chromedp.Action[chromedp.Void]) {
	s.t.Helper()
	res, err := chromedp.RunResponse(s.ctx, a)
	s.fail(what, err)
	if res.Status != 200 {
		s.take("failed " + what)
		s.t.Fatalf("%s: status %d (screenshots in %s)", what, res.Status, s.dir)
	}
}

// browse opens a headless browser for a test, with its screenshots, a
// check that fails the test with a screenshot when a step went wrong, and
// the text of an element by its id.
func browse(t *testing.T) (context.Context, *shots, func(what string, err error), func(id string) string) {
	bctx := testkit.Browser(t, 1100, 1000)
	shot := newShots(t, bctx)
	fail := shot.fail
	text := func(id string) string {
		t.Helper()
		v, err := chromedp.Run(bctx, chromedp.Text(chromedp.ID(id)))
		fail("reading #"+id, err)
		return v
	}
	return bctx, shot, fail, text
}

// A player, in headless Chromium: opens the game, steps back through its
// history, logs in, sends an order file through the form, reads the
// acknowledgement and sees the game move on.
func TestBrowser(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	s.playSteps("bourse-1", 2)
	bctx, shot, fail, text := browse(t)
	follow := shot.follow

	// The game's page: now, after step 2.
	follow("opening the game", chromedp.Navigate(s.http.URL+"/games/bourse-1"))
	fail("the report", chromedp.Do(bctx, chromedp.WaitVisible(chromedp.ID("report"))))
	if r := text("report"); !strings.Contains(r, "step 2") || !strings.Contains(r, "Public report") {
		t.Fatalf("the game's page shows:\n%s", r)
	}
	shot.take("game")

	// Back through the history, to the set-up, and forward once.
	for _, want := range []string{"step 1", "set-up"} {
		follow("stepping back to "+want, chromedp.Click(chromedp.ID("prev")))
		if r := text("report"); !strings.Contains(r, want) {
			t.Fatalf("stepping back to %s shows:\n%s", want, r)
		}
		shot.take(want)
	}
	follow("stepping forward", chromedp.Click(chromedp.ID("next")))
	if r := text("report"); !strings.Contains(r, "step 1") {
		t.Fatalf("stepping forward shows:\n%s", r)
	}
	// The slider's form, without script: set the step, press Show.
	fail("moving the slider", chromedp.Do(bctx, chromedp.SetValue(chromedp.ID("step-slider"), "2")))
	follow("showing step 2", chromedp.Click(chromedp.CSS(".steps button")))
	if r := text("report"); !strings.Contains(r, "step 2") {
		t.Fatalf("the slider shows:\n%s", r)
	}

	// Log in with the token.
	follow("the login page", chromedp.Navigate(s.http.URL+"/games/bourse-1/login"))
	fail("typing the login", chromedp.Do(bctx,
		chromedp.SendKeys(chromedp.ID("player"), "alice"),
		chromedp.SendKeys(chromedp.ID("token"), s.tokens["bourse-1"]["alice"])))
	follow("logging in", chromedp.Submit(chromedp.ID("token")))
	fail("alice's page", chromedp.Do(bctx, chromedp.WaitVisible(chromedp.ID("file-form"))))
	if d := text("due"); !strings.Contains(d, "Your orders are due") {
		t.Fatalf("alice's page says %q", d)
	}
	shot.take("alice")

	// An order file: a legal purchase now.
	g, err := s.host.Load(t.Context(), "bourse-1")
	fail("loading the game", err)
	order := adjudicator.Options(g, "alice")[0].Choices[0].Order
	file := "game: bourse-1\nplayer: alice\nstep: 3\norders:\n  - " + order + "\n"
	fail("writing the file", chromedp.Do(bctx, chromedp.SetValue(chromedp.ID("file"), file)))
	shot.take("order file")
	follow("sending the file", chromedp.Click(chromedp.ID("send-file")))
	ack := text("answer")
	if !strings.Contains(ack, "Your orders for step 3 of bourse-1 are accepted.") || !strings.Contains(ack, order) {
		t.Fatalf("the acknowledgement reads:\n%s", ack)
	}
	if a := text("awaiting"); a != "bob" {
		t.Fatalf("after the orders the page awaits %q", a)
	}
	shot.take("acknowledged")
	g, err = s.host.Load(t.Context(), "bourse-1")
	fail("loading the game", err)
	if g.Step != 4 || g.Status.Pending[0] != "bob" {
		t.Fatalf("the game is at step %d, pending %v", g.Step, g.Status.Pending)
	}
	// And the public page moved on too.
	follow("the game again", chromedp.Navigate(s.http.URL+"/games/bourse-1"))
	did := "alice bought"
	if !strings.HasPrefix(order, "buy") {
		did = "alice sold"
	}
	if r := text("report"); !strings.Contains(r, "step 3") || !strings.Contains(r, did) {
		t.Fatalf("the game's page after the orders:\n%s", r)
	}
	shot.take("game after")
}

// A visitor, in headless Chromium, pages through a list of many games and
// narrows it with the filter's controls: a game, a status, a player.
func TestBrowserGamesList(t *testing.T) {
	s := newSite(t, Config{}, Options{}, sgCampaign)
	var campaigns []string
	for n := range 60 {
		campaigns = append(campaigns, manyGamesCampaign(n))
	}
	s.create(campaigns...)
	s.importLog(filepath.Join("..", "testdata", "compat", "format1", "fx-finished.jsonl"))
	bctx, shot, fail, _ := browse(t)
	follow := shot.follow
	// rows are the games the page lists, first and last, and how many.
	rows := func(what, first, last string, n int) {
		t.Helper()
		nodes, err := chromedp.Run(bctx, chromedp.Nodes(chromedp.CSSAll("table.games tbody tr")))
		fail(what, err)
		top, err := chromedp.Run(bctx, chromedp.Text(chromedp.CSS("table.games tbody tr:first-child td:first-child")))
		fail(what, err)
		bottom, err := chromedp.Run(bctx, chromedp.Text(chromedp.CSS("table.games tbody tr:last-child td:first-child")))
		fail(what, err)
		if len(nodes) != n || top != first || bottom != last {
			shot.take("failed " + what)
			t.Fatalf("%s: %d games, %s … %s; want %d, %s … %s (screenshots in %s)", what, len(nodes), top, bottom, n, first, last, shot.dir)
		}
	}

	follow("opening the list", chromedp.Navigate(s.http.URL+"/"))
	rows("the first page", "fx-finished", "g-0048", 50)
	shot.take("list")
	follow("the next page", chromedp.Click(chromedp.ID("next-page")))
	rows("the next page", "g-0049", "sg-1", 12)
	shot.take("list next")
	follow("the previous page", chromedp.Click(chromedp.ID("prev-page")))
	rows("back on the first page", "fx-finished", "g-0048", 50)

	// By game, then by status, then by player.
	fail("choosing a game", chromedp.Do(bctx, chromedp.SetValue(chromedp.ID("game"), "singapore-1889")))
	follow("filtering by game", chromedp.Click(chromedp.CSS("#filter button")))
	rows("singapore-1889's games", "sg-1", "sg-1", 1)
	shot.take("by game")
	fail("choosing a status", chromedp.Do(bctx,
		chromedp.SetValue(chromedp.ID("game"), ""),
		chromedp.SetValue(chromedp.ID("status"), "finished")))
	follow("filtering by status", chromedp.Click(chromedp.CSS("#filter button")))
	rows("the finished games", "fx-finished", "fx-finished", 1)
	fail("typing a player", chromedp.Do(bctx,
		chromedp.SetValue(chromedp.ID("status"), "open"),
		chromedp.SendKeys(chromedp.ID("player"), "zoe")))
	follow("filtering by player", chromedp.Click(chromedp.CSS("#filter button")))
	rows("zoe's open games", "g-0001", "g-0059", 30)
	shot.take("by player")
	location, err := chromedp.Run(bctx, chromedp.Location())
	fail("reading the address", err)
	if !strings.Contains(location, "player=zoe") || !strings.Contains(location, "status=open") {
		t.Errorf("the filtered list's address is %s", location)
	}
}
