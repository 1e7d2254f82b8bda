package mail_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/mail"
	"taipan/mail/mailtest"
)

// queuedMail is an outbox row with its headers.
type queuedMail struct {
	queued
	MessageID, InReplyTo string
	Text                 string
}

func (f *fixture) mails() []queuedMail {
	f.t.Helper()
	var out []queuedMail
	for _, q := range f.outbox() {
		m := queuedMail{queued: q, Text: bodyText(f.t, q.Body)}
		m.MessageID = headerOf(q.Body, "Message-ID")
		m.InReplyTo = headerOf(q.Body, "In-Reply-To")
		out = append(out, m)
	}
	return out
}

// headerOf is a header field of a raw message, without angle brackets.
func headerOf(raw, name string) string {
	head, _, _ := strings.Cut(raw, "\r\n\r\n")
	for _, l := range strings.Split(head, "\r\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.EqualFold(k, name) {
			return strings.Trim(strings.TrimSpace(v), "<>")
		}
	}
	return ""
}

func (f *fixture) queueTokens() {
	f.t.Helper()
	if _, err := mail.QueueTokens(context.Background(), f.store, &adjudicator.NewGame{Game: f.load(), Tokens: f.tokens}); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) dispatch() {
	f.t.Helper()
	if err := f.svc.Dispatcher.Run(context.Background()); err != nil {
		f.t.Fatal(err)
	}
}

// `taipan new` keeps the tokens; serve mails each with its holder's set-up
// report, and the outbox keeps none once sent.
func TestSetUpReportCarriesTheToken(t *testing.T) {
	f := newFixture(t, nil)
	f.queueTokens()
	f.dispatch()
	for who, addr := range map[string]string{"alice": aliceAddr, "bob": bobAddr, "": gmAddr} {
		var setup string
		for _, m := range f.mails() {
			if m.To == addr && m.Kind == mail.KindReport {
				setup = m.Text
			}
		}
		tok := f.tokens[who]
		if !strings.Contains(setup, "is:\n\n    "+tok+"\n") {
			t.Errorf("the set-up report to %s does not carry the token:\n%s", addr, setup)
		}
		if who != "" && !strings.Contains(setup, "    token: "+tok+"\n    step: 1") && !strings.Contains(setup, "Waiting for") {
			t.Errorf("the set-up report's example order file for %s lacks the token:\n%s", who, setup)
		}
		for other, otok := range f.tokens {
			if other != who && strings.Contains(setup, otok) {
				t.Errorf("the set-up report to %s carries %q's token", addr, other)
			}
		}
	}
	var left int
	f.store.DB().QueryRow(`SELECT count(*) FROM mail_tokens`).Scan(&left)
	if left != 0 {
		t.Errorf("%d tokens still kept after their mail was queued", left)
	}
	if _, err := f.svc.Outbox.Flush(context.Background(), &countingSender{}); err != nil {
		t.Fatal(err)
	}
	for _, q := range f.outbox() {
		for _, tok := range f.tokens {
			if strings.Contains(q.Body, tok) {
				t.Errorf("the sent %s to %s still holds a token", q.Kind, q.To)
			}
		}
	}
}

// A new game whose first steps close before any worker has looked at it
// (mail taken in at once, a worker killed) still owes every report: its
// set-up report, with the token, and each step's, to each player, one
// step to a transaction (Dispatcher.Run).
func TestSetUpReportOwedAfterStepsClosed(t *testing.T) {
	f := newFixture(t, nil)
	f.queueTokens()
	for range 3 {
		player, file := f.orderFile()
		if res := f.ingest(plainMail(addrOf(player), "orders", file)); res.Outcome != mail.Accepted {
			t.Fatalf("orders of %s: %s (%s)", player, res.Outcome, res.Reason)
		}
	}
	closed := f.load().Last.Step
	if closed < 1 {
		t.Fatalf("no step closed (last closed %d)", closed)
	}
	f.dispatch()
	got := map[string]map[int]bool{}
	rows, err := f.store.DB().Query(`SELECT recipient, step FROM outbox WHERE kind = ?`, mail.KindReport)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var to string
		var step int
		if err := rows.Scan(&to, &step); err != nil {
			t.Fatal(err)
		}
		if got[to] == nil {
			got[to] = map[int]bool{}
		}
		got[to][step] = true
	}
	rows.Close()
	withToken := false
	for _, m := range f.mails() {
		withToken = withToken || m.Kind == mail.KindReport && m.To == aliceAddr && strings.Contains(m.Text, "is:\n\n    "+f.tokens["alice"]+"\n")
	}
	if !withToken {
		t.Error("no report to alice carries her token")
	}
	for _, addr := range []string{aliceAddr, bobAddr, gmAddr} {
		for step := 0; step <= closed; step++ {
			if !got[addr][step] {
				t.Errorf("no report of step %d to %s", step, addr)
			}
		}
	}
}

