package webhook

import (
	"context"
	"net/url"
	"strings"
	"time"

	"taipan/adjudicator"
	"taipan/events"
)

// Formats are the kinds of endpoint a hook posts to: the body each takes.
var Formats = []string{"discord", "slack", "json"}

// A Hook is one URL hooked to a game.
type Hook struct {
	Game   string
	URL    string
	Format string
	// Sent and Owed count the hook's deliveries taken and still owed;
	// Failed is the last failure of one owed, "" for none.
	Sent, Owed int
	Failed     string
}

// Shown is the hook's URL as it may be printed: its scheme and host, the
// rest (where Discord and Slack keep the secret) left out.
func (h Hook) Shown() string { return ShownURL(h.URL) }

// ShownURL is a hook URL as it may be printed: scheme and host only.
func ShownURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "(an address)"
	}
	return u.Scheme + "://" + u.Host + "/…"
}

// CheckURL says why raw cannot be a hook's URL, or nil: it must be an
// absolute http or https URL without a password. Whether its address is
// public is checked when a post connects (see Config.AllowPrivate).
func CheckURL(raw string) error {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return adjudicator.Errorf(adjudicator.EINVALID, "the hook's URL does not read as a URL")
	case u.Scheme != "http" && u.Scheme != "https":
		return adjudicator.Errorf(adjudicator.EINVALID, "the hook's URL must start with https:// (or http://), not %q", u.Scheme+":")
	case u.Host == "":
		return adjudicator.Errorf(adjudicator.EINVALID, "the hook's URL names no host")
	case u.User != nil:
		return adjudicator.Errorf(adjudicator.EINVALID, "the hook's URL must not carry a user or password")
	}
	return nil
}

// Add hooks url to game, posting in format, or changes its format. The
// game must exist.
func Add(ctx context.Context, st *events.Store, game, raw, format string, now time.Time) error {
	if err := CheckURL(raw); err != nil {
		return err
	}
	if !contains(Formats, format) {
		return adjudicator.Errorf(adjudicator.EINVALID, "the hook's format is %q; it is one of %s", format, strings.Join(Formats, ", "))
	}
	if seq, _, err := st.Last(ctx, game); err != nil {
		return err
	} else if seq == 0 {
		return adjudicator.Errorf(adjudicator.ENOTFOUND, "no game %q", game)
	}
	_, err := st.Exec(ctx, `INSERT INTO webhooks (game_id, url, format, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id, url) DO UPDATE SET format = excluded.format`, game, raw, format, events.SortableTime(now))
	return err
}

// Remove unhooks url from game, with the deliveries it is still owed.
func Remove(ctx context.Context, st *events.Store, game, raw string) error {
	return st.Update(ctx, func(tx *events.Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM webhooks WHERE game_id = ? AND url = ?`, game, raw)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return adjudicator.Errorf(adjudicator.ENOTFOUND, "game %s has no hook %s", game, ShownURL(raw))
		}
		_, err = tx.Exec(ctx, `DELETE FROM webhook_deliveries WHERE game_id = ? AND url = ? AND sent_at IS NULL`, game, raw)
		return err
	})
}

// List is game's hooks, by URL.
func List(ctx context.Context, st *events.Store, game string) ([]Hook, error) {
	rows, err := st.Query(ctx, `SELECT h.url, h.format,
		(SELECT count(*) FROM webhook_deliveries d WHERE d.game_id = h.game_id AND d.url = h.url AND d.sent_at IS NOT NULL),
		(SELECT count(*) FROM webhook_deliveries d WHERE d.game_id = h.game_id AND d.url = h.url AND d.sent_at IS NULL),
		COALESCE((SELECT max(d.failed) FROM webhook_deliveries d WHERE d.game_id = h.game_id AND d.url = h.url AND d.sent_at IS NULL), '')
		FROM webhooks h WHERE h.game_id = ? ORDER BY h.url`, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Hook
	for rows.Next() {
		h := Hook{Game: game}
		if err := rows.Scan(&h.URL, &h.Format, &h.Sent, &h.Owed, &h.Failed); err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
