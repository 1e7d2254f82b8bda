package events_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"taipan/events"
	"taipan/events/pgtest"
	"taipan/internal/testkit"
)

func TestMain(m *testing.M) {
	testkit.Main(func() int {
		defer pgtest.StopShared()
		return m.Run()
	})
}

// eachStore runs the store contract on both backends: a fresh SQLite file,
// and a fresh database of the test binary's PostgreSQL cluster (skipped
// without PostgreSQL, except under CI=true).
func eachStore(t *testing.T, f func(t *testing.T, target string)) {
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "test.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, pgtest.Get(t).NewDatabase(t)) })
}

func openAt(t testing.TB, target string) *events.Store {
	t.Helper()
	s, err := events.Open(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestStoreAppendNumbersAndChains(t *testing.T) {
	eachStore(t, func(t *testing.T, target string) {
		s := openAt(t, target)
		appendN(t, s, "g1", 5)
		appendN(t, s, "g2", 2)
		evs, err := s.Events(context.Background(), "g1")
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 5 {
			t.Fatalf("got %d events, want 5", len(evs))
		}
		for i, e := range evs {
			if e.Seq != int64(i+1) || (i > 0 && e.PrevHash != evs[i-1].Hash) || !e.RecordedAt.Equal(t0) || e.Format != events.CurrentFormat {
				t.Errorf("event %d: %+v", i, e)
			}
		}
		if string(evs[0].Payload) != `{"i":0,"z":"<&>"}` {
			t.Errorf("payload not canonical: %s", evs[0].Payload)
		}
		if err := events.Verify(evs); err != nil {
			t.Errorf("Verify: %v", err)
		}
		games, _ := s.Games(context.Background())
		if strings.Join(games, ",") != "g1,g2" {
			t.Errorf("Games = %v", games)
		}
		if seq, hash, err := s.Last(context.Background(), "g1"); err != nil || seq != 5 || hash != evs[4].Hash {
			t.Errorf("Last = %d %s %v", seq, hash, err)
		}
	})
}

// The database itself refuses to change an event, whoever asks.
func TestStoreRefusesUpdateAndDelete(t *testing.T) {
	eachStore(t, func(t *testing.T, target string) {
		s := openAt(t, target)
		appendN(t, s, "g", 2)
		stmts := []string{`UPDATE events SET payload = '{}' WHERE seq = 1`, `DELETE FROM events WHERE seq = 2`}
		if s.Backend() == "postgres" {
			stmts = append(stmts, `TRUNCATE events`)
		}
		for _, q := range stmts {
			_, err := s.Exec(context.Background(), q)
			if err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: err = %v, want the append-only refusal", q, err)
			}
		}
		evs, _ := s.Events(context.Background(), "g")
		if len(evs) != 2 || events.Verify(evs) != nil {
			t.Errorf("log changed: %d events", len(evs))
		}
	})
}

// Concurrent appenders through separate stores on one database never win
// the same sequence number and leave no gap.
func TestStoreConcurrentAppenders(t *testing.T) {
	eachStore(t, func(t *testing.T, target string) {
		openAt(t, target)
		const writers, each = 4, 25
		var wg sync.WaitGroup
		errs := make(chan error, writers)
		for w := 0; w < writers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				s, err := events.Open(target)
				if err != nil {
					errs <- err
					return
				}
				defer s.Close()
				for i := 0; i < each; i++ {
					err := s.Update(context.Background(), func(tx *events.Tx) error {
						_, err := tx.Append(context.Background(), "g", "orders", fmt.Sprint("w", w), map[string]int{"i": i}, t0)
						return err
					})
					if err != nil {
						errs <- err
						return
					}
				}
			}(w)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		s := openAt(t, target)
		evs, _ := s.Events(context.Background(), "g")
		if len(evs) != writers*each {
			t.Fatalf("%d events, want %d", len(evs), writers*each)
		}
		if err := events.Verify(evs); err != nil {
			t.Fatal(err)
		}
	})
}

