package events

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
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
	db   *sql.DB
	path string

	// Entropy is where salts and other random bytes come from; nil means
	// crypto/rand. Tests set a fixed stream to write the same log twice.
	Entropy io.Reader

	mu    sync.Mutex
	stmts map[string]*sql.Stmt // prepared once, reused by every transaction
}

// BusyTimeout is how long a writer waits for another writer's lock.
const BusyTimeout = 10 * time.Second

// ErrNoDatabase is returned by OpenExisting when there is no database file.
var ErrNoDatabase = errors.New("no database")

// Open opens the database file at path, creating it (readable by its owner
// only) if it does not exist, in WAL mode, and brings its schema up to this
// build's version.
func Open(path string) (*Store, error) { return open(path, true) }

// OpenExisting is Open for commands that only read or change games: a
// missing file is an error naming the path, never a new empty database.
func OpenExisting(path string) (*Store, error) { return open(path, false) }

func open(path string, create bool) (*Store, error) {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !create:
		abs, _ := filepath.Abs(path)
		return nil, fmt.Errorf("%w at %s", ErrNoDatabase, abs)
	case errors.Is(err, fs.ErrNotExist):
		// Created here, not by SQLite, to choose its mode: the database holds
		// the seeds and every order. SQLite gives its -wal and -shm files the
		// mode of the database.
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("create %s: %w", path, err)
		}
		if f != nil {
			f.Close()
		}
	case err != nil:
		return nil, fmt.Errorf("open %s: %w", path, err)
	default:
		restrictMode(path, info)
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", BusyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{db: db, path: path}
	if err := s.migrate(context.Background()); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return s, nil
}

// restrictMode takes away the permissions of others (not of the group, which
// an operator may have chosen for backups) from a database written by a
// build that created it world-readable, and from its -wal and -shm files.
func restrictMode(path string, info fs.FileInfo) {
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if p != path {
			var err error
			if info, err = os.Stat(p); err != nil {
				continue
			}
		}
		if info.Mode().Perm()&0o007 != 0 {
			os.Chmod(p, info.Mode().Perm()&^0o007)
		}
	}
}

// Path is the database file.
func (s *Store) Path() string { return s.path }

// SchemaError is a database written by a newer Taipan, whose schema this
// build does not know.
type SchemaError struct{ Version int }

func (e *SchemaError) Error() string {
	return fmt.Sprintf("the database was written by a newer Taipan (schema version %d; this build knows up to %d): upgrade Taipan to open it", e.Version, taipan.SchemaVersion)
}

// migrate brings the schema up to this build's version, one migration per
// version in its own transaction, then applies the whole (idempotent)
// schema, which restores anything dropped. Dropped append-only triggers are
// recorded in the integrity table first, so that every audit from now on
// reports them.
func (s *Store) migrate(ctx context.Context) error {
	var tables int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'events'`).Scan(&tables); err != nil {
		return err
	}
	var finding string
	if tables > 0 {
		var err error
		if finding, err = s.checkTriggers(ctx); err != nil {
			return err
		}
	}
	for {
		done, err := s.migrateOnce(ctx, tables > 0)
		if err != nil {
			return err
		}
		if done {
			break
		}
	}
	if _, err := s.db.ExecContext(ctx, taipan.Schema); err != nil {
		return fmt.Errorf("apply schema: %w", err)
	}
	if finding != "" {
		if _, err := s.db.ExecContext(ctx, `INSERT INTO integrity (detected_at, finding) VALUES (?, ?)`,
			Timestamp(time.Now()).Format(time.RFC3339Nano), finding); err != nil {
			return err
		}
	}
	return nil
}

// migrateOnce takes the schema one version forward, under the write lock so
// that two processes opening an old database do not both migrate it. It
// reports whether the schema is current.
func (s *Store) migrateOnce(ctx context.Context, existed bool) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var version int
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return false, err
	}
	switch {
	case version == 0 && !existed:
		// A new database: the whole schema, at this build's version.
		if _, err := tx.ExecContext(ctx, taipan.Schema); err != nil {
			return false, fmt.Errorf("apply schema: %w", err)
		}
		version = taipan.SchemaVersion
	case version == 0:
		version = 1 // written before the version was recorded
		fallthrough
	default:
		if version > taipan.SchemaVersion {
			return false, &SchemaError{Version: version}
		}
		if version == taipan.SchemaVersion {
			return true, nil
		}
		script, err := taipan.Migration(version + 1)
		if err != nil {
			return false, err
		}
		if _, err := tx.ExecContext(ctx, script); err != nil {
			return false, fmt.Errorf("migrate the schema to version %d: %w", version+1, err)
		}
		version++
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, version)); err != nil {
		return false, err
	}
	if err := tx.Commit(); err != nil {
		return false, err
	}
	return version == taipan.SchemaVersion, nil
}

// SchemaVersion reads the database's schema version.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v)
	return v, err
}

// appendOnlyTriggers are the schema's guards of the events table.
var appendOnlyTriggers = []string{"events_no_update", "events_no_delete"}

// checkTriggers looks, before the schema is (re)applied, for an events table
// whose append-only triggers someone dropped.
func (s *Store) checkTriggers(ctx context.Context) (string, error) {
	var missing []string
	for _, name := range appendOnlyTriggers {
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = ?`, name).Scan(&n); err != nil {
			return "", err
		}
		if n == 0 {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("the append-only triggers %v had been dropped from the database (restored when found); its events may have been changed", missing), nil
	}
	return "", nil
}

