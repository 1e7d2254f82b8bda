package events

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// Table is a table of the database as the package that owns it declares
// it. Every table has one owner, which alone writes it; the declaration
// says what moving the database to another store (taipan migrate, and
// backup on PostgreSQL) does with its rows, so that nothing is dropped on
// the way. A test holds every table of the schema to one declaration.
type Table struct {
	Name  string
	Owner string // the package that owns it: events, adjudicator, mail, web
	Carry Carry
	// Serial is the column the database numbers itself (an AUTOINCREMENT
	// id; on PostgreSQL a sequence, moved past the rows copied), or "".
	Serial string
	// Blobs are the columns of raw bytes, which SQLite may hand back as
	// text.
	Blobs []string
}

// Carry is what a move to another store does with a table.
type Carry int

const (
	// Copied tables have every row copied as it is: state of the
	// gateway and the site that no log holds.
	Copied Carry = iota + 1
	// Logs is the events table: imported game by game through the host,
	// which checks each chain and audits each game in its new home.
	Logs
	// Rebuilt tables are derived from the logs (an index) or written by
	// opening the store (its schema version); the new store makes its
	// own, so they are never copied.
	Rebuilt
)

// Tables are the tables the event store owns.
func Tables() []Table {
	return []Table{
		{Name: "events", Owner: "events", Carry: Logs},
		{Name: "integrity", Owner: "events", Carry: Copied, Serial: "id"},
		{Name: "taipan_schema", Owner: "events", Carry: Rebuilt}, // PostgreSQL's schema version (SQLite keeps it in user_version)
	}
}

// TableNames lists the tables the database holds, sorted: the schema as
// it is, to hold against the declarations.
func (s *Store) TableNames(ctx context.Context) ([]string, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
	if s.Backend() == "postgres" {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
	}
	rows, err := s.Query(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		out = append(out, name)
	}
	return out, rows.Err()
}

// CopyTable copies every row of a Copied table from src to dst, column by
// column as the source has them, in one transaction of dst, and returns
// how many. The destination's numbering goes on after the highest id
// copied.
func CopyTable(ctx context.Context, src, dst *Store, t Table) (int, error) {
	if t.Carry != Copied {
		return 0, fmt.Errorf("table %s is not copied row by row", t.Name)
	}
	rows, err := src.Query(ctx, "SELECT * FROM "+t.Name)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return 0, err
	}
	blob := map[int]bool{}
	for i, c := range cols {
		for _, b := range t.Blobs {
			blob[i] = blob[i] || c == b
		}
	}
	insert := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", t.Name, strings.Join(cols, ", "), strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", "))
	n := 0
	err = dst.Update(ctx, func(tx *Tx) error {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for rows.Next() {
			clear(vals)
			if err := rows.Scan(ptrs...); err != nil {
				return err
			}
			for i, v := range vals {
				if s, ok := v.(string); ok && blob[i] {
					vals[i] = []byte(s)
				}
			}
			if _, err := tx.Exec(ctx, insert, vals...); err != nil {
				return err
			}
			n++
		}
		return rows.Err()
	})
	if err != nil {
		return 0, err
	}
	if t.Serial != "" && dst.Backend() == "postgres" {
		var ignored sql.NullInt64
		q := fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%s', '%s'), GREATEST((SELECT max(%s) FROM %s), 1))`, t.Name, t.Serial, t.Serial, t.Name)
		if err := dst.QueryRow(ctx, q).Scan(&ignored); err != nil {
			return n, err
		}
	}
	return n, nil
}
