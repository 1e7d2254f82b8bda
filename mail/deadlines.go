package mail

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"taipan/adjudicator"
	"taipan/events"
)

// deadlineNoticesTx tells g's players of a deadline the GM changed (by
// mail or at the command line) for the step still open. It looks at the
// events since it last looked (the mark "deadline" in mail_marks holds the
// last event seen); the first time it sees a game it only sets the mark,
// so that an old game's history is not mailed. Several changes since the
// last look make one notice, of the last. evs is g's whole log.
func (d *Dispatcher) deadlineNoticesTx(ctx context.Context, tx *events.Tx, g *adjudicator.Game, evs []events.Event) error {
	if len(evs) == 0 {
		return nil
	}
	head := evs[len(evs)-1].Seq
	last, known, err := markOf(ctx, tx, g.ID, "deadline")
	if err != nil {
		return err
	}
	if known && !g.Status.Finished {
		var change *events.Event
		for i := range evs {
			if e := &evs[i]; e.Seq > last && e.Kind == adjudicator.KindDeadline {
				change = e
			}
		}
		if change != nil {
			var p adjudicator.DeadlineSet
			if err := json.Unmarshal(change.Payload, &p); err != nil {
				return err
			}
			if p.Step == g.Step {
				if err := d.tellDeadline(ctx, tx, g, change.Seq, p); err != nil {
					return err
				}
			}
		}
	}
	return setMark(ctx, tx, g.ID, "deadline", head)
}

// tellDeadline queues the notice of one deadline change to every player
// still in the game.
func (d *Dispatcher) tellDeadline(ctx context.Context, tx *events.Tx, g *adjudicator.Game, seq int64, p adjudicator.DeadlineSet) error {
	when := "no deadline any more: the step closes once everyone's orders are in, or when the GM closes it"
	if !p.Deadline.IsZero() {
		when = "the new deadline is " + adjudicator.FormatTime(p.Deadline)
	}
	for _, pl := range g.Players {
		if pl.Email == "" || pl.Removed {
			continue
		}
		body := fmt.Sprintf("The GM has changed the deadline of step %d of %s: %s.\nThe GM's reason: %s\n\n%s",
			p.Step, g.ID, when, p.Reason, statusText(g, pl.Name))
		dr := &Draft{Game: g.ID, Kind: KindDeadline, Step: p.Step, To: pl.Email,
			Subject:   gameSubject(g.ID, fmt.Sprintf("step %d: deadline changed", p.Step)),
			Body:      body,
			MessageID: newID(d.Domain, KindDeadline, g.ID, strconv.FormatInt(seq, 10), pl.Name),
			InReplyTo: threadRoot(d.Domain, g.ID, playerKey(pl.Name))}
		if _, err := d.Outbox.Enqueue(ctx, tx, dr); err != nil {
			return err
		}
	}
	return nil
}

// markOf reads a number the mail gateway keeps for a game (see
// mail_marks); known is false when it has none yet.
func markOf(ctx context.Context, tx *events.Tx, game, mark string) (v int64, known bool, err error) {
	var text string
	err = tx.QueryRow(ctx, `SELECT value FROM mail_marks WHERE game_id = ? AND mark = ?`, game, mark).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	v, err = strconv.ParseInt(text, 10, 64)
	return v, err == nil, err
}

// setMark keeps a number for a game.
func setMark(ctx context.Context, tx *events.Tx, game, mark string, v int64) error {
	_, err := tx.Exec(ctx, `INSERT INTO mail_marks (game_id, mark, value) VALUES (?, ?, ?)
		ON CONFLICT (game_id, mark) DO UPDATE SET value = excluded.value`, game, mark, strconv.FormatInt(v, 10))
	return err
}
