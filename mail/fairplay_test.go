package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/mail"
)

// publicShape is what the public log shows of each event but its
// commitments (their salts are random): its number, kind, actor, time and
// whether its payload is withheld.
func (f *fixture) publicShape() []string {
	f.t.Helper()
	evs, err := f.store.Events(context.Background(), f.game)
	if err != nil {
		f.t.Fatal(err)
	}
	pub, err := adjudicator.Public(f.load(), evs)
	if err != nil {
		f.t.Fatal(err)
	}
	var out []string
	for _, e := range pub {
		out = append(out, fmt.Sprintf("%d %s %s %s withheld=%v", e.Seq, e.Kind, e.Actor, e.RecordedAt.Format(time.RFC3339Nano), e.Redacted()))
	}
	return out
}

// Grey press sent in one file with orders leaves a public log whose order
// and times are the same as when someone else sent the same press: the
// public log tells nothing of who sent it. And nobody reads it before the
// step closes.
func TestGreyPressLeavesNoTraceInThePublicLog(t *testing.T) {
	const rumour = `press: {text: "The Berlin column is rigged.", grey: true}` + "\n"
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	play := func(bobSends bool) (*fixture, []string) {
		at := start
		f := newFixture(t, nil)
		f.setClock(&at)
		f.newGame("grey-2", "press: grey\n") // on the test's clock, the whole log
		player, file := f.orderFile()
		if player != "alice" {
			t.Fatalf("alice should move first, not %s", player)
		}
		at = at.Add(5 * time.Minute)
		if bobSends {
			if res := f.ingest(plainMail(bobAddr, "psst", f.file("bob", rumour))); res.Outcome != mail.Accepted {
				t.Fatalf("bob's grey press: %s %s", res.Outcome, res.Reason)
			}
		}
		if n := len(only(f.mails(), mail.KindPress, "")); n != 0 {
			t.Errorf("grey press relayed before its step closed: %d mails", n)
		}
		at = at.Add(90 * time.Minute)
		if !bobSends {
			file = strings.Replace(file, "orders:", strings.TrimSuffix(rumour, "\n")+"\norders:", 1)
		}
		if res := f.ingest(plainMail(aliceAddr, "orders", file)); res.Outcome != mail.Accepted || len(res.Closed) != 1 {
			t.Fatalf("alice's orders: %s %s, closed %v", res.Outcome, res.Reason, res.Closed)
		}
		return f, f.publicShape()
	}
	byAlice, withOrders := play(false)
	_, byBob := play(true)
	if strings.Join(withOrders, "\n") != strings.Join(byBob, "\n") {
		t.Errorf("the public log tells who sent the grey press:\nsent by alice with her orders:\n  %s\nsent by bob:\n  %s",
			strings.Join(withOrders, "\n  "), strings.Join(byBob, "\n  "))
	}
	// The press is there, logged with the close, and relayed then, to bob
	// unsigned.
	if !strings.Contains(strings.Join(withOrders, "\n"), "press system") {
		t.Errorf("no grey press in the public log:\n%s", strings.Join(withOrders, "\n"))
	}
	relays := only(byAlice.mails(), mail.KindPress, bobAddr)
	if len(relays) != 1 || strings.Contains(relays[0].Body, "alice") || !strings.Contains(relays[0].Text, "The Berlin column is rigged.") {
		t.Errorf("bob's relay of alice's grey press: %+v", relays)
	}
	ack := only(byAlice.mails(), mail.KindAck, aliceAddr)
	if len(ack) != 1 || !strings.Contains(ack[0].Text, "held until step 1 closes") {
		t.Errorf("alice's acknowledgement does not say the press waits for the close: %+v", ack)
	}
	// The log itself (the GM's) names the sender, inside the payload the
	// public export withholds.
	evs, _ := byAlice.store.Events(context.Background(), byAlice.game)
	for _, e := range evs {
		if e.Kind == adjudicator.KindPress && !strings.Contains(string(e.Payload), `"from":"alice"`) {
			t.Errorf("the log's grey press does not name its sender for the GM: %s", e.Payload)
		}
	}
	if err := events.Verify(evs); err != nil {
		t.Error(err)
	}
}