// Integrity lists the signs, ever found when the database was opened, that
// it was altered behind Taipan's back, each with when it was found; none
// for a database that never showed any.
func (s *Store) Integrity(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT detected_at, finding FROM integrity ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var at, finding string
		if err := rows.Scan(&at, &finding); err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprintf("%s (found %s)", finding, at))
	}
	return out, rows.Err()
}

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
	tx           *sql.Tx
	store        *Store
	stmts        map[string]*sql.Stmt // the store's statements, bound to tx
	beforeCommit []func() error
	onCommit     []func()
}

// OnCommit registers f to run once the transaction has committed, in the
// order registered; it never runs if the transaction rolls back. Callers use
// it to publish what the transaction wrote (e.g. a cache of replayed games).
func (t *Tx) OnCommit(f func()) { t.onCommit = append(t.onCommit, f) }

// BeforeCommit registers f to run, in the transaction, once the function
// given to Update has returned without error and before the commit; an
// error from f rolls everything back. Callers use it to write what is
// derived from the transaction's final state (an index row).
func (t *Tx) BeforeCommit(f func() error) { t.beforeCommit = append(t.beforeCommit, f) }

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
	for _, f := range t.beforeCommit {
		if err := f(); err != nil {
			tx.Rollback()
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	for _, f := range t.onCommit {
		f()
	}
	return nil
}

// SortableTime writes t in UTC with a fixed width, so that times compare as
// text in SQL: 2026-12-01T09:00:00.000Z.
func SortableTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// Timestamp is t as the log records it: UTC, to the millisecond.
func Timestamp(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// Random returns n random bytes from the store's Entropy.
func (s *Store) Random(n int) ([]byte, error) {
	b := make([]byte, n)
	r := s.Entropy
	if r == nil {
		r = rand.Reader
	}
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, fmt.Errorf("random bytes: %w", err)
	}
	return b, nil
}

// Append adds an event to game's log with the next sequence number, the
// payload in canonical JSON and the hash chained to the previous event. A
// game's log keeps the format of its first event; a new game is written in
// CurrentFormat.
func (t *Tx) Append(ctx context.Context, game, kind, actor string, payload any, at time.Time) (Event, error) {
	body, err := Canonical(payload)
	if err != nil {
		return Event{}, err
	}
	e := Event{Game: game, Kind: kind, Actor: actor, Payload: body, RecordedAt: Timestamp(at)}
	last, prev, format, err := t.last(ctx, game)
	if err != nil {
		return Event{}, fmt.Errorf("append to %s: %w", game, err)
	}
	e.Seq, e.PrevHash, e.Format = last+1, prev, format
	if last == 0 {
		e.Format = CurrentFormat
	}
	if e.Format >= Format2 {
		salt, err := t.store.Random(SaltSize)
		if err != nil {
			return Event{}, err
		}
		e.Salt = hex.EncodeToString(salt)
	}
	e.Hash = e.ComputeHash()
	return e, t.insert(ctx, e)
}

func (t *Tx) insert(ctx context.Context, e Event) error {
	_, err := t.Exec(ctx,
		`INSERT INTO events (game_id, seq, kind, actor, payload, recorded_at, prev_hash, hash, format, salt)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Game, e.Seq, e.Kind, e.Actor, string(e.Payload), e.RecordedAt.Format(time.RFC3339Nano), e.PrevHash, e.Hash, e.Format, e.Salt)
	if err != nil {
		return fmt.Errorf("append %s: %w", e.String(), err)
	}
	return nil
}

// lastQuery finds a game's last event.
const lastQuery = `SELECT seq, hash, format FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1`

// Last returns the sequence number and hash of game's last event (0 and ""
// for a game without events), read inside the transaction.
func (t *Tx) Last(ctx context.Context, game string) (int64, string, error) {
	seq, hash, _, err := t.last(ctx, game)
	return seq, hash, err
}

func (t *Tx) last(ctx context.Context, game string) (int64, string, int, error) {
	return scanLast(t.QueryRow(ctx, lastQuery, game))
}

// Last is Tx.Last outside a transaction: a cheap read for deciding whether
// a write is needed at all.
func (s *Store) Last(ctx context.Context, game string) (int64, string, error) {
	seq, hash, _, err := scanLast(s.db.QueryRowContext(ctx, lastQuery, game))
	return seq, hash, err
}

func scanLast(row *sql.Row) (int64, string, int, error) {
	var seq int64
	var hash string
	var format int
	err := row.Scan(&seq, &hash, &format)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", 0, nil
	}
	return seq, hash, format, err
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
		`SELECT game_id, seq, kind, actor, payload, recorded_at, prev_hash, hash, format, salt
		 FROM events WHERE game_id = ? ORDER BY seq`, game)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", game, err)
	}
	defer rows.Close()
	var evs []Event
	for rows.Next() {
		var e Event
		var payload, at string
		if err := rows.Scan(&e.Game, &e.Seq, &e.Kind, &e.Actor, &payload, &at, &e.PrevHash, &e.Hash, &e.Format, &e.Salt); err != nil {
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

// Games lists the ids of the games in the store, sorted. It seeks from one
// game to the next through the log's key instead of reading every event.
func (s *Store) Games(ctx context.Context) ([]string, error) {
	var ids []string
	last := ""
	for {
		var id string
		err := s.db.QueryRowContext(ctx, `SELECT game_id FROM events WHERE game_id > ? ORDER BY game_id LIMIT 1`, last).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return ids, nil
		}
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
		last = id
	}
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

// Backup writes a consistent copy of the whole database to path (which must
// not exist, or be empty) while others go on reading and writing it: SQLite's
// VACUUM INTO reads one snapshot. The copy is created readable by its owner
// only, like the database.
func (s *Store) Backup(ctx context.Context, path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	f.Close()
	if _, err := s.db.ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		os.Remove(path)
		return fmt.Errorf("backup to %s: %w", path, err)
	}
	return nil
}
