package engine_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// forbidden are the packages no engine may reach: stores and their
// drivers, the network, report templates, the host and the adapters. An
// engine sees the contract, orders and the picture kit; all else is the
// host's.
var forbidden = []string{
	"database/sql", "modernc.org/", "github.com/jackc/",
	"net", "net/", "os/exec",
	"text/template", "html/template",
	"taipan/events", "taipan/mail", "taipan/web", "taipan/templates", "taipan/internal/",
}

// The contract and every game package stay pure: their dependencies hold
// nothing of the stores, the network, the templates or the host.
func TestGamesDependOnTheContractAlone(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command")
	}
	pkgs := []string{"taipan/adjudicator/engine"}
	dirs, _ := os.ReadDir("..")
	for _, d := range dirs {
		switch d.Name() {
		case "engine", "picture", "adjtest", "testdata":
			continue
		}
		if d.IsDir() {
			if _, err := os.Stat(filepath.Join("..", d.Name(), "doc.go")); err == nil {
				pkgs = append(pkgs, "taipan/adjudicator/"+d.Name())
			}
		}
	}
	if len(pkgs) < 6 {
		t.Fatalf("found the games %v: fewer than five", pkgs[1:])
	}
	for _, p := range pkgs {
		out, err := exec.Command("go", "list", "-deps", p).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", p, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, f := range forbidden {
				if dep == f || strings.HasSuffix(f, "/") && strings.HasPrefix(dep, f) || dep == "taipan/adjudicator" {
					t.Errorf("%s depends on %s", p, dep)
				}
			}
		}
	}
}
