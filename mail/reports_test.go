package mail_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/mail"
)

// bodyText is the decoded text of a queued mail (Taipan sends its text
// quoted-printable).
func bodyText(t testing.TB, raw string) string {
	t.Helper()
	text, err := plainOf([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// Observers get the public report of each closed step, and it shows nothing
// private: in Trader, nobody's money, where each player sees their own.
func TestObserversGetThePublicReport(t *testing.T) {
	f := newFixture(t, nil)
	const carol, dave = "carol@example.test", "dave@example.test"
	c, err := adjudicator.ParseCampaign([]byte(campaign("watched-1") + "observers: [" + carol + ", " + dave + "]\n"))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := f.host.Create(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	f.game, f.tokens = "watched-1", ng.Tokens
	player, file := f.orderFile()
	before := len(f.outbox())
	res := f.ingest(plainMail(addrOf(player), "orders", file))
	if res.Outcome != mail.Accepted || len(res.Closed) == 0 {
		t.Fatalf("%s (%s), closed %v: want accepted orders that close the step", res.Outcome, res.Reason, res.Closed)
	}
	step := res.Closed[len(res.Closed)-1]
	reports := map[string]string{} // by recipient
	for _, q := range f.outbox()[before:] {
		if q.Kind == mail.KindReport {
			reports[q.To] = bodyText(t, q.Body)
			if (q.To == carol || q.To == dave) != strings.HasSuffix(q.Subject, "(public)") {
				t.Errorf("report to %s has subject %q", q.To, q.Subject)
			}
		}
	}
	for _, to := range []string{aliceAddr, bobAddr, gmAddr, carol, dave} {
		if reports[to] == "" {
			t.Fatalf("no report for %s; reports went to %v", to, reports)
		}
	}
	// Exactly the observers' view of the game as it was at the close.
	evs, err := f.store.Events(context.Background(), f.game)
	if err != nil {
		t.Fatal(err)
	}
	g, err := adjudicator.ReplayUntil(f.host.Games, evs, step)
	if err != nil {
		t.Fatal(err)
	}
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	want, err := r.Text(g, engine.Observer)
	if err != nil {
		t.Fatal(err)
	}
	if got := reports[carol]; got != strings.ReplaceAll(want, "\r\n", "\n") {
		t.Errorf("the observer's report is not the public view:\n%s\nwant:\n%s", got, want)
	}
	if reports[dave] != reports[carol] {
		t.Error("the two observers got different reports")
	}
	// Money: the GM sees everyone's, a player only their own, an observer
	// nobody's.
	money := func(report, name string) bool {
		return regexp.MustCompile(`(?m)^\s*` + name + `: -?\d+ million`).MatchString(report)
	}
	for _, name := range []string{"alice", "bob"} {
		if !money(reports[gmAddr], name) {
			t.Errorf("the GM's report does not show %s's money:\n%s", name, reports[gmAddr])
		}
		if money(reports[carol], name) {
			t.Errorf("the public report shows %s's money:\n%s", name, reports[carol])
		}
		if !strings.Contains(reports[carol], name+": money hidden") {
			t.Errorf("the public report does not list %s with money hidden:\n%s", name, reports[carol])
		}
	}
	if !money(reports[aliceAddr], "alice") || money(reports[aliceAddr], "bob") {
		t.Errorf("alice's report should show her money and not bob's:\n%s", reports[aliceAddr])
	}
}

// The game a change keeps for its step's reports is let go once they are
// queued, also when another worker on the same database queued them.
func TestHeldGamesAreLetGo(t *testing.T) {
	f := newFixture(t, nil)
	// A game without deadlines, so that a look at it after the other
	// worker's finds nothing owed by the marks alone.
	c, err := adjudicator.ParseCampaign([]byte(strings.Replace(campaign("quiet-1"), "deadline: 72h\n", "", 1)))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := f.host.Create(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	f.game, f.tokens = "quiet-1", ng.Tokens
	other := &fixture{t: t, path: f.path, dir: t.TempDir(), game: f.game, tokens: f.tokens}
	other.open(nil)
	// Both workers have looked at the game once (its set-up reports).
	for _, x := range []*fixture{f, other} {
		if err := x.svc.Dispatcher.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	player, file := f.orderFile()
	res, err := f.svc.Ingester.Ingest(context.Background(), plainMail(addrOf(player), "orders", file))
	if err != nil || res == nil || res.Outcome != mail.Accepted || len(res.Closed) == 0 {
		t.Fatalf("%v, %+v: want accepted orders that close the step", err, res)
	}
	if f.svc.Dispatcher.Held() != 1 {
		t.Fatalf("%d games held after a closing, want 1", f.svc.Dispatcher.Held())
	}
	if err := other.svc.Dispatcher.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	reports := 0
	for _, q := range f.outbox() {
		if q.Kind == mail.KindReport && strings.Contains(q.Subject, "Re: ") {
			reports++
		}
	}
	if reports != 3 {
		t.Errorf("%d reports of the step queued by the other worker, want 3 (alice, bob, the GM)", reports)
	}
	before := len(f.outbox())
	if err := f.svc.Dispatcher.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := f.svc.Dispatcher.Held(); n != 0 {
		t.Errorf("%d games still held once the other worker queued the reports", n)
	}
	if after := len(f.outbox()); after != before {
		t.Errorf("the first worker queued %d more mails after the other had queued the reports", after-before)
	}
}
