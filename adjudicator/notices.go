package adjudicator

import (
	"context"
	"fmt"
	"time"

	"taipan/events"
)

// Notice is an event of a game that its people are told of between
// reports (NoticeKinds): press to relay, an absence, a deadline the GM
// changed, the GM's pause, resume or grace. It is the core's reading of
// the event, so that the mail gateway tells of it without decoding the
// log.
type Notice struct {
	Seq  int64
	Kind string // one of NoticeKinds
	At   time.Time
	// Press is the message of KindPress, its sender resolved (whoever
	// the GM or the CLI sent it for).
	Press *PressItem
	// Absence is the absence of KindAbsence, as declared.
	Absence *Absence
	// Deadline is the change of KindDeadline.
	Deadline *DeadlineSet
	// Reason is the GM's reason of KindPause, KindResume and KindGrace;
	// Grace is the grace period KindGrace sets.
	Reason string
	Grace  time.Duration
}

// NoticesTx reads game's notices after the event after, in order, as tx
// sees the log.
func (h *Host) NoticesTx(ctx context.Context, tx *events.Tx, game string, after int64) ([]Notice, error) {
	evs, err := tx.EventsAfter(ctx, game, after, NoticeKinds...)
	if err != nil {
		return nil, err
	}
	out := make([]Notice, 0, len(evs))
	for _, e := range evs {
		n, err := noticeOf(e)
		if err != nil {
			return nil, fmt.Errorf("event %s: %w", e.String(), err)
		}
		out = append(out, n)
	}
	return out, nil
}

// noticeOf reads one event of the NoticeKinds.
func noticeOf(e events.Event) (Notice, error) {
	n := Notice{Seq: e.Seq, Kind: e.Kind, At: e.RecordedAt}
	switch e.Kind {
	case KindPress:
		var p PressPayload
		if err := e.Decode(&p); err != nil {
			return n, err
		}
		from := e.Actor
		if p.From != "" {
			from = p.From
		}
		n.Press = &PressItem{Step: p.Step, From: from, To: p.To, Text: p.Text, Grey: p.Grey, At: e.RecordedAt}
	case KindAbsence:
		var a Absence
		if err := e.Decode(&a); err != nil {
			return n, err
		}
		a.Recorded = e.RecordedAt
		n.Absence = &a
	case KindDeadline:
		var d DeadlineSet
		if err := e.Decode(&d); err != nil {
			return n, err
		}
		n.Deadline = &d
	case KindPause, KindResume:
		var p GMNote
		if err := e.Decode(&p); err != nil {
			return n, err
		}
		n.Reason = p.Reason
	case KindGrace:
		var p GraceSet
		if err := e.Decode(&p); err != nil {
			return n, err
		}
		n.Reason, n.Grace = p.Reason, time.Duration(p.Grace)
	}
	return n, nil
}
