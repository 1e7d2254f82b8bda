package oldshanghai

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"taipan/adjudicator/engine"
)

// Card is one kind of card (an index into the cards of data.yaml). It
// encodes as its id, e.g. "drink-up".
type Card uint8

// String is the card's name as the rules print it, e.g. "Drink Up!".
func (c Card) String() string {
	if int(c) >= len(data.Cards) {
		return "?"
	}
	return data.Cards[c].Name
}

// ID is the card's id as orders write it, e.g. "drink-up".
func (c Card) ID() string {
	if int(c) >= len(data.Cards) {
		return "?"
	}
	return data.Cards[c].ID
}

// MarshalText encodes the card as its id.
func (c Card) MarshalText() ([]byte, error) { return []byte(c.ID()), nil }

// UnmarshalText reads a card id or name.
func (c *Card) UnmarshalText(b []byte) error {
	k, ok := cardOf(string(b))
	if !ok {
		return fmt.Errorf("%q is not a card: the cards are %s", b, cardList())
	}
	*c = k
	return nil
}

func (c Card) skip() bool { return data.Cards[c].Skip }
func (c Card) gang() bool { return data.Cards[c].Gang }

// Fact is one deck position a player knows: the card at Depth (1 = top),
// or, when Deeper is more than 0, a card of that kind somewhere from Depth
// to Depth+Deeper (old-shanghai/3: what was known before another player
// put a Shanghai! back where only they know, OS-X4).
type Fact struct {
	Depth  int  `json:"depth"`
	Card   Card `json:"card"`
	Deeper int  `json:"deeper,omitempty"`
}

// Held is one card a player knows another player holds.
type Held struct {
	Holder int    `json:"holder"` // seat
	Card   Card   `json:"card"`
	How    string `json:"how"` // e.g. "took it from you"
}

// Player is one seat: hand, standing orders and knowledge. Everything but
// the hand size and whether the player is still in is private.
type Player struct {
	Name    string   `json:"name"`
	Hand    []Card   `json:"hand"` // sorted in data order
	Out     bool     `json:"out,omitempty"`
	Removed bool     `json:"removed,omitempty"` // left by the GM's action
	OutTurn int      `json:"out_turn,omitempty"`
	Orders  Standing `json:"orders"`
	Deck    []Fact   `json:"deck"` // known deck positions, by depth
	Held    []Held   `json:"held"` // known cards in other hands
}

// Stages of the game: what the open step waits for.
const (
	stReview  = "orders"   // everybody still in may revise their standing orders
	stTurn    = "turn"     // the active player: a skip card, or draw
	stKeep    = "keep"     // the active player keeps one of two Old Shell-Back cards
	stHeart   = "heart"    // the drawer of a Shanghai!: Heart of Gold?
	stFinish  = "finish"   // the others: finish the Shanghai?
	stPolice  = "police"   // the drawer: Harbor Police?
	stPutBack = "put-back" // where the Shanghai! goes back
	stOver    = "over"
)

// Shanghai is a Shanghai! being resolved.
type Shanghai struct {
	Drawer     int    `json:"drawer"`
	Shanghaier int    `json:"shanghaier"` // -1 until someone finishes
	With       []Card `json:"with"`       // the Boss or gang pair put down
	Putter     int    `json:"putter"`     // who puts the Shanghai! back
	Outcome    string `json:"outcome"`    // heart, failed, police, shanghaied
}

