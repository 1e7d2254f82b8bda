package adjudicator

import (
	"fmt"
	"time"
)

// Absences. A player declares a window away; the deadlines of their steps
// that fall in it move to its end, within the campaign's allowance per
// player and game (absence_max, DefaultAbsenceMax), and while they are
// away no missed step counts towards civil disorder.
//
// The allowance is charged once per absence, when it is recorded: its
// length from the time it is recorded (the part before cannot move a
// deadline), or what is left of the allowance, whichever is less. What it
// covers, [From, Covered), is recorded with it (Absence.Covered), and a
// deadline that falls there moves to Covered as often as it must, free: a
// step closed by the GM, a rollback (which voids steps, never what an
// absence was charged), a deadline the GM sets, a resume. An absence of N
// days costs N days, whatever happens meanwhile.
//
// Absences recorded before Covered was keep the rule they were played by:
// each move of a deadline was charged the time it added, and misses
// counted during them.

// allowance is how much deadline time absences may add per player.
func (g *Game) allowance() time.Duration {
	if d := time.Duration(g.Campaign.AbsenceMax); d > 0 {
		return d
	}
	return DefaultAbsenceMax
}

// AbsenceLeft is what is left of player's absence allowance.
func (g *Game) AbsenceLeft(pl *Player) time.Duration {
	return max(g.allowance()-pl.AbsenceUsed, 0)
}

// start is where an absence starts to count: at its start, or when it was
// recorded if that is later.
func (a Absence) start() time.Time {
	if a.Recorded.After(a.From) {
		return a.Recorded
	}
	return a.From
}

// coverAbsence is what the allowance left covers of an absence about to be
// recorded: the end of the part it covers.
func (g *Game) coverAbsence(pl *Player, a Absence) time.Time {
	start := a.start()
	return start.Add(min(a.Until.Sub(start), g.AbsenceLeft(pl)))
}

// chargeAbsence charges pl's allowance for an absence as it is recorded.
func (g *Game) chargeAbsence(pl *Player, a Absence) error {
	if a.Covered == nil {
		return nil // the old rule: charged as deadlines move
	}
	start := a.start()
	if a.Covered.Before(start) || a.Covered.After(a.Until) {
		return fmt.Errorf("the absence of %s is recorded as covered to %s, outside its window from %s to %s", a.Player, FormatTime(*a.Covered), FormatTime(start), FormatTime(a.Until))
	}
	pl.AbsenceUsed += a.Covered.Sub(start)
	return nil
}

// AbsenceCover says what the allowance covers of an absence, as it stands
// now that it is charged: for the reports, the player's acknowledgement and
// the others' notice. a.Recorded must be set.
func (g *Game) AbsenceCover(a Absence) string {
	pl := g.player(a.Player)
	if a.Covered == nil || pl == nil {
		return "A deadline that falls in that window moves to its end, within the game's allowance."
	}
	start := a.start()
	spent := a.Covered.Sub(start)
	left := FormatDuration(g.AbsenceLeft(pl))
	switch {
	case spent <= 0:
		return fmt.Sprintf("%s's absence allowance (%s) is used up: no deadline moves for it. No missed step counts towards civil disorder while %s is away.", a.Player, FormatDuration(g.allowance()), a.Player)
	case !a.Covered.Before(a.Until):
		return fmt.Sprintf("A deadline of %s's steps that falls in it moves to its end; it spends %s of the absence allowance, once, whatever happens meanwhile (%s left). No missed step counts towards civil disorder while %s is away.", a.Player, FormatDuration(spent), left, a.Player)
	}
	return fmt.Sprintf("%s's absence allowance runs out with it: a deadline of %s's steps that falls in it up to %s moves there, but later ones do not (%s spent, none left). No missed step counts towards civil disorder while %s is away.", a.Player, a.Player, FormatTime(*a.Covered), FormatDuration(spent), a.Player)
}

// awayAt reports whether the player is away at t by an absence recorded
// with what it covers (the old rule let misses count).
func (pl *Player) awayAt(t time.Time) bool {
	for _, a := range pl.Absences {
		if a.Covered != nil && !t.Before(a.From) && t.Before(a.Until) {
			return true
		}
	}
	return false
}

// extendForAbsences moves the deadline out of the absences of awaited
// players that it falls in: to what each covers, free (see above); and,
// with old, by the rule of absences recorded before (each move charged
// the time it adds, within the allowance). It reports whether the
// deadline moved.
func (g *Game) extendForAbsences(old bool) bool {
	if g.Deadline.IsZero() {
		return false
	}
	moved := false
	for changed := true; changed; {
		changed = false
		for _, name := range g.Awaiting() {
			pl := g.player(name)
			for _, a := range pl.Absences {
				if a.Covered != nil {
					if !g.Deadline.Before(a.From) && g.Deadline.Before(*a.Covered) {
						g.Deadline, changed = *a.Covered, true
					}
					continue
				}
				if !old || g.Deadline.Before(a.From) || !g.Deadline.Before(a.Until) {
					continue
				}
				ext := min(a.Until.Sub(g.Deadline), g.allowance()-pl.AbsenceUsed)
				if ext <= 0 {
					continue
				}
				pl.AbsenceUsed += ext
				g.Deadline = g.Deadline.Add(ext)
				changed = true
			}
		}
		moved = moved || changed
	}
	return moved
}
