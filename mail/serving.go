package mail

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"taipan/events"
)

// Serving. While `taipan serve` runs it keeps a row in mail_serving,
// renewed every servingBeat, and deletes it when it stops; a row names its
// process as the outbox's leases do (host:pid:random). So other commands
// can tell that a database is being served: `taipan migrate` refuses to
// copy one, since the serve would go on taking mail into the old copy
// while the new one was put to use, and the two would diverge unseen.
//
// A killed serve leaves its row behind. It stops counting once its lease
// ends (servingLease after its last renewal), or at once, on the same
// host, when its process is gone.

const (
	servingBeat  = time.Minute
	servingLease = 3 * servingBeat
)

// ServeProcess is a `taipan serve` that a database's mail_serving says
// runs on it.
type ServeProcess struct {
	Holder    string    // host:pid:random
	Host      string    // the machine it runs on
	PID       int       // its process id there
	StartedAt time.Time // when it started
	SeenAt    time.Time // when it last renewed its row
}

// String names the process for a message.
func (s ServeProcess) String() string {
	return fmt.Sprintf("process %d on %s, started %s, last seen %s", s.PID, s.Host,
		s.StartedAt.Format(time.RFC3339), s.SeenAt.Format(time.RFC3339))
}

// Running lists the serve processes running on store at now: those whose
// row's lease has not ended, but for the processes of this host that are
// gone.
func Running(ctx context.Context, store *events.Store, now time.Time) ([]ServeProcess, error) {
	rows, err := store.Query(ctx, `SELECT holder, started_at, seen_at FROM mail_serving WHERE lease_until > ? ORDER BY started_at, holder`, stamp(now))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	host, _ := os.Hostname()
	host = strings.NewReplacer(":", "_", "/", "_").Replace(host) // as NewHolder writes it
	var out []ServeProcess
	for rows.Next() {
		var s ServeProcess
		var started, seen string
		if err := rows.Scan(&s.Holder, &started, &seen); err != nil {
			return nil, err
		}
		parts := strings.Split(s.Holder, ":")
		if len(parts) == 3 {
			s.Host = parts[0]
			s.PID, _ = strconv.Atoi(parts[1])
		}
		if s.Host == host && s.PID != os.Getpid() && !processAlive(s.PID) {
			continue // killed: its row is stale
		}
		s.StartedAt, _ = time.Parse(stampLayout, started)
		s.SeenAt, _ = time.Parse(stampLayout, seen)
		out = append(out, s)
	}
	return out, rows.Err()
}

// announce records that the service runs on its database and keeps the
// record fresh until ctx ends. The function it returns, called once the
// service has stopped, deletes the record.
func (s *Service) announce(ctx context.Context) (withdraw func()) {
	holder, started := s.Outbox.holder(), time.Now().UTC()
	renew := func() error {
		now := time.Now().UTC()
		_, err := s.Host.Store.Exec(context.WithoutCancel(ctx),
			`INSERT INTO mail_serving (holder, started_at, seen_at, lease_until) VALUES (?, ?, ?, ?)
			 ON CONFLICT (holder) DO UPDATE SET seen_at = excluded.seen_at, lease_until = excluded.lease_until`,
			holder, stamp(started), stamp(now), stamp(now.Add(servingLease)))
		return err
	}
	if err := renew(); err != nil {
		s.Log.Printf("serving: %v", err)
	}
	beating := make(chan struct{})
	go func() {
		defer close(beating)
		t := time.NewTicker(servingBeat)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := renew(); err != nil && ctx.Err() == nil {
					s.Log.Printf("serving: %v", err)
				}
			}
		}
	}()
	return func() {
		<-beating // no renewal after the delete
		if _, err := s.Host.Store.Exec(context.WithoutCancel(ctx), `DELETE FROM mail_serving WHERE holder = ?`, holder); err != nil {
			s.Log.Printf("serving: %v", err)
		}
	}
}

// ForgetServing clears a copy of a database (a backup) of the serve
// processes the original had: nobody serves the copy.
func ForgetServing(ctx context.Context, store *events.Store) error {
	_, err := store.Exec(ctx, `DELETE FROM mail_serving`)
	return err
}
