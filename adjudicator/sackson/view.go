package sackson

import (
	"fmt"
	"strings"
	"taipan/adjudicator/engine"
)

// View is what one player (or, for the viewer "", the GM) may see. Its JSON
// is an object; the report template "shanghai-view" renders it as text.
// A player sees their own hand only; the other hands are shown by size.
type View struct {
	Viewer   string   `json:"viewer,omitempty"` // "" for the GM
	Status   string   `json:"status"`           // Status.Phase
	Round    int      `json:"round"`            // the round to be played (the last one when finished)
	Time     TimeView `json:"time"`             // its time of day
	Pending  []string `json:"pending"`
	Finished bool     `json:"finished"`
	Winners  []string `json:"winners,omitempty"`
	Ended    string   `json:"ended,omitempty"` // how the game ended
	LangTsu  DestView `json:"lang_tsu"`
	// Options are the four places the disc's arrows point at.
	Options []DestView `json:"options"`
	// Determiner placed Lang-Tsu last round ("" if nobody did).
	Determiner string       `json:"determiner,omitempty"`
	Junk       JunkView     `json:"junk"`
	Players    []PlayerView `json:"players"`
	Pile       int          `json:"pile"`       // cards in the destination pile
	EventPile  int          `json:"event_pile"` // always 16
	Keeper     int          `json:"keeper"`     // bribes paid so far
	Bank       int          `json:"bank"`       // penalties and card purchases
	// Quiet counts rounds in a row without a card played (12 end the game).
	Quiet  int         `json:"quiet"`
	Last   *LastView   `json:"last,omitempty"` // the last round played
	Events []EventView `json:"events"`         // every event card carried out
	// PileCards and EventOrder are the piles, top first: GM only.
	PileCards  []string `json:"pile_cards,omitempty"`
	EventOrder []string `json:"event_order,omitempty"`
}

// TimeView is a time of day.
type TimeView struct {
	Name   string `json:"name"`  // sun, tea, face, rice, temple, moon
	Label  string `json:"label"` // early morning ...
	Double bool   `json:"double"`
	Limit  int    `json:"limit"` // cards of one destination that may be played
}

// DestView is a destination.
type DestView struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
}

// JunkView is the junk's two spaces.
type JunkView struct {
	Low  int `json:"low"`
	High int `json:"high"`
}

// PlayerView is one player as the viewer sees them. Money is public
// (rules-analysis 3d).
type PlayerView struct {
	Name    string `json:"name"`
	Mark    string `json:"mark"` // the piece's letter on the track drawing
	Space   int    `json:"space"`
	Money   int    `json:"money"`
	Cards   int    `json:"cards"`         // hand size (public)
	Hand    []Held `json:"hand,omitzero"` // own hand only (and the GM); absent for others
	Removed bool   `json:"removed,omitempty"`
}

// Held is a card in the viewer's hand, with its value at the coming time.
type Held struct {
	Card   string `json:"card"`
	Dest   int    `json:"dest"`
	Name   string `json:"name"`   // the destination's name
	Now    int    `json:"now"`    // points it scores in the coming round (doubled at tea and temple)
	Values []int  `json:"values"` // printed, sun to moon
	Option bool   `json:"option"` // its destination is one of the coming options
}

// LastView is the last round played; all its bids are revealed.
type LastView struct {
	Round   int        `json:"round"`
	Time    TimeView   `json:"time"`
	From    DestView   `json:"from"`
	To      DestView   `json:"to"`
	How     string     `json:"how"`               // bid, previous or drawn
	Chooser string     `json:"chooser,omitempty"` // who placed Lang-Tsu
	Paid    int        `json:"paid"`
	Tie     string     `json:"tie,omitempty"` // behind or drawn
	Bids    []BidView  `json:"bids"`
	Plays   []PlayView `json:"plays"`
	Bought  string     `json:"bought,omitempty"` // who bought a card
	Card    string     `json:"card,omitempty"`   // which: to the buyer (and GM) only
	Event   *EventView `json:"event,omitempty"`
}

// BidView is one revealed bid.
type BidView struct {
	Name    string `json:"name"`
	Amount  int    `json:"amount"`
	Over    bool   `json:"over,omitempty"`
	Penalty int    `json:"penalty,omitempty"`
}

// PlayView is the cards one player played, shown to all (SS-A17).
type PlayView struct {
	Name   string   `json:"name"`
	Cards  []string `json:"cards"`
	Points int      `json:"points"`
	From   int      `json:"from"`
	To     int      `json:"to"`
	Free   bool     `json:"free"`
}

// EventView is an event card carried out.
type EventView struct {
	Round   int    `json:"round"`
	Card    string `json:"card"`
	Name    string `json:"name"`
	Text    string `json:"text"`
	Chooser string `json:"chooser"`
	To      string `json:"to"`
	Result  string `json:"result"`
}

func timeView(t int) TimeView {
	x := data.Times[t]
	return TimeView{Name: x.Name, Label: x.Label, Double: x.Double, Limit: limit(t)}
}

func destView(d int) DestView { return DestView{Number: d, Name: data.Destinations[d-1]} }

