package pgtest

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// linkEnv, set in a process's environment to "UPSTREAM ONE-WAY", makes a
// test binary that imports pgtest the link Delayed starts (see init).
const linkEnv = "TAIPAN_PGTEST_LINK"

func init() {
	if spec := os.Getenv(linkEnv); spec != "" {
		os.Exit(runLink(spec))
	}
}

// Delayed returns the URL of target (a database URL of the cluster)
// reached through a TCP proxy on loopback that holds every byte for
// oneWay in each direction: a round trip of twice that, as between a
// worker and a database on another host (the kernel here has no netem).
// Bytes are delayed, never slowed: what is sent within oneWay arrives
// together, as on a real link.
//
// The proxy is a process of its own (this test binary run again), as a
// network is outside the workers it carries: inside their process its
// timers waited on their scheduler, and the busier the workers the later
// each byte came (a 2 ms round trip took 3.4 ms at four workers). It
// stops when tb ends, and with the test binary however that ends (its
// standard input closes).
func Delayed(tb testing.TB, target string, oneWay time.Duration) string {
	tb.Helper()
	u, err := url.Parse(target)
	if err != nil {
		tb.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %s", linkEnv, u.Host, oneWay))
	cmd.Dir = tb.TempDir() // so that the run's reaper finds it
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		tb.Fatalf("the delaying link did not start: %v", err)
	}
	u.Host = strings.TrimSpace(addr)
	return u.String()
}

// runLink is the link's process: it listens on loopback, writes its
// address on standard output, and relays each connection to upstream with
// the delay, until its standard input closes.
func runLink(spec string) int {
	upstream, delay, _ := strings.Cut(spec, " ")
	oneWay, err := time.ParseDuration(delay)
	if err != nil {
		fmt.Fprintf(os.Stderr, "pgtest link: %v\n", err)
		return 2
	}
	// Each writer sleeps in the kernel, holding its thread and, until the
	// runtime takes it back, its P: enough Ps that none waits for one.
	runtime.GOMAXPROCS(64)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintf(os.Stderr, "pgtest link: %v\n", err)
		return 2
	}
	fmt.Println(ln.Addr())
	go func() {
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
			go pump(server, client, oneWay)
			go pump(client, server, oneWay)
		}
	}()
	io.Copy(io.Discard, os.Stdin)
	return 0
}

// chunk is what one read took from a connection, and when.
type chunk struct {
	data []byte
	at   time.Time
}

// pump copies from src to dst, each chunk oneWay after it was read; it
// closes both when either side ends. (A reader left waiting on a full
// queue ends with the link's process.)
func pump(dst, src net.Conn, oneWay time.Duration) {
	queue := make(chan chunk, 1024)
	go func() {
		defer close(queue)
		for {
			buf := make([]byte, 32<<10)
			n, err := src.Read(buf)
			if n > 0 {
				queue <- chunk{buf[:n], time.Now()}
			}
			if err != nil {
				return
			}
		}
	}()
	// The writer keeps a thread of its own for its sleeps in the kernel
	// (holdUntil): with the runtime's threads shared, four workers one
	// mail at a time took 190–209 mails a second, against 222–247.
	runtime.LockOSThread()
	defer dst.Close()
	defer src.Close()
	for c := range queue {
		holdUntil(c.at.Add(oneWay)) // the link's latency, not a wait for an event
		if _, err := dst.Write(c.data); err != nil {
			return
		}
	}
}
