package mail

import (
	"context"
	"log"
	"time"

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
// reconnecting after a failure (events.Store.Listen). It returns nil for a
// database without notifications (SQLite).
func Listen(ctx context.Context, store *events.Store, logger *log.Logger) *Wakes {
	if store.Backend() != "postgres" {
		return nil
	}
	w := &Wakes{Outbox: make(chan struct{}, 1), Events: make(chan struct{}, 1)}
	go store.Listen(ctx, []string{"taipan_outbox", "taipan_events"}, func(channel string) {
		switch channel {
		case "taipan_outbox":
			w.wake(w.Outbox)
		case "taipan_events":
			w.wake(w.Events)
		}
	}, func(err error, wait time.Duration) {
		logf(logger, "notifications: %v; listening again in %v", err, wait)
	})
	return w
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
