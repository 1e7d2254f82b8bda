//go:build unix

package mail

import (
	"errors"
	"syscall"
)

// processAlive says whether a process of this host is running: signal 0
// checks without sending anything (EPERM: it runs, as another user).
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
