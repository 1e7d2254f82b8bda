package events

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// coalesce sends what a batch put off as fewer statements with the same
// effect, and nothing it cannot prove has the same effect.
func TestCoalesce(t *testing.T) {
	ins := func(table string, args ...any) statement {
		return statement{"INSERT INTO " + table + " (a, b) VALUES (?, ?)", args}
	}
	rows := func(table string, n int) statement {
		st := statement{"INSERT INTO " + table + " (a, b) VALUES", nil}
		for i := range n {
			if i > 0 {
				st.query += ","
			}
			st.query += " (?, ?)"
		}
		return st
	}
	with := func(st statement, args ...any) statement { st.args = args; return st }
	del := statement{"DELETE FROM t WHERE a = ?", []any{9}}
	delOther := statement{"DELETE FROM v WHERE a = ?", []any{9}}
	upsert := statement{"INSERT INTO w (a) VALUES (?) ON CONFLICT (a) DO UPDATE SET a = excluded.a", []any{5}}
	read := statement{"INSERT INTO t (a, b) SELECT a, b FROM u", nil}
	lock := statement{"SELECT pg_advisory_xact_lock(?)", []any{1}}
	up := func(key int) statement {
		return statement{"INSERT INTO w (a, b) VALUES (?, ?) ON CONFLICT (a) DO UPDATE SET b = excluded.b", []any{key, "x"}}
	}
	upArgs := func(key int) statement {
		return statement{"INSERT INTO w (a, b) VALUES (?, ?) ON CONFLICT (a) DO UPDATE SET b = w.b + 1 WHERE w.b < ?", []any{key, 1, 9}}
	}
	sp, rel := statement{"SAVEPOINT host", nil}, statement{"RELEASE host", nil}
	for _, tc := range []struct {
		name    string
		pending []statement
		want    []statement
	}{
		{"deletes by one key from one table are one, past writes to other tables",
			[]statement{del, ins("u", 1, 2), {"DELETE FROM t WHERE a = ?", []any{8}}},
			[]statement{{"DELETE FROM t WHERE a IN (?, ?)", []any{9, 8}}, ins("u", 1, 2)}},
		{"a delete never past an insert into its own table",
			[]statement{del, ins("t", 1, 2), del},
			[]statement{del, ins("t", 1, 2), del}},
		{"a delete by more than one key is not merged",
			[]statement{{"DELETE FROM t WHERE a = ? AND b = ?", []any{1, 2}}, {"DELETE FROM t WHERE a = ? AND b = ?", []any{1, 2}}},
			[]statement{{"DELETE FROM t WHERE a = ? AND b = ?", []any{1, 2}}, {"DELETE FROM t WHERE a = ? AND b = ?", []any{1, 2}}}},
		{"one insert alone", []statement{ins("t", 1, 2)}, []statement{ins("t", 1, 2)}},
		{"inserts into one table, one after another, are one",
			[]statement{ins("t", 1, 2), ins("t", 3, 4), ins("t", 5, 6)},
			[]statement{with(rows("t", 2), 1, 2, 3, 4), ins("t", 5, 6)}},
		{"past writes to other tables",
			[]statement{ins("t", 1, 2), ins("u", 7, 8), delOther, upsert, ins("t", 3, 4), ins("u", 9, 10)},
			[]statement{with(rows("t", 2), 1, 2, 3, 4), with(rows("u", 2), 7, 8, 9, 10), delOther, upsert}},
		{"never past a write to its own table",
			[]statement{ins("t", 1, 2), del, ins("t", 3, 4)},
			[]statement{ins("t", 1, 2), del, ins("t", 3, 4)}},
		{"never past a statement that reads",
			[]statement{ins("t", 1, 2), lock, ins("t", 3, 4)},
			[]statement{ins("t", 1, 2), lock, ins("t", 3, 4)}},
		{"never past an insert that reads another table",
			[]statement{ins("t", 1, 2), read, ins("t", 3, 4)},
			[]statement{ins("t", 1, 2), read, ins("t", 3, 4)}},
		{"an upsert of a key it already has starts another",
			[]statement{upsert, upsert},
			[]statement{upsert, upsert}},
		{"upserts of distinct keys are one, and a key again starts another",
			[]statement{up(1), up(2), up(1), up(3)},
			[]statement{{"INSERT INTO w (a, b) VALUES (?, ?), (?, ?) ON CONFLICT (a) DO UPDATE SET b = excluded.b", []any{1, "x", 2, "x"}},
				{"INSERT INTO w (a, b) VALUES (?, ?), (?, ?) ON CONFLICT (a) DO UPDATE SET b = excluded.b", []any{1, "x", 3, "x"}}}},
		{"an upsert whose clause takes arguments is not merged",
			[]statement{upArgs(1), upArgs(2)},
			[]statement{upArgs(1), upArgs(2)}},
		{"an insert of more than arguments is not merged",
			[]statement{{"INSERT INTO t (a, b) VALUES (?, 1)", []any{1}}, {"INSERT INTO t (a, b) VALUES (?, 1)", []any{2}}},
			[]statement{{"INSERT INTO t (a, b) VALUES (?, 1)", []any{1}}, {"INSERT INTO t (a, b) VALUES (?, 1)", []any{2}}}},
		{"a savepoint made and released in the batch is dropped, and inserts merge across it",
			[]statement{sp, ins("t", 1, 2), rel, sp, ins("t", 3, 4), rel},
			[]statement{with(rows("t", 2), 1, 2, 3, 4)}},
		{"a savepoint not released in the batch is kept, and stops merges",
			[]statement{ins("t", 1, 2), sp, ins("t", 3, 4)},
			[]statement{ins("t", 1, 2), sp, ins("t", 3, 4)}},
		{"a release of a savepoint sent before is kept",
			[]statement{ins("t", 1, 2), rel, ins("t", 3, 4)},
			[]statement{ins("t", 1, 2), rel, ins("t", 3, 4)}},
		{"a release of an outer savepoint keeps the inner one made since",
			[]statement{{"SAVEPOINT a", nil}, sp, {"RELEASE a", nil}},
			[]statement{{"SAVEPOINT a", nil}, sp, {"RELEASE a", nil}}},
		{"nested savepoints released in turn are dropped",
			[]statement{{"SAVEPOINT a", nil}, sp, ins("t", 1, 2), rel, {"RELEASE a", nil}},
			[]statement{ins("t", 1, 2)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := coalesce(tc.pending, shapeOf); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

// Merged inserts carry at most maxMergedRows rows, in powers of two, every
// row once and in order.
func TestCoalesceSplitsRows(t *testing.T) {
	var pending []statement
	for i := range 2*maxMergedRows + 7 {
		pending = append(pending, statement{"INSERT INTO t (a) VALUES (?)", []any{i}})
	}
	var sizes []int
	var args []any
	for _, st := range coalesce(pending, shapeOf) {
		if shapeOf(st.query).kind != insertRow && len(st.args) == 1 {
			t.Fatalf("a statement of one row is not the insert given: %q", st.query)
		}
		sizes = append(sizes, len(st.args))
		args = append(args, st.args...)
	}
	if want := []int{64, 64, 4, 2, 1}; !reflect.DeepEqual(sizes, want) {
		t.Errorf("inserts of %v rows, want %v", sizes, want)
	}
	for i, a := range args {
		if a != i {
			t.Fatalf("row %d carries %v", i, a)
		}
	}
}

// Random batches of inserts, upserts, deletes, updates, locks and
// savepoints into two tables leave the tables as they are left by the
// statements one by one, or fail as those do, when sent coalesced: a model
// of the statements' effects, written apart from coalesce, runs both.
func TestCoalesceKeepsEffects(t *testing.T) {
	type op struct {
		query string
		args  func(r *rand.Rand) []any
	}
	key := func(r *rand.Rand) any { return r.IntN(6) }
	val := func(r *rand.Rand) any { return fmt.Sprint("v", r.IntN(100)) }
	var ops []op
	for _, table := range []string{"t", "u"} {
		ops = append(ops,
			op{"INSERT INTO " + table + " (a, b) VALUES (?, ?)", func(r *rand.Rand) []any { return []any{key(r), val(r)} }},
			op{"INSERT INTO " + table + " (a, b) VALUES (?, ?) ON CONFLICT (a) DO UPDATE SET b = excluded.b", func(r *rand.Rand) []any { return []any{key(r), val(r)} }},
			op{"INSERT INTO " + table + " (a, b) VALUES (?, ?) ON CONFLICT (a) DO NOTHING", func(r *rand.Rand) []any { return []any{key(r), val(r)} }},
			op{"DELETE FROM " + table + " WHERE a = ?", func(r *rand.Rand) []any { return []any{key(r)} }},
			op{"UPDATE " + table + " SET b = ? WHERE a = ?", func(r *rand.Rand) []any { return []any{val(r), key(r)} }},
		)
	}
	ops = append(ops,
		op{"SELECT pg_advisory_xact_lock(?)", func(r *rand.Rand) []any { return []any{1} }},
		op{"SAVEPOINT host", func(*rand.Rand) []any { return nil }},
		op{"RELEASE host", func(*rand.Rand) []any { return nil }},
	)
	merges := 0
	for seed := range 3000 {
		r := rand.New(rand.NewPCG(uint64(seed), 31))
		var pending []statement
		for range 1 + r.IntN(40) {
			o := ops[r.IntN(len(ops))]
			pending = append(pending, statement{o.query, o.args(r)})
		}
		sent := coalesce(pending, shapeOf)
		if len(sent) < len(pending) {
			merges++
		}
		one, errOne := runModel(pending)
		all, errAll := runModel(sent)
		if (errOne != nil) != (errAll != nil) || errOne == nil && !reflect.DeepEqual(one, all) {
			t.Fatalf("seed %d: one by one %v (%v), coalesced %v (%v)\npending %q\nsent %q", seed, one, errOne, all, errAll, pending, sent)
		}
	}
	if merges < 1000 {
		t.Fatalf("only %d of the batches were coalesced", merges)
	}
}

// runModel plays statements of TestCoalesceKeepsEffects' kinds, one row
// or many, on tables of key a and value b, as PostgreSQL would: an insert
// of a key there fails, as does an upsert that meets one key twice.
func runModel(sts []statement) (map[string]map[any]any, error) {
	tables := map[string]map[any]any{"t": {}, "u": {}}
	for _, st := range sts {
		f := strings.Fields(st.query)
		switch {
		case f[0] == "INSERT":
			tb := tables[f[2]]
			touched := map[any]bool{}
			for i := 0; i < len(st.args); i += 2 {
				k, v := st.args[i], st.args[i+1]
				_, there := tb[k]
				switch {
				case touched[k] && strings.Contains(st.query, "DO UPDATE"):
					return nil, fmt.Errorf("ON CONFLICT DO UPDATE command cannot affect row a second time")
				case there && strings.Contains(st.query, "DO UPDATE"):
					tb[k] = v
				case there && strings.Contains(st.query, "DO NOTHING"):
				case there:
					return nil, fmt.Errorf("duplicate key %v in %s", k, f[2])
				default:
					tb[k] = v
				}
				touched[k] = true
			}
		case f[0] == "DELETE":
			for _, k := range st.args {
				delete(tables[f[2]], k)
			}
		case f[0] == "UPDATE":
			if _, ok := tables[f[1]][st.args[1]]; ok {
				tables[f[1]][st.args[1]] = st.args[0]
			}
		}
	}
	return tables, nil
}
