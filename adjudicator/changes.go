package adjudicator

import (
	"context"
	"sync/atomic"
	"time"
)

// changeMark counts the changes to the games index a Host knows of: its
// own commits, and what Watch hears of everyone else's.
type changeMark struct{ n atomic.Uint64 }

func (m *changeMark) note() { m.n.Add(1) }

// Changes is the Host's mark of changes to the games (their logs and the
// index): it moves on once a write of this Host that changed a game has
// committed and, while Watch runs, once anyone else's may have. What is
// drawn from the index (a page of games) stays true while the mark stands
// still, provided the mark was read before the index was.
func (h *Host) Changes() uint64 { return h.changes.n.Load() }

// WatchPoll is how often Watch looks for other processes' commits on a
// store that does not announce them (SQLite).
const WatchPoll = 200 * time.Millisecond

// Watch moves the mark of Changes on whenever another process (or a
// worker on another host) may have changed a game, until ctx ends: on
// PostgreSQL as soon as the database announces a new event, on SQLite
// within WatchPoll (events.Store.Watch).
func (h *Host) Watch(ctx context.Context) error {
	return h.Store.Watch(ctx, WatchPoll, h.changes.note)
}
