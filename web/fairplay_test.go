package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/mail"
)

// A new token asked for by mail with alice's address forged in From ends
// none of her sessions on the site: only the code mailed to her address,
// sent back from it, makes the new token, and that ends them.
func TestForgedTokenRequestKeepsSessions(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	alice := s.browser()
	alice.login("bourse-1", "alice")
	alice.get("/games/bourse-1/players/alice").want(t, http.StatusOK, "For alice")

	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	cfg := &mail.Config{Address: "taipan@example.test"}
	cfg.Embedded.Maildir = filepath.Join(t.TempDir(), "maildir")
	if err := cfg.Normalize(); err != nil {
		t.Fatal(err)
	}
	svc, err := mail.NewService(cfg, s.host, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	send := func(body string) *mail.Result {
		n++
		raw := fmt.Sprintf("From: alice@example.test\r\nTo: taipan@example.test\r\nSubject: token\r\nMessage-ID: <t%d@example.test>\r\n\r\n%s", n, body)
		res, err := svc.Ingester.Ingest(context.Background(), []byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	for i := 0; i < 5; i++ {
		if res := send("game: bourse-1\nplayer: alice\ncommand: token\n"); res.Outcome != mail.Command {
			t.Fatalf("the request: %s %s", res.Outcome, res.Reason)
		}
	}
	alice.get("/games/bourse-1/players/alice").want(t, http.StatusOK, "For alice")

	var body string
	if err := s.host.Store.QueryRow(context.Background(), `SELECT body FROM outbox WHERE recipient = 'alice@example.test' AND kind = 'reply' ORDER BY id DESC LIMIT 1`).Scan(&body); err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile(`command: token ([0-9a-f]{32})`).FindStringSubmatch(body)
	if code == nil {
		t.Fatalf("no code in the mail to alice:\n%s", body)
	}
	if res := send("game: bourse-1\nplayer: alice\ncommand: token " + code[1] + "\n"); res.Outcome != mail.Command {
		t.Fatalf("the confirmation: %s %s", res.Outcome, res.Reason)
	}
	alice.get("/games/bourse-1/players/alice").want(t, http.StatusUnauthorized)
}

// The answer page repeats no secret of the file sent: a token in a
// comment, or written as a value, is hidden from the refusal, the check
// and the file kept in the form.
func TestOrderPageEchoesNoSecret(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	alice := s.browser()
	alice.login("bourse-1", "alice")
	tok, gmTok := s.tokens["bourse-1"]["alice"], s.tokens["bourse-1"][""]
	for _, c := range []struct{ do, file string }{
		{"submit", "# my token: " + tok + "\norders:\n  - buy: Atlantis\n"},
		{"check", "orders:\n  - buy: " + gmTok + "   # the GM's\n"},
		{"check", "orders:\n  - buy: Paris   # " + tok + "\n"},
	} {
		res := alice.post("/games/bourse-1/orders", url.Values{"file": {c.file}, "step": {"1"}, "do": {c.do}})
		for _, secret := range []string{tok, gmTok} {
			if strings.Contains(res.body, secret) {
				t.Errorf("%s of %q: the page repeats a token:\n%s", c.do, c.file, res.body)
			}
		}
	}
}

// A check with mistakes on the site reads as a check, not as a refused
// submission.
func TestCheckWithMistakesReadsAsACheck(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	alice := s.browser()
	alice.login("bourse-1", "alice")
	for _, form := range []url.Values{
		{"file": {"orders:\n  - buy: Atlantis\n"}, "step": {"1"}, "do": {"check"}},
		{"file": {"check: true\norders:\n  - buy: Atlantis\n"}, "step": {"1"}, "do": {"submit"}},
	} {
		res := alice.post("/games/bourse-1/orders", form)
		res.want(t, http.StatusUnprocessableEntity, "Checked, not submitted: mistakes found", "Atlantis")
		res.lacks(t, "Refused; nothing")
	}
	if n := s.eventCount("bourse-1"); n != 2 {
		t.Errorf("a check wrote to the log: %d events", n)
	}
}
