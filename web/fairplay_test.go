package web

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"regexp"
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
