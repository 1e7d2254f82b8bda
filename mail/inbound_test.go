package mail_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/mail"
)

func TestAcceptedOrdersAreAcknowledged(t *testing.T) {
	f := newFixture(t, nil)
	before := f.eventCount()
	player, file := f.orderFile()
	res := f.ingest(plainMail(addrOf(player), "my orders", "Hello Taipan,\n\n"+file+"\n-- \nAlice\n"))
	if res.Outcome != mail.Accepted {
		t.Fatalf("outcome %s (%s), want accepted", res.Outcome, res.Reason)
	}
	if got := f.eventCount(); got <= before {
		t.Fatalf("events %d → %d: nothing appended", before, got)
	}
	box := f.outbox()
	if len(box) == 0 || box[0].Kind != mail.KindAck || box[0].To != addrOf(player) {
		t.Fatalf("outbox = %+v, want an acknowledgement first", box)
	}
	if !strings.Contains(box[0].Body, "Auto-Submitted: auto-replied") || !strings.Contains(box[0].Body, "In-Reply-To: <m") {
		t.Errorf("ack lacks threading headers:\n%s", box[0].Body)
	}
	if len(res.Closed) > 0 {
		var reports int
		for _, q := range box {
			if q.Kind == mail.KindReport {
				reports++
			}
		}
		if reports != 3 { // alice, bob, the GM
			t.Errorf("%d reports queued, want 3: %+v", reports, box)
		}
	}
}

// Each bad input leaves the log as it was.
func TestBadInput(t *testing.T) {
	f := newFixture(t, lenient())
	player, good := f.orderFile()
	other := "bob"
	if player == "bob" {
		other = "alice"
	}
	g := f.load()
	big := strings.Repeat("x", 300<<10)
	bomb := func() []byte {
		var b strings.Builder
		b.WriteString("From: " + addrOf(player) + "\r\nTo: " + taipanAddr + "\r\nSubject: bomb\r\nMessage-ID: <bomb@example.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n")
		for i := 0; i < 200; i++ {
			fmt.Fprintf(&b, "--b0\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=a%d.bin\r\nContent-Transfer-Encoding: base64\r\n\r\n%s\r\n", i, base64.StdEncoding.EncodeToString([]byte("AAAA")))
		}
		b.WriteString("--b0--\r\n")
		return []byte(b.String())
	}
	nested := func() []byte {
		var b strings.Builder
		b.WriteString("From: " + addrOf(player) + "\r\nTo: " + taipanAddr + "\r\nSubject: nested\r\nMessage-ID: <nested@example.test>\r\nMIME-Version: 1.0\r\n")
		for i := 0; i < 30; i++ {
			fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=n%d\r\n\r\n--n%d\r\n", i, i)
		}
		b.WriteString("Content-Type: text/plain\r\n\r\n" + good + "\r\n")
		for i := 29; i >= 0; i-- {
			fmt.Fprintf(&b, "--n%d--\r\n", i)
		}
		return []byte(b.String())
	}
	cases := []struct {
		name    string
		raw     []byte
		outcome mail.Outcome
		reply   bool   // a reply to the sender is queued
		want    string // in the reply
	}{
		{"spoofed From with a stolen token", plainMail("mallory@evil.test", "orders", good), mail.Ignored, false, ""},
		{"another player's address", plainMail(addrOf(other), "orders", good), mail.Rejected, true, "address on record"},
		{"wrong token", plainMail(addrOf(player), "orders", strings.Replace(good, f.tokens[player], "0123456789abcdef0123456789abcdef", 1)), mail.Rejected, true, "wrong token"},
		{"unknown game", plainMail(addrOf(player), "orders", strings.Replace(good, "game: bourse-1", "game: nosuch-9", 1)), mail.Rejected, true, "no game"},
		{"stale step", plainMail(addrOf(player), "orders", strings.Replace(good, fmt.Sprintf("step: %d", g.Step), fmt.Sprintf("step: %d", g.Step+5), 1)), mail.Rejected, true, "stale"},
		{"malformed YAML", plainMail(addrOf(player), "orders", "game: bourse-1\nplayer: "+player+"\ntoken: x\norders:\n  - buy: [London\n"), mail.Rejected, true, "line"},
		{"not your turn", plainMail(addrOf(other), "orders", strings.Replace(strings.Replace(good, "player: "+player, "player: "+other, 1), f.tokens[player], f.tokens[other], 1)), mail.Rejected, true, "no orders to give"},
		{"huge mail", plainMail(addrOf(player), "orders", good+"\n"+big), mail.Rejected, true, "limit"},
		{"HTML only", []byte(strings.Replace(string(plainMail(addrOf(player), "orders", "<p>"+good+"</p>")), "text/plain", "text/html", 1)), mail.Rejected, true, "HTML"},
		{"attachment bomb", bomb(), mail.Rejected, true, "parts"},
		{"nesting bomb", nested(), mail.Rejected, true, "nested"},
		{"mail loop: our own address", plainMail(taipanAddr, "orders", good), mail.Ignored, false, ""},
		{"auto-reply", plainMail(addrOf(player), "Out of office", good, "Auto-Submitted: auto-replied"), mail.Ignored, false, ""},
		{"list mail", plainMail(addrOf(player), "digest", good, "Precedence: bulk"), mail.Ignored, false, ""},
		{"bounce", plainMail("MAILER-DAEMON@example.test", "Undelivered Mail", good), mail.Ignored, false, ""},
		{"no order file", plainMail(addrOf(player), "hi", "Just saying hello."), mail.Rejected, true, "no order file"},
		{"stranger without order file", plainMail("someone@else.test", "hi", "hello"), mail.Ignored, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, box := f.eventCount(), len(f.outbox())
			res := f.ingest(c.raw)
			if res.Outcome != c.outcome {
				t.Errorf("outcome %s (%s), want %s", res.Outcome, res.Reason, c.outcome)
			}
			if got := f.eventCount(); got != before {
				t.Errorf("the log changed: %d → %d events", before, got)
			}
			after := f.outbox()[box:]
			var replies []string
			for _, q := range after {
				if q.Kind == mail.KindReject {
					replies = append(replies, q.Body)
				}
			}
			if c.reply != (len(replies) == 1) {
				t.Fatalf("replies %d, want reply=%v; outbox: %+v", len(replies), c.reply, after)
			}
			if c.reply && !strings.Contains(replies[0], c.want) {
				t.Errorf("reply does not say %q:\n%s", c.want, replies[0])
			}
			if c.reply && strings.Contains(replies[0], f.tokens[player]) {
				t.Errorf("the reply repeats the token")
			}
		})
	}
	// The stolen token warned its owner.
	var warned bool
	for _, q := range f.outbox() {
		if q.Kind == mail.KindNotice && q.To == addrOf(player) {
			warned = true
		}
	}
	if !warned {
		t.Error("the owner of the token used from another address was not warned")
	}
	// And the good file still goes through.
	if res := f.ingest(plainMail(addrOf(player), "orders", good)); res.Outcome != mail.Accepted {
		t.Errorf("good orders after the bad: %s (%s)", res.Outcome, res.Reason)
	}
}

