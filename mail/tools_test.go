package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/mail"
)

// The tools of a long campaign by mail: press, check-only files,
// absences, the games of an address, civil disorder, and the GM's pause,
// resume, grace and rollback.

const carolAddr = "carol@example.test" // an observer

// newGame creates another game in f, from the test campaign with extra
// lines, and makes it f's game.
func (f *fixture) newGame(id, extra string) {
	f.t.Helper()
	c, err := adjudicator.ParseCampaign([]byte(campaign(id) + extra))
	if err != nil {
		f.t.Fatal(err)
	}
	ng, err := f.host.Create(context.Background(), c)
	if err != nil {
		f.t.Fatal(err)
	}
	f.game, f.tokens = id, ng.Tokens
}

// file is an order file of player for f's game, with the player's token
// and the given lines.
func (f *fixture) file(player, lines string) string {
	tok := f.tokens[player]
	if player == "gm" {
		tok = f.tokens[""]
	}
	return fmt.Sprintf("game: %s\nplayer: %s\ntoken: %s\n%s", f.game, player, tok, lines)
}

// mailOf ingests a mail of player's file from addr and returns the result.
func (f *fixture) mailOf(addr, subject, file string) *mail.Result {
	f.t.Helper()
	return f.ingest(plainMail(addr, subject, file))
}

// newMails are the mails queued since the outbox held n.
func (f *fixture) newMails(n int) []queuedMail {
	ms := f.mails()
	if n > len(ms) {
		return nil
	}
	return ms[n:]
}

// only filters mails by kind and recipient ("" for any).
func only(ms []queuedMail, kind, to string) []queuedMail {
	var out []queuedMail
	for _, m := range ms {
		if (kind == "" || m.Kind == kind) && (to == "" || m.To == to) {
			out = append(out, m)
		}
	}
	return out
}

func (f *fixture) countEvents(kind string) int {
	f.t.Helper()
	evs, err := f.store.Events(context.Background(), f.game)
	if err != nil {
		f.t.Fatal(err)
	}
	n := 0
	for _, e := range evs {
		if e.Kind == kind {
			n++
		}
	}
	return n
}

// Press mailed by a player is logged, acknowledged, and relayed from the
// games' address to its recipients only, never showing the sender's
// address; press to everyone also reaches the observers and the GM. A
// file whose orders are refused sends no press either.
func TestPressByMail(t *testing.T) {
	f := newFixture(t, nil)
	f.newGame("press-1", "observers: ["+carolAddr+"]\n")
	n := len(f.mails())
	res := f.mailOf(aliceAddr, "a word", f.file("alice", "press: {to: [bob], text: \"Meet me in Paris.\"}\n"))
	if res.Outcome != mail.Accepted {
		t.Fatalf("private press: %s %s", res.Outcome, res.Reason)
	}
	ms := f.newMails(n)
	if acks := only(ms, mail.KindAck, aliceAddr); len(acks) != 1 || !strings.Contains(acks[0].Text, "Your press to bob is relayed") {
		t.Errorf("alice's acknowledgement: %v", acks)
	}
	relays := only(ms, mail.KindPress, "")
	if len(relays) != 1 || relays[0].To != bobAddr {
		t.Fatalf("private press relayed to %v, want bob alone", relays)
	}
	r := relays[0]
	if !strings.Contains(r.Text, "from alice to bob") || !strings.Contains(r.Text, "    Meet me in Paris.") {
		t.Errorf("bob's relay:\n%s", r.Text)
	}
	if strings.Contains(r.Body, aliceAddr) || !strings.Contains(headerOf(r.Body, "From"), "<"+taipanAddr) || headerOf(r.Body, "Reply-To") != "" {
		t.Errorf("the relay shows alice's address or is not from the games' address:\n%s", r.Body)
	}
	if f.countEvents(adjudicator.KindPress) != 1 {
		t.Errorf("%d press events, want 1", f.countEvents(adjudicator.KindPress))
	}

	// To everyone: the other players, the observers and the GM.
	n = len(f.mails())
	f.mailOf(bobAddr, "all", f.file("bob", "press: {text: Hello all}\n"))
	var to []string
	for _, m := range only(f.newMails(n), mail.KindPress, "") {
		to = append(to, m.To)
	}
	if strings.Join(to, " ") != strings.Join([]string{aliceAddr, carolAddr, gmAddr}, " ") {
		t.Errorf("press to everyone relayed to %v", to)
	}

	// Press with orders that are refused: nothing is sent, nothing logged.
	n, events := len(f.mails()), f.eventCount()
	res = f.mailOf(aliceAddr, "bad", f.file("alice", "step: 1\npress: {to: bob, text: hi}\norders:\n  - buy: Atlantis\n"))
	if res.Outcome != mail.Rejected || f.eventCount() != events || len(only(f.newMails(n), mail.KindPress, "")) != 0 {
		t.Errorf("a refused file's press: %s, %d events more, relays %v", res.Outcome, f.eventCount()-events, only(f.newMails(n), mail.KindPress, ""))
	}
	// Press the campaign does not allow is refused, naming the setting.
	res = f.mailOf(aliceAddr, "grey", f.file("alice", "press: {to: bob, text: hi, grey: true}\n"))
	if res.Outcome != mail.Rejected || !strings.Contains(res.Reason, "no grey press") {
		t.Errorf("grey press in a game without it: %s %s", res.Outcome, res.Reason)
	}
}

