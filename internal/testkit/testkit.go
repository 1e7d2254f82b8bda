// Package testkit is what Taipan's tests share so that a run leaves nothing
// behind and waits on events rather than on the clock.
//
// Each test binary that calls Main gets one scratch folder,
// $TMPDIR/taipan-run-NAME-*, and points $TMPDIR into it: every temporary
// file of the run (t.TempDir, os.MkdirTemp) and every server a test starts
// (PostgreSQL, Dovecot, Postfix, Chromium, `taipan serve`) lives under it.
// When the binary ends, passing or failing, the folder is reaped: every
// process whose working folder or command line is inside it is killed and
// the folder removed. A binary that cannot do that itself (a panic, the
// test timeout, a kill) is reaped by a small watchdog, the same binary run
// again, which waits for its parent to go; and a folder whose owner and
// watchdog were both killed is swept by the next run's start.
//
// Eventually and Context wait for something to happen with a patience
// drawn from the test binary's own time-out, so that they fail only a test
// that is truly stuck, never one on a busy machine.
package testkit

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// scratchPrefix begins the name of every run's scratch folder.
const scratchPrefix = "taipan-run-"

// ownerFile, in a scratch folder, names the process that owns it: its pid
// and its start time, so that a reused pid is not taken for the owner.
const ownerFile = ".owner"

// reaperEnv, set, makes a test binary the watchdog of the scratch folder
// it names (see init).
const reaperEnv = "TAIPAN_TESTKIT_REAP"

func init() {
	if dir := os.Getenv(reaperEnv); dir != "" {
		// The watchdog: its standard input is a pipe from the owner,
		// which closes when the owner ends, however it ends.
		io.Copy(io.Discard, os.Stdin)
		Reap(dir)
		os.Exit(0)
	}
}

// Main runs a test binary's tests in a scratch folder of their own and
// exits with run's code once everything they started is stopped and the
// folder is gone. Call it from TestMain, with run calling m.Run (and
// whatever the binary needs around it):
//
//	func TestMain(m *testing.M) {
//		testkit.Main(func() int {
//			defer pgtest.StopShared()
//			return m.Run()
//		})
//	}
func Main(run func() int) {
	base := os.TempDir()
	Sweep(base)
	name := strings.TrimSuffix(filepath.Base(os.Args[0]), ".test")
	dir, err := os.MkdirTemp(base, scratchPrefix+name+"-")
	if err != nil {
		fmt.Fprintf(os.Stderr, "testkit: %v\n", err)
		os.Exit(2)
	}
	// Servers that run as other users (PostgreSQL, Dovecot) must reach it.
	os.Chmod(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(selfIdentity()), 0o644); err != nil {
		fmt.Fprintf(os.Stderr, "testkit: %v\n", err)
		os.Exit(2)
	}
	watchdog, err := startWatchdog(dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "testkit: no watchdog (what a killed run starts is left to the next run's sweep): %v\n", err)
	}
	os.Setenv("TMPDIR", dir)
	code := run()
	os.Setenv("TMPDIR", base)
	Reap(dir)
	if watchdog != nil {
		watchdog.Close()
	}
	os.Exit(code)
}

// startWatchdog runs this binary again as the watchdog of dir, in a
// process group of its own (so that a Ctrl-C meant for the tests does not
// stop it), and returns the pipe whose closing tells it to reap.
func startWatchdog(dir string) (io.Closer, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), reaperEnv+"="+dir)
	cmd.Dir = "/"
	detach(cmd)
	w, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go cmd.Wait()
	return w, nil
}

// Sweep reaps the scratch folders under base whose owner is gone: what a
// run killed with its watchdog (kill -9 of everything, a reboot) left.
func Sweep(base string) {
	dirs, _ := filepath.Glob(filepath.Join(base, scratchPrefix+"*"))
	for _, dir := range dirs {
		owner, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue // not a folder of ours, or one being made
		}
		if !identityAlive(string(owner)) {
			Reap(dir)
		}
	}
}

// Reap kills every process that runs in dir (its working folder or its
// command line inside dir) and removes dir.
func Reap(dir string) {
	for range 20 {
		if killIn(dir) == 0 && os.RemoveAll(dir) == nil {
			return
		}
	}
	os.RemoveAll(dir)
}

// selfIdentity is this process's pid and start time, as ownerFile holds it.
func selfIdentity() string {
	pid := os.Getpid()
	return strconv.Itoa(pid) + " " + startTime(pid)
}

// identityAlive says whether the process an ownerFile names still runs.
func identityAlive(id string) bool {
	pidText, start, _ := strings.Cut(strings.TrimSpace(id), " ")
	pid, err := strconv.Atoi(pidText)
	if err != nil || pid <= 0 {
		return false
	}
	now := startTime(pid)
	return now != "" && now == start
}
