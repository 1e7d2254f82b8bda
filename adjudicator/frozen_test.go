package adjudicator_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/events"
)

var updateFrozenReports = flag.Bool("update-frozen-reports", false,
	"rewrite the reports (never the logs) of the frozen golden games, after a deliberate change of presentation")

// TestFrozen replays every frozen golden log: the golden logs of each
// released log format and engine version, kept in testdata/frozen/FORMAT/
// and never regenerated. Each must audit clean with this build (its hash
// chain, and every step digest reproduced by the engine version it was
// played with), and its reports must match the recorded ones byte for byte.
//
// A change that breaks a frozen log must keep the old behaviour for games of
// the old version (see Versioned); new behaviour gets new golden logs in
// testdata/golden. Reports are presentation: a deliberate change of wording
// or of the report frame may refresh the frozen reports with
// -update-frozen-reports, which never writes a log.
func TestFrozen(t *testing.T) {
	logs, err := filepath.Glob(filepath.Join("testdata", "frozen", "*", "*.jsonl"))
	if err != nil || len(logs) == 0 {
		t.Fatalf("no frozen golden logs: %v", err)
	}
	reg := goldenRegistry()
	for _, logPath := range logs {
		name := strings.TrimSuffix(strings.TrimPrefix(logPath, filepath.Join("testdata", "frozen")+string(filepath.Separator)), ".jsonl")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(logPath)
			if err != nil {
				t.Fatal(err)
			}
			evs, err := events.ReadJSONL(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			g, err := adjudicator.Audit(reg, evs)
			if err != nil {
				t.Fatalf("the frozen log no longer replays: %v", err)
			}
			if !g.Status.Finished {
				t.Error("the frozen game does not finish")
			}
			repPath := strings.TrimSuffix(logPath, ".jsonl") + ".reports.txt"
			got := allReports(t, reg, evs)
			if *updateFrozenReports {
				if err := os.WriteFile(repPath, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(repPath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("reports differ from %s: %s", repPath, firstDiff(got, want))
			}
		})
	}
}

// Every version of every engine this build plays has a frozen golden log, so
// that TestFrozen guards each one.
func TestEveryEngineVersionIsFrozen(t *testing.T) {
	logs, _ := filepath.Glob(filepath.Join("testdata", "frozen", "*", "*.jsonl"))
	frozen := map[string]bool{}
	for _, logPath := range logs {
		data, err := os.ReadFile(logPath)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := events.ReadJSONL(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		var c adjudicator.Created
		if err := evs[0].Decode(&c); err != nil {
			t.Fatal(err)
		}
		frozen[c.EngineVersion] = true
	}
	reg := goldenRegistry()
	for _, name := range reg.Names() {
		e, _ := reg.Engine(name)
		for _, v := range adjudicator.Versions(e) {
			if !frozen[v] {
				t.Errorf("engine version %s has no frozen golden log in testdata/frozen (copy its golden log there once it is released)", v)
			}
		}
	}
}
