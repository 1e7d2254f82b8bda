package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"strings"

	"taipan/adjudicator"
	"taipan/events"
)

// operationalTables are copied by migrate besides the games' logs, so that
// no mail is taken in or sent twice after the move, every token still
// works and no grey press waiting for its step's close is lost. The games
// index is rebuilt from the logs instead.
var operationalTables = []string{"credentials", "inbox", "outbox", "reminders", "integrity", "grey_press"}

// runMigrate is `taipan migrate --from DB --to DB`: every game's log and the
// operational tables copied from one store to another (SQLite to PostgreSQL,
// or back), each game audited in its new home.
func (m *Main) runMigrate(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	from := fs.String("from", "", "the database to copy from (an SQLite file or a postgres:// URL)")
	to := fs.String("to", "", "the database to copy to; it must hold no games")
	if _, err := parseArgs(fs, args, 0, 0, "migrate --from DB --to DB"); err != nil {
		return err
	}
	if *from == "" || *to == "" {
		return usagef("usage: taipan migrate --from DB --to DB")
	}
	src, err := events.OpenExisting(*from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := events.Open(*to)
	if err != nil {
		return err
	}
	defer dst.Close()
	if ids, err := dst.Games(ctx); err != nil || len(ids) > 0 {
		if err == nil {
			err = adjudicator.Errorf(adjudicator.ECONFLICT, "%s already holds %s; migrate into an empty database", dst.Path(), plural(len(ids), "game"))
		}
		return err
	}
	ids, err := src.Games(ctx)
	if err != nil {
		return err
	}
	host := &adjudicator.Host{Store: dst, Games: Games()}
	bar := progress{w: m.Stderr, total: len(ids)}
	nEvents := 0
	for _, id := range ids {
		evs, err := src.Events(ctx, id)
		if err != nil {
			return err
		}
		if _, err := host.Import(ctx, evs); err != nil {
			return fmt.Errorf("migrate %s: %w", id, err)
		}
		nEvents += len(evs)
		bar.step(id)
	}
	bar.done()
	for _, table := range operationalTables {
		n, err := copyTable(ctx, src, dst, table)
		if err != nil {
			return fmt.Errorf("migrate table %s: %w", table, err)
		}
		fmt.Fprintf(m.Stdout, "Copied %s of %s.\n", plural(n, "row"), table)
	}
	audited := 0
	for _, id := range ids {
		evs, err := dst.Events(ctx, id)
		if err != nil {
			return err
		}
		if _, err := adjudicator.Audit(Games(), evs); err != nil {
			return fmt.Errorf("migrate: game %s does not audit in %s: %w", id, dst.Path(), err)
		}
		audited++
	}
	fmt.Fprintf(m.Stdout, "Migrated %s (%s) from %s to %s; every game audits clean there.\n",
		plural(audited, "game"), plural(nEvents, "event"), src.Path(), dst.Path())
	return nil
}

// copyTable copies every row of table from src to dst, column by column as
// the source has them; it returns how many.
func copyTable(ctx context.Context, src, dst *events.Store, table string) (int, error) {
	rows, err := src.Query(ctx, "SELECT * FROM "+table)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return 0, err
	}
	insert := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", table, strings.Join(cols, ", "), strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", "))
	n := 0
	err = dst.Update(ctx, func(tx *events.Tx) error {
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				return err
			}
			for i, v := range vals {
				if s, ok := v.(string); ok && cols[i] == "body" {
					vals[i] = []byte(s) // SQLite may hand a blob back as text
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
	// Tables numbered by the database go on from the highest copied id.
	if dst.Backend() == "postgres" && (table == "outbox" || table == "integrity" || table == "grey_press") {
		var ignored sql.NullInt64
		if err := dst.QueryRow(ctx, fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%s', 'id'), GREATEST((SELECT max(id) FROM %s), 1))`, table, table)).Scan(&ignored); err != nil {
			return n, err
		}
	}
	return n, nil
}

// progress draws a progress bar on one line of w.
type progress struct {
	w     io.Writer
	total int
	count int
}

func (p *progress) step(what string) {
	p.count++
	const width = 30
	filled := width
	if p.total > 0 {
		filled = p.count * width / p.total
	}
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d %-24.24s", strings.Repeat("#", filled), strings.Repeat(".", width-filled), p.count, p.total, what)
}

func (p *progress) done() { fmt.Fprintln(p.w) }