// Press sent at the command line or on the web (anything in the log) is
// relayed too, once, by the dispatcher.
func TestPressFromTheCommandLineIsRelayed(t *testing.T) {
	f := newFixture(t, nil)
	f.dispatch()
	if _, _, err := f.host.Press(context.Background(), f.game, adjudicator.PressOrder{From: "gm", Text: "Welcome, traders."}, adjudicator.SubmitOptions{Trusted: true}); err != nil {
		t.Fatal(err)
	}
	f.dispatch()
	f.dispatch()
	relays := only(f.mails(), mail.KindPress, "")
	if len(relays) != 2 || relays[0].To != aliceAddr || relays[1].To != bobAddr || !strings.Contains(relays[0].Text, "from the GM to everyone") {
		t.Errorf("the GM's press relayed as %v", relays)
	}
}

// Grey press names its sender to nobody but the GM: not in the relay's
// text, nor in any header (Message-ID, In-Reply-To, References, no
// Reply-To), nor in the event's actor, which the public export shows. It
// is relayed, and logged, when its step closes.
func TestGreyPressHidesTheSender(t *testing.T) {
	f := newFixture(t, nil)
	f.newGame("grey-1", "press: grey\n")
	sent := plainMail(aliceAddr, "psst", f.file("alice", "press: {text: \"Bob cheats.\", grey: true}\n"))
	res := f.ingest(sent)
	if res.Outcome != mail.Accepted {
		t.Fatalf("grey press: %s %s", res.Outcome, res.Reason)
	}
	if relays := only(f.mails(), mail.KindPress, ""); len(relays) != 0 {
		t.Fatalf("grey press relayed before its step closed: %d mails", len(relays))
	}
	if player, file := f.orderFile(); f.ingest(plainMail(addrOf(player), "orders", file)).Outcome != mail.Accepted {
		t.Fatal("the orders that close the step were refused")
	}
	relays := only(f.mails(), mail.KindPress, "")
	if len(relays) != 2 {
		t.Fatalf("grey press to everyone relayed %d times, want bob and the GM", len(relays))
	}
	for _, r := range relays {
		switch r.To {
		case bobAddr:
			for _, leak := range []string{"alice", headerOf(string(sent), "Message-ID")} {
				if strings.Contains(strings.ToLower(r.Body), strings.ToLower(leak)) {
					t.Errorf("bob's grey press holds %q:\n%s", leak, r.Body)
				}
			}
			if headerOf(r.Body, "Reply-To") != "" || !strings.Contains(r.Text, "from someone (grey press)") {
				t.Errorf("bob's grey press:\n%s", r.Body)
			}
		case gmAddr:
			if !strings.Contains(r.Text, "from alice to everyone") {
				t.Errorf("the GM's copy does not name the sender:\n%s", r.Text)
			}
		default:
			t.Errorf("grey press relayed to %s", r.To)
		}
	}
	// The log: the actor names nobody, the withheld payload the sender.
	evs, err := f.store.Events(context.Background(), f.game)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := adjudicator.Public(f.load(), evs)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range pub {
		if e.Kind != adjudicator.KindPress {
			continue
		}
		if e.Actor == "alice" || !e.Redacted() || strings.Contains(string(e.Payload), "alice") {
			t.Errorf("the public export of grey press: actor %q, payload %s", e.Actor, e.Payload)
		}
		if !strings.Contains(string(evs[i].Payload), `"from":"alice"`) {
			t.Errorf("the log's grey press does not name its sender in its payload: %s", evs[i].Payload)
		}
	}
	// Reports still show it: to bob unsigned, to the GM signed.
	g := f.load()
	if len(g.Last.Press) != 1 || g.Last.Press[0].From != "alice" || g.Last.Press[0].SenderFor("bob") == "alice" {
		t.Errorf("the step's press: %+v", g.Last.Press)
	}
}

