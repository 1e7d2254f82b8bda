package sackson

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Card is one destination card: an index into the cards of data.yaml. It
// encodes as its id, e.g. "13-0".
type Card int

// String returns the card's id, e.g. "13-0".
func (c Card) String() string {
	if c < 0 || int(c) >= len(data.Cards) {
		return "?"
	}
	return data.Cards[c].ID
}

// Dest is the card's destination number, 1..13.
func (c Card) Dest() int { return data.Cards[c].dest }

// Value is the card's printed value at time t (before doubling).
func (c Card) Value(t int) int { return data.Cards[c].Values[t] }

// MarshalText encodes the card as its id.
func (c Card) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a card id.
func (c *Card) UnmarshalText(b []byte) error {
	k, msg := parseCard(string(b))
	if msg != "" {
		return fmt.Errorf("%s", msg)
	}
	*c = k
	return nil
}

var cardRE = regexp.MustCompile(`^([0-9]{1,2})\s*[-/.]\s*([0-9])$`)

// parseCard reads "8-0" (or "8/0", "8.0"). On failure it returns a
// message for the player.
func parseCard(text string) (Card, string) {
	t := strings.TrimSpace(text)
	m := cardRE.FindStringSubmatch(t)
	if m == nil {
		return 0, fmt.Sprintf("%q is not a card: write it as your hand shows it, DESTINATION-NUMBER, e.g. 8-0", text)
	}
	c, ok := data.cardByID[m[1]+"-"+m[2]]
	if !ok {
		return 0, fmt.Sprintf("there is no card %s-%s", m[1], m[2])
	}
	return c, ""
}

// Player is one seat.
type Player struct {
	Name    string `json:"name"`
	Space   int    `json:"space"` // 0: not yet on the track
	Money   int    `json:"money"`
	Hand    []Card `json:"hand"` // sorted in data order
	Removed bool   `json:"removed,omitempty"`
}

// Bid is one player's sealed bid of a resolved round.
type Bid struct {
	Seat    int  `json:"seat"`
	Amount  int  `json:"amount"`            // 0: no bid
	Over    bool `json:"over,omitempty"`    // more than the player had (what-if a)
	Penalty int  `json:"penalty,omitempty"` // paid to the bank for it
}

// Play is the cards one player played in a resolved round.
type Play struct {
	Seat   int    `json:"seat"`
	Cards  []Card `json:"cards"`
	Points int    `json:"points"`
	From   int    `json:"from"`
	To     int    `json:"to"`
	Free   bool   `json:"free"` // free information (not the one who placed Lang-Tsu)
}

// EventLog is an event card carried out.
type EventLog struct {
	Round   int    `json:"round"`
	Event   int    `json:"event"`   // index into the events of data.yaml
	Chooser int    `json:"chooser"` // seat that decided
	To      int    `json:"to"`      // seat that received it
	Result  string `json:"result"`  // what it did, in words
}

// RoundLog is the public record of the last resolved round (bids are
// revealed after the round, SS-3d).
type RoundLog struct {
	Round   int   `json:"round"`
	Time    int   `json:"time"`
	From    int   `json:"from"` // Lang-Tsu's place before the round
	To      int   `json:"to"`   // where he went
	Bids    []Bid `json:"bids"`
	Chooser int   `json:"chooser"` // seat that placed Lang-Tsu, -1 when drawn
	// How is "bid" (won the auction), "previous" (nobody bid: the previous
	// determiner, what-if b) or "drawn" (nobody bid and nobody determined
	// the last round, SS-A7).
	How    string `json:"how"`
	Paid   int    `json:"paid"`            // the bribe
	Tie    string `json:"tie,omitempty"`   // how a tie of bids was broken
	Plays  []Play `json:"plays"`           // the chooser first, then clockwise
	Bought int    `json:"bought"`          // seat that bought a card, -1 none
	Card   *Card  `json:"card,omitempty"`  // the card bought (shown to its buyer only)
	Event  *int   `json:"event,omitempty"` // index into State.EventsDone
}

// State is the whole game: the engine's engine.State is a *State.
type State struct {
	// Rules is the version of the rules the game is played by, from 2
	// (absent, 0, in games of shanghai/1).
	Rules   int      `json:"rules,omitempty"`
	Players []Player `json:"players"`
	Round   int      `json:"round"` // the round being played, from 1
	LangTsu int      `json:"lang_tsu"`
	Junk    int      `json:"junk"` // unit J: spaces 2J-1 and 2J
	// Determiner is the seat that placed Lang-Tsu in the last round, -1
	// when nobody did (round 1, or a drawn destination).
	Determiner int        `json:"determiner"`
	Pile       []Card     `json:"pile"`   // face down, top first
	Events     []int      `json:"events"` // event pile, top first
	Keeper     int        `json:"keeper"` // bribes paid to the keeper (SS-A18)
	Bank       int        `json:"bank"`   // penalties and card purchases
	Quiet      int        `json:"quiet"`  // rounds in a row without a piece moving (SS-G13, SS-X8)
	Last       *RoundLog  `json:"last,omitempty"`
	EventsDone []EventLog `json:"events_done"`
	Over       bool       `json:"over"`
	Winners    []int      `json:"winners,omitempty"`
	End        string     `json:"end,omitempty"`   // reached, stuck or left
	Ended      string     `json:"ended,omitempty"` // how the game ended, in words
}

