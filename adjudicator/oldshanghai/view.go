package oldshanghai

import (
	"fmt"
	"sort"
	"strings"
	"taipan/adjudicator/engine"
)

// View is what one player (or, for the viewer "", the GM) may see. Its JSON
// is an object; the report template "old-shanghai-view" renders it.
type View struct {
	Viewer    string   `json:"viewer,omitempty"` // "" for the GM
	Status    string   `json:"status"`
	Stage     string   `json:"stage"` // orders, turn, keep, heart, finish, police, put-back, over
	Turn      int      `json:"turn"`  // turns played
	Active    string   `json:"active"`
	Pending   []string `json:"pending"`
	Finished  bool     `json:"finished"`
	Winners   []string `json:"winners,omitempty"`
	Ended     string   `json:"ended,omitempty"`
	Quiet     int      `json:"quiet"`     // turns since the last elimination
	Stalemate int      `json:"stalemate"` // the turn cap
	// BossReturn is where a Boss goes: bottom (OS-A1) or top-then-cut.
	BossReturn string       `json:"boss_return"`
	DeckSize   int          `json:"deck_size"`
	Table      []string     `json:"table"`   // face up during a Shanghai!
	Discard    []string     `json:"discard"` // the discard pile, face up
	OutOfPlay  []string     `json:"out_of_play"`
	Players    []PlayerView `json:"players"`
	// The viewer's own: hand, what they know, standing orders, question.
	Hand      []string    `json:"hand,omitempty"`
	Known     []KnownCard `json:"known,omitempty"`
	KnownHeld []KnownHeld `json:"known_held,omitempty"`
	Shell     []string    `json:"shell,omitempty"` // Old Shell-Back cards to choose from
	Orders    []string    `json:"orders,omitempty"`
	Question  string      `json:"question,omitempty"`
	// GM only: the deck, top first.
	Deck []string `json:"deck,omitempty"`
	// First is, before the first turn, the player who plays it (O9: the
	// campaign's setup first:, else drawn at random).
	First string `json:"first,omitempty"`
	// Decisions is how many decisions have been taken (by standing orders
	// or answers): the GM's view only, since a decision is taken only
	// when a player may make it, which can show a hand. Asks is how many
	// steps waited for a decision.
	Decisions int `json:"decisions,omitempty"`
	Asks      int `json:"asks"`
}

// PlayerView is one player as the viewer sees them: the hand itself only
// for the player and the GM.
type PlayerView struct {
	Name    string   `json:"name"`
	Cards   int      `json:"cards"`
	Out     bool     `json:"out,omitempty"`
	Removed bool     `json:"removed,omitempty"`
	OutTurn int      `json:"out_turn,omitempty"`
	Hand    []string `json:"hand,omitempty"`       // GM view only
	Known   []string `json:"known,omitempty"`      // GM view: the player's deck knowledge
	Held    []string `json:"known_held,omitempty"` // GM view: what they know of hands
	Orders  []string `json:"orders,omitempty"`     // GM view: standing orders
}

// KnownCard is a deck position the viewer knows: the card at Depth, or
// (Deeper > 0) a card of that kind somewhere from Depth to Depth+Deeper.
type KnownCard struct {
	Depth  int    `json:"depth"`
	Deeper int    `json:"deeper,omitempty"`
	Card   string `json:"card"`
}

// Text is the fact as a report says it.
func (k KnownCard) Text() string {
	switch k.Deeper {
	case 0:
		return fmt.Sprintf("The card at depth %d of the deck (1 = top) is %s.", k.Depth, k.Card)
	case 1:
		return fmt.Sprintf("A %s is at depth %d or %d of the deck (1 = top).", k.Card, k.Depth, k.Depth+1)
	}
	return fmt.Sprintf("A %s is at a depth from %d to %d of the deck (1 = top).", k.Card, k.Depth, k.Depth+k.Deeper)
}

// Short is the fact in a few characters, e.g. "3: Boss" or "3-4: Boss".
func (k KnownCard) Short() string {
	if k.Deeper == 0 {
		return fmt.Sprintf("%d: %s", k.Depth, k.Card)
	}
	return fmt.Sprintf("%d-%d: %s", k.Depth, k.Depth+k.Deeper, k.Card)
}

