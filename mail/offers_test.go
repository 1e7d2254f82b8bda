package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/mail"
)

// An offer put on the table in Shanghai Trader's Collusion Phase is
// mailed to its addressee alone, once, with how to answer it; the answer
// mailed back settles it in the same step, and nobody else is told.
func TestOfferToldToItsAddresseeByMail(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, lenient())
	carolAddr := "carol@example.test"
	c, err := adjudicator.ParseCampaign([]byte(fmt.Sprintf(`id: harbour-1
game: shanghai-trader
players:
  - {name: alice, email: %s}
  - {name: bob, email: %s}
  - {name: carol, email: %s}
gm: %s
seed: "%s"
deadline: 72h
setup: {year: 2, collusion: true, initiative: [alice, bob, carol], players: {alice: {owns: [TP-02a, TP-09a, R9]}, bob: {owns: [W-15a, TP-09b]}}}
`, aliceAddr, bobAddr, carolAddr, gmAddr, testSeed)))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := f.host.Create(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	file := func(player, lines string) string {
		return fmt.Sprintf("game: harbour-1\nplayer: %s\ntoken: %s\norders:\n%s", player, ng.Tokens[player], lines)
	}
	f.dispatch()
	g, err := f.host.Game(ctx, "harbour-1")
	if err != nil {
		t.Fatal(err)
	}
	collusion := g.Step
	if res := f.mailOf(aliceAddr, "orders", file("alice", "  - offer: {to: bob, give: [TP-02a], get: [W-15a]}\n")); res.Outcome != mail.Accepted {
		t.Fatalf("alice's offer: %s %s", res.Outcome, res.Reason)
	}
	f.dispatch()
	f.dispatch() // looking again tells nothing twice
	offers := only(f.mails(), mail.KindOffer, "")
	if len(offers) != 1 || offers[0].To != bobAddr {
		t.Fatalf("offer notices: %+v, want one to bob", offers)
	}
	if want := "alice offers you TP-02a for W-15a (answer it with accept: alice or decline: alice)."; !strings.Contains(offers[0].Text, want) {
		t.Errorf("bob's notice does not carry the offer %q:\n%s", want, offers[0].Text)
	}
	if res := f.mailOf(bobAddr, "orders", file("bob", "  - accept: alice\n")); res.Outcome != mail.Accepted {
		t.Fatalf("bob's answer: %s %s", res.Outcome, res.Reason)
	}
	f.dispatch()
	if n := len(only(f.mails(), mail.KindOffer, "")); n != 1 {
		t.Errorf("%d offer notices after bob answered, want still 1", n)
	}
	if res := f.mailOf(carolAddr, "orders", file("carol", "  - exchange: none\n")); res.Outcome != mail.Accepted {
		t.Fatalf("carol's file: %s %s", res.Outcome, res.Reason)
	}
	f.dispatch()
	if g, err = f.host.Game(ctx, "harbour-1"); err != nil {
		t.Fatal(err)
	}
	if g.Step != collusion+1 {
		t.Fatalf("the Collusion Phase (step %d) did not close in one round: step %d open", collusion, g.Step)
	}
	var report string
	for _, m := range only(f.mails(), mail.KindReport, bobAddr) {
		if strings.Contains(m.Text, "bob accepts alice's offer (TP-02a for W-15a).") {
			report = m.Text
		}
	}
	if report == "" {
		t.Errorf("bob's report of the Collusion Phase does not tell the accepted offer")
	}
}
