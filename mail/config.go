package mail

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"math"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator"
)

// Config is the mail gateway's configuration: its section of the serve
// config (`taipan serve --config FILE`, whose top-level keys these are;
// cmd/taipan reads the file, this package only its own part of it):
//
//	address: taipan@example.test   # the games' address: players mail orders here
//	name: Taipan                   # display name on outgoing mail
//	imap:                          # inbound; absent: the embedded SMTP listener
//	  host: imap.example.test
//	  port: 993
//	  tls: implicit                # implicit, starttls or none
//	  user: taipan@example.test
//	  password_file: /etc/taipan/imap.pass   # or password, or password_env
//	  mailbox: INBOX
//	  processed: Processed
//	  rejected: Rejected
//	  poll: 1m                     # poll interval without IDLE; IDLE restart
//	smtp:                          # outbound; absent: deliver to the local Maildir
//	  host: smtp.example.test
//	  port: 587
//	  tls: starttls
//	  user: taipan@example.test
//	  password_env: TAIPAN_SMTP_PASSWORD
//	embedded:
//	  listen: 127.0.0.1:2525       # the embedded SMTP listener
//	  maildir: taipan-mail         # where mail is delivered without SMTP
//	limits:
//	  max_message_size: 256KiB
//	  max_parts: 32
//	  max_depth: 4
//	  answers_per_hour: 10         # to one address, and caused by one sender
//	  files_per_step: 10           # order files accepted per player and step
//	  quiet_after: 5               # refusals in a row before an address is not answered…
//	  quiet_for: 12h               # …for this long
//	authentication:                # trust the receiving server's Authentication-Results
//	  authserv_id: mx.example.test
//	  require: [dmarc]             # dmarc, dkim and/or spf: one must pass, aligned with From
//	retry: {min: 30s, max: 1h}     # outbox backoff
//	reminder: 24h                  # default reminder lead time before a deadline
//	tick: 30s                      # how often deadlines and reports are checked
//	retention: 90d                 # received and sent mail rows kept; "forever" keeps all
//
// Passwords are [Secret]s: they print as "[redacted]" and never reach a
// log.
type Config struct {
	Address  string   `yaml:"address"`
	Name     string   `yaml:"name"`
	IMAP     *Server  `yaml:"imap"`
	SMTP     *Server  `yaml:"smtp"`
	Embedded Embedded `yaml:"embedded"`
	Limits   Limits   `yaml:"limits"`
	Retry    Retry    `yaml:"retry"`
	Reminder Duration `yaml:"reminder"`
	Tick     Duration `yaml:"tick"`
	// Authentication, when set, refuses mail whose From the receiving
	// server did not authenticate (see AuthCheck).
	Authentication *AuthCheck `yaml:"authentication"`
	// Retention is how long received and sent mail rows are kept; the log
	// needs none of them. Forever (-1) keeps them all.
	Retention Retention `yaml:"retention"`
}

// Server is how to reach an IMAP or SMTP server.
type Server struct {
	Host        string `yaml:"host"`
	Port        int    `yaml:"port"`
	TLS         string `yaml:"tls"` // implicit, starttls or none
	User        string `yaml:"user"`
	Password    Secret `yaml:"password"`
	PasswordEnv string `yaml:"password_env"`
	// PasswordFile names a file whose first line is the password.
	PasswordFile string `yaml:"password_file"`
	// CAFile names PEM certificates to trust besides the system's (a
	// self-signed server's).
	CAFile string `yaml:"ca_file"`
	// HELO is the name Taipan gives itself to an SMTP server.
	HELO string `yaml:"helo"`

	// IMAP folders and polling.
	Mailbox   string   `yaml:"mailbox"`
	Processed string   `yaml:"processed"`
	Rejected  string   `yaml:"rejected"`
	Poll      Duration `yaml:"poll"`
}

// Embedded configures the mode without a mail server.
type Embedded struct {
	Listen  string `yaml:"listen"`
	Maildir string `yaml:"maildir"`
	// Sessions is the most SMTP sessions the listener holds open at once,
	// and SessionsPerAddress the most from one client address; a
	// connection past either is told 421 and closed. Idle is how long a
	// session may wait for its client's next line before it is closed.
	Sessions           int      `yaml:"sessions"`
	SessionsPerAddress int      `yaml:"sessions_per_address"`
	Idle               Duration `yaml:"idle"`
}

// Limits bound what an inbound mail may cost, and how much Taipan answers.
type Limits struct {
	MaxMessageSize Size `yaml:"max_message_size"`
	MaxParts       int  `yaml:"max_parts"`
	MaxDepth       int  `yaml:"max_depth"`
	// AnswersPerHour is the most answers (refusals, command replies,
	// warnings; not acknowledgements) sent in one clock hour to one
	// address, and caused by the mail of one sender; the rest are held
	// and sent together in one digest after the hour.
	AnswersPerHour int `yaml:"answers_per_hour"`
	// FilesPerStep is the most order files taken by mail from one player
	// for one step (standing orders included).
	FilesPerStep int `yaml:"files_per_step"`
	// QuietAfter refusals in a row to one address, with no file accepted
	// from it in between, make Taipan stop answering it for QuietFor.
	QuietAfter int      `yaml:"quiet_after"`
	QuietFor   Duration `yaml:"quiet_for"`
}

