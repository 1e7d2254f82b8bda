package mail_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

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

// longReason is a reason long enough to need several lines.
const longReason = "the harbour master of Shanghai has closed the port for a typhoon that is expected to last until the end of the week, and mail is slow"

// fitsLines fails the test if a line of a mail's text is wider than 72
// columns, or if want is not in it once its lines are joined again.
func fitsLines(t *testing.T, what, text, want string) {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if len(l) > 72 {
			t.Errorf("%s: a line of %d characters: %q", what, len(l), l)
		}
	}
	if joined := strings.Join(strings.Fields(text), " "); !strings.Contains(joined, want) {
		t.Errorf("%s does not say %q:\n%s", what, want, text)
	}
}

// The notices of an absence and of a deadline change wrap their long
// reasons, and so does status (the notes it lists).
func TestLongNoticesAreWrapped(t *testing.T) {
	f := newFixture(t, lenient())
	n := len(f.mails())
	g := f.load()
	from, until := g.Deadline.Add(-time.Hour).Truncate(time.Second), g.Deadline.Add(48*time.Hour).Truncate(time.Second)
	if res := f.mailOf(aliceAddr, "away", f.file("alice", fmt.Sprintf("absence: {from: %s, until: %s, reason: %q}\n", from.Format(time.RFC3339), until.Format(time.RFC3339), longReason))); res.Outcome != mail.Accepted {
		t.Fatalf("absence: %s %s", res.Outcome, res.Reason)
	}
	if res := f.mailOf(gmAddr, "extend", f.file("gm", "command: gm extend 24h\nreason: "+longReason+"\n")); res.Outcome != mail.Command {
		t.Fatalf("gm extend: %s %s", res.Outcome, res.Reason)
	}
	if res := f.mailOf(bobAddr, "status", f.file("bob", "command: status\n")); res.Outcome != mail.Command {
		t.Fatalf("status: %s %s", res.Outcome, res.Reason)
	}
	ms := f.newMails(n)
	for kind, want := range map[string]string{mail.KindAbsence: "(" + longReason + ")", mail.KindDeadline: "The GM's reason: " + longReason, mail.KindReply: longReason} {
		got := only(ms, kind, bobAddr)
		if len(got) == 0 {
			t.Errorf("bob got no %s mail", kind)
		}
		for _, m := range got {
			fitsLines(t, "bob's "+kind+" mail", m.Text, want)
		}
	}
}

// A player who asks for a new token is told of as having asked: the log
// holds the request as the player's, and neither status nor the reports
// say that the GM issued it.
func TestTokenAskedIsThePlayers(t *testing.T) {
	f := newFixture(t, lenient())
	if res := f.mailOf(aliceAddr, "token", "game: bourse-1\nplayer: alice\ncommand: token\n"); res.Outcome != mail.Command {
		t.Fatalf("command: token: %s %s", res.Outcome, res.Reason)
	}
	// Confirmed with the code mailed to her address on record.
	if res := f.mailOf(aliceAddr, "confirm", "game: bourse-1\nplayer: alice\ncommand: token "+f.codeIn(aliceAddr)+"\n"); res.Outcome != mail.Command {
		t.Fatalf("command: token CODE: %s %s", res.Outcome, res.Reason)
	}
	evs, err := f.store.Events(context.Background(), f.game)
	if err != nil {
		t.Fatal(err)
	}
	last := evs[len(evs)-1]
	if last.Kind != adjudicator.KindToken || last.Actor != "alice" {
		t.Errorf("the new token is logged as %s by %s, not as alice's request", last.Kind, last.Actor)
	}
	n := len(f.mails())
	if res := f.mailOf(bobAddr, "status", f.file("bob", "command: status\n")); res.Outcome != mail.Command {
		t.Fatalf("status: %s %s", res.Outcome, res.Reason)
	}
	status := only(f.newMails(n), mail.KindReply, bobAddr)
	if len(status) != 1 {
		t.Fatalf("bob's status: %v", status)
	}
	if text := status[0].Text; !strings.Contains(text, "alice: alice asked for a new token and got one") || strings.Contains(text, "The GM issued") || strings.Contains(text, "GM: alice") {
		t.Errorf("status does not say alice asked:\n%s", text)
	}
}

