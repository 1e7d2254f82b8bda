package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"testing"
)

// benchCampaign is a three-player Trader game with a dealt layout.
const benchCampaign = `id: bourse-1
game: trader
players: [{name: alice, email: a@example.test}, {name: bob, email: b@example.test}, {name: carol, email: c@example.test}]
seed: "00000000000000000000000000000000000000000000000000000000000000bb"
deadline: 72h
`

// benchSite is a site with a Trader game played 20 steps in, its page
// read once (a warm Host and cache).
func benchSite(b *testing.B) *site {
	s := newSite(b, Config{}, Options{}, benchCampaign)
	s.srv.opt.Log = nil
	s.srv.handler = s.srv.routes() // without the request log
	s.playSteps("bourse-1", 20)
	s.get(b, "/games/bourse-1")
	return s
}

// get serves one request in process (no socket), as the benchmarks do.
func (s *site) get(tb testing.TB, path string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil).WithContext(context.Background())
	req.AddCookie(&http.Cookie{Name: csrfCookie, Value: "0123456789abcdef0123456789abcdef0123"})
	w := httptest.NewRecorder()
	s.srv.Handler().ServeHTTP(w, req)
	if w.Code != http.StatusOK {
		tb.Fatalf("%s: %d\n%s", path, w.Code, w.Body)
	}
	return w
}

// A game's page from a warm Host: a look at the log's head, and the page
// drawn from the cached replay. Goal: under 5 ms.
func BenchmarkGamePage(b *testing.B) {
	s := benchSite(b)
	b.ReportAllocs()
	for b.Loop() {
		s.get(b, "/games/bourse-1")
	}
}

// The same page read by 100 readers at once.
func BenchmarkGamePage100Readers(b *testing.B) {
	s := benchSite(b)
	b.ReportAllocs()
	b.SetParallelism(max(1, 100/runtime.GOMAXPROCS(0)))
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			s.get(b, "/games/bourse-1")
		}
	})
}

// A game's page after every change: the first reader after an order
// replays the log (20 steps in).
func BenchmarkGamePageCold(b *testing.B) {
	s := benchSite(b)
	b.ReportAllocs()
	for b.Loop() {
		s.srv.cache = newCache(s.host, s.srv.renderer, nil)
		s.get(b, "/games/bourse-1")
	}
}

// A past step's page: replayed up to that step once, then cached.
func BenchmarkStepPage(b *testing.B) {
	s := benchSite(b)
	s.get(b, "/games/bourse-1/steps/3")
	b.ReportAllocs()
	for b.Loop() {
		s.get(b, "/games/bourse-1/steps/3")
	}
}

// What 100 concurrent readers see is the same page.
func TestConcurrentReaders(t *testing.T) {
	s := newSite(t, Config{}, Options{}, traderCampaign)
	s.playSteps("bourse-1", 3)
	want := s.get(t, "/games/bourse-1").Body.String()
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for range 100 {
		wg.Go(func() {
			req := httptest.NewRequest(http.MethodGet, "/games/bourse-1", nil)
			req.AddCookie(&http.Cookie{Name: csrfCookie, Value: "0123456789abcdef0123456789abcdef0123"})
			w := httptest.NewRecorder()
			s.srv.Handler().ServeHTTP(w, req)
			if w.Body.String() != want {
				errs <- w.Body.String()
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatalf("a reader got another page:\n%s", e)
	}
	// A player's page, drawn afresh by many readers at once: the engines'
	// lists of legal orders read the shared state side by side.
	alice := s.browser()
	alice.login("bourse-1", "alice")
	s.playSteps("bourse-1", 1)
	var wg2 sync.WaitGroup
	for range 20 {
		wg2.Go(func() {
			if res := alice.get("/games/bourse-1/players/alice"); res.status != http.StatusOK {
				t.Errorf("alice's page: %d", res.status)
			}
		})
	}
	wg2.Wait()
}
