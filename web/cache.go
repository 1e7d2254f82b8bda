package web

import (
	"context"
	"fmt"
	"sync"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
)

// cache keeps, per game, its log as of its last event with the host's
// replay of it (Host.Game, the one cache of replayed games), and what the
// pages draw from them, so that a page costs one look at the log's head. A snapshot is read-only: it is shared by every request reading the
// game until an event is appended, and then replaced.
type cache struct {
	host     *adjudicator.Host
	renderer *adjudicator.Renderer
	pictures Pictures

	mu    sync.Mutex
	games map[string]*snapshot
	// loading serialises the replays of one game, so that a hundred
	// readers arriving after a change replay it once.
	loading map[string]*sync.Mutex
}

func newCache(h *adjudicator.Host, r *adjudicator.Renderer, p Pictures) *cache {
	return &cache{host: h, renderer: r, pictures: p, games: map[string]*snapshot{}, loading: map[string]*sync.Mutex{}}
}

// snapshot is a game as of one event of its log.
type snapshot struct {
	seq  int64
	hash string
	game *adjudicator.Game
	evs  []events.Event

	mu    sync.Mutex
	views map[viewKey]*view     // drawn on demand
	pages map[string]*drawnPage // the public pages by path, as readers not logged in see them
}

// modified is when the game last changed: its last event's time.
func (sn *snapshot) modified() time.Time { return sn.evs[len(sn.evs)-1].RecordedAt }

// drawnPage returns the public page at path, drawing it once.
func (sn *snapshot) drawnPage(path string, draw func() *drawnPage) *drawnPage {
	sn.mu.Lock()
	p := sn.pages[path]
	sn.mu.Unlock()
	if p != nil {
		return p
	}
	p = draw()
	if p.err != nil {
		return p
	}
	sn.mu.Lock()
	defer sn.mu.Unlock()
	if old := sn.pages[path]; old != nil {
		return old
	}
	if sn.pages == nil {
		sn.pages = map[string]*drawnPage{}
	}
	sn.pages[path] = p
	return p
}

// viewKey names one report: a step (-1: the game now) seen by one reader
// (engine.Observer, a player, or "" for the GM).
type viewKey struct {
	step   int
	reader string
}

// view is one report as pages show it.
type view struct {
	game       *adjudicator.Game // the game at the close of the step (the snapshot's game for step -1)
	text       string
	picture    []byte
	pictureTag string            // the picture's entity tag
	options    []engine.Decision // the reader's legal orders (step -1, players only)
	err        error
}

// get returns the snapshot of game id as its log now ends, replaying it if
// it changed since the last call.
func (c *cache) get(ctx context.Context, id string) (*snapshot, error) {
	seq, hash, err := c.host.Store.Last(ctx, id)
	if err != nil {
		return nil, err
	}
	if seq == 0 {
		return nil, adjudicator.Errorf(adjudicator.ENOTFOUND, "no game %q", id)
	}
	c.mu.Lock()
	if sn := c.games[id]; sn != nil && sn.seq == seq && sn.hash == hash {
		c.mu.Unlock()
		return sn, nil
	}
	l := c.loading[id]
	if l == nil {
		l = &sync.Mutex{}
		c.loading[id] = l
	}
	c.mu.Unlock()

	l.Lock()
	defer l.Unlock()
	c.mu.Lock()
	sn := c.games[id]
	c.mu.Unlock()
	if sn != nil && sn.seq >= seq {
		// Another reader replayed it meanwhile (to this event or later).
		return sn, nil
	}
	evs, err := c.host.Store.Events(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(evs) == 0 {
		return nil, adjudicator.Errorf(adjudicator.ENOTFOUND, "no game %q", id)
	}
	last := evs[len(evs)-1]
	// The game from the host's replay of it, which the mail gateway
	// shares; replayed here only if the log grew between the two reads.
	g, err := c.host.Game(ctx, id)
	if err == nil && (g.Seq != last.Seq || g.Hash != last.Hash) {
		g, err = adjudicator.Replay(c.host.Games, evs)
	}
	if err != nil {
		return nil, err
	}
	sn = &snapshot{seq: last.Seq, hash: last.Hash, game: g, evs: evs, views: map[viewKey]*view{}}
	c.mu.Lock()
	if old := c.games[id]; old == nil || old.seq < sn.seq {
		if old == nil && len(c.games) >= maxCached {
			// Forget another game (any): the next reader of it replays it.
			for other := range c.games {
				delete(c.games, other)
				delete(c.loading, other)
				break
			}
		}
		c.games[id] = sn
	}
	c.mu.Unlock()
	return sn, nil
}

// maxCached bounds the games kept replayed; each holds its log.
const maxCached = 1000

// view returns the report of step (-1: the game now) as reader sees it,
// drawing it once per snapshot.
func (c *cache) view(sn *snapshot, step int, reader string) *view {
	k := viewKey{step, reader}
	sn.mu.Lock()
	v := sn.views[k]
	sn.mu.Unlock()
	if v != nil {
		return v
	}
	v = c.draw(sn, step, reader)
	sn.mu.Lock()
	if old := sn.views[k]; old != nil {
		v = old
	} else {
		sn.views[k] = v
	}
	sn.mu.Unlock()
	return v
}

func (c *cache) draw(sn *snapshot, step int, reader string) *view {
	g := sn.game
	if step >= 0 {
		var err error
		if g, err = adjudicator.ReplayUntil(c.host.Games, sn.evs, step); err != nil {
			return &view{err: err}
		}
		if g.Last.Step != step {
			return &view{err: adjudicator.Errorf(adjudicator.ENOTFOUND, "step %d of %s has not been resolved; the last resolved step is %d", step, g.ID, g.Last.Step)}
		}
	}
	v := &view{game: g}
	if v.text, v.err = c.renderer.Text(g, reader); v.err != nil {
		return v
	}
	if c.pictures != nil {
		png, err := c.pictures.Picture(g, reader)
		if err != nil {
			v.err = fmt.Errorf("picture: %w", err)
			return v
		}
		v.picture, v.pictureTag = png, entityTag(png)
	}
	if step < 0 && reader != "" && reader != engine.Observer {
		v.options = adjudicator.Options(g, reader)
	}
	return v
}
