package oldshanghai

import (
	"fmt"
	"strconv"
	"strings"
	"taipan/adjudicator/engine"
)

// say tells everyone; tell and tellTwo tell one or two players only.
// The happenings are built as Resolve returns them (State.out, a chunk at
// a time), the one player a happening is told to cut from the players'
// names (State.names), two from one array (State.told), and their texts
// written into buffers of a few kilobytes (State.prose): a game tells of
// hundreds of decisions, and a slice or a string for each would be an
// allocation each.
func (s *State) say(format string, args ...any) {
	if s.silent {
		return
	}
	start := s.proseStart(proseFormatted)
	fmt.Fprintf(s.prose, format, args...)
	s.emit(engine.Happening{Text: s.proseSince(start)})
}

// sayText and tellText are say and tell of a text made of the given
// pieces, written without fmt, for the happenings of every turn.
func (s *State) sayText(pieces ...string) {
	s.emit(engine.Happening{Text: s.text(pieces...)})
}

func (s *State) tellText(p int, pieces ...string) {
	s.tellOne(p, s.text(pieces...))
}

// proseFirst and proseChunk are the sizes of the first and of each next
// buffer of a Resolve's texts: most steps tell a few lines, a whole game
// played as one Resolve some 15 KB. proseFormatted is the room made for a
// text fmt writes, whose length is not known before (a longer one grows
// the buffer as it is written).
const (
	proseFirst     = 1024
	proseChunk     = 4096
	proseFormatted = 512
)

// proseStart makes room for a text of need bytes and returns where it
// starts. The strings cut from a buffer stay valid when it is replaced or
// grows: a strings.Builder only ever appends, and a new buffer leaves the
// old bytes to the texts cut from them.
func (s *State) proseStart(need int) int {
	if s.prose == nil || s.prose.Cap()-s.prose.Len() < need {
		size := proseChunk
		if s.prose == nil {
			size = proseFirst
		}
		s.prose = new(strings.Builder)
		s.prose.Grow(max(size, need))
	}
	return s.prose.Len()
}

// proseSince is the text written since start.
func (s *State) proseSince(start int) string { return s.prose.String()[start:] }

// text writes the pieces as one text and returns it.
func (s *State) text(pieces ...string) string {
	if s.silent {
		return ""
	}
	n := 0
	for _, p := range pieces {
		n += len(p)
	}
	start := s.proseStart(n)
	for _, p := range pieces {
		s.prose.WriteString(p)
	}
	return s.proseSince(start)
}

// tellOne adds a happening told to seat p only, its To cut from the
// players' names, made once per Resolve.
func (s *State) tellOne(p int, text string) {
	if s.names == nil {
		s.names = make([]string, len(s.Players))
		for i := range s.Players {
			s.names[i] = s.Players[i].Name
		}
	}
	s.emit(engine.Happening{Text: text, To: s.names[p : p+1 : p+1]})
}

// tellTo adds a happening told to the named players only, their names cut
// from State.told.
func (s *State) tellTo(text string, names ...string) {
	if len(s.told)+len(names) > cap(s.told) {
		// A new array, four times larger: the old one stays with the
		// happenings cut from it.
		s.told = make([]string, 0, 4*cap(s.told)+len(names)+8)
	}
	n := len(s.told)
	s.told = append(s.told, names...)
	s.emit(engine.Happening{Text: text, To: s.told[n : n+len(names) : n+len(names)]})
}

// outFirst and outChunk are how many happenings the first and each next
// chunk of State.out hold: most steps tell a few.
const (
	outFirst = 16
	outChunk = 64
)

// emit adds a happening. A whole game may be one Resolve, of hundreds of
// happenings: they are gathered in chunks and copied once into a list of
// their number (happenings), which makes and throws away less than a
// list grown as they come.
func (s *State) emit(h engine.Happening) {
	if s.silent {
		return
	}
	if len(s.out) == cap(s.out) {
		size := outFirst
		if s.out != nil {
			s.outFull = append(s.outFull, s.out)
			size = outChunk
		}
		s.out = make([]engine.Happening, 0, size)
	}
	s.out = append(s.out, h)
}

func (s *State) tell(p int, format string, args ...any) {
	if s.silent {
		return
	}
	start := s.proseStart(proseFormatted)
	fmt.Fprintf(s.prose, format, args...)
	s.tellOne(p, s.proseSince(start))
}

func (s *State) tellTwo(p, q int, format string, args ...any) {
	if s.silent {
		return
	}
	start := s.proseStart(proseFormatted)
	fmt.Fprintf(s.prose, format, args...)
	s.tellTo(s.proseSince(start), s.name(p), s.name(q))
}

// rng is the part of *engine.Rand the rules use.
type rng interface {
	Intn(n int) int
}

