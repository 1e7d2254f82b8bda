package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"

	"taipan/adjudicator"
	"taipan/events/pgtest"
	"taipan/internal/testkit"
	"taipan/mail"
	"taipan/mail/mailtest"
)

// realServer is Dovecot + Postfix started by testdata/mailserver.sh.
type realServer struct{ *mailtest.Dovecot }

func TestMain(m *testing.M) {
	testkit.Main(func() int {
		defer mailtest.StopDovecot()
		defer pgtest.StopShared()
		return m.Run()
	})
}

// needRealServer starts the real mail server once for the package's tests
// and benchmarks (see mailtest.NeedDovecot).
func needRealServer(tb testing.TB) *realServer {
	tb.Helper()
	return &realServer{mailtest.NeedDovecot(tb)}
}

func password(user string) string { return mailtest.Password(user) }

// config is serve's configuration for Taipan's account on the server.
func (s *realServer) config() *mail.Config {
	return &mail.Config{
		Address: taipanAddr,
		IMAP: &mail.Server{Host: "localhost", Port: s.IMAP, TLS: "starttls", User: taipanAddr, Password: mail.Secret(password(taipanAddr)),
			CAFile: s.CAFile, Poll: mail.Duration(time.Minute)},
		SMTP: &mail.Server{Host: "localhost", Port: s.Submission, TLS: "starttls", User: taipanAddr, Password: mail.Secret(password(taipanAddr)),
			CAFile: s.CAFile},
		Tick: mail.Duration(100 * time.Millisecond),
	}
}

// send submits a mail as user to Taipan.
func (s *realServer) send(tb testing.TB, user string, raw []byte) {
	tb.Helper()
	s.Send(tb, user, []string{taipanAddr}, raw)
}

func (s *realServer) client(tb testing.TB, user string) *imapclient.Client {
	tb.Helper()
	return s.Client(tb, user)
}

func (s *realServer) clear(tb testing.TB, user string) {
	tb.Helper()
	s.Clear(tb, user)
}