// State is the whole game: the engine's engine.State is a *State.
type State struct {
	// Rules is the version of the rules the game is played by, from 3
	// (absent, 0, in games of old-shanghai/2).
	Rules      int    `json:"rules,omitempty"`
	Counts     []int  `json:"counts"`      // cards of each kind in the game, data order
	BossReturn string `json:"boss_return"` // bottom (OS-A1) or top-then-cut
	Stalemate  int    `json:"stalemate"`   // turns without an elimination that end the game
	RoundTurns int    `json:"round_turns"` // turns between review steps (0: none)
	// ReviewOnElim opens a review step after every elimination.
	ReviewOnElim bool      `json:"review_on_elimination"`
	Players      []Player  `json:"players"`
	Deck         []Card    `json:"deck"`    // top first
	Discard      []Card    `json:"discard"` // face up, in order
	OutOfPlay    []Card    `json:"out_of_play"`
	Table        []Card    `json:"table"` // face up during a Shanghai!
	Stage        string    `json:"stage"`
	Active       int       `json:"active"` // seat whose turn it is
	Turn         int       `json:"turn"`   // turns played
	Quiet        int       `json:"quiet"`  // turns since the last elimination
	Since        int       `json:"since"`  // turns since the last review step
	Sh           *Shanghai `json:"shanghai,omitempty"`
	Shell        []Card    `json:"shell,omitempty"` // the two Old Shell-Back cards (stage keep)
	Asked        []int     `json:"asked"`           // seats the open step waits for
	Review       bool      `json:"review,omitempty"`
	Ended        string    `json:"ended,omitempty"`
	Winners      []int     `json:"winners,omitempty"`
	Decisions    int       `json:"decisions"` // decisions taken so far
	Asks         int       `json:"asks"`      // decision steps opened so far

	answers []*answer            // the open step's answers by seat, during Resolve
	trace   []move               // card movements of the last Resolve, for tests
	out     []engine.Happening   // happenings being built: the last chunk
	outFull [][]engine.Happening // the chunks of happenings before it
	names   []string             // the players' names, one To for each
	told    []string             // the names of out's To of two, one array for all
	prose   *strings.Builder     // the texts of out, written into few buffers
	// silent: no happening is written (ResolveSilently); nothing the rules
	// decide may depend on one.
	silent bool
	// orderTexts is the text of each standing order that fired in this
	// Resolve, quoted as the happening writes it (fired).
	orderTexts map[source]string
}

// move is one physical movement of a card, recorded for the tests'
// independent knowledge oracle.
type move struct {
	From, To place
	Card     Card
	Depth    int    // deck position it went to (1 = top)
	Mode     string // deck insertions: secret, top, bottom, cut
	By       int
}

// place is where a card is.
type place struct {
	Kind string // deck, hand, table, discard
	Seat int
}

var (
	atDeck    = place{Kind: "deck", Seat: -1}
	atTable   = place{Kind: "table", Seat: -1}
	atDiscard = place{Kind: "discard", Seat: -1}
)

func atHand(p int) place { return place{Kind: "hand", Seat: p} }

// normalize gives the state, in place, the form clone gives a copy, so
// that Resolve changes the state it is handed (the host resolves a clone of
// its own; a replay drops the state before) and still reaches the digests
// the logs recorded: every empty list nil (the digest tells null from []),
// every list cut to its length, so that an append moves it out rather than
// over the next one, and nothing of an earlier Resolve kept.
func (s *State) normalize() {
	s.Counts = clipOrNil(s.Counts)
	if s.Players == nil {
		s.Players = []Player{}
	}
	for i := range s.Players {
		p := &s.Players[i]
		p.Hand, p.Deck, p.Held = clipOrNil(p.Hand), clipOrNil(p.Deck), clipOrNil(p.Held)
	}
	s.Players = slices.Clip(s.Players)
	s.Deck, s.Discard, s.OutOfPlay = clipOrNil(s.Deck), clipOrNil(s.Discard), clipOrNil(s.OutOfPlay)
	s.Table, s.Shell = clipOrNil(s.Table), clipOrNil(s.Shell)
	s.Asked, s.Winners = clipOrNil(s.Asked), clipOrNil(s.Winners)
	if s.Sh != nil {
		s.Sh.With = clipOrNil(s.Sh.With)
	}
	s.answers, s.trace, s.out, s.outFull, s.names, s.told, s.prose, s.orderTexts = nil, nil, nil, nil, nil, nil, nil, nil
}

// clipOrNil is xs cut to its length, or nil when it is empty: a list as
// clone copies it.
func clipOrNil[T any](xs []T) []T {
	if len(xs) == 0 {
		return nil
	}
	return slices.Clip(xs)
}

