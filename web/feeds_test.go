package web

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"
	"github.com/mmcdole/gofeed"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
)

// parseFeed reads a feed as a feed reader does.
func parseFeed(t *testing.T, r response) *gofeed.Feed {
	t.Helper()
	r.want(t, http.StatusOK)
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/atom+xml") {
		t.Errorf("the feed is served as %q", ct)
	}
	f, err := gofeed.NewParser().ParseString(r.body)
	if err != nil {
		t.Fatalf("the feed does not parse: %v\n%s", err, r.body)
	}
	if f.FeedType != "atom" {
		t.Errorf("a %s feed, want atom", f.FeedType)
	}
	return f
}

// reportAt is reader's text report of step, as mail sends it.
func (s *site) reportAt(game string, step int, reader string) string {
	s.t.Helper()
	evs, err := s.host.Store.Events(context.Background(), game)
	if err != nil {
		s.t.Fatal(err)
	}
	g, err := adjudicator.ReplayUntil(s.host.Games, evs, step)
	if err != nil {
		s.t.Fatal(err)
	}
	r, err := newRenderer()
	if err != nil {
		s.t.Fatal(err)
	}
	text, err := r.Text(g, reader)
	if err != nil {
		s.t.Fatal(err)
	}
	return text
}

// checkEntries holds a feed to the reports of every step closed so far,
// newest first, each the reader's report of its step.
func checkEntries(t *testing.T, s *site, f *gofeed.Feed, game string, last int, reader string) {
	t.Helper()
	if len(f.Items) != last+1 {
		t.Fatalf("%d entries, want one per step 0..%d", len(f.Items), last)
	}
	ids := map[string]bool{}
	for i, it := range f.Items {
		step := last - i
		if want := s.reportAt(game, step, reader); it.Content != want {
			t.Errorf("entry %d (%s) is not the report of step %d:\n%s\nwant\n%s", i, it.Title, step, it.Content, want)
		}
		if ids[it.GUID] {
			t.Errorf("entry id %s twice", it.GUID)
		}
		ids[it.GUID] = true
	}
}

