package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/internal/testkit"
)

// sgCampaign is a Singapore 1889 game, for the list's filter by game.
const sgCampaign = `id: sg-1
game: singapore-1889
players: [{name: alice, email: a@example.test}, {name: bob, email: b@example.test}]
`

// manyGamesCampaign is game number n of a site with many: Trader, played
// by alice (n even) or zoe (n odd), with bob.
func manyGamesCampaign(n int) string {
	first := "alice"
	if n%2 == 1 {
		first = "zoe"
	}
	return fmt.Sprintf("id: g-%04d\ngame: trader\nplayers: [{name: %s, email: %s@example.test}, {name: bob, email: bob%d@example.test}]\n", n, first, first, n)
}

// create makes the games of campaigns on s's host.
func (s *site) create(campaigns ...string) {
	s.t.Helper()
	for _, c := range campaigns {
		camp, err := adjudicator.ParseCampaign([]byte(c))
		if err != nil {
			s.t.Fatal(err)
		}
		ng, err := s.host.Create(context.Background(), camp)
		if err != nil {
			s.t.Fatal(err)
		}
		s.tokens[camp.ID] = ng.Tokens
	}
}

// importLog imports the game of an exported log, and returns its events.
func (s *site) importLog(path string) []events.Event {
	s.t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		s.t.Fatal(err)
	}
	evs, err := events.ReadJSONL(bytes.NewReader(data))
	if err != nil {
		s.t.Fatal(err)
	}
	if _, err := s.host.Import(context.Background(), evs); err != nil {
		s.t.Fatal(err)
	}
	return evs
}

// ids are the games a list page shows, in order.
func (r response) ids() []string {
	var out []string
	for _, part := range strings.Split(r.body, `<td><a href="/games/`)[1:] {
		out = append(out, part[:strings.Index(part, `"`)])
	}
	return out
}

// link is the href of the element with the given id on the page, "" if
// there is none.
func (r response) link(id string) string {
	_, after, ok := strings.Cut(r.body, `id="`+id+`"`)
	if !ok {
		return ""
	}
	_, after, _ = strings.Cut(after, `href="`)
	href, _, _ := strings.Cut(after, `"`)
	return strings.ReplaceAll(href, "&amp;", "&")
}

// The list shows the public games fifty at a time, in the order of their
// ids, with links to the next and previous pages; it filters by status,
// game and player (in any case), keeping the filters from page to page;
// private games are on no page; a filter it cannot take gets 400 saying
// which and why.
func TestGamesListPagesAndFilters(t *testing.T) {
	for store, target := range stores {
		t.Run(store, func(t *testing.T) { testGamesListPagesAndFilters(t, target(t)) })
	}
}

func testGamesListPagesAndFilters(t *testing.T, target string) {
	s := newSiteOn(t, target, Config{Private: []string{"club-*"}}, Options{}, privateCampaign, sgCampaign)
	var campaigns []string
	for n := range 120 {
		campaigns = append(campaigns, manyGamesCampaign(n))
	}
	s.create(campaigns...)
	s.importLog(filepath.Join("..", "testdata", "compat", "format1", "fx-finished.jsonl"))
	b := s.browser()
	want := func(r response, first, last string, n int) {
		t.Helper()
		r.want(t, http.StatusOK)
		ids := r.ids()
		if len(ids) != n || ids[0] != first || ids[len(ids)-1] != last {
			t.Fatalf("the page lists %d games, %v … %v; want %d, %s … %s", len(ids), ids[:min(1, len(ids))], ids[max(0, len(ids)-1):], n, first, last)
		}
		r.lacks(t, "club-1")
	}
	one := b.get("/")
	want(one, "fx-finished", "g-0048", 50)
	if one.link("prev-page") != "" || one.link("first-page") != "" {
		t.Error("the first page links back")
	}
	two := b.get(one.link("next-page"))
	want(two, "g-0049", "g-0098", 50)
	three := b.get(two.link("next-page"))
	want(three, "g-0099", "sg-1", 22) // 21 more, sg-1; club-1 is private
	if three.link("next-page") != "" {
		t.Error("the last page links on")
	}
	back := b.get(three.link("prev-page"))
	want(back, "g-0049", "g-0098", 50)
	want(b.get(back.link("prev-page")), "fx-finished", "g-0048", 50)
	want(b.get(three.link("first-page")), "fx-finished", "g-0048", 50)

	// Filters, kept by the page links.
	sg := b.get("/?game=singapore-1889")
	want(sg, "sg-1", "sg-1", 1)
	sg.want(t, http.StatusOK, `<option value="singapore-1889" selected>`)
	zoe := b.get("/?player=ZOE")
	want(zoe, "g-0001", "g-0099", 50)
	if ids := zoe.ids(); ids[1] != "g-0003" {
		t.Errorf("zoe's games: %v", ids)
	}
	zoe2 := b.get(zoe.link("next-page"))
	want(zoe2, "g-0101", "g-0119", 10)
	if !strings.Contains(zoe.link("next-page"), "player=ZOE") {
		t.Errorf("the next page forgets the filter: %s", zoe.link("next-page"))
	}
	want(b.get("/?status=finished"), "fx-finished", "fx-finished", 1)
	want(b.get("/?status=open"), "g-0000", "g-0049", 50)
	want(b.get("/?status=open&player=zoe"), "g-0001", "g-0099", 50)
	b.get("/?player=ann").want(t, http.StatusOK, "No public game here is as asked") // ann plays only the private game

	b.get("/?status=over").want(t, http.StatusBadRequest, "status: &#34;over&#34; is not a status", "status=open")
	b.get("/?game=chess").want(t, http.StatusBadRequest, "game: unknown game &#34;chess&#34;", "trader")
	b.get("/?after=g-0001&before=g-0009").want(t, http.StatusBadRequest, "not both")
	b.get("/?after=..%2Fx").want(t, http.StatusBadRequest, "not a game&#39;s id")
	b.get("/?player="+strings.Repeat("x", 65)).want(t, http.StatusBadRequest, "at most 64")
}