// clone copies the state for a Resolve or a correction to change. The
// cards of all its lists are copied into one array, the numbers into
// another, the deck facts and the held cards into one each, every list cut
// to its length so that an append moves it out rather than over the next
// one; an empty list becomes nil, as an append to nil makes it (the
// digest tells null from []). The standing orders are shared: they are
// never changed in place, only replaced by a new reading.
func (s *State) clone() *State {
	c := *s
	cards := len(s.Deck) + len(s.Discard) + len(s.OutOfPlay) + len(s.Table) + len(s.Shell)
	facts, held := 0, 0
	for i := range s.Players {
		cards += len(s.Players[i].Hand)
		facts += len(s.Players[i].Deck)
		held += len(s.Players[i].Held)
	}
	if s.Sh != nil {
		cards += len(s.Sh.With)
	}
	cardBuf := make([]Card, 0, cards)
	cutCards := func(cs []Card) []Card {
		if len(cs) == 0 {
			return nil
		}
		n := len(cardBuf)
		cardBuf = append(cardBuf, cs...)
		return cardBuf[n:len(cardBuf):len(cardBuf)]
	}
	intBuf := make([]int, 0, len(s.Counts)+len(s.Asked)+len(s.Winners))
	cutInts := func(xs []int) []int {
		if len(xs) == 0 {
			return nil
		}
		n := len(intBuf)
		intBuf = append(intBuf, xs...)
		return intBuf[n:len(intBuf):len(intBuf)]
	}
	factBuf := make([]Fact, 0, facts)
	heldBuf := make([]Held, 0, held)
	c.Counts = cutInts(s.Counts)
	c.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		p.Hand = cutCards(p.Hand)
		if len(p.Deck) == 0 {
			p.Deck = nil
		} else {
			n := len(factBuf)
			factBuf = append(factBuf, p.Deck...)
			p.Deck = factBuf[n:len(factBuf):len(factBuf)]
		}
		if len(p.Held) == 0 {
			p.Held = nil
		} else {
			n := len(heldBuf)
			heldBuf = append(heldBuf, p.Held...)
			p.Held = heldBuf[n:len(heldBuf):len(heldBuf)]
		}
		c.Players[i] = p
	}
	c.Deck = cutCards(s.Deck)
	c.Discard = cutCards(s.Discard)
	c.OutOfPlay = cutCards(s.OutOfPlay)
	c.Table = cutCards(s.Table)
	c.Shell = cutCards(s.Shell)
	c.Asked = cutInts(s.Asked)
	c.Winners = cutInts(s.Winners)
	if s.Sh != nil {
		sh := *s.Sh
		sh.With = cutCards(s.Sh.With)
		c.Sh = &sh
	}
	c.answers, c.trace, c.out, c.outFull, c.names, c.told, c.prose, c.orderTexts = nil, nil, nil, nil, nil, nil, nil, nil
	return &c
}

// seat returns the seat of the named player, or -1.
func (s *State) seat(name string) int {
	for i, p := range s.Players {
		if p.Name == name {
			return i
		}
	}
	return -1
}

func (s *State) name(p int) string { return s.Players[p].Name }

// in reports whether seat p is still in the game.
func (s *State) in(p int) bool { return p >= 0 && p < len(s.Players) && !s.Players[p].Out }

// alive lists the seats still in the game.
func (s *State) alive() []int {
	var out []int
	for i := range s.Players {
		if s.in(i) {
			out = append(out, i)
		}
	}
	return out
}

// aliveCount is how many seats are still in the game.
func (s *State) aliveCount() int {
	n := 0
	for i := range s.Players {
		if s.in(i) {
			n++
		}
	}
	return n
}

// next returns the first seat after p (clockwise) still in, or -1.
func (s *State) next(p int) int {
	n := len(s.Players)
	for i := 1; i <= n; i++ {
		if q := (p + i) % n; s.in(q) {
			return q
		}
	}
	return -1
}

// count returns how many cards of kind c seat p holds.
func (s *State) count(p int, c Card) int {
	n := 0
	for _, h := range s.Players[p].Hand {
		if h == c {
			n++
		}
	}
	return n
}

// give puts c into p's hand, after the cards of its kind and before
// those after it in data order: where a stable sort of the hand with c
// appended puts it.
func (s *State) give(p int, c Card) {
	h := s.Players[p].Hand
	i := len(h)
	for i > 0 && h[i-1] > c {
		i--
	}
	s.Players[p].Hand = slices.Insert(h, i, c)
}

func (s *State) remove(p int, c Card) {
	h := s.Players[p].Hand
	for i, x := range h {
		if x == c {
			s.Players[p].Hand = append(h[:i], h[i+1:]...)
			return
		}
	}
	panic(fmt.Sprintf("oldshanghai: %s holds no %s", s.name(p), c))
}

func (s *State) record(m move) {
	if s.trace != nil {
		s.trace = append(s.trace, m)
	}
}

