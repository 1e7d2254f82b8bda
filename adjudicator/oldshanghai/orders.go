package oldshanghai

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator/engine"
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

func (o Standing) clone() Standing {
	c := o
	if o.Heart != nil {
		h := *o.Heart
		h.Cond = append(Cond(nil), h.Cond...)
		c.Heart = &h
	}
	if o.Police != nil {
		h := *o.Police
		h.Cond = append(Cond(nil), h.Cond...)
		c.Police = &h
	}
	if o.Finish != nil {
		f := *o.Finish
		f.Who = append([]int(nil), f.Who...)
		f.Cond = append(Cond(nil), f.Cond...)
		c.Finish = &f
	}
	c.PutBack = append([]PutRule(nil), o.PutBack...)
	for i := range c.PutBack {
		c.PutBack[i].Cond = append(Cond(nil), c.PutBack[i].Cond...)
	}
	c.Keep = append([]Card(nil), o.Keep...)
	c.Skip = append([]SkipRule(nil), o.Skip...)
	for i := range c.Skip {
		c.Skip[i].Cond = append(Cond(nil), c.Skip[i].Cond...)
	}
	return c
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

// parse checks player p's order items against the state.
func (s *State) parse(p int, items []orders.Item) (parsed, error) {
	var out parsed
	var errs orders.List
	seen := map[string]*orders.Item{}
	for i := range items {
		it := &items[i]
		v := verbOf(it.Verb)
		if v == "" {
			errs = append(errs, it.Errorf("unknown order %q: the orders are heart, police, finish, put-back, keep, skip, now and clear", it.Verb))
			continue
		}
		if prev := seen[v]; prev != nil {
			errs = append(errs, it.Errorf("%s is given twice (also at %s)", v, prev.Field()))
			continue
		}
		seen[v] = it
		var err error
		o := &out.standing
		switch v {
		case vHeart:
			o.Heart, err = s.parseYesNo(p, *it, vHeart)
		case vPolice:
			o.Police, err = s.parseYesNo(p, *it, vPolice)
		case vFinish:
			o.Finish, err = s.parseFinish(p, *it)
		case vPutBack:
			o.PutBack, err = s.parsePutRules(p, *it)
		case vKeep:
			o.Keep, err = parseKeep(*it)
		case vSkip:
			o.Skip, err = s.parseSkip(p, *it)
		case vNow:
			out.nowItem = *it
			var a answer
			a, err = s.parseAnswer(p, *it)
			out.now = &a
		case vClear:
			if it.HasValue() {
				err = it.Errorf("clear takes no value")
			}
		}
		if v != vNow {
			out.replace = true
		}
		if err != nil {
			errs = append(errs, orders.Errors(err)...)
		}
	}
	if seen[vClear] != nil && len(seen) > 1+btoi(seen[vNow] != nil) {
		errs = append(errs, seen[vClear].Errorf("clear forgets all your standing orders: give it alone (with now: at most)"))
	}
	return out, errs.Err()
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

func (s *State) parseYesNo(p int, it orders.Item, verb string) (*YesNo, error) {
	card := "Heart of Gold"
	if verb == vPolice {
		card = "Harbor Police"
	}
	// Only the two verbs, so the usage is a constant each (no formatting
	// for every file read).
	how := "write " + vHeart + ": always, never or ask, or {if: CONDITION} / {unless: CONDITION}, e.g. " + vHeart + ": {unless: have police}"
	if verb == vPolice {
		how = "write " + vPolice + ": always, never or ask, or {if: CONDITION} / {unless: CONDITION}, e.g. " + vPolice + ": {if: by boss}"
	}
	if !it.HasValue() {
		return nil, it.Errorf("%s", how)
	}
	if t, ok := scalarText(it.Value); ok {
		switch norm(t) {
		case "always", "yes", "play", "true", "on":
			return &YesNo{Mode: "always"}, nil
		case "never", "no", "false", "off", "keep":
			return &YesNo{Mode: "never"}, nil
		case "ask", "askme":
			return nil, nil
		}
		return nil, it.Errorf("%q: %s (plays your %s when you draw a Shanghai!)", t, how, card)
	}
	keys, vals, ok := mapping(it.Value)
	if !ok {
		return nil, it.Errorf("%s", how)
	}
	y := &YesNo{}
	for i, k := range keys {
		done, err := s.condKeys(p, it, k, vals[i], verb, &y.Mode, &y.Cond)
		if err != nil {
			return nil, err
		}
		if !done {
			return nil, it.Errorf("unknown key %q: %s", k, how)
		}
	}
	if y.Mode == "" {
		return nil, it.Errorf("%s", how)
	}
	return y, nil
}

func (s *State) parseFinish(p int, it orders.Item) (*Finish, error) {
	const how = "write finish: all, none, ask, a player or a list of players, or {who: all, with: boss-first, if: CONDITION}; with is boss-first, gangs-first, boss or gangs"
	f := &Finish{With: "gangs-first"}
	if !it.HasValue() {
		return nil, it.Errorf("%s", how)
	}
	who := func(n *yaml.Node) error {
		if t, ok := scalarText(n); ok {
			switch norm(t) {
			case "all", "always", "anybody", "everybody", "any", "yes":
				f.Who = nil
				return nil
			case "none", "never", "nobody", "no":
				f.Never = true
				return nil
			}
		}
		var names []string
		if n.Kind == yaml.ScalarNode {
			names = []string{strings.TrimSpace(n.Value)}
		} else if n.Kind == yaml.SequenceNode {
			for _, e := range n.Content {
				if e.Kind != yaml.ScalarNode {
					return it.Errorf("who: list player names")
				}
				names = append(names, strings.TrimSpace(e.Value))
			}
		} else {
			return it.Errorf("%s", how)
		}
		for _, name := range names {
			q, err := s.otherPlayer(p, it, name)
			if err != nil {
				return err
			}
			f.Who = append(f.Who, q)
		}
		return nil
	}
	if t, ok := scalarText(it.Value); ok && (norm(t) == "ask" || norm(t) == "askme") {
		return nil, nil
	}
	keys, vals, ok := mapping(it.Value)
	if !ok {
		if err := who(it.Value); err != nil {
			return nil, err
		}
		return f, nil
	}
	for i, k := range keys {
		done, err := s.condKeys(p, it, k, vals[i], vFinish, &f.Mode, &f.Cond)
		if err != nil {
			return nil, err
		}
		if done {
			continue
		}
		switch k {
		case "who", "players", "against":
			if err := who(vals[i]); err != nil {
				return nil, err
			}
		case "with", "using":
			t, _ := scalarText(vals[i])
			switch norm(t) {
			case "bossfirst":
				f.With = "boss-first"
			case "gangsfirst", "gangfirst":
				f.With = "gangs-first"
			case "boss", "bossonly":
				f.With = "boss"
			case "gangs", "gang", "gangsonly":
				f.With = "gangs"
			default:
				return nil, it.Errorf("with: %q: write boss-first, gangs-first, boss or gangs", t)
			}
		default:
			return nil, it.Errorf("unknown key %q: %s", k, how)
		}
	}
	return f, nil
}

// otherPlayer resolves a player name written in p's orders.
func (s *State) otherPlayer(p int, it orders.Item, name string) (int, error) {
	q := s.seat(name)
	if q < 0 {
		for i, pl := range s.Players {
			if strings.EqualFold(pl.Name, name) {
				q = i
			}
		}
	}
	if q < 0 {
		names := make([]string, len(s.Players))
		for i, pl := range s.Players {
			names[i] = pl.Name
		}
		return -1, it.Errorf("%q is not a player: the players are %s", name, engine.AndList(names))
	}
	if q == p {
		return -1, it.Errorf("%s is you", name)
	}
	return q, nil
}

func (s *State) parsePut(p int, it orders.Item, n *yaml.Node) (Put, error) {
	const how = "a position is top, bottom, random, a depth (1 = top), or for PLAYER / for next (where that player draws next if nobody skips)"
	if n != nil && n.Kind == yaml.MappingNode {
		keys, vals, _ := mapping(n)
		if len(keys) == 1 && keys[0] == "for" {
			t, _ := scalarText(vals[0])
			return s.putFor(p, it, t)
		}
		return Put{}, it.Errorf("%s", how)
	}
	t, ok := scalarText(n)
	if !ok {
		return Put{}, it.Errorf("%s", how)
	}
	switch norm(t) {
	case "top":
		return Put{Kind: "top"}, nil
	case "bottom":
		return Put{Kind: "bottom"}, nil
	case "random", "anywhere", "shuffle":
		return Put{Kind: "random"}, nil
	}
	if d, err := strconv.Atoi(t); err == nil {
		if d < 1 || d > 100 {
			return Put{}, it.Errorf("depth %d: the top card is depth 1, and the deck is never deeper than 100", d)
		}
		return Put{Kind: "depth", Depth: d}, nil
	}
	if rest, ok := strings.CutPrefix(t, "for "); ok {
		return s.putFor(p, it, rest)
	}
	return Put{}, it.Errorf("%q: %s", t, how)
}

func (s *State) putFor(p int, it orders.Item, who string) (Put, error) {
	if norm(who) == "next" || norm(who) == "left" {
		return Put{Kind: "for", Seat: -1}, nil
	}
	q, err := s.otherPlayer(p, it, strings.TrimSpace(who))
	if err != nil {
		return Put{}, err
	}
	return Put{Kind: "for", Seat: q}, nil
}

func (s *State) parsePutRules(p int, it orders.Item) ([]PutRule, error) {
	if !it.HasValue() {
		return nil, it.Errorf("write put-back: POSITION, or a list of {at: POSITION, if: CONDITION}")
	}
	if t, ok := scalarText(it.Value); ok && norm(t) == "ask" {
		return nil, nil
	}
	entries := []*yaml.Node{it.Value}
	if it.Value.Kind == yaml.SequenceNode {
		entries = it.Value.Content
	}
	var out []PutRule
	for _, e := range entries {
		if t, ok := scalarText(e); ok && norm(t) == "ask" {
			out = append(out, PutRule{At: Put{Kind: "ask"}})
			continue
		}
		keys, vals, ok := mapping(e)
		if !ok || (len(keys) == 1 && keys[0] == "for") {
			at, err := s.parsePut(p, it, e)
			if err != nil {
				return nil, err
			}
			out = append(out, PutRule{At: at})
			continue
		}
		var r PutRule
		hasAt := false
		for i, k := range keys {
			done, err := s.condKeys(p, it, k, vals[i], vPutBack, &r.Mode, &r.Cond)
			if err != nil {
				return nil, err
			}
			if done {
				continue
			}
			if k != "at" {
				return nil, it.Errorf("unknown key %q: a put-back rule is {at: POSITION, if: CONDITION}", k)
			}
			if r.At, err = s.parsePut(p, it, vals[i]); err != nil {
				return nil, err
			}
			hasAt = true
		}
		if !hasAt {
			return nil, it.Errorf("a put-back rule needs at: POSITION")
		}
		out = append(out, r)
	}
	return out, nil
}

func parseKeep(it orders.Item) ([]Card, error) {
	if t, ok := scalarText(it.Value); ok && norm(t) == "ask" {
		return nil, nil
	}
	names, err := it.Strings()
	if err != nil {
		return nil, it.Errorf("write keep: a list of cards, the one to keep first, e.g. keep: [police, heart, boss]")
	}
	var out []Card
	for _, n := range names {
		c, ok := cardOf(n)
		if !ok {
			return nil, it.Errorf("%q is not a card: the cards are %s", n, cardList())
		}
		for _, x := range out {
			if x == c {
				return nil, it.Errorf("%s is listed twice", c.ID())
			}
		}
		out = append(out, c)
	}
	return out, nil
}

func (s *State) parseSkip(p int, it orders.Item) ([]SkipRule, error) {
	const how = "a skip rule is draw, ask, drink-up, shell-back, drunken-sailor at PLAYER, or {play: CARD, at: TARGET, if: CONDITION}"
	if !it.HasValue() {
		return nil, it.Errorf("%s", how)
	}
	entries := []*yaml.Node{it.Value}
	if it.Value.Kind == yaml.SequenceNode {
		entries = it.Value.Content
	}
	var out []SkipRule
	for _, e := range entries {
		var r SkipRule
		play, at := "", ""
		if t, ok := scalarText(e); ok {
			play = t
			if a, b, cut := strings.Cut(t, " at "); cut {
				play, at = a, b
			}
		} else {
			keys, vals, ok := mapping(e)
			if !ok {
				return nil, it.Errorf("%s", how)
			}
			for i, k := range keys {
				done, err := s.condKeys(p, it, k, vals[i], vSkip, &r.Mode, &r.Cond)
				if err != nil {
					return nil, err
				}
				if done {
					continue
				}
				t, _ := scalarText(vals[i])
				switch k {
				case "play":
					play = t
				case "at", "against", "target":
					at = t
				default:
					return nil, it.Errorf("unknown key %q: %s", k, how)
				}
			}
		}
		switch norm(play) {
		case "draw":
			r.Play = "draw"
		case "ask", "askme":
			r.Play = "ask"
		default:
			c, ok := cardOf(play)
			if !ok || !c.skip() {
				return nil, it.Errorf("%q: %s", play, how)
			}
			r.Play = c.ID()
		}
		if r.Play == cDrunken.ID() {
			if at == "" {
				return nil, it.Errorf("say whom to play the Drunken Sailor against: at PLAYER, left, right, most-cards or fewest-cards")
			}
			t, err := s.parseTarget(p, it, at)
			if err != nil {
				return nil, err
			}
			r.Target = t
		} else if at != "" {
			return nil, it.Errorf("only a Drunken Sailor is played at a player")
		}
		out = append(out, r)
	}
	return out, nil
}

func (s *State) parseTarget(p int, it orders.Item, at string) (Target, error) {
	switch norm(at) {
	case "left", "next":
		return Target{Kind: "left"}, nil
	case "right", "previous":
		return Target{Kind: "right"}, nil
	case "mostcards", "most":
		return Target{Kind: "most-cards"}, nil
	case "fewestcards", "fewest", "leastcards":
		return Target{Kind: "fewest-cards"}, nil
	}
	q, err := s.otherPlayer(p, it, at)
	if err != nil {
		return Target{}, err
	}
	return Target{Kind: "seat", Seat: q}, nil
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
	for _, op := range []string{"<=", ">=", "==", "<", ">", "="} {
		text = strings.ReplaceAll(text, op, " "+op+" ")
	}
	text = strings.ReplaceAll(text, "<  =", "<=")
	text = strings.ReplaceAll(text, ">  =", ">=")
	text = strings.ReplaceAll(text, "=  =", "==")
	w := strings.Fields(text)
	a := Atom{}
	if len(w) > 0 && w[0] == "not" {
		a.Not, w = true, w[1:]
	}
	bad := func() (Atom, error) {
		return a, it.Errorf("%q is not a condition: the tests are top shanghai, top safe, top unknown, top CARD, shanghai within N, have [N] CARD, no CARD, hand/deck/players OP N, drawer PLAYER, shanghaier PLAYER, by boss, by gangs (each may start with not)", strings.TrimSpace(text))
	}
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
				return bad()
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
			return a, it.Errorf("%q is not a card: the cards are %s", rest[0], cardList())
		}
		a.Card = c
	case "no":
		if len(w) != 2 {
			return bad()
		}
		c, ok := cardOf(w[1])
		if !ok {
			return a, it.Errorf("%q is not a card: the cards are %s", w[1], cardList())
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
				return bad()
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

// parseAnswer reads now: VALUE against the open decision.
func (s *State) parseAnswer(p int, it orders.Item) (answer, error) {
	a := answer{Target: -1}
	if !s.owes(p) || s.Stage == stReview {
		return a, it.Errorf("nothing is waiting for your answer now; leave now: out and give standing orders")
	}
	var key string
	var val *yaml.Node
	if keys, vals, ok := mapping(it.Value); ok && len(keys) == 1 {
		key, val = keys[0], vals[0]
	} else if t, ok := scalarText(it.Value); ok {
		key = t
		if x, y, cut := strings.Cut(t, " at "); cut {
			key, val = x, &yaml.Node{Kind: yaml.ScalarNode, Value: y}
		}
	} else {
		return a, it.Errorf("now: needs one answer; %s", s.question(p))
	}
	yes, no := false, false
	switch norm(key) {
	case "yes", "play", "true", "heart", "police", "heartofgold", "harborpolice":
		yes = true
	case "no", "pass", "decline", "false", "none", "never":
		no = true
	}
	switch s.Stage {
	case stTurn:
		switch norm(key) {
		case "draw":
			a.Play = "draw"
		default:
			c, ok := cardOf(key)
			if !ok || !c.skip() {
				return a, it.Errorf("%q: %s", key, s.question(p))
			}
			if s.count(p, c) == 0 {
				return a, it.Errorf("you hold no %s", c)
			}
			a.Play = c.ID()
			if c == cDrunken {
				t, _ := scalarText(val)
				if t == "" {
					return a, it.Errorf("say whom: now: {drunken-sailor: PLAYER}")
				}
				q, err := s.otherPlayer(p, it, t)
				if err != nil {
					return a, err
				}
				if !s.in(q) {
					return a, it.Errorf("%s is out of the game", s.name(q))
				}
				a.Target = q
			} else if val != nil {
				return a, it.Errorf("%s takes no target", c)
			}
		}
	case stKeep:
		c, ok := cardOf(key)
		if !ok || (c != s.Shell[0] && c != s.Shell[1]) {
			return a, it.Errorf("%q: keep one of the two cards you drew, %s or %s", key, s.Shell[0].ID(), s.Shell[1].ID())
		}
		a.Card = c
	case stHeart, stPolice:
		if !yes && !no {
			return a, it.Errorf("%q: %s", key, s.question(p))
		}
		// old-shanghai/3: naming the other card does not answer this
		// question (OS-X14).
		asked, other := "heart", "Harbor Police"
		if s.Stage == stPolice {
			asked, other = "police", "the Heart of Gold"
		}
		if k := norm(key); s.v3() && yes && k != "yes" && k != "play" && k != "true" && !strings.HasPrefix(k, asked) {
			return a, it.Errorf("%q does not answer this question, which is not about %s: %s", key, other, s.question(p))
		}
		a.Yes = yes
	case stFinish:
		switch norm(key) {
		case "boss":
			if s.count(p, cBoss) == 0 {
				return a, it.Errorf("you hold no Boss")
			}
			a.Yes, a.With = true, "boss"
		case "gangs", "gang", "pair":
			if _, ok := s.gangPair(p); !ok {
				return a, it.Errorf("you hold no matching pair of Rowing Gang cards")
			}
			a.Yes, a.With = true, "gangs"
		default:
			if c, ok := cardOf(key); ok && c.gang() {
				if s.count(p, c) < 2 {
					return a, it.Errorf("you hold fewer than two %s", c)
				}
				a.Yes, a.With = true, c.ID()
			} else if no {
				a.Yes = false
			} else if yes || norm(key) == "yes" {
				return a, it.Errorf("say with what: now: boss, now: gangs or now: GANG")
			} else {
				return a, it.Errorf("%q: %s", key, s.question(p))
			}
		}
	case stPutBack:
		put, err := s.parsePut(p, it, it.Value)
		if err != nil {
			return a, err
		}
		a.Put = put
	}
	return a, nil
}
