package mail

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/jackc/pgx/v5/stdlib"

	"taipan/events"
)

// Wakes. Several `taipan serve` on one PostgreSQL database wake each other
// rather than wait for their next look: the database announces each new
// outbox row on the channel taipan_outbox and each new event on
// taipan_events (triggers of schema_postgres.sql, so that the command line
// and the web site wake the workers too), and each worker listens on a
// connection of its own (LISTEN, through pgx). A wake only hastens a look
// the worker would take anyway on its timer: a notification lost while
// the connection was down costs time, never mail. SQLite has no such
// channel; there the workers poll.

// Wakes are the notifications a worker listens to; nil on SQLite.
type Wakes struct {
	// Outbox receives a value when mail was queued, Events when a game
	// changed; each holds one pending wake at most.
	Outbox chan struct{}
	Events chan struct{}
}

// Listen listens for the notifications of store's database until ctx ends,
// reconnecting after a failure. It returns nil for a database without
// notifications (SQLite).
func Listen(ctx context.Context, store *events.Store, logger *log.Logger) *Wakes {
	if store.Backend() != "postgres" {
		return nil
	}
	w := &Wakes{Outbox: make(chan struct{}, 1), Events: make(chan struct{}, 1)}
	go func() {
		wait := 100 * time.Millisecond
		for ctx.Err() == nil {
			start := time.Now()
			err := w.listen(ctx, store)
			if ctx.Err() != nil {
				return
			}
			if time.Since(start) > time.Minute {
				wait = 100 * time.Millisecond
			}
			logf(logger, "notifications: %v; listening again in %v", err, wait)
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			wait = min(2*wait, 30*time.Second)
		}
	}()
	return w
}

// listen is one connection's life: LISTEN, then pass on each notification.
func (w *Wakes) listen(ctx context.Context, store *events.Store) error {
	conn, err := store.DB().Conn(ctx)
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
		for _, ch := range []string{"taipan_outbox", "taipan_events"} {
			if _, err := pc.Exec(ctx, "LISTEN "+ch); err != nil {
				return err
			}
		}
		// Whatever was announced while nobody listened is looked at now.
		w.wake(w.Outbox)
		w.wake(w.Events)
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				// The connection is spent: the pool drops it.
				return errors.Join(err, driver.ErrBadConn)
			}
			switch n.Channel {
			case "taipan_outbox":
				w.wake(w.Outbox)
			case "taipan_events":
				w.wake(w.Events)
			}
		}
	})
}

// wake signals c without blocking: one pending wake is enough.
func (w *Wakes) wake(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// outbox and events are the channels, nil for nil Wakes (a nil channel
// never fires in a select).
func (w *Wakes) outbox() <-chan struct{} {
	if w == nil {
		return nil
	}
	return w.Outbox
}

func (w *Wakes) events() <-chan struct{} {
	if w == nil {
		return nil
	}
	return w.Events
}