// Tokens stored after the set-up report went (or never went) out are
// mailed on their own, threaded under the game.
func TestLateTokensAreMailedOnTheirOwn(t *testing.T) {
	f := newFixture(t, nil)
	f.dispatch() // the set-up reports go without tokens
	f.queueTokens()
	f.dispatch()
	n := 0
	for _, m := range f.mails() {
		if m.Kind == mail.KindToken {
			n++
			if m.InReplyTo == "" || !strings.Contains(m.Text, "Your token for game bourse-1") {
				t.Errorf("token mail to %s: In-Reply-To %q\n%s", m.To, m.InReplyTo, m.Text)
			}
		}
	}
	if n != 3 {
		t.Errorf("%d token mails, want 3 (alice, bob, the GM)", n)
	}
}

// `command: token` from the address on record mails a code there, and the
// code sent back from it makes a new token, mailed there; from anywhere
// else it is refused and the token stays.
func TestTokenCommand(t *testing.T) {
	f := newFixture(t, nil)
	ask := func(from, player string) *mail.Result {
		return f.ingest(plainMail(from, "lost my token", fmt.Sprintf("game: bourse-1\nplayer: %s\ncommand: token\n", player)))
	}
	old := f.tokens["alice"]
	if res := ask(bobAddr, "alice"); res.Outcome != mail.Rejected || !strings.Contains(res.Reason, "address on record") {
		t.Errorf("asked from bob's address: %s (%s)", res.Outcome, res.Reason)
	}
	if res := ask("mallory@evil.test", "alice"); res.Outcome == mail.Command {
		t.Errorf("asked from a stranger: %s (%s)", res.Outcome, res.Reason)
	}
	if ok := tokenWorks(t, f, "alice", old); !ok {
		t.Fatal("a refused request changed alice's token")
	}
	box := len(f.outbox())
	res := ask(aliceAddr, "alice")
	if res.Outcome != mail.Command {
		t.Fatalf("asked from alice's address: %s (%s)", res.Outcome, res.Reason)
	}
	ms := f.mails()[box:]
	if len(ms) != 1 || ms[0].To != aliceAddr || !tokenWorks(t, f, "alice", old) {
		t.Fatalf("want one mail to alice with a code and the token unchanged, got %+v", ms)
	}
	code := strings.Fields(ms[0].Text[strings.Index(ms[0].Text, "command: token ")+len("command: token "):])[0]
	box = len(f.outbox())
	res = f.ingest(plainMail(aliceAddr, "confirm", fmt.Sprintf("game: bourse-1\nplayer: alice\ncommand: token %s\n", code)))
	if res.Outcome != mail.Command {
		t.Fatalf("the code from alice's address: %s (%s)", res.Outcome, res.Reason)
	}
	ms = f.mails()[box:]
	if len(ms) != 1 || ms[0].To != aliceAddr {
		t.Fatalf("want one mail to alice, got %+v", ms)
	}
	i := strings.Index(ms[0].Text, "is:\n\n    ")
	if i < 0 {
		t.Fatalf("no token in the answer:\n%s", ms[0].Text)
	}
	tok := strings.Fields(ms[0].Text[i+len("is:"):])[0]
	if tokenWorks(t, f, "alice", old) || !tokenWorks(t, f, "alice", tok) {
		t.Errorf("after the request the old token should fail and the new one work")
	}
	if strings.Contains(res.Reason, tok) {
		t.Errorf("the log line holds the token: %s", res.Reason)
	}
	if res := f.ingest(plainMail(gmAddr, "token", "game: bourse-1\nplayer: gm\ncommand: token\n")); res.Outcome != mail.Rejected {
		t.Errorf("the GM's token by mail: %s (%s)", res.Outcome, res.Reason)
	}
}

