package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"strings"

	"taipan/web"
)

// runWeb serves the games' web site alone (`taipan serve` runs it beside
// the mail when its config has a web: section).
func (m *Main) runWeb(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	var cfg web.Config
	fs.StringVar(&cfg.Listen, "listen", web.DefaultListen, "the address to listen on (HOST:PORT)")
	fs.StringVar(&cfg.BaseURL, "base-url", "", "how players reach the site (default http://LISTEN)")
	fs.StringVar(&cfg.ClientIPHeader, "client-ip-header", "", "behind a proxy: the header holding the client's address (e.g. X-Forwarded-For)")
	private := fs.String("private", "", "games without public pages: ids or patterns, comma-separated (e.g. club-*)")
	fs.StringVar(&cfg.TLSCert, "tls-cert", "", "serve HTTPS with this certificate (PEM) ...")
	fs.StringVar(&cfg.TLSKey, "tls-key", "", "... and this key")
	if _, err := parseArgs(fs, args, 0, 0, "web [--listen ADDR] [--base-url URL] [--private IDS] [--client-ip-header H] [--tls-cert FILE --tls-key FILE]"); err != nil {
		return err
	}
	for _, p := range strings.Split(*private, ",") {
		if p = strings.TrimSpace(p); p != "" {
			cfg.Private = append(cfg.Private, p)
		}
	}
	s, err := m.newSite(cfg, web.Options{Log: log.New(m.Stderr, "taipan ", log.LstdFlags)})
	if err != nil {
		return err
	}
	if err := s.Start(); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "Taipan serves the games in %s on the web at %s (listening on %s).\n", m.dbName(), s.URL(), s.Addr())
	fmt.Fprintln(m.Stdout, "Players log in with their token (the links mailed with reports need `taipan serve`). Stop with Ctrl-C.")
	if f, ok := m.Stdout.(interface{ Sync() error }); ok {
		f.Sync()
	}
	<-ctx.Done()
	return s.Close()
}
