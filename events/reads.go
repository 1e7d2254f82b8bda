package events

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The typed reads of the log beyond a game's whole log (Events) and its
// head (Last): what the core's projections need, so that no other package
// writes SQL on the events table.

// EventsAfter returns game's events after the event after (0: from the
// first), of the given kinds (none given: of every kind), in order, as tx
// sees them. Their hash chain is not included: they are read for what
// they say, not to be verified.
func (t *Tx) EventsAfter(ctx context.Context, game string, after int64, kinds ...string) ([]Event, error) {
	args := []any{game, after}
	where := ""
	if len(kinds) > 0 {
		marks := make([]string, len(kinds))
		for i, k := range kinds {
			marks[i] = "?"
			args = append(args, k)
		}
		where = ` AND kind IN (` + strings.Join(marks, ", ") + `)`
	}
	rows, err := t.Query(ctx, `SELECT seq, kind, actor, payload, recorded_at, format FROM events
		WHERE game_id = ? AND seq > ?`+where+` ORDER BY seq`, args...)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", game, err)
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		e := Event{Game: game}
		var payload, at string
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Actor, &payload, &at, &e.Format); err != nil {
			return nil, fmt.Errorf("read %s: %w", game, err)
		}
		e.Payload = []byte(payload)
		if e.RecordedAt, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return nil, fmt.Errorf("read %s#%d: bad time %q", game, e.Seq, at)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// HashAt returns the hash of game's event seq as tx sees the log, or ""
// when the log has no such event: whether a game replayed up to that
// event still stands on the same log.
func (t *Tx) HashAt(ctx context.Context, game string, seq int64) (string, error) {
	var hash string
	err := t.QueryRow(ctx, `SELECT hash FROM events WHERE game_id = ? AND seq = ?`, game, seq).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return hash, err
}

// Head is the last event of one game's log.
type Head struct {
	Game string
	Seq  int64
	Hash string
}

// headsQuery walks the log's key from one game id to the next (not
// through every event) and takes each game's last event.
const headsQuery = `
WITH RECURSIVE ids(id) AS (
    SELECT min(game_id) FROM events
    UNION ALL
    SELECT (SELECT min(game_id) FROM events WHERE game_id > ids.id) FROM ids WHERE ids.id IS NOT NULL
)
SELECT id,
    (SELECT seq FROM events WHERE game_id = ids.id ORDER BY seq DESC LIMIT 1),
    (SELECT hash FROM events WHERE game_id = ids.id ORDER BY seq DESC LIMIT 1)
FROM ids WHERE id IS NOT NULL ORDER BY id`

// Heads returns the head of every game's log, sorted by game, in one
// statement of index seeks.
func (s *Store) Heads(ctx context.Context) ([]Head, error) {
	rows, err := s.Query(ctx, headsQuery)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Head
	for rows.Next() {
		var h Head
		if err := rows.Scan(&h.Game, &h.Seq, &h.Hash); err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}
