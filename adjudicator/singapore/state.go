package singapore

import (
	"fmt"
	"taipan/adjudicator/engine"
)

// Phases of a game.
const (
	phaseStart = "start" // the player to the first player's right places the Secret Society card
	phaseTurn  = "turn"  // the active player's turn
	phaseChen  = "chen"  // Rival Chen's holder takes 2 River goods before scoring
	phaseOver  = "over"  // the game is finished
)

// HandCard is one card in a player's hand. Open cards were seen by
// everybody when they arrived (taken from the River, or Rival Chen's
// picks); the card dealt at set-up is not open.
type HandCard struct {
	Card Card `json:"card"`
	Open bool `json:"open,omitempty"`
}

// DeckCard is one card of the deck and who knows it is there.
type DeckCard struct {
	Card   Card  `json:"card"`
	Public bool  `json:"public,omitempty"` // everyone saw it go there (Silk)
	Seen   []int `json:"seen,omitempty"`   // seats that saw it go there (Joss Paper, Salted Fish), ascending
}

// knownTo reports whether seat knows this deck card.
func (d DeckCard) knownTo(seat int) bool {
	if d.Public {
		return true
	}
	for _, s := range d.Seen {
		if s == seat {
			return true
		}
	}
	return false
}

// Player is one seat.
type Player struct {
	Name     string     `json:"name"`
	Hand     []HandCard `json:"hand"` // in the order received
	Merchant string     `json:"merchant,omitempty"`
	Removed  bool       `json:"removed,omitempty"`
	// Plan is the player's standing plan for their next turn (private).
	Plan *Plan `json:"plan,omitempty"`
}

// cards returns the player's hand as plain cards.
func (p *Player) cards() []Card {
	out := make([]Card, len(p.Hand))
	for i, h := range p.Hand {
		out[i] = h.Card
	}
	return out
}

// State is the whole game: the engine's engine.State is a *State.
type State struct {
	// Rules is the version of the rules the game is played by, from 2
	// (absent, 0, in games of singapore-1889/1).
	Rules     int        `json:"rules,omitempty"`
	Types     []int      `json:"types"` // goods in play (indexes into data.yaml's goods), Opium included, data order
	Plain     bool       `json:"plain_goods,omitempty"`
	Ordinance bool       `json:"ordinance,omitempty"`
	Figures   bool       `json:"influential_figures,omitempty"`
	Total     int        `json:"total"` // Goods cards in this game
	Players   []Player   `json:"players"`
	First     int        `json:"first"` // seat of the first player
	Phase     string     `json:"phase"`
	Active    int        `json:"active"` // seat to act (start, turn and chen phases)
	Turn      int        `json:"turn"`   // turns played so far
	River     []Card     `json:"river"`  // data.River slots, left to right; NoCard when empty
	SS        int        `json:"ss"`     // 0-based slot under the Secret Society card
	Seized    []Card     `json:"seized"` // in the order seized
	Deck      []DeckCard `json:"deck"`   // top first
	Aside     bool       `json:"ordinance_aside,omitempty"`
	Ended     string     `json:"ended,omitempty"` // why the game ended
}

// normalize gives the state's slices, in place, the form clone gives them
// (empty lists it copies become nil, the players' list is never nil): the
// state's JSON, and so its digest, tells the two forms apart.
func (s *State) normalize() {
	if len(s.Types) == 0 {
		s.Types = nil
	}
	if s.Players == nil {
		s.Players = []Player{}
	}
	for i := range s.Players {
		if len(s.Players[i].Hand) == 0 {
			s.Players[i].Hand = nil
		}
	}
	if len(s.River) == 0 {
		s.River = nil
	}
	if len(s.Seized) == 0 {
		s.Seized = nil
	}
	if len(s.Deck) == 0 {
		s.Deck = nil
	}
}

