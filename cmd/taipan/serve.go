package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"taipan/mail"
)

// checkTries and checkWait are how often and how patiently serve tries a
// mail server it cannot reach at start (1+2+4+8 s): a network that comes up
// late is waited for, a wrong port is reported within seconds.
const (
	checkTries = 5
	checkWait  = time.Second
)

// runServe is `taipan serve [--config FILE] [--check]`: the mail gateway.
// Without a config file (or with one naming no servers) it runs the
// embedded mode: an SMTP listener on 127.0.0.1 for order mail, and a local
// Maildir for what Taipan sends. It first logs in to the configured IMAP
// and SMTP servers and stops with the reason if either refuses; --check
// does only that. SIGTERM (systemd's stop) and SIGINT (Ctrl-C) stop it
// cleanly: it takes no more mail in, finishes what it is doing, and sends
// what is queued for a few seconds.
func (m *Main) runServe(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	file := fs.String("config", "", "the mail configuration (YAML); none: the embedded mode")
	check := fs.Bool("check", false, "only log in to the mail servers, report and exit")
	if _, err := parseArgs(fs, args, 0, 0, "serve [--config FILE] [--check]"); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
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
	if !*check {
		fmt.Fprintf(m.Stdout, "Taipan serves the games in %s by mail.\n", m.DBPath)
		for _, line := range svc.Describe() {
			fmt.Fprintln(m.Stdout, line)
		}
		if svc.Maildir != nil {
			fmt.Fprintf(m.Stdout, "Maildir: %s\n", svc.Maildir.Root)
		}
	}
	lines, err := svc.Check(ctx, checkTries, checkWait)
	for _, l := range lines {
		fmt.Fprintln(m.Stdout, l)
	}
	if err != nil {
		return fmt.Errorf("the mail settings do not work: %w", err)
	}
	if *check {
		if len(lines) == 0 {
			fmt.Fprintln(m.Stdout, "No IMAP or SMTP server is configured: serve runs the embedded listener and Maildir.")
		}
		fmt.Fprintln(m.Stdout, "The mail settings work.")
		return nil
	}
	fmt.Fprintln(m.Stdout, "Stop with Ctrl-C (or SIGTERM).")
	if f, ok := m.Stdout.(interface{ Sync() error }); ok {
		f.Sync()
	}
	return svc.Run(ctx)
}
