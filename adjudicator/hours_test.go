package adjudicator_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
)

func TestParseQuiet(t *testing.T) {
	for in, want := range map[string]string{
		"22:00-07:30": "22:00-07:30", " 9:05-17:00 ": "09:05-17:00", "": "", "none": "", "NONE": "",
		"22-07": "!", "25:00-07:00": "!", "22:00-22:00": "!", "22:00": "!", "22:0-07:00": "!", "a:b-c:d": "!",
	} {
		q, err := adjudicator.ParseQuiet(in)
		switch {
		case want == "!":
			if err == nil || !strings.Contains(err.Error(), "HH:MM-HH:MM") {
				t.Errorf("ParseQuiet(%q) = %v, %v; want refused", in, q, err)
			}
		case want == "":
			if q != nil || err != nil {
				t.Errorf("ParseQuiet(%q) = %v, %v; want none", in, q, err)
			}
		case err != nil || q.String() != want:
			t.Errorf("ParseQuiet(%q) = %v, %v; want %s", in, q, err, want)
		}
	}
}

// When a player with quiet hours is sent what is meant for a moment: at
// that moment when they are awake, else a quarter of an hour before their
// quiet hours began; a reminder whose moment passed while they sleep comes
// when they wake, if that is before the deadline.
func TestWakingHours(t *testing.T) {
	pl := &adjudicator.Player{Name: "ann", Zone: "Europe/Berlin", Quiet: "22:00-07:00"}
	berlin, _ := time.LoadLocation("Europe/Berlin")
	at := func(d, hm string) time.Time {
		t.Helper()
		v, err := time.ParseInLocation("2006-01-02 15:04", d+" "+hm, berlin)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct{ in, want time.Time }{
		{at("2026-12-02", "12:00"), at("2026-12-02", "12:00")},
		{at("2026-12-02", "21:59"), at("2026-12-02", "21:59")},
		{at("2026-12-02", "22:00"), at("2026-12-02", "21:45")},
		{at("2026-12-03", "03:10"), at("2026-12-02", "21:45")},
		{at("2026-12-03", "06:59"), at("2026-12-02", "21:45")},
		{at("2026-12-03", "07:00"), at("2026-12-03", "07:00")},
	} {
		if got := pl.Waking(c.in); !got.Equal(c.want) {
			t.Errorf("Waking(%s) = %s, want %s", c.in, got.In(berlin), c.want)
		}
	}
	if !pl.QuietAt(at("2026-12-03", "01:00")) || pl.QuietAt(at("2026-12-03", "08:00")) {
		t.Error("QuietAt is wrong")
	}
	if got := pl.QuietUntil(at("2026-12-02", "23:30")); !got.Equal(at("2026-12-03", "07:00")) {
		t.Errorf("QuietUntil(23:30) = %s", got.In(berlin))
	}
	deadline := at("2026-12-04", "12:00")
	if got := pl.ReminderAt(at("2026-12-03", "03:00"), deadline, at("2026-12-03", "02:00")); !got.Equal(at("2026-12-03", "07:00")) {
		t.Errorf("a reminder missed in the night comes at %s, want when ann wakes", got.In(berlin))
	}
	if got := pl.ReminderAt(at("2026-12-04", "03:00"), at("2026-12-04", "05:00"), at("2026-12-04", "02:00")); !got.Equal(at("2026-12-04", "02:00")) {
		t.Errorf("with the deadline before ann wakes, the reminder comes at %s, want at once", got.In(berlin))
	}
	if got := (&adjudicator.Player{}).Waking(at("2026-12-03", "03:00")); !got.Equal(at("2026-12-03", "03:00")) {
		t.Error("a player without hours is sent messages when due")
	}
	if s := pl.LocalTime(at("2026-12-02", "12:00")); s != "Wed 02 Dec 2026 12:00 CET" {
		t.Errorf("LocalTime = %q", s)
	}
}

// A player's hours are logged once, replayed and withheld
// from the public log while the game runs; a wrong zone changes nothing.
func TestHoursInTheLog(t *testing.T) {
	h, _ := newHost(t, "dice/1")
	create(t, h, "")
	ctx := context.Background()
	evs, _ := h.Store.Events(ctx, "d1")
	if _, err := h.SetHours(ctx, "d1", "ann", "Nowhere/Land", ""); adjudicator.ErrorCode(err) != adjudicator.EINVALID {
		t.Fatalf("a wrong zone: %v", err)
	}
	if after, _ := h.Store.Events(ctx, "d1"); len(after) != len(evs) {
		t.Fatal("a refused zone was logged")
	}
	if _, err := h.SetHours(ctx, "d1", "ann", "America/New_York", "23:00-06:30"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.SetHours(ctx, "d1", "ann", "America/New_York", "23:00-06:30"); err != nil {
		t.Fatal(err)
	}
	all, _ := h.Store.Events(ctx, "d1")
	if len(all) != len(evs)+1 || all[len(all)-1].Kind != adjudicator.KindHours {
		t.Fatalf("%d events after setting the hours twice, want one more", len(all)-len(evs))
	}
	g, err := adjudicator.Replay(h.Games, all)
	if err != nil {
		t.Fatal(err)
	}
	if pl := g.Player("ann"); pl.Zone != "America/New_York" || pl.Quiet != "23:00-06:30" {
		t.Errorf("replayed: %q %q", pl.Zone, pl.Quiet)
	}
	pub, err := adjudicator.Public(g, all)
	if err != nil {
		t.Fatal(err)
	}
	if last := pub[len(pub)-1]; last.Kind != adjudicator.KindHours || last.Payload != nil {
		t.Errorf("the public log shows ann's hours: %s", last.Payload)
	}
}
