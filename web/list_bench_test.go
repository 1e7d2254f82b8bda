package web

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
)

// The games list against the floor of the same server: its own static
// file (/static/style.css, from memory), timed in the same run. x-static
// is the list's rate over the static file's (1 is as fast; the goal is at
// least 0.25), at 100, 1,000 and 10,000 games: the list reads a page of
// the index, once per change, so it should not depend on how many games
// there are.
//
//	go test ./web -run XXX -bench 'GamesList|GamePageLoopback' -benchmem

// listSizes are the sizes of site the list is measured at.
var listSizes = []int{100, 1000, 10000}

// manyGamesSite is a site of n Trader games, without a request log.
func manyGamesSite(tb testing.TB, n int) *site {
	s := newSite(tb, Config{}, Options{})
	campaigns := make([]string, n)
	for i := range campaigns {
		campaigns[i] = manyGamesCampaign(i)
	}
	s.create(campaigns...)
	s.srv.opt.Log = nil
	s.srv.handler = s.srv.routes()
	srv := httptest.NewServer(s.srv.Handler())
	tb.Cleanup(srv.Close)
	s.http = srv
	return s
}

// sitesBySize makes each size's site once for all the runs of a benchmark.
type sitesBySize struct {
	tb    testing.TB // the parent benchmark, which outlives its runs
	sites map[int]*site
}

func (c *sitesBySize) get(n int) *site {
	if c.sites[n] == nil {
		c.sites[n] = manyGamesSite(c.tb, n)
	}
	return c.sites[n]
}

// pairedFloors times reqs requests of the floor and then of the page,
// rounds times in turn, and returns the best time per request of each:
// on a machine shared with other work, a pair timed together sees the
// same load, and the best of several the least of it.
func pairedFloors(rounds, reqs int, floor, page func()) (time.Duration, time.Duration) {
	best := func(prev time.Duration, fn func()) time.Duration {
		start := time.Now()
		for range reqs {
			fn()
		}
		return min(prev, time.Since(start)/time.Duration(reqs))
	}
	f, p := time.Duration(1<<63-1), time.Duration(1<<63-1)
	for range rounds {
		f, p = best(f, floor), best(p, page)
	}
	return f, p
}

// BenchmarkGamesList serves the list's first page in process (no socket),
// one request at a time.
func BenchmarkGamesList(b *testing.B) {
	sites := &sitesBySize{tb: b, sites: map[int]*site{}}
	for _, n := range listSizes {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			s := sites.get(n)
			s.get(b, "/")
			static, list := pairedFloors(5, 2000, func() { s.get(b, "/static/style.css") }, func() { s.get(b, "/") })
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				s.get(b, "/")
			}
			b.ReportMetric(float64(static)/float64(list), "x-static")
			b.ReportMetric(1e9/float64(list), "req/s")
			b.ReportMetric(1e9/float64(static), "static-req/s")
		})
	}
}

// load is what a bounded load over loopback measured.
type load struct {
	perSec   float64
	p50, p99 time.Duration
}

// hammer sends reqs GETs of url from clients clients at once, each with a
// connection kept alive, and measures the rate and the latencies.
func hammer(tb testing.TB, url string, clients, reqs int) load {
	tr := &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr}
	lat := make([][]time.Duration, clients)
	errs := make(chan error, clients)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range clients {
		wg.Go(func() {
			for range reqs / clients {
				t0 := time.Now()
				res, err := c.Get(url)
				if err != nil {
					errs <- err
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					errs <- fmt.Errorf("%s: %s", url, res.Status)
					return
				}
				lat[i] = append(lat[i], time.Since(t0))
			}
		})
	}
	wg.Wait()
	took := time.Since(start)
	close(errs)
	for err := range errs {
		tb.Fatal(err)
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	return load{perSec: float64(len(all)) / took.Seconds(), p50: all[len(all)/2], p99: all[len(all)*99/100]}
}

// pairedLoads hammers the floor and then the page in turn, in as many
// rounds as the benchmark runs (three at least), and returns the best of
// each (see pairedFloors).
func pairedLoads(b *testing.B, floor, page string, clients int) (load, load) {
	reqs := 50 * clients
	var f, p load
	round := func() {
		if l := hammer(b, floor, clients, reqs); l.perSec > f.perSec {
			f = l
		}
		if l := hammer(b, page, clients, reqs); l.perSec > p.perSec {
			p = l
		}
	}
	for range 2 {
		round()
	}
	for b.Loop() {
		round()
	}
	return f, p
}

// reportLoads reports a page's load beside its floor's.
func reportLoads(b *testing.B, static, got load) {
	b.ReportMetric(got.perSec, "req/s")
	b.ReportMetric(static.perSec, "static-req/s")
	b.ReportMetric(got.perSec/static.perSec, "x-static")
	b.ReportMetric(float64(got.p50.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(got.p99.Microseconds())/1000, "p99-ms")
}

// loopbackClients are the loads the site is measured under.
var loopbackClients = []int{10, 100}

// BenchmarkGamesListLoopback is the list's first page under a bounded
// load over loopback (10 and 100 clients at once, each waiting for its
// answer before the next request), against the static file under the
// same load, in turn: the best req/s of each, the page's latencies in its
// best round, and x-static.
func BenchmarkGamesListLoopback(b *testing.B) {
	sites := &sitesBySize{tb: b, sites: map[int]*site{}}
	for _, n := range listSizes {
		for _, clients := range loopbackClients {
			b.Run(fmt.Sprintf("games=%d/clients=%d", n, clients), func(b *testing.B) {
				s := sites.get(n)
				static, got := pairedLoads(b, s.http.URL+"/static/style.css", s.http.URL+"/", clients)
				reportLoads(b, static, got)
			})
		}
	}
}

// BenchmarkGamePageLoopback is a game's public page (20 steps in) under
// 100 clients over loopback: req/s (the goal: keep at least 477).
func BenchmarkGamePageLoopback(b *testing.B) {
	s := benchSite(b)
	srv := httptest.NewServer(s.srv.Handler())
	b.Cleanup(srv.Close)
	static, got := pairedLoads(b, srv.URL+"/static/style.css", srv.URL+"/games/bourse-1", 100)
	reportLoads(b, static, got)
}