// Retry is the outbox's backoff: the first retry after Min, doubling up to Max.
type Retry struct {
	Min Duration `yaml:"min"`
	Max Duration `yaml:"max"`
}

// Defaults.
const (
	DefaultMaxMessageSize = 256 << 10
	DefaultMaxParts       = 32
	DefaultMaxDepth       = 4
	DefaultAnswersPerHour = 10
	DefaultFilesPerStep   = 10
	DefaultQuietAfter     = 5
	DefaultQuietFor       = 12 * time.Hour
	DefaultRetention      = 90 * 24 * time.Hour
	DefaultListen         = "127.0.0.1:2525"
	DefaultMaildir        = "taipan-mail"
	DefaultSessions       = 64
	DefaultSessionsPerIP  = 8
	DefaultIdle           = 2 * time.Minute
	DefaultAddress        = "taipan@localhost"
)

// Secret is a password. It never prints.
type Secret string

// String hides the secret.
func (Secret) String() string { return "[redacted]" }

// GoString hides the secret from %#v.
func (Secret) GoString() string { return `"[redacted]"` }

// MarshalYAML hides the secret when a config is written out.
func (Secret) MarshalYAML() (any, error) { return "[redacted]", nil }

// Duration is a time.Duration written "30s", "1h" or "3d".
type Duration time.Duration

// UnmarshalYAML reads a duration.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := adjudicator.ParseDuration(n.Value)
	if err != nil {
		return fmt.Errorf("line %d: %v", n.Line, err)
	}
	*d = Duration(v)
	return nil
}

// Retention is how long mail rows are kept: a duration, or "forever" (-1).
type Retention time.Duration

// Forever is the Retention that keeps everything.
const Forever = Retention(-1)

// UnmarshalYAML reads a retention.
func (r *Retention) UnmarshalYAML(n *yaml.Node) error {
	if strings.EqualFold(strings.TrimSpace(n.Value), "forever") {
		*r = Forever
		return nil
	}
	var d Duration
	if err := d.UnmarshalYAML(n); err != nil {
		return err
	}
	if d < Duration(24*time.Hour) {
		return fmt.Errorf("line %d: retention %s: keep mail rows at least 1d (the rate limits and digests read the last day), or write forever", n.Line, n.Value)
	}
	*r = Retention(d)
	return nil
}

// Size is a byte count written 262144, "256KiB" or "1MiB".
type Size int64

// UnmarshalYAML reads a size.
func (s *Size) UnmarshalYAML(n *yaml.Node) error {
	v := strings.TrimSpace(n.Value)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		m      int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"KB", 1000}, {"MB", 1000000}, {"K", 1 << 10}, {"M", 1 << 20}, {"B", 1}} {
		if strings.HasSuffix(v, u.suffix) {
			v, mult = strings.TrimSpace(strings.TrimSuffix(v, u.suffix)), u.m
			break
		}
	}
	x, err := strconv.ParseInt(v, 10, 64)
	if err != nil || x < 0 || x > math.MaxInt64/mult {
		return fmt.Errorf("line %d: bad size %q: write e.g. 262144 or 256KiB", n.Line, n.Value)
	}
	*s = Size(x * mult)
	return nil
}

