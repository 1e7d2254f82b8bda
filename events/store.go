package events

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"sync"
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

	mu    sync.Mutex
	stmts map[string]*sql.Stmt // prepared once, reused by every transaction
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
func (s *Store) Close() error {
	s.mu.Lock()
	for _, st := range s.stmts {
		st.Close()
	}
	s.stmts = nil
	s.mu.Unlock()
	return s.db.Close()
}

// prepared returns the statement for query, preparing it on the database
// the first time. SQLite compiles a query anew on every call otherwise,
// which costs more than running most of Taipan's queries.
func (s *Store) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.stmts[query]; st != nil {
		return st, nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if s.stmts == nil {
		s.stmts = map[string]*sql.Stmt{}
	}
	s.stmts[query] = st
	return st, nil
}

// DB is the underlying database, for the operational tables.
func (s *Store) DB() *sql.DB { return s.db }

// Tx is a write transaction: appends and operational writes made through it
// land together or not at all. Like the function given to Update, it is for
// one goroutine.
type Tx struct {
	tx       *sql.Tx
	store    *Store
	stmts    map[string]*sql.Stmt // the store's statements, bound to tx
	onCommit []func()
}

// OnCommit registers f to run once the transaction has committed, in the
// order registered; it never runs if the transaction rolls back. Callers use
// it to publish what the transaction wrote (e.g. a cache of replayed games).
func (t *Tx) OnCommit(f func()) { t.onCommit = append(t.onCommit, f) }

// stmt is the store's prepared statement for query, bound to the transaction.
func (t *Tx) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st := t.stmts[query]; st != nil {
		return st, nil
	}
	st, err := t.store.prepared(ctx, query)
	if err != nil {
		return nil, err
	}
	st = t.tx.StmtContext(ctx, st)
	if t.stmts == nil {
		t.stmts = map[string]*sql.Stmt{}
	}
	t.stmts[query] = st
	return st, nil
}

// Exec runs one SQL statement (not a script) in the transaction, prepared
// once for the life of the store.
func (t *Tx) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// QueryRow runs a query for at most one row in the transaction, prepared
// once for the life of the store. Scan the row before running the same
// query again.
func (t *Tx) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := t.stmt(ctx, query)
	if err != nil {
		// A Row cannot be made with an error; the unprepared query
		// reports the same one when scanned.
		return t.tx.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// Query runs a query in the transaction, prepared once for the life of the
// store. Close the rows before running the same query again: the two would
// share one SQLite statement.
func (t *Tx) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// Update runs fn in a write transaction and commits it if fn returns nil.
// Because the transaction holds the database's write lock from its start,
// what fn reads is still current when it appends.
func (s *Store) Update(ctx context.Context, fn func(*Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	t := &Tx{tx: tx, store: s}
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
	_, err := t.Exec(ctx,
		`INSERT INTO events (game_id, seq, kind, actor, payload, recorded_at, prev_hash, hash)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Game, e.Seq, e.Kind, e.Actor, string(e.Payload), e.RecordedAt.Format(time.RFC3339Nano), e.PrevHash, e.Hash)
	if err != nil {
		return fmt.Errorf("append %s: %w", e.String(), err)
	}
	return nil
}

// lastQuery finds a game's last event.
const lastQuery = `SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1`

// Last returns the sequence number and hash of game's last event (0 and ""
// for a game without events), read inside the transaction.
func (t *Tx) Last(ctx context.Context, game string) (int64, string, error) {
	return scanLast(t.QueryRow(ctx, lastQuery, game))
}

// Last is Tx.Last outside a transaction: a cheap read for deciding whether
// a write is needed at all.
func (s *Store) Last(ctx context.Context, game string) (int64, string, error) {
	return scanLast(s.db.QueryRowContext(ctx, lastQuery, game))
}

func scanLast(row *sql.Row) (int64, string, error) {
	var seq int64
	var hash string
	err := row.Scan(&seq, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	return seq, hash, err
}

// Events returns game's whole log in order, read inside the transaction.
func (t *Tx) Events(ctx context.Context, game string) ([]Event, error) {
	return readEvents(ctx, t.Query, game)
}

// Events returns game's whole log in order; nil if the game has none.
func (s *Store) Events(ctx context.Context, game string) ([]Event, error) {
	return readEvents(ctx, s.db.QueryContext, game)
}

func readEvents(ctx context.Context, query func(context.Context, string, ...any) (*sql.Rows, error), game string) ([]Event, error) {
	rows, err := query(ctx,
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
	if err := t.QueryRow(ctx, `SELECT count(*) FROM events WHERE game_id = ?`, evs[0].Game).Scan(&n); err != nil {
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
