//go:build !linux

package testkit

import "os/exec"

// Command is exec.Command for a server a test starts. Off Linux nothing
// more is done: the processes a killed run leaves are not found.
func Command(name string, args ...string) *exec.Cmd { return exec.Command(name, args...) }

func detach(*exec.Cmd) {}

// startTime is unknown off Linux: every owner is taken to be alive, and
// no folder is swept.
func startTime(int) string { return "?" }

func killIn(string) int { return 0 }
