package mail

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log"
	"strings"
	"sync"
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
//
// A row is sent by one process only: Flush first claims rows with a lease
// (see lease.go), so that two `taipan serve` on one database share the
// work without doubling it. The mark that a mail was sent is written with
// a context no shutdown cancels, so that a mail handed over is never sent
// again for want of its mark.
type Outbox struct {
	Store    *events.Store
	From     string // the envelope sender and From address
	FromName string
	Retry    Retry
	Now      func() time.Time
	Log      *log.Logger // nil: no logging

	// Holder names this process in the leases it takes; NewHolder makes
	// one. Empty: a name made on first use.
	Holder string
	// Lease is how long a claimed row stays this process's; default 10m.
	// It must be far longer than one send can take.
	Lease time.Duration
}

// now is the time by clock (time.Now when nil), in UTC.
func now(clock func() time.Time) time.Time {
	if clock != nil {
		return clock().UTC()
	}
	return time.Now().UTC()
}

func (o *Outbox) now() time.Time { return now(o.Now) }

// stampLayout writes times of the mail tables at a fixed width, so that
// comparing them as text compares them as times (RFC 3339 with trimmed
// fractions does not: "…05Z" sorts after "…05.1Z").
const stampLayout = "2006-01-02T15:04:05.000000000Z"

// stamp is t as the mail tables keep it.
func stamp(t time.Time) string { return t.UTC().Format(stampLayout) }

