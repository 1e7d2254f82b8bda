package mail_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
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

// No answer repeats a secret of the file it answers: a token in a YAML
// comment, under a misspelt key, as an order's value, in a refusal, a
// check or an acknowledgement; nor does the inbox's record of the mail.
func TestAnswersEchoNoSecretOfTheFile(t *testing.T) {
	f := newFixture(t, nil)
	tok, gmTok := f.tokens["alice"], f.tokens[""]
	player, file := f.orderFile()
	if player != "alice" {
		t.Fatalf("alice should move first, not %s", player)
	}
	for _, c := range []struct{ name, from, file string }{
		{"a token in a comment, none given", aliceAddr, "game: bourse-1\nplayer: alice\n# token: " + tok + "\norders: [pass]\n"},
		{"a token after the orders", aliceAddr, "game: bourse-1\nplayer: alice\ntoken: " + tok + "\norders:\n  - buy: Atlantis   # my token is " + tok + ", the GM's " + gmTok + "\n"},
		{"a misspelt key", aliceAddr, "game: bourse-1\nplayer: alice\ntokn: " + tok + "\norders: [pass]\n"},
		{"a token as a value", aliceAddr, "game: bourse-1\nplayer: alice\ntoken: " + tok + "\norders:\n  - buy: " + tok + "\n"},
		{"a token as the player", aliceAddr, "game: bourse-1\nplayer: " + tok + "\ntoken: " + tok + "\norders: [pass]\n"},
		{"a check", aliceAddr, "game: bourse-1\nplayer: alice\ntoken: " + tok + "\ncheck: true\n# " + gmTok + "\norders:\n  - buy: Atlantis\n"},
		{"from the wrong address", bobAddr, "game: bourse-1\nplayer: alice\ntoken: " + tok + "\norders: [pass] # " + tok + "\n"},
		{"an accepted file", aliceAddr, strings.Replace(file, "orders:", "# keep "+gmTok+" safe\norders:", 1)},
	} {
		box := len(f.outbox())
		res := f.ingest(plainMail(c.from, c.name, c.file))
		answers := f.mails()[box:]
		if len(answers) == 0 {
			t.Errorf("%s: not answered (%s %s)", c.name, res.Outcome, res.Reason)
		}
		for _, m := range answers {
			for _, secret := range []string{tok, gmTok} {
				if strings.Contains(m.Body, secret) || strings.Contains(m.Text, secret) {
					t.Errorf("%s: the %s to %s repeats a token:\n%s", c.name, m.Kind, m.To, m.Text)
				}
			}
		}
		var reason string
		if err := f.store.QueryRow(context.Background(), `SELECT reason FROM inbox WHERE message_id = ?`, res.MessageID).Scan(&reason); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(reason, tok) || strings.Contains(reason, gmTok) {
			t.Errorf("%s: the inbox keeps a token: %s", c.name, reason)
		}
	}
}

// session is one client connection to the embedded listener.
type session struct {
	c net.Conn
	r *bufio.Reader
}

// line reads the server's next line; a test stuck on it fails after a
// generous limit, never sooner.
func (s *session) line(t *testing.T) string {
	t.Helper()
	s.c.SetReadDeadline(time.Now().Add(30 * time.Second))
	l, err := s.r.ReadString('\n')
	if err != nil && l == "" {
		return "EOF: " + err.Error()
	}
	return strings.TrimRight(l, "\r\n")
}

// dialFrom opens a session to addr from the local address from (any of
// 127.0.0.0/8 on loopback) and reads its first line.
func dialFrom(t *testing.T, addr, from string) (*session, string) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 30 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	s := &session{c: c, r: bufio.NewReader(c)}
	return s, s.line(t)
}

