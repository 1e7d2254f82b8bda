package events

import (
	"strings"
)

// A batch (Tx.Later, then the next awaited statement) carries what a
// transaction wrote since its last round trip: for a hundred mails, some
// fifteen hundred statements, each of which PostgreSQL binds, plans and
// runs on its own. coalesce sends fewer that do the same: the inserts of
// one row into one table become inserts of many rows, the deletes of one
// row by one key a delete of many, and a savepoint released within the
// batch, which nothing can roll back to, is dropped.
//
// Why this changes nothing a transaction sees:
//   - Every statement put off is awaited by no one, and any one failing
//     fails the whole transaction (Later), so a savepoint made and released
//     in one batch does nothing: ROLLBACK TO is never put off, and sends
//     the batch before it runs.
//   - A statement that writes one table and reads no other commutes with
//     one that does the same to another table: no table of the schema
//     refers to another (no foreign keys), and the triggers only notify
//     at commit. So an insert may join an earlier one into its table past
//     such statements, but never past one that writes its own table, and
//     never past anything else (a read, a lock, a savepoint kept).
//   - Rows of one insert are written in the order given: the order of the
//     statements they came from. Deletes from one table commute with each
//     other.

// maxMergedRows is the most rows (or keys) one merged statement carries.
// The merged statements are of 64, 32, …, 2 or 1 rows, so that a
// connection prepares few of them and its statement cache keeps them all.
const maxMergedRows = 64

// coalesce is pending sent as fewer statements with the same effect.
func coalesce(pending []statement) []statement {
	pending = dropReleasedSavepoints(pending)
	type group struct {
		st   statement // the first of its statements
		rows [][]any   // the arguments of each, when st is an insert or a delete that merges
	}
	out := make([]group, 0, len(pending))
	open := map[string]int{} // table → index in out of the statement that may grow
	for _, st := range pending {
		table, merges := singleRowInsert(st.query)
		if !merges {
			table, merges = singleKeyDelete(st.query)
		}
		if merges {
			if i, ok := open[table]; ok && out[i].st.query == st.query {
				out[i].rows = append(out[i].rows, st.args)
				continue
			}
			open[table] = len(out)
			out = append(out, group{st, [][]any{st.args}})
			continue
		}
		if table, ok := oneTableWrite(st.query); ok {
			delete(open, table)
		} else {
			clear(open)
		}
		out = append(out, group{st: st})
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
			sent = append(sent, merged(g.st.query, rows[:n]))
			rows = rows[n:]
		}
	}
	return sent
}

// dropReleasedSavepoints is pending without each savepoint it both makes
// and releases.
func dropReleasedSavepoints(pending []statement) []statement {
	var made []int // indexes of the savepoints made and not yet released
	drop := map[int]bool{}
	for i, st := range pending {
		if strings.HasPrefix(st.query, "SAVEPOINT ") && len(st.args) == 0 {
			made = append(made, i)
			continue
		}
		name, ok := strings.CutPrefix(st.query, "RELEASE ")
		if !ok || len(st.args) != 0 {
			continue
		}
		if n := len(made); n > 0 && pending[made[n-1]].query == "SAVEPOINT "+name {
			drop[made[n-1]], drop[i] = true, true
			made = made[:n-1]
			continue
		}
		// A release of a savepoint sent before, or one releasing those
		// made since too: kept, and so are they.
		made = nil
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

// singleRowInsert is the table of query when it inserts one row of
// arguments alone: "INSERT INTO t (columns) VALUES (?, …, ?)" and nothing
// after it.
func singleRowInsert(query string) (table string, ok bool) {
	table, rest, ok := tableAfter(query, "INSERT INTO ")
	if !ok {
		return "", false
	}
	i := strings.LastIndex(rest, "VALUES")
	if i < 0 || !strings.HasPrefix(strings.TrimSpace(rest[:i]), "(") {
		return "", false
	}
	tuple := strings.TrimSpace(rest[i+len("VALUES"):])
	if len(tuple) < 3 || tuple[0] != '(' || tuple[len(tuple)-1] != ')' {
		return "", false
	}
	for _, f := range strings.Split(tuple[1:len(tuple)-1], ",") {
		if strings.TrimSpace(f) != "?" {
			return "", false
		}
	}
	return table, true
}

// oneTableWrite is the table query writes when it reads no other: an
// insert of values, a delete or an update whose text names no other table.
func oneTableWrite(query string) (table string, ok bool) {
	for _, verb := range []string{"INSERT INTO ", "DELETE FROM ", "UPDATE "} {
		if table, rest, ok := tableAfter(query, verb); ok {
			for _, w := range strings.Fields(strings.ToUpper(rest)) {
				switch strings.Trim(w, "(),;") {
				case "SELECT", "FROM", "JOIN", "USING", "WITH", "RETURNING":
					return "", false
				}
			}
			return table, true
		}
	}
	return "", false
}

// tableAfter is the table named right after verb at the start of query,
// and the text after it.
func tableAfter(query, verb string) (table, rest string, ok bool) {
	q := strings.TrimSpace(query)
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

// singleKeyDelete is the table of query when it deletes by one key
// alone: "DELETE FROM t WHERE column = ?".
func singleKeyDelete(query string) (table string, ok bool) {
	table, rest, ok := tableAfter(query, "DELETE FROM ")
	if !ok {
		return "", false
	}
	f := strings.Fields(rest)
	if len(f) != 4 || !strings.EqualFold(f[0], "WHERE") || f[2] != "=" || f[3] != "?" {
		return "", false
	}
	return table, true
}

// merged is the statement of every one of rows, for query, a
// singleRowInsert (then an insert of every row) or a singleKeyDelete (a
// delete of every key).
func merged(query string, rows [][]any) statement {
	var b strings.Builder
	args := make([]any, 0, len(rows)*len(rows[0]))
	for _, r := range rows {
		args = append(args, r...)
	}
	if _, ok := singleKeyDelete(query); ok {
		b.WriteString(query[:strings.LastIndex(query, "=")])
		b.WriteString("IN (?")
		b.WriteString(strings.Repeat(", ?", len(rows)-1))
		b.WriteString(")")
		return statement{b.String(), args}
	}
	i := strings.LastIndex(query, "VALUES")
	tuple := strings.TrimSpace(query[i+len("VALUES"):])
	b.Grow(len(query) + (len(tuple)+2)*(len(rows)-1))
	b.WriteString(query[:i+len("VALUES")])
	for k := range rows {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteByte(' ')
		b.WriteString(tuple)
	}
	return statement{b.String(), args}
}