// Observers get public press, and send neither orders nor press.
func TestObserversMayNotSendOrdersOrPress(t *testing.T) {
	f := newFixture(t, nil)
	f.newGame("watched-2", "observers: ["+carolAddr+"]\n")
	player, orders := f.orderFile()
	events := f.eventCount()
	for _, file := range []string{
		orders, // a player's file, from the observer's address
		f.file("carol", "press: {text: hello}\n"),
		f.file(player, "press: {text: hello}\n"),
	} {
		n := len(f.mails())
		res := f.mailOf(carolAddr, "me too", file)
		if res.Outcome != mail.Rejected || !strings.Contains(res.Reason, "observes game watched-2") {
			t.Errorf("observer's file: %s %s\n%s", res.Outcome, res.Reason, file)
		}
		if refusals := only(f.newMails(n), mail.KindReject, carolAddr); len(refusals) != 1 || !strings.Contains(refusals[0].Text, "send neither orders nor press") {
			t.Errorf("the observer's refusal: %v", refusals)
		}
	}
	if f.eventCount() != events {
		t.Errorf("an observer's mail changed the log")
	}
}

// check: true is answered with the game's reading of the orders, or their
// mistakes, and nothing is logged, relayed or counted.
func TestCheckOnlyByMail(t *testing.T) {
	f := newFixture(t, lenient())
	player, file := f.orderFile()
	events := f.eventCount()
	n := len(f.mails())
	res := f.mailOf(addrOf(player), "check", strings.Replace(file, "orders:", "check: true\npress: {text: hi}\norders:", 1))
	if res.Outcome != mail.Command || f.eventCount() != events {
		t.Fatalf("check: %s %s, %d events more", res.Outcome, res.Reason, f.eventCount()-events)
	}
	ms := f.newMails(n)
	if len(ms) != 1 || ms[0].Kind != mail.KindReply || !strings.Contains(ms[0].Text, "Checked, not submitted: your orders for step 1") ||
		!strings.Contains(ms[0].Text, "Checked, not sent: your press") || !strings.Contains(ms[0].Text, "without check: true") {
		t.Errorf("the answer to a check: %v", ms)
	}
	res = f.mailOf(addrOf(player), "check", f.file(player, "check: true\nstep: 1\norders:\n  - buy: Atlantis\n"))
	if res.Outcome != mail.Rejected || f.eventCount() != events {
		t.Errorf("a bad check: %s %s", res.Outcome, res.Reason)
	}
	if ms := f.newMails(n + 1); len(ms) != 1 || !strings.Contains(ms[0].Text, "checked (check: true), nothing submitted") || !strings.Contains(ms[0].Text, "line 7") {
		t.Errorf("the refusal of a check: %v", ms)
	}
	if g := f.load(); len(g.Open) != 0 || len(g.Press) != 0 {
		t.Errorf("a check left orders %v or press %v", g.Open, g.Press)
	}
	// The file sent for real is still taken: nothing was counted.
	if res := f.mailOf(addrOf(player), "orders", file); res.Outcome != mail.Accepted {
		t.Errorf("the same file without check: %s %s", res.Outcome, res.Reason)
	}
}

