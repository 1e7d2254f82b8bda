// Package web is Taipan's web site: a small, read-mostly site over the same
// Host that serves the games by mail. Anyone may read a public game's page
// (its status, who is awaited, the public report of every step, the event
// log with its hash chain, the audit's verdict and the public export);
// players and the GM log in, with a one-time link mailed with each report
// (when the site runs inside `taipan serve`) or with their token, to read their own reports and send orders through
// a form that takes exactly the path mail takes (Host.Submit), or, for the
// GM, to act as the command line does.
//
// The front page lists the public games a page at a time, filtered by
// status, game and player, from the games index; each page of it, and
// each public page of a game, is drawn once and served to everyone until
// a game changes, with validators (ETag, Last-Modified) that let browsers
// and caches ask again for a 304.
//
// It is built on net/http and html/template alone; pages work without
// JavaScript. Every form carries a CSRF token, submissions are rate
// limited per address, every response carries security headers, and no
// long-lived secret appears in a URL, a page or a log line.
package web

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"strings"
	"time"

	"taipan/adjudicator"
	"taipan/events"
)

// Notifier is how the site hands mail to the mail gateway: it is called
// inside the transaction of each change the site makes, so that the mail
// is queued with the change or not at all. `taipan web` alone has none.
type Notifier interface {
	// Acknowledged queues the acknowledgement of orders taken by the
	// form (text is adjudicator.Acknowledgement's) to the player's
	// address, as a mail of orders would have got it.
	Acknowledged(ctx context.Context, tx *events.Tx, r *adjudicator.Receipt, text string) error
	// Changed queues what a change to g owes its players: the reports of
	// the steps it closed, press to relay, an absence or a GM action to
	// tell (the mail gateway's dispatch). It is called after orders that
	// closed a step, press, an absence, and every GM action.
	Changed(ctx context.Context, tx *events.Tx, g *adjudicator.Game) error
}

// TokenMailer is implemented by a Notifier that can mail a new token to
// its player: only then does the site take the GM's token and replace
// actions, whose new token the CLI prints once, since a page must not
// show it.
type TokenMailer interface {
	MailToken(ctx context.Context, tx *events.Tx, g *adjudicator.Game, player, token string) error
}

// Pictures draws a report as a picture (the pictures issue): a PNG of what
// player (engine.Observer for the public, "" for the GM) may see of
// g, or nil where the game has none. Pages show it above the text report.
type Pictures interface {
	Picture(g *adjudicator.Game, player string) ([]byte, error)
}

// Options are what a Server needs besides its Config and Host.
type Options struct {
	Notifier Notifier    // nil: no mail (taipan web alone)
	Pictures Pictures    // nil: the text reports only
	Log      *log.Logger // nil: no log
	// LoginLinks says that each report mailed to a player or the GM
	// carries a one-time login link to this site: so it is when the site
	// runs inside `taipan serve`, whose mail dispatcher makes the links
	// with IssueLink. The login page promises such links only then.
	LoginLinks bool
	// Now is the clock of sessions and links; nil means time.Now.
	Now func() time.Time
}

// Server is the web site.
type Server struct {
	cfg      Config
	host     *adjudicator.Host
	opt      Options
	renderer *adjudicator.Renderer
	pages    *pages
	cache    *cache
	lists    listCache
	limits   *limiter
	handler  http.Handler

	srv *http.Server
	ln  net.Listener
	// watching ends the watch of the store's changes (Host.Watch) that
	// Start begins; watched closes once it has ended.
	watching context.CancelFunc
	watched  chan struct{}
}

// newRenderer is the site's report renderer: the GM's report names whom
// each private line was for, and a report whose reader's orders are due
// ends with an order file filled in from the legal choices.
func newRenderer() (*adjudicator.Renderer, error) {
	r, err := adjudicator.NewRenderer()
	if err != nil {
		return nil, err
	}
	r.Recipients, r.Skeleton, r.Decision = true, true, true
	return r, nil
}

// New makes the site for the games of host.
func New(cfg Config, host *adjudicator.Host, opt Options) (*Server, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	r, err := newRenderer()
	if err != nil {
		return nil, err
	}
	p, err := parsePages()
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, host: host, opt: opt, renderer: r, pages: p,
		cache: newCache(host, r, opt.Pictures), limits: newLimiter(cfg.Rate)}
	s.handler = s.routes()
	return s, nil
}

// Config is the configuration the site runs with, defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// Handler is the whole site, for tests or for mounting in another server.
// Served so, the games list follows this host's changes only; Start also
// watches for other processes' (Host.Watch), which such a caller runs
// itself.
func (s *Server) Handler() http.Handler { return s.handler }

// now is the site's clock.
func (s *Server) now() time.Time {
	if s.opt.Now != nil {
		return s.opt.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Server) logf(format string, args ...any) {
	if s.opt.Log != nil {
		s.opt.Log.Printf(format, args...)
	}
}

// Start listens on the configured address and serves in the background
// until Close. It returns once the listener is open, so that Addr is
// known.
func (s *Server) Start() error {
	ln, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	srv := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    32 << 10,
		ErrorLog:          s.opt.Log,
	}
	if s.cfg.TLSCert != "" {
		cert, err := tls.LoadX509KeyPair(s.cfg.TLSCert, s.cfg.TLSKey)
		if err != nil {
			ln.Close()
			return fmt.Errorf("web: %w", err)
		}
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		ln = tls.NewListener(ln, srv.TLSConfig)
	}
	s.srv, s.ln = srv, ln
	// The games list is kept until a game changes, by this process or
	// another: the host hears of the others' changes while the site runs.
	ctx, cancel := context.WithCancel(context.Background())
	s.watching, s.watched = cancel, make(chan struct{})
	go func() {
		defer close(s.watched)
		if err := s.host.Watch(ctx); err != nil {
			s.logf("web: watching for changes: %v", err)
		}
	}()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.logf("web: %v", err)
		}
	}()
	return nil
}

// Addr is the address the site listens on, once started.
func (s *Server) Addr() string {
	if s.ln == nil {
		return ""
	}
	return s.ln.Addr().String()
}

// URL is the site's address for a browser: the base URL, or, when it was
// left to its default and the port to the system (port 0), the address
// actually listened on.
func (s *Server) URL() string {
	if s.ln != nil && strings.HasSuffix(s.cfg.Listen, ":0") && strings.HasSuffix(s.cfg.BaseURL, ":0") {
		scheme, _, _ := strings.Cut(s.cfg.BaseURL, "://")
		return scheme + "://" + s.Addr()
	}
	return s.cfg.BaseURL
}

// Close stops the site, letting requests under way finish for a few
// seconds.
func (s *Server) Close() error {
	if s.srv == nil {
		return nil
	}
	s.watching()
	<-s.watched
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return s.srv.Shutdown(ctx)
}

// Serve runs the site until ctx is done.
func (s *Server) Serve(ctx context.Context) error {
	if err := s.Start(); err != nil {
		return err
	}
	<-ctx.Done()
	return s.Close()
}
