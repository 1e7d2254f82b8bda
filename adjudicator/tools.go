package adjudicator

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"taipan/adjudicator/engine"
	"taipan/events"
)

// The tools of a long campaign, each an event in the log so that replay and
// audit cover it: press between players, a grace period after deadlines,
// civil disorder after missed steps, absences, pause and resume, and
// rollback. None of them changes a game's state or digest: they act on who
// is awaited and when a step closes.

// PressItem is one press message as the reports tell it.
type PressItem struct {
	Step int
	From string   // the sender's name ("gm" for the GM)
	To   []string // recipients; empty: everyone
	Text string
	Grey bool // the sender's name is shown to nobody but the GM
	At   time.Time
}

// Public reports whether the message went to everyone.
func (p PressItem) Public() bool { return len(p.To) == 0 }

// VisibleTo reports whether player (the GM: "", observers: Observer) may
// read the message: the GM all, observers public press, players what they
// sent or received.
func (p PressItem) VisibleTo(player string) bool {
	switch {
	case player == "" || p.Public():
		return true
	case player == engine.Observer:
		return false
	}
	return p.From == player || slices.Contains(p.To, player)
}

// SenderFor is how the sender is named to player: grey press names nobody,
// but to the GM and to the sender.
func (p PressItem) SenderFor(player string) string {
	if p.Grey && player != "" && player != p.From {
		return "someone (grey press)"
	}
	return p.From
}

// Press settings of a campaign.
const (
	PressOff     = "off"     // no press
	PressPublic  = "public"  // only to everyone
	PressPrivate = "private" // to anyone, signed (the default)
	PressGrey    = "grey"    // to anyone, and unsigned if the sender asks
)

// pressMode is the campaign's press setting.
func (g *Game) pressMode() string {
	if g.Campaign.Press == "" {
		return PressPrivate
	}
	return g.Campaign.Press
}

// DefaultAbsenceMax is how much deadline time absences may add per player
// per game when the campaign does not say.
const DefaultAbsenceMax = 14 * 24 * time.Hour

// CloseAt is when the open step closes by the clock: its deadline plus the
// grace period; zero while paused or without a deadline.
func (g *Game) CloseAt() time.Time {
	if g.Forming() {
		return g.signUpDeadline()
	}
	if g.Paused || g.Deadline.IsZero() || g.Status.Finished {
		return time.Time{}
	}
	return g.Deadline.Add(g.Grace)
}

// applyTool applies the events of the campaign tools.
func (g *Game) applyTool(e events.Event) error {
	note := func(text, reason string) {
		if reason != "" {
			text = strings.TrimSuffix(text, ".") + fmt.Sprintf(" (reason: %s).", reason)
		}
		g.Notes = append(g.Notes, Note{Step: g.Step, Text: text, At: e.RecordedAt, By: e.Actor})
	}
	switch e.Kind {
	case KindPress:
		var p PressPayload
		if err := e.Decode(&p); err != nil {
			return err
		}
		from := e.Actor
		if p.From != "" {
			from = p.From // grey press: the actor names nobody
		}
		g.Press = append(g.Press, PressItem{Step: g.Step, From: from, To: p.To, Text: p.Text, Grey: p.Grey, At: e.RecordedAt})
	case KindPause:
		var p GMNote
		if err := e.Decode(&p); err != nil {
			return err
		}
		if g.Paused {
			return fmt.Errorf("the game is paused already")
		}
		g.Paused = true
		if !g.Deadline.IsZero() {
			g.PausedLeft = max(g.Deadline.Sub(e.RecordedAt), 0)
			g.Deadline = time.Time{}
		}
		note("The GM paused the game: no deadline runs until it is resumed.", p.Reason)
	case KindResume:
		var p GMNote
		if err := e.Decode(&p); err != nil {
			return err
		}
		if !g.Paused {
			return fmt.Errorf("the game is not paused")
		}
		g.Paused = false
		if g.PausedLeft > 0 {
			g.Deadline = e.RecordedAt.Add(g.PausedLeft)
		}
		g.PausedLeft = 0
		g.extendForAbsences(false)
		text := "The GM resumed the game."
		if !g.Deadline.IsZero() {
			text = fmt.Sprintf("The GM resumed the game; the deadline is now %s.", FormatTime(g.Deadline))
		}
		note(text, p.Reason)
	case KindGrace:
		var p GraceSet
		if err := e.Decode(&p); err != nil {
			return err
		}
		g.Grace = time.Duration(p.Grace)
		note(fmt.Sprintf("The GM set the grace period after each deadline to %s.", FormatDuration(g.Grace)), p.Reason)
	case KindAbsence:
		var p Absence
		if err := e.Decode(&p); err != nil {
			return err
		}
		pl := g.player(p.Player)
		if pl == nil {
			return fmt.Errorf("no player %q", p.Player)
		}
		p.Recorded = e.RecordedAt
		if err := g.chargeAbsence(pl, p); err != nil {
			return err
		}
		pl.Absences = append(pl.Absences, p)
		before := g.Deadline
		g.extendForAbsences(true)
		text := fmt.Sprintf("%s will be away from %s to %s.", p.Player, FormatTime(p.From), FormatTime(p.Until))
		if p.Covered != nil {
			text += " " + g.AbsenceCover(p)
		}
		if !g.Deadline.Equal(before) {
			text += fmt.Sprintf(" The deadline moves to %s.", FormatTime(g.Deadline))
		}
		note(text, p.Reason)
	}
	return nil
}

