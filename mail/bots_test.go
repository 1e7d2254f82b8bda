package mail_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

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

// With civil_disorder_play: bot, the GM is told by mail that the bot plays
// a seat that fell into civil disorder, and the players' mailed reports
// say whose seat it played.
func TestCivilDisorderPlayedByTheBotByMail(t *testing.T) {
	f := newFixture(t, nil)
	f.newGame("cd-bot", "civil_disorder: 1\ncivil_disorder_play: bot\n")
	at := time.Now().Add(73 * time.Hour)
	f.setClock(&at)
	if _, err := f.host.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.dispatch()
	notices := only(f.mails(), mail.KindDisorder, gmAddr)
	if len(notices) != 1 || !strings.Contains(strings.Join(strings.Fields(notices[0].Text), " "), "From now on the game's bot plays for them without waiting") {
		t.Fatalf("the GM's notice of civil disorder: %v", notices)
	}
	// bob's turn, then alice's: the bot played it the moment bob sent his.
	g := f.load()
	if !slices.Equal(g.Awaiting(), []string{"bob"}) {
		t.Fatalf("awaiting %v", g.Awaiting())
	}
	n := len(f.mails())
	player, file := f.orderFile()
	if res := f.mailOf(addrOf(player), "orders", file); res.Outcome != mail.Accepted {
		t.Fatalf("bob's orders: %s %s", res.Outcome, res.Reason)
	}
	f.dispatch()
	said := false
	for _, m := range only(f.newMails(n), "", bobAddr) {
		said = said || strings.Contains(m.Text, "alice's seat was played by the game's bot.")
	}
	if !said {
		t.Errorf("no report to bob says the bot played alice's seat: %+v", only(f.newMails(n), "", bobAddr))
	}
	if g := f.load(); !g.Player("alice").Disorder || !slices.Equal(g.Awaiting(), []string{"bob"}) {
		t.Errorf("after the bot's turn: alice %+v, awaiting %v", g.Player("alice"), g.Awaiting())
	}
}
