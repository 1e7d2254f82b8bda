package oldshanghai

import (
	"fmt"
	"strconv"
	"strings"
	"taipan/adjudicator/engine"
)

// hapOut is a happening being built: To lists seats (empty: everyone).
// hapOut is a happening as the rules tell it: public (n == 0), or told to
// the n seats in to. Two seats at most, held in place: a game tells of
// hundreds of decisions, and a slice for each would be an allocation each.
type hapOut struct {
	text string
	to   [2]int
	n    int
}

func (s *State) say(format string, args ...any) {
	s.out = append(s.out, hapOut{text: fmt.Sprintf(format, args...)})
}

func (s *State) tell(p int, format string, args ...any) {
	s.out = append(s.out, hapOut{text: fmt.Sprintf(format, args...), to: [2]int{p}, n: 1})
}

func (s *State) tellTwo(p, q int, format string, args ...any) {
	s.out = append(s.out, hapOut{text: fmt.Sprintf(format, args...), to: [2]int{p, q}, n: 2})
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
		v = compare(len(s.alive()), a.Op, a.N)
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

// takeAnswer returns p's answer to the open decision, if any.
func (s *State) takeAnswer(p int) (answer, bool) {
	a, ok := s.answers[p]
	if ok {
		delete(s.answers, p)
	}
	return a, ok
}

func (s *State) fired(p int, order, what string) {
	s.Decisions++
	// Built by hand, not by fmt: a game tells of hundreds of decisions.
	text := s.name(p) + " answered: " + what + "."
	if order != "" {
		text = s.name(p) + "'s standing order " + strconv.Quote(order) + " fired: " + what + "."
	}
	s.out = append(s.out, hapOut{text: text, to: [2]int{p}, n: 1})
}

func (s *State) decideYesNo(p int, y *YesNo) (bool, bool) {
	if y == nil {
		return false, false
	}
	switch y.Mode {
	case "always":
		return true, true
	case "never":
		return false, true
	}
	return s.holds(p, y.Mode, y.Cond), true
}

// finishWith says what p's orders finish the current Shanghai! with:
// "boss", a gang id, or "" for not at all; ok is false when p must be
// asked. src is the order text, "" for an answer.
func (s *State) finishWith(p int) (with, src string, ok bool) {
	if a, has := s.answers[p]; has {
		if !a.Yes {
			return "", "", true
		}
		return s.finishCards(p, a.With), "", true
	}
	f := s.Players[p].Orders.Finish
	if f == nil {
		return "", "", false
	}
	src = vFinish + ": " + s.finishString(f)
	if f.Never || !s.holds(p, f.Mode, f.Cond) {
		return "", src, true
	}
	if len(f.Who) > 0 {
		found := false
		for _, q := range f.Who {
			found = found || q == s.Sh.Drawer
		}
		if !found {
			return "", src, true
		}
	}
	return s.finishCards(p, f.With), src, true
}

// finishCards picks p's finishing cards for a with-rule: "boss", a gang
// id, or "" when p holds nothing the rule allows.
func (s *State) finishCards(p int, with string) string {
	boss := s.count(p, cBoss) > 0
	gang, pair := s.gangPair(p)
	switch with {
	case "boss":
		if boss {
			return "boss"
		}
	case "gangs":
		if pair {
			return gang.ID()
		}
	case "boss-first":
		if boss {
			return "boss"
		}
		if pair {
			return gang.ID()
		}
	case "gangs-first":
		if pair {
			return gang.ID()
		}
		if boss {
			return "boss"
		}
	default:
		if c, ok := cardOf(with); ok && c.gang() && s.count(p, c) >= 2 {
			return c.ID()
		}
	}
	return ""
}

// gangPair returns the Rowing Gang p holds most of (at least two; the
// first in data order on ties).
func (s *State) gangPair(p int) (Card, bool) {
	best, n := Card(0), 1
	for c := Card(0); c < numCards; c++ {
		if c.gang() && s.count(p, c) > n {
			best, n = c, s.count(p, c)
		}
	}
	return best, n >= 2
}

func (s *State) canFinish(p int) bool {
	_, pair := s.gangPair(p)
	return pair || s.count(p, cBoss) > 0
}

// putDepth turns a position into a depth of the current deck; ok is false
// when the rule does not apply (its player is out).
func (s *State) putDepth(p int, at Put, r rng) (int, bool) {
	n := len(s.Deck)
	switch at.Kind {
	case "top":
		return 1, true
	case "bottom":
		return n + 1, true
	case "depth":
		return min(at.Depth, n+1), true
	case "random":
		if r == nil {
			return 1, true
		}
		return 1 + r.Intn(n+1), true
	case "for":
		q := at.Seat
		if q < 0 {
			q = s.next(s.Active)
		}
		if !s.in(q) {
			return 0, false
		}
		// The draws to come if nobody skips: the next player, and on.
		d, x := 1, s.next(s.Active)
		for x != q && d <= len(s.Players) {
			x, d = s.next(x), d+1
		}
		return min(d, n+1), true
	}
	return 0, false
}

// decidePut returns where p puts the Shanghai! back; ok is false to ask.
func (s *State) decidePut(p int, r rng) (depth int, src string, ok bool) {
	if a, has := s.answers[p]; has {
		d, _ := s.putDepth(p, a.Put, r)
		return d, "", true
	}
	for _, rule := range s.Players[p].Orders.PutBack {
		if !s.holds(p, rule.Mode, rule.Cond) {
			continue
		}
		if rule.At.Kind == "ask" {
			return 0, "", false
		}
		if d, ok := s.putDepth(p, rule.At, r); ok {
			return d, vPutBack + ": " + s.putRuleString(rule), true
		}
	}
	return 0, "", false
}

// decideKeep returns the Old Shell-Back card p keeps.
func (s *State) decideKeep(p int) (Card, string, bool) {
	if a, has := s.answers[p]; has {
		return a.Card, "", true
	}
	keep := s.Players[p].Orders.Keep
	for _, c := range keep {
		if c == s.Shell[0] || c == s.Shell[1] {
			return c, vKeep + ": " + cardIDs(keep), true
		}
	}
	return 0, "", false
}

// target resolves a Drunken Sailor target for p; ok is false when nobody
// fits.
func (s *State) target(p int, t Target) (int, bool) {
	switch t.Kind {
	case "seat":
		return t.Seat, s.in(t.Seat) && t.Seat != p
	case "left":
		q := s.next(p)
		return q, q >= 0 && q != p
	case "right":
		q := s.prev(p)
		return q, q >= 0 && q != p
	}
	best := -1
	for q := s.next(p); q != p && q >= 0; q = s.next(q) {
		n := len(s.Players[q].Hand)
		if best < 0 || (t.Kind == "most-cards" && n > len(s.Players[best].Hand)) || (t.Kind == "fewest-cards" && n < len(s.Players[best].Hand)) {
			best = q
		}
	}
	return best, best >= 0
}

// decideSkip returns p's choice before drawing: draw or a skip card (with
// its target); ok is false to ask.
func (s *State) decideSkip(p int) (play string, tgt int, src string, ok bool) {
	if a, has := s.answers[p]; has {
		return a.Play, a.Target, "", true
	}
	for _, r := range s.Players[p].Orders.Skip {
		if !s.holds(p, r.Mode, r.Cond) {
			continue
		}
		src := vSkip + ": " + s.skipString(r)
		switch r.Play {
		case "draw":
			return "draw", -1, src, true
		case "ask":
			return "", -1, "", false
		}
		c, _ := cardOf(r.Play)
		if s.count(p, c) == 0 {
			continue
		}
		if c == cDrunken {
			q, ok := s.target(p, r.Target)
			if !ok {
				continue
			}
			return r.Play, q, src, true
		}
		return r.Play, -1, src, true
	}
	if s.v3() {
		// old-shanghai/3: without a rule that applies (or without skip
		// orders) you draw; only an ask rule asks (OS-X2).
		return "draw", -1, "", true
	}
	return "", -1, "", false
}

func (s *State) holdsSkip(p int) bool {
	for _, c := range s.Players[p].Hand {
		if c.skip() {
			return true
		}
	}
	return false
}

// ask opens a step waiting for the given seats.
func (s *State) ask(seats ...int) {
	s.Asked = seats
	s.Asks++
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

func (s *State) turnStart(r rng) {
	alive := s.alive()
	if len(alive) <= 1 {
		s.gameOver("")
		return
	}
	if s.Quiet >= s.Stalemate {
		s.gameOver(fmt.Sprintf("%s without a Shanghai! succeeding: the sailors still in share the win (stalemate rule)", count(s.Quiet, "turn")))
		return
	}
	if s.Review || (s.RoundTurns > 0 && s.Since >= s.RoundTurns) {
		s.Review, s.Since = false, 0
		s.Stage = stReview
		s.ask(alive...)
		return
	}
	if !s.in(s.Active) {
		s.Active = s.next(s.Active) // the GM removed the player
	}
	p := s.Active
	play, q := "draw", -1
	// old-shanghai/2 decides (and asks) only for a holder of a skip card;
	// old-shanghai/3 for everybody, so that a pause never shows a hand.
	if s.v3() || s.holdsSkip(p) {
		_, answered := s.answers[p]
		var src string
		var ok bool
		play, q, src, ok = s.decideSkip(p)
		if !ok {
			s.ask(p)
			return
		}
		what := "draw"
		if play != "draw" {
			c, _ := cardOf(play)
			what = "play " + c.String()
			if q >= 0 {
				what += " against " + s.name(q)
			}
		}
		if answered || src != "" || !s.v3() {
			s.fired(p, src, what)
		}
	}
	s.say("Turn %d: %s's turn.", s.Turn+1, s.name(p))
	switch play {
	case "draw":
		s.draw(p)
	case cDrinkUp.ID():
		s.play(p, cDrinkUp, atDiscard)
		s.say("%s played Drink Up! instead of drawing.", s.name(p))
		s.endTurn()
	case cShellBack.ID():
		s.play(p, cShellBack, atDiscard)
		s.say("%s played Old Shell-Back: draws two cards and puts one back on top.", s.name(p))
		for i := 0; i < 2 && len(s.Deck) > 0; i++ {
			s.Shell = append(s.Shell, s.peekDraw(p))
		}
		s.tell(p, "%s drew %s with Old Shell-Back.", s.name(p), cardNames(s.Shell))
		switch len(s.Shell) {
		case 0:
			s.endTurn()
			return
		case 1:
			s.keep(p, s.Shell[0])
			return
		}
		s.Stage = stKeep
	case cDrunken.ID():
		s.play(p, cDrunken, atDiscard)
		s.say("%s played Drunken Sailor against %s.", s.name(p), s.name(q))
		if c, ok := s.take(p, q, r); ok {
			s.say("%s took a card from %s's hand.", s.name(p), s.name(q))
			s.tellTwo(p, q, "%s took %s from %s.", s.name(p), c, s.name(q))
		} else {
			s.say("%s has no cards to take.", s.name(q))
		}
		s.say("%s draws in %s's place; play then goes on from %s's left.", s.name(q), s.name(p), s.name(p))
		s.draw(q)
	}
}

// draw is a real draw by p: a Shanghai! is resolved with p as the drawer.
func (s *State) draw(p int) {
	if len(s.Deck) == 0 {
		// Only a layout with fewer Shanghai! cards than players can empty
		// the deck (2f: "The deck cannot run out").
		s.say("The deck is empty: %s cannot draw.", s.name(p))
		s.endTurn()
		return
	}
	c := s.drawTop(p)
	if c == cShanghai {
		s.say("%s drew a Shanghai! and places it face up: \"Shanghaied!\"", s.name(p))
		s.startShanghai(p)
		return
	}
	s.say("%s drew a card.", s.name(p))
	s.tell(p, "%s drew %s.", s.name(p), c)
	s.endTurn()
}

func (s *State) keepStage() {
	p := s.Active
	c := s.Shell[0]
	if s.Shell[0] != s.Shell[1] || s.v3() {
		var src string
		var ok bool
		c, src, ok = s.decideKeep(p)
		if !ok {
			s.ask(p)
			return
		}
		s.fired(p, src, "keep "+c.String())
	}
	s.keep(p, c)
}

// keep ends an Old Shell-Back: the other card goes on top, and a kept
// Shanghai! is resolved with p as the drawer (OS-A9).
func (s *State) keep(p int, c Card) {
	other := -1
	if len(s.Shell) == 2 {
		other = 0
		if s.Shell[0] == c {
			other = 1
		}
	}
	if other >= 0 {
		o := s.Shell[other]
		s.putBack(p, o, atHand(p), 1, "top")
		s.say("%s put one card back on top of the deck.", s.name(p))
		s.tell(p, "%s kept %s and put %s back on top.", s.name(p), c, o)
	}
	s.Shell = nil
	s.Stage = stTurn
	if c == cShanghai {
		s.reveal(p)
		s.say("%s kept a Shanghai! and places it face up: \"Shanghaied!\"", s.name(p))
		s.startShanghai(p)
		return
	}
	s.endTurn()
}

func (s *State) startShanghai(d int) {
	s.Sh = &Shanghai{Drawer: d, Shanghaier: -1, Putter: d}
	s.Stage = stHeart
}

func (s *State) heartStage() {
	d := s.Sh.Drawer
	holds := s.count(d, cHeart) > 0
	if !holds && !s.v3() {
		s.Stage = stFinish
		return
	}
	yes, src, ok := false, "", false
	if a, has := s.takeAnswer(d); has {
		yes, ok = a.Yes, true
	} else if yes, ok = s.decideYesNo(d, s.Players[d].Orders.Heart); ok {
		src = vHeart + ": " + s.yesNoString(s.Players[d].Orders.Heart)
	}
	if !ok {
		// old-shanghai/3 asks whatever the drawer holds: the question
		// must not show who holds a Heart of Gold.
		s.ask(d)
		return
	}
	if !holds {
		if yes {
			s.tell(d, "%s holds no Heart of Gold to play.", s.name(d))
		}
		s.Stage = stFinish
		return
	}
	if !yes {
		s.fired(d, src, "keep the Heart of Gold")
		s.Stage = stFinish // OS-A2: once declined, not in this Shanghai!
		return
	}
	s.fired(d, src, "play the Heart of Gold")
	s.play(d, cHeart, atDiscard)
	s.say("%s played a Heart of Gold and stays in the game.", s.name(d))
	s.Sh.Outcome = "heart"
	s.Stage = stPutBack
}

// finishStage offers the Shanghai! to the others, clockwise from the
// drawer's left (OS-A4); those whose orders do not say are asked together.
func (s *State) finishStage(r rng) {
	d := s.Sh.Drawer
	type pick struct {
		seat      int
		with, src string
	}
	var picks []pick
	var asks []int
	win := -1
	for q := s.next(d); q != d && q >= 0; q = s.next(q) {
		if !s.v3() && !s.canFinish(q) {
			continue
		}
		with, src, ok := s.finishWith(q)
		if !ok {
			// old-shanghai/2 asks those who hold finishing cards, before
			// the first standing order that finishes; old-shanghai/3
			// everybody whose orders do not say, wherever they sit and
			// whatever they hold, so that the question shows no hand.
			asks = append(asks, q)
			continue
		}
		if win >= 0 || !s.canFinish(q) {
			continue
		}
		picks = append(picks, pick{q, with, src})
		if with != "" {
			win = q
			if !s.v3() {
				break
			}
		}
	}
	if len(asks) > 0 {
		s.ask(asks...)
		return
	}
	for _, pk := range picks {
		what := "do not finish " + s.name(d)
		if pk.with != "" {
			what = "finish " + s.name(d) + " with " + finishName(pk.with)
		}
		s.fired(pk.seat, pk.src, what)
	}
	if win < 0 {
		s.say("Nobody finished the Shanghai!: it fails.")
		s.Sh.Outcome, s.Sh.Putter = "failed", d
		s.Stage = stPutBack
		return
	}
	with := picks[len(picks)-1].with
	s.Sh.Shanghaier = win
	if with == "boss" {
		s.play(win, cBoss, atTable)
		s.Sh.With = []Card{cBoss}
	} else {
		c, _ := cardOf(with)
		s.play(win, c, atTable)
		s.play(win, c, atTable)
		s.Sh.With = []Card{c, c}
	}
	s.say("%s put down %s against %s and is the Shanghaier.", s.name(win), finishName(with), s.name(d))
	s.Stage = stPolice
}

func finishName(with string) string {
	if with == "boss" {
		return "a Boss"
	}
	c, _ := cardOf(with)
	return "a pair of " + c.String()
}

func (s *State) policeStage(r rng) {
	d, sh := s.Sh.Drawer, s.Sh.Shanghaier
	yes := false
	holds := s.count(d, cPolice) > 0
	if holds || s.v3() {
		src, ok := "", false
		if a, has := s.takeAnswer(d); has {
			yes, ok = a.Yes, true
		} else if yes, ok = s.decideYesNo(d, s.Players[d].Orders.Police); ok {
			src = vPolice + ": " + s.yesNoString(s.Players[d].Orders.Police)
		}
		if !ok {
			// old-shanghai/3 asks whatever the drawer holds ("Keep this
			// card a secret").
			s.ask(d)
			return
		}
		switch {
		case holds:
			what := "keep the Harbor Police"
			if yes {
				what = "play the Harbor Police"
			}
			s.fired(d, src, what)
		case yes:
			s.tell(d, "%s holds no Harbor Police to play.", s.name(d))
			yes = false
		}
	}
	if yes {
		s.play(d, cPolice, atDiscard)
		s.say("%s played Harbor Police: the Shanghai! is over.", s.name(d))
		s.takeTwo(d, sh, r)
		s.returnFinishers(r)
		s.Sh.Outcome, s.Sh.Putter = "police", d
		s.Stage = stPutBack
		return
	}
	s.say("%s is Shanghaied and out of the game!", s.name(d))
	s.takeTwo(sh, d, r)
	if n := len(s.Players[d].Hand); n > 0 {
		verb := "are"
		if n == 1 {
			verb = "is"
		}
		s.say("%s's remaining %s %s discarded: %s.", s.name(d), count(n, "card"), verb, cardNames(s.Players[d].Hand))
	}
	s.eliminate(d)
	s.returnFinishers(r)
	s.Sh.Outcome, s.Sh.Putter = "shanghaied", sh
	s.Stage = stPutBack
}

// takeTwo: taker draws two cards blind from victim's hand, or as many as
// there are (OS-A12).
func (s *State) takeTwo(taker, victim int, r rng) {
	var got []Card
	for i := 0; i < 2; i++ {
		c, ok := s.take(taker, victim, r)
		if !ok {
			break
		}
		got = append(got, c)
	}
	s.say("%s took %s from %s's hand.", s.name(taker), count(len(got), "card"), s.name(victim))
	if len(got) > 0 {
		s.tellTwo(taker, victim, "%s took %s from %s.", s.name(taker), cardNames(got), s.name(victim))
	}
}

// returnFinishers discards the gangs and returns a Boss to the deck:
// bottom (OS-A1), or with the option boss_return: top-then-cut, on top
// and the deck cut.
func (s *State) returnFinishers(r rng) {
	sh := s.Sh.Shanghaier
	for _, c := range s.Sh.With {
		if c != cBoss {
			s.tableToDiscard(c)
			continue
		}
		if s.BossReturn == "top-then-cut" {
			s.putBack(sh, c, atTable, 1, "public")
			n := len(s.Deck)
			k := 0
			if n > 1 && r != nil {
				k = 1 + r.Intn(n-1)
			}
			s.cut(k)
			s.say("The Boss goes back on top of the deck, and the deck is cut: whatever anyone knew of the deck is lost.")
			continue
		}
		s.putBack(sh, c, atTable, len(s.Deck)+1, "public")
		s.say("The Boss goes to the bottom of the deck.")
	}
}

func (s *State) putBackStage(r rng) {
	p := s.Sh.Putter
	depth := len(s.Deck) + 1
	if len(s.alive()) > 1 && s.in(p) {
		var src string
		var ok bool
		depth, src, ok = s.decidePut(p, r)
		if !ok {
			s.ask(p)
			return
		}
		s.fired(p, src, fmt.Sprintf("put the Shanghai! back at depth %d", depth))
	}
	s.putBack(p, cShanghai, atTable, depth, "secret")
	s.say("%s put the Shanghai! back into the deck.", s.name(p))
	s.tell(p, "%s put the Shanghai! back at depth %d of %d (1 = top).", s.name(p), depth, len(s.Deck))
	s.endTurn()
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
	if len(s.alive()) <= 1 {
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
