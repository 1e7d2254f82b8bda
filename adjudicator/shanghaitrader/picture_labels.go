package shanghaitrader

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The players' short labels on the picture. A colour alone does not
// tell players apart for everyone (red and green look alike to many),
// and initials clash (ann and andy), so every counter, every owned
// establishment and the key carry a label that is the player's alone.

// maxLabel is the longest label made from a name's first letters.
const maxLabel = 3

// playerLabels gives each player (by seat) a distinct short label: the
// first letter of every name when those differ, else the first two, else
// the first three ("Ann", "And"); when even three letters clash, the
// first letter and the seat number ("A1", "A4"). Every label has the
// same form, so that none looks like another's abbreviation.
func playerLabels(names []string) []string {
	for n := 1; n <= maxLabel; n++ {
		labels := make([]string, len(names))
		for i, name := range names {
			labels[i] = prefixLabel(name, n)
		}
		if distinct(labels) {
			return labels
		}
	}
	labels := make([]string, len(names))
	for i, name := range names {
		labels[i] = prefixLabel(name, 1) + strconv.Itoa(i+1)
	}
	return labels
}

// prefixLabel is the first n letters or digits of name, the first upper
// case ("?" for a name without any).
func prefixLabel(name string, n int) string {
	var b strings.Builder
	for _, r := range name {
		if b.Len() > 0 && utf8.RuneCountInString(b.String()) == n {
			break
		}
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			continue
		}
		if b.Len() == 0 {
			r = unicode.ToUpper(r)
		} else {
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	if b.Len() == 0 {
		return "?"
	}
	return b.String()
}

// distinct reports whether no two labels are the same.
func distinct(labels []string) bool {
	seen := make(map[string]bool, len(labels))
	for _, l := range labels {
		if seen[l] {
			return false
		}
		seen[l] = true
	}
	return true
}
