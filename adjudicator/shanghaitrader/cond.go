package shanghaitrader

import (
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
)

// Kinds of condition atoms.
const (
	cUnowned  = iota // LOC unowned
	cOwned           // LOC owned (by anybody)
	cMine            // LOC mine
	cOwnedBy         // LOC owned by NAME
	cCash            // cash OP N (own)
	cBank            // bank OP N (own)
	cYear            // year OP N
	cSeason          // SEASON, season is SEASON
	cLastYear        // last year
	cPassport        // passport (own)
	cAt              // [NAME] at LOC
	cIn              // [NAME] in DISTRICT
)

// atom is one test of a condition; a condition holds when all its atoms
// do. Conditions read only what their writer may see (§0 of the rules
// analysis): the board, the tracks, and the writer's own money.
type atom struct {
	Kind int
	Not  bool
	Loc  int // location or district
	Who  int // seat
	Op   string
	N    int
}

// cond is a conjunction of atoms; nil always holds.
type cond []atom

// comparison reads "cash >= 40" (spaces optional): the quantity, the
// operator and the number.
func comparison(low string) (kind int, op string, n int, ok bool) {
	for _, q := range []struct {
		word string
		kind int
	}{{"cash", cCash}, {"bank", cBank}, {"year", cYear}} {
		rest, found := strings.CutPrefix(low, q.word)
		if !found {
			continue
		}
		rest = strings.TrimSpace(rest)
		for _, o := range []string{">=", "<=", "==", "!=", "=", "<", ">"} {
			num, has := strings.CutPrefix(rest, o)
			if !has {
				continue
			}
			num = strings.TrimSpace(num)
			v, err := strconv.Atoi(num)
			if err != nil || num[0] == '+' {
				return 0, "", 0, false
			}
			if o == "==" {
				o = "="
			}
			return q.kind, o, v, true
		}
	}
	return 0, "", 0, false
}

