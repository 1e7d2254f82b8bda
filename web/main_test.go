package web

import (
	"testing"

	"taipan/events/pgtest"
	"taipan/internal/testkit"
)

func TestMain(m *testing.M) {
	testkit.Main(func() int {
		defer pgtest.StopShared()
		return m.Run()
	})
}
