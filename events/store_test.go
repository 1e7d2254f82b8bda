package events_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"taipan"
	"taipan/events"
)

func open(t testing.TB) (*events.Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	s, err := events.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

var t0 = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func appendN(t testing.TB, s *events.Store, game string, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		err := s.Update(context.Background(), func(tx *events.Tx) error {
			_, err := tx.Append(context.Background(), game, "orders", "alice", map[string]any{"i": i, "z": "<&>"}, t0)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestVerifyNamesTheFirstBadEvent(t *testing.T) {
	s, _ := open(t)
	appendN(t, s, "g", 4)
	evs, _ := s.Events(context.Background(), "g")
	cases := map[string]func([]events.Event) []events.Event{
		"payload edited": func(e []events.Event) []events.Event { e[2].Payload = json.RawMessage(`{"i":99,"z":"<&>"}`); return e },
		"gap":            func(e []events.Event) []events.Event { return append(e[:1], e[2:]...) },
		"hash forged":    func(e []events.Event) []events.Event { e[2].Hash = strings.Repeat("0", 64); return e },
		"actor changed":  func(e []events.Event) []events.Event { e[2].Actor = "mallory"; return e },
	}
	for name, mutate := range cases {
		t.Run(name, func(t *testing.T) {
			cp := append([]events.Event(nil), evs...)
			err := events.Verify(mutate(cp))
			var ce *events.ChainError
			if !errors.As(err, &ce) {
				t.Fatalf("Verify = %v, want a ChainError", err)
			}
			if ce.Event.Seq != 3 && !(name == "gap" && ce.Event.Seq == 3) {
				t.Errorf("names event %d, want 3", ce.Event.Seq)
			}
		})
	}
}

func TestCanonical(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"b":1,"a":[1,2,{"d":true,"c":null}]}`, `{"a":[1,2,{"c":null,"d":true}],"b":1}`},
		{` { "x" : 1.50 } `, `{"x":1.50}`},
		{`"<a&b>"`, `"<a&b>"`},
	}
	for _, c := range cases {
		got, err := events.Canonical(json.RawMessage(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("Canonical(%s) = %s, %v; want %s", c.in, got, err, c.want)
		}
	}
	if _, err := events.Canonical(json.RawMessage(`{"a":1} x`)); err == nil {
		t.Error("trailing data accepted")
	}
}

func BenchmarkAppend(b *testing.B) {
	s, _ := open(b)
	ctx := context.Background()
	payload := map[string]any{"step": 4, "orders": []any{map[string]any{"buy": "London"}}}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		err := s.Update(ctx, func(tx *events.Tx) error {
			_, err := tx.Append(ctx, "bench", "orders", "alice", payload, t0)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// The statements a Tx prepares once serve every later transaction, also
// after one rolled back, and from several goroutines at once.
func TestTxStatementsAreReused(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	insert := `INSERT INTO credentials (game_id, player, token_hash) VALUES (?, ?, ?)`
	count := func() int {
		var n int
		err := s.Update(ctx, func(tx *events.Tx) error {
			return tx.QueryRow(ctx, `SELECT count(*) FROM credentials WHERE game_id = ?`, "g").Scan(&n)
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	failed := errors.New("roll back")
	err := s.Update(ctx, func(tx *events.Tx) error {
		if _, err := tx.Exec(ctx, insert, "g", "rolled-back", "h"); err != nil {
			return err
		}
		return failed
	})
	if !errors.Is(err, failed) || count() != 0 {
		t.Fatalf("rollback: err %v, %d rows", err, count())
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			err := s.Update(ctx, func(tx *events.Tx) error {
				_, err := tx.Exec(ctx, insert, "g", fmt.Sprint("p", i), "h")
				return err
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got := count(); got != 8 {
		t.Errorf("%d rows, want 8", got)
	}
	err = s.Update(ctx, func(tx *events.Tx) error {
		rows, err := tx.Query(ctx, `SELECT player FROM credentials WHERE game_id = ? ORDER BY player`, "g")
		if err != nil {
			return err
		}
		defer rows.Close()
		var names []string
		for rows.Next() {
			var p string
			if err := rows.Scan(&p); err != nil {
				return err
			}
			names = append(names, p)
		}
		if len(names) != 8 || names[0] != "p0" {
			t.Errorf("players %v", names)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A redacted event keeps its place in the chain through its payload hash,
// and the withheld payload, revealed later, can be checked against it.
func TestRedactedEventsVerify(t *testing.T) {
	s, _ := open(t)
	appendN(t, s, "g", 4)
	evs, _ := s.Events(context.Background(), "g")
	pub := append([]events.Event(nil), evs...)
	pub[1], pub[2] = pub[1].Redact(), pub[2].Redact()
	if !pub[1].Redacted() || pub[1].Payload != nil || pub[1].Hash != evs[1].Hash {
		t.Fatalf("redaction: %+v", pub[1])
	}
	if err := events.Verify(pub); err != nil {
		t.Fatalf("a redacted log does not verify: %v", err)
	}
	var b strings.Builder
	events.WriteJSONL(&b, pub)
	if strings.Contains(b.String(), `"i":1`) {
		t.Error("the withheld payload is in the export")
	}
	back, err := events.ReadJSONL(strings.NewReader(b.String()))
	if err != nil || events.Verify(back) != nil {
		t.Fatalf("a redacted export does not read back: %v", err)
	}
	forged := append([]events.Event(nil), pub...)
	forged[2].PayloadHash = strings.Repeat("0", 64)
	var ce *events.ChainError
	if err := events.Verify(forged); !errors.As(err, &ce) || ce.Event.Seq != 3 {
		t.Errorf("a forged payload hash: %v", err)
	}
}

// schemaShape describes a database's tables, columns, indexes and triggers,
// in a form that does not depend on how they came to be.
func schemaShape(t *testing.T, s *events.Store) string {
	t.Helper()
	rows, err := s.DB().Query(`SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var tables []string
	for rows.Next() {
		var typ, name, tbl string
		rows.Scan(&typ, &name, &tbl)
		fmt.Fprintf(&b, "%s %s on %s\n", typ, name, tbl)
		if typ == "table" {
			tables = append(tables, name)
		}
	}
	rows.Close()
	for _, tbl := range tables {
		cols, err := s.DB().Query(`SELECT name, type, "notnull", coalesce(dflt_value, ''), pk FROM pragma_table_info(?) ORDER BY name`, tbl)
		if err != nil {
			t.Fatal(err)
		}
		for cols.Next() {
			var name, typ, def string
			var notnull, pk int
			cols.Scan(&name, &typ, &notnull, &def, &pk)
			fmt.Fprintf(&b, "  %s.%s %s notnull=%d default=%s pk=%d\n", tbl, name, typ, notnull, def, pk)
		}
		cols.Close()
	}
	return b.String()
}

// A database written by the format-1 build (schema 1, no recorded version)
// migrates to exactly the schema a new database gets, and says so.
func TestMigratedSchemaIsTheNewSchema(t *testing.T) {
	fresh, _ := open(t)
	old, err := os.ReadFile(filepath.Join("..", "testdata", "compat", "format1", "format1.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	os.WriteFile(path, old, 0o644)
	migrated, err := events.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer migrated.Close()
	if a, b := schemaShape(t, fresh), schemaShape(t, migrated); a != b {
		t.Errorf("migrated schema differs from a new one:\nnew:\n%s\nmigrated:\n%s", a, b)
	}
	ctx := context.Background()
	for _, s := range []*events.Store{fresh, migrated} {
		if v, err := s.SchemaVersion(ctx); err != nil || v != taipan.SchemaVersion {
			t.Errorf("schema version %d, %v; want %d", v, err, taipan.SchemaVersion)
		}
	}
	evs, err := migrated.Events(ctx, "fx-trader-2p")
	if err != nil || len(evs) == 0 || evs[0].Format != events.Format1 {
		t.Fatalf("a migrated game: %d events, %v", len(evs), err)
	}
	if err := events.Verify(evs); err != nil {
		t.Errorf("a migrated game's chain: %v", err)
	}
	if info, _ := os.Stat(path); info.Mode().Perm()&0o007 != 0 {
		t.Errorf("the old world-readable database is still %v", info.Mode().Perm())
	}
}

// A new database and its -wal and -shm files are readable by their owner
// only: they hold the seeds and every order.
func TestNewDatabaseIsPrivate(t *testing.T) {
	s, path := open(t)
	appendN(t, s, "g", 1)
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		info, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %v, want 0600", filepath.Base(p), info.Mode().Perm())
		}
	}
}

// OpenExisting never creates a database.
func TestOpenExistingNeverCreates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "none.db")
	if _, err := events.OpenExisting(path); !errors.Is(err, events.ErrNoDatabase) || !strings.Contains(err.Error(), path) {
		t.Errorf("OpenExisting of a missing file: %v", err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("OpenExisting created the file")
	}
}

// IsCanonical agrees with re-encoding on every input the fuzzer finds.
func FuzzIsCanonical(f *testing.F) {
	for _, s := range []string{`{"a":1,"b":[true,null,"x"]}`, `{"b":1,"a":2}`, `{"a":1,"a":2}`, ` {"a":1}`, `"\u00e9"`, `"é"`, `"\u0001"`, `"\n"`, `"\u000a"`, `"\b"`, `"\u2028"`, "\"\u2028\"", `1.0`, `-0`, `1e3`, `{"\u0061":1}`, `{"a\n":1,"a":2}`, `[1,]`, `"\/"`, "\"\xff\"", `"<&>"`, `"\u003c"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := events.Canonical([]byte(s))
		expected := err == nil && string(want) == s
		if got := events.IsCanonical([]byte(s)); got != expected {
			t.Errorf("IsCanonical(%q) = %v, re-encoding says %v", s, got, expected)
		}
	})
}

// A damaged log, one whose events are not numbered 1, 2, … (an event
// deleted, another renumbered past the end), still reads in the order of
// its numbers, every event there, for replay and Verify to name the break.
func TestDamagedLogReadsInOrder(t *testing.T) {
	target := filepath.Join(t.TempDir(), "damaged.db")
	s := openAt(t, target)
	appendN(t, s, "g", 6)
	db, err := sql.Open("sqlite", target)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`DROP TRIGGER events_no_update`, `DROP TRIGGER events_no_delete`,
		`DELETE FROM events WHERE game_id = 'g' AND seq = 3`,
		`UPDATE events SET seq = 1000000 WHERE game_id = 'g' AND seq = 2`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	evs, err := s.Events(context.Background(), "g")
	if err != nil {
		t.Fatal(err)
	}
	var seqs []int64
	for _, e := range evs {
		seqs = append(seqs, e.Seq)
		if e.Game != "g" {
			t.Errorf("event %d of game %q", e.Seq, e.Game)
		}
	}
	if fmt.Sprint(seqs) != "[1 4 5 6 1000000]" {
		t.Errorf("read %v, want [1 4 5 6 1000000]", seqs)
	}
	var ce *events.ChainError
	if err := events.Verify(evs); !errors.As(err, &ce) {
		t.Errorf("Verify = %v, want a broken chain named", err)
	}
}
