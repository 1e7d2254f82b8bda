package main_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// These tests hold what Taipan says of itself to the truth: its version,
// its help, its answers and the README.

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// `taipan --version` names the build even when the Go tool recorded no
// version control information (-buildvcs=false, as CI builds): by the
// commit when there is one, else by the SHA-256 of the executable, which
// must be the file's.
func TestVersionNamesTheBuild(t *testing.T) {
	c := newCLI(t)
	line := firstLine(c.ok("", "--version"))
	if line != firstLine(c.ok("", "version")) {
		t.Errorf("--version and version name the build differently")
	}
	if strings.Contains(line, "commit ") {
		return // a build with version control information
	}
	data, err := os.ReadFile(binary)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	want := "executable sha256 " + hex.EncodeToString(sum[:])[:16]
	if !strings.Contains(line, want) {
		t.Errorf("taipan --version says %q; without a commit it must name the executable by %q", line, want)
	}
}

// A version stamped at build time, as the README's install line gives it,
// is the build's name.
func TestVersionStampedAtBuildTime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command again")
	}
	stamped := filepath.Join(t.TempDir(), "taipan")
	out, err := exec.Command("go", "build", "-ldflags", "-X main.version=v9.8.7-test", "-o", stamped, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	got, err := exec.Command(stamped, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if line := firstLine(string(got)); !strings.HasPrefix(line, "taipan v9.8.7-test") {
		t.Errorf("a build stamped v9.8.7-test says %q", line)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), `-ldflags "-X main.version=`) {
		t.Error("the README does not say how to stamp the version")
	}
}
