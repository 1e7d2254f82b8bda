package testkit_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"taipan/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m.Run) }

// childEnv makes this test binary, run again, the child of
// TestAKilledRunLeavesNothing: it starts a process in its scratch folder,
// says where, and is killed.
const childEnv = "TAIPAN_TESTKIT_CHILD"

// TestChild is the child's part; it does nothing in a normal run.
func TestChild(t *testing.T) {
	if os.Getenv(childEnv) == "" {
		t.Skip("only run as the child of TestAKilledRunLeavesNothing")
	}
	// A stray server: a plain command (no Pdeathsig), working in the
	// scratch folder, which nothing but the watchdog would stop.
	stray := exec.Command("sleep", "1000")
	stray.Dir = t.TempDir()
	if err := stray.Start(); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("scratch %s\nstray %d\n", os.TempDir(), stray.Process.Pid)
	os.Stdout.Sync()
	syscall.Kill(os.Getpid(), syscall.SIGKILL)
	select {}
}

func alive(pid int) bool { return syscall.Kill(pid, 0) == nil && !zombie(pid) }

func zombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // gone
	}
	i := strings.LastIndexByte(string(b), ')')
	return i >= 0 && strings.HasPrefix(string(b[i+1:]), " Z")
}

// A test binary killed half-way (kill -9: nothing of its own runs) leaves
// no process and no folder behind: its watchdog reaps them.
func TestAKilledRunLeavesNothing(t *testing.T) {
	if _, err := os.Stat("/proc/self/cwd"); err != nil {
		t.Skip("needs /proc")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestChild$", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var scratch string
	var stray int
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "scratch "); ok {
			scratch = v
		}
		if v, ok := strings.CutPrefix(sc.Text(), "stray "); ok {
			stray, _ = strconv.Atoi(v)
		}
	}
	cmd.Wait()
	if scratch == "" || stray == 0 {
		t.Fatal("the child did not say what it started")
	}
	if !strings.HasPrefix(filepath.Base(scratch), "taipan-run-") {
		t.Errorf("the child's temporary folder is %s, not a scratch folder of the run", scratch)
	}
	testkit.Eventually(t, "the watchdog to stop the stray process", func() bool { return !alive(stray) })
	testkit.Eventually(t, "the watchdog to remove the scratch folder", func() bool {
		_, err := os.Stat(scratch)
		return os.IsNotExist(err)
	})
}

// A scratch folder whose owner and watchdog are both gone is swept by the
// next run: what runs in it is stopped and the folder removed; a folder
// whose owner runs is left alone.
func TestSweepTakesOnlyWhatIsLeft(t *testing.T) {
	if _, err := os.Stat("/proc/self/cwd"); err != nil {
		t.Skip("needs /proc")
	}
	base := t.TempDir()
	left := filepath.Join(base, "taipan-run-gone-1")
	mine := filepath.Join(base, "taipan-run-mine-1")
	for _, dir := range []string{left, mine} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// A pid that is no process's, and this process's own identity.
	os.WriteFile(filepath.Join(left, ".owner"), []byte("999999999 1"), 0o644)
	self, _ := os.ReadFile(filepath.Join(os.TempDir(), ".owner"))
	if len(self) == 0 {
		t.Fatal("this run's scratch folder names no owner")
	}
	os.WriteFile(filepath.Join(mine, ".owner"), self, 0o644)
	stray := exec.Command("sleep", "1000")
	stray.Dir = left
	if err := stray.Start(); err != nil {
		t.Fatal(err)
	}
	go stray.Wait()
	t.Cleanup(func() { stray.Process.Kill() })

	testkit.Sweep(base)
	if _, err := os.Stat(left); !os.IsNotExist(err) {
		t.Errorf("the folder of a gone run is still there (%v)", err)
	}
	testkit.Eventually(t, "the stray process of the gone run to stop", func() bool { return !alive(stray.Process.Pid) })
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("the folder of a running owner was swept: %v", err)
	}
}