// listen starts an embedded listener for f with the caps given, stopped
// when the test ends.
func listen(t *testing.T, f *fixture, sessions, perAddress int, idle time.Duration) string {
	t.Helper()
	l := &mail.Listener{Addr: "127.0.0.1:0", Address: taipanAddr, Ingester: f.svc.Ingester, Sessions: sessions, SessionsPerAddress: perAddress, Idle: idle}
	at, err := l.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return at.String()
}

// hold opens sessions from each address of froms, each of which must be
// taken.
func hold(t *testing.T, addr string, froms ...string) []*session {
	t.Helper()
	var held []*session
	for _, from := range froms {
		s, greeting := dialFrom(t, addr, from)
		if !strings.HasPrefix(greeting, "220 ") {
			t.Fatalf("a session within the caps from %s: %q", from, greeting)
		}
		held = append(held, s)
	}
	return held
}

// takenAgain waits until a session from from is taken (the places of
// closed sessions are given back as the server closes them), within a
// generous limit.
func takenAgain(t *testing.T, addr, from string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		s, greeting := dialFrom(t, addr, from)
		s.c.Close()
		if strings.HasPrefix(greeting, "220 ") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no session taken from %s once places were free: %q", from, greeting)
		}
	}
}

// The embedded listener holds at most its cap of sessions, overall and
// from one address: sessions past it, however many, are refused with 421
// at once, while the idle ones it holds keep their places; and it takes
// sessions, and mail, again once they end.
func TestListenerCapsSessions(t *testing.T) {
	f := newFixture(t, nil)
	addr := listen(t, f, 4, 2, time.Hour)
	held := hold(t, addr, "127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3")
	for i := 0; i < 30; i++ {
		from := []string{"127.0.0.2", "127.0.0.4", "127.0.0.5"}[i%3] // past the address's cap, then past the whole cap
		s, greeting := dialFrom(t, addr, from)
		if !strings.HasPrefix(greeting, "421 ") {
			t.Fatalf("session %d past the caps, from %s: %q, want 421", i, from, greeting)
		}
		if next := s.line(t); !strings.HasPrefix(next, "EOF") {
			t.Fatalf("a refused session from %s stays open: %q", from, next)
		}
	}
	// The held ones still work.
	for i, s := range held {
		fmt.Fprintf(s.c, "NOOP\r\n")
		if got := s.line(t); !strings.HasPrefix(got, "250 ") {
			t.Errorf("held session %d: NOOP answered %q", i, got)
		}
	}
	fmt.Fprintf(held[0].c, "QUIT\r\n")
	held[0].line(t)
	takenAgain(t, addr, "127.0.0.2")
	held[2].c.Close()
	takenAgain(t, addr, "127.0.0.4")
	player, file := f.orderFile()
	// takenAgain's own probes give their places back as the server closes
	// them, which may be after the mail dials: a 421 then is retried, as
	// takenAgain does, within the same generous limit.
	deadline := time.Now().Add(30 * time.Second)
	for {
		err := mail.SendTo(addr, addrOf(player), []string{taipanAddr}, plainMail(addrOf(player), "orders", file))
		if err == nil {
			break
		}
		if !strings.Contains(err.Error(), "421") || time.Now().After(deadline) {
			t.Fatalf("a mail within the caps: %v", err)
		}
	}
	if f.load().Step != 2 {
		t.Error("the mail sent through the listener was not taken in")
	}
}

// A session whose client sends nothing for the listener's idle time is
// told so and closed, and its place is free again.
func TestListenerClosesIdleSessions(t *testing.T) {
	f := newFixture(t, nil)
	addr := listen(t, f, 3, 3, 200*time.Millisecond)
	held := hold(t, addr, "127.0.0.2", "127.0.0.2", "127.0.0.2")
	for i, s := range held {
		if bye := s.line(t); !strings.HasPrefix(bye, "421 ") || !strings.Contains(strings.ToLower(bye), "idle") {
			t.Errorf("idle session %d: %q, want 421 idle time-out", i, bye)
		}
		if next := s.line(t); !strings.HasPrefix(next, "EOF") {
			t.Errorf("idle session %d stays open after its time-out: %q", i, next)
		}
	}
	takenAgain(t, addr, "127.0.0.2")
}