func TestSameMessageTwice(t *testing.T) {
	f := newFixture(t, nil)
	player, file := f.orderFile()
	raw := plainMail(addrOf(player), "orders", file)
	if res := f.ingest(raw); res.Outcome != mail.Accepted {
		t.Fatalf("first: %s %s", res.Outcome, res.Reason)
	}
	n, box := f.eventCount(), len(f.outbox())
	res := f.ingest(raw)
	if !res.Duplicate || res.Outcome != mail.Accepted {
		t.Errorf("second: %+v, want a duplicate filed as accepted", res)
	}
	if f.eventCount() != n || len(f.outbox()) != box {
		t.Errorf("the second delivery changed something")
	}
}

func TestCommands(t *testing.T) {
	f := newFixture(t, nil)
	env := func(player, token, cmd string) string {
		return fmt.Sprintf("game: bourse-1\nplayer: %s\ntoken: %s\ncommand: %s\n", player, token, cmd)
	}
	for _, c := range []struct{ cmd, want string }{
		{"status", "Waiting for"},
		{"report", "Taipan report"},
		{"history", "set-up"},
		{"rules", "buy"},
	} {
		before := len(f.outbox())
		res := f.ingest(plainMail(aliceAddr, c.cmd, env("alice", f.tokens["alice"], c.cmd)))
		if res.Outcome != mail.Command {
			t.Fatalf("%s: %s (%s)", c.cmd, res.Outcome, res.Reason)
		}
		box := f.outbox()[before:]
		if len(box) != 1 || box[0].Kind != mail.KindReply || !strings.Contains(box[0].Body, c.want) {
			t.Errorf("%s: reply %+v does not contain %q", c.cmd, box, c.want)
		}
	}
	// GM by mail: extend the deadline, with a reason.
	n := f.eventCount()
	deadline := f.load().Deadline
	res := f.ingest(plainMail(gmAddr, "extend", env("gm", f.tokens[""], "gm extend 24h")+"reason: alice is travelling\n"))
	if res.Outcome != mail.Command {
		t.Fatalf("gm extend: %s (%s)", res.Outcome, res.Reason)
	}
	g := f.load()
	if f.eventCount() != n+1 || !g.Deadline.After(deadline) {
		t.Errorf("gm extend did not move the deadline: %v → %v", deadline, g.Deadline)
	}
	if len(g.Notes) == 0 || !strings.Contains(g.Notes[len(g.Notes)-1].Text, "alice is travelling") {
		t.Errorf("the reason is not in the notes: %+v", g.Notes)
	}
	// Without a reason, from the wrong address, with a player's token: refused.
	for name, raw := range map[string][]byte{
		"no reason":     plainMail(gmAddr, "extend", env("gm", f.tokens[""], "gm extend 24h")),
		"wrong address": plainMail(aliceAddr, "extend", env("gm", f.tokens[""], "gm extend 24h")+"reason: x\n"),
		"player token":  plainMail(gmAddr, "extend", env("gm", f.tokens["alice"], "gm extend 24h")+"reason: x\n"),
	} {
		n := f.eventCount()
		if res := f.ingest(raw); res.Outcome != mail.Rejected {
			t.Errorf("%s: %s, want rejected", name, res.Outcome)
		}
		if f.eventCount() != n {
			t.Errorf("%s: the log changed", name)
		}
	}
}