// A game's lock makes a second writer of the same game wait for the first
// to commit, so that what it reads before appending is current.
func TestStoreLockGameSerialises(t *testing.T) {
	eachStore(t, func(t *testing.T, target string) {
		s := openAt(t, target)
		appendN(t, s, "g", 1)
		ctx := context.Background()
		inFirst := make(chan struct{})
		release := make(chan struct{})
		done := make(chan error, 2)
		go func() {
			done <- s.Update(ctx, func(tx *events.Tx) error {
				if err := tx.LockGame(ctx, "g"); err != nil {
					return err
				}
				// The lock goes with the transaction's next statement.
				if _, _, err := tx.Last(ctx, "g"); err != nil {
					return err
				}
				close(inFirst)
				<-release
				_, err := tx.Append(ctx, "g", "orders", "first", map[string]int{}, t0)
				return err
			})
		}()
		<-inFirst
		var seen int64
		go func() {
			done <- s.Update(ctx, func(tx *events.Tx) error {
				if err := tx.LockGame(ctx, "g"); err != nil {
					return err
				}
				var err error
				seen, _, err = tx.Last(ctx, "g")
				return err
			})
		}()
		waitForWaitingWriter(t, s, target)
		close(release)
		for i := 0; i < 2; i++ {
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		}
		if seen != 2 {
			t.Errorf("the second writer read seq %d under the lock; want 2 (the first writer's append)", seen)
		}
	})
}