// Normalize fills in defaults and checks the configuration.
func (c *Config) Normalize() error {
	if c.Address == "" {
		c.Address = DefaultAddress
	}
	c.Address = strings.ToLower(strings.TrimSpace(c.Address))
	if err := adjudicator.CheckEmail(c.Address); err != nil {
		return fmt.Errorf("config: address: %v", err)
	}
	if c.Name == "" {
		c.Name = "Taipan"
	}
	if c.Embedded.Listen == "" {
		c.Embedded.Listen = DefaultListen
	}
	if c.Embedded.Maildir == "" {
		c.Embedded.Maildir = DefaultMaildir
	}
	switch {
	case c.Embedded.Sessions < 0 || c.Embedded.SessionsPerAddress < 0 || c.Embedded.Idle < 0:
		return fmt.Errorf("config: embedded: sessions, sessions_per_address and idle must not be negative")
	case c.Embedded.Sessions == 0:
		c.Embedded.Sessions = DefaultSessions
	}
	if c.Embedded.SessionsPerAddress == 0 {
		c.Embedded.SessionsPerAddress = min(DefaultSessionsPerIP, c.Embedded.Sessions)
	}
	if c.Embedded.Idle == 0 {
		c.Embedded.Idle = Duration(DefaultIdle)
	}
	if c.Limits.MaxMessageSize == 0 {
		c.Limits.MaxMessageSize = DefaultMaxMessageSize
	}
	if err := c.Limits.normalize(); err != nil {
		return err
	}
	if c.Retention == 0 {
		c.Retention = Retention(DefaultRetention)
	}
	if c.Authentication != nil {
		if err := c.Authentication.normalize(); err != nil {
			return err
		}
	}
	if c.Retry.Min == 0 {
		c.Retry.Min = Duration(30 * time.Second)
	}
	if c.Retry.Max == 0 {
		c.Retry.Max = Duration(time.Hour)
	}
	if c.Reminder == 0 {
		c.Reminder = Duration(24 * time.Hour)
	}
	if c.Tick == 0 {
		c.Tick = Duration(30 * time.Second)
	}
	for _, s := range []struct {
		name string
		srv  *Server
		port int
	}{{"imap", c.IMAP, 993}, {"smtp", c.SMTP, 587}} {
		if s.srv == nil {
			continue
		}
		if s.srv.Host == "" {
			return fmt.Errorf("config: %s: host is missing", s.name)
		}
		switch s.srv.TLS {
		case "":
			s.srv.TLS = "implicit"
			if s.name == "smtp" {
				s.srv.TLS = "starttls"
			}
		case "implicit", "starttls", "none":
		default:
			return fmt.Errorf("config: %s: tls %q: use implicit, starttls or none", s.name, s.srv.TLS)
		}
		if s.srv.Port < 0 || s.srv.Port > 65535 {
			return fmt.Errorf("config: %s: port %d: give a TCP port, 1 to 65535 (or leave it out for the default)", s.name, s.srv.Port)
		}
		if s.srv.Port == 0 {
			s.srv.Port = s.port
			if s.name == "imap" && s.srv.TLS != "implicit" {
				s.srv.Port = 143
			}
			if s.name == "smtp" && s.srv.TLS == "implicit" {
				s.srv.Port = 465
			}
		}
		if s.srv.Mailbox == "" {
			s.srv.Mailbox = "INBOX"
		}
		if s.srv.Processed == "" {
			s.srv.Processed = "Processed"
		}
		if s.srv.Rejected == "" {
			s.srv.Rejected = "Rejected"
		}
		if s.srv.Poll == 0 {
			s.srv.Poll = Duration(time.Minute)
		}
		if s.srv.HELO == "" {
			s.srv.HELO = "localhost"
		}
		if _, err := s.srv.password(); err != nil {
			return fmt.Errorf("config: %s: %v", s.name, err)
		}
	}
	return nil
}

// normalize fills in the answering limits' defaults and checks them.
func (l *Limits) normalize() error {
	for _, f := range []struct {
		name string
		v    *int
		def  int
	}{
		{"max_parts", &l.MaxParts, DefaultMaxParts}, {"max_depth", &l.MaxDepth, DefaultMaxDepth},
		{"answers_per_hour", &l.AnswersPerHour, DefaultAnswersPerHour}, {"files_per_step", &l.FilesPerStep, DefaultFilesPerStep}, {"quiet_after", &l.QuietAfter, DefaultQuietAfter},
	} {
		if *f.v < 0 {
			return fmt.Errorf("config: limits: %s %d: give a positive number", f.name, *f.v)
		}
		if *f.v == 0 {
			*f.v = f.def
		}
	}
	if l.QuietFor == 0 {
		l.QuietFor = Duration(DefaultQuietFor)
	}
	return nil
}

// Addr is host:port.
func (s *Server) Addr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// password resolves the password from the file, the environment or the
// config itself, in that order.
func (s *Server) password() (string, error) {
	switch {
	case s.PasswordFile != "":
		b, err := os.ReadFile(s.PasswordFile)
		if err != nil {
			return "", fmt.Errorf("password_file: %v", err)
		}
		line, _, _ := strings.Cut(string(b), "\n")
		return strings.TrimRight(line, "\r"), nil
	case s.PasswordEnv != "":
		v, ok := os.LookupEnv(s.PasswordEnv)
		if !ok {
			return "", fmt.Errorf("password_env: $%s is not set", s.PasswordEnv)
		}
		return v, nil
	}
	return string(s.Password), nil
}

// passwordSource says where the password comes from, for a message:
// never the password itself.
func (s *Server) passwordSource() string {
	switch {
	case s.PasswordFile != "":
		return "from password_file " + s.PasswordFile
	case s.PasswordEnv != "":
		return "from $" + s.PasswordEnv
	case s.Password != "":
		return "the password: setting"
	}
	return "none is set"
}

// tlsConfig is the client TLS configuration: the system's roots plus CAFile.
func (s *Server) tlsConfig() (*tls.Config, error) {
	cfg := &tls.Config{ServerName: s.Host, MinVersion: tls.VersionTLS12}
	if s.CAFile != "" {
		pem, err := os.ReadFile(s.CAFile)
		if err != nil {
			return nil, fmt.Errorf("ca_file: %v", err)
		}
		pool, err := x509.SystemCertPool()
		if err != nil || pool == nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("ca_file %s: no PEM certificates", s.CAFile)
		}
		cfg.RootCAs = pool
	}
	return cfg, nil
}
