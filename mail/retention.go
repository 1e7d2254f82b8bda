package mail

import (
	"context"
	"time"

	"taipan/events"
)

// Prune deletes the mail rows older than the retention that nothing needs:
// received mail (the inbox; a mail delivered again after that long would be
// taken as new), sent and failed mail (but, per game, the rows of its
// latest report, which say which steps have been reported), digested held
// answers and old rate counts. The log needs none of them. It returns how
// many rows it deleted.
func Prune(ctx context.Context, store *events.Store, keep Retention, at time.Time) (int64, error) {
	if keep == Forever || keep <= 0 {
		return 0, nil
	}
	cutoff := stamp(at.Add(-time.Duration(keep)))
	var total int64
	err := store.Update(ctx, func(tx *events.Tx) error {
		total = 0
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`DELETE FROM inbox WHERE received_at < ?`, []any{cutoff}},
			{`DELETE FROM outbox WHERE created_at < ? AND (sent_at IS NOT NULL OR failed_at IS NOT NULL)
			  AND NOT (kind = 'report' AND step = (SELECT max(o.step) FROM outbox o WHERE o.game_id = outbox.game_id AND o.kind = 'report'))`, []any{cutoff}},
			{`DELETE FROM mail_held WHERE digest IS NOT NULL AND held_at < ?`, []any{cutoff}},
			{`DELETE FROM mail_rate WHERE hour < ?`, []any{hourOf(at.Add(-2 * time.Hour))}},
			{`DELETE FROM mail_senders WHERE refusals = 0 AND quiet_until < ?`, []any{stamp(at)}},
		} {
			res, err := tx.Exec(ctx, q.sql, q.args...)
			if err != nil {
				return err
			}
			n, _ := res.RowsAffected()
			total += n
		}
		return nil
	})
	return total, err
}