func has(list []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, s := range list {
			if strings.Contains(s, w) {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// received is a mail as a user's mailbox holds it.
type received struct {
	mailtest.Received
	Text string // the decoded text
}

// String is what has() looks through: the subject and the text.
func (r received) String() string { return r.Subject + " | " + r.Text }

// mails lists the mails in a user's mailbox (nil if it does not exist).
func (s *realServer) mails(tb testing.TB, user, mailbox string) []received {
	tb.Helper()
	var out []received
	for _, m := range s.Mails(tb, user, mailbox, false) {
		r := received{Received: m}
		r.Text, _ = plainOf(m.Raw)
		out = append(out, r)
	}
	return out
}

// texts is has()'s view of a mailbox.
func texts(ms []received) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

// The whole mail path through real servers, once per store: order mails
// in over IMAP from Dovecot, answers and reports out through Dovecot's
// submission and Postfix, and the tools of a long campaign by mail (grey
// press, a check, an absence, command: games, the GM's pause).
func TestEndToEndWithDovecotAndPostfix(t *testing.T) {
	srv := needRealServer(t)
	t.Run("sqlite", func(t *testing.T) { endToEnd(t, srv, "") })
	t.Run("postgres", func(t *testing.T) { endToEnd(t, srv, pgtest.Get(t).NewDatabase(t)) })
}

func endToEnd(t *testing.T, srv *realServer, db string) {
	const carol = "carol@example.test"
	for _, u := range []string{taipanAddr, aliceAddr, bobAddr, gmAddr, carol} {
		srv.clear(t, u)
	}
	f := newFixtureOn(t, srv.config(), db, "press: grey\nobservers: ["+carol+"]\n")
	f.svc.Config.IMAP.Poll = mail.Duration(time.Minute) // IDLE must wake it
	// The tokens go out with the set-up reports, as after `taipan new`.
	ng := &adjudicator.NewGame{Game: f.load(), Tokens: f.tokens}
	if _, err := mail.QueueTokens(context.Background(), f.store, ng); err != nil {
		t.Fatal(err)
	}
	mails := f.turns(t, 3) // alice's turn 1, bob's turn 2, alice's turn 3
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { f.svc.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()

	testkit.Eventually(t, "alice's set-up report with her token", func() bool {
		return has(texts(srv.mails(t, aliceAddr, "INBOX")), "Your token for game bourse-1 (alice) is:\n\n    "+f.tokens["alice"])
	})
	srv.send(t, aliceAddr, mails[0])
	testkit.Eventually(t, "alice's acknowledgement", func() bool {
		return has(texts(srv.mails(t, aliceAddr, "INBOX")), "Re: orders | Your orders for step 1 of bourse-1 are accepted")
	})
	srv.send(t, bobAddr, plainMail(bobAddr, "oops", "game: bourse-1\nplayer: bob\ntoken: "+f.tokens["bob"]+"\norders:\n  - buy: [London\n"))
	testkit.Eventually(t, "bob's rejection", func() bool {
		return has(texts(srv.mails(t, bobAddr, "INBOX")), "Re: oops | Taipan could not accept")
	})
	// A check: answered, nothing submitted.
	check := strings.Replace(string(mails[1]), "orders:", "check: true\r\norders:", 1)
	check = strings.Replace(check, "Subject: orders", "Subject: check", 1)
	check = strings.Replace(check, "Message-ID: <", "Message-ID: <check.", 1)
	srv.send(t, bobAddr, []byte(check))
	testkit.Eventually(t, "bob's check", func() bool {
		return has(texts(srv.mails(t, bobAddr, "INBOX")), "Re: check | Checked, not submitted: your orders for step 2")
	})
	srv.send(t, bobAddr, mails[1])
	// Grey press from alice to everyone, in the file of her orders for
	// step 3: relayed when they close it to bob, the observer and the GM,
	// with alice's name and address in no header nor line of theirs but
	// the GM's.
	grey := []byte(strings.Replace(string(mails[2]), "orders:", "press: {text: \"The market turns tomorrow.\", grey: true}\r\norders:", 1))
	grey = []byte(strings.Replace(string(grey), "Message-ID: <", "Message-ID: <grey.", 1))
	srv.send(t, aliceAddr, grey)
	for _, who := range []string{bobAddr, carol, gmAddr} {
		testkit.Eventually(t, who+"'s grey press", func() bool {
			return has(texts(srv.mails(t, who, "INBOX")), "[bourse-1] grey press | Press in game bourse-1, step 3")
		})
	}
	for _, who := range []string{bobAddr, carol} {
		for _, m := range srv.mails(t, who, "INBOX") {
			if m.Subject != "[bourse-1] grey press" {
				continue
			}
			low := strings.ToLower(string(m.Raw))
			for _, leak := range []string{"alice", strings.ToLower(header(grey, "Message-ID")), "\r\nreply-to:"} {
				if strings.Contains(low, leak) {
					t.Errorf("%s's grey press, as the servers delivered it, holds %q:\n%s", who, leak, m.Raw)
				}
			}
			if !strings.Contains(low, "received:") {
				t.Errorf("%s's grey press has no Received header: not through the servers?\n%s", who, m.Raw)
			}
		}
	}
	// An absence, told to the others; the games of the observer; the GM's
	// pause, told to the players.
	away := plainMail(aliceAddr, "away", fmt.Sprintf("game: bourse-1\nplayer: alice\ntoken: %s\nabsence: {from: %s, until: %s, reason: sailing}\n",
		f.tokens["alice"], time.Now().UTC().Add(time.Hour).Format(time.RFC3339), time.Now().UTC().Add(24*time.Hour).Format(time.RFC3339)))
	srv.send(t, aliceAddr, away)
	srv.send(t, carol, plainMail(carol, "my games", "command: games\n"))
	pause := plainMail(gmAddr, "pause", "game: bourse-1\nplayer: gm\ntoken: "+f.tokens[""]+"\ncommand: gm pause\nreason: the GM is away\n")
	srv.send(t, gmAddr, pause)
	report := func(what string) string { return "Taipan report: bourse-1 (trader), " + what }
	want := map[string][]string{
		aliceAddr: {report("set-up"), "Re: orders", report("step 1"), report("step 2"), "Re: away | Your absence from", "[bourse-1] paused | The GM has paused game bourse-1"},
		bobAddr: {report("set-up"), "Re: oops", "Re: check", "Re: orders", report("step 1"), report("step 2"),
			"[bourse-1] alice will be away | alice will be away from", "[bourse-1] paused | The GM has paused"},
		gmAddr: {"[bourse-1] game reports (GM) | Welcome", "Re: [bourse-1] game reports (GM) | Taipan report: bourse-1 (trader), step 1", "(GM) | Taipan report: bourse-1 (trader), step 2",
			"from alice to everyone", "alice will be away", "Re: pause | Done: gm pause"},
		carol: {"(public) | Taipan report: bourse-1 (trader), step 2", "from someone (grey press)", "Re: my games | The games in which carol@example.test plays, observes or is the GM:\n\nbourse-1 (trader): you observe."},
	}
	for user, subjects := range want {
		var got []string
		ok := false
		defer func() {
			if !ok {
				t.Logf("%s has %q", user, subjectsOf(srv.mails(t, user, "INBOX")))
			}
		}()
		testkit.Eventually(t, user+"'s mail", func() bool {
			got = texts(srv.mails(t, user, "INBOX"))
			return has(got, subjects...)
		})
		ok = true
	}
	testkit.Eventually(t, "Taipan's inbox to be filed", func() bool {
		return len(srv.mails(t, taipanAddr, "INBOX")) == 0 &&
			len(srv.mails(t, taipanAddr, "Processed")) == 7 &&
			len(srv.mails(t, taipanAddr, "Rejected")) == 1
	})
	if got := ordersIn(t, f); got != 3 {
		t.Errorf("%d orders in the log, want 3", got)
	}
	if g := f.load(); !g.Paused || len(g.Last.Press) != 1 || g.Player("alice").Absences == nil {
		t.Errorf("the game after the mail: paused %v, step %d's press %v, alice's absences %v", g.Paused, g.Last.Step, g.Last.Press, g.Player("alice").Absences)
	}
	for user := range want {
		ms := srv.mails(t, user, "INBOX")
		// Nothing doubled: each mail arrived once.
		seen := map[string]int{}
		var root string
		for _, m := range ms {
			if seen[m.MessageID]++; seen[m.MessageID] > 1 {
				t.Errorf("%s got %q twice", user, m.Subject)
			}
			if strings.Contains(m.Text, "set-up") && !strings.HasPrefix(m.Subject, "Re:") {
				root = m.MessageID
			}
		}
		// Every later report threads under the set-up report.
		for _, m := range ms {
			if strings.HasPrefix(m.Subject, "Re: [bourse-1] game reports") && (len(m.InReplyTo) != 1 || m.InReplyTo[0] != root) {
				t.Errorf("%s: %q does not thread under the set-up report %s: In-Reply-To %v", user, m.Subject, root, m.InReplyTo)
			}
		}
	}
	// Sent, the tokens are no longer kept.
	for _, q := range f.outbox() {
		for _, tok := range f.tokens {
			if strings.Contains(q.Body, tok) {
				t.Errorf("a sent %s to %s still holds a token", q.Kind, q.To)
			}
		}
	}
}

// subjectsOf lists the subjects of mails.
func subjectsOf(ms []received) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Subject)
	}
	return out
}

// header is a header field of a raw message, without angle brackets.
func header(raw []byte, name string) string { return headerOf(string(raw), name) }