// A flood of mails with alice's address forged in From (wrong tokens, no
// order file) makes her address quiet and spends the hour's answers to
// it; yet each of her own order files, with her token from her address,
// is answered, and so are her check and her command, and the GM's: quiet
// mode and the limits are only on what anyone can cause.
func TestForgedFloodSilencesNobody(t *testing.T) {
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	f := newFixture(t, nil)
	f.setClock(&at)
	forged := []func() []byte{
		func() []byte {
			return plainMail(aliceAddr, "orders", "game: bourse-1\nplayer: alice\ntoken: 00000000000000000000000000000000\norders: [pass]\n")
		},
		func() []byte { return plainMail(aliceAddr, "hello", "hello there") },
		func() []byte {
			return plainMail(gmAddr, "gm", "game: bourse-1\nplayer: gm\ntoken: wrong\ncommand: gm close\nreason: forged\n")
		},
	}
	for i := 0; i < 50; i++ {
		f.ingest(forged[i%len(forged)]())
	}
	refusals := func(addr string) int { return f.mailsTo(addr)[mail.KindReject] }
	if n := refusals(aliceAddr); n > mail.DefaultQuietAfter {
		t.Fatalf("%d refusals to alice's address for the forged flood: the limits do not hold", n)
	}
	if res := f.ingest(forged[0]()); !strings.Contains(res.Reason, "not answered") {
		t.Fatalf("alice's address is not quiet after the flood: %s", res.Reason)
	}

	// alice's own files: an order for a column that does not exist, with
	// her token, from her address, a thousand times, and the forged flood
	// going on between them.
	const genuine = 1000
	before := refusals(aliceAddr)
	bad := f.file("alice", "orders:\n  - buy: Atlantis\n")
	for i := 0; i < genuine; i++ {
		res := f.ingest(plainMail(aliceAddr, fmt.Sprintf("orders %d", i), bad))
		if res.Outcome != mail.Rejected || strings.Contains(res.Reason, "not answered") || strings.Contains(res.Reason, "held") {
			t.Fatalf("alice's file %d: %s %s", i, res.Outcome, res.Reason)
		}
		if i%10 == 0 {
			f.ingest(forged[i%len(forged)]())
		}
	}
	if got := refusals(aliceAddr) - before; got != genuine {
		t.Errorf("alice's %d refused files got %d refusals: each is owed one", genuine, got)
	}
	box := f.outbox()
	last := box[len(box)-1]
	for i := len(box) - 1; i >= 0 && last.To != aliceAddr; i-- {
		last = box[i]
	}
	if text := bodyText(t, last.Body); !strings.Contains(text, "Atlantis") {
		t.Errorf("alice's last refusal does not say what is wrong:\n%s", text)
	}
	replies := f.mailsTo(aliceAddr)[mail.KindReply]
	if res := f.ingest(plainMail(aliceAddr, "check", f.file("alice", "check: true\norders:\n  - buy: Atlantis\n"))); strings.Contains(res.Reason, "not answered") {
		t.Errorf("alice's check: %s", res.Reason)
	}
	if res := f.ingest(plainMail(aliceAddr, "status", f.file("alice", "command: status\n"))); res.Outcome != mail.Command || f.mailsTo(aliceAddr)[mail.KindReply] != replies+1 {
		t.Errorf("alice's status command: %s %s", res.Outcome, res.Reason)
	}
	gmReplies := f.mailsTo(gmAddr)[mail.KindReply]
	if res := f.ingest(plainMail(gmAddr, "status", f.file("gm", "command: status\n"))); res.Outcome != mail.Command || f.mailsTo(gmAddr)[mail.KindReply] != gmReplies+1 {
		t.Errorf("the GM's status command after a forged flood in the GM's name: %s %s", res.Outcome, res.Reason)
	}
	// And her orders are taken.
	if player, file := f.orderFile(); player != "alice" || f.ingest(plainMail(aliceAddr, "orders", file)).Outcome != mail.Accepted {
		t.Error("alice's legal orders are not taken after the flood")
	}
}

