package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
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
