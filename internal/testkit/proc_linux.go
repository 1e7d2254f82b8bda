package testkit

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Command is exec.Command for a server a test starts: in a process group
// of its own (a Ctrl-C meant for the tests goes to the tests, which stop
// it), and killed by the kernel if the test binary dies first.
func Command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	return cmd
}

// detach puts the watchdog in a process group of its own.
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// startTime is field 22 of /proc/PID/stat (clock ticks since boot), or ""
// when the process does not exist.
func startTime(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return ""
	}
	fields := strings.Fields(string(b[i+1:]))
	if len(fields) < 20 {
		return ""
	}
	return fields[19]
}

// killIn kills (SIGKILL) every process but this one whose working folder
// or command line is inside dir, and says how many it found.
func killIn(dir string) int {
	dir = filepath.Clean(dir)
	procs, _ := os.ReadDir("/proc")
	self := os.Getpid()
	found := 0
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil || pid == self {
			continue
		}
		if inside(pid, dir) {
			found++
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	return found
}

// inside says whether process pid works in dir or names it on its
// command line.
func inside(pid int, dir string) bool {
	base := "/proc/" + strconv.Itoa(pid)
	if cwd, err := os.Readlink(base + "/cwd"); err == nil && (cwd == dir || strings.HasPrefix(cwd, dir+"/")) {
		return true
	}
	cmdline, err := os.ReadFile(base + "/cmdline")
	return err == nil && bytes.Contains(cmdline, []byte(dir))
}
