package events

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL driver, registered as "pgx"

	"taipan"
)

// postgresBackend keeps the store in a PostgreSQL database, for hosts that
// run many campaigns and several workers.
type postgresBackend struct{}

func (postgresBackend) name() string { return "postgres" }

// openPostgres connects to the database at target and makes or checks
// Taipan's tables in it.
func openPostgres(target string, create bool) (*Store, error) {
	db, err := sql.Open("pgx", target)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", redactURL(target), err)
	}
	s := &Store{db: db, path: redactURL(target), backend: postgresBackend{}}
	ctx := context.Background()
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", s.path, err)
	}
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT to_regclass('events') IS NOT NULL`).Scan(&exists); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", s.path, err)
	}
	if !exists && !create {
		db.Close()
		return nil, fmt.Errorf("%w at %s (the database holds no Taipan tables yet)", ErrNoDatabase, s.path)
	}
	if err := s.backend.migrate(ctx, s); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", s.path, err)
	}
	return s, nil
}

// redactURL is a PostgreSQL URL without its password, for messages.
func redactURL(target string) string {
	u, err := url.Parse(target)
	if err != nil {
		return "the PostgreSQL database"
	}
	return u.Redacted()
}

// rebind numbers the ? placeholders $1, $2, … (no statement of Taipan's
// has a ? inside a string).
func (postgresBackend) rebind(query string) string {
	if !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// schemaLock serialises schema changes between processes opening the same
// database at once.
const schemaLock = 0x7461697061 // "taipa"

// migrate makes the tables, checking first for dropped append-only triggers
// and for a schema newer than this build's.
func (postgresBackend) migrate(ctx context.Context, s *Store) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, schemaLock); err != nil {
		return err
	}
	var exists bool
	if err := tx.QueryRowContext(ctx, `SELECT to_regclass('taipan_schema') IS NOT NULL`).Scan(&exists); err != nil {
		return err
	}
	version := 0
	if exists {
		err := tx.QueryRowContext(ctx, `SELECT version FROM taipan_schema`).Scan(&version)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if version > taipan.SchemaVersion {
			return &SchemaError{Version: version}
		}
	}
	var finding string
	if exists {
		var missing []string
		for _, name := range append(appendOnlyTriggers, "events_no_truncate") {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM pg_trigger WHERE tgname = $1 AND tgrelid = 'events'::regclass AND tgenabled <> 'D'`, name).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				missing = append(missing, name)
			}
		}
		if len(missing) > 0 {
			finding = fmt.Sprintf("the append-only triggers %v had been dropped or disabled (restored when found); its events may have been changed", missing)
		}
	}
	if exists && version == taipan.SchemaVersion && finding == "" {
		// Up to date and untouched: no DDL, whose locks would stall the
		// other workers writing to the database while this one starts.
		return tx.Commit()
	}
	if _, err := tx.ExecContext(ctx, taipan.SchemaPostgres); err != nil {
		return fmt.Errorf("apply schema: %w", err)
	}
	// A disabled trigger is enabled again.
	for _, name := range append(appendOnlyTriggers, "events_no_truncate") {
		if _, err := tx.ExecContext(ctx, `ALTER TABLE events ENABLE TRIGGER `+name); err != nil {
			return err
		}
	}
	if exists && version < 10 {
		// Schema 10 indexes the games' people (game_people): the games
		// index is written again, people and all, from the logs.
		if _, err := tx.ExecContext(ctx, `DELETE FROM games`); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM taipan_schema`); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO taipan_schema (version) VALUES ($1)`, taipan.SchemaVersion); err != nil {
		return err
	}
	if finding != "" {
		if _, err := tx.ExecContext(ctx, `INSERT INTO integrity (detected_at, finding) VALUES ($1, $2)`, Timestamp(nowUTC()).Format(rfc3339Nano), finding); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func (postgresBackend) schemaVersion(ctx context.Context, s *Store) (int, error) {
	var v int
	err := s.QueryRow(ctx, `SELECT version FROM taipan_schema`).Scan(&v)
	return v, err
}

// lockGame takes an advisory lock of the game for the transaction: workers
// wait for each other on one game, and never on two different games. It
// goes with the next statement (Later), which is the first to need it.
func (postgresBackend) lockGame(ctx context.Context, t *Tx, game string) error {
	return t.Later(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('taipan-game:' || ?, 0))`, game)
}

// lockGames takes the advisory locks of games, in their order, in one
// statement put off (Later) as lockGame's.
func (postgresBackend) lockGames(ctx context.Context, t *Tx, games []string) error {
	return t.Later(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('taipan-game:' || game, 0)) FROM unnest(?::text[]) AS u(game)`, games)
}

// deferred: the database is a round trip away, worth saving.
func (postgresBackend) deferred() bool { return true }

// flush sends the statements put off in one round trip (a pgx batch, on
// the transaction's own connection), and returns the first error.
func (postgresBackend) flush(ctx context.Context, t *Tx, pending []statement) error {
	return t.sendBatch(ctx, pending, nil)
}

// backup is the database server's business on PostgreSQL.
func (postgresBackend) backup(context.Context, *Store, string) error {
	return errors.New("backup: on PostgreSQL, back the database up with the server's tools (pg_dump, or the host's backups and replicas)")
}
