package engine_test

import (
	"testing"

	"taipan/adjudicator/engine"
)

func TestSuggest(t *testing.T) {
	verbs := []string{"move", "buy", "deposit", "withdraw", "hire", "reroll", "air-reroll"}
	districts := []string{"The Bund", "Nanking Road", "Kiangse Road", "Bubbling Well Road", "Old Chinatown"}
	for _, c := range []struct {
		word  string
		cands []string
		want  string
	}{
		{"mvoe", verbs, "move"},
		{"deposti", verbs, "deposit"},
		{"withdrew", verbs, "withdraw"},
		{"airreroll", verbs, "air-reroll"},
		{"MOVE", verbs, ""}, // a candidate itself: nothing to suggest
		{"sell", verbs, ""}, // nothing near
		{"xyz", verbs, ""},  // nothing near
		{"Nanking Rd", districts, "Nanking Road"},
		{"old chinatwn", districts, "Old Chinatown"},
		{"bund", districts, ""}, // too far from "The Bund"
		{"", districts, ""},
		{"bat", []string{"bet", "bit"}, ""}, // two as near: no guess
	} {
		if got := engine.Suggest(c.word, c.cands); got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
	if got := engine.DidYouMean("mvoe", verbs); got != "; did you mean move?" {
		t.Errorf("DidYouMean = %q", got)
	}
	if got := engine.DidYouMean("sell", verbs); got != "" {
		t.Errorf("DidYouMean of a far word = %q", got)
	}
	if got := engine.DidYouMeanAside("mvoe", verbs); got != " (did you mean move?)" {
		t.Errorf("DidYouMeanAside = %q", got)
	}
	if got := engine.DidYouMeanAside("sell", verbs); got != "" {
		t.Errorf("DidYouMeanAside of a far word = %q", got)
	}
}
