package adjudicator

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"taipan/events"
)

// Summary is a game as the games index lists it: enough for a tick to know
// whether a deadline has passed and for `taipan games` to list it, without
// replaying the log. The index is written in the same transaction as the
// game's events, and is never needed to replay a game.
type Summary struct {
	ID       string
	Engine   string // the engine version the game plays
	Seq      int64  // the last event the summary was made from
	Hash     string
	Step     int // the open step; once the game is over, the last closed one (as status says)
	Phase    string
	Awaiting []string
	Deadline time.Time // zero when there is none
	Finished bool
}

// SummaryOf sums g up for the index.
func SummaryOf(g *Game) Summary {
	s := Summary{ID: g.ID, Engine: g.Engine.Version(), Seq: g.Seq, Hash: g.Hash, Step: g.Step, Phase: g.Status.Phase, Deadline: g.Deadline, Finished: g.Status.Finished}
	if g.Status.Finished {
		s.Step = g.Last.Step
	} else {
		s.Awaiting = g.Awaiting()
	}
	return s
}

// writeIndex records g's summary in the games index, inside tx.
func writeIndex(ctx context.Context, tx *events.Tx, g *Game) error {
	s := SummaryOf(g)
	var deadline any
	if !s.Deadline.IsZero() {
		deadline = events.SortableTime(s.Deadline)
	}
	_, err := tx.Exec(ctx,
		`INSERT INTO games (game_id, engine, last_seq, last_hash, step, phase, awaiting, deadline, finished)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		 ON CONFLICT (game_id) DO UPDATE SET engine = excluded.engine, last_seq = excluded.last_seq,
		   last_hash = excluded.last_hash, step = excluded.step, phase = excluded.phase,
		   awaiting = excluded.awaiting, deadline = excluded.deadline, finished = excluded.finished`,
		s.ID, s.Engine, s.Seq, s.Hash, s.Step, s.Phase, strings.Join(s.Awaiting, ","), deadline, s.Finished)
	return err
}

// List returns every game of the store from the games index, oldest id
// first, after indexing any game the index lacks or holds stale (written by
// a build without the index, or imported).
func (h *Host) List(ctx context.Context) ([]Summary, error) {
	if err := h.reconcile(ctx); err != nil {
		return nil, err
	}
	rows, err := h.Store.DB().QueryContext(ctx,
		`SELECT game_id, engine, last_seq, last_hash, step, phase, awaiting, deadline, finished FROM games ORDER BY game_id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Summary
	for rows.Next() {
		var s Summary
		var awaiting string
		var deadline sql.NullString
		if err := rows.Scan(&s.ID, &s.Engine, &s.Seq, &s.Hash, &s.Step, &s.Phase, &awaiting, &deadline, &s.Finished); err != nil {
			return nil, err
		}
		if awaiting != "" {
			s.Awaiting = strings.Split(awaiting, ",")
		}
		if deadline.Valid {
			s.Deadline, _ = time.Parse(time.RFC3339, deadline.String)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// reconcile indexes the games whose index row is missing or does not end
// at their last event. It seeks from game to game through the log's key, so
// it costs a few lookups per game, not a read of every event.
func (h *Host) reconcile(ctx context.Context) error {
	ids, err := h.Store.Games(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		seq, hash, err := h.Store.Last(ctx, id)
		if err != nil {
			return err
		}
		var iseq int64
		var ihash string
		err = h.Store.DB().QueryRowContext(ctx, `SELECT last_seq, last_hash FROM games WHERE game_id = ?`, id).Scan(&iseq, &ihash)
		if err == nil && iseq == seq && ihash == hash {
			continue
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		err = h.Store.Update(ctx, func(tx *events.Tx) error {
			_, err := h.loadTx(ctx, tx, id)
			return err
		})
		if err != nil {
			// A game that does not replay (a newer format, say) is listed
			// by `taipan games` with its reason; it is no reason to stop.
			var fe *events.FormatError
			var re *ReplayError
			if errors.As(err, &fe) || errors.As(err, &re) || ErrorCode(err) != EINTERNAL {
				continue
			}
			return err
		}
	}
	return nil
}

// due lists the games whose open step's deadline has passed at now, from
// the index.
func (h *Host) due(ctx context.Context, now time.Time) ([]string, error) {
	rows, err := h.Store.DB().QueryContext(ctx,
		`SELECT game_id FROM games WHERE finished = 0 AND deadline IS NOT NULL AND deadline <= ? ORDER BY game_id`,
		events.SortableTime(now))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
