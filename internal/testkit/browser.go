package testkit

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// Browser starts Debian's headless Chromium for tb, with a window of width
// × height, and returns its context (new tabs: chromedp.NewContext of it).
// The browser stops when the test ends, and runs in the run's scratch
// folder, so that nothing of it outlives the test binary. Without Chromium
// the test is skipped (with -short always: the quick loop starts no
// browser), except under CI=true, where it fails.
func Browser(tb testing.TB, width, height int) context.Context {
	tb.Helper()
	if testing.Short() {
		tb.Skip("no browser with -short (the quick loop starts no browser)")
	}
	exe := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			exe = p
			break
		}
	}
	if exe == "" {
		msg := "the browser test needs Chromium: apt-get install chromium fonts-dejavu-core (see .ci/run)"
		if os.Getenv("CI") == "true" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.Headless,
		chromedp.DisableGPU, chromedp.WindowSize(width, height), chromedp.UserDataDir(tb.TempDir()))
	actx, cancelAlloc := chromedp.NewExecAllocator(Context(tb), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	tb.Cleanup(func() { cancelBrowser(); cancelAlloc() })
	// Started on the browser's own context, so that a tab's end does not
	// end the browser.
	if err := chromedp.Do(bctx); err != nil {
		tb.Fatalf("start %s: %v", exe, err)
	}
	return bctx
}
