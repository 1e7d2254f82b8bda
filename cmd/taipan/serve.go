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

	"taipan/events"
	"taipan/mail"
	"taipan/web"
	"taipan/webhook"
)

// checkTries and checkWait are how often and how patiently serve tries a
// mail server it cannot reach at start (1+2+4+8 s): a network that comes up
// late is waited for, a wrong port is reported within seconds.
const (
	checkTries = 5
	checkWait  = time.Second
)

// The mail gateway is what the web site mails through.
var (
	_ web.Notifier    = (*mail.Dispatcher)(nil)
	_ web.TokenMailer = (*mail.Dispatcher)(nil)
)

// runServe is `taipan serve [--config FILE] [--check]`: the mail gateway,
// and the web site beside it when the config has a web: section. Without a
// config file (or with one naming no servers) it runs the embedded mode:
// an SMTP listener on 127.0.0.1 for order mail, and a local Maildir for
// what Taipan sends. The config's database: (or database_env:) names the
// database, else --db or $TAIPAN_DB; serve creates it if missing. It
// first logs in to the configured IMAP and SMTP servers and stops with the
// reason if either refuses; --check does only that. SIGTERM (systemd's
// stop) and SIGINT (Ctrl-C) stop it cleanly: it takes no more mail in (and
// closes the site), finishes what it is doing, and sends what is queued
// for a few seconds.
func (m *Main) runServe(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	file := fs.String("config", "", "the mail configuration (YAML); none: the embedded mode")
	check := fs.Bool("check", false, "only log in to the mail servers, report and exit")
	if _, err := parseArgs(fs, args, 0, 0, "serve [--config FILE] [--check]"); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg := &serveConfig{}
	if *file != "" {
		var err error
		if cfg, err = loadConfig(*file); err != nil {
			return err
		}
	} else if err := cfg.normalize(); err != nil {
		return err
	}
	if err := m.serveDatabase(cfg); err != nil {
		return err
	}
	if cfg.SigningKey != "" {
		if err := m.useSigningKey(cfg.SigningKey); err != nil {
			return err
		}
	}
	logger := log.New(m.Stderr, "taipan serve: ", log.LstdFlags)
	svc, err := mail.NewService(&cfg.Mail, m.host, m.renderer, logger)
	if err != nil {
		return err
	}
	var site *web.Server
	if cfg.Web != nil {
		opt := web.Options{Notifier: svc.Dispatcher, LoginLinks: true, Log: log.New(m.Stderr, "taipan serve: web: ", log.LstdFlags)}
		if site, err = m.newSite(*cfg.Web, opt); err != nil {
			return err
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
		if site != nil {
			fmt.Fprintf(m.Stdout, "The web settings are read (the site would listen on %s).\n", site.Config().Listen)
		}
		fmt.Fprintln(m.Stdout, "The mail settings work.")
		return nil
	}
	if site != nil {
		if err := site.Start(); err != nil {
			return err
		}
		// The links name the site as started: with port 0, the port taken.
		linkCfg := site.Config()
		linkCfg.BaseURL = site.URL()
		svc.Dispatcher.Link = func(ctx context.Context, tx *events.Tx, game, player string, at time.Time) (string, error) {
			return web.IssueLink(ctx, tx, linkCfg, game, player, at)
		}
		// The site stops with the mail's intake, before the drain: what
		// it would take in then could not be mailed before the next start.
		go func() { <-ctx.Done(); site.Close() }()
	}
	// Listening before saying so, the start-up lines name the port taken
	// (with port 0), a listener that cannot start stops serve at once, and
	// whoever reads "Stop with" may send mail at once.
	if err := svc.Listen(); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "Taipan serves the games in %s by mail.\n", m.dbName())
	for _, line := range svc.Describe() {
		fmt.Fprintln(m.Stdout, line)
	}
	if svc.Maildir != nil {
		fmt.Fprintf(m.Stdout, "Maildir: %s\n", svc.Maildir.Root)
	}
	if site != nil {
		fmt.Fprintf(m.Stdout, "Web: the site at %s (listening on %s); each report mailed to a player or the GM carries a one-time login link.\n", site.URL(), site.Addr())
	}
	fmt.Fprintln(m.Stdout, "Stop with Ctrl-C (or SIGTERM).")
	if f, ok := m.Stdout.(interface{ Sync() error }); ok {
		f.Sync()
	}
	// The hooks' posts, beside the mail, until the stop; a post under
	// way is finished before serve returns.
	siteURL := ""
	if site != nil {
		siteURL = site.URL()
	}
	hooks := make(chan struct{})
	hctx, stopHooks := context.WithCancel(ctx)
	go func() {
		defer close(hooks)
		webhook.Run(hctx, &webhook.Follower{Host: m.host, SiteURL: siteURL},
			&webhook.Sender{Store: m.store, Client: webhook.NewClient(cfg.Webhooks), Log: logger}, time.Duration(cfg.Mail.Tick), logger)
	}()
	err = svc.Run(ctx)
	stopHooks()
	<-hooks
	if site != nil {
		site.Close()
	}
	return err
}

// serveDatabase opens the database serve runs on: the config's, else the
// command line's (--db or $TAIPAN_DB), created if missing. Naming two
// different databases is a mistake, not a choice.
func (m *Main) serveDatabase(cfg *serveConfig) error {
	target, err := cfg.databaseTarget()
	if err != nil {
		return err
	}
	if target != "" {
		if m.dbSet && target != m.DBPath {
			return usagef("the config names the database (database: or database_env:) and so do --db or $TAIPAN_DB, differently: name it once")
		}
		m.DBPath = target
	}
	m.mayCreate = true
	return m.open()
}

// newSite makes the web site on m's games, drawing pictures with m's
// renderer: inside serve, opt has the mail gateway as its notifier and
// says that reports carry login links; `taipan web` alone has neither.
func (m *Main) newSite(cfg web.Config, opt web.Options) (*web.Server, error) {
	opt.Pictures = m.renderer
	return web.New(cfg, m.host, opt)
}