// --- Card movements, with what each player learns (rules-analysis 2d). ---

// drawTop moves the top card to p's hand (or, a Shanghai!, face up to the
// table). Players who knew the top card learn that p holds it.
func (s *State) drawTop(p int) Card {
	c := s.Deck[0]
	s.Deck = s.Deck[1:]
	to := atHand(p)
	if c == cShanghai {
		to = atTable
		s.Table = append(s.Table, c)
	} else {
		s.give(p, c)
	}
	s.record(move{From: atDeck, To: to, Card: c, Depth: 1, By: p})
	for k := range s.Players {
		pl := &s.Players[k]
		keep := pl.Deck[:0]
		for _, f := range pl.Deck {
			switch {
			case f.Depth == 1 && f.Deeper == 0:
				if k != p && c != cShanghai {
					pl.Held = append(pl.Held, Held{Holder: p, Card: c, How: "drew the top card you knew"})
				}
			case f.Depth == 1:
				// The card was somewhere from the top down: k can tell it
				// was not the one drawn when k saw the card drawn (the
				// drawer, or a Shanghai! face up) and it was another, or
				// when it is a Shanghai! and none came up.
				seen := k == p || c == cShanghai
				if seen && c != f.Card || !seen && f.Card == cShanghai {
					f.Deeper--
					keep = append(keep, f)
				}
			default:
				f.Depth--
				keep = append(keep, f)
			}
		}
		pl.Deck = keep
	}
	return c
}

// peekDraw moves the top card to p's hand for an Old Shell-Back: even a
// Shanghai! stays hidden until kept, and nobody learns anything.
func (s *State) peekDraw(p int) Card {
	c := s.Deck[0]
	s.Deck = s.Deck[1:]
	s.give(p, c)
	s.record(move{From: atDeck, To: atHand(p), Card: c, Depth: 1, Mode: "shell", By: p})
	for k := range s.Players {
		pl := &s.Players[k]
		keep := pl.Deck[:0]
		for _, f := range pl.Deck {
			switch {
			case f.Depth > 1:
				f.Depth--
				keep = append(keep, f)
			case f.Deeper > 0 && k == p && c != f.Card:
				f.Deeper--
				keep = append(keep, f)
			}
		}
		pl.Deck = keep
	}
	return c
}

// reveal moves a Shanghai! from p's hand face up to the table (Old
// Shell-Back kept it).
func (s *State) reveal(p int) {
	s.remove(p, cShanghai)
	s.Table = append(s.Table, cShanghai)
	s.record(move{From: atHand(p), To: atTable, Card: cShanghai, By: p})
}

// putBack inserts card c from `from` at depth (1 = top .. len+1 =
// bottom). mode says who sees what: "secret" (only p knows where: a
// Shanghai! put back), "top" (everybody sees a card go on top, only p
// knows which: Old Shell-Back), "public" (everybody sees it: a Boss).
func (s *State) putBack(p int, c Card, from place, depth int, mode string) {
	switch from.Kind {
	case "hand":
		s.remove(from.Seat, c)
	case "table":
		s.takeTable(c)
	}
	s.Deck = append(s.Deck, 0)
	copy(s.Deck[depth:], s.Deck[depth-1:])
	s.Deck[depth-1] = c
	s.record(move{From: from, To: atDeck, Card: c, Depth: depth, Mode: mode, By: p})
	for k := range s.Players {
		pl := &s.Players[k]
		if mode == "secret" && k != p {
			if s.rules().SecretPutShiftsKnowledge {
				pl.Deck = shiftUnknown(pl.Deck)
			} else {
				pl.Deck = nil // where it went is unknown: positions are stale
			}
			continue
		}
		for i := range pl.Deck {
			f := &pl.Deck[i]
			switch {
			case f.Depth >= depth:
				f.Depth++
			case f.Depth+f.Deeper >= depth:
				f.Deeper++ // the card was at or below the depth, or above it
			}
		}
		if k == p || mode == "public" {
			pl.Deck = append(pl.Deck, Fact{Depth: depth, Card: c})
			sortFacts(pl.Deck)
		}
	}
}

