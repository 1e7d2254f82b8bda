package shanghaitrader

import (
	"testing"

	"taipan/adjudicator/adjtest"
)

// TestCases runs the adjudication cases of testdata/*.yaml.
func TestCases(t *testing.T) {
	adjtest.Run(t, New(), "testdata/*.yaml")
}
