package engine_test

import (
	"slices"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
)

func TestSkeleton(t *testing.T) {
	ds := []engine.Decision{
		{Name: "action", Prompt: "your action", Choices: []engine.Choice{{Order: "buy: Paris", Text: "buy blue 5"}, {Order: "buy: Rome"}, {Order: "pass"}}},
		{Name: "silk", Prompt: "the silk", Optional: true, Default: "none", With: []string{"buy: Rome"}, Choices: []engine.Choice{{Order: "silk: 2"}}},
		{Name: "play", Prompt: "cards to play", Several: true, Optional: true, Choices: []engine.Choice{{Order: "8-0"}}},
	}
	want := []string{
		"# your action:",
		"- buy: Paris   # buy blue 5",
		"#   or: buy: Rome",
		"#       pass",
		"# the silk (optional, only with buy: Rome; left out: none):",
		"# - silk: 2",
		"# cards to play, any of them as play: [...] (optional):",
		"# - play: [8-0]",
	}
	if got := engine.Skeleton(ds); !slices.Equal(got, want) {
		t.Errorf("Skeleton =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// With nothing required, the first decision is written live all the
	// same; the list is cut at twelve choices.
	var bids []engine.Choice
	for _, b := range []string{"0", "10", "20", "30", "40", "50", "60", "70", "80", "90", "100", "110", "120", "130"} {
		bids = append(bids, engine.Choice{Order: "bid: " + b})
	}
	got := engine.Skeleton([]engine.Decision{{Name: "bid", Prompt: "your bid", Optional: true, Default: "no bid", Choices: bids}})
	if got[1] != "- bid: 0" || got[2] != "#   or: bid: 10" || got[len(got)-1] != "#       … and 2 more" || len(got) != 14 {
		t.Errorf("optional skeleton:\n%s", strings.Join(got, "\n"))
	}
	if engine.Skeleton(nil) != nil {
		t.Error("a skeleton of no decisions")
	}
}