// --- Conditions: only what player p knows (rules-analysis 2d). ---

// knownAt returns the card p knows exactly at depth d.
func (s *State) knownAt(p, d int) (Card, bool) {
	for _, f := range s.Players[p].Deck {
		if f.Depth == d && f.Deeper == 0 {
			return f.Card, true
		}
	}
	return 0, false
}

func compare(x int, op string, n int) bool {
	switch op {
	case "<":
		return x < n
	case "<=":
		return x <= n
	case ">":
		return x > n
	case ">=":
		return x >= n
	}
	return x == n
}

func (s *State) prev(p int) int {
	n := len(s.Players)
	for i := 1; i <= n; i++ {
		if q := (p - i + n) % n; s.in(q) {
			return q
		}
	}
	return -1
}

func (s *State) atom(p int, a Atom) bool {
	v := false
	switch a.Kind {
	case "top":
		c, ok := s.knownAt(p, 1)
		switch a.What {
		case "shanghai":
			v = ok && c == cShanghai
		case "safe":
			v = ok && c != cShanghai
		case "unknown":
			v = !ok
		default:
			v = ok && c == a.Card
		}
	case "within":
		for _, f := range s.Players[p].Deck {
			v = v || f.Card == cShanghai && f.Depth+f.Deeper <= a.N
		}
	case "have":
		v = compare(s.count(p, a.Card), a.Op, a.N)
	case "hand":
		v = compare(len(s.Players[p].Hand), a.Op, a.N)
	case "deck":
		v = compare(len(s.Deck), a.Op, a.N)
	case "players":
		v = compare(s.aliveCount(), a.Op, a.N)
	case "drawer", "shanghaier":
		who := -1
		if s.Sh != nil {
			who = s.Sh.Drawer
			if a.Kind == "shanghaier" {
				who = s.Sh.Shanghaier
			}
		}
		switch a.What {
		case "me":
			v = who == p
		case "left":
			v = who >= 0 && who == s.next(p)
		case "right":
			v = who >= 0 && who == s.prev(p)
		default:
			v = who >= 0 && who == a.Seat
		}
	case "by":
		if s.Sh != nil {
			for _, c := range s.Sh.With {
				v = v || (a.What == "boss") == (c == cBoss)
			}
		}
	}
	return v != a.Not
}

func (s *State) holds(p int, mode string, c Cond) bool {
	all := true
	for _, a := range c {
		all = all && s.atom(p, a)
	}
	switch mode {
	case "if":
		return all
	case "unless":
		return !all
	}
	return true
}

// --- Decisions: a one-off answer, else a standing order, else ask. ---

// source is what decided a decision of player p: one of p's standing
// orders (verb, and for a list of rules the rule's index), or, for the
// zero verb, an answer (now:).
type source struct {
	p    int
	verb string
	rule int
}

// order is the standing order src names, as the player would write it.
func (s *State) order(src source) string {
	o := &s.Players[src.p].Orders
	switch src.verb {
	case vSkip:
		return vSkip + ": " + s.skipString(o.Skip[src.rule])
	case vPutBack:
		return vPutBack + ": " + s.putRuleString(o.PutBack[src.rule])
	case vFinish:
		return vFinish + ": " + s.finishString(o.Finish)
	case vHeart:
		return vHeart + ": " + s.yesNoString(o.Heart)
	case vPolice:
		return vPolice + ": " + s.yesNoString(o.Police)
	case vKeep:
		return vKeep + ": " + cardIDs(o.Keep)
	}
	return ""
}

// fired tells p what decided: an answer, or the standing order src, whose
// text is made once per Resolve (a game tells of hundreds of decisions,
// most by the same few orders; the standing orders do not change while
// the rules run).
func (s *State) fired(p int, src source, what ...string) {
	s.Decisions++
	if s.silent {
		return
	}
	prefix := ""
	if src.verb != "" {
		var ok bool
		prefix, ok = s.orderTexts[src]
		if !ok {
			if s.orderTexts == nil {
				s.orderTexts = map[source]string{}
			}
			prefix = s.name(p) + "'s standing order " + quote(s.order(src)) + " fired: "
			s.orderTexts[src] = prefix
		}
	}
	n := len(prefix) + len(s.name(p)) + len(" answered: ") + 1
	for _, w := range what {
		n += len(w)
	}
	start := s.proseStart(n)
	if prefix == "" {
		s.prose.WriteString(s.name(p))
		s.prose.WriteString(" answered: ")
	} else {
		s.prose.WriteString(prefix)
	}
	for _, w := range what {
		s.prose.WriteString(w)
	}
	s.prose.WriteByte('.')
	s.tellOne(p, s.proseSince(start))
}