// back brings a player in civil disorder back: any file of theirs does.
func (g *Game) back(name string, at time.Time) {
	pl := g.player(name)
	if pl == nil {
		return
	}
	pl.Missed = 0
	if pl.Disorder {
		pl.Disorder = false
		g.Notes = append(g.Notes, Note{Step: g.Step, Text: fmt.Sprintf("%s is back from civil disorder.", name), At: at, By: ActorSystem})
	}
}

// countMissed counts, at a close at `at`, the steps each pending player
// missed in a row (sent nothing), and returns those who now fall into civil
// disorder. A step missed during an absence the player declared does not
// count (see Absence.Covered).
func (g *Game) countMissed(defaults, overruled []string, at time.Time) []string {
	var fell []string
	for _, name := range g.Status.Pending {
		pl := g.player(name)
		if pl == nil || pl.Resigned || pl.Removed {
			continue
		}
		if !slices.Contains(defaults, name) || slices.Contains(overruled, name) {
			pl.Missed = 0
			continue
		}
		if pl.awayAt(at) {
			continue
		}
		pl.Missed++
		if n := g.Campaign.CivilDisorder; n > 0 && pl.Missed >= n && !pl.Disorder {
			pl.Disorder = true
			fell = append(fell, name)
		}
	}
	return fell
}

// keptByRollback are the events a rollback does not void: they are not
// about play.
var keptByRollback = map[string]bool{
	KindReplace: true, KindToken: true, KindPress: true, KindAbsence: true,
	KindPause: true, KindResume: true, KindGrace: true, KindUpgrade: true,
	KindReportFormat: true, KindHours: true, KindTaken: true, KindTakeAsked: true,
}

// rollback is the game as a rollback event leaves it: replayed up to the
// close of the step it names (from prefix, the log before the rollback),
// with the events since that are not about play applied again.
func rollback(reg *Registry, prefix []events.Event, e events.Event, version string) (*Game, error) {
	var p Rollback
	if err := e.Decode(&p); err != nil {
		return nil, &ReplayError{e, err.Error()}
	}
	g, err := replay(reg, prefix, p.Step, version)
	if err != nil {
		return nil, err
	}
	if g.Step != p.Step+1 {
		return nil, &ReplayError{e, fmt.Sprintf("rolls back to the end of step %d, which the log never closed", p.Step)}
	}
	closedThrough := g.Seq
	for _, k := range prefix {
		if k.Seq <= closedThrough || !keptByRollback[k.Kind] {
			continue
		}
		if k.Kind == KindPress {
			continue // press stays in the log and in the reports it was in
		}
		if err := g.apply(k); err != nil {
			return nil, err
		}
	}
	g.Seq, g.Hash = e.Seq, e.Hash
	g.Rollbacks = 1
	for _, k := range prefix {
		if k.Kind == KindRollback {
			g.Rollbacks++
		}
	}
	// The steps played again draw from the streams of the rollback's
	// timeline, which must be its number in the log; one written before
	// timelines were plays on in the first timeline, as it did.
	if p.Timeline != 0 && p.Timeline != g.Rollbacks {
		return nil, &ReplayError{e, fmt.Sprintf("is recorded as timeline %d, but it is rollback number %d of the log: a rollback's timeline is its number, never chosen", p.Timeline, g.Rollbacks)}
	}
	g.Timeline = p.Timeline
	voided := fmt.Sprintf("the orders sent for step %d are", p.Step+1)
	if open := lastStep(prefix); open > p.Step+1 {
		voided = fmt.Sprintf("steps %d to %d are", p.Step+1, open)
	}
	text := fmt.Sprintf("The GM rolled the game back to the end of step %d: %s void (they stay in the log); step %d is open again.", p.Step, voided, p.Step+1)
	if p.Reason != "" {
		text = strings.TrimSuffix(text, ".") + fmt.Sprintf(" (reason: %s).", p.Reason)
	}
	if p.Timeline > 0 {
		text += fmt.Sprintf(" The steps played again draw fresh dice and cards (timeline %d): the voided reports tell nothing of them.", p.Timeline)
	}
	g.Notes = nil
	g.openStep(e.RecordedAt)
	g.Notes = append(g.Notes, Note{Step: g.Step, Text: text, At: e.RecordedAt, By: e.Actor})
	// The reports of the step rolled back to are sent again: they tell of
	// the rollback too.
	g.Last.Notes = append(slices.Clip(g.Last.Notes), Note{Step: p.Step, Text: text, At: e.RecordedAt, By: e.Actor})
	return g, nil
}

// lastStep is the number of the step open at the end of evs.
func lastStep(evs []events.Event) int {
	step := 1
	for _, e := range evs {
		if e.Kind == KindClosed {
			var p Closed
			if e.Decode(&p) == nil {
				step = p.Step + 1
			}
		}
		if e.Kind == KindRollback {
			var p Rollback
			if e.Decode(&p) == nil {
				step = p.Step + 1
			}
		}
	}
	return step
}

// FormatDuration writes a duration as campaign files do: 3d, 36h, 90m.
func FormatDuration(d time.Duration) string {
	switch {
	case d == 0:
		return "none"
	case d%(24*time.Hour) == 0:
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	case d%time.Hour == 0:
		return fmt.Sprintf("%dh", d/time.Hour)
	case d%time.Minute == 0:
		return fmt.Sprintf("%dm", d/time.Minute)
	}
	return d.String()
}
