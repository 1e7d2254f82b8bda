package events

import (
	"cmp"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"

	"taipan"
)

// Store is the database holding the event log and Taipan's operational
// tables: an SQLite file (the embedded default) or a PostgreSQL database.
// Both hold the same tables and the same hash chain, behind one contract.
// It is safe for concurrent use, also by several processes on the same
// database. On SQLite, writers take the database's write lock at the start
// of each transaction (BEGIN IMMEDIATE); on PostgreSQL, a transaction that
// changes a game first takes that game's lock (Tx.LockGame), so that two
// workers never act on one game at once while other games go on.
type Store struct {
	db      *sql.DB
	path    string // the SQLite file, or the PostgreSQL URL without its password
	backend backend

	// Entropy is where salts and other random bytes come from; nil means
	// crypto/rand. Tests set a fixed stream to write the same log twice.
	Entropy io.Reader

	mu    sync.Mutex
	stmts map[string]*sql.Stmt // prepared once, reused by every transaction
	// rebound holds the statements of batches (Later, ReadAll) in the
	// database's placeholders, written once each (see batchQuery), and
	// shapes what the batches' coalescing knows of each (coalesce).
	rebound textCache[string]
	shapes  textCache[shape]
}

// textCache remembers what was worked out from each statement text: a
// batch sends every statement put off by every transaction, Taipan's
// statements are a few hundred texts, and working each out again would
// cost more than sending it.
type textCache[V any] struct {
	mu   sync.Mutex
	seen map[string]V
}

// maxCachedTexts bounds a textCache.
const maxCachedTexts = 4096

// get is what work makes of text, worked out once.
func (c *textCache[V]) get(text string, work func(string) V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.seen[text]; ok {
		return v
	}
	v := work(text)
	if c.seen == nil || len(c.seen) >= maxCachedTexts {
		c.seen = map[string]V{}
	}
	c.seen[text] = v
	return v
}

// batchQuery is query in the database's placeholders, for a batch.
func (s *Store) batchQuery(query string) string { return s.rebound.get(query, s.backend.rebind) }

// shapeOf is query's shape, for coalesce.
func (s *Store) shapeOf(query string) shape { return s.shapes.get(query, shapeOf) }

// backend is what differs between the two databases.
type backend interface {
	// name is "sqlite" or "postgres".
	name() string
	// rebind turns a statement written with ? placeholders into the
	// database's own.
	rebind(query string) string
	// migrate brings the schema up to this build's version and records
	// signs of tampering found on the way.
	migrate(ctx context.Context, s *Store) error
	// schemaVersion reads the recorded schema version.
	schemaVersion(ctx context.Context, s *Store) (int, error)
	// lockGame takes game's lock until the transaction ends.
	lockGame(ctx context.Context, t *Tx, game string) error
	// lockGames takes the locks of games, in the order given.
	lockGames(ctx context.Context, t *Tx, games []string) error
	// deferred says whether statements run Later wait for the next one
	// awaited (a database a round trip away), and flush sends them.
	deferred() bool
	flush(ctx context.Context, t *Tx, pending []statement) error
	// backup writes a consistent copy of the database to path.
	backup(ctx context.Context, s *Store, path string) error
}

// ErrNoDatabase is returned by OpenExisting when there is no database.
var ErrNoDatabase = errors.New("no database")

// Open opens the database target names — a file path for SQLite, or a
// postgres:// URL — creating it if it does not exist (an SQLite file readable
// by its owner only; on PostgreSQL the database must exist, and its tables
// are made), and brings its schema up to this build's version.
func Open(target string) (*Store, error) { return open(target, true) }

// OpenExisting is Open for commands that only read or change games: a
// missing SQLite file is an error naming the path, never a new empty
// database; a PostgreSQL database must hold Taipan's tables already.
func OpenExisting(target string) (*Store, error) { return open(target, false) }

// IsPostgres reports whether target names a PostgreSQL database.
func IsPostgres(target string) bool {
	return strings.HasPrefix(target, "postgres://") || strings.HasPrefix(target, "postgresql://")
}

func open(target string, create bool) (*Store, error) {
	if IsPostgres(target) {
		return openPostgres(target, create)
	}
	return openSQLite(target, create)
}

