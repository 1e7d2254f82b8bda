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

// browse opens a headless browser for a test, with its screenshots, a
// check that fails the test with a screenshot when a step went wrong, and
// the text of an element by its id.
func browse(t *testing.T) (context.Context, *shots, func(what string, err error), func(id string) string) {
	bctx := testkit.Browser(t, 1100, 1000)
	shot := newShots(t, bctx)
	fail := func(what string, err error) {
		t.Helper()
		if err != nil {
			shot.take("failed " + what)
			t.Fatalf("%s: %v (screenshots in %s)", what, err, shot.dir)
		}
	}
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
	follow := func(what string, a chromedp.Action[chromedp.Void]) {
		t.Helper()
		res, err := chromedp.RunResponse(bctx, a)
		fail(what, err)
		if res.Status != 200 {
			shot.take("failed " + what)
			t.Fatalf("%s: status %d (screenshots in %s)", what, res.Status, shot.dir)
		}
	}

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
