package main

import (
	"context"
	"flag"
	"fmt"
	"log"

	"taipan/mail"
)

// runServe is `taipan serve [--config FILE]`: the mail gateway. Without a
// config file (or with one naming no servers) it runs the embedded mode: an
// SMTP listener on 127.0.0.1 for order mail, and a local Maildir for what
// Taipan sends.
func (m *Main) runServe(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	file := fs.String("config", "", "the mail configuration (YAML); none: the embedded mode")
	if _, err := parseArgs(fs, args, 0, 0, "serve [--config FILE]"); err != nil {
		return err
	}
	cfg := &mail.Config{}
	if *file != "" {
		var err error
		if cfg, err = mail.LoadConfig(*file); err != nil {
			return err
		}
	} else if err := cfg.Normalize(); err != nil {
		return err
	}
	logger := log.New(m.Stderr, "taipan serve: ", log.LstdFlags)
	svc, err := mail.NewService(cfg, m.host, m.renderer, logger)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "Taipan serves the games in %s by mail.\n", m.DBPath)
	for _, line := range svc.Describe() {
		fmt.Fprintln(m.Stdout, line)
	}
	if svc.Maildir != nil {
		fmt.Fprintf(m.Stdout, "Maildir: %s\n", svc.Maildir.Root)
	}
	fmt.Fprintln(m.Stdout, "Stop with Ctrl-C.")
	if f, ok := m.Stdout.(interface{ Sync() error }); ok {
		f.Sync()
	}
	return svc.Run(ctx)
}
