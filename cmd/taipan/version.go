package main

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"

	"taipan"
	"taipan/adjudicator"
	"taipan/events"
)

// runVersion is `taipan version` (and `taipan --version`): which build this
// is, the engine versions it plays, and the log formats and schema it reads.
func (m *Main) runVersion(_ context.Context, args []string) error {
	if len(args) > 0 {
		return usagef("usage: taipan version")
	}
	fmt.Fprintf(m.Stdout, "taipan %s\n", buildName())
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

// buildName names the build: its module version, and the commit it was
// built from when the Go tool recorded one.
func buildName() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown build)"
	}
	name := bi.Main.Version
	if name == "" || name == "(devel)" {
		name = "development build"
	}
	var rev, at, dirty string
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
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		name += fmt.Sprintf(", commit %s (%s%s)", rev, at, dirty)
	}
	return name + ", " + bi.GoVersion
}
