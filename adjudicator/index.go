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
	CloseAt  time.Time // when the clock closes the step: the deadline and the grace; zero while paused or without one
	Finished bool
	Paused   bool
}

// SummaryOf sums g up for the index.
func SummaryOf(g *Game) Summary {
	s := Summary{ID: g.ID, Engine: g.Engine.Version(), Seq: g.Seq, Hash: g.Hash, Step: g.Step, Phase: g.Status.Phase, CloseAt: g.CloseAt(), Finished: g.Status.Finished, Paused: g.Paused}
	if g.Status.Finished {
		s.Step = g.Last.Step
	} else {
		s.Awaiting = g.Awaiting()
	}
	return s
}

// writeIndex records g's summary in the games index, inside tx, and its
// people too when people says its roster changed. Once tx commits, the
// Host's mark of changes moves on (Changes).
func (h *Host) writeIndex(ctx context.Context, tx *events.Tx, g *Game, people bool) error {
	tx.OnCommit(h.changes.note)
	if people {
		if err := writePeople(ctx, tx, g); err != nil {
			return err
		}
	}
	s := SummaryOf(g)
	var closeAt any
	if !s.CloseAt.IsZero() {
		closeAt = events.SortableTime(s.CloseAt)
	}
	return tx.Later(ctx,
		`INSERT INTO games (game_id, engine, last_seq, last_hash, step, phase, awaiting, deadline, finished, paused)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		 ON CONFLICT (game_id) DO UPDATE SET engine = excluded.engine, last_seq = excluded.last_seq,
		   last_hash = excluded.last_hash, step = excluded.step, phase = excluded.phase,
		   awaiting = excluded.awaiting, deadline = excluded.deadline, finished = excluded.finished,
		   paused = excluded.paused`,
		s.ID, s.Engine, s.Seq, s.Hash, s.Step, s.Phase, strings.Join(s.Awaiting, ","), closeAt, flag(s.Finished), flag(s.Paused))
}

// List returns every game of the store from the games index, oldest id
// first, after indexing any game the index lacks or holds stale (written by
// a build without the index, or imported).
func (h *Host) List(ctx context.Context) ([]Summary, error) {
	if err := h.reconcile(ctx); err != nil {
		return nil, err
	}
	return h.summaries(ctx)
}

// Summaries returns every game of the store from the games index, oldest
// id first; the index is checked against the log once per Host (List
// checks it every time).
func (h *Host) Summaries(ctx context.Context) ([]Summary, error) {
	if err := h.ensureIndexed(ctx); err != nil {
		return nil, err
	}
	return h.summaries(ctx)
}

func (h *Host) summaries(ctx context.Context) ([]Summary, error) {
	rows, err := h.Store.Query(ctx, `SELECT `+summaryColumns+` FROM games ORDER BY game_id`)
	if err != nil {
		return nil, err
	}
	return scanSummaries(rows)
}

// summaryColumns are the columns of the games index a Summary is read
// from, in scanSummaries's order.
const summaryColumns = `game_id, engine, last_seq, last_hash, step, phase, awaiting, deadline, finished, paused`

// scanSummaries reads rows of summaryColumns, and closes them.
func scanSummaries(rows *sql.Rows) ([]Summary, error) {
	defer rows.Close()
	var out []Summary
	for rows.Next() {
		var s Summary
		var awaiting string
		var deadline sql.NullString
		if err := rows.Scan(&s.ID, &s.Engine, &s.Seq, &s.Hash, &s.Step, &s.Phase, &awaiting, &deadline, &s.Finished, &s.Paused); err != nil {
			return nil, err
		}
		if awaiting != "" {
			s.Awaiting = strings.Split(awaiting, ",")
		}
		if deadline.Valid {
			s.CloseAt, _ = time.Parse(time.RFC3339, deadline.String)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// reconcile indexes again the games whose index row is missing or does
// not end at their log's last event (written by a build without the index,
// say, or imported), people and all.
func (h *Host) reconcile(ctx context.Context) error {
	heads, err := h.Store.Heads(ctx)
	if err != nil {
		return err
	}
	indexed := map[events.Head]bool{}
	rows, err := h.Store.Query(ctx, `SELECT game_id, last_seq, last_hash FROM games`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var hd events.Head
		if err := rows.Scan(&hd.Game, &hd.Seq, &hd.Hash); err != nil {
			rows.Close()
			return err
		}
		indexed[hd] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, hd := range heads {
		if indexed[hd] {
			continue
		}
		err := h.Store.Update(ctx, func(tx *events.Tx) error {
			if err := tx.LockGame(ctx, hd.Game); err != nil {
				return err
			}
			g, err := h.replayTx(ctx, tx, hd.Game)
			if err != nil {
				return err
			}
			return h.writeIndex(ctx, tx, g, true)
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
	rows, err := h.Store.Query(ctx,
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

// flag is a boolean as both databases store it: 1 or 0.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