// Path names the database: the SQLite file, or the PostgreSQL URL without
// its password.
func (s *Store) Path() string { return s.path }

// Backend is "sqlite" or "postgres".
func (s *Store) Backend() string { return s.backend.name() }

// SchemaVersion reads the database's schema version.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	return s.backend.schemaVersion(ctx, s)
}

// Backup writes a consistent copy of the whole database to path while
// others go on reading and writing it.
func (s *Store) Backup(ctx context.Context, path string) error {
	return s.backend.backup(ctx, s, path)
}

// SchemaError is a database written by a newer Taipan, whose schema this
// build does not know.
type SchemaError struct{ Version int }

func (e *SchemaError) Error() string {
	return fmt.Sprintf("the database was written by a newer Taipan (schema version %d; this build knows up to %d): upgrade Taipan to open it", e.Version, taipan.SchemaVersion)
}

// nowUTC and rfc3339Nano are the clock and layout of operational rows.
func nowUTC() time.Time { return time.Now().UTC() }

const rfc3339Nano = time.RFC3339Nano

// recordFinding keeps a sign of tampering in the integrity table.
func (s *Store) recordFinding(ctx context.Context, finding string) error {
	_, err := s.Exec(ctx, `INSERT INTO integrity (detected_at, finding) VALUES (?, ?)`,
		Timestamp(time.Now()).Format(time.RFC3339Nano), finding)
	return err
}

// Exec runs one statement outside a transaction (? placeholders).
func (s *Store) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return s.db.ExecContext(ctx, s.backend.rebind(query), args...)
}

// Query runs a query outside a transaction (? placeholders).
func (s *Store) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return s.db.QueryContext(ctx, s.backend.rebind(query), args...)
}

// QueryRow runs a query for at most one row outside a transaction (?
// placeholders).
func (s *Store) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return s.db.QueryRowContext(ctx, s.backend.rebind(query), args...)
}

// Integrity lists the signs, ever found when the database was opened, that
// it was altered behind Taipan's back, each with when it was found; none
// for a database that never showed any.
func (s *Store) Integrity(ctx context.Context) ([]string, error) {
	rows, err := s.Query(ctx, `SELECT detected_at, finding FROM integrity ORDER BY id`)
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
	st, err := s.db.PrepareContext(ctx, s.backend.rebind(query))
	if err != nil {
		return nil, err
	}
	if s.stmts == nil {
		s.stmts = map[string]*sql.Stmt{}
	}
	s.stmts[query] = st
	return st, nil
}

// DB is the underlying database. Statements through it must use the
// backend's own placeholders; prefer Exec, Query and QueryRow, which take ?.
func (s *Store) DB() *sql.DB { return s.db }

// LockGame takes game's lock until the transaction ends, so that no other
// writer acts on the game meanwhile: on SQLite the transaction holds the
// whole database already; on PostgreSQL it is an advisory lock of the game,
// taken with the transaction's next statement (Later), before that runs:
// nothing the transaction reads or writes afterwards comes before it.
func (t *Tx) LockGame(ctx context.Context, game string) error {
	if t.locked[game] {
		return nil
	}
	if err := t.store.backend.lockGame(ctx, t, game); err != nil {
		return err
	}
	if t.locked == nil {
		t.locked = map[string]bool{}
	}
	t.locked[game] = true
	return nil
}

// Holds reports whether the transaction holds game's lock (LockGame): while
// it does, nobody else changes the game, and what the transaction read of
// it stays true until it ends.
func (t *Tx) Holds(game string) bool { return t.locked[game] }

// Savepoint marks a point of the transaction that RollbackTo can return
// to; Release forgets it, keeping what came after.
func (t *Tx) Savepoint(ctx context.Context, name string) error {
	return t.Later(ctx, "SAVEPOINT "+name)
}

// RollbackTo undoes what the transaction did since the savepoint name, and
// forgets what it knew of the games' heads and locks (on PostgreSQL a lock
// taken since then is let go).
func (t *Tx) RollbackTo(ctx context.Context, name string) error {
	clear(t.locked)
	clear(t.heads)
	for _, key := range t.reads {
		delete(t.locals, key)
	}
	_, err := t.Exec(ctx, "ROLLBACK TO "+name)
	return err
}

