package oldshanghai

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/orders"
)

// Standing is one player's standing orders: how to answer each decision
// in advance. A nil rule means "ask me": the game waits for the player
// when that decision comes up. Standing orders are private.
type Standing struct {
	Heart   *YesNo     `json:"heart,omitempty"`
	Police  *YesNo     `json:"police,omitempty"`
	Finish  *Finish    `json:"finish,omitempty"`
	PutBack []PutRule  `json:"put_back,omitempty"`
	Keep    []Card     `json:"keep,omitempty"`
	Skip    []SkipRule `json:"skip,omitempty"`
}

// YesNo is a Heart of Gold or Harbor Police order: play it always, never,
// or if (unless) a condition holds.
type YesNo struct {
	Mode string `json:"mode"` // always, never, if, unless
	Cond Cond   `json:"cond,omitempty"`
}

// Finish is the order to finish others' Shanghai!s (OS-A4).
type Finish struct {
	Never bool   `json:"never,omitempty"`
	Who   []int  `json:"who,omitempty"` // seats; empty: anybody
	With  string `json:"with"`          // boss-first, gangs-first, boss, gangs
	Mode  string `json:"mode,omitempty"`
	Cond  Cond   `json:"cond,omitempty"`
}

// PutRule is one rule for where to put a Shanghai! back.
type PutRule struct {
	At   Put    `json:"at"`
	Mode string `json:"mode,omitempty"` // "", if, unless
	Cond Cond   `json:"cond,omitempty"`
}

// Put is a position in the deck to put a Shanghai! back.
type Put struct {
	Kind  string `json:"kind"`            // top, bottom, random, depth, for
	Depth int    `json:"depth,omitempty"` // kind depth: 1 = top
	Seat  int    `json:"seat,omitempty"`  // kind for: that player's next draw; -1 the next player
}

// SkipRule is one rule of the list that decides, at the start of your
// turn, whether to play a skip card.
type SkipRule struct {
	Play   string `json:"play"`             // draw, ask, drink-up, shell-back, drunken-sailor
	Target Target `json:"target,omitempty"` // drunken-sailor
	Mode   string `json:"mode,omitempty"`
	Cond   Cond   `json:"cond,omitempty"`
}

// Target is whom a Drunken Sailor is played against.
type Target struct {
	Kind string `json:"kind,omitempty"` // seat, left, right, most-cards, fewest-cards
	Seat int    `json:"seat,omitempty"`
}

// Cond is a condition: every atom must hold.
type Cond []Atom

// Atom is one test of what the player knows.
type Atom struct {
	Not  bool   `json:"not,omitempty"`
	Kind string `json:"kind"` // top, within, have, hand, deck, players, drawer, shanghaier, by
	What string `json:"what,omitempty"`
	Card Card   `json:"card"`
	Op   string `json:"op,omitempty"`
	N    int    `json:"n,omitempty"`
	Seat int    `json:"seat,omitempty"`
}

// answer is a one-off answer (now:) to the open decision.
type answer struct {
	Play   string // turn: draw, drink-up, shell-back, drunken-sailor
	Target int
	Card   Card // keep
	Yes    bool // heart, police, finish
	With   string
	Put    Put
}

// Verbs.
const (
	vHeart   = "heart"
	vPolice  = "police"
	vFinish  = "finish"
	vPutBack = "put-back"
	vKeep    = "keep"
	vSkip    = "skip"
	vNow     = "now"
	vClear   = "clear"
)

func verbOf(v string) string {
	switch norm(v) {
	case "heart", "heartofgold", "hog":
		return vHeart
	case "police", "harborpolice", "harbourpolice":
		return vPolice
	case "finish", "shanghaiothers":
		return vFinish
	case "putback", "put", "shanghaipos":
		return vPutBack
	case "keep", "shellbackkeep":
		return vKeep
	case "skip", "beforedrawing", "turn":
		return vSkip
	case "now", "answer":
		return vNow
	case "clear", "forget":
		return vClear
	}
	return ""
}

// parsed is a checked order file.
type parsed struct {
	standing Standing
	replace  bool // the file holds standing orders (or clear): they replace the old ones
	now      *answer
	nowItem  orders.Item
}

// A verb is one order of a file with its reading, in one value, as godip
// makes an order a type; each is in the file named for the card it
// decides (heart.go: the Heart of Gold and Harbor Police), beside that
// decision and the stage of the turn that takes it. The ruleset lists the
// verbs its version plays (Rules.Verbs).
type verb interface {
	info() *verbInfo
	// read parses the item into out and checks it against s for p.
	read(s *State, p int, it orders.Item, out *parsed) error
}

// verbInfo is what every verb says of itself.
type verbInfo struct {
	// name is the verb as order files write it (verbOf has the other
	// spellings).
	name string
	// rule is the card of old-shanghai-game.txt and the rulings
	// (rules-analysis.md part 2) it plays.
	rule string
	// once says the verb answers the open decision only: it leaves the
	// standing orders as they are.
	once bool
}