// A public game's feed has an entry per step, newest first, each the
// public report; a private game has none; a player's private feeds are
// made on their page, shown once, carry their own reports alone, and stop
// working when new ones are made; the calendar follows the deadline.
func TestFeeds(t *testing.T) {
	s := newSite(t, Config{Private: []string{"club-*"}}, Options{}, traderCampaign, privateCampaign)
	s.playSteps("bourse-1", 2)
	b := s.browser()

	b.get("/games/bourse-1").want(t, http.StatusOK, `href="/games/bourse-1/feed.atom"`, `href="/games/bourse-1/attendance"`)
	b.get("/games/bourse-1/attendance").want(t, http.StatusOK, "ATTENDANCE", "owed no orders this step", "ON TIME OR EXCUSED")
	b.get("/games/club-1/attendance").want(t, http.StatusNotFound)
	pub := parseFeed(t, b.get("/games/bourse-1/feed.atom"))
	checkEntries(t, s, pub, "bourse-1", 2, engine.Observer)
	// A feed reader polling it gets 304 until a step closes.
	req, _ := http.NewRequest(http.MethodGet, s.http.URL+"/games/bourse-1/feed.atom", nil)
	req.Header.Set("If-None-Match", b.get("/games/bourse-1/feed.atom").header.Get("ETag"))
	if r := b.do(req); r.status != http.StatusNotModified {
		t.Errorf("a feed polled again: %d, want 304", r.status)
	}
	b.get("/games/club-1/feed.atom").want(t, http.StatusNotFound)
	b.get("/games/nope/feed.atom").want(t, http.StatusNotFound)

	// The form is on the player's own page; the addresses are shown once.
	b.get("/games/bourse-1/feeds/x/reports.atom").want(t, http.StatusNotFound, "no such feed")
	b.post("/games/bourse-1/feeds", url.Values{}).want(t, http.StatusForbidden, "Log in")
	b.login("bourse-1", "alice")
	b.get("/games/bourse-1/players/alice").want(t, http.StatusOK, `action="/games/bourse-1/feeds"`)
	made := b.post("/games/bourse-1/feeds", url.Values{})
	made.want(t, http.StatusOK, "reports.atom", "deadlines.ics")
	if made.header.Get("Cache-Control") != "no-store" {
		t.Errorf("the page of new feed addresses may be cached: %q", made.header.Get("Cache-Control"))
	}
	addr := regexp.MustCompile(`/games/bourse-1/feeds/([A-Za-z0-9_-]{40,})/reports\.atom`).FindStringSubmatch(made.body)
	if addr == nil {
		t.Fatalf("no feed address on the page:\n%s", made.body)
	}
	key := addr[1]
	var stored int
	if err := s.host.Store.QueryRow(context.Background(), `SELECT count(*) FROM web_feeds WHERE key_hash = ? OR key_hash = ?`, key, hashSecret(key)).Scan(&stored); err != nil || stored != 1 {
		t.Fatalf("the feed key is kept as %d rows by its hash (%v)", stored, err)
	}
	if err := s.host.Store.QueryRow(context.Background(), `SELECT count(*) FROM web_feeds WHERE key_hash = ?`, key).Scan(&stored); err != nil || stored != 0 {
		t.Errorf("the feed key is kept in the clear")
	}
	b.get("/games/bourse-1/me").lacks(t, key)

	mine := parseFeed(t, s.browser().get("/games/bourse-1/feeds/"+key+"/reports.atom"))
	checkEntries(t, s, mine, "bourse-1", 2, "alice")
	for _, it := range mine.Items {
		if !strings.Contains(it.Content, "For alice") {
			t.Errorf("alice's feed has a report not for her:\n%s", it.Content)
		}
	}
	if s.browser().get("/games/club-1/feeds/"+key+"/reports.atom").status != http.StatusNotFound {
		t.Error("alice's key opens another game's feed")
	}

	// The calendar: the open step's deadline, moved by an extension, and
	// cancelled while the game is paused.
	cal := func() *ics.VEvent {
		t.Helper()
		r := s.browser().get("/games/bourse-1/feeds/" + key + "/deadlines.ics")
		r.want(t, http.StatusOK, "BEGIN:VCALENDAR")
		c, err := ics.ParseCalendar(strings.NewReader(r.body))
		if err != nil {
			t.Fatalf("the calendar does not parse: %v\n%s", err, r.body)
		}
		evs := c.Events()
		if len(evs) != 1 {
			t.Fatalf("%d events, want the open step's deadline:\n%s", len(evs), r.body)
		}
		return evs[0]
	}
	g, err := s.host.Load(context.Background(), "bourse-1")
	if err != nil {
		t.Fatal(err)
	}
	ev := cal()
	start, err := ev.GetStartAt()
	if err != nil || !start.Equal(g.Deadline) {
		t.Errorf("the event starts at %v (%v), the deadline is %v", start, err, g.Deadline)
	}
	if sum := ev.GetProperty(ics.ComponentPropertySummary).Value; !strings.Contains(sum, "orders for step 3 due") {
		t.Errorf("alice, who owes orders, reads %q", sum)
	}
	uid, seq := ev.Id(), ev.GetProperty(ics.ComponentPropertySequence).Value
	if _, err := s.host.GM(context.Background(), "bourse-1", adjudicator.GMAction{Action: "extend", Args: []string{"24h"}, Reason: "a holiday"}); err != nil {
		t.Fatal(err)
	}
	ev = cal()
	if start2, _ := ev.GetStartAt(); !start2.Equal(g.Deadline.Add(24*time.Hour)) || ev.Id() != uid || ev.GetProperty(ics.ComponentPropertySequence).Value <= seq {
		t.Errorf("after the extension: starts %v, uid %s (was %s), sequence %s (was %s)", start2, ev.Id(), uid, ev.GetProperty(ics.ComponentPropertySequence).Value, seq)
	}
	if _, err := s.host.GM(context.Background(), "bourse-1", adjudicator.GMAction{Action: "pause", Reason: "a dispute"}); err != nil {
		t.Fatal(err)
	}
	if st := cal().GetProperty(ics.ComponentPropertyStatus).Value; st != "CANCELLED" {
		t.Errorf("a paused game's deadline is %s", st)
	}

	// New addresses void the old.
	again := b.post("/games/bourse-1/feeds", url.Values{})
	again.want(t, http.StatusOK, "reports.atom")
	s.browser().get("/games/bourse-1/feeds/"+key+"/reports.atom").want(t, http.StatusNotFound)
	s.browser().get("/games/bourse-1/feeds/"+key+"/deadlines.ics").want(t, http.StatusNotFound)
}

// Long lines are folded at 75 octets without splitting a character, as
// RFC 5545 asks, and unfold to the line.
func TestFoldICal(t *testing.T) {
	for _, l := range []string{"short", strings.Repeat("a", 75), strings.Repeat("b", 200), strings.Repeat("é", 90)} {
		f := foldICal(l)
		for _, part := range strings.Split(f, "\r\n") {
			if len(part) > 75 {
				t.Errorf("a folded line of %d octets", len(part))
			}
		}
		if got := strings.ReplaceAll(f, "\r\n ", ""); got != l {
			t.Errorf("unfolds to %q", got)
		}
	}
}
