package web

import (
	"testing"

	"taipan/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m.Run) }