// An absence longer than the allowance is recorded, and its player, and
// the others, are told that the allowance runs out, and where.
func TestAbsenceAllowanceRunOutIsTold(t *testing.T) {
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	f := newFixture(t, nil)
	f.setClock(&at)
	from, until := at.Add(24*time.Hour), at.Add(21*24*time.Hour)
	res := f.ingest(plainMail(bobAddr, "away", f.file("bob", fmt.Sprintf("absence: {from: %s, until: %s}\n", from.Format(time.RFC3339), until.Format(time.RFC3339)))))
	if res.Outcome != mail.Accepted {
		t.Fatalf("the absence: %s %s", res.Outcome, res.Reason)
	}
	end := adjudicator.FormatTime(from.Add(adjudicator.DefaultAbsenceMax))
	ack := only(f.mails(), mail.KindAck, bobAddr)
	if len(ack) != 1 || !strings.Contains(ack[0].Text, "allowance runs out") || !strings.Contains(strings.Join(strings.Fields(ack[0].Text), " "), end) {
		t.Errorf("bob is not told that his allowance runs out at %s: %+v", end, ack)
	}
	told := only(f.mails(), mail.KindAbsence, aliceAddr)
	if len(told) != 1 || !strings.Contains(told[0].Text, "allowance runs out") {
		t.Errorf("alice is not told what the allowance covers: %+v", told)
	}
}

// A check-only file is answered as a check, with mistakes or without:
// never as a submission Taipan could not accept.
func TestCheckAnswersReadAsChecks(t *testing.T) {
	f := newFixture(t, lenient())
	tok := f.tokens["alice"]
	for _, c := range []struct{ name, from, file, want string }{
		{"legal", aliceAddr, "game: bourse-1\nplayer: alice\ntoken: " + tok + "\ncheck: true\norders:\n  - buy: Paris\n", "Checked, not submitted"},
		{"an illegal order", aliceAddr, "game: bourse-1\nplayer: alice\ntoken: " + tok + "\ncheck: true\norders:\n  - buy: Atlantis\n", "Atlantis"},
		{"a wrong token", aliceAddr, "game: bourse-1\nplayer: alice\ntoken: wrong\ncheck: true\norders:\n  - buy: Paris\n", "wrong token"},
		{"a broken file", aliceAddr, "game: bourse-1\nplayer: alice\ntoken: " + tok + "\ncheck: true\norders:\n  - buy: [Paris\n", "line"},
		{"an unknown game", aliceAddr, "game: nowhere\nplayer: alice\ntoken: " + tok + "\ncheck: true\norders: [pass]\n", "no game"},
		{"the wrong address", bobAddr, "game: bourse-1\nplayer: alice\ntoken: " + tok + "\ncheck: true\norders: [pass]\n", "address on record"},
	} {
		n := len(f.mails())
		events := f.eventCount()
		f.ingest(plainMail(c.from, "is this right?", c.file))
		ms := only(f.mails()[n:], "", c.from)
		if len(ms) != 1 {
			t.Fatalf("%s: %d answers", c.name, len(ms))
		}
		text, subject := ms[0].Text, headerOf(ms[0].Body, "Subject")
		if strings.Contains(text, "could not accept") || strings.Contains(subject, "refused") ||
			!strings.Contains(strings.ToLower(text), "checked") || !strings.Contains(text, c.want) {
			t.Errorf("%s: the answer does not read as a check (subject %q):\n%s", c.name, subject, text)
		}
		if c.name != "legal" && !strings.Contains(text, "nothing was submitted") {
			t.Errorf("%s: a check with mistakes is answered %q:\n%s", c.name, subject, text)
		}
		if f.eventCount() != events {
			t.Errorf("%s: a check wrote to the log", c.name)
		}
	}
}
