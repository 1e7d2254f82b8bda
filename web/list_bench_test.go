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

// floorPerOp is the best time of several runs of reqs requests of fn.
func floorPerOp(reqs int, fn func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range 5 {
		start := time.Now()
		for range reqs {
			fn()
		}
		best = min(best, time.Since(start)/time.Duration(reqs))
	}
	return best
}

// BenchmarkGamesList serves the list's first page in process (no socket),
// one request at a time.
func BenchmarkGamesList(b *testing.B) {
	sites := &sitesBySize{tb: b, sites: map[int]*site{}}
	for _, n := range listSizes {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			s := sites.get(n)
			s.get(b, "/")
			static := floorPerOp(2000, func() { s.get(b, "/static/style.css") })
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				s.get(b, "/")
			}
			perOp := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(float64(static)/float64(perOp), "x-static")
			b.ReportMetric(1e9/float64(perOp), "req/s")
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

// bestLoad is the best rate of several hammerings.
func bestLoad(tb testing.TB, url string, clients, reqs int) load {
	var best load
	for range 3 {
		if l := hammer(tb, url, clients, reqs); l.perSec > best.perSec {
			best = l
		}
	}
	return best
}

// loopbackClients are the loads the site is measured under.
var loopbackClients = []int{10, 100}

// BenchmarkGamesListLoopback is the list's first page under a bounded
// load over loopback (10 and 100 clients at once, each waiting for its
// answer before the next request), against the static file under the
// same load: req/s, the latencies, and x-static.
func BenchmarkGamesListLoopback(b *testing.B) {
	sites := &sitesBySize{tb: b, sites: map[int]*site{}}
	for _, n := range listSizes {
		for _, clients := range loopbackClients {
			b.Run(fmt.Sprintf("games=%d/clients=%d", n, clients), func(b *testing.B) {
				s := sites.get(n)
				reqs := 50 * clients
				static := bestLoad(b, s.http.URL+"/static/style.css", clients, reqs)
				var got load
				for b.Loop() {
					got = hammer(b, s.http.URL+"/", clients, reqs)
				}
				b.ReportMetric(got.perSec, "req/s")
				b.ReportMetric(static.perSec, "static-req/s")
				b.ReportMetric(got.perSec/static.perSec, "x-static")
				b.ReportMetric(float64(got.p50.Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(got.p99.Microseconds())/1000, "p99-ms")
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
	const clients = 100
	static := bestLoad(b, srv.URL+"/static/style.css", clients, 50*clients)
	var got load
	for b.Loop() {
		got = hammer(b, srv.URL+"/games/bourse-1", clients, 50*clients)
	}
	b.ReportMetric(got.perSec, "req/s")
	b.ReportMetric(got.perSec/static.perSec, "x-static")
	b.ReportMetric(float64(got.p50.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(got.p99.Microseconds())/1000, "p99-ms")
}