func (s *State) clone() *State {
	c := *s
	c.Types = append([]int(nil), s.Types...)
	c.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		p.Hand = append([]HandCard(nil), p.Hand...)
		c.Players[i] = p // plans are never modified in place
	}
	c.River = append([]Card(nil), s.River...)
	c.Seized = append([]Card(nil), s.Seized...)
	c.Deck = append([]DeckCard(nil), s.Deck...) // Seen slices are never modified in place
	return &c
}

func state(s engine.State) *State {
	st, ok := s.(*State)
	if !ok || st == nil {
		panic(fmt.Sprintf("singapore: state of type %T", s))
	}
	return st
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

// inPlay reports whether goods type t is in this game.
func (s *State) inPlay(t int) bool {
	for _, x := range s.Types {
		if x == t {
			return true
		}
	}
	return false
}

// typeNames lists the goods in play.
func (s *State) typeNames() []string {
	out := make([]string, len(s.Types))
	for i, t := range s.Types {
		out[i] = data.Goods[t].Name
	}
	return out
}

// effects reports whether the goods effects apply (not Plain Goods).
func (s *State) effects() bool { return !s.Plain }

// marked counts the Marked goods in the River (SG-A16).
func (s *State) marked() int {
	n := 0
	for _, c := range s.River {
		if c != NoCard && c.Marked() {
			n++
		}
	}
	return n
}

// riverCount is the number of cards in the River.
func (s *State) riverCount() int {
	n := 0
	for _, c := range s.River {
		if c != NoCard {
			n++
		}
	}
	return n
}

// goodsInDeck is the number of goods cards in the deck: the Ordinance
// card, when it is there, is not one.
func (s *State) goodsInDeck() int {
	n := 0
	for _, d := range s.Deck {
		if d.Card != OrdinanceCard {
			n++
		}
	}
	return n
}

// done reports whether seat has finished collecting (7 goods) or left.
func (s *State) done(seat int) bool {
	return s.Players[seat].Removed || len(s.Players[seat].Hand) >= data.Hand
}

// nextSeat returns the next seat after p, to the left, that still takes
// turns, or -1 when nobody does.
func (s *State) nextSeat(p int) int {
	n := len(s.Players)
	for i := 1; i <= n; i++ {
		q := (p + i) % n
		if !s.done(q) {
			return q
		}
	}
	return -1
}

// startSeat is the player to the first player's right (SG-A3: the last in
// turn order).
func (s *State) startSeat() int {
	n := len(s.Players)
	return (s.First + n - 1) % n
}

// chenSeat is the seat holding Rival Chen, or -1.
func (s *State) chenSeat() int {
	for i, p := range s.Players {
		if p.Merchant == merchChen {
			return i
		}
	}
	return -1
}

// pending reports whether seat owes orders for the open step.
func (s *State) pending(seat int) bool {
	if seat < 0 || seat >= len(s.Players) || s.Players[seat].Removed || s.Phase == phaseOver {
		return false
	}
	return seat == s.Active
}

// activeCount is the number of players still in the game.
func (s *State) activeCount() int {
	n := 0
	for _, p := range s.Players {
		if !p.Removed {
			n++
		}
	}
	return n
}

// allCards lists every Goods card of the game, wherever it is, plus the
// Ordinance card when it is in play; for conservation checks.
func (s *State) allCards() []Card {
	var out []Card
	out = append(out, s.River...)
	out = append(out, s.Seized...)
	for _, d := range s.Deck {
		out = append(out, d.Card)
	}
	for _, p := range s.Players {
		out = append(out, p.cards()...)
	}
	if s.Aside {
		out = append(out, OrdinanceCard)
	}
	kept := out[:0]
	for _, c := range out {
		if c != NoCard {
			kept = append(kept, c)
		}
	}
	return kept
}

// components lists the game's cards in component order: each type in play
// (data order), Marked then Unmarked.
func componentCards(types []int) []Card {
	var out []Card
	for _, t := range types {
		g := data.Goods[t]
		for i := 0; i < g.Marked; i++ {
			out = append(out, mkCard(t, true))
		}
		for i := 0; i < g.Unmarked; i++ {
			out = append(out, mkCard(t, false))
		}
	}
	return out
}