// codeIn is the code of the last mail to addr that asks to confirm a new
// token ("" if none).
func (f *fixture) codeIn(addr string) string {
	f.t.Helper()
	code := ""
	for _, m := range f.mails() {
		if i := strings.Index(m.Text, "command: token "); m.To == addr && i >= 0 {
			code = strings.Fields(m.Text[i+len("command: token "):])[0]
		}
	}
	return code
}

// `command: token` with alice's address forged in From, a hundred times:
// her token keeps working and her orders are taken throughout, no code
// reaches the forger, and guessed codes make nothing. The code mailed to
// alice's address, sent back from it, makes her new token.
func TestForgedTokenResetsChangeNothing(t *testing.T) {
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	f := newFixture(t, nil)
	f.setClock(&at)
	old := f.tokens["alice"]
	ask := plainMail(aliceAddr, "lost my token", "game: bourse-1\nplayer: alice\ncommand: token\n")
	res := f.ingest(ask)
	if res.Outcome != mail.Command || !tokenWorks(t, f, "alice", old) {
		t.Fatalf("the first request: %s %s; token works: %v", res.Outcome, res.Reason, tokenWorks(t, f, "alice", old))
	}
	first := f.codeIn(aliceAddr)
	if len(first) != 32 {
		t.Fatalf("no code mailed to alice's address: %q", first)
	}
	for i := 0; i < 100; i++ {
		f.ingest(plainMail(aliceAddr, "lost my token", "game: bourse-1\nplayer: alice\ncommand: token\n"))
		guess := fmt.Sprintf("%032x", i)
		if res := f.ingest(plainMail(aliceAddr, "confirm", "game: bourse-1\nplayer: alice\ncommand: token "+guess+"\n")); res.Outcome == mail.Command {
			t.Fatalf("a guessed code made a new token: %s", res.Reason)
		}
		if !tokenWorks(t, f, "alice", old) {
			t.Fatalf("after %d forged requests alice's token no longer works", i+1)
		}
		if i == 50 {
			if player, file := f.orderFile(); player != "alice" || f.ingest(plainMail(aliceAddr, "orders", file)).Outcome != mail.Accepted {
				t.Fatal("alice's orders are refused while her token is asked for")
			}
		}
	}
	codes := 0
	for _, m := range f.mails() {
		if strings.Contains(m.Text, "command: token ") {
			codes++
			if m.To != aliceAddr {
				t.Errorf("a code went to %s", m.To)
			}
		}
	}
	if codes > mail.DefaultAnswersPerHour {
		t.Errorf("%d codes mailed in an hour for a flood of requests: more than the %d answers an hour", codes, mail.DefaultAnswersPerHour)
	}
	// The code of the first request still works (the flood did not void
	// it), once, from alice's address.
	res = f.ingest(plainMail(aliceAddr, "confirm", "game: bourse-1\nplayer: alice\ncommand: token "+first+"\n"))
	if res.Outcome != mail.Command || tokenWorks(t, f, "alice", old) {
		t.Fatalf("alice's code: %s %s", res.Outcome, res.Reason)
	}
	var tok string
	for _, m := range f.mails() {
		if i := strings.Index(m.Text, "is:\n\n    "); m.To == aliceAddr && i >= 0 {
			tok = strings.Fields(m.Text[i+len("is:"):])[0]
		}
	}
	if !tokenWorks(t, f, "alice", tok) {
		t.Errorf("the new token mailed to alice does not work")
	}
	if res := f.ingest(plainMail(aliceAddr, "confirm", "game: bourse-1\nplayer: alice\ncommand: token "+first+"\n")); res.Outcome == mail.Command {
		t.Errorf("a code worked twice: %s", res.Reason)
	}
	// A code expires.
	f.ingest(ask)
	late := f.codeIn(aliceAddr)
	at = at.Add(mail.TokenCodeTTL + time.Minute)
	if res := f.ingest(plainMail(aliceAddr, "confirm", "game: bourse-1\nplayer: alice\ncommand: token "+late+"\n")); res.Outcome == mail.Command || !tokenWorks(t, f, "alice", tok) {
		t.Errorf("an expired code: %s %s", res.Outcome, res.Reason)
	}
}
