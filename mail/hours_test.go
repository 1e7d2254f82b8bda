package mail_test

import (
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/mail"
)

// A player sets their time zone and quiet hours by mail; a wrong zone is
// refused with the field and changes nothing; the reminder then comes
// before the quiet hours it would have fallen in, and shows the deadline
// in the player's zone, and once only.
func TestHoursByMail(t *testing.T) {
	f := newFixture(t, &mail.Config{Address: taipanAddr, Reminder: mail.Duration(24 * time.Hour)})
	f.dispatch()
	at := time.Now()
	f.setClock(&at)
	events := f.eventCount()
	res := f.mailOf(aliceAddr, "hours", f.file("alice", "command: hours Mars/Olympus 22:00-07:00\n"))
	if res.Outcome != mail.Rejected || !strings.Contains(res.Reason, "field command: zone \"Mars/Olympus\" is not a time zone") {
		t.Fatalf("a wrong zone: %s %q", res.Outcome, res.Reason)
	}
	res = f.mailOf(aliceAddr, "hours", f.file("alice", "command: hours Europe/Berlin 25:00-07:00\n"))
	if res.Outcome != mail.Rejected || !strings.Contains(res.Reason, "HH:MM-HH:MM") || f.eventCount() != events {
		t.Fatalf("wrong hours: %s %q, %d events (was %d)", res.Outcome, res.Reason, f.eventCount(), events)
	}
	g := f.load()
	// Quiet hours around the moment the reminder is due: a day before
	// the deadline, in Berlin.
	due := g.Deadline.Add(-24 * time.Hour).In(mustZone(t, "Europe/Berlin"))
	from, to := due.Add(-time.Hour), due.Add(2*time.Hour)
	quiet := from.Format("15:04") + "-" + to.Format("15:04")
	res = f.mailOf(aliceAddr, "hours", f.file("alice", "command: hours Europe/Berlin "+quiet+"\n"))
	if res.Outcome != mail.Command || f.eventCount() != events+1 {
		t.Fatalf("hours by mail: %s %q", res.Outcome, res.Reason)
	}
	answer := only(f.mails(), mail.KindReply, aliceAddr)
	if len(answer) == 0 || !strings.Contains(answer[len(answer)-1].Text, "Recorded. Your time zone in bourse-1 is Europe/Berlin") || !strings.Contains(answer[len(answer)-1].Text, "your quiet hours are "+quiet) {
		t.Fatalf("the answer: %v", answer)
	}
	if pl := f.load().Player("alice"); pl.Zone != "Europe/Berlin" || pl.Quiet != quiet {
		t.Fatalf("alice's hours are %q %q", pl.Zone, pl.Quiet)
	}

	// Before her quiet hours: not yet; a quarter of an hour before them,
	// her reminder (bob owes no orders: it is alice's turn).
	at = from.Add(-adjudicator.BeforeQuiet - time.Minute)
	f.dispatch()
	if n := f.mailsTo(aliceAddr)[mail.KindReminder]; n != 0 {
		t.Fatalf("alice reminded too early")
	}
	at = from.Add(-adjudicator.BeforeQuiet)
	f.dispatch()
	if n := f.mailsTo(aliceAddr)[mail.KindReminder]; n != 1 {
		t.Fatalf("%d reminders to alice before her quiet hours, want 1", n)
	}
	rem := only(f.mails(), mail.KindReminder, aliceAddr)[0].Text
	local := g.Deadline.In(mustZone(t, "Europe/Berlin")).Format("Mon 02 Jan 2006 15:04 MST")
	if !strings.Contains(rem, adjudicator.FormatTime(g.Deadline)+" ("+local+", your time)") {
		t.Errorf("the reminder does not show the deadline in her zone (%s):\n%s", local, rem)
	}
	at = due.Add(time.Minute)
	f.dispatch()
	if m := f.mailsTo(aliceAddr)[mail.KindReminder]; m != 1 {
		t.Errorf("when due: alice has %d reminders, want still the one", m)
	}
	// Her hours again, asked for.
	f.mailOf(aliceAddr, "hours", f.file("alice", "command: hours\n"))
	answer = only(f.mails(), mail.KindReply, aliceAddr)
	if last := answer[len(answer)-1].Text; strings.Contains(last, "Recorded") || !strings.Contains(last, "Europe/Berlin") || !strings.Contains(last, local+", your time") {
		t.Errorf("asked for her hours, alice reads:\n%s", last)
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
