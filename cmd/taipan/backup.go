package main

import (
	"context"
	"flag"
	"fmt"

	"taipan/events"
	"taipan/mail"
)

// runBackup is `taipan backup FILE`: a consistent copy of the database,
// taken while `serve` goes on.
func (m *Main) runBackup(ctx context.Context, args []string) error {
	pos, err := parseArgs(flag.NewFlagSet("backup", flag.ContinueOnError), args, 1, 1, "backup FILE")
	if err != nil {
		return err
	}
	if err := m.store.Backup(ctx, pos[0]); err != nil {
		return err
	}
	// The copy is served by nobody, though the original may be.
	cp, err := events.OpenExisting(pos[0])
	if err != nil {
		return err
	}
	err = mail.ForgetServing(ctx, cp)
	if cerr := cp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	ids, err := m.store.Games(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "Backed up %s (%s) to %s; use it with --db %s.\n", m.dbName(), plural(len(ids), "game"), pos[0], pos[0])
	return nil
}
