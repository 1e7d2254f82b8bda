package mail_test

import (
	"context"
	"strings"
	"testing"

	"taipan/mail"
)

// A player forks a practice game by mail from a game they play: the
// answer names it and carries its token; its reports come by mail and say
// it is a practice game; the bot plays the other seat; the original's log
// is as it was. A stranger's fork is refused and writes nothing.
func TestForkByMail(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, lenient())
	before, err := f.store.Events(ctx, f.game)
	if err != nil {
		t.Fatal(err)
	}
	n := len(f.mails())
	res := f.mailOf(aliceAddr, "practice", "command: fork bourse-1\n")
	if res.Outcome != mail.Command {
		t.Fatalf("fork by mail: %s %s", res.Outcome, res.Reason)
	}
	answers := only(f.newMails(n), "", aliceAddr)
	var answer, report string
	for _, m := range answers {
		if strings.Contains(m.Text, "Created practice game bourse-1-practice-alice") {
			answer = m.Text
		}
		if strings.Contains(m.Subject, "bourse-1-practice-alice") && strings.Contains(m.Text, "Taipan report:") {
			report = m.Text
		}
	}
	if answer == "" || !strings.Contains(answer, "token: ") {
		t.Fatalf("no answer with the practice game's token among %d mails: %+v", len(answers), answers)
	}
	if !strings.Contains(strings.Join(strings.Fields(report), " "), "Practice game of alice, forked from game bourse-1 at its set-up: the bot plays every other seat") {
		t.Errorf("the practice game's report does not say what it is:\n%s", report)
	}
	after, err := f.store.Events(ctx, f.game)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) || after[len(after)-1].Hash != before[len(before)-1].Hash {
		t.Errorf("the fork changed the original's log: %d events, then %d", len(before), len(after))
	}
	g, err := f.host.Game(ctx, "bourse-1-practice-alice")
	if err != nil {
		t.Fatal(err)
	}
	if pl := g.Player("bob"); pl == nil || !pl.Bot || g.Practice == nil {
		t.Errorf("the practice game's bob: %+v, practice %+v", pl, g.Practice)
	}
	n = len(f.mails())
	if res := f.mailOf("mallory@example.test", "practice", "command: fork bourse-1\n"); res.Outcome != mail.Rejected || !strings.Contains(res.Reason, "holds no seat in game bourse-1") {
		t.Errorf("a stranger's fork: %s %s", res.Outcome, res.Reason)
	}
	if res := f.mailOf(bobAddr, "practice", "command: fork bourse-1\nstep: 1\nfresh: true\n"); res.Outcome != mail.Rejected || !strings.Contains(res.Reason, "not both") {
		t.Errorf("a fork from a step and a fresh set-up: %s %s", res.Outcome, res.Reason)
	}
	ids, err := f.store.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 2 {
		t.Errorf("games after the refused forks: %v", ids)
	}
}
