package events

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"

	"taipan"
)

// Store is the SQLite database holding the event log and Taipan's
// operational tables. It is safe for concurrent use, also by several
// processes on the same file: writers take SQLite's write lock at the start
// of each transaction (BEGIN IMMEDIATE) and wait up to the busy timeout.
type Store struct {
	db       *sql.DB
	tampered string
}

// BusyTimeout is how long a writer waits for another writer's lock.
const BusyTimeout = 10 * time.Second

// Open opens (creating if needed) the database file at path, in WAL mode,
// and applies the schema.
func Open(path string) (*Store, error) {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", BusyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{db: db}
	if s.tampered, err = s.checkTriggers(); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if _, err := db.Exec(taipan.Schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: apply schema: %w", path, err)
	}
	return s, nil
}

// appendOnlyTriggers are the schema's guards of the events table.
var appendOnlyTriggers = []string{"events_no_update", "events_no_delete"}

// checkTriggers looks, before the schema is (re)applied, for an events table
// whose append-only triggers someone dropped.
func (s *Store) checkTriggers() (string, error) {
	var tables int
	if err := s.db.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'events'`).Scan(&tables); err != nil {
		return "", err
	}
	if tables == 0 {
		return "", nil // a new database
	}
	var missing []string
	for _, name := range appendOnlyTriggers {
		var n int
		if err := s.db.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = ?`, name).Scan(&n); err != nil {
			return "", err
		}
		if n == 0 {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("the append-only triggers %v had been dropped from the database (they are restored now); its events may have been changed", missing), nil
	}
	return "", nil
}

// Tampered describes signs, found when the store was opened, that the
// database was altered behind Taipan's back; "" when there were none.
func (s *Store) Tampered() string { return s.tampered }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// DB is the underlying database, for the operational tables.
func (s *Store) DB() *sql.DB { return s.db }

// Tx is a write transaction: appends and operational writes made through it
// land together or not at all.
type Tx struct {
	tx       *sql.Tx
	onCommit []func()
}

// OnCommit registers f to run once the transaction has committed, in the
// order registered; it never runs if the transaction rolls back. Callers use
// it to publish what the transaction wrote (e.g. a cache of replayed games).
func (t *Tx) OnCommit(f func()) { t.onCommit = append(t.onCommit, f) }

// SQL is the transaction, for operational tables written in the same commit
// as events (the inbox's Message-IDs, the outbox).
func (t *Tx) SQL() *sql.Tx { return t.tx }

// Update runs fn in a write transaction and commits it if fn returns nil.
// Because the transaction holds the database's write lock from its start,
// what fn reads is still current when it appends.
func (s *Store) Update(ctx context.Context, fn func(*Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	t := &Tx{tx: tx}
	if err := fn(t); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	for _, f := range t.onCommit {
		f()
	}
	return nil
}

// Timestamp is t as the log records it: UTC, to the millisecond.
func Timestamp(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// Append adds an event to game's log with the next sequence number, the
// payload in canonical JSON and the hash chained to the previous event.
func (t *Tx) Append(ctx context.Context, game, kind, actor string, payload any, at time.Time) (Event, error) {
	body, err := Canonical(payload)
	if err != nil {
		return Event{}, err
	}
	e := Event{Game: game, Kind: kind, Actor: actor, Payload: body, RecordedAt: Timestamp(at)}
	last, prev, err := t.Last(ctx, game)
	if err != nil {
		return Event{}, fmt.Errorf("append to %s: %w", game, err)
	}
	e.Seq = last + 1
	e.PrevHash = prev
	e.Hash = e.ComputeHash()
	return e, t.insert(ctx, e)
}

func (t *Tx) insert(ctx context.Context, e Event) error {
	_, err := t.tx.ExecContext(ctx,
		`INSERT INTO events (game_id, seq, kind, actor, payload, recorded_at, prev_hash, hash)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Game, e.Seq, e.Kind, e.Actor, string(e.Payload), e.RecordedAt.Format(time.RFC3339Nano), e.PrevHash, e.Hash)
	if err != nil {
		return fmt.Errorf("append %s: %w", e.String(), err)
	}
	return nil
}

// Last returns the sequence number and hash of game's last event (0 and ""
// for a game without events), read inside the transaction.
func (t *Tx) Last(ctx context.Context, game string) (int64, string, error) {
	var seq int64
	var hash string
	err := t.tx.QueryRowContext(ctx,
		`SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1`, game).Scan(&seq, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	return seq, hash, err
}

// Events returns game's whole log in order, read inside the transaction.
func (t *Tx) Events(ctx context.Context, game string) ([]Event, error) {
	return readEvents(ctx, t.tx, game)
}

// Events returns game's whole log in order; nil if the game has none.
func (s *Store) Events(ctx context.Context, game string) ([]Event, error) {
	return readEvents(ctx, s.db, game)
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func readEvents(ctx context.Context, q querier, game string) ([]Event, error) {
	rows, err := q.QueryContext(ctx,
		`SELECT game_id, seq, kind, actor, payload, recorded_at, prev_hash, hash
		 FROM events WHERE game_id = ? ORDER BY seq`, game)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", game, err)
	}
	defer rows.Close()
	var evs []Event
	for rows.Next() {
		var e Event
		var payload, at string
		if err := rows.Scan(&e.Game, &e.Seq, &e.Kind, &e.Actor, &payload, &at, &e.PrevHash, &e.Hash); err != nil {
			return nil, fmt.Errorf("read %s: %w", game, err)
		}
		e.Payload = []byte(payload)
		if e.RecordedAt, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return nil, fmt.Errorf("read %s#%d: bad time %q", game, e.Seq, at)
		}
		evs = append(evs, e)
	}
	return evs, rows.Err()
}

// Games lists the ids of the games in the store, sorted.
func (s *Store) Games(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT game_id FROM events ORDER BY game_id`)
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

// ErrExists is returned by Import for a game the store already has.
var ErrExists = errors.New("game already exists")

// Import stores a whole log exported elsewhere, exactly as it was (same
// sequence numbers, times and hashes), after checking its chain. The game
// must not exist in this store yet.
func (t *Tx) Import(ctx context.Context, evs []Event) error {
	if len(evs) == 0 {
		return errors.New("import: the log is empty")
	}
	if err := Verify(evs); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	var n int
	if err := t.tx.QueryRowContext(ctx, `SELECT count(*) FROM events WHERE game_id = ?`, evs[0].Game).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return fmt.Errorf("import %s: %w", evs[0].Game, ErrExists)
	}
	for _, e := range evs {
		if err := t.insert(ctx, e); err != nil {
			return err
		}
	}
	return nil
}