// normalize gives the state's slices, in place, the form clone gives them
// (empty lists it copies become nil, the players' list is never nil): the
// state's JSON, and so its digest, tells the two forms apart.
func (s *State) normalize() {
	if s.Players == nil {
		s.Players = []Player{}
	}
	for i := range s.Players {
		if len(s.Players[i].Hand) == 0 {
			s.Players[i].Hand = nil
		}
	}
	if len(s.Pile) == 0 {
		s.Pile = nil
	}
	if len(s.Events) == 0 {
		s.Events = nil
	}
	if len(s.EventsDone) == 0 {
		s.EventsDone = nil
	}
	if len(s.Winners) == 0 {
		s.Winners = nil
	}
	if s.Last != nil {
		if len(s.Last.Bids) == 0 {
			s.Last.Bids = nil
		}
		if len(s.Last.Plays) == 0 {
			s.Last.Plays = nil
		}
	}
}

func (s *State) clone() *State {
	c := *s
	c.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		p.Hand = append([]Card(nil), p.Hand...)
		c.Players[i] = p
	}
	c.Pile = append([]Card(nil), s.Pile...)
	c.Events = append([]int(nil), s.Events...)
	c.EventsDone = append([]EventLog(nil), s.EventsDone...)
	c.Winners = append([]int(nil), s.Winners...)
	if s.Last != nil {
		l := *s.Last
		l.Bids = append([]Bid(nil), l.Bids...)
		l.Plays = append([]Play(nil), l.Plays...)
		c.Last = &l
	}
	return &c
}

// v2 reports whether the game plays the rules of shanghai/2 or later.

// time is the time of day of the open round (SS-A1: round 1 at the sun).
func (s *State) time() int { return (s.Round - 1) % len(data.Times) }

// junkLow and junkHigh are the junk's two spaces.
func (s *State) junkLow() int  { return 2*s.Junk - 1 }
func (s *State) junkHigh() int { return 2 * s.Junk }

// seat returns the seat of the named player, or -1.
func (s *State) seat(name string) int {
	for i, p := range s.Players {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// seatNamed returns the seat of the player a player's orders name: the
// exact name, else the one name equal to it in any case, or -1.
func (s *State) seatNamed(name string) int {
	name = strings.TrimSpace(name)
	if q := s.seat(name); q >= 0 {
		return q
	}
	found := -1
	for i, p := range s.Players {
		if strings.EqualFold(p.Name, name) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// names lists the players' names in seat order.
func (s *State) names() []string {
	out := make([]string, len(s.Players))
	for i, p := range s.Players {
		out[i] = p.Name
	}
	return out
}

// active reports whether seat is a player still in the game.
func (s *State) active(seat int) bool {
	return seat >= 0 && seat < len(s.Players) && !s.Players[seat].Removed
}

// activeCount is the number of players still in the game.
func (s *State) activeCount() int {
	n := 0
	for i := range s.Players {
		if s.active(i) {
			n++
		}
	}
	return n
}

// clockwise lists the active seats after from (from's left first), ending
// with from itself if it is active; from -1 starts at seat 0.
func (s *State) clockwise(from int) []int {
	n := len(s.Players)
	var out []int
	for i := 1; i <= n; i++ {
		q := (from + i + n) % n
		if from < 0 {
			q = i - 1
		}
		if s.active(q) {
			out = append(out, q)
		}
	}
	return out
}

// has reports whether seat holds card c.
func (s *State) has(seat int, c Card) bool {
	for _, h := range s.Players[seat].Hand {
		if h == c {
			return true
		}
	}
	return false
}

func (s *State) take(seat int, c Card) {
	h := s.Players[seat].Hand
	for i, x := range h {
		if x == c {
			s.Players[seat].Hand = append(h[:i:i], h[i+1:]...)
			return
		}
	}
	panic("sackson: take of a card not held")
}

func (s *State) give(seat int, c Card) {
	h := append(s.Players[seat].Hand, c)
	slices.Sort(h)
	s.Players[seat].Hand = h
}

// moveTo puts seat's piece on space n, kept on the track 0..64 (SS-G5).
func (s *State) moveTo(seat, n int) {
	s.Players[seat].Space = min(max(n, 0), data.Track)
}

// money formats an amount as the rulebook does, e.g. "1,200".
func money(n int) string {
	neg := n < 0
	if neg {
		n = -n
	}
	t := fmt.Sprint(n)
	for i := len(t) - 3; i > 0; i -= 3 {
		t = t[:i] + "," + t[i:]
	}
	if neg {
		return "-" + t
	}
	return t
}
