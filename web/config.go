package web

import (
	"fmt"
	"net"
	"net/url"
	"path"
	"strings"
	"time"

	"taipan/adjudicator"
)

// Config is the web site's configuration: the flags of `taipan web`, or
// the web: section of the serve config (cmd/taipan reads it there):
//
//	web:
//	  listen: 127.0.0.1:8080          # default; a public site sits behind a proxy
//	  base_url: https://games.example.test   # how players reach it: the links mailed with reports
//	  tls_cert: /etc/taipan/web.crt   # optional: serve HTTPS itself
//	  tls_key: /etc/taipan/web.key
//	  client_ip_header: X-Forwarded-For   # behind a proxy: where the client's address is
//	  private: [club-*]               # games (ids or patterns) with no public pages
//	  link_ttl: 72h                   # how long a mailed login link may be used (once)
//	  session_ttl: 14d                # how long a login lasts
//	  rate: {per_minute: 20, burst: 10}   # submissions, logins and audits per address
//	  title: Taipan
//
// Every key may be left out.
type Config struct {
	Listen  string `yaml:"listen"`
	BaseURL string `yaml:"base_url"`
	TLSCert string `yaml:"tls_cert"`
	TLSKey  string `yaml:"tls_key"`
	// ClientIPHeader names the header a reverse proxy puts the client's
	// address in (its last value is taken). Empty: the connection's
	// address, which behind a proxy is the proxy's.
	ClientIPHeader string `yaml:"client_ip_header"`
	// Private lists games (their ids, or path.Match patterns) that are
	// neither listed nor shown to the public: only their players and GM,
	// once logged in, see their pages.
	Private    []string             `yaml:"private"`
	LinkTTL    adjudicator.Duration `yaml:"link_ttl"`
	SessionTTL adjudicator.Duration `yaml:"session_ttl"`
	Rate       Rate                 `yaml:"rate"`
	Title      string               `yaml:"title"`
}

// Rate limits what costs or could be abused, per client address:
// submitted and checked orders, logins, GM actions and audits. Each
// address has a bucket of Burst requests, refilled at PerMinute a minute.
type Rate struct {
	PerMinute int `yaml:"per_minute"`
	Burst     int `yaml:"burst"`
}

// Defaults of Config.
const (
	DefaultListen     = "127.0.0.1:8080"
	DefaultLinkTTL    = 72 * time.Hour
	DefaultSessionTTL = 14 * 24 * time.Hour
	DefaultPerMinute  = 20
	DefaultBurst      = 10
)

// withDefaults fills what cfg leaves out and checks the rest.
func (c Config) withDefaults() (Config, error) {
	if c.Listen == "" {
		c.Listen = DefaultListen
	}
	if _, _, err := net.SplitHostPort(c.Listen); err != nil {
		return c, fmt.Errorf("web: listen: %q is not HOST:PORT", c.Listen)
	}
	if (c.TLSCert == "") != (c.TLSKey == "") {
		return c, fmt.Errorf("web: tls_cert and tls_key go together")
	}
	if c.BaseURL == "" {
		scheme := "http"
		if c.TLSCert != "" {
			scheme = "https"
		}
		c.BaseURL = scheme + "://" + c.Listen
	}
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return c, fmt.Errorf("web: base_url: %q is not an http:// or https:// address", c.BaseURL)
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	for _, p := range c.Private {
		if _, err := path.Match(p, ""); err != nil {
			return c, fmt.Errorf("web: private: %q is not a pattern: %v", p, err)
		}
	}
	if c.LinkTTL <= 0 {
		c.LinkTTL = adjudicator.Duration(DefaultLinkTTL)
	}
	if c.SessionTTL <= 0 {
		c.SessionTTL = adjudicator.Duration(DefaultSessionTTL)
	}
	if c.Rate.PerMinute <= 0 {
		c.Rate.PerMinute = DefaultPerMinute
	}
	if c.Rate.Burst <= 0 {
		c.Rate.Burst = DefaultBurst
	}
	if c.Title == "" {
		c.Title = "Taipan"
	}
	return c, nil
}

// private reports whether game has no public pages.
func (c Config) private(game string) bool {
	for _, p := range c.Private {
		if ok, _ := path.Match(p, game); ok {
			return true
		}
	}
	return false
}

// secure reports whether the site is reached over HTTPS (served here or
// by a proxy), so that cookies are marked Secure.
func (c Config) secure() bool {
	return c.TLSCert != "" || strings.HasPrefix(c.BaseURL, "https://")
}