// Release forgets the savepoint name, keeping what came after it.
func (t *Tx) Release(ctx context.Context, name string) error {
	return t.Later(ctx, "RELEASE "+name)
}

// Tx is a write transaction: appends and operational writes made through it
// land together or not at all. Like the function given to Update, it is for
// one goroutine.
type Tx struct {
	tx    *sql.Tx
	conn  *sql.Conn // the connection tx runs on
	store *Store
	// pending holds the statements run Later and not yet sent; failed is
	// the first error one of them met, which fails the transaction.
	pending      []statement
	failed       error
	stmts        map[string]*sql.Stmt // the store's statements, bound to tx
	beforeCommit []func() error
	onCommit     []func()
	locals       map[any]any // Local
	reads        []any       // the keys of locals set by SetRead
	// The games this transaction holds (LockGame), and the last event of
	// each as it has read or appended it: while a game is held nobody
	// else appends to it, so its head need not be read again.
	locked map[string]bool
	heads  map[string]head
}

// head is a game's last event, as Last reads it.
type head struct {
	seq    int64
	hash   string
	format int
}

// Local is what SetLocal stored under key in this transaction, or nil.
// Callers keep there what lives as long as the transaction (the games it
// has changed so far, so that a second change to one in the same
// transaction starts from the first's result).
func (t *Tx) Local(key any) any { return t.locals[key] }

// SetRead stores v under key as SetLocal does, for what the transaction
// has read: RollbackTo forgets it, since what it read may have been
// written since the savepoint.
func (t *Tx) SetRead(key, v any) {
	t.reads = append(t.reads, key)
	t.SetLocal(key, v)
}

