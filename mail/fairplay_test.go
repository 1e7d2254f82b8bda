package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/mail"
)

// publicShape is what the public log shows of each event but its
// commitments (their salts are random): its number, kind, actor, time and
// whether its payload is withheld.
func (f *fixture) publicShape() []string {
	f.t.Helper()
	evs, err := f.store.Events(context.Background(), f.game)
	if err != nil {
		f.t.Fatal(err)
	}
	pub, err := adjudicator.Public(f.load(), evs)
	if err != nil {
		f.t.Fatal(err)
	}
	var out []string
	for _, e := range pub {
		out = append(out, fmt.Sprintf("%d %s %s %s withheld=%v", e.Seq, e.Kind, e.Actor, e.RecordedAt.Format(time.RFC3339Nano), e.Redacted()))
	}
	return out
}

// Grey press sent in one file with orders leaves a public log whose order
// and times are the same as when someone else sent the same press: the
// public log tells nothing of who sent it. And nobody reads it before the
// step closes.
func TestGreyPressLeavesNoTraceInThePublicLog(t *testing.T) {
	const rumour = `press: {text: "The Berlin column is rigged.", grey: true}` + "\n"
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	play := func(bobSends bool) (*fixture, []string) {
		at := start
		f := newFixture(t, nil)
		f.setClock(&at)
		f.newGame("grey-2", "press: grey\n") // on the test's clock, the whole log
		player, file := f.orderFile()
		if player != "alice" {
			t.Fatalf("alice should move first, not %s", player)
		}
		at = at.Add(5 * time.Minute)
		if bobSends {
			if res := f.ingest(plainMail(bobAddr, "psst", f.file("bob", rumour))); res.Outcome != mail.Accepted {
				t.Fatalf("bob's grey press: %s %s", res.Outcome, res.Reason)
			}
		}
		if n := len(only(f.mails(), mail.KindPress, "")); n != 0 {
			t.Errorf("grey press relayed before its step closed: %d mails", n)
		}
		at = at.Add(90 * time.Minute)
		if !bobSends {
			file = strings.Replace(file, "orders:", strings.TrimSuffix(rumour, "\n")+"\norders:", 1)
		}
		if res := f.ingest(plainMail(aliceAddr, "orders", file)); res.Outcome != mail.Accepted || len(res.Closed) != 1 {
			t.Fatalf("alice's orders: %s %s, closed %v", res.Outcome, res.Reason, res.Closed)
		}
		return f, f.publicShape()
	}
	byAlice, withOrders := play(false)
	_, byBob := play(true)
	if strings.Join(withOrders, "\n") != strings.Join(byBob, "\n") {
		t.Errorf("the public log tells who sent the grey press:\nsent by alice with her orders:\n  %s\nsent by bob:\n  %s",
			strings.Join(withOrders, "\n  "), strings.Join(byBob, "\n  "))
	}
	// The press is there, logged with the close, and relayed then, to bob
	// unsigned.
	if !strings.Contains(strings.Join(withOrders, "\n"), "press system") {
		t.Errorf("no grey press in the public log:\n%s", strings.Join(withOrders, "\n"))
	}
	relays := only(byAlice.mails(), mail.KindPress, bobAddr)
	if len(relays) != 1 || strings.Contains(relays[0].Body, "alice") || !strings.Contains(relays[0].Text, "The Berlin column is rigged.") {
		t.Errorf("bob's relay of alice's grey press: %+v", relays)
	}
	ack := only(byAlice.mails(), mail.KindAck, aliceAddr)
	if len(ack) != 1 || !strings.Contains(ack[0].Text, "held until step 1 closes") {
		t.Errorf("alice's acknowledgement does not say the press waits for the close: %+v", ack)
	}
	// The log itself (the GM's) names the sender, inside the payload the
	// public export withholds.
	evs, _ := byAlice.store.Events(context.Background(), byAlice.game)
	for _, e := range evs {
		if e.Kind == adjudicator.KindPress && !strings.Contains(string(e.Payload), `"from":"alice"`) {
			t.Errorf("the log's grey press does not name its sender for the GM: %s", e.Payload)
		}
	}
	if err := events.Verify(evs); err != nil {
		t.Error(err)
	}
}
