package adjudicator_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/orders"
)

// fairHost is a Host with every game on a clock that moves a minute at
// each reading, and a game made from campaign.
func fairHost(t *testing.T, campaign string) (*adjudicator.Host, *adjudicator.NewGame) {
	t.Helper()
	st, err := events.Open(filepath.Join(t.TempDir(), "fair.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	st.Entropy = fixedEntropy(campaign)
	now := goldenStart
	h := &adjudicator.Host{Store: st, Games: goldenRegistry(), Now: func() time.Time { now = now.Add(time.Minute); return now }}
	c, err := adjudicator.ParseCampaign([]byte(campaign))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := h.Create(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	return h, ng
}

// playDefaults sends every awaited player's default orders until step
// `through` is closed, and returns the game.
func playDefaults(t *testing.T, h *adjudicator.Host, ng *adjudicator.NewGame, through int) *adjudicator.Game {
	t.Helper()
	return playOrders(t, h, ng, through, defaultOrders)
}

func defaultOrders(g *adjudicator.Game, p string) []orders.Item { return g.Engine.Default(g.State, p) }

// playOrders sends every awaited player the orders pick gives until step
// `through` is closed, and returns the game.
func playOrders(t *testing.T, h *adjudicator.Host, ng *adjudicator.NewGame, through int, pick func(*adjudicator.Game, string) []orders.Item) *adjudicator.Game {
	t.Helper()
	ctx := context.Background()
	g, err := h.Load(ctx, ng.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	for g.Last.Step < through && !g.Status.Finished {
		p := g.Awaiting()[0]
		r, err := h.Submit(ctx, &orders.Envelope{Game: g.ID, Player: p, Token: ng.Tokens[p], Step: g.Step, Orders: pick(g, p)}, adjudicator.SubmitOptions{})
		if err != nil {
			t.Fatalf("step %d, %s: %v", g.Step, p, err)
		}
		g = r.Game
	}
	return g
}

// rollBack rolls game id back to the end of step and audits the log.
func rollBack(t *testing.T, h *adjudicator.Host, id string, step int) *adjudicator.Game {
	t.Helper()
	res, err := h.GM(context.Background(), id, adjudicator.GMAction{Action: "rollback", Args: []string{strconv.Itoa(step)}, Reason: "a ruling was wrong"})
	if err != nil {
		t.Fatal(err)
	}
	auditGame(t, h, id)
	return res.Game
}

// auditGame audits game id's whole log, as a third party given the full
// export would.
func auditGame(t *testing.T, h *adjudicator.Host, id string) *adjudicator.Game {
	t.Helper()
	evs, err := h.Store.Events(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	g, err := adjudicator.Audit(h.Games, evs)
	if err != nil {
		t.Fatalf("audit: %v", err)
	}
	return g
}

// moveOrRest moves a Shanghai Trader player to a district by a die roll,
// where the rules let them, else gives the default.
func moveOrRest(g *adjudicator.Game, p string) []orders.Item {
	for _, d := range []string{"Nanking Road", "Kiangse Road", "Honan Road"} {
		items := orders.Renumber([]orders.Item{orders.With("move", d)})
		if g.Engine.Check(g.State, p, items) == nil {
			return items
		}
	}
	return defaultOrders(g, p)
}

// outcome is what a closed step showed everybody: its happenings as the
// GM reads them.
func outcome(g *adjudicator.Game) string {
	var b strings.Builder
	for _, hp := range g.Last.Happenings {
		b.WriteString(hp.Text + "\n")
	}
	return b.String()
}

// Two rollbacks of the same game to the same step, followed by the same
// orders, give the step played again other dice each time than the voided
// step's report showed, and the log audits clean after each: the voided
// report predicts nothing, and a third party re-derives every die from
// the seed and the timeline the rollback records.
func TestRollbackDrawsFreshDice(t *testing.T) {
	h, ng := fairHost(t, `id: fair-dice
game: shanghai-trader
players: [{name: alice}, {name: bob}, {name: carol}]
seed: fresh dice after a rollback
`)
	id := ng.Game.ID
	ctx := context.Background()
	g := playOrders(t, h, ng, 3, moveOrRest)
	seen := []string{outcome(g)} // the voided step 3, as its report told it
	playOrders(t, h, ng, 4, moveOrRest)
	evsBefore, _ := h.Store.Events(ctx, id)
	atTwo, err := adjudicator.ReplayUntil(h.Games, evsBefore, 2)
	if err != nil {
		t.Fatal(err)
	}
	for timeline := 1; timeline <= 2; timeline++ {
		g = rollBack(t, h, id, 2)
		if g.Step != 3 || g.Timeline != timeline {
			t.Fatalf("rollback %d: step %d open in timeline %d", timeline, g.Step, g.Timeline)
		}
		g = playOrders(t, h, ng, 3, moveOrRest)
		got := outcome(g)
		if !strings.Contains(got, "roll") {
			t.Fatalf("step 3 rolled no die to compare:\n%s", got)
		}
		for i, before := range seen {
			if got == before {
				t.Errorf("rollback %d: step 3 played again shows the dice of timeline %d:\n%s", timeline, i, got)
			}
		}
		seen = append(seen, got)

		// The same dice as a third party derives them: the state at the
		// end of step 2, the same orders, and the stream the README
		// specifies for step 3 in this timeline.
		evs, _ := h.Store.Events(ctx, id)
		var rb adjudicator.Rollback
		for _, e := range evs {
			if e.Kind == adjudicator.KindRollback {
				if err := e.Decode(&rb); err != nil {
					t.Fatal(err)
				}
			}
		}
		if rb.Timeline != timeline {
			t.Errorf("rollback %d records timeline %d", timeline, rb.Timeline)
		}
		var subs []engine.Submission
		for _, p := range atTwo.Status.Pending {
			subs = append(subs, engine.Submission{Player: p, Items: orders.Renumber(moveOrRest(atTwo, p))})
		}
		s, _, err := atTwo.Engine.Resolve(atTwo.Engine.Clone(atTwo.State), subs, engine.NewRandInTimeline(atTwo.Seed, 3, timeline))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := adjudicator.Digest(s)
		if g.Last.Digest != want {
			t.Errorf("timeline %d: step 3's digest %s is not the one its specified stream gives (%s)", timeline, g.Last.Digest, want)
		}
	}
	playOrders(t, h, ng, 6, moveOrRest)
	auditGame(t, h, id)
}

// The same holds for a deal: a Trader game of two sets rolled back twice to
// before the second set's deal deals it anew each time.
func TestRollbackDealsFreshCards(t *testing.T) {
	h, ng := fairHost(t, `id: fair-deal
game: trader
options: {sets: 2}
players: [{name: alice}, {name: bob}]
seed: fresh deal after a rollback
`)
	id := ng.Game.ID
	r, _ := adjudicator.NewRenderer()
	// Play until the step whose close deals the second set.
	ctx := context.Background()
	g, _ := h.Load(ctx, id)
	for !strings.Contains(outcome(g), "Set 2 of 2 begins") {
		if g.Status.Finished {
			t.Fatal("the game ended before its second set")
		}
		g = playDefaults(t, h, ng, g.Last.Step+1)
	}
	dealt := g.Last.Step
	columns := func(g *adjudicator.Game) string {
		text, err := r.Text(g, engine.Observer)
		if err != nil {
			t.Fatal(err)
		}
		// The columns as everybody sees them, from the deal's line to the
		// players' holdings.
		from, to := strings.Index(text, "Set 2 of 2 begins"), strings.Index(text, "PLAYERS")
		if from < 0 || to < from {
			t.Fatalf("no columns in the report:\n%s", text)
		}
		return text[from:to]
	}
	seen := []string{columns(g)}
	for timeline := 1; timeline <= 2; timeline++ {
		rollBack(t, h, id, dealt-2)
		g = playDefaults(t, h, ng, dealt)
		if !strings.Contains(outcome(g), "Set 2 of 2 begins") {
			t.Fatalf("rollback %d: step %d does not deal the second set again:\n%s", timeline, dealt, outcome(g))
		}
		got := columns(g)
		for i, before := range seen {
			if got == before {
				t.Errorf("rollback %d: the second set is dealt as in timeline %d", timeline, i)
			}
		}
		seen = append(seen, got)
	}
	auditGame(t, h, id)
}

// A rollback's timeline is its number in the log: a log rewritten to give
// one another timeline (to choose other dice), chained again, fails the
// audit, naming the rollback.
func TestRollbackTimelineCannotBeChosen(t *testing.T) {
	h, ng := fairHost(t, `id: fair-chosen
game: shanghai-trader
players: [{name: alice}, {name: bob}, {name: carol}]
seed: a chosen timeline
`)
	playDefaults(t, h, ng, 3)
	rollBack(t, h, ng.Game.ID, 1)
	playDefaults(t, h, ng, 3)
	evs, _ := h.Store.Events(context.Background(), ng.Game.ID)
	i := firstOf(evs, adjudicator.KindRollback, 0)
	var p adjudicator.Rollback
	if err := evs[i].Decode(&p); err != nil {
		t.Fatal(err)
	}
	p.Timeline = 7
	b, err := events.Canonical(p)
	if err != nil {
		t.Fatal(err)
	}
	evs[i].Payload = json.RawMessage(b)
	for j := i; j < len(evs); j++ {
		evs[j].PrevHash = evs[j-1].Hash
		evs[j].Hash = evs[j].ComputeHash()
	}
	_, err = adjudicator.Audit(h.Games, evs)
	if err == nil || !strings.Contains(err.Error(), "recorded as timeline 7, but it is rollback number 1") {
		t.Errorf("a chosen timeline: %v", err)
	}
}

// greyGame is a dice game with grey press in which cid and then ann send
// grey press (or ann first, with annFirst), each at its own time, and the
// step then closes.
func greyGame(t *testing.T, extra string, annFirst bool) (*adjudicator.Host, *clock, *adjudicator.NewGame) {
	t.Helper()
	h, c := newHost(t, "1")
	ng := create(t, h, "press: grey\noptions: {target: 1}\n"+extra)
	ctx := context.Background()
	sends := []adjudicator.PressOrder{
		{From: "cid", Token: ng.Tokens["cid"], To: []string{"ben"}, Text: "ann bluffs", Grey: true},
		{From: "ann", Token: ng.Tokens["ann"], Text: "the die is loaded", Grey: true},
	}
	if annFirst {
		sends[0], sends[1] = sends[1], sends[0]
	}
	before := eventCount(t, h)
	for _, p := range sends {
		c.t = c.t.Add(7 * time.Minute)
		if _, e, err := h.Press(ctx, "d1", p, adjudicator.SubmitOptions{}); err != nil || e.Seq != 0 {
			t.Fatalf("grey press from %s: event %d, %v", p.From, e.Seq, err)
		}
	}
	if n := eventCount(t, h); n != before {
		t.Fatalf("grey press was logged when it was sent: %d events, %d before", n, before)
	}
	return h, c, ng
}

// Grey press is held until its step closes, and then logged with the
// close, at its time, in an order that does not depend on who sent what
// first; the reports name the sender only to the GM.
func TestGreyPressIsLoggedWithTheClose(t *testing.T) {
	logged := func(annFirst bool) []adjudicator.PressPayload {
		h, c, ng := greyGame(t, "", annFirst)
		ctx := context.Background()
		preview, err := h.Preview(ctx, "d1")
		if err != nil {
			t.Fatal(err)
		}
		if gm := reportFor(t, preview, ""); !strings.Contains(gm, "From cid to ben: ann bluffs") {
			t.Errorf("the GM's preview does not show the grey press held:\n%s", gm)
		}
		for _, p := range []string{"ann", "ben", "cid"} {
			c.t = c.t.Add(time.Hour)
			if _, err := submit(h, p, ng.Tokens[p], 1, "2"); err != nil {
				t.Fatal(err)
			}
		}
		evs, _ := h.Store.Events(ctx, "d1")
		closed := firstOf(evs, adjudicator.KindClosed, 0)
		var out []adjudicator.PressPayload
		for _, e := range evs[closed-2 : closed] {
			var p adjudicator.PressPayload
			if e.Kind != adjudicator.KindPress || e.Actor != adjudicator.ActorSystem || e.Decode(&p) != nil {
				t.Fatalf("event %d before the close is %s by %s, not grey press", e.Seq, e.Kind, e.Actor)
			}
			if !e.RecordedAt.Equal(evs[closed].RecordedAt) {
				t.Errorf("grey press logged at %v, the close at %v", e.RecordedAt, evs[closed].RecordedAt)
			}
			out = append(out, p)
		}
		g, err := h.Load(ctx, "d1")
		if err != nil {
			t.Fatal(err)
		}
		ben, gm := reportFor(t, g, "ben"), reportFor(t, g, "")
		if !strings.Contains(ben, "From someone (grey press) to ben: ann bluffs") || strings.Contains(ben, "From cid") {
			t.Errorf("ben's report of the step:\n%s", ben)
		}
		if !strings.Contains(gm, "From cid to ben: ann bluffs") || !strings.Contains(gm, "From ann to everyone: the die is loaded") {
			t.Errorf("the GM's report of the step:\n%s", gm)
		}
		auditClean(t, h)
		return out
	}
	a, b := logged(false), logged(true)
	if len(a) != 2 || len(b) != 2 || a[0].Text != b[0].Text || a[1].Text != b[1].Text {
		t.Errorf("the order of the grey press logged depends on the order it came in: %+v and %+v", a, b)
	}
}

// After the end the public export still withholds grey press, which names
// its sender, unless the campaign says grey_senders: revealed; with it
// withheld, the public export audits clean, replaying the whole game.
func TestGreySendersWithheldAfterTheEnd(t *testing.T) {
	for _, reveal := range []bool{false, true} {
		extra := ""
		if reveal {
			extra = "grey_senders: revealed\n"
		}
		h, _, _ := greyGame(t, extra, false)
		ctx := context.Background()
		var g *adjudicator.Game
		for i := 0; i < 100; i++ {
			var err error
			if g, _, err = h.Close(ctx, "d1", "the clock"); err != nil {
				t.Fatal(err)
			}
			if g.Status.Finished {
				break
			}
		}
		if !g.Status.Finished {
			t.Fatal("the game does not end")
		}
		evs, _ := h.Store.Events(ctx, "d1")
		public, err := adjudicator.Public(g, evs)
		if err != nil {
			t.Fatal(err)
		}
		withheld := 0
		for i, e := range public {
			if e.Redacted() {
				withheld++
				if e.Kind != adjudicator.KindPress || !strings.Contains(string(evs[i].Payload), `"grey":true`) {
					t.Errorf("the finished game's public export withholds %s", e.String())
				}
			}
		}
		if want := map[bool]int{false: 2, true: 0}[reveal]; withheld != want {
			t.Errorf("grey_senders revealed %v: %d payloads withheld, want %d", reveal, withheld, want)
		}
		audited, err := adjudicator.Audit(h.Games, public)
		if err != nil || !audited.Status.Finished || audited.Last.Digest != g.Last.Digest {
			t.Errorf("the audit of the public export: %v", err)
		}
	}
}

// A declared absence of a week costs a week of the allowance, once, and
// keeps every deadline of the absent player's steps out of it, across GM
// closes, a rollback and a deadline the GM sets; no missed step counts
// towards civil disorder meanwhile, in the GM's preview either; and an
// absence longer than what is left says that the allowance runs out.
func TestAbsenceHonouredAcrossARollback(t *testing.T) {
	h, clk := newHost(t, "1")
	ng := create(t, h, "deadline: 24h\ncivil_disorder: 1\nabsence_max: 14d\noptions: {target: 99}\n")
	ctx := context.Background()
	t0 := clk.t
	from, until := t0.Add(time.Hour), t0.Add(time.Hour+7*24*time.Hour)
	week := 7 * 24 * time.Hour
	if _, err := h.Absent(ctx, "d1", "ben", ng.Tokens["ben"], from, until, "sailing", adjudicator.SubmitOptions{}); err != nil {
		t.Fatal(err)
	}
	// check looks at the game as the log has it, replayed from scratch.
	check := func(when string) *adjudicator.Game {
		t.Helper()
		g := auditClean(t, h)
		ben := g.Player("ben")
		if ben.AbsenceUsed != week {
			t.Errorf("%s: ben's absence has cost %v of the allowance, want %v, once", when, ben.AbsenceUsed, week)
		}
		if ben.Disorder || ben.Missed != 0 {
			t.Errorf("%s: ben is in civil disorder (%v) or missed %d steps while away", when, ben.Disorder, ben.Missed)
		}
		if g.IsPending("ben") && !g.Deadline.Before(from) && g.Deadline.Before(until) {
			t.Errorf("%s: the deadline %v falls inside ben's absence", when, g.Deadline)
		}
		return g
	}
	if g := check("declared"); !g.Deadline.Equal(until) {
		t.Errorf("step 1's deadline is %v, want the absence's end %v", g.Deadline, until)
	}
	closeStep := func(at time.Duration) {
		t.Helper()
		clk.t = t0.Add(at)
		for _, p := range []string{"ann", "cid"} {
			if _, err := submit(h, p, ng.Tokens[p], 0, "2"); err != nil {
				t.Fatal(err)
			}
		}
		g, _ := h.Load(ctx, "d1")
		preview, err := h.Preview(ctx, "d1")
		if err != nil {
			t.Fatal(err)
		}
		if len(preview.Last.Disorder) != 0 || strings.Contains(reportFor(t, preview, ""), "is in civil disorder") {
			t.Errorf("step %d: the GM's preview puts %v in civil disorder:\n%s", g.Step, preview.Last.Disorder, reportFor(t, preview, ""))
		}
		gmDo(t, h, "close")
	}
	closeStep(2 * time.Hour)
	if g := check("after a GM close"); !g.Deadline.Equal(until) {
		t.Errorf("step 2's deadline is %v, want %v", g.Deadline, until)
	}
	closeStep(3 * time.Hour)
	check("after another close")
	clk.t = t0.Add(4 * time.Hour)
	gmDo(t, h, "rollback", "1")
	if g := check("after the rollback"); g.Step != 2 || !g.Deadline.Equal(until) {
		t.Errorf("after the rollback: step %d, deadline %v, want step 2 and %v", g.Step, g.Deadline, until)
	}
	clk.t = t0.Add(5 * time.Hour)
	gmDo(t, h, "deadline", t0.Add(30*time.Hour).Format(time.RFC3339))
	if g := check("after the GM set a deadline inside the absence"); !g.Deadline.Equal(until) || !strings.Contains(g.Notes[len(g.Notes)-1].Text, "for an absence declared, it moves to") {
		t.Errorf("the GM's deadline inside the absence: %v; the note: %q", g.Deadline, g.Notes[len(g.Notes)-1].Text)
	}
	closeStep(6 * time.Hour)
	check("after a close past the rollback")

	// Ten days more, with seven left: the allowance runs out, and says so.
	later := until.Add(24 * time.Hour)
	g, err := h.Absent(ctx, "d1", "ben", ng.Tokens["ben"], later, later.Add(10*24*time.Hour), "", adjudicator.SubmitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ben := g.Player("ben")
	last := ben.Absences[len(ben.Absences)-1]
	if last.Covered == nil || !last.Covered.Equal(later.Add(week)) || g.AbsenceLeft(ben) != 0 {
		t.Errorf("the second absence covers to %v, with %v left; want %v and nothing", last.Covered, g.AbsenceLeft(ben), later.Add(week))
	}
	if note := g.Notes[len(g.Notes)-1].Text; !strings.Contains(note, "allowance runs out") {
		t.Errorf("the player is not told that the allowance runs out: %q", note)
	}
	auditClean(t, h)
}