func (v *verbInfo) info() *verbInfo { return v }

// read reads player p's order items once against the state into out: the
// reading Check judges and Resolve plays.
func (s *State) read(p int, items []orders.Item, out *parsed) error {
	*out = parsed{}
	r := s.rules()
	var errs orders.List
	var seen [8]*orders.Item
	var given int
	for i := range items {
		it := &items[i]
		v := r.verb(verbOf(it.Verb))
		if v == nil {
			errs = append(errs, it.Errorf("unknown order %q%s: the orders are heart, police, finish, put-back, keep, skip, now and clear", it.Verb, r.verbGuess(it.Verb)))
			continue
		}
		k := r.index(v)
		if prev := seen[k]; prev != nil {
			errs = append(errs, it.Errorf("%s is given twice (also at %s)", v.info().name, prev.Field()))
			continue
		}
		seen[k] = it
		given++
		if err := v.read(s, p, *it, out); err != nil {
			errs = append(errs, orders.Errors(err)...)
		}
		if !v.info().once {
			out.replace = true
		}
	}
	if c := seen[r.index(clearOrders)]; c != nil && given > 1+btoi(seen[r.index(now)] != nil) {
		errs = append(errs, c.Errorf("clear forgets all your standing orders: give it alone (with now: at most)"))
	}
	return errs.Err()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// scalarText returns a scalar value's text, lower-cased and trimmed.
func scalarText(n *yaml.Node) (string, bool) {
	if n == nil || n.Kind != yaml.ScalarNode {
		return "", false
	}
	return strings.ToLower(strings.TrimSpace(n.Value)), true
}

// mapping returns a mapping's keys (normalised) and values; ok is false
// for anything else.
func mapping(n *yaml.Node) (keys []string, vals []*yaml.Node, ok bool) {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil, false
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		keys = append(keys, norm(n.Content[i].Value))
		vals = append(vals, n.Content[i+1])
	}
	return keys, vals, true
}

// condKeys reads the if/unless keys of a rule written as a mapping.
func (s *State) condKeys(p int, it orders.Item, key string, v *yaml.Node, ctx string, mode *string, c *Cond) (bool, error) {
	switch key {
	case "if", "when":
		if *mode != "" {
			return true, it.Errorf("give either if or unless, not both")
		}
		*mode = "if"
	case "unless":
		if *mode != "" {
			return true, it.Errorf("give either if or unless, not both")
		}
		*mode = "unless"
	default:
		return false, nil
	}
	cond, err := s.parseCond(p, it, v, ctx)
	*c = cond
	return true, err
}

// parseCond reads a condition: a string of tests joined by "and", or a
// list of them. ctx is the verb it belongs to.
func (s *State) parseCond(p int, it orders.Item, n *yaml.Node, ctx string) (Cond, error) {
	var texts []string
	switch n.Kind {
	case yaml.ScalarNode:
		texts = []string{n.Value}
	case yaml.SequenceNode:
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				return nil, it.Errorf("a condition is text, e.g. top shanghai, or a list of such")
			}
			texts = append(texts, e.Value)
		}
	default:
		return nil, it.Errorf("a condition is text, e.g. top shanghai, or a list of such")
	}
	var c Cond
	for _, t := range texts {
		for _, part := range strings.Split(strings.ToLower(t), " and ") {
			a, err := s.parseAtom(p, it, part, ctx)
			if err != nil {
				return nil, err
			}
			c = append(c, a)
		}
	}
	if len(c) == 0 {
		return nil, it.Errorf("empty condition")
	}
	return c, nil
}

var opWords = map[string]string{"<": "<", "<=": "<=", ">": ">", ">=": ">=", "=": "=", "==": "="}

