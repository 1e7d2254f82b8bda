package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/mail"
	"taipan/web"
	"taipan/webhook"
)

// tables are every table of the database, as the packages that own them
// declare them (events.Table): what migrate does with each.
func tables() []events.Table {
	return slices.Concat(events.Tables(), adjudicator.Tables(), mail.Tables(), web.Tables(), webhook.Tables())
}

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
	if err := notServed(ctx, src, "is running on"); err != nil {
		return err
	}
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
	declared := map[string]bool{}
	for _, t := range tables() {
		declared[t.Name] = true
	}
	names, err := src.TableNames(ctx)
	if err != nil {
		return err
	}
	for _, name := range names {
		if !declared[name] {
			return adjudicator.Errorf(adjudicator.EINVALID, "%s holds a table this build does not know (%s): nothing was copied", src.Path(), name)
		}
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
	var rebuilt []string
	for _, t := range tables() {
		if !slices.Contains(names, t.Name) {
			continue
		}
		switch t.Carry {
		case events.Copied:
			n, err := events.CopyTable(ctx, src, dst, t)
			if err != nil {
				return fmt.Errorf("migrate table %s: %w", t.Name, err)
			}
			fmt.Fprintf(m.Stdout, "Copied %s of %s.\n", plural(n, "row"), t.Name)
		case events.Rebuilt:
			rebuilt = append(rebuilt, t.Name)
		}
	}
	if len(rebuilt) > 0 {
		fmt.Fprintf(m.Stdout, "Not copied, made anew by the new store: %s.\n", strings.Join(rebuilt, ", "))
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
	if err := notServed(ctx, src, "started on"); err != nil {
		return fmt.Errorf("%w (it started while migrating: migrate again into an empty database once it has stopped)", err)
	}
	fmt.Fprintf(m.Stdout, "Migrated %s (%s) from %s to %s; every game audits clean there.\n",
		plural(audited, "game"), plural(nEvents, "event"), src.Path(), dst.Path())
	return nil
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

// notServed refuses to migrate a database a `taipan serve` runs on: it
// would go on taking mail in and changing games there while the copy is
// put to use, and the two copies would diverge unseen.
func notServed(ctx context.Context, src *events.Store, how string) error {
	serving, err := mail.Running(ctx, src, time.Now())
	if err != nil || len(serving) == 0 {
		return err
	}
	names := make([]string, len(serving))
	for i, s := range serving {
		names[i] = s.String()
	}
	return adjudicator.Errorf(adjudicator.ECONFLICT, "taipan serve %s %s (%s): stop it before migrating, or it goes on taking mail into the old database while the new one is put to use, and the two diverge; then migrate, and start serve on the new database",
		how, src.Path(), strings.Join(names, "; "))
}