// waitForWaitingWriter returns once a second writer of s waits for the
// lock the first holds: on PostgreSQL, once the server shows a lock asked
// for and not granted; on SQLite, where a write transaction holds the whole
// file from its start, once a writer that will not wait is refused (so the
// second writer cannot have gone past its start).
func waitForWaitingWriter(t *testing.T, s *events.Store, target string) {
	t.Helper()
	if s.Backend() == "postgres" {
		testkit.Eventually(t, "the second writer to wait for the game's lock", func() bool {
			var waiting int
			s.QueryRow(context.Background(), `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`).Scan(&waiting)
			return waiting > 0
		})
		return
	}
	probe, err := sql.Open("sqlite", "file:"+target+"?_pragma=busy_timeout(0)&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer probe.Close()
	tx, err := probe.Begin()
	if err == nil {
		tx.Rollback()
		t.Fatal("a writer began while the first writer holds the database")
	}
}

// Dropped (or, on PostgreSQL, disabled) append-only triggers are recorded
// when found and restored; every later open still reports them.
func TestStoreDroppedTriggersAreNoticed(t *testing.T) {
	eachStore(t, func(t *testing.T, target string) {
		s := openAt(t, target)
		appendN(t, s, "g", 1)
		ctx := context.Background()
		if found, _ := s.Integrity(ctx); len(found) != 0 {
			t.Fatalf("fresh store reports tampering: %v", found)
		}
		drop := `DROP TRIGGER events_no_update`
		if s.Backend() == "postgres" {
			drop = `ALTER TABLE events DISABLE TRIGGER events_no_update`
		}
		if _, err := s.Exec(ctx, drop); err != nil {
			t.Fatal(err)
		}
		s.Close()
		for i := 0; i < 3; i++ {
			s2 := openAt(t, target)
			found, err := s2.Integrity(ctx)
			if err != nil || len(found) != 1 || !strings.Contains(found[0], "events_no_update") {
				t.Errorf("open %d: Integrity() = %q, %v; want the dropped trigger named once", i+1, found, err)
			}
			if _, err := s2.Exec(ctx, `UPDATE events SET actor = 'x'`); err == nil {
				t.Error("the trigger was not restored")
			}
			s2.Close()
		}
	})
}

// A log exported from one backend imports into the other with the same
// hashes, and a tampered or doubled import is refused.
func TestStoreExportImportAcrossBackends(t *testing.T) {
	eachStore(t, func(t *testing.T, target string) {
		src := openAt(t, filepath.Join(t.TempDir(), "src.db"))
		appendN(t, src, "g", 3)
		evs, _ := src.Events(context.Background(), "g")
		var b strings.Builder
		if err := events.WriteJSONL(&b, evs); err != nil {
			t.Fatal(err)
		}
		back, err := events.ReadJSONL(strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		s := openAt(t, target)
		ctx := context.Background()
		if err := s.Update(ctx, func(tx *events.Tx) error { return tx.Import(ctx, back) }); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Events(ctx, "g")
		if len(got) != 3 || got[2].Hash != evs[2].Hash || got[1].Salt != evs[1].Salt || !got[0].RecordedAt.Equal(evs[0].RecordedAt) || events.Verify(got) != nil {
			t.Fatalf("imported log differs")
		}
		err = s.Update(ctx, func(tx *events.Tx) error { return tx.Import(ctx, back) })
		if !errors.Is(err, events.ErrExists) {
			t.Errorf("second import: %v, want ErrExists", err)
		}
		back[1].Payload = json.RawMessage(`{"i":7,"z":"<&>"}`)
		back[0].Game, back[1].Game, back[2].Game = "h", "h", "h"
		if err := s.Update(ctx, func(tx *events.Tx) error { return tx.Import(ctx, back) }); err == nil {
			t.Error("a tampered log was imported")
		}
	})
}

// The operational tables take the same statements on both backends.
func TestStoreOperationalTables(t *testing.T) {
	eachStore(t, func(t *testing.T, target string) {
		s := openAt(t, target)
		ctx := context.Background()
		err := s.Update(ctx, func(tx *events.Tx) error {
			for _, q := range []struct {
				sql  string
				args []any
			}{
				{`INSERT INTO credentials (game_id, player, token_hash) VALUES (?, ?, ?) ON CONFLICT (game_id, player) DO UPDATE SET token_hash = excluded.token_hash`, []any{"g", "alice", "h1"}},
				{`INSERT INTO credentials (game_id, player, token_hash) VALUES (?, ?, ?) ON CONFLICT (game_id, player) DO UPDATE SET token_hash = excluded.token_hash`, []any{"g", "alice", "h2"}},
				{`INSERT INTO inbox (message_id, game_id, sender, outcome, received_at) VALUES (?, ?, ?, ?, ?)`, []any{"<m1>", "g", "a@x", "accepted", "2026"}},
				{`INSERT INTO outbox (message_id, game_id, recipient, subject, body, created_at, next_try_at, kind, step) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO NOTHING`, []any{"<o1>", "g", "a@x", "s", []byte("body"), "2026", "2026", "report", 1}},
				{`INSERT INTO reminders (game_id, step, player, sent_at) VALUES (?, ?, ?, ?)`, []any{"g", 1, "alice", "2026"}},
			} {
				if _, err := tx.Exec(ctx, q.sql, q.args...); err != nil {
					return fmt.Errorf("%s: %w", q.sql, err)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var tok string
		var body []byte
		if err := s.QueryRow(ctx, `SELECT token_hash FROM credentials WHERE game_id = ? AND player = ?`, "g", "alice").Scan(&tok); err != nil || tok != "h2" {
			t.Errorf("credentials: %q %v", tok, err)
		}
		if err := s.QueryRow(ctx, `SELECT body FROM outbox WHERE message_id = ?`, "<o1>").Scan(&body); err != nil || string(body) != "body" {
			t.Errorf("outbox: %q %v", body, err)
		}
		if _, err := s.Exec(ctx, `INSERT INTO inbox (message_id, game_id, sender, outcome, received_at) VALUES (?, ?, ?, ?, ?)`, "<m1>", "g", "a@x", "accepted", "2026"); err == nil {
			t.Error("a mail was taken in twice")
		}
	})
}

// A transaction remembers the head of a game it holds, so that it need not
// read it again for each append; a rollback to a savepoint forgets it, and
// the next append chains to what the log holds.
func TestStoreSavepointForgetsHeads(t *testing.T) {
	eachStore(t, func(t *testing.T, target string) {
		s := openAt(t, target)
		appendN(t, s, "g", 2)
		ctx := context.Background()
		err := s.Update(ctx, func(tx *events.Tx) error {
			kept, err := tx.Append(ctx, "g", "orders", "alice", map[string]any{"kept": true}, t0)
			if err != nil {
				return err
			}
			if err := tx.Savepoint(ctx, "try"); err != nil {
				return err
			}
			if _, err := tx.Append(ctx, "g", "orders", "bob", map[string]any{"undone": true}, t0); err != nil {
				return err
			}
			if err := tx.RollbackTo(ctx, "try"); err != nil {
				return err
			}
			if err := tx.Release(ctx, "try"); err != nil {
				return err
			}
			seq, hash, err := tx.Last(ctx, "g")
			if err != nil || seq != kept.Seq || hash != kept.Hash {
				t.Errorf("after the rollback Last = %d %s %v, want the kept event %d %s", seq, hash, err, kept.Seq, kept.Hash)
			}
			next, err := tx.Append(ctx, "g", "orders", "carol", map[string]any{"after": true}, t0)
			if err == nil && (next.Seq != kept.Seq+1 || next.PrevHash != kept.Hash) {
				t.Errorf("the append after the rollback is #%d after %s, want #%d after %s", next.Seq, next.PrevHash, kept.Seq+1, kept.Hash)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		evs, err := s.Events(ctx, "g")
		if err != nil || len(evs) != 4 || events.Verify(evs) != nil {
			t.Fatalf("%d events, %v, verify %v", len(evs), err, events.Verify(evs))
		}
		if evs[3].Actor != "carol" {
			t.Errorf("the last event is %s's, want carol's", evs[3].Actor)
		}
	})
}
