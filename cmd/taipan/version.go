package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"taipan"
	"taipan/adjudicator"
	"taipan/events"
)

// version is the build's version when the build stamps one:
//
//	go build -ldflags "-X main.version=$(git describe --tags --always --dirty)" ./cmd/taipan
//
// It is set by the linker, never at run time; empty, the version comes
// from the Go tool's build information (see buildName).
var version string

// runVersion is `taipan version` (and `taipan --version`): which build this
// is, the engine versions it plays, and the log formats and schema it reads.
func (m *Main) runVersion(_ context.Context, args []string) error {
	if len(args) > 0 {
		return usagef("usage: taipan version")
	}
	bi, _ := debug.ReadBuildInfo()
	fmt.Fprintf(m.Stdout, "taipan %s\n", buildName(version, bi, executableHash))
	reg := Games()
	fmt.Fprintln(m.Stdout, "Engines (new games play the last version named; games keep the one they started with):")
	for _, name := range reg.Names() {
		e, _ := reg.Engine(name)
		fmt.Fprintf(m.Stdout, "  %-16s %s\n", name, strings.Join(adjudicator.Versions(e), ", "))
	}
	fmt.Fprintf(m.Stdout, "Reads %s; writes new games in log format %d. Database schema version %d.\n",
		events.KnownFormats, events.CurrentFormat, taipan.SchemaVersion)
	return nil
}

// buildName names the build so that a bug report can say which one it
// was: the version stamped at build time, else the module version the Go
// tool recorded (a `go install …@v1.2.3`), and the commit when the Go tool
// recorded one. A build with neither (a `go build -buildvcs=false` of a
// checkout, as CI makes) is named by the SHA-256 of its executable, which
// tells two builds apart and can be checked against the file (sha256sum).
// hash is that fallback, called only when nothing else names the build.
func buildName(stamped string, bi *debug.BuildInfo, hash func() string) string {
	var name, rev, at, dirty string
	goVersion := runtime.Version()
	if bi != nil {
		goVersion = bi.GoVersion
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			name = v
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = ", with uncommitted changes"
				}
			}
		}
	}
	if stamped != "" {
		name = stamped
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		commit := fmt.Sprintf("commit %s (%s%s)", rev, at, dirty)
		if name == "" {
			name = "development build, " + commit
		} else {
			name += ", " + commit
		}
	}
	if name == "" {
		name = "development build, executable sha256 " + hash() + " (no version stamped, no commit recorded)"
	}
	return name + ", " + goVersion
}

// executableHash is the first 16 hex digits of the SHA-256 of the running
// executable, or why it could not be read.
func executableHash() string {
	path, err := os.Executable()
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	f, err := os.Open(path)
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unknown (" + err.Error() + ")"
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
