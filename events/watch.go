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
// (the channel taipan_events, a trigger of schema_postgres.sql); SQLite
// announces nothing, so there it looks every poll at the database's count
// of commits by other connections (PRAGMA data_version), on a connection
// of its own. A call means "look again", never what changed: a caller
// keeps what it drew from the store only until the next call.
func (s *Store) Watch(ctx context.Context, poll time.Duration, changed func()) error {
	if s.backend.name() == "postgres" {
		return s.Listen(ctx, []string{"taipan_events"}, func(string) { changed() }, nil)
	}
	return s.pollCommits(ctx, poll, changed)
}

// Listen calls heard with the channel of each notification PostgreSQL
// sends on channels (LISTEN, on a connection of its own), until ctx ends,
// connecting again after a failure; it calls heard for every channel once
// it listens, at the start and after each new connection, since what was
// announced while nobody listened is lost. A lost notification costs time,
// never correctness, to a caller that looks again when called. failed,
// when not nil, is told why a connection ended and how long until the
// next.
func (s *Store) Listen(ctx context.Context, channels []string, heard func(channel string), failed func(err error, wait time.Duration)) error {
	if s.backend.name() != "postgres" {
		return fmt.Errorf("listen: the %s store sends no notifications", s.backend.name())
	}
	wait := 100 * time.Millisecond
	for {
		start := time.Now()
		// A failed connection is dropped, and another made after a wait
		// that grows while they keep failing at once.
		err := s.listenOnce(ctx, channels, heard)
		if ctx.Err() != nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			wait = 100 * time.Millisecond
		}
		if failed != nil {
			failed(err, wait)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(2*wait, 30*time.Second)
	}
}

// listenOnce is one connection's life: LISTEN, then pass on each
// notification.
func (s *Store) listenOnce(ctx context.Context, channels []string, heard func(string)) error {
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
		for _, ch := range channels {
			if _, err := pc.Exec(ctx, "LISTEN "+ch); err != nil {
				return err
			}
		}
		for _, ch := range channels {
			heard(ch)
		}
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				// The connection is spent: the pool drops it.
				return errors.Join(err, driver.ErrBadConn)
			}
			heard(n.Channel)
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