func (s *State) parseAtom(p int, it orders.Item, text, ctx string) (Atom, error) {
	// Operators get spaces around them ("players<=3"); most conditions
	// have none ("have police"), and are read as they are.
	if strings.ContainsAny(text, "<>=") {
		for _, op := range [...]string{"<=", ">=", "==", "<", ">", "="} {
			text = strings.ReplaceAll(text, op, " "+op+" ")
		}
		text = strings.ReplaceAll(text, "<  =", "<=")
		text = strings.ReplaceAll(text, ">  =", ">=")
		text = strings.ReplaceAll(text, "=  =", "==")
	}
	w := strings.Fields(text)
	a := Atom{}
	if len(w) > 0 && w[0] == "not" {
		a.Not, w = true, w[1:]
	}
	// badHint refuses the test, ending with a guess at the card or
	// player it names (hint, or "").
	badHint := func(hint string) (Atom, error) {
		return a, it.Errorf("%q is not a condition: the tests are top shanghai, top safe, top unknown, top CARD, shanghai within N, have [N] CARD, no CARD, hand/deck/players OP N, drawer PLAYER, shanghaier PLAYER, by boss, by gangs (each may start with not)%s", strings.TrimSpace(text), hint)
	}
	bad := func() (Atom, error) { return badHint("") }
	if len(w) == 0 {
		return bad()
	}
	// Tests on what the player cannot know are refused (appendix note 3).
	if q := s.seat(w[0]); q >= 0 || strings.HasSuffix(w[0], "'s") && s.seat(strings.TrimSuffix(w[0], "'s")) >= 0 {
		for _, x := range s.Players {
			if strings.EqualFold(strings.TrimSuffix(w[0], "'s"), x.Name) && x.Name != s.name(p) {
				return a, it.Errorf("%q tests hidden information: you cannot see %s's hand (\"Keep this card a secret\"); test only your own hand and what you know", text, x.Name)
			}
		}
		return a, it.Errorf("%q: test your own hand with have CARD", text)
	}
	if (w[0] == "deck" || w[0] == "next" || w[0] == "bottom") && len(w) > 1 && opWords[w[1]] == "" {
		return a, it.Errorf("%q tests hidden information: the deck is face down; you may test what you know of it (top shanghai, top safe, shanghai within N) and its size (deck <= N)", text)
	}
	for i, x := range w {
		if x == "has" || x == "holds" || x == "hand" && i > 0 {
			return a, it.Errorf("%q tests hidden information: other players' hands are secret; test only your own hand (have CARD) and what you know", text)
		}
	}
	num := func(t string) (int, bool) {
		n, err := strconv.Atoi(t)
		return n, err == nil && n >= 0 && n <= 1000
	}
	switch w[0] {
	case "top":
		if len(w) != 2 {
			return bad()
		}
		a.Kind = "top"
		switch w[1] {
		case "shanghai", "shanghai!":
			a.What = "shanghai"
		case "safe", "unknown":
			a.What = w[1]
		default:
			c, ok := cardOf(w[1])
			if !ok {
				return badHint(cardHint(w[1]))
			}
			a.What, a.Card = "card", c
		}
	case "shanghai":
		if len(w) != 3 || (w[1] != "within" && w[1] != "in") {
			return bad()
		}
		n, ok := num(w[2])
		if !ok || n < 1 {
			return bad()
		}
		a.Kind, a.N = "within", n
	case "have", "holding", "hold":
		a.Kind, a.Op, a.N = "have", ">=", 1
		rest := w[1:]
		if len(rest) == 2 {
			n, ok := num(rest[0])
			if !ok {
				return bad()
			}
			a.N, rest = n, rest[1:]
		}
		if len(rest) != 1 {
			return bad()
		}
		c, ok := cardOf(rest[0])
		if !ok {
			return a, it.Errorf("%q is not a card: the cards are %s%s", rest[0], cardList(), cardHint(rest[0]))
		}
		a.Card = c
	case "no":
		if len(w) != 2 {
			return bad()
		}
		c, ok := cardOf(w[1])
		if !ok {
			return a, it.Errorf("%q is not a card: the cards are %s%s", w[1], cardList(), cardHint(w[1]))
		}
		a.Kind, a.Card, a.Op, a.N = "have", c, "<", 1
	case "hand", "deck", "players":
		if len(w) != 3 || opWords[w[1]] == "" {
			return bad()
		}
		n, ok := num(w[2])
		if !ok {
			return bad()
		}
		a.Kind, a.Op, a.N = w[0], opWords[w[1]], n
	case "drawer", "shanghaier":
		if len(w) != 2 {
			return bad()
		}
		if ctx == vSkip || ctx == vKeep {
			return a, it.Errorf("%q: there is no Shanghai! when you decide %s", text, ctx)
		}
		if w[0] == "shanghaier" && ctx != vPolice && ctx != vPutBack {
			return a, it.Errorf("%q: nobody has finished the Shanghai! yet when you decide %s", text, ctx)
		}
		a.Kind = w[0]
		switch w[1] {
		case "me", "you":
			a.What = "me"
		case "left", "right":
			a.What = w[1]
		default:
			q := s.seat(w[1])
			for i, x := range s.Players {
				if strings.EqualFold(x.Name, w[1]) {
					q = i
				}
			}
			if q < 0 {
				return badHint(s.playerHint(w[1]))
			}
			a.What, a.Seat = "seat", q
		}
	case "by":
		if len(w) != 2 || (w[1] != "boss" && w[1] != "gangs" && w[1] != "gang") {
			return bad()
		}
		if ctx != vPolice && ctx != vPutBack {
			return a, it.Errorf("%q: by boss / by gangs tests the cards put down against you, for police or put-back", text)
		}
		a.Kind, a.What = "by", "boss"
		if w[1] != "boss" {
			a.What = "gang"
		}
	default:
		return bad()
	}
	return a, nil
}
