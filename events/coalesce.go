package events

import (
	"fmt"
	"slices"
	"strings"
)

// A batch (Tx.Later, then the next awaited statement) carries what a
// transaction wrote since its last round trip: for a hundred mails, some
// eight hundred statements, each of which PostgreSQL binds, plans and
// runs on its own. coalesce sends fewer that do the same: the inserts of
// one row into one table (upserts too) become inserts of many rows, the
// deletes of one row by one key a delete of many keys, and a savepoint
// released within the batch, which nothing can roll back to, is dropped.
//
// Why this changes nothing a transaction sees:
//   - Every statement put off is awaited by no one, and any one failing
//     fails the whole transaction (Later), so a savepoint made and released
//     in one batch does nothing: ROLLBACK TO is never put off, and sends
//     the batch before it runs.
//   - A statement that writes one table and reads no other commutes with
//     one that does the same to another table: no table of the schema
//     refers to another (no foreign keys), and the triggers only notify
//     at commit. So a statement may join an earlier one of its kind past
//     such statements, but never past one that writes its own table
//     otherwise, and never past anything else (a read, a lock, a savepoint
//     kept).
//   - The rows of one insert are written in the order given, the order of
//     the statements they came from. An upsert's rows have distinct keys,
//     so each meets only rows that were there before, as alone: a row
//     whose key the statement already has starts another. Deletes from
//     one table commute with each other.

// maxMergedRows is the most rows (or keys) one merged statement carries.
// The merged statements are of 64, 32, …, 2 or 1 rows, so that a
// connection prepares few of them and its statement cache keeps them all.
const maxMergedRows = 64

// shape is what coalesce knows of a statement from its text alone.
type shape struct {
	kind  shapeKind
	table string // the one table it writes (not for barrier and savepoints)
	// An insert of one row of arguments is head, then tuple "(?, …)",
	// then tail (an upsert's ON CONFLICT clause, with no arguments), key
	// the positions of the arguments of the conflict's columns.
	head, tuple, tail string
	key               []int
	// A delete by one key is head, then "= ?".
}

// shapeKind sorts statements by what coalesce may do with them.
type shapeKind int

const (
	barrier   shapeKind = iota // nothing passes it
	write                      // writes table alone, merges with nothing
	insertRow                  // an insert of one row, merging with its like
	deleteKey                  // a delete by one key, merging with its like
	savepoint                  // SAVEPOINT name
	release                    // RELEASE name
)

// coalesce is pending sent as fewer statements with the same effect,
// shaped by shapeOf (the store's, which works out each text once).
func coalesce(pending []statement, shapeOf func(string) shape) []statement {
	pending = dropReleasedSavepoints(pending, shapeOf)
	type group struct {
		st   statement
		sh   shape
		rows [][]any         // the arguments of each statement merged
		keys map[string]bool // an upsert's keys so far
	}
	out := make([]group, 0, len(pending))
	open := map[string]int{} // table → index in out of the statement that may grow
	for _, st := range pending {
		sh := shapeOf(st.query)
		switch sh.kind {
		case insertRow, deleteKey:
			key := ""
			if sh.key != nil {
				key = rowKey(st.args, sh.key)
			}
			if i, ok := open[sh.table]; ok && out[i].st.query == st.query && !out[i].keys[key] {
				out[i].rows = append(out[i].rows, st.args)
				if sh.key != nil {
					out[i].keys[key] = true
				}
				continue
			}
			g := group{st: st, sh: sh, rows: [][]any{st.args}}
			if sh.key != nil {
				g.keys = map[string]bool{key: true}
			}
			open[sh.table] = len(out)
			out = append(out, g)
			continue
		case write:
			delete(open, sh.table)
		default:
			clear(open)
		}
		out = append(out, group{st: st, sh: sh})
	}
	if len(out) == len(pending) {
		return pending
	}
	sent := make([]statement, 0, len(out))
	for _, g := range out {
		if len(g.rows) <= 1 {
			sent = append(sent, g.st)
			continue
		}
		for rows := g.rows; len(rows) > 0; {
			n := maxMergedRows
			for n > len(rows) {
				n /= 2
			}
			sent = append(sent, g.sh.merged(rows[:n]))
			rows = rows[n:]
		}
	}
	return sent
}

// rowKey is the values of a row's key columns, as one comparable string.
func rowKey(args []any, key []int) string {
	var b strings.Builder
	for _, k := range key {
		fmt.Fprintf(&b, "%T:%v\x00", args[k], args[k])
	}
	return b.String()
}

// dropReleasedSavepoints is pending without each savepoint it both makes
// and releases.
func dropReleasedSavepoints(pending []statement, shapeOf func(string) shape) []statement {
	var made []int // indexes of the savepoints made and not yet released
	drop := map[int]bool{}
	for i, st := range pending {
		switch shapeOf(st.query).kind {
		case savepoint:
			made = append(made, i)
		case release:
			name := strings.TrimPrefix(st.query, "RELEASE ")
			if n := len(made); n > 0 && pending[made[n-1]].query == "SAVEPOINT "+name {
				drop[made[n-1]], drop[i] = true, true
				made = made[:n-1]
				continue
			}
			// A release of a savepoint sent before, or one releasing
			// those made since too: kept, and so are they.
			made = nil
		}
	}
	if len(drop) == 0 {
		return pending
	}
	kept := make([]statement, 0, len(pending)-len(drop))
	for i, st := range pending {
		if !drop[i] {
			kept = append(kept, st)
		}
	}
	return kept
}

