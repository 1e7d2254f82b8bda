package shanghaitrader

import (
	"slices"
	"strings"
	"testing"
)

// cutIfSlow is cutIf as it was written before its fast path: the words
// of the entry, cut at the first "if".
func cutIfSlow(entry string) (string, string, bool) {
	f := strings.Fields(entry)
	for i, w := range f {
		if strings.EqualFold(w, "if") {
			return strings.Join(f[:i], " "), strings.Join(f[i+1:], " "), true
		}
	}
	return strings.Join(f, " "), "", false
}

// FuzzCutIf holds cutIf's fast path for plain entries to the words-based
// cut, on any text.
func FuzzCutIf(f *testing.F) {
	for _, s := range []string{"a if b", "if", "IF x", "x if", "a  if b", " a", "auto Great Orient if cash >= 40", "a if b if c", "ifx if y", "a\tif b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, b, c := cutIf(s)
		x, y, z := cutIfSlow(s)
		if a != x || b != y || c != z {
			t.Fatalf("%q: %q %q %v, want %q %q %v", s, a, b, c, x, y, z)
		}
	})
}

// splitWordSlow is splitWord as strings.Fields and strings.Join make it.
func splitWordSlow(text, word string) []string {
	f := strings.Fields(text)
	var out []string
	start := 0
	for i, w := range f {
		if strings.EqualFold(w, word) {
			out = append(out, strings.Join(f[start:i], " "))
			start = i + 1
		}
	}
	return append(out, strings.Join(f[start:], " "))
}

// FuzzSplitWord holds splitWord, which cuts plain words where they stand,
// to the words-based split, on any text as parseCond hands it over.
func FuzzSplitWord(f *testing.F) {
	for _, s := range []string{"a and b", "and b", "a and", "and", "a and and b", "AND x And y", "cash >= 40 and not passport", "sand andy", "é and ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		s = strings.Join(strings.Fields(s), " ")
		if s == "" {
			return
		}
		got := slices.Collect(splitWord(s, "and"))
		if want := splitWordSlow(s, "and"); !slices.Equal(got, want) {
			t.Fatalf("%q: %q, want %q", s, got, want)
		}
	})
}

// FuzzLowerIs holds lowerIs to strings.ToLower for the words it is asked
// about.
func FuzzLowerIs(f *testing.F) {
	for _, s := range []string{"stay", "STAY", "Escape", "auto ", "AUTO", "ſtay", "\u212Auto", "İ", "auto Great Orient"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, w := range []string{"stay", "escape", "auto", "auto "} {
			if got, want := lowerIs(s, w), strings.ToLower(s) == w; got != want {
				t.Fatalf("lowerIs(%q, %q) = %v", s, w, got)
			}
			if len(s) >= 5 && w == "auto " {
				if got, want := lowerIs(s[:5], w), strings.HasPrefix(strings.ToLower(s), w); got != want {
					t.Fatalf("%q: prefix %v, want %v", s, got, want)
				}
			}
		}
	})
}