// conditional is a GET of path carrying a validator header.
func (b *browser) conditional(path, header, value string) response {
	b.s.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, b.s.http.URL+path, nil)
	req.Header.Set(header, value)
	return b.do(req)
}

// The list and a game's public pages carry an entity tag and a time of
// change, and set no cookie; asked again with either, they answer 304
// until a game changes, and then the new page. A logged-in reader's pages
// carry none.
func TestPublicPagesAreCachedUntilAGameChanges(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	b := s.browser()
	for _, path := range []string{"/", "/games/bourse-1", "/games/bourse-1/steps/0", "/games/bourse-1/log"} {
		first := b.get(path)
		first.want(t, http.StatusOK)
		tag, at := first.header.Get("ETag"), first.header.Get("Last-Modified")
		if tag == "" || at == "" || first.header.Get("Set-Cookie") != "" || first.header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("%s: ETag %q, Last-Modified %q, Set-Cookie %q, Cache-Control %q", path, tag, at, first.header.Get("Set-Cookie"), first.header.Get("Cache-Control"))
		}
		if again := b.conditional(path, "If-None-Match", tag); again.status != http.StatusNotModified || again.body != "" {
			t.Errorf("%s asked again with its tag: %d", path, again.status)
		}
		if again := b.conditional(path, "If-Modified-Since", at); again.status != http.StatusNotModified {
			t.Errorf("%s asked again with its time: %d", path, again.status)
		}
		if other := b.conditional(path, "If-None-Match", `"other"`); other.status != http.StatusOK || other.body != first.body {
			t.Errorf("%s asked with another tag: %d", path, other.status)
		}
	}
	exp := b.get("/games/bourse-1/export.jsonl")
	if tag := exp.header.Get("ETag"); !strings.HasPrefix(tag, `W/"`) || b.conditional("/games/bourse-1/export.jsonl", "If-None-Match", tag).status != http.StatusNotModified {
		t.Errorf("the export's tag %q is not honoured", tag)
	}
	list := b.get("/")
	game := b.get("/games/bourse-1")

	// A new game changes the list, not the game's page.
	s.create(sgCampaign)
	fresh := b.conditional("/", "If-None-Match", list.header.Get("ETag"))
	fresh.want(t, http.StatusOK, `href="/games/sg-1"`)
	if fresh.header.Get("ETag") == list.header.Get("ETag") {
		t.Error("a changed list keeps its tag")
	}
	if b.conditional("/games/bourse-1", "If-None-Match", game.header.Get("ETag")).status != http.StatusNotModified {
		t.Error("another game's change changed bourse-1's page")
	}
	// A step closed changes both.
	s.playSteps("bourse-1", 1)
	b.conditional("/", "If-None-Match", fresh.header.Get("ETag")).want(t, http.StatusOK, "<td>2</td>")
	b.conditional("/games/bourse-1", "If-None-Match", game.header.Get("ETag")).want(t, http.StatusOK, "Now, after step 1")

	// A logged-in reader's view of the public page is theirs.
	alice := s.browser()
	alice.login("bourse-1", "alice")
	mine := alice.get("/games/bourse-1")
	mine.want(t, http.StatusOK, "Log out")
	if mine.header.Get("ETag") != "" {
		t.Error("a logged-in reader's page carries the public page's tag")
	}
}

// A site that runs (Start) sees the games another process makes: the
// list kept is dropped when the store says it changed (PostgreSQL's
// notifications, SQLite's count of commits).
func TestGamesListSeesOtherProcesses(t *testing.T) {
	for store, target := range stores {
		t.Run(store, func(t *testing.T) {
			url := target(t)
			s := newSiteOn(t, url, Config{Listen: "127.0.0.1:0"}, Options{}, traderCampaign)
			if err := s.srv.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.srv.Close() })
			list := func() string {
				res, err := http.Get(s.srv.URL() + "/")
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				body, _ := io.ReadAll(res.Body)
				return string(body)
			}
			if body := list(); !strings.Contains(body, "bourse-1") || strings.Contains(body, "sg-1") {
				t.Fatalf("the list before:\n%s", body)
			}
			// Another process: a store and a host of its own.
			st, err := events.Open(url)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			other := &adjudicator.Host{Store: st, Games: games()}
			camp, err := adjudicator.ParseCampaign([]byte(sgCampaign))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := other.Create(testkit.Context(t), camp); err != nil {
				t.Fatal(err)
			}
			testkit.Eventually(t, "the list shows the other process's game", func() bool {
				return strings.Contains(list(), `href="/games/sg-1"`)
			})
		})
	}
}
