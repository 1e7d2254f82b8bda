package events

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"

	"taipan"
)

// BusyTimeout is how long a writer waits for another writer's lock.
const BusyTimeout = 10 * time.Second

// sqliteBackend is the embedded default: one file, in WAL mode.
type sqliteBackend struct{}

func (sqliteBackend) name() string               { return "sqlite" }
func (sqliteBackend) rebind(query string) string { return query }

// lockGame needs no lock: an SQLite write transaction holds the whole
// database from its start (BEGIN IMMEDIATE).
func (sqliteBackend) lockGame(context.Context, *Tx, string) error { return nil }

// lockGames needs no locks, as lockGame.
func (sqliteBackend) lockGames(context.Context, *Tx, []string) error { return nil }

// deferred: SQLite runs in the process, where a statement costs no round
// trip, so Later runs each at once and nothing is ever flushed.
func (sqliteBackend) deferred() bool { return false }

func (sqliteBackend) flush(context.Context, *Tx, []statement) error { return nil }

// openSQLite opens the database file at path, creating it (readable by its
// owner only) if create allows.
func openSQLite(path string, create bool) (*Store, error) {
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
	// FULL: a commit is on disk before Update returns, not only safe from
	// a crash of the process (NORMAL) but from one of the machine, since
	// the mail gateway files a mail away as taken in once its transaction
	// has committed. With several mails to a transaction it costs little.
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{db: db, path: path, backend: sqliteBackend{}}
	if err := s.backend.migrate(context.Background(), s); err != nil {
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

// migrate brings the schema up to this build's version, one migration per
// version in its own transaction, then applies the whole (idempotent)
// schema, which restores anything dropped. Dropped append-only triggers are
// recorded in the integrity table first, so that every audit from now on
// reports them.
func (sqliteBackend) migrate(ctx context.Context, s *Store) error {
	var tables int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'events'`).Scan(&tables); err != nil {
		return err
	}
	var finding string
	if tables > 0 {
		var err error
		if finding, err = sqliteTriggers(ctx, s); err != nil {
			return err
		}
	}
	for {
		done, err := sqliteMigrateOnce(ctx, s, tables > 0)
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
		return s.recordFinding(ctx, finding)
	}
	return nil
}

// migrateOnce takes the schema one version forward, under the write lock so
// that two processes opening an old database do not both migrate it. It
// reports whether the schema is current.
func sqliteMigrateOnce(ctx context.Context, s *Store, existed bool) (bool, error) {
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

func (sqliteBackend) schemaVersion(ctx context.Context, s *Store) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v)
	return v, err
}

// appendOnlyTriggers are the schema's guards of the events table.
var appendOnlyTriggers = []string{"events_no_update", "events_no_delete"}

// checkTriggers looks, before the schema is (re)applied, for an events table
// whose append-only triggers someone dropped.
func sqliteTriggers(ctx context.Context, s *Store) (string, error) {
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

// Backup writes a consistent copy of the whole database to path (which must
// not exist, or be empty) while others go on reading and writing it: SQLite's
// VACUUM INTO reads one snapshot. The copy is created readable by its owner
// only, like the database.
func (sqliteBackend) backup(ctx context.Context, s *Store, path string) error {
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