// shiftUnknown is what a player knows of the deck after another player
// put a Shanghai! back at a depth only they know (OS-X4, old-shanghai/3):
// every card known may have moved one down, except a run of Shanghai!
// cards known from the top (1, 2, ...), which stays, since a Shanghai! put
// back among them or just below leaves Shanghai! cards at those depths.
func shiftUnknown(facts []Fact) []Fact {
	run := 0
	for _, f := range facts {
		if f.Deeper == 0 && f.Card == cShanghai && f.Depth == run+1 {
			run++
		}
	}
	for i := range facts {
		if facts[i].Deeper == 0 && facts[i].Card == cShanghai && facts[i].Depth <= run {
			continue
		}
		facts[i].Deeper++
	}
	return facts
}

func sortFacts(fs []Fact) {
	slices.SortStableFunc(fs, func(a, b Fact) int { return cmp.Compare(a.Depth, b.Depth) })
}

// cut moves the top r cards to the bottom; every deck position known is
// lost (rules-analysis 2d: "This knowledge expires after a cut or shuffle").
func (s *State) cut(r int) {
	s.Deck = append(append([]Card(nil), s.Deck[r:]...), s.Deck[:r]...)
	s.record(move{From: atDeck, To: atDeck, Depth: r, Mode: "cut", By: -1})
	for k := range s.Players {
		s.Players[k].Deck = nil
	}
}

func (s *State) takeTable(c Card) {
	for i, x := range s.Table {
		if x == c {
			s.Table = append(s.Table[:i], s.Table[i+1:]...)
			return
		}
	}
	panic(fmt.Sprintf("oldshanghai: no %s on the table", c))
}

// take moves a uniformly random card of victim's hand to taker's
// (OS-A11), and returns it; ok is false when the hand is empty.
func (s *State) take(taker, victim int, rng interface{ Intn(int) int }) (Card, bool) {
	h := s.Players[victim].Hand
	if len(h) == 0 {
		return 0, false
	}
	c := h[rng.Intn(len(h))]
	s.remove(victim, c)
	s.give(taker, c)
	s.record(move{From: atHand(victim), To: atHand(taker), Card: c, By: taker})
	for k := range s.Players {
		pl := &s.Players[k]
		switch k {
		case victim:
			pl.Held = append(pl.Held, Held{Holder: taker, Card: c, How: "took it from you"})
		case taker:
			pl.Held = dropHeld(pl.Held, victim, c, 1)
		default:
			// Which card went is unknown: what k knew of victim's hand is stale.
			pl.Held = dropHeld(pl.Held, victim, 0, -1)
		}
	}
	return c, true
}

// dropHeld removes n facts (n < 0: all) about holder's cards of kind c
// (any kind when n < 0).
func dropHeld(hs []Held, holder int, c Card, n int) []Held {
	out := hs[:0]
	for _, h := range hs {
		if h.Holder == holder && (n < 0 || (h.Card == c && n > 0)) {
			if n > 0 {
				n--
			}
			continue
		}
		out = append(out, h)
	}
	return out
}

// play moves card c from p's hand face up to `to` (the discard pile or
// the table); whoever knew p held a c can no longer be sure of it.
func (s *State) play(p int, c Card, to place) {
	s.remove(p, c)
	if to.Kind == "table" {
		s.Table = append(s.Table, c)
	} else {
		s.Discard = append(s.Discard, c)
	}
	s.record(move{From: atHand(p), To: to, Card: c, By: p})
	for k := range s.Players {
		s.Players[k].Held = dropHeld(s.Players[k].Held, p, c, 1)
	}
}

// tableToDiscard discards a face-up card.
func (s *State) tableToDiscard(c Card) {
	s.takeTable(c)
	s.Discard = append(s.Discard, c)
	s.record(move{From: atTable, To: atDiscard, Card: c, By: -1})
}

// eliminate puts p out: the rest of the hand is discarded face up
// (rules-analysis 2f) and nothing more is known of it.
func (s *State) eliminate(p int) {
	pl := &s.Players[p]
	for len(pl.Hand) > 0 {
		c := pl.Hand[0]
		pl.Hand = pl.Hand[1:]
		s.Discard = append(s.Discard, c)
		s.record(move{From: atHand(p), To: atDiscard, Card: c, By: p})
	}
	pl.Out, pl.OutTurn = true, s.Turn+1
	pl.Deck, pl.Held = nil, nil
	for k := range s.Players {
		s.Players[k].Held = dropHeld(s.Players[k].Held, p, 0, -1)
	}
}
