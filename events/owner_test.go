package events_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// eventsSQL is SQL on the events table.
var eventsSQL = regexp.MustCompile(`(?i)\b(FROM|INTO|JOIN|UPDATE)\s+events\b`)

// Only this package writes SQL on the events table: everything else asks
// it, through typed reads and appends, and reads payloads through the
// core's fold. (Tests may look at a database as they like.)
func TestNoOtherPackageQueriesTheLog(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "testdata", "events":
				if path != root {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if eventsSQL.MatchString(line) {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s:%d queries the events table: %s", rel, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
