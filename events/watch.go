package events

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/stdlib"
)

// Watch calls changed whenever a write committed by anyone (another
// process, a worker on another host) may have changed the store, until ctx
// ends, and once when it starts (what was written before it listened). On
// PostgreSQL it listens to the database's announcement of each new event
// (the channel taipan_events, a trigger of schema_postgres.sql), coming
// back after a lost connection; SQLite announces nothing, so there it
// looks every poll at the database's count of commits by other
// connections (PRAGMA data_version), on a connection of its own. A call
// means "look again", never what changed: a caller keeps what it drew from
// the store only until the next call.
func (s *Store) Watch(ctx context.Context, poll time.Duration, changed func()) error {
	if s.backend.name() == "postgres" {
		return s.listenEvents(ctx, changed)
	}
	return s.pollCommits(ctx, poll, changed)
}

// listenEvents is Watch on PostgreSQL: LISTEN, then a call per
// notification, on a connection of its own, connecting again after a
// failure (with a call, since what was announced meanwhile is lost).
func (s *Store) listenEvents(ctx context.Context, changed func()) error {
	wait := 100 * time.Millisecond
	for {
		err := s.listenOnce(ctx, changed)
		if ctx.Err() != nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		if err != nil {
			wait = min(2*wait, 10*time.Second)
		}
	}
}

func (s *Store) listenOnce(ctx context.Context, changed func()) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("not a pgx connection (%T)", dc)
		}
		pc := sc.Conn()
		if _, err := pc.Exec(ctx, "LISTEN taipan_events"); err != nil {
			return err
		}
		changed()
		for {
			if _, err := pc.WaitForNotification(ctx); err != nil {
				// The connection is spent: the pool drops it.
				return errors.Join(err, driver.ErrBadConn)
			}
			changed()
		}
	})
}

// pollCommits is Watch on SQLite: every poll, PRAGMA data_version on one
// connection, which moves when another connection (of this process or
// another) has committed.
func (s *Store) pollCommits(ctx context.Context, poll time.Duration, changed func()) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	t := time.NewTicker(poll)
	defer t.Stop()
	var last int64 = -1
	for {
		var v int64
		err := conn.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&v)
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			// Unknown, so perhaps changed; asked again next time.
			last = -1
			changed()
		case v != last:
			last = v
			changed()
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}
