package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/mail"
)

// These tests hold what the mail says to the truth.

// gmMail is an order file the GM mails: a command, with the GM's token
// when one is given.
func gmMail(game, token, command string) []byte {
	body := fmt.Sprintf("game: %s\nplayer: gm\n", game)
	if token != "" {
		body += "token: " + token + "\n"
	}
	return plainMail(gmAddr, "gm", body+"command: "+command+"\n")
}

// The GM's set-up mail gives token-recovery steps that work: not the
// players' `command: token`, which Taipan refuses from the GM, but the
// command line that makes the GM a new token; and the refusal of a GM's
// `command: token` names the same command.
func TestGMTokenRecoveryStepsWork(t *testing.T) {
	f := newFixture(t, lenient())
	f.queueTokens()
	f.dispatch()
	var welcome string
	for _, m := range f.mails() {
		if m.To == gmAddr && m.Kind == mail.KindReport {
			welcome = m.Text
		}
	}
	if !strings.Contains(welcome, f.tokens[""]) {
		t.Fatalf("no GM set-up mail with the token:\n%s", welcome)
	}
	if strings.Contains(welcome, "command: token") {
		t.Errorf("the GM's set-up mail gives the players' recovery, which Taipan refuses from the GM:\n%s", welcome)
	}
	const steps = `taipan gm bourse-1 token gm --reason "the GM's token was lost"`
	if !strings.Contains(welcome, steps) {
		t.Errorf("the GM's set-up mail does not give the command that makes a new GM token:\n%s", welcome)
	}
	// The players' steps, tried by the GM: refused, pointing to the command.
	if res := f.ingest(gmMail(f.game, "", "token")); res.Outcome != mail.Rejected || !strings.Contains(res.Reason, steps) {
		t.Errorf("a GM's command: token: %s %q", res.Outcome, res.Reason)
	}
	// The steps given: the command line's action (Host.GM, as `taipan gm`
	// runs it). The new token works by mail; the old one no longer does.
	r, err := f.host.GM(context.Background(), f.game, adjudicator.GMAction{Action: "token", Args: []string{"gm"}, Reason: "the GM's token was lost"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Token == "" || r.Token == f.tokens[""] {
		t.Fatalf("token gm made no new token: %q", r.Token)
	}
	if res := f.ingest(gmMail(f.game, f.tokens[""], "status")); res.Outcome != mail.Rejected {
		t.Errorf("the GM's old token still works: %s %q", res.Outcome, res.Reason)
	}
	if res := f.ingest(gmMail(f.game, r.Token, "status")); res.Outcome != mail.Command {
		t.Errorf("the GM's new token does not work: %s %q", res.Outcome, res.Reason)
	}
	if g := f.load(); !strings.Contains(g.Notes[len(g.Notes)-1].Text, "The GM took a new GM token") {
		t.Errorf("the log does not say the GM took a new token: %v", g.Notes)
	}
}