// tokenWorks says whether token is player's now.
func tokenWorks(t *testing.T, f *fixture, player, token string) bool {
	t.Helper()
	var ok bool
	err := f.store.Update(context.Background(), func(tx *events.Tx) error {
		var err error
		ok, err = adjudicator.TokenMatches(context.Background(), tx, f.game, player, token)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// Answers continue the thread of the mail they answer ("Re: " and its
// subject); every report of a game threads under the game's set-up report
// to the same recipient, with the same subject.
func TestThreads(t *testing.T) {
	f := newFixture(t, nil)
	f.dispatch()
	player, file := f.orderFile()
	f.ingest(plainMail(addrOf(player), "Re: RE: my orders", file))
	noSubject := bytes.Replace(plainMail(addrOf(player), "x", "game: bourse-1\nplayer: "+player+"\ntoken: "+f.tokens[player]+"\ncommand: status\n"), []byte("Subject: x\r\n"), nil, 1)
	f.ingest(noSubject)
	roots := map[string]string{}
	for _, m := range f.mails() {
		switch {
		case m.Kind == mail.KindReport && m.Subject == "[bourse-1] game reports" || m.Subject == "[bourse-1] game reports (GM)":
			roots[m.To] = m.MessageID
		case m.Kind == mail.KindReport:
			if want := roots[m.To]; m.InReplyTo != want || !strings.HasPrefix(m.Subject, "Re: [bourse-1] game reports") {
				t.Errorf("report to %s: %q, In-Reply-To %q; want Re: and the set-up report %q", m.To, m.Subject, m.InReplyTo, want)
			}
			if !strings.Contains(m.Body, "Auto-Submitted: auto-generated") {
				t.Errorf("a report is not marked auto-generated")
			}
		case m.Kind == mail.KindAck:
			if m.Subject != "Re: my orders" {
				t.Errorf("the acknowledgement's subject is %q, want Re: my orders", m.Subject)
			}
		case m.Kind == mail.KindReply:
			if m.Subject != "Re: [bourse-1] status for "+player {
				t.Errorf("the answer to a mail without subject is %q", m.Subject)
			}
		}
	}
	if len(roots) != 3 {
		t.Errorf("set-up reports to %v, want alice, bob and the GM", roots)
	}
}

// An acknowledgement says what may still be changed, and only that.
func TestAcknowledgementNeverContradictsItself(t *testing.T) {
	f := newFixture(t, lenient())
	player, file := f.orderFile()
	res := f.ingest(plainMail(addrOf(player), "orders", file))
	if len(res.Closed) == 0 {
		t.Fatal("Trader orders close their step")
	}
	var ack string
	for _, m := range f.mails() {
		if m.Kind == mail.KindAck {
			ack = m.Text
		}
	}
	if !strings.Contains(ack, fmt.Sprintf("Step %d is resolved", res.Closed[0])) || strings.Contains(ack, "may send new orders") {
		t.Errorf("the acknowledgement of orders that closed their step:\n%s", ack)
	}
	// Standing orders may be changed at any time.
	g := f.load()
	other := "alice"
	if g.Awaiting()[0] == "alice" {
		other = "bob"
	}
	plan := fmt.Sprintf("game: bourse-1\nplayer: %s\ntoken: %s\norders:\n  - plan:\n      - buy: cheapest\n", other, f.tokens[other])
	if res := f.ingest(plainMail(addrOf(other), "plan", plan)); res.Outcome != mail.Accepted {
		t.Fatalf("plan: %s %s", res.Outcome, res.Reason)
	}
	ms := f.mails()
	if last := ms[len(ms)-1].Text; !strings.Contains(last, "standing orders at any time") || strings.Contains(last, "Until step") {
		t.Errorf("the acknowledgement of standing orders:\n%s", last)
	}
}

// A refusal for a game that is over does not ask for a corrected file.
func TestRefusalForAFinishedGame(t *testing.T) {
	f := newFixture(t, lenient())
	for {
		g := f.load()
		if g.Status.Finished {
			break
		}
		p := g.Awaiting()[0]
		if res := f.ingest(plainMail(addrOf(p), "orders", orderFileFor(t, g, p, f.tokens[p]))); res.Outcome != mail.Accepted {
			t.Fatalf("%s %s", res.Outcome, res.Reason)
		}
	}
	box := len(f.outbox())
	f.ingest(plainMail(aliceAddr, "more", "game: bourse-1\nplayer: alice\ntoken: "+f.tokens["alice"]+"\norders: [pass]\n"))
	ms := f.mails()[box:]
	if len(ms) != 1 || ms[0].Kind != mail.KindReject {
		t.Fatalf("want one refusal, got %+v", ms)
	}
	if text := ms[0].Text; strings.Contains(text, "corrected") || !strings.Contains(text, "The game is over") {
		t.Errorf("the refusal for a finished game:\n%s", text)
	}
}

// The serve log gives the whole reason of a refusal, and no token.
func TestLogShowsTheWholeReason(t *testing.T) {
	var buf bytes.Buffer
	f := newFixture(t, nil)
	f.svc.Ingester.Log = log.New(&buf, "", 0)
	player, file := f.orderFile()
	bad := file[:strings.Index(file, "orders:")] + "orders:\n  - fly: Paris\n"
	f.ingest(plainMail(addrOf(player), "orders", bad))
	line := buf.String()
	if !strings.Contains(line, "refused:") || !strings.Contains(line, "fly") || !strings.Contains(line, "line ") {
		t.Errorf("the log line does not give the reason in full: %q", line)
	}
	if strings.Contains(line, f.tokens[player]) {
		t.Errorf("the log line holds the token: %q", line)
	}
	// A token in a file that cannot be read is not logged either.
	buf.Reset()
	f.ingest(plainMail(addrOf(player), "orders", "game: bourse-1\nplayer: "+player+"\ntoken: "+f.tokens[player]+"\norders: [[[\n"))
	if strings.Contains(buf.String(), f.tokens[player]) {
		t.Errorf("the log line holds the token: %q", buf.String())
	}
}

// A right token from the wrong address: the player and the GM are told.
func TestWrongAddressTellsThePlayerAndTheGM(t *testing.T) {
	f := newFixture(t, nil)
	player, file := f.orderFile()
	f.ingest(plainMail("mallory@evil.test", "orders", file))
	for _, to := range []string{addrOf(player), gmAddr} {
		if got := f.mailsTo(to)[mail.KindNotice]; got != 1 {
			t.Errorf("%d notices to %s, want 1", got, to)
		}
	}
}

// The GM gets the refusals of a game's mail in one digest a day.
func TestGMDailyDigest(t *testing.T) {
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	f := newFixture(t, nil)
	f.setClock(&at)
	f.ingest(plainMail(aliceAddr, "oops", "game: bourse-1\nplayer: alice\ntoken: wrong\norders: [pass]\n"))
	f.ingest(plainMail("mallory@evil.test", "hi", "game: bourse-1\nplayer: bob\ntoken: x\ncommand: status\n"))
	digests := func() []queuedMail {
		var out []queuedMail
		for _, m := range f.mails() {
			if m.Kind == mail.KindGMDigest {
				out = append(out, m)
			}
		}
		return out
	}
	if n, err := f.svc.Ingester.GMDigests(context.Background()); n != 1 || err != nil {
		t.Fatalf("%d digests (%v), want the first at once", n, err)
	}
	d := digests()[0]
	if d.To != gmAddr || !strings.Contains(d.Text, "alice@example.test  refused: field token") || !strings.Contains(d.Text, "mallory@evil.test  ignored") {
		t.Errorf("the GM's digest:\n%s", d.Text)
	}
	at = at.Add(12 * time.Hour)
	f.ingest(plainMail(aliceAddr, "oops again", "game: bourse-1\nplayer: alice\ntoken: wrong\norders: [pass]\n"))
	if n, _ := f.svc.Ingester.GMDigests(context.Background()); n != 0 {
		t.Errorf("a second digest the same day")
	}
	at = at.Add(13 * time.Hour)
	if n, _ := f.svc.Ingester.GMDigests(context.Background()); n != 1 {
		t.Fatalf("no digest the next day")
	}
	if d := digests()[1]; !strings.Contains(d.Text, "21:00  alice@example.test  refused") || strings.Count(d.Text, "  refused:") != 1 {
		t.Errorf("the second digest:\n%s", d.Text)
	}
}

// Players are told when the GM changes the deadline, by mail or at the
// command line; a game seen for the first time is not told its history.
func TestDeadlineChangeIsMailed(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	if _, err := f.host.GM(ctx, f.game, adjudicator.GMAction{Action: "extend", Args: []string{"1d"}, Reason: "before serve ran"}); err != nil {
		t.Fatal(err)
	}
	f.dispatch()
	if n := f.mailsTo(aliceAddr)[mail.KindDeadline]; n != 0 {
		t.Errorf("%d deadline notices for a change made before serve first looked", n)
	}
	f.ingest(plainMail(gmAddr, "extend", fmt.Sprintf("game: bourse-1\nplayer: gm\ntoken: %s\ncommand: gm extend 24h\nreason: alice is travelling\n", f.tokens[""])))
	f.dispatch()
	if _, err := f.host.GM(ctx, f.game, adjudicator.GMAction{Action: "deadline", Args: []string{"none"}, Reason: "no hurry"}); err != nil {
		t.Fatal(err)
	}
	f.dispatch()
	f.dispatch()
	for _, addr := range []string{aliceAddr, bobAddr} {
		var texts []string
		for _, m := range f.mails() {
			if m.To == addr && m.Kind == mail.KindDeadline {
				texts = append(texts, strings.Join(strings.Fields(m.Text), " ")) // the notice's lines are wrapped
			}
		}
		if len(texts) != 2 || !strings.Contains(texts[0], "alice is travelling") || !strings.Contains(texts[1], "no deadline any more") {
			t.Errorf("deadline notices to %s: %q", addr, texts)
		}
	}
}

// Retention prunes received and sent mail rows, but keeps the rows of each
// game's latest report and anything not yet sent.
func TestRetentionPrunesOldMailRows(t *testing.T) {
	f := newFixture(t, lenient())
	f.dispatch()
	for _, raw := range f.turns(t, 3) {
		f.ingest(raw)
	}
	f.queue(2, "unsent")
	f.store.DB().Exec(`UPDATE outbox SET sent_at = created_at WHERE message_id NOT LIKE 'unsent%'`)
	count := func(q string) int {
		var n int
		f.store.DB().QueryRow(q).Scan(&n)
		return n
	}
	inbox, maxReport := count(`SELECT count(*) FROM inbox`), count(`SELECT max(step) FROM outbox WHERE kind = 'report'`)
	if inbox == 0 || maxReport < 2 {
		t.Fatalf("inbox %d, latest report %d", inbox, maxReport)
	}
	ctx := context.Background()
	if n, _ := mail.Prune(ctx, f.store, mail.Forever, time.Now().Add(1000*24*time.Hour)); n != 0 {
		t.Errorf("forever pruned %d rows", n)
	}
	if n, _ := mail.Prune(ctx, f.store, mail.Retention(mail.DefaultRetention), time.Now()); n != 0 {
		t.Errorf("pruned %d fresh rows", n)
	}
	n, err := mail.Prune(ctx, f.store, mail.Retention(mail.DefaultRetention), time.Now().Add(mail.DefaultRetention+time.Hour))
	if err != nil || n == 0 {
		t.Fatalf("pruned %d (%v)", n, err)
	}
	if got := count(`SELECT count(*) FROM inbox`); got != 0 {
		t.Errorf("%d received mails kept", got)
	}
	if got := count(`SELECT count(*) FROM outbox WHERE sent_at IS NULL`); got != 2 {
		t.Errorf("%d unsent mails kept, want 2", got)
	}
	if got := count(`SELECT count(*) FROM outbox WHERE kind = 'report' AND step = ` + strconv.Itoa(maxReport)); got != 3 {
		t.Errorf("%d rows of the latest report kept, want 3", got)
	}
	if got := count(`SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL AND kind != 'report'`); got != 0 {
		t.Errorf("%d other sent mails kept", got)
	}
	// The dispatcher does not report again what was reported.
	before := count(`SELECT count(*) FROM outbox`)
	f.open(lenient())
	f.dispatch()
	if got := count(`SELECT count(*) FROM outbox`); got != before {
		t.Errorf("after pruning, %d reports queued again", got-before)
	}
	if _, err := parseConfig([]byte("retention: 2h\n")); err == nil {
		t.Error("a retention under a day is taken")
	}
}

// A server that cannot be reached is tried again, then reported with what
// to check.
func TestCheckRetriesAnUnreachableServer(t *testing.T) {
	_, port, _ := net.SplitHostPort(mailtest.FreeAddr(t))
	p, _ := strconv.Atoi(port)
	var buf bytes.Buffer
	f := newFixture(t, &mail.Config{Address: taipanAddr, IMAP: &mail.Server{Host: "127.0.0.1", Port: p, TLS: "none", User: "taipan", Password: "hunter2"}})
	f.svc.Log = log.New(&buf, "", 0)
	_, err := f.svc.Check(context.Background(), 3, 10*time.Millisecond)
	var ce *mail.CheckError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "cannot be reached: check imap.host, imap.port and imap.tls") {
		t.Fatalf("Check: %v", err)
	}
	if n := strings.Count(buf.String(), "trying again"); n != 2 {
		t.Errorf("%d retries logged, want 2:\n%s", n, buf.String())
	}
	if strings.Contains(err.Error()+buf.String(), "hunter2") {
		t.Error("the password was printed")
	}
}
