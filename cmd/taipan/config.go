package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/mail"
	"taipan/web"
	"taipan/webhook"
)

// serveConfig is the configuration of `taipan serve`, read from one YAML
// file: serve's own settings (the database, the signing key) and one
// section for each adapter it runs, each the adapter's own configuration:
//
//	database: /var/lib/taipan/taipan.db   # or a postgres:// URL; default --db or $TAIPAN_DB
//	database_env: TAIPAN_DB_URL    # or: the database named by this environment variable
//	signing_key: /etc/taipan/gm.key       # the GM's key (`taipan keygen`): reports carry signed heads
//	address: taipan@example.test   # the mail gateway's settings (see mail.Config),
//	imap: {host: imap.example.test, password_file: /etc/taipan/imap.pass}
//	smtp: {host: smtp.example.test, password_env: TAIPAN_SMTP_PASSWORD}
//	tick: 30s                      # … at the top level, where every config file has them
//	web:                           # the web site beside the mail (see web.Config)
//	  listen: 127.0.0.1:8080
//	  base_url: https://games.example.test
//	webhooks: {allow_private: false, timeout: 10s}   # the hooks' posts (see webhook.Config)
//
// The file is decoded once, strictly: a key no section knows is refused
// with its line and name.
type serveConfig struct {
	// Database names the games' database: an SQLite file or a
	// postgres:// URL, which may hold a password, so it never prints;
	// DatabaseEnv, instead, the environment variable that holds it (so
	// that a password stays out of the file). Neither: the command
	// line's --db or $TAIPAN_DB.
	Database    mail.Secret `yaml:"database"`
	DatabaseEnv string      `yaml:"database_env"`
	// SigningKey is the path of the GM's signing key (`taipan keygen`):
	// each report then carries its chain head signed.
	SigningKey string `yaml:"signing_key"`
	// Mail is the mail gateway's section, inline: its keys are the
	// file's top-level keys, as they have always been.
	Mail mail.Config `yaml:",inline"`
	// Web is the web site's section (web:); nil without one, when serve
	// runs no site.
	Web *web.Config `yaml:"web"`
	// Webhooks is the webhooks' section (webhooks:): where posts may go
	// and how long one may take.
	Webhooks webhook.Config `yaml:"webhooks"`
}

// parseConfig reads a configuration file's text, fills in defaults and
// checks it.
func parseConfig(data []byte) (*serveConfig, error) {
	var c serveConfig
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("config: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if c.Web == nil && hasWebSection(data) {
		c.Web = &web.Config{} // web: with every key left out: the site with its defaults
	}
	if err := c.normalize(); err != nil {
		return nil, err
	}
	return &c, nil
}

// hasWebSection reports whether the file has a web: key, even one with no
// value (which decodes to no section at all).
func hasWebSection(data []byte) bool {
	var probe struct {
		Web yaml.Node `yaml:"web"`
	}
	return yaml.Unmarshal(data, &probe) == nil && probe.Web.Kind != 0
}

// loadConfig reads the configuration file at path.
func loadConfig(path string) (*serveConfig, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("config: %v", err)
	}
	c, err := parseConfig(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return c, nil
}

// normalize fills in defaults and checks the configuration: serve's own
// settings, then the mail gateway's section. The web site checks its own
// when it is made.
func (c *serveConfig) normalize() error {
	if _, err := c.databaseTarget(); err != nil {
		return err
	}
	return c.Mail.Normalize()
}

// databaseTarget is the database the configuration names (database:, or
// the variable database_env: names), or "" when it names none.
func (c *serveConfig) databaseTarget() (string, error) {
	switch {
	case c.Database != "" && c.DatabaseEnv != "":
		return "", fmt.Errorf("config: give database or database_env, not both")
	case c.DatabaseEnv != "":
		v, ok := os.LookupEnv(c.DatabaseEnv)
		if !ok || strings.TrimSpace(v) == "" {
			return "", fmt.Errorf("config: database_env: $%s is not set", c.DatabaseEnv)
		}
		return strings.TrimSpace(v), nil
	}
	return strings.TrimSpace(string(c.Database)), nil
}
