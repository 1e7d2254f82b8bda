package events

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Read is a query of a batch (Tx.ReadAll): its statement (? placeholders),
// arguments, and what is done with each row it returns, given the row's
// Scan.
type Read struct {
	Query string
	Args  []any
	Row   func(scan func(dest ...any) error) error
}

// ReadAll runs the statements put off (Later) and then reads, in order: on
// PostgreSQL all of them in one round trip (a pgx batch on the
// transaction's connection), each statement seeing what those before it
// did and waited for; on SQLite one after the other, in the process. It is
// how a transaction reads at once what it will need of many games, instead
// of a round trip for each game and table.
func (t *Tx) ReadAll(ctx context.Context, reads ...Read) error {
	if !t.store.backend.deferred() {
		for _, r := range reads {
			if err := t.readEach(ctx, r); err != nil {
				return err
			}
		}
		return nil
	}
	if t.failed != nil {
		return t.failed
	}
	pending := t.pending
	t.pending = nil
	err := t.sendBatch(ctx, pending, reads)
	if err != nil {
		// A statement of the batch failed, which ends the transaction
		// on PostgreSQL, or a read's rows were not all read.
		t.failed = err
	}
	return err
}

// sendBatch sends pending and then reads in one pgx batch on the
// transaction's own connection (PostgreSQL), and returns the first error.
func (t *Tx) sendBatch(ctx context.Context, pending []statement, reads []Read) error {
	return t.conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("batch: a PostgreSQL connection of type %T", dc)
		}
		pending := coalesce(pending, t.store.shapeOf)
		var batch pgx.Batch
		for _, st := range pending {
			batch.Queue(t.store.batchQuery(st.query), st.args...)
		}
		for _, r := range reads {
			batch.Queue(t.store.batchQuery(r.Query), r.Args...)
		}
		res := c.Conn().SendBatch(ctx, &batch)
		defer res.Close()
		var first error
		for _, st := range pending {
			if _, err := res.Exec(); err != nil && first == nil {
				first = fmt.Errorf("%s: %w", strings.Fields(st.query)[0], err)
			}
		}
		if first != nil {
			return first
		}
		for _, r := range reads {
			if err := readRows(res, r); err != nil {
				return err
			}
		}
		return res.Close()
	})
}

// readRows hands the rows of one read of a batch to its Row.
func readRows(res pgx.BatchResults, r Read) error {
	rows, err := res.Query()
	if err != nil {
		return fmt.Errorf("read %s: %w", strings.Fields(r.Query)[0], err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := r.Row(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// readEach runs one read as a query of the transaction.
func (t *Tx) readEach(ctx context.Context, r Read) error {
	rows, err := t.Query(ctx, r.Query, r.Args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := r.Row(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// LockGames takes the locks of games (LockGame) and reads their heads, with
// reads, in one ReadAll: a batch of mails across many games costs one round
// trip for all their locks and what is read of them, not a few for each.
// The locks are taken in the games' order, in one statement, so that two
// transactions locking some of the same games this way never wait for
// each other in a circle. On SQLite, whose transaction holds the whole
// database, only reads are run.
func (t *Tx) LockGames(ctx context.Context, games []string, reads ...Read) error {
	var todo []string
	for _, g := range games {
		if !t.locked[g] {
			todo = append(todo, g)
		}
	}
	slices.Sort(todo)
	todo = slices.Compact(todo)
	if len(todo) > 0 {
		if err := t.store.backend.lockGames(ctx, t, todo); err != nil {
			return err
		}
		if t.locked == nil {
			t.locked = map[string]bool{}
		}
		for _, g := range todo {
			t.locked[g] = true
		}
		if t.store.backend.deferred() {
			// SQLite reads a head in the process when it is needed.
			reads = append([]Read{t.headsRead(todo)}, reads...)
		}
	}
	return t.ReadAll(ctx, reads...)
}

// headsRead reads the last event of each of games (held) on PostgreSQL,
// kept as Tx.Last would keep it.
func (t *Tx) headsRead(games []string) Read {
	return Read{
		Query: `SELECT u.game, e.seq, e.hash, e.format FROM unnest(?::text[]) AS u(game)
			CROSS JOIN LATERAL (SELECT seq, hash, format FROM events WHERE game_id = u.game ORDER BY seq DESC LIMIT 1) AS e`,
		Args: []any{games},
		Row: func(scan func(...any) error) error {
			var game string
			var h head
			if err := scan(&game, &h.seq, &h.hash, &h.format); err != nil {
				return err
			}
			t.keepHead(game, h)
			return nil
		},
	}
}