// SetLocal stores v under key for the transaction's length.
func (t *Tx) SetLocal(key, v any) {
	if t.locals == nil {
		t.locals = map[any]any{}
	}
	t.locals[key] = v
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

// statement is a statement run Later: its query (? placeholders) and
// arguments.
type statement struct {
	query string
	args  []any
}

// Later runs a statement whose result nobody waits for (an insert, an
// update, a lock) together with the next statement that is awaited: on
// PostgreSQL the statements put off are sent at once, in one round trip,
// before the transaction's next other statement or its commit, in the
// order they were run; on SQLite, in the process, at once. An error is
// returned then, or by the statement that sent it, and fails the whole
// transaction: Update returns it.
func (t *Tx) Later(ctx context.Context, query string, args ...any) error {
	if t.failed != nil {
		return t.failed
	}
	if !t.store.backend.deferred() {
		_, err := t.Exec(ctx, query, args...)
		return err
	}
	t.pending = append(t.pending, statement{query, args})
	return nil
}

// flush sends the statements put off by Later.
func (t *Tx) flush(ctx context.Context) error {
	if t.failed != nil {
		return t.failed
	}
	if len(t.pending) == 0 {
		return nil
	}
	pending := t.pending
	t.pending = nil
	if err := t.store.backend.flush(ctx, t, pending); err != nil {
		t.failed = err
		return err
	}
	return nil
}

// stmt is the store's prepared statement for query, bound to the
// transaction, once what Later put off has been sent.
func (t *Tx) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if err := t.flush(ctx); err != nil {
		return nil, err
	}
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
		// reports one when scanned (and a statement put off that failed
		// is the error Update returns).
		return t.tx.QueryRowContext(ctx, t.store.backend.rebind(query), args...)
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
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	t := &Tx{tx: tx, conn: conn, store: s}
	// A statement put off by Later that failed is the transaction's
	// error, whatever fn made of what followed it.
	fail := func(err error) error {
		tx.Rollback()
		if t.failed != nil {
			return t.failed
		}
		return err
	}
	if err := fn(t); err != nil {
		return fail(err)
	}
	for _, f := range t.beforeCommit {
		if err := f(); err != nil {
			return fail(err)
		}
	}
	if err := t.flush(ctx); err != nil {
		return fail(err)
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
	// The game's lock (a no-op on SQLite, whose writers hold the database):
	// appenders of one game never race for a sequence number.
	if err := t.LockGame(ctx, game); err != nil {
		return Event{}, err
	}
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
	// Put off (Later): a failed insert fails the transaction, so the head
	// kept here is never used past it.
	err := t.Later(ctx,
		`INSERT INTO events (game_id, seq, kind, actor, payload, recorded_at, prev_hash, hash, format, salt)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Game, e.Seq, e.Kind, e.Actor, string(e.Payload), e.RecordedAt.Format(time.RFC3339Nano), e.PrevHash, e.Hash, e.Format, e.Salt)
	if err != nil {
		delete(t.heads, e.Game)
		return fmt.Errorf("append %s: %w", e.String(), err)
	}
	t.keepHead(e.Game, head{e.Seq, e.Hash, e.Format})
	return nil
}

// keepHead remembers game's head, if the transaction holds the game.
func (t *Tx) keepHead(game string, h head) {
	if !t.locked[game] {
		return
	}
	if t.heads == nil {
		t.heads = map[string]head{}
	}
	t.heads[game] = h
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
	if h, ok := t.heads[game]; ok {
		return h.seq, h.hash, h.format, nil
	}
	seq, hash, format, err := scanLast(t.QueryRow(ctx, lastQuery, game))
	if err == nil {
		t.keepHead(game, head{seq, hash, format})
	}
	return seq, hash, format, err
}

// Last is Tx.Last outside a transaction: a cheap read for deciding whether
// a write is needed at all.
func (s *Store) Last(ctx context.Context, game string) (int64, string, error) {
	seq, hash, _, err := scanLast(s.QueryRow(ctx, lastQuery, game))
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
	return readEvents(ctx, s.Query, game)
}

func readEvents(ctx context.Context, query func(context.Context, string, ...any) (*sql.Rows, error), game string) ([]Event, error) {
	// The log is read from its last event back: the first row's sequence
	// number is the length of a whole log (1, 2, … with no gap), so the
	// events are put in place in a list made once at its size, instead of
	// a list grown, and copied, a doubling at a time. The game's id is the
	// one asked for, not read again for every row.
	rows, err := query(ctx,
		`SELECT seq, kind, actor, payload, recorded_at, prev_hash, hash, format, salt
		 FROM events WHERE game_id = ? ORDER BY seq DESC`, game)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", game, err)
	}
	defer rows.Close()
	var evs, odd []Event // odd: events with no place of their own in evs
	n := 0
	for rows.Next() {
		e := Event{Game: game}
		var payload, at string
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Actor, &payload, &at, &e.PrevHash, &e.Hash, &e.Format, &e.Salt); err != nil {
			return nil, fmt.Errorf("read %s: %w", game, err)
		}
		e.Payload = []byte(payload)
		if e.RecordedAt, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return nil, fmt.Errorf("read %s#%d: bad time %q", game, e.Seq, at)
		}
		if evs == nil {
			evs = make([]Event, min(max(e.Seq, 1), maxPlaced))
		}
		if e.Seq < 1 || e.Seq > int64(len(evs)) || evs[e.Seq-1].Seq != 0 {
			odd = append(odd, e)
			continue
		}
		evs[e.Seq-1] = e
		n++
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if n < len(evs) || odd != nil {
		// A log that is not 1, 2, … (a damaged one): its events in the
		// order of their numbers, for replay to name what is wrong.
		evs = slices.DeleteFunc(evs, func(e Event) bool { return e.Seq == 0 })
		evs = append(evs, odd...)
		slices.SortStableFunc(evs, func(a, b Event) int { return cmp.Compare(a.Seq, b.Seq) })
	}
	return evs, nil
}

// maxPlaced bounds the list readEvents makes from a log's last sequence
// number, which a damaged log could make absurd; the events of a longer
// log are put in order after they are read.
const maxPlaced = 1 << 16

// Games lists the ids of the games in the store, sorted. It seeks from one
// game to the next through the log's key instead of reading every event.
func (s *Store) Games(ctx context.Context) ([]string, error) {
	var ids []string
	last := ""
	for {
		var id string
		err := s.QueryRow(ctx, `SELECT game_id FROM events WHERE game_id > ? ORDER BY game_id LIMIT 1`, last).Scan(&id)
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
