package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Leases. SQLite has no SELECT … FOR UPDATE SKIP LOCKED; a process claims
// outbox rows instead with one UPDATE that takes only rows whose lease has
// ended, which SQLite runs under its write lock, so that two processes never
// claim the same row. A row stays claimed until it is settled (sent,
// refused for good, or put back with a backoff) or its lease ends. A
// process that stops cleanly releases what it claimed; the leases of one
// that was killed are released by the next process on the same host that
// finds its process gone, so that a restart does not wait out the lease.

// NewHolder names a process in its leases: host, process id and a random
// part (so that a reused process id is another holder).
func NewHolder() string {
	host, _ := os.Hostname()
	host = strings.NewReplacer(":", "_", "/", "_").Replace(host)
	var b [4]byte
	rand.Read(b[:])
	return fmt.Sprintf("%s:%d:%s", host, os.Getpid(), hex.EncodeToString(b[:]))
}

func (o *Outbox) holder() string {
	if o.Holder == "" {
		o.Holder = NewHolder()
	}
	return o.Holder
}

func (o *Outbox) lease() time.Duration {
	if o.Lease > 0 {
		return o.Lease
	}
	return 10 * time.Minute
}

// claimQuery claims due rows. The lease is tested again on the row being
// updated, not only in the subquery, so that the claim stays exclusive on
// a database that runs two such updates at once and re-reads a row
// changed meanwhile (PostgreSQL, under READ COMMITTED). There the subquery
// also skips the rows another worker is claiming (FOR UPDATE SKIP
// LOCKED), so that two workers take different rows rather than wait for
// each other and find nothing left; SQLite, whose writers take turns, has
// no such clause.
const claimQuery = `UPDATE outbox SET claimed_by = ?, claimed_until = ?
		 WHERE id IN (SELECT id FROM outbox
		              WHERE sent_at IS NULL AND failed_at IS NULL AND next_try_at <= ? AND claimed_until < ?
		              ORDER BY id LIMIT ?%s)
		   AND claimed_until < ? AND sent_at IS NULL AND failed_at IS NULL
		 RETURNING id, message_id, recipient, body, attempts`

var (
	claimSQLite   = fmt.Sprintf(claimQuery, "")
	claimPostgres = fmt.Sprintf(claimQuery, " FOR UPDATE SKIP LOCKED")
)

// claim takes up to limit due rows for this process, oldest first.
func (o *Outbox) claim(ctx context.Context, limit int) ([]Queued, error) {
	now := o.now()
	query := claimSQLite
	if o.Store.Backend() == "postgres" {
		query = claimPostgres
	}
	rows, err := o.Store.Query(ctx, query,
		o.holder(), stamp(now.Add(o.lease())), stamp(now), stamp(now), limit, stamp(now))
	if err != nil {
		return nil, fmt.Errorf("outbox: claim: %w", err)
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
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Queued) int { return int(a.ID - b.ID) })
	return out, nil
}

// release lets go of claimed rows not sent, for any process to take now.
func (o *Outbox) release(qs []Queued) error {
	for _, q := range qs {
		if err := o.write(context.Background(), `UPDATE outbox SET claimed_until = '' WHERE id = ? AND claimed_by = ?`, q.ID, o.holder()); err != nil {
			return err
		}
	}
	return nil
}

// ReleaseAll lets go of every row this process still holds: at a clean stop.
func (o *Outbox) ReleaseAll() error {
	return o.write(context.Background(),
		`UPDATE outbox SET claimed_until = '' WHERE claimed_by = ? AND sent_at IS NULL AND failed_at IS NULL`, o.holder())
}

// ReleaseOrphans lets go of the rows claimed by processes of this host that
// are gone (killed), and returns how many rows it freed. Holders on other
// hosts are left to their lease: their processes cannot be looked at.
func (o *Outbox) ReleaseOrphans(ctx context.Context) (int, error) {
	holders, err := column(o.Store.Query(ctx,
		`SELECT DISTINCT claimed_by FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND claimed_until > ? AND claimed_by != ?`,
		stamp(o.now()), o.holder()))
	if err != nil {
		return 0, err
	}
	host, _, _ := strings.Cut(o.holder(), ":")
	freed := 0
	for _, h := range holders {
		parts := strings.Split(h, ":")
		if len(parts) != 3 || parts[0] != host {
			continue
		}
		pid, err := strconv.Atoi(parts[1])
		if err != nil || (pid != os.Getpid() && processAlive(pid)) {
			continue
		}
		res, err := o.Store.Exec(ctx, `UPDATE outbox SET claimed_until = '' WHERE claimed_by = ? AND sent_at IS NULL AND failed_at IS NULL`, h)
		if err != nil {
			return freed, err
		}
		n, _ := res.RowsAffected()
		freed += int(n)
	}
	return freed, nil
}
