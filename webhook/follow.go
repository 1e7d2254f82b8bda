package webhook

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"taipan/adjudicator"
	"taipan/events"
)

// A Follower turns what changed in the hooked games into deliveries.
type Follower struct {
	Host *adjudicator.Host
	// SiteURL is the web site's address, for the games' pages in the
	// notices; "" without a site.
	SiteURL string
	// Now is the clock; nil: time.Now.
	Now func() time.Time
}

// cursor is how far a game's hooks have been told.
type cursor struct {
	seq      int64
	deadline string
	paused   bool
}

// Follow queues the deliveries of every hooked game's changes since it was
// last followed, and returns how many it queued.
func (f *Follower) Follow(ctx context.Context) (int, error) {
	rows, err := f.Host.Store.Query(ctx, `SELECT DISTINCT game_id FROM webhooks ORDER BY game_id`)
	if err != nil {
		return 0, err
	}
	var games []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, err
		}
		games = append(games, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	total := 0
	for _, id := range games {
		n, err := f.followGame(ctx, id)
		if err != nil && adjudicator.ErrorCode(err) != adjudicator.ENOTFOUND {
			return total, err
		}
		total += n
	}
	return total, nil
}

// followGame queues what game id's hooks are owed. A game first followed
// is told nothing of its past: its hooks hear of what changes from now.
func (f *Follower) followGame(ctx context.Context, id string) (int, error) {
	g, err := f.Host.Game(ctx, id)
	if err != nil {
		return 0, err
	}
	var cur cursor
	var paused int
	err = f.Host.Store.QueryRow(ctx, `SELECT seq, deadline, paused FROM webhook_cursors WHERE game_id = ?`, id).Scan(&cur.seq, &cur.deadline, &paused)
	cur.paused = paused != 0
	if errors.Is(err, sql.ErrNoRows) {
		_, err = f.Host.Store.Exec(ctx, `INSERT INTO webhook_cursors (game_id, seq, deadline, paused) VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING`,
			id, g.Seq, deadlineText(g), boolInt(g.Paused))
		return 0, err
	}
	if err != nil || g.Seq <= cur.seq {
		return 0, err
	}
	notices, err := f.notices(ctx, g, cur)
	if err != nil {
		return 0, err
	}
	queued := 0
	err = f.Host.Store.Update(ctx, func(tx *events.Tx) error {
		// The cursor moves from where this follower read it, or another
		// follower has queued these already.
		res, err := tx.Exec(ctx, `UPDATE webhook_cursors SET seq = ?, deadline = ?, paused = ? WHERE game_id = ? AND seq = ?`,
			g.Seq, deadlineText(g), boolInt(g.Paused), id, cur.seq)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 || len(notices) == 0 {
			return nil
		}
		hooks, err := hooksTx(ctx, tx, id)
		if err != nil {
			return err
		}
		now := events.SortableTime(f.now())
		for _, n := range notices {
			for _, h := range hooks {
				body, err := n.body(h.Format)
				if err != nil {
					return err
				}
				res, err := tx.Exec(ctx, `INSERT INTO webhook_deliveries (id, game_id, url, format, body, queued_at, next_at) VALUES (?, ?, ?, ?, ?, ?, ?)
					ON CONFLICT (id) DO NOTHING`, deliveryID(n, h.URL), id, h.URL, h.Format, string(body), now, now)
				if err != nil {
					return err
				}
				if k, _ := res.RowsAffected(); k > 0 {
					queued++
				}
			}
		}
		return nil
	})
	return queued, err
}

// notices are what changed in g since cur: a notice per step closed
// (voided closings are not news), the last with what is open now; or,
// with no step closed, the deadline moved, stopped or ran again.
func (f *Follower) notices(ctx context.Context, g *adjudicator.Game, cur cursor) ([]*notice, error) {
	evs, err := f.Host.Store.Events(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	page := ""
	if f.SiteURL != "" {
		page = f.SiteURL + "/games/" + g.ID
	}
	var out []*notice
	for _, c := range adjudicator.StepCloses(evs) {
		if c.Seq <= cur.seq || c.Voided || c.Step == 0 {
			continue
		}
		out = append(out, &notice{Kind: "step-closed", Game: g.ID, Seq: c.Seq, Step: c.Step, Reason: c.Reason, URL: page,
			Text: g.ID + ": step " + strconv.Itoa(c.Step) + " closed (" + c.Reason + ")."})
	}
	if len(out) > 0 {
		last := out[len(out)-1]
		if last.Step == g.Last.Step {
			last.openStep(g)
		}
		return out, nil
	}
	n := &notice{Game: g.ID, Seq: g.Seq, Step: g.Step, URL: page}
	switch {
	case g.Status.Finished:
		return nil, nil
	case g.Paused && !cur.paused:
		n.Kind, n.Text = "paused", g.ID+": the GM has paused the game; no deadline runs."
	case !g.Paused && cur.paused:
		n.Kind, n.Text = "resumed", g.ID+": the GM has resumed the game."
		n.openStep(g)
	case !g.Paused && deadlineText(g) != cur.deadline && !g.Deadline.IsZero():
		n.Kind, n.Text = "deadline", g.ID+": the deadline of step "+strconv.Itoa(g.Step)+" moved."
		n.openStep(g)
	default:
		return nil, nil
	}
	return []*notice{n}, nil
}

// hooksTx is game's hooks, read inside tx.
func hooksTx(ctx context.Context, tx *events.Tx, game string) ([]Hook, error) {
	rows, err := tx.Query(ctx, `SELECT url, format FROM webhooks WHERE game_id = ? ORDER BY url`, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Hook
	for rows.Next() {
		h := Hook{Game: game}
		if err := rows.Scan(&h.URL, &h.Format); err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// deliveryID is the identity of a notice's delivery to a hook: the same
// change told to the same hook is one delivery, however often it is
// queued. The URL enters only as a hash: the id is shown to endpoints.
func deliveryID(n *notice, url string) string {
	h := sha256.Sum256([]byte(url))
	return n.Game + "/" + strconv.FormatInt(n.Seq, 10) + "/" + n.Kind + "/" + hex.EncodeToString(h[:8])
}

// deadlineText is g's deadline as a cursor keeps it: "" for none.
func deadlineText(g *adjudicator.Game) string {
	if g.Deadline.IsZero() {
		return ""
	}
	return events.SortableTime(g.Deadline)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (f *Follower) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}
