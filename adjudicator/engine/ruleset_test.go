package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
)

// rules is what a toy game's version picks: here one switch.
type rules struct{ doubleSixes bool }

var toyVersions = engine.Versions[rules]{
	Game: "toy",
	Rulesets: []engine.Ruleset[rules]{
		{Number: 1, Differs: []string{"a double six scores 12, not 24 (§3.2)"}, Rules: rules{}},
		{Number: 2, Rules: rules{doubleSixes: true}},
	},
}

// ExampleVersions shows a game's versions as values: the engine holds the
// ruleset it plays and reads its switches, and what the old version does
// differently is listed once.
func ExampleVersions() {
	fmt.Println(toyVersions.Names())
	fmt.Println(toyVersions.Name(toyVersions.Current()), toyVersions.Current().Rules.doubleSixes)
	old := toyVersions.At("toy/1")
	fmt.Println(toyVersions.Name(old), old.Rules.doubleSixes)
	for _, c := range toyVersions.Changes() {
		fmt.Println(c)
	}
	// Output:
	// [toy/1 toy/2]
	// toy/2 true
	// toy/1 false
	// toy/1: a double six scores 12, not 24 (§3.2)
}

func TestVersionsNamed(t *testing.T) {
	for _, c := range []struct{ v, err string }{
		{"toy/1", ""},
		{"toy/2", ""},
		{"toy/3", "not played by this build"},
		{"toy/0", "not played by this build"},
		{"other/1", "not a version of toy"},
		{"toy", "not a version of toy"},
		{"toy/x", "not a version of toy"},
	} {
		r, err := toyVersions.Named(c.v)
		if c.err == "" {
			if err != nil || toyVersions.Name(r) != c.v {
				t.Errorf("Named(%q) = %v, %v", c.v, r, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("Named(%q) error %v, want %q", c.v, err, c.err)
		}
		if toyVersions.At(c.v) != toyVersions.Current() {
			t.Errorf("At(%q) is not the current ruleset", c.v)
		}
	}
}
