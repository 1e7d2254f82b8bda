package shanghaitrader

import (
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
