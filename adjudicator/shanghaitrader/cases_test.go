package shanghaitrader

import (
	"testing"

	"taipan/adjudicator/adjtest"
)

// TestCases runs the adjudication cases of testdata/*.yaml (part 1 of the
// rules) and testdata/part2/*.yaml with the current version of the rules.
func TestCases(t *testing.T) {
	adjtest.Run(t, New(), "testdata/*.yaml")
	adjtest.Run(t, New(), "testdata/part2/*.yaml")
}

// TestCasesVersion1 runs the cases of part 1 with version 1 of the rules,
// which games begun with it go on playing: every one of them holds for
// both versions (those that differ name the version they check).
func TestCasesVersion1(t *testing.T) {
	adjtest.Run(t, New().AtVersion("shanghai-trader/1"), "testdata/*.yaml")
}
