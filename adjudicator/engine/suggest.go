package engine

import (
	"strings"
	"unicode"
)

// Suggest is the candidate a mistyped word most likely meant, for a "did
// you mean …?" in a refusal: the candidate nearest to word by edit
// distance (letters inserted, deleted, changed or two neighbours swapped,
// ignoring case, spaces and punctuation), if it is near enough to be a
// typing slip — at most a third of the candidate's letters, and at least
// one — and the only one that near (a word that differs from one only in
// spaces or punctuation is nearest); "" otherwise, and for a word that is
// itself a candidate. Candidates are tried in the order given, so the
// answer does not depend on map order.
func Suggest(word string, candidates []string) string {
	w := foldWord(word)
	if w == "" {
		return ""
	}
	best, bestDist, tie := "", -1, false
	for _, c := range candidates {
		f := foldWord(c)
		if f == "" {
			continue
		}
		if strings.EqualFold(strings.TrimSpace(word), c) {
			return ""
		}
		limit := max(1, len([]rune(f))/3)
		d := EditDistance(w, f)
		switch {
		case d > limit:
		case bestDist < 0 || d < bestDist:
			best, bestDist, tie = c, d, false
		case d == bestDist && !strings.EqualFold(foldWord(best), f):
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

// DidYouMean is "; did you mean X?" for Suggest's X, to end a refusal
// with, or "" when nothing is near enough.
func DidYouMean(word string, candidates []string) string {
	if s := Suggest(word, candidates); s != "" {
		return "; did you mean " + s + "?"
	}
	return ""
}

// DidYouMeanAside is " (did you mean X?)" for Suggest's X, to follow the
// mistyped word itself in a refusal ('unknown order "biy" (did you mean
// buy?): …'), or "" when nothing is near enough.
func DidYouMeanAside(word string, candidates []string) string {
	if s := Suggest(word, candidates); s != "" {
		return " (did you mean " + s + "?)"
	}
	return ""
}

// foldWord is word lower-cased, with only its letters and digits.
func foldWord(word string) string {
	var b strings.Builder
	for _, r := range word {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// EditDistance is the optimal string alignment distance of a and b: the
// fewest insertions, deletions, substitutions and swaps of two neighbours
// that turn a into b, counted in runes.
func EditDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
