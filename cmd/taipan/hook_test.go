package main_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"syscall"
	"testing"

	"taipan/internal/testkit"
)

// hookEndpoint is a loopback listener for a game's hook: it keeps what
// is posted, by delivery id.
type hookEndpoint struct {
	srv   *httptest.Server
	mu    sync.Mutex
	posts []hookPost
}

type hookPost struct {
	ID   string
	Kind string
	Step int
	Text string
}

func newHookEndpoint(t *testing.T) *hookEndpoint {
	e := &hookEndpoint{}
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var p hookPost
		json.Unmarshal(b, &p)
		p.ID = r.Header.Get("X-Taipan-Delivery")
		e.mu.Lock()
		e.posts = append(e.posts, p)
		e.mu.Unlock()
	}))
	t.Cleanup(e.srv.Close)
	return e
}

func (e *hookEndpoint) taken() []hookPost {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]hookPost(nil), e.posts...)
}

// A game's hook hears of each step closed by serve, once: a serve stopped
// and started again sends nothing twice, and `hook list` counts what was
// sent; the URL's path, where chat services keep the secret, is never
// printed.
func TestHookThroughServe(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	e := newHookEndpoint(t)
	url := e.srv.URL + "/api/webhooks/42/s3cret"
	out := c.ok("", "hook", "add", "bourse-1", url)
	if strings.Contains(out, "s3cret") || !strings.Contains(out, "Hooked http://127.0.0.1:") {
		t.Errorf("hook add says %q", out)
	}
	cfg := writeConfig(t, fmt.Sprintf("embedded: {listen: 127.0.0.1:0, maildir: %q}\ntick: 50ms\nwebhooks: {allow_private: true}\n", t.TempDir()))
	for round := 1; round <= 2; round++ {
		p := startServe(t, c.db, cfg)
		c.ok("", "adjudicate", "bourse-1", "--reason", "a test")
		testkit.Eventually(t, fmt.Sprintf("the hook told of step %d", round), func() bool { return len(e.taken()) >= round })
		p.stop(syscall.SIGTERM)
	}
	got := e.taken()
	if len(got) != 2 || got[0].Step != 1 || got[1].Step != 2 || got[0].Kind != "step-closed" || got[0].ID == got[1].ID {
		t.Fatalf("the hook took %+v; want steps 1 and 2, once each", got)
	}
	list := c.ok("", "hook", "list", "bourse-1")
	if !strings.Contains(list, "(json): 2 sent, 0 owed") || strings.Contains(list, "s3cret") {
		t.Errorf("hook list says %q", list)
	}
	c.fail("usage: taipan hook remove GAME URL", "", "hook", "remove", "bourse-1")
	c.fail("no hook", "", "hook", "remove", "bourse-1", "https://example.test/other")
	c.fail("must start with https://", "", "hook", "add", "bourse-1", "ftp://example.test/x")
	c.ok("", "hook", "remove", "bourse-1", url)
	if list := c.ok("", "hook", "list", "bourse-1"); !strings.Contains(list, "no hooks") {
		t.Errorf("after remove: %q", list)
	}
}
