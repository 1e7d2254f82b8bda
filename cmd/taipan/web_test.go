package main_test

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"strings"
	"taipan/internal/testkit"
	"testing"
)

// `taipan web` serves the games of its database until interrupted: it
// says where, the front page lists the game, and Ctrl-C stops it cleanly.
func TestWebCommand(t *testing.T) {
	c := newCLI(t)
	c.fail("no database", "", "web")
	c.ok(campaign, "new", "-")
	c.fail("usage: taipan web", "", "web", "extra")
	c.fail("not HOST:PORT", "", "web", "--listen", "nowhere")

	cmd := testkit.Command(binary, "--db", c.db, "web", "--listen", "127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb strings.Builder
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("no first line: %v; stderr: %s", err, errb.String())
	}
	i := strings.Index(line, "http://127.0.0.1:")
	if i < 0 {
		t.Fatalf("the first line says no address: %q", line)
	}
	url := strings.Fields(line[i:])[0]
	res, err := http.Get(url + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), `href="/games/bourse-1"`) {
		t.Fatalf("the front page: %d\n%s", res.StatusCode, body)
	}
	// A game made by the command line meanwhile (another process) is
	// listed: the page kept is dropped once the database has changed.
	c.ok(strings.Replace(campaign, "id: bourse-1", "id: bourse-2", 1), "new", "-")
	testkit.Eventually(t, "the front page lists the new game", func() bool {
		res, err := http.Get(url + "/")
		if err != nil {
			return false
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return strings.Contains(string(body), `href="/games/bourse-2"`)
	})
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var waitErr error
	stopped := func() bool {
		select {
		case waitErr = <-exited:
			return true
		default:
			return false
		}
	}
	if !testkit.Within(testkit.Patience(t), stopped) {
		t.Fatal("taipan web did not stop on Ctrl-C")
	}
	if waitErr != nil {
		t.Fatalf("taipan web after Ctrl-C: %v; stderr: %s", waitErr, errb.String())
	}
	if !strings.Contains(errb.String(), "GET / 200") {
		t.Errorf("the request log: %q", errb.String())
	}
}
