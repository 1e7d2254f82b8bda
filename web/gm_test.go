package web

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/events"
)

// The GM's page shows the full report, who has sent orders, and the CLI's
// actions; each needs a reason, is appended as the CLI appends it, and
// the reports of the steps it closes are queued. A new token is mailed,
// never shown; without a way to mail it, the action is not offered.
func TestGMActions(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	gm := s.browser()
	gm.login("bourse-1", "")
	page := gm.get("/games/bourse-1/gm")
	page.want(t, http.StatusOK, "Game master&#39;s full report", `<option value="close">`, `<option value="money">`, `<option value="token">`,
		`href="/games/bourse-1/players/alice"`, "money PLAYER AMOUNT")
	if page.header.Get("Cache-Control") != "no-store" {
		t.Error("the GM's page may be cached")
	}

	before := s.eventCount("bourse-1")
	gm.post("/games/bourse-1/gm", url.Values{"action": {"close"}, "reason": {""}}).want(t, http.StatusUnprocessableEntity, "give a reason")
	gm.post("/games/bourse-1/gm", url.Values{"action": {"explode"}, "reason": {"why not"}}).want(t, http.StatusUnprocessableEntity, "unknown GM action")
	gm.post("/games/bourse-1/gm", url.Values{"action": {"money"}, "args": {"alice -500"}, "reason": {"fine"}}).want(t, http.StatusUnprocessableEntity, "negative")
	if s.eventCount("bourse-1") != before {
		t.Fatal("refused actions wrote events")
	}
	res := gm.post("/games/bourse-1/gm", url.Values{"action": {"close"}, "reason": {"alice is away"}})
	res.want(t, http.StatusOK, "Done: close (reason: alice is away).", "Step 1 resolved.", "alice is away")
	if len(s.notes.changed) != 1 {
		t.Errorf("reports queued: %q", s.notes.changed)
	}
	gm.post("/games/bourse-1/gm", url.Values{"action": {"money"}, "args": {"bob +5"}, "reason": {"a gift"}}).want(t, http.StatusOK, "Done: money bob &#43;5")

	bob := s.browser()
	bob.login("bourse-1", "bob")
	res = gm.post("/games/bourse-1/gm", url.Values{"action": {"token"}, "args": {"bob"}, "reason": {"leaked"}})
	res.want(t, http.StatusOK, "The new token was mailed")
	tok := s.notes.tokens["bob"]
	if tok == "" || strings.Contains(res.body, tok) {
		t.Fatalf("the new token %q: mailed, and on the page: %v", tok, strings.Contains(res.body, tok))
	}
	bob.get("/games/bourse-1/players/bob").want(t, http.StatusUnauthorized) // the old session ended
	s.tokens["bourse-1"]["bob"] = tok
	bob.login("bourse-1", "bob")

	prev := gm.get("/games/bourse-1/gm/preview")
	prev.want(t, http.StatusOK, "Nothing has been written", "Game master")
	after := s.eventCount("bourse-1")
	gm.get("/games/bourse-1/gm/preview")
	if s.eventCount("bourse-1") != after {
		t.Error("a preview wrote events")
	}
	gm.get("/games/bourse-1/gm/steps/1").want(t, http.StatusOK, "Game master", "step 1")

	// Without a token mailer: no token or replace action.
	plain := newSite(t, Config{}, Options{Notifier: noMail{}}, traderCampaign)
	pg := plain.browser()
	pg.login("bourse-1", "")
	pg.get("/games/bourse-1/gm").lacks(t, `<option value="token">`, `<option value="replace">`)
	pg.post("/games/bourse-1/gm", url.Values{"action": {"token"}, "args": {"bob"}, "reason": {"leaked"}}).
		want(t, http.StatusUnprocessableEntity, "a page must not show")
}

// noMail is a Notifier that cannot mail tokens.
type noMail struct{}

func (noMail) Acknowledged(_ ctxT, _ txT, _ *adjudicator.Receipt, _ string) error { return nil }
func (noMail) Changed(_ ctxT, _ txT, _ *adjudicator.Game) error                   { return nil }

// pictures draws a 1x1 PNG whose colour says whose view it is.
type pictures struct{}

func (pictures) Picture(g *adjudicator.Game, player string) ([]byte, error) {
	if g.Engine.Name() != "trader" {
		return nil, nil
	}
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.Set(0, 0, color.RGBA{uint8(len(player)), uint8(g.Last.Step), 0, 255})
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}

// Where the game has a picture, the pages show it above the text report,
// each reader their own; a player's picture is theirs only.
func TestPictures(t *testing.T) {
	s := newSite(t, Config{}, Options{Pictures: pictures{}}, traderCampaign)
	s.playSteps("bourse-1", 1)
	b := s.browser()
	b.get("/games/bourse-1").want(t, http.StatusOK, `<img class="picture" src="/games/bourse-1/picture.png"`)
	b.get("/games/bourse-1/steps/0").want(t, http.StatusOK, `src="/games/bourse-1/steps/0/picture.png"`)
	for _, p := range []string{"/games/bourse-1/picture.png", "/games/bourse-1/steps/1/picture.png"} {
		res := b.get(p)
		if res.status != http.StatusOK || res.header.Get("Content-Type") != "image/png" {
			t.Fatalf("%s: %d %s", p, res.status, res.header.Get("Content-Type"))
		}
		if _, err := png.Decode(strings.NewReader(res.body)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	b.get("/games/bourse-1/steps/5/picture.png").want(t, http.StatusNotFound)
	b.get("/games/bourse-1/players/alice/picture.png").want(t, http.StatusUnauthorized)
	alice := s.browser()
	alice.login("bourse-1", "alice")
	alice.get("/games/bourse-1/players/alice").want(t, http.StatusOK, `src="/games/bourse-1/players/alice/picture.png"`)
	mine := alice.get("/games/bourse-1/players/alice/picture.png")
	public := b.get("/games/bourse-1/picture.png")
	if mine.status != http.StatusOK || mine.body == public.body {
		t.Errorf("alice's picture: %d, the same as the public one: %v", mine.status, mine.body == public.body)
	}
	alice.get("/games/bourse-1/players/bob/picture.png").want(t, http.StatusForbidden)
}

type (
	ctxT = context.Context
	txT  = *events.Tx
)
