package adjudicator_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
)

// attendanceOf is the status and rule of seat at step, as recomputed from
// the game's log.
func attendanceOf(t *testing.T, steps []adjudicator.SeatStep, step int, seat string) adjudicator.SeatStep {
	t.Helper()
	for _, s := range steps {
		if s.Step == step && s.Seat == seat {
			return s
		}
	}
	t.Fatalf("no attendance of %s at step %d in %+v", seat, step, steps)
	return adjudicator.SeatStep{}
}

// A game played with orders on time, late in the grace period, missed,
// excused by an absence and by the GM closing early, a seat in civil
// disorder and a substitute: each step of each seat counts as its rule
// says, the substitute's steps are charged to them and not to the player
// they replaced, and the figures add up by player across the host.
func TestAttendance(t *testing.T) {
	h, clock := newHost(t, "dice/1")
	ng := create(t, h, "options: {target: 99}\ndeadline: 24h\ncivil_disorder: 2\n")
	ctx := context.Background()
	tok := ng.Tokens
	at := func(d time.Duration) { clock.t = clock.t.Add(d) }
	if _, err := h.GM(ctx, "d1", adjudicator.GMAction{Action: "grace", Args: []string{"2h"}, Reason: "slow mail"}); err != nil {
		t.Fatal(err)
	}
	tick := func() {
		t.Helper()
		if _, err := h.Tick(ctx); err != nil {
			t.Fatal(err)
		}
	}
	mustSubmit := func(p string, step int) {
		t.Helper()
		if _, err := submit(h, p, tok[p], step, "3"); err != nil {
			t.Fatalf("%s step %d: %v", p, step, err)
		}
	}
	// Step 1: ann on time, ben late (in the grace period), cid nothing.
	at(time.Hour)
	mustSubmit("ann", 1)
	at(24 * time.Hour)
	mustSubmit("ben", 1)
	at(2 * time.Hour)
	tick()
	// Step 2: ann away on a declared absence longer than the deadline
	// time absences may add (14 days), so the step closes while she is
	// away, and silent; ben on time; cid silent again: civil disorder
	// from the next step. (Had the absence moved the deadline past her
	// return, her silence after it would be a missed step.)
	if _, err := h.Absent(ctx, "d1", "ann", tok["ann"], clock.t, clock.t.Add(30*24*time.Hour), "travel", adjudicator.SubmitOptions{}); err != nil {
		t.Fatal(err)
	}
	mustSubmit("ben", 2)
	g, _ := h.Load(ctx, "d1")
	clock.t = g.CloseAt().Add(time.Minute)
	tick()
	// Step 3: the GM closes it early: ann on time, ben silent, cid in
	// civil disorder.
	mustSubmit("ann", 3)
	if _, _, err := h.Close(ctx, "d1", adjudicator.ReasonGM); err != nil {
		t.Fatal(err)
	}
	// Step 4: ben's seat handed to bea, who sends orders on time.
	res, err := h.GM(ctx, "d1", adjudicator.GMAction{Action: "replace", Args: []string{"ben", "bea", "bea@example.test"}, Reason: "ben left"})
	if err != nil {
		t.Fatal(err)
	}
	tok["bea"] = res.Token
	mustSubmit("ann", 4)
	mustSubmit("bea", 4) // all in: the step closes

	steps, err := h.Attendance(ctx, "d1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		step   int
		seat   string
		status adjudicator.Attendance
		rule   string
		holder string
	}{
		{1, "ann", adjudicator.OnTime, "sent by the deadline", "ann@example.test"},
		{1, "ben", adjudicator.Late, "grace period", "ben@example.test"},
		{1, "cid", adjudicator.Missed, "sent nothing", ""},
		{2, "ann", adjudicator.Excused, "declared absence", "ann@example.test"},
		{2, "ben", adjudicator.OnTime, "sent by the deadline", "ben@example.test"},
		{2, "cid", adjudicator.Missed, "sent nothing", ""},
		{3, "ann", adjudicator.OnTime, "sent by the deadline", "ann@example.test"},
		{3, "ben", adjudicator.Excused, "GM closed the step before its deadline", "ben@example.test"},
		{3, "cid", adjudicator.Disorder, "civil disorder", ""},
		{4, "bea", adjudicator.OnTime, "sent by the deadline", "bea@example.test"},
	} {
		s := attendanceOf(t, steps, c.step, c.seat)
		if s.Status != c.status || !strings.Contains(s.Rule, c.rule) || s.Holder != c.holder {
			t.Errorf("step %d %s: %s (%s) held by %q; want %s (%s) held by %q", c.step, c.seat, s.Status, s.Rule, s.Holder, c.status, c.rule, c.holder)
		}
	}
	ben, err := h.PlayerAttendance(ctx, "BEN@example.test")
	if err != nil || len(ben) != 1 {
		t.Fatalf("ben's games: %+v, %v", ben, err)
	}
	if f := ben[0].Figures; f.Owed != 3 || f.OnTime != 1 || f.Late != 1 || f.Excused != 1 || f.Missed != 0 {
		t.Errorf("ben's figures %+v: the substitute's step is not his", f)
	}
	bea, _ := h.PlayerAttendance(ctx, "bea@example.test")
	if len(bea) != 1 || bea[0].Figures.Owed != 1 || bea[0].Figures.OnTime != 1 || strings.Join(bea[0].Seats, ",") != "bea" {
		t.Errorf("bea's figures %+v", bea)
	}
}

// A record signed by the host verifies with its public key; altered in one
// figure, or checked with another key, it fails; an unfinished game is not
// in it.
func TestRecordSignedAndVerified(t *testing.T) {
	pub, key, err := ed25519.GenerateKey(fixedEntropy("record key"))
	if err != nil {
		t.Fatal(err)
	}
	r := &adjudicator.Record{Player: "ann@example.test", Issued: time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC), Games: []adjudicator.RecordGame{{
		Game: "d1", Engine: "dice/1", Seats: []string{"ann"},
		Figures: adjudicator.RecordFigures{Owed: 10, OnTime: 9, Missed: 1},
		Head:    "12:" + strings.Repeat("ab", 32),
	}}}
	h, _ := adjudicator.ParseHead(r.Games[0].Head)
	r.Games[0].HeadSignature = adjudicator.SignHead(key, "d1", h)
	if err := adjudicator.SignRecord(key, r); err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(r)
	got, err := adjudicator.VerifyRecord(data, pub)
	if err != nil || got.Totals.OnTime != 9 || got.Totals.OnTimeShare() != 90 {
		t.Fatalf("the record: %+v, %v", got, err)
	}
	altered := strings.Replace(string(data), `"on_time":9`, `"on_time":10`, 1)
	if altered == string(data) {
		t.Fatal("the test did not alter the record")
	}
	if _, err := adjudicator.VerifyRecord([]byte(altered), pub); err == nil || !strings.Contains(err.Error(), "altered") {
		t.Errorf("a record altered in one figure: %v", err)
	}
	other, _, _ := ed25519.GenerateKey(fixedEntropy("another host"))
	if _, err := adjudicator.VerifyRecord(data, other); err == nil || !strings.Contains(err.Error(), "another host") {
		t.Errorf("another host's key: %v", err)
	}
	if _, err := adjudicator.VerifyRecord([]byte(`{"record":"taipan-record/1","extra":1}`), pub); err == nil {
		t.Error("a record with an unknown field verified")
	}
}
