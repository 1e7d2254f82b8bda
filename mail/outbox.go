package mail

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-smtp"

	"taipan/events"
)

// Sender hands a message to the next hop: an SMTP server, or a Maildir.
type Sender interface {
	Send(ctx context.Context, from string, to []string, msg []byte) error
}

// PermanentError is a refusal that retrying will not change (an SMTP 5xx).
type PermanentError struct{ Err error }

// Error is the server's refusal.
func (e *PermanentError) Error() string { return e.Err.Error() }

// Unwrap gives the SMTP error.
func (e *PermanentError) Unwrap() error { return e.Err }

// Outbox is the queue of mail to send, in the outbox table. Mail is queued
// in the same transaction as what caused it and stays until the next hop
// has taken it; each retry waits twice as long as the one before.
type Outbox struct {
	DB       *sql.DB
	From     string // the envelope sender and From address
	FromName string
	Retry    Retry
	Now      func() time.Time
}

// now is the time by clock (time.Now when nil), in UTC.
func now(clock func() time.Time) time.Time {
	if clock != nil {
		return clock().UTC()
	}
	return time.Now().UTC()
}

func (o *Outbox) now() time.Time { return now(o.Now) }

// Enqueue queues d in tx, the transaction of what caused it, unless a mail
// with the same Message-ID is already queued or sent. It reports whether it
// queued a new mail.
func (o *Outbox) Enqueue(ctx context.Context, tx *events.Tx, d *Draft) (bool, error) {
	now := o.now()
	raw := d.Bytes(o.FromName, o.From, now)
	res, err := tx.Exec(ctx,
		`INSERT INTO outbox (message_id, game_id, kind, step, recipient, subject, body, created_at, next_try_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO NOTHING`,
		d.MessageID, d.Game, d.Kind, d.Step, d.To, d.Subject, raw, now.Format(time.RFC3339Nano), now.Format(time.RFC3339Nano))
	if err != nil {
		return false, fmt.Errorf("outbox: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Queued is a mail waiting in the outbox.
type Queued struct {
	ID        int64
	MessageID string
	To        string
	Raw       []byte
	Attempts  int
}

// Due returns up to limit mails whose time to be tried has come, oldest first.
func (o *Outbox) Due(ctx context.Context, limit int) ([]Queued, error) {
	rows, err := o.DB.QueryContext(ctx,
		`SELECT id, message_id, recipient, body, attempts FROM outbox
		 WHERE sent_at IS NULL AND failed_at IS NULL AND next_try_at <= ? ORDER BY id LIMIT ?`,
		o.now().Format(time.RFC3339Nano), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Queued
	for rows.Next() {
		var q Queued
		if err := rows.Scan(&q.ID, &q.MessageID, &q.To, &q.Raw, &q.Attempts); err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	return out, rows.Err()
}

// Pending counts the mails not yet sent nor given up.
func (o *Outbox) Pending(ctx context.Context) (int, error) {
	var n int
	err := o.DB.QueryRowContext(ctx, `SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL`).Scan(&n)
	return n, err
}

// Backoff is how long to wait after the given number of failed attempts.
func (o *Outbox) Backoff(attempts int) time.Duration {
	d, max := time.Duration(o.Retry.Min), time.Duration(o.Retry.Max)
	if d <= 0 {
		d = 30 * time.Second
	}
	if max <= 0 {
		max = time.Hour
	}
	for i := 1; i < attempts && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}

// Flush sends every due mail through s. It stops at the first failure to
// reach the server (the rest would fail alike) and returns how many were sent.
func (o *Outbox) Flush(ctx context.Context, s Sender) (int, error) {
	sent := 0
	for {
		due, err := o.Due(ctx, 50)
		if err != nil || len(due) == 0 {
			return sent, err
		}
		for _, q := range due {
			err := s.Send(ctx, o.From, []string{q.To}, q.Raw)
			now := o.now().Format(time.RFC3339Nano)
			if err == nil {
				if _, err := o.DB.ExecContext(ctx, `UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = '' WHERE id = ?`, now, q.ID); err != nil {
					return sent, err
				}
				sent++
				continue
			}
			msg := oneLineText(err.Error(), 300)
			var perm *PermanentError
			if errors.As(err, &perm) {
				_, dberr := o.DB.ExecContext(ctx, `UPDATE outbox SET failed_at = ?, attempts = attempts + 1, last_error = ? WHERE id = ?`, now, msg, q.ID)
				if dberr != nil {
					return sent, dberr
				}
				continue
			}
			next := o.now().Add(o.Backoff(q.Attempts + 1)).Format(time.RFC3339Nano)
			if _, dberr := o.DB.ExecContext(ctx, `UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_try_at = ? WHERE id = ?`, msg, next, q.ID); dberr != nil {
				return sent, dberr
			}
			return sent, fmt.Errorf("send %s: %s", q.MessageID, msg)
		}
	}
}

// isPermanent says whether an SMTP error is a 5xx refusal.
func isPermanent(err error) bool {
	var se *smtp.SMTPError
	if errors.As(err, &se) {
		return se.Code >= 500 && se.Code < 600 && !strings.Contains(strings.ToLower(se.Message), "auth")
	}
	return false
}