func (s *State) eventView(e EventLog) EventView {
	ev := data.Events[e.Event]
	return EventView{Round: e.Round, Card: ev.ID, Name: ev.Name, Text: ev.Text, Chooser: s.name(e.Chooser), To: s.name(e.To), Result: e.Result}
}

// View returns what player may see; "" is the GM's full view.
func (Engine) View(as engine.State, player string) any {
	s := state(as)
	st := Engine{}.Status(s)
	t := s.time()
	v := View{
		Viewer: player, Status: st.Phase, Round: s.Round, Time: timeView(t),
		Pending: st.Pending, Finished: st.Finished, Winners: st.Winners, Ended: s.Ended,
		LangTsu: destView(s.LangTsu), Junk: JunkView{s.junkLow(), s.junkHigh()},
		Pile: len(s.Pile), EventPile: len(s.Events), Keeper: s.Keeper, Bank: s.Bank, Quiet: s.Quiet,
		Events: []EventView{},
	}
	if v.Pending == nil {
		v.Pending = []string{}
	}
	for _, d := range options(s.LangTsu) {
		v.Options = append(v.Options, destView(d))
	}
	if s.Determiner >= 0 {
		v.Determiner = s.name(s.Determiner)
	}
	for i, p := range s.Players {
		pv := PlayerView{Name: p.Name, Mark: string(rune('A' + i)), Space: p.Space, Money: p.Money, Cards: len(p.Hand), Removed: p.Removed}
		if player == "" || player == p.Name {
			pv.Hand = []Held{}
			for _, c := range p.Hand {
				pv.Hand = append(pv.Hand, Held{
					Card: c.String(), Dest: c.Dest(), Name: data.Destinations[c.Dest()-1],
					Now: c.Value(t) * mult(t), Values: append([]int(nil), data.Cards[c].Values...),
					Option: s.isOption(c.Dest()),
				})
			}
		}
		v.Players = append(v.Players, pv)
	}
	for _, e := range s.EventsDone {
		v.Events = append(v.Events, s.eventView(e))
	}
	if l := s.Last; l != nil {
		lv := &LastView{Round: l.Round, Time: timeView(l.Time), From: destView(l.From), To: destView(l.To), How: l.How, Paid: l.Paid, Tie: l.Tie, Bids: []BidView{}, Plays: []PlayView{}}
		if l.Chooser >= 0 {
			lv.Chooser = s.name(l.Chooser)
		}
		for _, b := range l.Bids {
			lv.Bids = append(lv.Bids, BidView{Name: s.name(b.Seat), Amount: b.Amount, Over: b.Over, Penalty: b.Penalty})
		}
		for _, p := range l.Plays {
			pv := PlayView{Name: s.name(p.Seat), Points: p.Points, From: p.From, To: p.To, Free: p.Free}
			for _, c := range p.Cards {
				pv.Cards = append(pv.Cards, c.String())
			}
			lv.Plays = append(lv.Plays, pv)
		}
		if l.Bought >= 0 {
			lv.Bought = s.name(l.Bought)
			if l.Card != nil && (player == "" || player == lv.Bought) {
				lv.Card = l.Card.String()
			}
		}
		if l.Event != nil {
			ev := s.eventView(s.EventsDone[*l.Event])
			lv.Event = &ev
		}
		v.Last = lv
	}
	if player == "" {
		for _, c := range s.Pile {
			v.PileCards = append(v.PileCards, c.String())
		}
		for _, e := range s.Events {
			v.EventOrder = append(v.EventOrder, data.Events[e].ID)
		}
	}
	return v
}

// Track draws the score track 0..64 in text: a ruler, the junk as ## on
// its two spaces, and each piece's letter on its space (pieces sharing a
// space are stacked on the lines below). Every line is under 72 chars.
func (v View) Track() []string {
	const off = 4
	width := off + 66
	row := func() []byte { return []byte(strings.Repeat(" ", width)) }
	nums := row()
	for n := 0; n <= 64; n += 8 {
		copy(nums[off+n:], fmt.Sprint(n))
	}
	ruler := row()
	for n := 0; n <= 64; n++ {
		switch {
		case n%8 == 0:
			ruler[off+n] = '|'
		default:
			ruler[off+n] = '.'
		}
	}
	ruler[off+v.Junk.Low], ruler[off+v.Junk.High] = '#', '#'
	lines := []string{string(nums), string(ruler)}
	var stack [][]byte
	for _, p := range v.Players {
		if p.Removed {
			continue
		}
		placed := false
		for _, r := range stack {
			if r[off+p.Space] == ' ' {
				r[off+p.Space], placed = p.Mark[0], true
				break
			}
		}
		if !placed {
			r := row()
			r[off+p.Space] = p.Mark[0]
			stack = append(stack, r)
		}
	}
	for _, r := range stack {
		lines = append(lines, string(r))
	}
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	return lines
}

// Money formats an amount, e.g. "1,200".
func (View) Money(n int) string { return money(n) }

// Wrap breaks s into lines shorter than 72 characters, the first starting
// with prefix and the others indented to match.
func (View) Wrap(prefix, s string) string { return engine.Wrap(s, prefix, 71) }

