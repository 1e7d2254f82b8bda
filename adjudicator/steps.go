package adjudicator

import (
	"time"

	"taipan/events"
)

// A StepClose is one closing of a step as a game's log records it.
type StepClose struct {
	// Step is the step closed; 0 is the set-up.
	Step int
	// At is when it closed (for the set-up, the seed event's time).
	At time.Time
	// Seq is the event that closed it.
	Seq int64
	// Reason says why it closed, in words ("" for the set-up).
	Reason string
	// Voided is true when a later rollback voided the closing: the step
	// was played again, and this closing's report no longer stands.
	Voided bool
}

// StepCloses lists the closings of a game's steps in log order, from its
// whole log: the set-up and every step-closed event, those a rollback
// voided marked. Feeds and calendars read a game's history from it.
func StepCloses(evs []events.Event) []StepClose {
	voided := Voided(evs)
	var out []StepClose
	for _, e := range evs {
		switch e.Kind {
		case KindSeed:
			out = append(out, StepClose{Step: 0, At: e.RecordedAt, Seq: e.Seq})
		case KindClosed:
			p, err := decodeClosed(e.Payload)
			if err != nil {
				continue // replay refuses such a log; nothing to list
			}
			_, v := voided[e.Seq]
			out = append(out, StepClose{Step: p.Step, At: e.RecordedAt, Seq: e.Seq, Reason: reasonText(p.Reason), Voided: v})
		}
	}
	return out
}
