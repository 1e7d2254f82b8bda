package web

import (
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// limiter is a token bucket per client address.
type limiter struct {
	rate  Rate
	mu    sync.Mutex
	seen  map[string]*bucket
	calls int
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(r Rate) *limiter { return &limiter{rate: r, seen: map[string]*bucket{}} }

// allow takes one token of addr's bucket at now; when there is none, it
// says how long until there is.
func (l *limiter) allow(addr string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	perSec := float64(l.rate.PerMinute) / 60
	if l.calls++; l.calls%1000 == 0 {
		// Forget the addresses whose buckets are full again.
		for a, b := range l.seen {
			if now.Sub(b.at).Seconds()*perSec >= float64(l.rate.Burst) {
				delete(l.seen, a)
			}
		}
	}
	b := l.seen[addr]
	if b == nil {
		b = &bucket{tokens: float64(l.rate.Burst), at: now}
		l.seen[addr] = b
	}
	b.tokens = min(float64(l.rate.Burst), b.tokens+now.Sub(b.at).Seconds()*perSec)
	b.at = now
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / perSec * float64(time.Second))
	}
	b.tokens--
	return true, 0
}

// clientAddr is the address rate limits count by: the connection's, or
// behind a proxy the last address of the configured header (the one the
// proxy itself added; a client can forge only those before it).
func (s *Server) clientAddr(r *http.Request) string {
	if h := s.cfg.ClientIPHeader; h != "" {
		if v := r.Header.Values(h); len(v) > 0 {
			parts := strings.Split(v[len(v)-1], ",")
			if a := strings.TrimSpace(parts[len(parts)-1]); a != "" {
				return a
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limited answers 429 and reports true when r's address is over its
// rate.
func (s *Server) limited(w http.ResponseWriter, r *http.Request) bool {
	ok, wait := s.limits.allow(s.clientAddr(r), time.Now())
	if ok {
		return false
	}
	secs := int(wait/time.Second) + 1
	w.Header().Set("Retry-After", itoa(secs))
	s.fail(w, r, http.StatusTooManyRequests, "Too many requests from your address; try again in %d seconds.", secs)
	return true
}