// OptionLine is the four options, e.g. "7 fortune-teller, 8 teahouse, ...".
func (v View) OptionLine() string {
	words := make([]string, len(v.Options))
	for i, o := range v.Options {
		words[i] = fmt.Sprintf("%d %s", o.Number, o.Name)
	}
	return strings.Join(words, ", ")
}

// Line describes a time of day, e.g. "tea (forenoon): points double,
// at most 2 cards of one destination".
func (t TimeView) Line() string {
	d := ""
	if t.Double {
		d = "points double, "
	}
	return fmt.Sprintf("%s (%s): %sat most %d cards of one destination", t.Name, t.Label, d, t.Limit)
}

// Line describes a player, e.g. "A alice: space 12, money 1,100,
// 9 cards".
func (p PlayerView) Line() string {
	where := fmt.Sprintf("space %d", p.Space)
	if p.Space == 0 {
		where = "not on the track yet"
	}
	out := fmt.Sprintf("%s %s: %s, money %s, %s", p.Mark, p.Name, where, money(p.Money), count(p.Cards, "card"))
	if p.Removed {
		out = fmt.Sprintf("%s %s: has left the game", p.Mark, p.Name)
	}
	return out
}

// HandLines draws the viewer's hand as a table, one card a line, with
// the value at the coming time and the printed values sun to moon.
func (p PlayerView) HandLines() []string {
	lines := []string{"  card  destination      now  sun tea face rice temple moon"}
	for _, h := range p.Hand {
		mark := " "
		if h.Option {
			mark = "*"
		}
		vs := h.Values
		lines = append(lines, fmt.Sprintf("%s %-5s %-16s %3d  %3d %3d %4d %4d %6d %4d", mark, h.Card, h.Name, h.Now, vs[0], vs[1], vs[2], vs[3], vs[4], vs[5]))
	}
	return lines
}

// BidLine is the revealed bids in one line.
func (l LastView) BidLine() string {
	words := make([]string, len(l.Bids))
	for i, b := range l.Bids {
		switch {
		case b.Over:
			words[i] = fmt.Sprintf("%s %s (more than they had: paid %s)", b.Name, money(b.Amount), money(b.Penalty))
		case b.Amount == 0:
			words[i] = b.Name + " none"
		default:
			words[i] = b.Name + " " + money(b.Amount)
		}
	}
	return strings.Join(words, ", ")
}

// PlaceLine says who placed Lang-Tsu where, and for how much.
func (l LastView) PlaceLine() string {
	switch l.How {
	case "bid":
		tie := ""
		switch l.Tie {
		case "behind":
			tie = " (a tie, won by the one furthest behind)"
		case "drawn":
			tie = " (a tie, settled by a draw)"
		}
		return fmt.Sprintf("%s paid %s%s and took Lang-Tsu from the %s (%d) to the %s (%d).", l.Chooser, money(l.Paid), tie, l.From.Name, l.From.Number, l.To.Name, l.To.Number)
	case "previous":
		return fmt.Sprintf("Nobody bid: %s, who placed him the round before, took Lang-Tsu from the %s (%d) to the %s (%d) for nothing.", l.Chooser, l.From.Name, l.From.Number, l.To.Name, l.To.Number)
	}
	return fmt.Sprintf("Nobody bid: the draw sent Lang-Tsu from the %s (%d) to the %s (%d).", l.From.Name, l.From.Number, l.To.Name, l.To.Number)
}

// Line is one player's play, e.g. "alice: 8-0, 8-3 = 16 (12 to 28)".
func (p PlayView) Line() string {
	free := ""
	if p.Free {
		free = " free"
	}
	return fmt.Sprintf("%s%s: %s = %s (space %d to %d)", p.Name, free, strings.Join(p.Cards, ", "), count(p.Points, "point"), p.From, p.To)
}

// Line is one event card of the history, e.g. "round 3: E04 Deceived
// (alice gave it to bob): bob goes from space 45 to 40."
func (e EventView) Line() string {
	who := e.Chooser + " took it"
	if e.To != e.Chooser {
		who = e.Chooser + " gave it to " + e.To
	}
	return fmt.Sprintf("round %d: %s %s (%s): %s", e.Round, e.Card, e.Name, who, e.Result)
}

// Full is the event card of the last round with its text.
func (e EventView) Full() string {
	who := e.Chooser + " took it"
	if e.To != e.Chooser {
		who = e.Chooser + " gave it to " + e.To
	}
	return fmt.Sprintf("%s %s, %s: %q %s", e.Card, e.Name, who, e.Text, e.Result)
}

// BoughtLine says who bought a card, and which to its buyer; "" if nobody.
func (l LastView) BoughtLine() string {
	switch {
	case l.Bought == "":
		return ""
	case l.Card != "":
		return fmt.Sprintf("%s bought a card for 100: %s.", l.Bought, l.Card)
	}
	return fmt.Sprintf("%s bought a card for 100.", l.Bought)
}

// Join joins words with commas.
func (View) Join(words []string) string { return strings.Join(words, ", ") }

// count is "1 card", "2 cards".
func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