// KnownHeld is a card the viewer knows another player holds.
type KnownHeld struct {
	Player string `json:"player"`
	Card   string `json:"card"`
	How    string `json:"how"`
}

func names(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// View returns what player may see; "" is the GM's full view.
func (Engine) View(as engine.State, player string) any {
	s := state(as)
	st := Engine{}.Status(s)
	v := View{
		Viewer: player, Status: st.Phase, Stage: s.Stage, Turn: s.Turn, Active: s.name(s.Active),
		Pending: st.Pending, Finished: st.Finished, Winners: st.Winners, Ended: s.Ended,
		Quiet: s.Quiet, Stalemate: s.Stalemate, BossReturn: s.BossReturn, DeckSize: len(s.Deck),
		Table: names(s.Table), Discard: names(s.Discard), OutOfPlay: names(s.OutOfPlay),
		Asks: s.Asks,
	}
	if s.Turn == 0 && s.Stage == stReview {
		v.First = s.name(s.Active)
	}
	if player == "" {
		v.Decisions = s.Decisions
	}
	if v.Pending == nil {
		v.Pending = []string{}
	}
	p := s.seat(player)
	for q, pl := range s.Players {
		pv := PlayerView{Name: pl.Name, Cards: len(pl.Hand), Out: pl.Out, Removed: pl.Removed, OutTurn: pl.OutTurn}
		if player == "" {
			pv.Hand = names(pl.Hand)
			pv.Orders = s.standingLines(q)
			for _, f := range pl.Deck {
				pv.Known = append(pv.Known, KnownCard{Depth: f.Depth, Deeper: f.Deeper, Card: f.Card.String()}.Short())
			}
			for _, h := range pl.Held {
				pv.Held = append(pv.Held, fmt.Sprintf("%s: %s", s.name(h.Holder), h.Card))
			}
		}
		v.Players = append(v.Players, pv)
	}
	if player == "" {
		v.Deck = names(s.Deck)
		if s.Stage == stKeep {
			v.Shell = names(s.Shell)
		}
		return v
	}
	if p < 0 {
		return v
	}
	pl := s.Players[p]
	v.Hand = names(pl.Hand)
	if v.Hand == nil {
		v.Hand = []string{}
	}
	for _, f := range pl.Deck {
		v.Known = append(v.Known, KnownCard{Depth: f.Depth, Deeper: f.Deeper, Card: f.Card.String()})
	}
	for _, h := range pl.Held {
		v.KnownHeld = append(v.KnownHeld, KnownHeld{Player: s.name(h.Holder), Card: h.Card.String(), How: h.How})
	}
	v.Orders = s.standingLines(p)
	v.Question = s.question(p)
	if s.Stage == stKeep && s.Active == p {
		v.Shell = names(s.Shell)
	}
	return v
}

// Wrap breaks s into lines shorter than 72 characters for the report, the
// first starting with prefix and the others indented to match.
func (View) Wrap(prefix, s string) string {
	return engine.Wrap(s, prefix, 71)
}

// List joins card names as one line, "none" when empty, counting
// repeats: "Boss x2, Drink Up!".
func (View) List(cards []string) string {
	if len(cards) == 0 {
		return "none"
	}
	cards = append([]string(nil), cards...)
	sort.Strings(cards)
	var parts []string
	for i := 0; i < len(cards); {
		j := i
		for j < len(cards) && cards[j] == cards[i] {
			j++
		}
		if j-i > 1 {
			parts = append(parts, fmt.Sprintf("%s x%d", cards[i], j-i))
		} else {
			parts = append(parts, cards[i])
		}
		i = j
	}
	return strings.Join(parts, ", ")
}

// Line describes a player in one line, e.g. "bob: 6 cards" or "carol: out
// (Shanghaied in turn 12)".
func (p PlayerView) Line() string {
	switch {
	case p.Removed:
		return p.Name + ": left the game"
	case p.Out:
		return fmt.Sprintf("%s: out (Shanghaied in turn %d)", p.Name, p.OutTurn)
	}
	return p.Name + ": " + count(p.Cards, "card")
}

// Join joins words with commas.
func (View) Join(words []string) string { return strings.Join(words, ", ") }
