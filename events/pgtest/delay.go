package pgtest

import (
	"net"
	"net/url"
	"sync"
	"testing"
	"time"
)

// Delayed returns the URL of target (a database URL of the cluster)
// reached through a TCP proxy on loopback that holds every byte for
// oneWay in each direction: a round trip of twice that, as between a
// worker and a database on another host (the kernel here has no netem).
// Bytes are delayed, never slowed: what is sent within oneWay arrives
// together, as on a real link. The proxy stops when tb ends.
func Delayed(tb testing.TB, target string, oneWay time.Duration) string {
	tb.Helper()
	u, err := url.Parse(target)
	if err != nil {
		tb.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	upstream := u.Host
	var wg sync.WaitGroup
	var mu sync.Mutex
	var conns []net.Conn
	track := func(c net.Conn) {
		mu.Lock()
		conns = append(conns, c)
		mu.Unlock()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			server, err := net.Dial("tcp", upstream)
			if err != nil {
				client.Close()
				continue
			}
			track(client)
			track(server)
			wg.Add(2)
			go func() { defer wg.Done(); pump(server, client, oneWay) }()
			go func() { defer wg.Done(); pump(client, server, oneWay) }()
		}
	}()
	tb.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
		wg.Wait()
	})
	u.Host = ln.Addr().String()
	return u.String()
}

// chunk is what one read took from a connection, and when.
type chunk struct {
	data []byte
	at   time.Time
}

// pump copies from src to dst, each chunk oneWay after it was read; it
// closes both when either side ends.
func pump(dst, src net.Conn, oneWay time.Duration) {
	queue := make(chan chunk, 1024)
	done := make(chan struct{})
	go func() {
		defer close(queue)
		for {
			buf := make([]byte, 32<<10)
			n, err := src.Read(buf)
			if n > 0 {
				select {
				case queue <- chunk{buf[:n], time.Now()}:
				case <-done:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	defer dst.Close()
	defer src.Close()
	defer close(done)
	for c := range queue {
		if wait := time.Until(c.at.Add(oneWay)); wait > 0 {
			time.Sleep(wait) // the link's latency, not a wait for an event
		}
		if _, err := dst.Write(c.data); err != nil {
			return
		}
	}
}