// IngestAll takes mails for several games in one transaction and, when one
// fails, takes them one by one: it keeps the mails before the one that
// failed and leaves that one and the rest for later.
func TestIngestAllBatches(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, nil)
	c, err := adjudicator.ParseCampaign([]byte(campaign("second-1")))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := f.host.Create(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	second := &fixture{t: t, store: f.store, host: f.host, svc: f.svc, tokens: ng.Tokens, game: "second-1"}
	a := f.turns(t, 2)
	g := second.load()
	p := g.Awaiting()[0]
	b := plainMail(addrOf(p), "orders", orderFileFor(t, g, p, ng.Tokens[p]))
	in := f.svc.Ingester
	read := func(raws ...[]byte) []*mail.Inbound {
		var ms []*mail.Inbound
		for _, raw := range raws {
			ms = append(ms, in.Read(raw, len(raw)))
		}
		return ms
	}
	orders := func() int { return ordersIn(t, f) + ordersIn(t, second) }
	// A database failure on the second mail, which shares a transaction
	// with the first (another game's).
	if _, err := f.store.DB().Exec(`CREATE TRIGGER fail_one BEFORE INSERT ON inbox WHEN NEW.message_id = '` + in.Read(b, len(b)).MessageID + `'
		BEGIN SELECT RAISE(ABORT, 'injected failure'); END`); err != nil {
		t.Fatal(err)
	}
	res, err := in.IngestAll(ctx, read(a[0], b, a[1]))
	if err == nil || len(res) != 1 || res[0].Outcome != mail.Accepted {
		t.Fatalf("IngestAll = %d results, %v; want the first mail accepted and an error", len(res), err)
	}
	if got := orders(); got != 1 {
		t.Errorf("%d orders in the logs, want 1", got)
	}
	if _, err := f.store.DB().Exec(`DROP TRIGGER fail_one`); err != nil {
		t.Fatal(err)
	}
	res, err = in.IngestAll(ctx, read(a[0], b, a[1]))
	if err != nil {
		t.Fatal(err)
	}
	if !res[0].Duplicate || res[1].Outcome != mail.Accepted || res[2].Outcome != mail.Accepted {
		t.Errorf("results %+v %+v %+v: want the first seen before, the others accepted", res[0], res[1], res[2])
	}
	if got := orders(); got != 3 {
		t.Errorf("%d orders in the logs, want 3", got)
	}
}

