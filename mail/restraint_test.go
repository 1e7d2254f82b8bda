package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"taipan/mail"
)

// setClock makes the fixture's service run on a clock the test moves.
func (f *fixture) setClock(at *time.Time) {
	clock := func() time.Time { return *at }
	f.host.Now, f.svc.Outbox.Now = clock, clock
}

// mailsTo counts the queued mails to addr by kind.
func (f *fixture) mailsTo(addr string) map[string]int {
	f.t.Helper()
	out := map[string]int{}
	for _, q := range f.outbox() {
		if q.To == addr {
			out[q.Kind]++
		}
	}
	return out
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// A flood of 1,000 mails of each kind the issue measured gives at most a
// handful of replies, an hour's digest included, and no more events than
// the limits allow; but a player's own mail, with the right token from the
// right address, is owed an answer each time, however many.
func TestFloodGetsAHandfulOfReplies(t *testing.T) {
	const flood = 200 // twenty times every limit: enough to show a flood is held
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	at := start
	type scenario struct {
		name  string
		mails func(f *fixture, i int) []byte
		// who must get at most a handful
		watch []string
		// who sent authentic mail, and is owed an answer to each
		owed string
	}
	for _, sc := range []scenario{
		{"a forged From with a wrong token", func(f *fixture, i int) []byte {
			return plainMail(aliceAddr, "orders", "game: bourse-1\nplayer: alice\ntoken: 00000000000000000000000000000000\norders: [pass]\n")
		}, []string{aliceAddr}, ""},
		{"a forged From without an order file", func(f *fixture, i int) []byte {
			return plainMail(aliceAddr, "hello", "hello there")
		}, []string{aliceAddr}, ""},
		{"alice's token from a stranger", func(f *fixture, i int) []byte {
			return plainMail("mallory@evil.test", "orders", "game: bourse-1\nplayer: alice\ntoken: "+f.tokens["alice"]+"\ncommand: status\n")
		}, []string{aliceAddr, gmAddr, "mallory@evil.test"}, ""},
		{"alice's token from a thousand strangers", func(f *fixture, i int) []byte {
			return plainMail(fmt.Sprintf("m%d@evil.test", i), "orders", "game: bourse-1\nplayer: alice\ntoken: "+f.tokens["alice"]+"\ncommand: status\n")
		}, []string{aliceAddr, gmAddr}, ""},
		{"status commands", func(f *fixture, i int) []byte {
			return plainMail(aliceAddr, "status?", "game: bourse-1\nplayer: alice\ntoken: "+f.tokens["alice"]+"\ncommand: history\n")
		}, []string{gmAddr}, aliceAddr},
		{"plan-only files", func(f *fixture, i int) []byte {
			return plainMail(bobAddr, "plan", "game: bourse-1\nplayer: bob\ntoken: "+f.tokens["bob"]+"\norders:\n  - plan:\n      - buy: cheapest\n")
		}, []string{aliceAddr, gmAddr}, bobAddr},
	} {
		t.Run(sc.name, func(t *testing.T) {
			at = start
			f := newFixture(t, nil)
			f.setClock(&at)
			box := len(f.outbox())
			events := f.eventCount()
			for i := 0; i < flood; i++ {
				f.ingest(sc.mails(f, i))
			}
			at = start.Add(time.Hour) // the hour is over: the digests go
			if _, err := f.svc.Ingester.SendDigests(context.Background()); err != nil {
				t.Fatal(err)
			}
			for _, who := range sc.watch {
				got := map[string]int{}
				for _, q := range f.outbox()[box:] {
					if q.To == who {
						got[q.Kind]++
					}
				}
				if total(got) > 12 {
					t.Errorf("%d mails to %s (%v): more than a handful", total(got), who, got)
				}
				t.Logf("%s: %d mails (%v)", who, total(got), got)
			}
			if sc.owed != "" {
				got := map[string]int{}
				for _, q := range f.outbox()[box:] {
					if q.To == sc.owed {
						got[q.Kind]++
					}
				}
				if got[mail.KindAck]+got[mail.KindReject]+got[mail.KindReply] != flood || got[mail.KindDigest] != 0 {
					t.Errorf("%s sent %d authentic mails and got %v: each is owed its own answer", sc.owed, flood, got)
				}
			}
			if added := f.eventCount() - events; added > mail.DefaultFilesPerStep {
				t.Errorf("%d events from %d mails, more than the %d files a player may send for a step", added, flood, mail.DefaultFilesPerStep)
			}
		})
	}
}

// Past the hourly limit answers are held, and go out in one digest once
// the hour is over.
func TestAnswersOverTheLimitGoInOneDigest(t *testing.T) {
	at := time.Date(2026, 12, 1, 10, 20, 0, 0, time.UTC)
	cfg := &mail.Config{Address: taipanAddr, Limits: mail.Limits{QuietAfter: 1000}}
	f := newFixture(t, cfg)
	f.setClock(&at)
	for i := 0; i < 30; i++ {
		f.ingest(plainMail(aliceAddr, fmt.Sprintf("try %d", i), "game: bourse-1\nplayer: alice\ntoken: wrong\norders: [pass]\n"))
	}
	if got := f.mailsTo(aliceAddr); got[mail.KindReject] != mail.DefaultAnswersPerHour || got[mail.KindDigest] != 0 {
		t.Fatalf("in the hour: %v, want %d refusals", got, mail.DefaultAnswersPerHour)
	}
	if n, _ := f.svc.Ingester.SendDigests(context.Background()); n != 0 {
		t.Errorf("a digest went before the hour was over")
	}
	at = at.Add(40 * time.Minute)
	if n, err := f.svc.Ingester.SendDigests(context.Background()); n != 1 || err != nil {
		t.Fatalf("%d digests (%v), want 1", n, err)
	}
	if n, _ := f.svc.Ingester.SendDigests(context.Background()); n != 0 {
		t.Errorf("a second digest of the same answers")
	}
	box := f.outbox()
	digest := bodyText(t, box[len(box)-1].Body)
	if !strings.Contains(digest, `"try 10": refused: field token`) || !strings.Contains(digest, `"try 29"`) || strings.Contains(digest, `"try 9"`) {
		t.Errorf("the digest does not list the 20 answers held:\n%s", digest)
	}
	// A new hour: answered again.
	f.ingest(plainMail(aliceAddr, "again", "game: bourse-1\nplayer: alice\ntoken: wrong\norders: [pass]\n"))
	if got := f.mailsTo(aliceAddr)[mail.KindReject]; got != mail.DefaultAnswersPerHour+1 {
		t.Errorf("in the next hour: %d refusals, want %d", got, mail.DefaultAnswersPerHour+1)
	}
}

// After a run of refusals an address is quiet for a while; an accepted
// file ends the run.
func TestQuietAfterRefusalsInARow(t *testing.T) {
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	f := newFixture(t, nil)
	f.setClock(&at)
	junk := func() []byte { return plainMail(aliceAddr, "out of office", "I am away until Monday.") }
	refusals := func() int { return f.mailsTo(aliceAddr)[mail.KindReject] }
	for i := 0; i < mail.DefaultQuietAfter-1; i++ {
		f.ingest(junk())
	}
	// An accepted file ends the run.
	player, file := f.orderFile()
	if player != "alice" {
		t.Fatalf("alice should move first, not %s", player)
	}
	if res := f.ingest(plainMail(aliceAddr, "orders", file)); res.Outcome != mail.Accepted {
		t.Fatalf("orders: %s %s", res.Outcome, res.Reason)
	}
	for i := 0; i < mail.DefaultQuietAfter-1; i++ {
		f.ingest(junk())
	}
	if got := refusals(); got != 2*(mail.DefaultQuietAfter-1) {
		t.Fatalf("%d refusals, want %d: an accepted file ends a run", got, 2*(mail.DefaultQuietAfter-1))
	}
	f.ingest(junk()) // the last one answered says so
	box := f.outbox()
	if last := box[len(box)-1]; !strings.Contains(bodyText(t, last.Body), "sends it no more refusals") {
		t.Errorf("the refusal that makes the address quiet does not say so:\n%s", bodyText(t, last.Body))
	}
	before := refusals()
	res := f.ingest(junk())
	if refusals() != before || !strings.Contains(res.Reason, "not answered") {
		t.Errorf("a quiet address was answered (%s)", res.Reason)
	}
	at = at.Add(mail.DefaultQuietFor + time.Minute)
	f.ingest(junk())
	if refusals() != before+1 {
		t.Errorf("the address is still quiet after %v", mail.DefaultQuietFor)
	}
}

// With the receiving server's Authentication-Results trusted, a mail whose
// From it did not authenticate is refused outright, unanswered.
func TestAuthenticationResults(t *testing.T) {
	cfg := &mail.Config{Address: taipanAddr, Authentication: &mail.AuthCheck{AuthservID: "mx.example.test"}}
	f := newFixture(t, cfg)
	player, file := f.orderFile()
	ar := func(v string) string { return "Authentication-Results: " + v }
	box := len(f.outbox())
	for _, c := range []struct {
		name    string
		headers []string
	}{
		{"no header", nil},
		{"dmarc fails", []string{ar("mx.example.test; spf=pass smtp.mailfrom=evil.test; dkim=none; dmarc=fail header.from=example.test")}},
		{"the sender's own header", []string{ar("mx.evil.test; dmarc=pass header.from=example.test")}},
		{"ours below the sender's", []string{ar("mx.example.test; dmarc=fail header.from=example.test"), ar("mx.example.test; dmarc=pass header.from=example.test")}},
		{"dmarc passes for another domain", []string{ar("mx.example.test; dmarc=pass header.from=evil.test")}},
	} {
		res := f.ingest(plainMail(addrOf(player), "orders", file, c.headers...))
		if res.Outcome != mail.Ignored || !strings.Contains(res.Reason, "not authenticated") {
			t.Errorf("%s: %s (%s), want ignored as not authenticated", c.name, res.Outcome, res.Reason)
		}
	}
	if got := len(f.outbox()); got != box {
		t.Errorf("%d answers to unauthenticated mail", got-box)
	}
	res := f.ingest(plainMail(addrOf(player), "orders", file,
		ar("mx.example.test (Postfix);\r\n  spf=pass (sender SPF authorized) smtp.mailfrom=example.test;\r\n  dkim=pass header.d=example.test header.s=s1;\r\n  dmarc=pass (p=reject) header.from=example.test")))
	if res.Outcome != mail.Accepted {
		t.Errorf("an authenticated mail: %s (%s)", res.Outcome, res.Reason)
	}
}

func TestAuthCheckMethods(t *testing.T) {
	for _, c := range []struct {
		require []string
		header  string
		ok      bool
	}{
		{nil, "mx.example.test; dmarc=pass header.from=example.test", true},
		{nil, "mx.example.test 1; dmarc=pass", true},
		{nil, "mx.example.test; dkim=pass header.d=example.test", false},
		{[]string{"dkim"}, "mx.example.test; dkim=pass header.d=example.test", true},
		{[]string{"dkim"}, "mx.example.test; dkim=pass header.i=@mail.example.test", true},
		{[]string{"dkim"}, "mx.example.test; dkim=pass header.d=other.test", false},
		{[]string{"spf", "dkim"}, "mx.example.test; spf=pass smtp.mailfrom=bounce@example.test", true},
		{[]string{"spf"}, "mx.example.test; spf=softfail smtp.mailfrom=example.test", false},
		{[]string{"spf"}, `MX.Example.Test; spf=pass (a comment; with a semicolon) smtp.mailfrom="alice@example.test"`, true},
	} {
		a := &mail.AuthCheck{AuthservID: "mx.example.test", Require: c.require}
		cfg := &mail.Config{Authentication: a}
		if err := cfg.Normalize(); err != nil {
			t.Fatal(err)
		}
		if why := a.Check([]string{c.header}, "alice@example.test"); (why == "") != c.ok {
			t.Errorf("require %v, %q: %q, want ok=%v", c.require, c.header, why, c.ok)
		}
	}
	if _, err := parseConfig([]byte("authentication: {require: [dmarc]}\n")); err == nil {
		t.Error("an authentication setting without authserv_id is taken")
	}
	if _, err := parseConfig([]byte("authentication: {authserv_id: mx, require: [arc]}\n")); err == nil {
		t.Error("an unknown method is taken")
	}
}

// The embedded listener takes long lines and a mail over the size limit,
// and answers the latter with Taipan's own refusal instead of an SMTP
// error.
func TestListenerAnswersBigMailItself(t *testing.T) {
	f := newFixture(t, nil)
	l := f.svc.Listener
	bound, err := l.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	addr := bound.String()
	player, file := f.orderFile()
	long := plainMail(addrOf(player), "orders", file+"\n"+strings.Repeat("x", 3000)+"\n")
	if err := mail.SendTo(addr, addrOf(player), []string{taipanAddr}, long); err != nil {
		t.Fatalf("a 3,000-byte line: %v", err)
	}
	if got := ordersIn(t, f); got != 1 {
		t.Errorf("the mail with a long line: %d orders in, want 1", got)
	}
	box := len(f.outbox())
	big := plainMail(addrOf(player), "a novel", file+"\n"+strings.Repeat("All work and no play.\n", 1<<20/22+1))
	if err := mail.SendTo(addr, addrOf(player), []string{taipanAddr}, big); err != nil {
		t.Fatalf("a 1 MiB mail: %v", err)
	}
	var refusal string
	for _, q := range f.outbox()[box:] {
		if q.Kind == mail.KindReject {
			refusal = bodyText(t, q.Body)
		}
	}
	if !strings.Contains(refusal, "the limit is") {
		t.Errorf("no refusal giving the size for the 1 MiB mail: %q", refusal)
	}
}

// A corrected mail that reuses the Message-ID of an earlier one is taken as
// a new mail, and its answer says so; the same mail again is only a
// duplicate.
func TestCorrectedMailReusingAMessageID(t *testing.T) {
	f := newFixture(t, lenient())
	player, file := f.orderFile()
	withID := func(body string) []byte {
		raw := string(plainMail(addrOf(player), "orders", body))
		i := strings.Index(raw, "Message-ID: <")
		j := strings.Index(raw[i:], ">")
		return []byte(raw[:i] + "Message-ID: <same@example.test" + raw[i+j:])
	}
	bad := strings.Replace(file, "orders:", "orders:\n  - fly: Paris", 1)
	if res := f.ingest(withID(bad)); res.Outcome != mail.Rejected {
		t.Fatalf("the bad file: %s (%s)", res.Outcome, res.Reason)
	}
	if res := f.ingest(withID(bad)); !res.Duplicate {
		t.Errorf("the same mail again: %+v, want a duplicate", res)
	}
	box := len(f.outbox())
	res := f.ingest(withID(file))
	if res.Outcome != mail.Accepted || res.Duplicate {
		t.Fatalf("the corrected file under the same Message-ID: %+v, want accepted", res)
	}
	ack := f.outbox()[box]
	if ack.Kind != mail.KindAck || !strings.Contains(bodyText(t, ack.Body), "Message-ID of an earlier mail") {
		t.Errorf("the answer does not say the Message-ID was reused: %s\n%s", ack.Kind, bodyText(t, ack.Body))
	}
	if res := f.ingest(withID(file)); !res.Duplicate {
		t.Errorf("the corrected mail again: %+v, want a duplicate", res)
	}
}