// An absence is recorded and answered, the deadline that falls in it
// moves, and the other players and the GM are told.
func TestAbsenceByMail(t *testing.T) {
	f := newFixture(t, nil)
	g := f.load()
	from, until := g.Deadline.Add(-time.Hour).Truncate(time.Second), g.Deadline.Add(48*time.Hour).Truncate(time.Second)
	n := len(f.mails())
	res := f.mailOf(aliceAddr, "away", f.file("alice", fmt.Sprintf("absence: {from: %s, until: %s, reason: sailing}\n", from.Format(time.RFC3339), until.Format(time.RFC3339))))
	if res.Outcome != mail.Accepted {
		t.Fatalf("absence: %s %s", res.Outcome, res.Reason)
	}
	ms := f.newMails(n)
	if acks := only(ms, mail.KindAck, aliceAddr); len(acks) != 1 || !strings.Contains(acks[0].Text, "Your absence from") || !strings.Contains(acks[0].Text, adjudicator.FormatTime(until)) {
		t.Errorf("alice's answer: %v", acks)
	}
	var told []string
	for _, m := range only(ms, mail.KindAbsence, "") {
		told = append(told, m.To)
		if !strings.Contains(m.Text, "alice will be away from") || !strings.Contains(m.Text, "(sailing)") {
			t.Errorf("the notice to %s:\n%s", m.To, m.Text)
		}
	}
	if strings.Join(told, " ") != bobAddr+" "+gmAddr {
		t.Errorf("absence told to %v, want bob and the GM", told)
	}
	if got := f.load().Deadline; !got.Equal(until) {
		t.Errorf("the deadline is %v, want the absence's end %v", got, until)
	}
	f.dispatch() // told once
	if n := len(only(f.mails(), mail.KindAbsence, "")); n != 2 {
		t.Errorf("%d absence notices after a dispatch, want 2", n)
	}
}

// command: games lists the games an address plays, observes or runs, with
// each one's open step, deadline and whether it is awaited; an address no
// game knows gets nothing.
func TestGamesCommand(t *testing.T) {
	f := newFixture(t, nil)
	first := f.game
	f.newGame("other-1", "observers: ["+carolAddr+"]\n")
	f.mailOf(gmAddr, "pause", f.file("gm", "command: gm pause\nreason: holidays\n"))
	for _, tc := range []struct {
		from string
		want []string
	}{
		{aliceAddr, []string{first + " (trader): you play alice.", "other-1 (trader): you play alice.", "Step 1 is open", "Deadline: ", "You are awaited: alice's orders are due.", "The GM has paused the game: no deadline runs."}},
		{bobAddr, []string{"This step does not wait for bob."}},
		{gmAddr, []string{first + " (trader): you are the GM.", "other-1 (trader): you are the GM."}},
		{carolAddr, []string{"other-1 (trader): you observe."}},
	} {
		n := len(f.mails())
		res := f.mailOf(tc.from, "games?", "command: games\n")
		ms := f.newMails(n)
		if res.Outcome != mail.Command || len(ms) != 1 || ms[0].To != tc.from {
			t.Fatalf("games from %s: %s %s, answers %v", tc.from, res.Outcome, res.Reason, ms)
		}
		for _, w := range tc.want {
			if !strings.Contains(ms[0].Text, w) {
				t.Errorf("games for %s lacks %q:\n%s", tc.from, w, ms[0].Text)
			}
		}
		if tc.from == carolAddr && strings.Contains(ms[0].Text, first) {
			t.Errorf("carol is told of a game she is not in:\n%s", ms[0].Text)
		}
	}
	n := len(f.mails())
	if res := f.mailOf("mallory@example.test", "games?", "command: games\n"); res.Outcome != mail.Ignored || len(f.newMails(n)) != 0 {
		t.Errorf("a stranger's command: games: %s, %d answers", res.Outcome, len(f.newMails(n)))
	}
}

// A player who misses the campaign's civil_disorder steps in a row is put
// in civil disorder, and the GM is told by mail.
func TestCivilDisorderIsToldToTheGM(t *testing.T) {
	f := newFixture(t, nil)
	f.newGame("cd-1", "civil_disorder: 1\n")
	at := time.Now().Add(73 * time.Hour)
	f.setClock(&at)
	if _, err := f.host.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.dispatch()
	notices := only(f.mails(), mail.KindDisorder, "")
	if len(notices) != 1 || notices[0].To != gmAddr || !strings.Contains(notices[0].Text, "fell into civil disorder") || !strings.Contains(notices[0].Text, "gm replace alice") {
		t.Fatalf("the GM's notice of civil disorder: %v", notices)
	}
	f.dispatch()
	if n := len(only(f.mails(), mail.KindDisorder, "")); n != 1 {
		t.Errorf("%d notices after a second look, want 1", n)
	}
}

