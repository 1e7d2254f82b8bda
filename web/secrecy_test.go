package web

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// twinCampaign is a three-player Trader game whose deal is fixed, alice's
// money (hidden from the others, TR-X7) being money.
func twinCampaign(money int) string {
	return fmt.Sprintf(`id: twin
game: trader
players: [{name: alice, email: alice@example.test}, {name: bob, email: bob@example.test}, {name: carol, email: carol@example.test}]
seed: "00000000000000000000000000000000000000000000000000000000000000aa"
deadline: 72h
setup: {columns: {Paris: [red 6, red 2], Berlin: [blue 2, blue 5], London: [blue 3, green 4], Rome: [red 5, yellow 3], Brussels: [green 2, black 6]},
        hands: {alice: [yellow 4, black 2], bob: [green 5, green 6]}, rest_sold: true, money: {alice: %d}}
`, money)
}

// What differs between the twins' pages for a reason other than the
// hidden state: hashes, salts and commitments (each event's salt is
// random), and the CSRF token of the forms.
var (
	hexRun  = regexp.MustCompile(`[0-9a-f]{16,}`)
	csrfVal = regexp.MustCompile(`name="csrf" value="[^"]*"`)
)

func normalize(s string) string {
	return csrfVal.ReplaceAllString(hexRun.ReplaceAllString(s, "HEX"), `name="csrf" value=""`)
}

// pages fetches every page the public, and bob, can read of the game,
// and what bob is told when he checks orders.
func (s *site) pages(reader string) map[string]string {
	b := s.browser()
	if reader != "" {
		b.login("twin", reader)
	}
	g, err := s.host.Load(s.t.(*testing.T).Context(), "twin")
	if err != nil {
		s.t.Fatal(err)
	}
	paths := []string{"/", "/games/twin", "/games/twin/log", "/games/twin/audit", "/games/twin/export.jsonl", "/games/twin/rules", "/games/twin/login"}
	for n := 0; n <= g.Last.Step; n++ {
		paths = append(paths, fmt.Sprintf("/games/twin/steps/%d", n))
	}
	if reader != "" {
		base := "/games/twin/players/" + reader
		paths = append(paths, base)
		for n := 0; n <= g.Last.Step; n++ {
			paths = append(paths, fmt.Sprintf("%s/steps/%d", base, n))
		}
	}
	out := map[string]string{}
	for _, p := range paths {
		res := b.get(p)
		out[p] = fmt.Sprintf("%d\n%s", res.status, normalize(res.body))
	}
	if reader != "" {
		res := b.post("/games/twin/orders", url.Values{"file": {"orders: [pass]"}, "step": {fmt.Sprint(g.Step)}, "do": {"check"}})
		out["check"] = fmt.Sprintf("%d\n%s", res.status, normalize(res.body))
	}
	return out
}

// No page served to the public or to another player holds alice's hidden
// money: two games that differ only in it give bob and the public the
// same pages, byte for byte once hashes are set aside, at every step;
// alice's own pages do differ (so the test would see a leak).
func TestNoPageShowsAnotherPlayersSecret(t *testing.T) {
	a := newSite(t, Config{}, Options{Pictures: pictures{}}, twinCampaign(17))
	b := newSite(t, Config{}, Options{Pictures: pictures{}}, twinCampaign(41))
	for step := 0; step < 6; step++ {
		for _, reader := range []string{"", "bob", "carol"} {
			pa, pb := a.pages(reader), b.pages(reader)
			for p, x := range pa {
				if y := pb[p]; x != y {
					t.Fatalf("after %d steps, %s's %s differs between the twins:\n%s", step, orPublic(reader), p, firstDiff(x, y))
				}
			}
		}
		if step == 0 {
			pa, pb := a.pages("alice"), b.pages("alice")
			if pa["/games/twin/players/alice"] == pb["/games/twin/players/alice"] {
				t.Fatal("alice's own page is the same in both twins: the test cannot see her money")
			}
		}
		a.playSteps("twin", 1)
		b.playSteps("twin", 1)
	}
	if !strings.Contains(a.pages("")["/games/twin"], "200\n") {
		t.Fatal("the game page is not served")
	}
}

func orPublic(r string) string {
	if r == "" {
		return "the public"
	}
	return r
}

// firstDiff shows where two texts part.
func firstDiff(x, y string) string {
	lx, ly := strings.Split(x, "\n"), strings.Split(y, "\n")
	for i := range min(len(lx), len(ly)) {
		if lx[i] != ly[i] {
			return fmt.Sprintf("line %d:\n  %s\n  %s", i+1, lx[i], ly[i])
		}
	}
	return fmt.Sprintf("%d lines and %d", len(lx), len(ly))
}

// The public and the other players are never shown a player's hand-only
// information through the order form: only the player whose orders are
// due gets choices, and only on their own page.
func TestChoicesAreTheirPlayers(t *testing.T) {
	s := newSite(t, Config{}, Options{}, twinCampaign(17))
	alice := s.browser()
	alice.login("twin", "alice")
	alice.get("/games/twin/players/alice").want(t, http.StatusOK, "Choose your orders")
	gm := s.browser()
	gm.login("twin", "")
	gm.get("/games/twin/players/alice").lacks(t, "Choose your orders", `id="file-form"`)
	bob := s.browser()
	bob.login("twin", "bob")
	bob.get("/games/twin/players/bob").lacks(t, "Choose your orders")
	s.browser().get("/games/twin").lacks(t, "Choose your orders")
}