// Orders that come after the deadline, in the grace period, are
// acknowledged as late, with the grace's end; orders in time are not.
func TestLateOrdersAcknowledgedAsLate(t *testing.T) {
	f := newFixture(t, lenient())
	ctx := context.Background()
	player, file := f.orderFile()
	n := len(f.mails())
	if res := f.mailOf(addrOf(player), "orders", file); res.Outcome != mail.Accepted {
		t.Fatalf("orders in time: %s %s", res.Outcome, res.Reason)
	}
	if acks := only(f.newMails(n), mail.KindAck, addrOf(player)); len(acks) != 1 || strings.Contains(acks[0].Text, "came late") {
		t.Errorf("the acknowledgement of orders in time: %v", acks)
	}
	// The deadline passed an hour ago; the grace runs for 12 hours after it.
	missed := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
	for _, a := range []adjudicator.GMAction{
		{Action: "grace", Args: []string{"12h"}, Reason: "mail is slow"},
		{Action: "deadline", Args: []string{missed.Format(time.RFC3339)}, Reason: "the deadline as agreed"},
	} {
		if _, err := f.host.GM(ctx, f.game, a); err != nil {
			t.Fatal(err)
		}
	}
	player, file = f.orderFile() // the next step's
	n = len(f.mails())
	if res := f.mailOf(addrOf(player), "late orders", file); res.Outcome != mail.Accepted {
		t.Fatalf("late orders: %s %s", res.Outcome, res.Reason)
	}
	acks := only(f.newMails(n), mail.KindAck, addrOf(player))
	if len(acks) != 1 {
		t.Fatalf("the acknowledgement of late orders: %v", acks)
	}
	want := "These orders came late: after the deadline (" + adjudicator.FormatTime(missed) + "), in the grace period, which lasts until " + adjudicator.FormatTime(missed.Add(12*time.Hour)) + "."
	fitsLines(t, "the acknowledgement of late orders", acks[0].Text, want)
}

// Running tells a serve that runs from the row a killed one left: a row
// counts until its lease ends, and, on this host, only while its process
// runs.
func TestRunningCountsLiveServesOnly(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	now := time.Now().UTC()
	at := func(d time.Duration) string { return now.Add(d).Format("2006-01-02T15:04:05.000000000Z") }
	for _, r := range [][]string{
		{"elsewhere.example:41:aaaa", at(-2 * time.Minute), at(2 * time.Minute)},                   // another host, within its lease
		{"elsewhere.example:42:bbbb", at(-time.Hour), at(-time.Minute)},                            // another host, lease ended
		{fmt.Sprintf("%s:%d:cccc", host, os.Getpid()), at(-time.Minute), at(2 * time.Minute)},      // this process
		{fmt.Sprintf("%s:%d:dddd", host, gone.Process.Pid), at(-time.Minute), at(2 * time.Minute)}, // this host, process gone
	} {
		if _, err := f.store.DB().Exec(`INSERT INTO mail_serving (holder, started_at, seen_at, lease_until) VALUES (?, ?, ?, ?)`, r[0], r[1], r[1], r[2]); err != nil {
			t.Fatal(err)
		}
	}
	got, err := mail.Running(ctx, f.store, now)
	if err != nil {
		t.Fatal(err)
	}
	var holders []string
	for _, s := range got {
		holders = append(holders, s.Holder)
	}
	if want := []string{"elsewhere.example:41:aaaa", fmt.Sprintf("%s:%d:cccc", host, os.Getpid())}; strings.Join(holders, " ") != strings.Join(want, " ") {
		t.Errorf("running: %v, want %v", holders, want)
	}
}