// parseCond reads "TP-02a unowned and cash >= 40" for seat p.
func (s *State) parseCond(p int, text string) (cond, error) {
	if !plainWords(text) {
		text = strings.Join(strings.Fields(text), " ")
	}
	if text == "" {
		return nil, fmt.Errorf("an empty condition after 'if'")
	}
	var out cond
	for part := range splitWord(text, "and") {
		a, err := s.parseAtom(p, part)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// splitWord yields the parts of text, plain words (plainWords), between
// the whole words word, any case: a part is "" where two such words meet
// or one starts or ends the text.
func splitWord(text, word string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := 0 // of the part
		for i := 0; i <= len(text); {
			end := strings.IndexByte(text[i:], ' ')
			if end < 0 {
				end = len(text)
			} else {
				end += i
			}
			if strings.EqualFold(text[i:end], word) {
				if !yield(text[start:max(i-1, start)]) {
					return
				}
				start = min(end+1, len(text))
			}
			i = end + 1
		}
		yield(text[start:])
	}
}

func (s *State) parseAtom(p int, text string) (atom, error) {
	// Any number of nots, read in one pass (the text's spaces are single).
	not := false
	for len(text) > 4 && strings.EqualFold(text[:4], "not ") {
		text, not = text[4:], !not
	}
	a, err := s.parseTest(p, text)
	a.Not = a.Not != not
	return a, err
}

// parseTest reads one test of a condition, without its nots.
func (s *State) parseTest(p int, text string) (atom, error) {
	d := s.d()
	low := strings.ToLower(text)
	switch low {
	case "":
		return atom{}, fmt.Errorf("an empty test in the condition")
	case "last year":
		return atom{Kind: cLastYear}, nil
	case "passport":
		return atom{Kind: cPassport}, nil
	case "no passport":
		return atom{Kind: cPassport, Not: true}, nil
	}
	if kind, op, n, ok := comparison(low); ok {
		return atom{Kind: kind, Op: op, N: n}, nil
	}
	season := strings.TrimPrefix(strings.TrimPrefix(low, "season "), "is ")
	if i := slices.Index(d.Seasons, season); i >= 0 {
		return atom{Kind: cSeason, N: i}, nil
	}
	f := strings.Fields(text)
	who := p
	if len(f) >= 3 && (strings.EqualFold(f[1], "at") || strings.EqualFold(f[1], "in")) {
		switch q := s.seatFold(f[0]); {
		case strings.EqualFold(f[0], "me"):
		case q >= 0:
			who = q
		default:
			return atom{}, fmt.Errorf("%q is not a player (in %q)%s", f[0], text, s.playerHint(f[0]))
		}
		f = f[1:]
	}
	if len(f) >= 2 && (strings.EqualFold(f[0], "cash") || strings.EqualFold(f[0], "bank")) {
		return atom{}, fmt.Errorf("%q: compare your own cash or bank with a number, e.g. cash >= 40", text)
	}
	if len(f) >= 2 && (strings.EqualFold(f[1], "cash") || strings.EqualFold(f[1], "bank")) && s.seatFold(f[0]) >= 0 {
		return atom{}, fmt.Errorf("%q: you cannot see another player's money (the Daily Mail tells you once, §8.3)", text)
	}
	if len(f) >= 2 && strings.EqualFold(f[0], "at") {
		i, ok := d.findLoc(strings.Join(f[1:], " "))
		if !ok {
			return atom{}, fmt.Errorf("%q: no location %q%s", text, strings.Join(f[1:], " "), s.d().locHint(strings.Join(f[1:], " ")))
		}
		return atom{Kind: cAt, Who: who, Loc: i}, nil
	}
	if len(f) >= 2 && strings.EqualFold(f[0], "in") {
		i, ok := d.findDistrict(strings.Join(f[1:], " "))
		if !ok {
			return atom{}, fmt.Errorf("%q: no district %q", text, strings.Join(f[1:], " "))
		}
		return atom{Kind: cIn, Who: who, Loc: i}, nil
	}
	// LOC unowned | owned | mine | owned by NAME
	n := len(f)
	kind, cut := -1, 0
	switch {
	case n >= 4 && strings.EqualFold(f[n-3], "owned") && strings.EqualFold(f[n-2], "by"):
		kind, cut = cOwnedBy, 3
		if who = s.seatFold(f[n-1]); who < 0 {
			if !strings.EqualFold(f[n-1], "me") {
				return atom{}, fmt.Errorf("%q: %q is not a player", text, f[n-1])
			}
			kind, who = cMine, p
		}
	case n >= 2 && strings.EqualFold(f[n-1], "unowned"):
		kind, cut = cUnowned, 1
	case n >= 2 && strings.EqualFold(f[n-1], "owned"):
		kind, cut = cOwned, 1
	case n >= 2 && strings.EqualFold(f[n-1], "mine"):
		kind, cut = cMine, 1
	}
	if kind < 0 {
		return atom{}, fmt.Errorf("%q is not a test; the tests are LOCATION unowned|owned|mine|owned by NAME, cash|bank|year OP N, SEASON, last year, passport, [NAME] at LOCATION, [NAME] in DISTRICT, each may start with not, joined by and", text)
	}
	name := strings.Join(f[:n-cut], " ")
	i, ok := d.findLoc(name)
	if !ok || !buyable(d.loc(i).Type) {
		return atom{}, fmt.Errorf("%q: %q is not an establishment (a trading post, warehouse, factory or racket)", text, name)
	}
	return atom{Kind: kind, Loc: i, Who: who}, nil
}

// holds evaluates the condition for seat p now.
func (c cond) holds(s *State, p int) bool {
	for _, a := range c {
		if a.holds(s, p) == a.Not {
			return false
		}
	}
	return true
}

func (a atom) holds(s *State, p int) bool {
	pl := &s.Players[p]
	switch a.Kind {
	case cUnowned:
		return s.Estabs[a.Loc].Owner < 0
	case cOwned:
		return s.Estabs[a.Loc].Owner >= 0
	case cMine:
		return s.Estabs[a.Loc].Owner == p
	case cOwnedBy:
		return s.Estabs[a.Loc].Owner == a.Who
	case cCash:
		return compare(pl.Cash, a.Op, a.N)
	case cBank:
		return compare(pl.Bank, a.Op, a.N)
	case cYear:
		return compare(s.Year, a.Op, a.N)
	case cSeason:
		return s.Season == a.N
	case cLastYear:
		return s.lastYear()
	case cPassport:
		return pl.Passport
	case cAt:
		return s.Players[a.Who].At == a.Loc
	case cIn:
		at := s.Players[a.Who].At
		return at >= 0 && s.d().distOf(at) == a.Loc
	}
	return false
}

func compare(x int, op string, n int) bool {
	switch op {
	case ">=":
		return x >= n
	case "<=":
		return x <= n
	case ">":
		return x > n
	case "<":
		return x < n
	case "!=":
		return x != n
	}
	return x == n
}

// cutIf splits "Nanking Road if TP-02a unowned" into the entry and its
// condition text ("" when there is none).
func cutIf(entry string) (string, string, bool) {
	if plainWords(entry) {
		// Already as Fields and Join would leave it: cut without them
		// (every entry of every order file of a replay comes here).
		start := 0
		for i := 0; i <= len(entry); i++ {
			if i < len(entry) && entry[i] != ' ' {
				continue
			}
			if strings.EqualFold(entry[start:i], "if") {
				return strings.TrimSuffix(entry[:start], " "), entry[min(i+1, len(entry)):], true
			}
			start = i + 1
		}
		return entry, "", false
	}
	f := strings.Fields(entry)
	for i, w := range f {
		if strings.EqualFold(w, "if") {
			return strings.Join(f[:i], " "), strings.Join(f[i+1:], " "), true
		}
	}
	return strings.Join(f, " "), "", false
}

// lowerIs reports whether strings.ToLower(s) is target, a word of lower
// case ASCII letters other than k, and spaces, without making the lower
// case copy: no other letter's lower case is one of those.
func lowerIs(s, target string) bool {
	if len(s) != len(target) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != target[i] {
			return false
		}
	}
	return true
}

// plainWords reports whether entry is words of printable ASCII with one
// space between them: what strings.Join(strings.Fields(entry), " ") is.
func plainWords(entry string) bool {
	for i := 0; i < len(entry); i++ {
		c := entry[i]
		switch {
		case c == ' ':
			if i == 0 || i == len(entry)-1 || entry[i-1] == ' ' {
				return false
			}
		case c < 0x21 || c > 0x7e:
			return false
		}
	}
	return true
}