// The GM pauses and resumes by mail: the players are told, no reminder
// and no deadline notice goes out while the game is paused, and the
// resume tells the deadline the step has again.
func TestPauseAndResumeByMail(t *testing.T) {
	f := newFixture(t, &mail.Config{Address: taipanAddr, Reminder: mail.Duration(24 * time.Hour)})
	f.dispatch()
	at := time.Now()
	f.setClock(&at)
	deadline := f.load().Deadline
	res := f.mailOf(gmAddr, "pause", f.file("gm", "command: gm pause\nreason: the GM is ill\n"))
	if res.Outcome != mail.Command || !f.load().Paused {
		t.Fatalf("pause by mail: %s %s", res.Outcome, res.Reason)
	}
	if told := only(f.mails(), mail.KindGMNotice, ""); len(told) != 2 || !strings.Contains(told[0].Text, "has paused game bourse-1") || !strings.Contains(told[0].Text, "the GM is ill") {
		t.Errorf("the players told of the pause: %v", told)
	}
	// Near the old deadline, and past it: no reminder, and no close.
	at = deadline.Add(-time.Hour)
	f.dispatch()
	f.mailOf(gmAddr, "extend", f.file("gm", "command: gm extend 2d\nreason: still ill\n"))
	at = deadline.Add(time.Hour)
	if _, err := f.host.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.dispatch()
	if m := f.mailsTo(aliceAddr); m[mail.KindReminder]+m[mail.KindDeadline] != 0 || f.load().Step != 1 {
		t.Errorf("while paused: %d reminders, %d deadline notices, step %d", m[mail.KindReminder], m[mail.KindDeadline], f.load().Step)
	}
	res = f.mailOf(gmAddr, "resume", f.file("gm", "command: gm resume\nreason: better\n"))
	if res.Outcome != mail.Command || f.load().Paused {
		t.Fatalf("resume by mail: %s %s", res.Outcome, res.Reason)
	}
	told := only(f.mails(), mail.KindGMNotice, aliceAddr)
	if len(told) != 2 || !strings.Contains(told[1].Text, "has resumed game bourse-1") || !strings.Contains(told[1].Text, "Deadline: "+adjudicator.FormatTime(f.load().Deadline)) {
		t.Errorf("the players told of the resume: %v", told)
	}
	at = f.load().Deadline.Add(-time.Hour)
	f.dispatch()
	if n := f.mailsTo(aliceAddr)[mail.KindReminder]; n != 1 {
		t.Errorf("%d reminders once resumed, want 1", n)
	}
}

// The GM sets a grace period by mail, and the players are told.
func TestGraceByMail(t *testing.T) {
	f := newFixture(t, nil)
	res := f.mailOf(gmAddr, "grace", f.file("gm", "command: gm grace 12h\nreason: slow post\n"))
	if res.Outcome != mail.Command || f.load().Grace != 12*time.Hour {
		t.Fatalf("grace by mail: %s %s, grace %v", res.Outcome, res.Reason, f.load().Grace)
	}
	if told := only(f.mails(), mail.KindGMNotice, bobAddr); len(told) != 1 || !strings.Contains(told[0].Text, "grace period of game bourse-1 to 12h") {
		t.Errorf("bob told of the grace: %v", told)
	}
}

// The GM rolls back by mail: the answer says so, and the reports of the
// step rolled back to go out again at once, as new mail.
func TestRollbackByMail(t *testing.T) {
	f := newFixture(t, lenient())
	for i := 0; i < 2; i++ {
		p, file := f.orderFile()
		if res := f.mailOf(addrOf(p), "orders", file); res.Outcome != mail.Accepted {
			t.Fatalf("orders: %s %s", res.Outcome, res.Reason)
		}
	}
	n := len(f.mails())
	res := f.mailOf(gmAddr, "rollback", f.file("gm", "command: gm rollback 1\nreason: a misdeal\n"))
	if res.Outcome != mail.Command || f.load().Step != 2 {
		t.Fatalf("rollback by mail: %s %s, step %d", res.Outcome, res.Reason, f.load().Step)
	}
	ms := f.newMails(n)
	if replies := only(ms, mail.KindReply, gmAddr); len(replies) != 1 || !strings.Contains(replies[0].Text, "Done: gm rollback 1 (reason: a misdeal)") {
		t.Errorf("the GM's answer: %v", replies)
	}
	reports := only(ms, mail.KindReport, "")
	if len(reports) != 3 {
		t.Fatalf("%d reports after the rollback, want step 1's again to alice, bob and the GM", len(reports))
	}
	for _, r := range reports {
		if !strings.Contains(r.Text, "step 1") || !strings.Contains(r.Text, "rolled the game back to the end of step 1") {
			t.Errorf("the report to %s after the rollback:\n%s", r.To, r.Text)
		}
	}
}
