package adjudicator

import (
	"context"
	"sync"

	"taipan/events"
)

// closeCache keeps, per game, the game as it was right after its latest
// step closings in this process: the reports of a step are drawn from the
// game at its close, and a change that closed the step had it in hand, so
// the reports need no replay. It is part of the Host's one cache of
// replayed games; its games are never changed.
type closeCache struct {
	mu    sync.Mutex
	games map[string]map[int]*Game // by game and step
}

// keptCloses bounds the closings kept per game (a change may close several
// steps at once, and their reports follow soon).
const keptCloses = 8

// keep keeps g, a game whose last event closes its last closed step.
func (c *closeCache) keep(g *Game) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.games == nil {
		c.games = map[string]map[int]*Game{}
	}
	steps := c.games[g.ID]
	if steps == nil {
		steps = map[int]*Game{}
		c.games[g.ID] = steps
	}
	steps[g.Last.Step] = g
	for len(steps) > keptCloses {
		oldest := g.Last.Step
		for s := range steps {
			oldest = min(oldest, s)
		}
		delete(steps, oldest)
	}
}

func (c *closeCache) get(id string, step int) *Game {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.games[id][step]
}

// forget lets go of game's closings up to step.
func (c *closeCache) forget(id string, step int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for s := range c.games[id] {
		if s <= step {
			delete(c.games[id], s)
		}
	}
	if len(c.games[id]) == 0 {
		delete(c.games, id)
	}
}

func (c *closeCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.games)
}

// AtCloseTx is g at the close of step in its present timeline, as the log
// stands in tx: the game a change of this Host left at that closing, if
// the log still holds the very event it was left at (the hash chain makes
// it the same log up to there; a change rolled back before its commit, or
// a rollback since, leaves one that is not), else replayed from evs (g's
// whole log; read from tx when nil). It is shared: the caller must not
// change it.
func (h *Host) AtCloseTx(ctx context.Context, tx *events.Tx, g *Game, step int, evs []events.Event) (*Game, error) {
	if k := h.closes.get(g.ID, step); k != nil && k.Rollbacks == g.Rollbacks {
		hash, err := tx.HashAt(ctx, g.ID, k.Seq)
		if err != nil {
			return nil, err
		}
		if hash == k.Hash {
			return k, nil
		}
	}
	if step == g.Last.Step && g.Seq == g.Last.Seq {
		return g, nil // g itself ends at that closing
	}
	if evs == nil {
		var err error
		if evs, err = tx.Events(ctx, g.ID); err != nil {
			return nil, err
		}
	}
	if step == g.Last.Step {
		switch evs[len(evs)-1].Kind {
		case KindClosed, KindCreated, KindRollback, KindStarted:
			return g, nil
		}
	}
	return ReplayUntil(h.Games, evs, step)
}

// Reported lets go of the closings of game up to step kept for their
// reports, once these are out (queued by this process or another).
func (h *Host) Reported(game string, step int) { h.closes.forget(game, step) }

// KeptCloses is how many games have closings kept for their reports.
func (h *Host) KeptCloses() int { return h.closes.len() }
