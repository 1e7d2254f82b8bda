package webhook

import (
	"context"
	"log"
	"net/http"
	"time"

	"taipan/adjudicator"
)

// Config is the webhooks' section of serve's configuration (webhooks:).
type Config struct {
	// AllowPrivate lets posts go to loopback, private and link-local
	// addresses: for a club's own network, or a test. Off, such a post
	// is refused when it connects.
	AllowPrivate bool `yaml:"allow_private"`
	// Timeout bounds one post; 0: DefaultTimeout.
	Timeout adjudicator.Duration `yaml:"timeout"`
}

// DefaultTimeout bounds a post when the config does not.
const DefaultTimeout = 10 * time.Second

// NewClient is the HTTP client of cfg's posts: bounded in time, not
// following redirects (a redirect could lead inside the network), and
// refusing addresses cfg does not allow.
func NewClient(cfg Config) *http.Client {
	timeout := time.Duration(cfg.Timeout)
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = nil // a proxy would connect for us, unchecked
	tr.DialContext = dialer(cfg.AllowPrivate).DialContext
	return &http.Client{Timeout: timeout, Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
}

// Run follows the hooked games and sends what they are owed every tick
// (and at once on start) until ctx ends; a post under way when it ends is
// abandoned and tried again at the next start.
func Run(ctx context.Context, f *Follower, s *Sender, tick time.Duration, logger *log.Logger) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		if _, err := f.Follow(ctx); err != nil && ctx.Err() == nil && logger != nil {
			logger.Printf("webhook: %v", err)
		}
		if _, err := s.SendDue(ctx); err != nil && ctx.Err() == nil && logger != nil {
			logger.Printf("webhook: %v", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
