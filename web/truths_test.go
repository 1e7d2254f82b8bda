package web

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"taipan/adjudicator"
)

// These tests hold what the site says to the truth.

const linkPromise = "Every report mailed to you carries a one-time link"

// The login page promises a login link in every mailed report only when
// the reports carry one (the site runs inside serve); alone, it says
// that they do not and to log in with the token.
func TestLoginPagePromisesLinksOnlyWhenMailed(t *testing.T) {
	for _, links := range []bool{false, true} {
		s := newSite(t, Config{}, Options{LoginLinks: links}, traderCampaign)
		b := s.browser()
		page := b.get("/games/bourse-1/login")
		if page.status != http.StatusOK {
			t.Fatalf("login page: %d", page.status)
		}
		refused := b.post("/games/bourse-1/login", url.Values{"player": {"alice"}, "token": {"0123456789abcdef0123456789abcdef"}})
		if refused.status != http.StatusUnauthorized {
			t.Fatalf("a wrong token: %d", refused.status)
		}
		for _, body := range []string{page.body, refused.body} {
			if got := strings.Contains(body, linkPromise); got != links {
				t.Errorf("links mailed %v: the login page promises them: %v", links, got)
			}
			if !links && !strings.Contains(body, "carry no login link") {
				t.Errorf("the login page of a site alone does not say the reports carry no link:\n%s", body)
			}
		}
	}
}

// A long note (here the GM's reason for a new deadline) is wrapped in the
// report the site shows, not cut off at the edge of its box.
func TestLongNotesWrapOnTheSite(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	const reason = "the harbour master of Shanghai has closed the port for a typhoon that is expected to last until the end of the week, and mail is slow"
	ctx := context.Background()
	for _, a := range []adjudicator.GMAction{{Action: "extend", Args: []string{"24h"}, Reason: reason}, {Action: "close", Reason: "all in"}} {
		if _, err := s.host.GM(ctx, "bourse-1", a); err != nil {
			t.Fatal(err)
		}
	}
	page := s.browser().get("/games/bourse-1/steps/1")
	m := regexp.MustCompile(`(?s)<pre class="report" id="report">(.*?)</pre>`).FindStringSubmatch(page.body)
	if page.status != http.StatusOK || m == nil {
		t.Fatalf("step 1's page: %d\n%s", page.status, page.body)
	}
	report := html.UnescapeString(m[1])
	_, happened, _ := strings.Cut(report, "WHAT HAPPENED")
	happened, _, _ = strings.Cut(happened, "\n----")
	for _, l := range strings.Split(happened, "\n") {
		if len(l) > 72 {
			t.Errorf("a line of %d characters in the report on the site: %q", len(l), l)
		}
	}
	if !strings.Contains(strings.Join(strings.Fields(happened), " "), "(reason: "+reason+")") {
		t.Errorf("the report on the site does not give the reason whole:\n%s", happened)
	}
}

// The GM's page lists each action once: remove is the game's correction,
// not an action of its own besides.
func TestGMPageListsRemoveOnce(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	gm := s.browser()
	gm.login("bourse-1", "")
	page := gm.get("/games/bourse-1/gm")
	m := regexp.MustCompile(`(?s)<pre class="help">(.*?)</pre>`).FindStringSubmatch(page.body)
	if page.status != http.StatusOK || m == nil {
		t.Fatalf("the GM's page: %d\n%s", page.status, page.body)
	}
	if n := len(regexp.MustCompile(`(?m)^\s*remove PLAYER`).FindAllString(html.UnescapeString(m[1]), -1)); n != 1 {
		t.Errorf("the GM's help names remove %d times:\n%s", n, m[1])
	}
}

// The log page marks the events a rollback voided, with the rollback that
// voided each, though the public log of a running game withholds the step
// closings a rollback cuts at.
func TestLogPageMarksVoidedEvents(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	ctx := context.Background()
	for _, a := range []adjudicator.GMAction{
		{Action: "close", Reason: "alice is away"},                           // 3: step 1 closed
		{Action: "close", Reason: "bob is away"},                             // 4: step 2 closed
		{Action: "rollback", Args: []string{"1"}, Reason: "a misread order"}, // 5: voids 4
	} {
		if _, err := s.host.GM(ctx, "bourse-1", a); err != nil {
			t.Fatal(err)
		}
	}
	page := s.browser().get("/games/bourse-1/log")
	if page.status != http.StatusOK {
		t.Fatalf("the log page: %d", page.status)
	}
	rows := regexp.MustCompile(`(?s)<tr id="e(\d+)"( class="voided")?>(.*?)</tr>`).FindAllStringSubmatch(page.body, -1)
	if len(rows) != 5 {
		t.Fatalf("the log page shows %d events, want 5:\n%s", len(rows), page.body)
	}
	for _, r := range rows {
		voided := r[2] != ""
		if want := r[1] == "4"; voided != want || strings.Contains(r[3], `voided by the rollback <a href="#e5">#5</a>`) != want {
			t.Errorf("event %s: marked voided %v, want %v:\n%s", r[1], voided, want, r[3])
		}
	}
	if !strings.Contains(page.body, "(withheld until the game is over") || !strings.Contains(page.body, "it stays in the log, and the chain covers it, but the game no longer counts it") {
		t.Errorf("the log page of the running game withholds nothing, or does not say what voided means:\n%s", page.body)
	}
}