// shapeOf reads a statement's shape from its text.
func shapeOf(query string) shape {
	q := strings.TrimSpace(query)
	if name, ok := strings.CutPrefix(q, "SAVEPOINT "); ok && plainName(name) {
		return shape{kind: savepoint}
	}
	if name, ok := strings.CutPrefix(q, "RELEASE "); ok && plainName(name) {
		return shape{kind: release}
	}
	if table, rest, ok := tableAfter(q, "INSERT INTO "); ok && readsNoOther(rest) {
		if sh, ok := rowInsert(table, q, rest); ok {
			return sh
		}
		return shape{kind: write, table: table}
	}
	if table, rest, ok := tableAfter(q, "DELETE FROM "); ok && readsNoOther(rest) {
		f := strings.Fields(rest)
		if len(f) == 4 && strings.EqualFold(f[0], "WHERE") && f[2] == "=" && f[3] == "?" {
			return shape{kind: deleteKey, table: table, head: q[:strings.LastIndex(q, "=")]}
		}
		return shape{kind: write, table: table}
	}
	if table, rest, ok := tableAfter(q, "UPDATE "); ok && readsNoOther(rest) {
		return shape{kind: write, table: table}
	}
	return shape{kind: barrier}
}

// rowInsert is the shape of insert q, "INSERT INTO table" and rest, when
// it inserts one row of arguments alone, "(columns) VALUES (?, …, ?)",
// with perhaps an ON CONFLICT (columns) clause taking no arguments.
func rowInsert(table, q, rest string) (shape, bool) {
	cols, after, ok := parenthesised(rest)
	if !ok {
		return shape{}, false
	}
	after = strings.TrimLeft(after, " \t\n")
	if !strings.HasPrefix(after, "VALUES") {
		return shape{}, false
	}
	tuple, tail, ok := parenthesised(after[len("VALUES"):])
	if !ok {
		return shape{}, false
	}
	columns := splitTrim(cols)
	marks := splitTrim(tuple)
	if len(marks) != len(columns) {
		return shape{}, false
	}
	for _, m := range marks {
		if m != "?" {
			return shape{}, false
		}
	}
	sh := shape{kind: insertRow, table: table, tuple: "(" + tuple + ")", tail: tail}
	sh.head = q[:len(q)-len(tail)-len(sh.tuple)]
	if strings.TrimSpace(tail) == "" {
		sh.tail = ""
		return sh, true
	}
	conflict, ok := strings.CutPrefix(strings.TrimLeft(tail, " \t\n"), "ON CONFLICT")
	if !ok || strings.Contains(tail, "?") {
		return shape{}, false
	}
	keyCols, _, ok := parenthesised(conflict)
	if !ok {
		return shape{}, false
	}
	for _, k := range splitTrim(keyCols) {
		i := slices.Index(columns, k)
		if i < 0 {
			return shape{}, false
		}
		sh.key = append(sh.key, i)
	}
	return sh, true
}

// merged is the statement of every one of rows, for a statement of this
// shape: an insert of every row, or a delete of every key.
func (sh shape) merged(rows [][]any) statement {
	args := make([]any, 0, len(rows)*len(rows[0]))
	for _, r := range rows {
		args = append(args, r...)
	}
	var b strings.Builder
	b.WriteString(sh.head)
	if sh.kind == deleteKey {
		b.WriteString("IN (?")
		b.WriteString(strings.Repeat(", ?", len(rows)-1))
		b.WriteString(")")
		return statement{b.String(), args}
	}
	for k := range rows {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(sh.tuple)
	}
	b.WriteString(sh.tail)
	return statement{b.String(), args}
}

// readsNoOther says whether the text after a statement's table names no
// other table: no subquery, join, CTE or returned rows.
func readsNoOther(rest string) bool {
	for _, w := range strings.Fields(strings.ToUpper(rest)) {
		switch strings.Trim(w, "(),;") {
		case "SELECT", "FROM", "JOIN", "USING", "WITH", "RETURNING":
			return false
		}
	}
	return true
}

// tableAfter is the table named right after verb at the start of q, and
// the text after it.
func tableAfter(q, verb string) (table, rest string, ok bool) {
	if len(q) < len(verb) || !strings.EqualFold(q[:len(verb)], verb) {
		return "", "", false
	}
	q = strings.TrimLeft(q[len(verb):], " \t\n")
	end := strings.IndexAny(q, " \t\n(")
	if end <= 0 {
		return "", "", false
	}
	return strings.ToLower(q[:end]), q[end:], true
}

// parenthesised is what the parentheses s starts with (after spaces)
// hold, none inside, and the text after them.
func parenthesised(s string) (inside, after string, ok bool) {
	s = strings.TrimLeft(s, " \t\n")
	if !strings.HasPrefix(s, "(") {
		return "", "", false
	}
	end := strings.IndexByte(s, ')')
	if end < 0 || strings.Contains(s[1:end], "(") {
		return "", "", false
	}
	return s[1:end], s[end+1:], true
}

// splitTrim is s's comma-separated parts, trimmed and lower-cased.
func splitTrim(s string) []string {
	parts := strings.Split(s, ",")
	for i, p := range parts {
		parts[i] = strings.ToLower(strings.TrimSpace(p))
	}
	return parts
}

// plainName says whether s is a bare SQL name.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
