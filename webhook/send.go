package webhook

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"strings"
	"time"

	"taipan/events"
)

// A Sender posts the deliveries owed.
type Sender struct {
	Store *events.Store
	// Client posts; its transport must refuse what Config.AllowPrivate
	// does not allow (NewClient).
	Client *http.Client
	// Now is the clock; nil: time.Now.
	Now func() time.Time
	// Log takes a line per failed post; nil: none.
	Log *log.Logger
}

// Retries: a failed post is tried again after retryFirst, doubling up to
// retryMax, and given up after maxAttempts (a day and more of trying).
const (
	retryFirst  = 30 * time.Second
	retryMax    = time.Hour
	maxAttempts = 30
	// claimFor is how long a sender holds a delivery it took: another
	// may take it after, if this one died mid-post.
	claimFor = 2 * time.Minute
	// sendBatch bounds the deliveries one call sends.
	sendBatch = 50
)

// due is a delivery to make.
type due struct {
	id, url, format, body, nextAt string
	attempts                      int
}

// SendDue posts the deliveries that are due and returns how many the
// endpoints took.
func (s *Sender) SendDue(ctx context.Context) (int, error) {
	now := s.now()
	rows, err := s.Store.Query(ctx, `SELECT id, url, format, body, next_at, attempts FROM webhook_deliveries
		WHERE sent_at IS NULL AND next_at <= ? ORDER BY next_at, id LIMIT ?`, events.SortableTime(now), sendBatch)
	if err != nil {
		return 0, err
	}
	var list []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.url, &d.format, &d.body, &d.nextAt, &d.attempts); err != nil {
			rows.Close()
			return 0, err
		}
		list = append(list, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	sent := 0
	for _, d := range list {
		if ctx.Err() != nil {
			break
		}
		// One statement claims it: of two senders, one posts.
		res, err := s.Store.Exec(ctx, `UPDATE webhook_deliveries SET next_at = ? WHERE id = ? AND next_at = ? AND sent_at IS NULL`,
			events.SortableTime(now.Add(claimFor)), d.id, d.nextAt)
		if err != nil {
			return sent, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		// A post begun is finished (within the client's timeout) and its
		// outcome marked even when ctx ends, so that a stop does not cut
		// off what the endpoint may already have taken, to be sent again.
		done := context.WithoutCancel(ctx)
		perr := s.post(done, d)
		if perr == nil {
			_, err = s.Store.Exec(done, `UPDATE webhook_deliveries SET sent_at = ?, attempts = attempts + 1, failed = NULL WHERE id = ?`,
				events.SortableTime(s.now()), d.id)
			if err != nil {
				return sent, err
			}
			sent++
			continue
		}
		attempts := d.attempts + 1
		next := s.now().Add(backoff(attempts))
		why := perr.Error()
		if attempts >= maxAttempts {
			next = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
			why = fmt.Sprintf("given up after %d tries: %s", attempts, why)
		}
		if s.Log != nil {
			s.Log.Printf("webhook: %s to %s: %s", d.id, ShownURL(d.url), why)
		}
		if _, err := s.Store.Exec(done, `UPDATE webhook_deliveries SET attempts = ?, next_at = ?, failed = ? WHERE id = ?`,
			attempts, events.SortableTime(next), why, d.id); err != nil {
			return sent, err
		}
	}
	return sent, nil
}

// post sends one delivery; nil when the endpoint took it (a 2xx answer).
func (s *Sender) post(ctx context.Context, d due) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.url, bytes.NewReader([]byte(d.body)))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Taipan-webhook")
	req.Header.Set("X-Taipan-Delivery", d.id)
	res, err := s.Client.Do(req)
	if err != nil {
		// The URL is the hook's secret: say what failed without it.
		return fmt.Errorf("the post failed: %s", strings.ReplaceAll(err.Error(), d.url, ShownURL(d.url)))
	}
	defer res.Body.Close()
	io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return fmt.Errorf("the endpoint answered %s", res.Status)
	}
	return nil
}

// backoff is the wait before the next try after attempts failed ones.
func backoff(attempts int) time.Duration {
	d := retryFirst
	for i := 1; i < attempts && d < retryMax; i++ {
		d *= 2
	}
	return min(d, retryMax)
}

func (s *Sender) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}
