package testkit

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// defaultPatience is how long Eventually waits in a test binary run
// without a time-out (go test -timeout 0) and in benchmarks: long enough
// for any machine, short enough to name a stuck test.
const defaultPatience = 5 * time.Minute

// Patience is how long a test may wait for something to happen before it
// is taken to be stuck: until shortly before the test binary's time-out
// (so that the failure names what was waited for, rather than a panic
// naming every goroutine), at most defaultPatience.
func Patience(tb testing.TB) time.Duration {
	p := defaultPatience
	if t, ok := tb.(interface{ Deadline() (time.Time, bool) }); ok {
		if d, ok := t.Deadline(); ok {
			left := time.Until(d)
			p = min(p, left-left/10)
		}
	}
	return max(p, time.Second)
}

// Eventually waits until cond holds, looking at it often, and fails tb
// naming what it waited for if it has not held within Patience.
func Eventually(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	if !Within(Patience(tb), cond) {
		tb.Fatalf("still waiting for %s after %v: stuck", what, Patience(tb).Round(time.Second))
	}
}

// Within waits until cond holds, or for at most limit, and says whether it
// held: for waits whose end is not a failure.
func Within(limit time.Duration, cond func() bool) bool {
	end := time.Now().Add(limit)
	pause := time.Millisecond
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		if cond() {
			return true
		}
		if time.Now().After(end) {
			return false
		}
		timer.Reset(pause)
		<-timer.C
		pause = min(2*pause, 50*time.Millisecond)
	}
}

// Context is tb's context, ending after Patience too: for a client (a
// browser, a network call) that must give up on a stuck server.
func Context(tb testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(tb.Context(), Patience(tb))
	tb.Cleanup(cancel)
	return ctx
}

// Artifacts is the folder for what a test keeps for a person to look at
// (screenshots, pages): $TAIPAN_ARTIFACTS/TestName when that is set (CI
// keeps it), else a temporary folder removed with the test.
func Artifacts(tb testing.TB) string {
	tb.Helper()
	root := os.Getenv("TAIPAN_ARTIFACTS")
	if root == "" {
		return tb.TempDir()
	}
	dir := filepath.Join(root, strings.NewReplacer("/", "-", " ", "-").Replace(tb.Name()))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	return dir
}