// tellStanding tells p the standing orders p now has, their lines joined
// by semicolons.
func (s *State) tellStanding(p int) {
	if s.silent {
		return
	}
	const says = "'s standing orders are now: "
	lines := s.standingLines(p)
	n := len(s.name(p)) + len(says) + 1
	for _, l := range lines {
		n += len(l) + len("; ")
	}
	start := s.proseStart(n)
	s.prose.WriteString(s.name(p))
	s.prose.WriteString(says)
	for i, l := range lines {
		if i > 0 {
			s.prose.WriteString("; ")
		}
		s.prose.WriteString(l)
	}
	s.prose.WriteByte('.')
	s.tellOne(p, s.proseSince(start))
}

// quote is strconv.Quote, without its rune by rune look at a text of
// printable ASCII, which it leaves as it is (most orders are).
func quote(text string) string {
	for i := 0; i < len(text); i++ {
		if c := text[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			return strconv.Quote(text)
		}
	}
	return `"` + text + `"`
}

// ask opens a step waiting for the given seats.
func (s *State) ask(seats ...int) {
	s.Asked = seats
	s.Asks++
	if len(seats) == 1 {
		// Most steps wait for one player: written without fmt.
		s.sayText("Waiting for ", s.name(seats[0]), ": ", s.questionShort(), ".")
		return
	}
	names := make([]string, len(seats))
	for i, q := range seats {
		names[i] = s.name(q)
	}
	s.say("Waiting for %s: %s.", engine.AndList(names), s.questionShort())
}

// --- The turn. ---

// run plays on until a decision nobody's orders answer, or the end. The
// answers of the open step are used by the first decision only.
func (s *State) run(r rng) {
	first := true
	for s.Stage != stOver && len(s.Asked) == 0 {
		if !first {
			s.answers = nil
		}
		first = false
		switch s.Stage {
		case stTurn:
			s.turnStart(r)
		case stKeep:
			s.keepStage()
		case stHeart:
			s.heartStage()
		case stFinish:
			s.finishStage(r)
		case stPolice:
			s.policeStage(r)
		case stPutBack:
			s.putBackStage(r)
		default:
			panic("oldshanghai: run in stage " + s.Stage)
		}
	}
	s.answers = nil
}

// draw is a real draw by p: a Shanghai! is resolved with p as the drawer.
func (s *State) draw(p int) {
	if len(s.Deck) == 0 {
		// Only a layout with fewer Shanghai! cards than players can empty
		// the deck (2f: "The deck cannot run out").
		s.sayText("The deck is empty: ", s.name(p), " cannot draw.")
		s.endTurn()
		return
	}
	c := s.drawTop(p)
	if c == cShanghai {
		s.sayText(s.name(p), " drew a Shanghai! and places it face up: \"Shanghaied!\"")
		s.startShanghai(p)
		return
	}
	s.sayText(s.name(p), " drew a card.")
	s.tellText(p, s.name(p), " drew ", c.String(), ".")
	s.endTurn()
}

func (s *State) startShanghai(d int) {
	s.Sh = &Shanghai{Drawer: d, Shanghaier: -1, Putter: d}
	s.Stage = stHeart
}

// endTurn passes play to the left of the player whose turn it was
// (OS-A10: after a Drunken Sailor too).
func (s *State) endTurn() {
	elim := s.Sh != nil && s.Sh.Outcome == "shanghaied"
	s.Sh, s.Shell = nil, nil
	s.Turn++
	s.Since++
	s.Stage = stTurn
	if elim {
		s.Quiet = 0
		s.Review = s.Review || s.ReviewOnElim
	} else {
		s.Quiet++
	}
	if s.aliveCount() <= 1 {
		s.gameOver("")
		return
	}
	s.Active = s.next(s.Active)
}

func (s *State) gameOver(why string) {
	s.Stage, s.Asked, s.Sh, s.Shell = stOver, nil, nil, nil
	s.Winners = s.alive()
	names := make([]string, len(s.Winners))
	for i, w := range s.Winners {
		names[i] = s.name(w)
	}
	if why == "" {
		why = "only one sailor is left in the game"
		if len(names) == 0 {
			why = "nobody is left in the game"
		}
	}
	s.Ended = why
	switch len(names) {
	case 0:
		s.say("The game is over: %s.", why)
	case 1:
		s.say("The game is over: %s. %s wins!", why, names[0])
	default:
		s.say("The game is over: %s. Shared win: %s.", why, engine.AndList(names))
	}
}

// count is "1 card", "2 cards".
func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func cardNames(cs []Card) string {
	if len(cs) == 0 {
		return "nothing"
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return engine.AndList(names)
}

func cardIDs(cs []Card) string {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID()
	}
	return "[" + strings.Join(ids, ", ") + "]"
}