// A seat handed to someone else takes mail from the new address only, also
// once the roster has been read (and kept) before the change.
func TestReplacedPlayerByMail(t *testing.T) {
	f := newFixture(t, nil)
	env := func(player, token, cmd string) string {
		return fmt.Sprintf("game: bourse-1\nplayer: %s\ntoken: %s\ncommand: %s\n", player, token, cmd)
	}
	if res := f.ingest(plainMail(aliceAddr, "status", env("alice", f.tokens["alice"], "status"))); res.Outcome != mail.Command {
		t.Fatalf("status: %s (%s)", res.Outcome, res.Reason)
	}
	const carol = "carol@example.test"
	res := f.ingest(plainMail(gmAddr, "replace", env("gm", f.tokens[""], "gm replace alice carol "+carol)+"reason: alice moved away\n"))
	if res.Outcome != mail.Command {
		t.Fatalf("gm replace: %s (%s)", res.Outcome, res.Reason)
	}
	if res := f.ingest(plainMail(aliceAddr, "status", env("alice", f.tokens["alice"], "status"))); res.Outcome == mail.Command {
		t.Errorf("alice is still answered after her seat went to carol")
	}
	res = f.ingest(plainMail(carol, "status", env("carol", "wrong-token", "status")))
	if res.Outcome != mail.Rejected || !strings.Contains(res.Reason, "token") {
		t.Errorf("carol with a wrong token: %s (%s), want refused for the token", res.Outcome, res.Reason)
	}
}

// The acknowledgements of a transaction's mails are written beside it and
// queued at its end: a refused mail between accepted ones of its game
// (its savepoint undone) changes nothing and gets its refusal; a failure
// to queue one acknowledgement, at the commit, fails the whole batch,
// which is then taken one by one, keeping the mails before the failing
// one. In the end every mail is taken in once, with its orders, and
// answered once, in the order the mails came.
func TestBatchAnswersEachMailOnce(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, nil)
	a := f.turns(t, 3)
	g := f.load()
	p := g.Awaiting()[0]
	bad := plainMail(addrOf(p), "orders", orderFileFor(t, g, p, strings.Repeat("0", 32)))
	in := f.svc.Ingester
	raws := [][]byte{a[0], bad, a[1], a[2]}
	ids := make([]string, len(raws))
	for i, raw := range raws {
		ids[i] = in.Read(raw, len(raw)).MessageID
	}
	read := func() []*mail.Inbound {
		var ms []*mail.Inbound
		for _, raw := range raws {
			ms = append(ms, in.Read(raw, len(raw)))
		}
		return ms
	}
	before := f.eventCount()
	if _, err := f.store.DB().Exec(`CREATE TRIGGER fail_ack BEFORE INSERT ON outbox
		WHEN instr(CAST(NEW.body AS TEXT), 'In-Reply-To: <` + ids[2] + `>') > 0
		BEGIN SELECT RAISE(ABORT, 'injected failure'); END`); err != nil {
		t.Fatal(err)
	}
	res, err := in.IngestAll(ctx, read())
	if err == nil || len(res) != 2 || res[0].Outcome != mail.Accepted || res[1].Outcome != mail.Rejected {
		t.Fatalf("IngestAll = %d results, %v; want the first accepted, the second refused and an error", len(res), err)
	}
	if got := ordersIn(t, f); got != 1 {
		t.Errorf("%d orders in the log, want 1", got)
	}
	if _, err := f.store.DB().Exec(`DROP TRIGGER fail_ack`); err != nil {
		t.Fatal(err)
	}
	res, err = in.IngestAll(ctx, read())
	if err != nil {
		t.Fatal(err)
	}
	if !res[0].Duplicate || !res[1].Duplicate || res[2].Outcome != mail.Accepted || res[3].Outcome != mail.Accepted {
		t.Errorf("results %+v %+v %+v %+v: want two seen before, two accepted", res[0], res[1], res[2], res[3])
	}
	if got := ordersIn(t, f); got != 3 {
		t.Errorf("%d orders in the log, want 3", got)
	}
	// The refusal appended nothing: the log grew by the orders and what
	// they closed, as the scratch game's did.
	if f.eventCount() == before {
		t.Error("nothing appended")
	}
	answers := map[string][]string{}
	var order []string
	for _, q := range f.mails() {
		if q.Kind == mail.KindAck || q.Kind == mail.KindReject {
			answers[q.InReplyTo] = append(answers[q.InReplyTo], q.Kind)
			order = append(order, q.InReplyTo)
		}
	}
	for i, want := range []string{mail.KindAck, mail.KindReject, mail.KindAck, mail.KindAck} {
		if got := answers[ids[i]]; len(got) != 1 || got[0] != want {
			t.Errorf("mail %d answered %v, want one %s", i, got, want)
		}
	}
	if !slices.Equal(order, ids) {
		t.Errorf("answers queued in the order %v, want %v", order, ids)
	}
}
