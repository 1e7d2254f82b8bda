package mail

import (
	"context"
	"encoding/json"
	"strings"
	"sync"

	"taipan/adjudicator"
	"taipan/events"
)

// Roster is who may mail a game: its seats with their addresses now (after
// any replacements), its observers and its GM's address. It is read from the
// log's game-created and player-replaced events alone, which is much cheaper
// than a replay.
type Roster struct {
	Game      string
	Seats     []adjudicator.Seat
	Observers []string
	GM        string
}

// Seat returns the seat held by name (case-insensitively), or nil.
func (r *Roster) Seat(name string) *adjudicator.Seat {
	for i := range r.Seats {
		if strings.EqualFold(r.Seats[i].Name, name) {
			return &r.Seats[i]
		}
	}
	return nil
}

// Names lists the seats' holders.
func (r *Roster) Names() []string {
	out := make([]string, len(r.Seats))
	for i, s := range r.Seats {
		out[i] = s.Name
	}
	return out
}

// Knows says whether addr is a player's, an observer's or the GM's.
func (r *Roster) Knows(addr string) bool {
	if addr == "" {
		return false
	}
	if strings.EqualFold(r.GM, addr) {
		return true
	}
	for _, s := range r.Seats {
		if strings.EqualFold(s.Email, addr) {
			return true
		}
	}
	for _, o := range r.Observers {
		if strings.EqualFold(o, addr) {
			return true
		}
	}
	return false
}

// Observes says whether addr is one of the game's observers'.
func (r *Roster) Observes(addr string) bool {
	for _, o := range r.Observers {
		if addr != "" && strings.EqualFold(o, addr) {
			return true
		}
	}
	return false
}

// rosterCache keeps each game's roster with the number of events it covers,
// so that a mail costs a read of the game's events since then rather than
// of its whole log. An entry is stored only once the transaction that read
// it has committed; the log being append-only, it stays true.
type rosterCache struct {
	mu    sync.Mutex
	games map[string]cachedRoster
}

type cachedRoster struct {
	seq    int64 // events covered
	roster *Roster
}

// load reads a game's roster as tx sees it; nil when there is no such game.
// The roster is shared: callers do not change it.
func (c *rosterCache) load(ctx context.Context, tx *events.Tx, game string) (*Roster, error) {
	seq, _, err := tx.Last(ctx, game)
	if err != nil || seq == 0 {
		return nil, err
	}
	c.mu.Lock()
	cached := c.games[game]
	c.mu.Unlock()
	if cached.seq > seq { // not this database's log: start again
		cached = cachedRoster{}
	}
	if cached.seq == seq {
		return cached.roster, nil
	}
	rows, err := tx.Query(ctx,
		`SELECT kind, payload FROM events WHERE game_id = ? AND seq > ? AND seq <= ? AND kind IN (?, ?) ORDER BY seq`,
		game, cached.seq, seq, adjudicator.KindCreated, adjudicator.KindReplace)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	r := cached.roster
	copied := false
	for rows.Next() {
		var kind, payload string
		if err := rows.Scan(&kind, &payload); err != nil {
			return nil, err
		}
		switch kind {
		case adjudicator.KindCreated:
			var c adjudicator.Created
			if err := json.Unmarshal([]byte(payload), &c); err != nil {
				return nil, err
			}
			r = &Roster{Game: game, Seats: append([]adjudicator.Seat(nil), c.Campaign.Players...), Observers: c.Campaign.Observers, GM: c.Campaign.GM}
			copied = true
		case adjudicator.KindReplace:
			var p adjudicator.Replaced
			if err := json.Unmarshal([]byte(payload), &p); err != nil {
				return nil, err
			}
			if r == nil {
				continue
			}
			if !copied {
				r = &Roster{Game: r.Game, Seats: append([]adjudicator.Seat(nil), r.Seats...), Observers: r.Observers, GM: r.GM}
				copied = true
			}
			if s := r.Seat(p.Player); s != nil {
				s.Name, s.Email = p.Name, p.Email
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	tx.OnCommit(func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.games == nil {
			c.games = map[string]cachedRoster{}
		}
		if seq > c.games[game].seq {
			c.games[game] = cachedRoster{seq, r}
		}
	})
	return r, nil
}

// knownAnywhere says whether addr belongs to anyone in any game.
func (c *rosterCache) knownAnywhere(ctx context.Context, tx *events.Tx, addr string) (bool, error) {
	if addr == "" {
		return false, nil
	}
	all, err := c.all(ctx, tx)
	if err != nil {
		return false, err
	}
	for _, r := range all {
		if r.Knows(addr) {
			return true, nil
		}
	}
	return false, nil
}

// all reads the roster of every game, as tx sees them, in the order of
// the games' ids.
func (c *rosterCache) all(ctx context.Context, tx *events.Tx) ([]*Roster, error) {
	games, err := column(tx.Query(ctx, `SELECT DISTINCT game_id FROM events ORDER BY game_id`))
	if err != nil {
		return nil, err
	}
	var out []*Roster
	for _, g := range games {
		r, err := c.load(ctx, tx, g)
		if err != nil {
			return nil, err
		}
		if r != nil {
			out = append(out, r)
		}
	}
	return out, nil
}

// overCache remembers which games are over, by the length of their log, so
// that a refusal can say so without a replay each time. (A game once over
// stays over.)
type overCache struct {
	mu    sync.Mutex
	games map[string]cachedOver
}

type cachedOver struct {
	seq  int64
	over bool
}

// gameOver says whether game is over, as tx sees it.
func (c *overCache) gameOver(ctx context.Context, tx *events.Tx, reg *adjudicator.Registry, game string) (bool, error) {
	seq, _, err := tx.Last(ctx, game)
	if err != nil || seq == 0 {
		return false, err
	}
	c.mu.Lock()
	cached, ok := c.games[game]
	c.mu.Unlock()
	if ok && (cached.over || cached.seq == seq) {
		return cached.over, nil
	}
	evs, err := tx.Events(ctx, game)
	if err != nil {
		return false, err
	}
	g, err := adjudicator.Replay(reg, evs)
	if err != nil {
		return false, err
	}
	over := g.Status.Finished
	tx.OnCommit(func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.games == nil {
			c.games = map[string]cachedOver{}
		}
		c.games[game] = cachedOver{seq, over}
	})
	return over, nil
}