// Enqueue queues d in tx, the transaction of what caused it, unless a mail
// with the same Message-ID is already queued or sent. It reports whether it
// queued a new mail. A draft with secrets is also kept without them, and
// that copy replaces the mail once it is sent.
func (o *Outbox) Enqueue(ctx context.Context, tx *events.Tx, d *Draft) (bool, error) {
	if err := o.flushDrafts(ctx, tx); err != nil {
		return false, err
	}
	query, args := o.insert(d)
	res, err := tx.Exec(ctx, query, args...)
	if err != nil {
		return false, fmt.Errorf("outbox: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// EnqueueLater is Enqueue for a caller that need not know whether the
// mail was new: the insert goes with the transaction's next statement
// (Tx.Later), saving PostgreSQL a round trip.
func (o *Outbox) EnqueueLater(ctx context.Context, tx *events.Tx, d *Draft) error {
	if err := o.flushDrafts(ctx, tx); err != nil {
		return err
	}
	query, args := o.insert(d)
	if err := tx.Later(ctx, query, args...); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	return nil
}

// insert is the statement that queues d.
func (o *Outbox) insert(d *Draft) (string, []any) {
	return outboxInsert(1), o.row(d, o.now())
}

// row is the outbox row of d, queued at now: the arguments of one row
// of outboxInsert.
func (o *Outbox) row(d *Draft, now time.Time) []any {
	raw := d.render(o.FromName, o.From, now)
	var redacted []byte
	if len(d.Secrets) > 0 {
		redacted = d.Redacted().render(o.FromName, o.From, now)
	}
	at := stamp(now)
	return []any{d.MessageID, d.Game, d.Kind, d.Step, strings.ToLower(d.To), d.Subject, raw, redacted, at, at}
}

// outboxInsert is the statement that queues n rows, each a mail not
// queued or sent before.
func outboxInsert(n int) string {
	return `INSERT INTO outbox (message_id, game_id, kind, step, recipient, subject, body, redacted, created_at, next_try_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)` + strings.Repeat(`, (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, n-1) + ` ON CONFLICT (message_id) DO NOTHING`
}

// EnqueueDraft is EnqueueLater for a draft that is costly to write
// (an acknowledgement echoes the orders it took) and that depends on
// nothing the transaction does after: draft is called on another
// goroutine, while the transaction goes on with the next mail, and the
// mail is queued, in order with the others, before the transaction's
// next other mail to the outbox, before a savepoint (so that undoing a
// later change never undoes it) or before the commit. draft must only
// read what nobody changes meanwhile.
func (o *Outbox) EnqueueDraft(ctx context.Context, tx *events.Tx, draft func() *Draft) error {
	q, _ := tx.Local(draftsKey{o}).(*drafts)
	if q == nil {
		q = &drafts{}
		tx.SetLocal(draftsKey{o}, q)
		tx.BeforeCommit(func() error { return o.flushDrafts(ctx, tx) })
	}
	p := &pendingDraft{done: make(chan struct{})}
	q.list = append(q.list, p)
	now := o.now()
	go func() {
		defer close(p.done)
		defer func() {
			if v := recover(); v != nil {
				p.err = fmt.Errorf("outbox: writing a mail: %v", v)
			}
		}()
		p.row = o.row(draft(), now)
	}()
	return nil
}

// drafts are the mails a transaction queued with EnqueueDraft and has
// not yet written, in order, and the rows it has written of them.
type drafts struct {
	list    []*pendingDraft
	written [][]any
}

// draftsWritten is how many rows of drafts tx has written so far: a mark
// for draftsUndone.
func (o *Outbox) draftsWritten(tx *events.Tx) int {
	if q, _ := tx.Local(draftsKey{o}).(*drafts); q != nil {
		return len(q.written)
	}
	return 0
}

// draftsUndone queues again the rows of drafts written since mark, which
// a rollback to a savepoint taken then has undone: they were queued
// before the savepoint, and stay.
func (o *Outbox) draftsUndone(tx *events.Tx, mark int) {
	q, _ := tx.Local(draftsKey{o}).(*drafts)
	if q == nil || len(q.written) <= mark {
		return
	}
	var again []*pendingDraft
	for _, row := range q.written[mark:] {
		p := &pendingDraft{done: make(chan struct{}), row: row}
		close(p.done)
		again = append(again, p)
	}
	q.list = append(again, q.list...)
	q.written = q.written[:mark]
}

// pendingDraft is one of them: its row once done is closed.
type pendingDraft struct {
	done chan struct{}
	row  []any
	err  error
}

// draftsKey keys a transaction's drafts (Tx.Local).
type draftsKey struct{ o *Outbox }

// maxRowsPerInsert is the most outbox rows one statement writes: ten
// arguments each, well within every backend's limit.
const maxRowsPerInsert = 64

// batchSize is how many of left rows the next statement writes: the
// largest power of two up to maxRowsPerInsert, so that few statements
// are ever prepared.
func batchSize(left int) int {
	n := maxRowsPerInsert
	for n > left {
		n /= 2
	}
	return n
}

// flushDrafts writes the rows of the transaction's drafts, in order:
// several to a statement, in sizes that are powers of two so that few
// statements are ever prepared.
func (o *Outbox) flushDrafts(ctx context.Context, tx *events.Tx) error {
	q, _ := tx.Local(draftsKey{o}).(*drafts)
	if q == nil || len(q.list) == 0 {
		return nil
	}
	list := q.list
	q.list = nil
	var rows [][]any
	var first error
	for _, p := range list {
		<-p.done // every one, so that none outlives the transaction
		if p.err != nil && first == nil {
			first = p.err
		}
		rows = append(rows, p.row)
	}
	if first != nil {
		return first
	}
	q.written = append(q.written, rows...)
	for len(rows) > 0 {
		n := batchSize(len(rows))
		args := make([]any, 0, 10*n)
		for _, r := range rows[:n] {
			args = append(args, r...)
		}
		if err := tx.Later(ctx, outboxInsert(n), args...); err != nil {
			return fmt.Errorf("outbox: %w", err)
		}
		rows = rows[n:]
	}
	return nil
}

// Queued is a mail waiting in the outbox.
type Queued struct {
	ID        int64
	MessageID string
	To        string
	Raw       []byte
	Attempts  int
}

// Pending counts the mails not yet sent nor given up.
func (o *Outbox) Pending(ctx context.Context) (int, error) {
	var n int
	err := o.Store.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL`).Scan(&n)
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

// flushBatch is how many rows one claim takes.
const flushBatch = 20

// Parallel is implemented by a Sender that takes several mails at once
// (the SMTP client, over several connections): Flush then sends that many
// at a time.
type Parallel interface {
	Parallel() int
}

// Flush sends every due mail through s. It stops at the first failure to
// reach the server (the rest would fail alike), and when ctx ends; the mail
// being handed over then is still marked. It returns how many were sent.
// With a Parallel sender, the mails of a batch go several at a time, each
// recipient's in order.
func (o *Outbox) Flush(ctx context.Context, s Sender) (int, error) {
	par := 1
	if p, ok := s.(Parallel); ok && p.Parallel() > 1 {
		par = p.Parallel()
	}
	sent := 0
	for ctx.Err() == nil {
		batch, err := o.claim(ctx, flushBatch)
		if err != nil || len(batch) == 0 {
			return sent, err
		}
		n, err := o.sendBatch(ctx, s, batch, par)
		sent += n
		if err != nil {
			return sent, err
		}
	}
	return sent, nil
}

// sendBatch sends a claimed batch through s, par at a time (each
// recipient's mails by one sender, in order), settles each mail, and
// lets go of those it did not try.
func (o *Outbox) sendBatch(ctx context.Context, s Sender, batch []Queued, par int) (int, error) {
	// A batch is sent well within its lease, or the rest is let go.
	until := time.Now().Add(o.lease() / 2)
	lanes := make([][]Queued, min(par, len(batch)))
	for _, q := range batch {
		h := fnv.New32a()
		h.Write([]byte(q.To))
		i := int(h.Sum32() % uint32(len(lanes)))
		lanes[i] = append(lanes[i], q)
	}
	var mu sync.Mutex
	sent, stop := 0, false
	var first error
	var untried []Queued
	var wg sync.WaitGroup
	for _, lane := range lanes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, q := range lane {
				mu.Lock()
				halt := stop || ctx.Err() != nil || time.Now().After(until)
				mu.Unlock()
				if halt {
					mu.Lock()
					untried = append(untried, lane[i:]...)
					mu.Unlock()
					return
				}
				err := s.Send(ctx, o.From, []string{q.To}, q.Raw)
				if err != nil && ctx.Err() != nil {
					// Cut short by the shutdown: not the server's fault.
					mu.Lock()
					untried, stop = append(untried, lane[i:]...), true
					mu.Unlock()
					return
				}
				serr := o.settle(ctx, q, err)
				mu.Lock()
				switch {
				case serr != nil:
					stop = true
					if first == nil {
						first = serr
					}
				case err == nil:
					sent++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := o.release(untried); err != nil && first == nil {
		first = err
	}
	return sent, first
}

// errRetryLater is how settle reports a send that failed for now.
var errRetryLater = errors.New("retry later")

// settle records what became of a claimed mail: sent, refused for good, or
// to be tried again after a backoff. The record is written even once ctx
// is cancelled (a shutdown), and tried again if the database is busy: a
// mail handed over without its mark would be sent twice.
func (o *Outbox) settle(ctx context.Context, q Queued, sendErr error) error {
	at := o.now()
	var query string
	var args []any
	var perm *PermanentError
	switch {
	case sendErr == nil:
		query = `UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = '',
			body = coalesce(redacted, body), redacted = NULL, claimed_until = '' WHERE id = ?`
		args = []any{stamp(at), q.ID}
	case errors.As(sendErr, &perm):
		query = `UPDATE outbox SET failed_at = ?, attempts = attempts + 1, last_error = ?,
			body = coalesce(redacted, body), redacted = NULL, claimed_until = '' WHERE id = ?`
		args = []any{stamp(at), oneLineText(sendErr.Error(), 300), q.ID}
		logf(o.Log, "outbox: %s to %s refused for good: %s", q.MessageID, q.To, oneLineText(sendErr.Error(), 300))
	default:
		query = `UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_try_at = ?, claimed_until = '' WHERE id = ?`
		args = []any{oneLineText(sendErr.Error(), 300), stamp(at.Add(o.Backoff(q.Attempts + 1))), q.ID}
	}
	if err := o.write(ctx, query, args...); err != nil {
		return fmt.Errorf("outbox: record %s: %w", q.MessageID, err)
	}
	if sendErr != nil && perm == nil {
		return fmt.Errorf("send %s: %s: %w", q.MessageID, oneLineText(sendErr.Error(), 300), errRetryLater)
	}
	return nil
}

// write runs one statement with a context that ctx's end does not cancel,
// trying again for a while if the database refuses (busy, or a full disk
// that clears).
func (o *Outbox) write(ctx context.Context, query string, args ...any) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	wait := 50 * time.Millisecond
	for {
		_, err := o.Store.Exec(ctx, query, args...)
		if err == nil || ctx.Err() != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait = min(2*wait, 2*time.Second)
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
