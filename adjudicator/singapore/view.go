package singapore

import (
	"fmt"
	"strings"
	"taipan/adjudicator/engine"
)

// View is what one player (or, for the viewer "", the GM) may see. Its
// JSON is an object; the report template "singapore-1889-view" renders it
// as text.
type View struct {
	Viewer   string   `json:"viewer,omitempty"` // "" for the GM
	Status   string   `json:"status"`           // e.g. "turn 3, alice's turn"
	Phase    string   `json:"phase"`            // start, turn, chen or over
	Turn     string   `json:"turn,omitempty"`   // the player to act
	Pending  []string `json:"pending"`
	Finished bool     `json:"finished"`
	Winners  []string `json:"winners,omitempty"`
	Ended    string   `json:"ended,omitempty"` // why the game ended
	Variants []string `json:"variants"`        // plain-goods, ordinance, influential-figures
	Goods    []string `json:"goods"`           // the goods in play
	Cards    int      `json:"cards"`           // Goods cards in the game
	First    string   `json:"first"`           // the first player
	River    []Slot   `json:"river"`
	SS       int      `json:"ss"`     // the slot (1 to 4) under the Secret Society card
	Marked   int      `json:"marked"` // Marked goods in the River
	Seized   []string `json:"seized"`
	// Reclaimed is, at the end of an Ordinance game, the seized Marked
	// goods.
	Reclaimed []string `json:"reclaimed,omitempty"`
	Values    []Worth  `json:"values"` // what one card of each goods in hand is worth now
	Deck      int      `json:"deck"`   // goods cards left in the deck (not counting the Ordinance card)
	// DeckCards is the whole deck, top first: the GM's view only.
	DeckCards []string `json:"deck_cards,omitempty"`
	// Known is the deck cards the viewer knows (Silk's public ones, and
	// their own Joss Paper, Salted Fish and Spices peeks).
	Known []Known `json:"known,omitempty"`
	// Ordinance is where the Societies Ordinance card is: "deck" or
	// "aside" (the Ordinance Enacted variant).
	Ordinance string       `json:"ordinance,omitempty"`
	Players   []PlayerView `json:"players"`
	// Plan is the viewer's standing plan for their next turn (own view only).
	Plan *Plan `json:"plan,omitempty"`
	// Decision says what the viewer must decide now, one line per entry.
	Decision []string `json:"decision,omitempty"`
}

// Slot is one River slot.
type Slot struct {
	Slot   int    `json:"slot"`
	Card   string `json:"card"` // "" when empty
	Marked bool   `json:"marked"`
	SS     bool   `json:"ss"` // under the Secret Society card
}

// Worth is what one card of a goods type in hand would score now.
type Worth struct {
	Goods    string `json:"goods"`
	Marked   int    `json:"marked"`
	Unmarked int    `json:"unmarked"`
}

// Known is one deck card the viewer knows.
type Known struct {
	FromTop    int    `json:"from_top"`    // 1 for the top card
	FromBottom int    `json:"from_bottom"` // 1 for the bottom card
	Card       string `json:"card"`
}

// PlayerView is one player as the viewer sees them.
type PlayerView struct {
	Name  string `json:"name"`
	Count int    `json:"count"` // goods in hand
	// Hand is the whole hand, only for its owner, the GM, and everybody at
	// the end; Values are the cards' worth now, in the same order.
	Hand   []string `json:"hand,omitempty"`
	Values []int    `json:"values,omitempty"`
	// Open is, for another player's hand, the cards everybody saw arrive;
	// Hidden counts the others (the card dealt at set-up).
	Open     []string `json:"open,omitempty"`
	Hidden   int      `json:"hidden,omitempty"`
	Merchant string   `json:"merchant,omitempty"` // own, GM, and at the end
	// Score is what the hand would score if the game ended now (own, GM,
	// and at the end).
	Score   *ScoreView `json:"score,omitempty"`
	Removed bool       `json:"removed,omitempty"`
}

// ScoreView is a hand's value.
type ScoreView struct {
	Base  int  `json:"base"`
	Bonus int  `json:"bonus"`
	Total int  `json:"total"`
	Wang  bool `json:"wang,omitempty"` // Calculating Wang's exact total
}

// View returns what player may see; "" is the GM's full view.
func (Engine) View(as engine.State, player string) any {
	s := state(as)
	st := Engine{}.Status(s)
	me := -1
	if player != "" {
		me = s.seat(player)
	}
	gm := player == ""
	over := s.Phase == phaseOver
	v := View{
		Viewer: player, Status: st.Phase, Phase: s.Phase, Pending: st.Pending, Finished: st.Finished,
		Winners: st.Winners, Ended: s.Ended, Goods: s.typeNames(), Cards: s.Total, First: s.Players[s.First].Name,
		SS: s.SS + 1, Marked: s.marked(), Seized: []string{}, Variants: []string{}, Deck: s.goodsInDeck(),
	}
	if v.Pending == nil {
		v.Pending = []string{}
	} else {
		v.Turn = v.Pending[0]
	}
	if s.Plain {
		v.Variants = append(v.Variants, "plain-goods")
	}
	if s.Ordinance {
		v.Variants = append(v.Variants, "ordinance")
		v.Ordinance = "deck"
		if s.Aside {
			v.Ordinance = "aside"
		}
	}
	if s.Figures {
		v.Variants = append(v.Variants, "influential-figures")
	}
	for i, c := range s.River {
		v.River = append(v.River, Slot{Slot: i + 1, Card: c.String(), Marked: c != NoCard && c.Marked(), SS: i == s.SS})
	}
	for _, c := range s.Seized {
		v.Seized = append(v.Seized, c.String())
		if over && s.Ordinance && c.Marked() {
			v.Reclaimed = append(v.Reclaimed, c.String())
		}
	}
	t := tallyOf(s.Seized)
	for _, ty := range s.Types {
		w := Worth{Goods: data.Goods[ty].Name}
		if data.Goods[ty].Marked > 0 {
			w.Marked = s.value(mkCard(ty, true), t)
		}
		if data.Goods[ty].Unmarked > 0 {
			w.Unmarked = s.value(mkCard(ty, false), t)
		}
		v.Values = append(v.Values, w)
	}
	for i, d := range s.Deck {
		if gm {
			v.DeckCards = append(v.DeckCards, d.Card.String())
			continue
		}
		if d.Card != OrdinanceCard && (d.Public || me >= 0 && d.knownTo(me)) {
			v.Known = append(v.Known, Known{FromTop: i + 1, FromBottom: len(s.Deck) - i, Card: d.Card.String()})
		}
	}
	for i, p := range s.Players {
		pv := PlayerView{Name: p.Name, Count: len(p.Hand), Removed: p.Removed}
		if gm || i == me || over {
			sc := s.playerScore(i)
			for _, h := range p.Hand {
				pv.Hand = append(pv.Hand, h.Card.String())
			}
			pv.Values = sc.Values
			pv.Merchant = p.Merchant
			pv.Score = &ScoreView{Base: sc.Base, Bonus: sc.Bonus, Total: sc.Total, Wang: sc.Wang}
		} else {
			for _, h := range p.Hand {
				if h.Open {
					pv.Open = append(pv.Open, h.Card.String())
				} else {
					pv.Hidden++
				}
			}
		}
		v.Players = append(v.Players, pv)
	}
	if me >= 0 && !over {
		v.Plan = s.Players[me].Plan
	}
	if !over && (gm || s.pending(me)) {
		v.Decision = s.decision(gm)
	}
	return v
}

// decision describes the open step's choices for the player to act.
func (s *State) decision(gm bool) []string {
	who, verb := "You", ""
	if gm {
		who, verb = s.Players[s.Active].Name, "s"
	}
	switch s.Phase {
	case phaseStart:
		return []string{fmt.Sprintf("%s place%s the Secret Society card above a River slot before the first turn: start: SLOT (1 to %d; it is above slot %d now).", who, verb, data.River, s.SS+1)}
	case phaseChen:
		return []string{fmt.Sprintf("%s take%s %d River goods for Rival Chen before scoring: chen: [SLOT, SLOT].", who, verb, min(2, s.riverCount()))}
	}
	out := []string{fmt.Sprintf("%s take%s one River card: take: SLOT (or goods). Taking slot %d, under the Secret Society card, moves that card above another: move: SLOT says where (left out: the leftmost other card).", who, verb, s.SS+1)}
	if s.Plain {
		return append(out, "Plain Goods: the cards have no effects.")
	}
	seen := map[string]bool{}
	for i, c := range s.River {
		if c == NoCard || seen[c.Name()] {
			continue
		}
		seen[c.Name()] = true
		line := fmt.Sprintf("Slot %d %s: %s", i+1, c.Name(), data.Goods[c.Type()].Effect)
		if v := effectName(s.rules(), c.Type()); v != "" {
			line += " (order " + v + ":)"
		}
		out = append(out, line)
	}
	return out
}

// Line is a River slot drawn as text, e.g. "slot 2  [*] Tea/M   <== the
// Secret Society card".
func (sl Slot) Line() string {
	card := "(empty)"
	if sl.Card != "" {
		card = markIcon(sl.Marked) + " " + strings.TrimSuffix(strings.TrimSuffix(sl.Card, "/M"), "/U")
	}
	line := fmt.Sprintf("  slot %d  %-18s", sl.Slot, card)
	if sl.SS {
		line += "<== Secret Society card"
	}
	return strings.TrimRight(line, " ")
}

func markIcon(marked bool) string {
	if marked {
		return "[*]"
	}
	return "[ ]"
}

// cardIcon writes "Silk/M" as "[*] Silk".
func cardIcon(c string) string {
	switch {
	case strings.HasSuffix(c, "/M"):
		return "[*] " + strings.TrimSuffix(c, "/M")
	case strings.HasSuffix(c, "/U"):
		return "[ ] " + strings.TrimSuffix(c, "/U")
	}
	return c
}

// counted is the cards without repeats, in first-seen order, and how
// many times each is there.
func counted(cards []string) ([]string, map[string]int) {
	var order []string
	n := map[string]int{}
	for _, c := range cards {
		if n[c] == 0 {
			order = append(order, c)
		}
		n[c]++
	}
	return order, n
}

// grouped writes cards as ["[ ] Silk x3", "[*] Tea", ...] in first-seen
// order.
func grouped(cards []string) []string {
	if len(cards) == 0 {
		return []string{"none"}
	}
	order, n := counted(cards)
	parts := make([]string, len(order))
	for i, c := range order {
		parts[i] = cardIcon(c)
		if n[c] > 1 {
			parts[i] += fmt.Sprintf(" x%d", n[c])
		}
	}
	return parts
}

// List writes items separated by commas on lines shorter than 72
// characters, never breaking an item; the first line starts with prefix
// and the others are indented to match.
func (View) List(prefix string, items []string) string {
	const width = 71
	indent := strings.Repeat(" ", len(prefix))
	var b strings.Builder
	b.WriteString(prefix)
	col := len(prefix)
	for i, it := range items {
		if i < len(items)-1 {
			it += ","
		}
		switch {
		case i == 0:
		case col+1+len(it) > width:
			b.WriteString("\n" + indent)
			col = len(indent)
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(it)
		col += len(it)
	}
	return b.String()
}

// SeizedItems is the Seized goods, grouped.
func (v View) SeizedItems() []string { return grouped(v.Seized) }

// ReclaimedItems is the Reclaimed goods, grouped.
func (v View) ReclaimedItems() []string { return grouped(v.Reclaimed) }

// WorthHeading introduces WorthItems.
func (v View) WorthHeading() string {
	for _, x := range v.Variants {
		if x == "ordinance" {
			return "ONE CARD IN HAND IS WORTH NOW (Ordinance: Marked/Unmarked)"
		}
	}
	return "ONE CARD IN HAND IS WORTH NOW"
}

// WorthItems says what each goods in hand is worth now.
func (v View) WorthItems() []string {
	ord := false
	for _, x := range v.Variants {
		ord = ord || x == "ordinance"
	}
	parts := make([]string, len(v.Values))
	for i, w := range v.Values {
		switch {
		case !ord:
			parts[i] = fmt.Sprintf("%s %d", w.Goods, max(w.Marked, w.Unmarked))
		case w.Goods == data.Opium:
			parts[i] = fmt.Sprintf("%s %d", w.Goods, w.Marked)
		default:
			parts[i] = fmt.Sprintf("%s %d/%d", w.Goods, w.Marked, w.Unmarked)
		}
	}
	return parts
}

// HandItems is the player's hand with each card's worth now, or, for
// another player during the game, their open cards and hidden count.
func (p PlayerView) HandItems() []string {
	if p.Count == 0 {
		return []string{"no goods"}
	}
	if p.Hand != nil {
		parts := make([]string, len(p.Hand))
		for i, c := range p.Hand {
			parts[i] = cardIcon(c)
			if i < len(p.Values) {
				parts[i] += fmt.Sprintf(" (%d)", p.Values[i])
			}
		}
		return parts
	}
	var out []string
	if len(p.Open) > 0 {
		out = grouped(p.Open)
	}
	if p.Hidden > 0 {
		out = append(out, fmt.Sprintf("%d hidden", p.Hidden))
	}
	return out
}

// Header is the player's line before the hand, e.g. "alice, 3 goods:".
func (p PlayerView) Header() string {
	out := fmt.Sprintf("%s, %s", p.Name, plural(p.Count, "card"))
	if p.Removed {
		out += " (has left)"
	}
	return out + ": "
}

// ScoreText is "12 points", with the Merchant card: "12 points; Elite
// Huang +3: 15".
func (p PlayerView) ScoreText() string {
	if p.Score == nil {
		return ""
	}
	out := plural(p.Score.Base, "point")
	if p.Merchant != "" {
		out += fmt.Sprintf("; with %s %+d: %d", p.Merchant, p.Score.Bonus, p.Score.Total)
		if p.Score.Wang {
			out += ", exactly Calculating Wang's total (outright win)"
		}
	}
	return out
}

// MerchantText is the viewer's Merchant card and its text.
func (p PlayerView) MerchantText() string {
	m := merchantByName(p.Merchant)
	if m == nil {
		return ""
	}
	return m.Name + ": " + m.Text
}

// Me is the viewer's own entry, if the viewer is a player.
func (v View) Me() *PlayerView {
	for i := range v.Players {
		if v.Players[i].Name == v.Viewer {
			return &v.Players[i]
		}
	}
	return nil
}

// KnownItems lists the deck cards the viewer knows.
func (v View) KnownItems() []string {
	parts := make([]string, len(v.Known))
	for i, k := range v.Known {
		parts[i] = fmt.Sprintf("%s %s from the top (%s from the bottom)", k.Card, ordinal(k.FromTop), ordinal(k.FromBottom))
	}
	return parts
}

func ordinal(n int) string {
	suf := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suf = "st"
	case n%10 == 2:
		suf = "nd"
	case n%10 == 3:
		suf = "rd"
	}
	return fmt.Sprintf("%d%s", n, suf)
}

// PlanText is the viewer's standing plan in one line.
func (v View) PlanText() string {
	p := v.Plan
	if p == nil {
		return ""
	}
	var parts []string
	list := func(k string, ps []Pat) {
		if ps != nil {
			s := make([]string, len(ps))
			for i, x := range ps {
				s[i] = x.String()
			}
			parts = append(parts, k+" ["+strings.Join(s, ", ")+"]")
		}
	}
	list("take", p.Take)
	list("move", p.Move)
	list("silk", p.Silk)
	if p.Joss != nil {
		if p.Joss.Nth > 0 {
			parts = append(parts, fmt.Sprintf("joss-paper seize %d", p.Joss.Nth))
		} else {
			list("joss-paper", p.Joss.Prefer)
		}
	}
	peek := func(k string, pk *Peek) {
		if pk == nil {
			return
		}
		if pk.Mode == "if" {
			list(k+" seize if", pk.If)
			return
		}
		parts = append(parts, k+" "+pk.Mode)
	}
	peek("salted-fish", p.Salted)
	peek("spices", p.Spices)
	swap := func(k string, sw *Swap) {
		switch {
		case sw == nil:
		case sw.None:
			parts = append(parts, k+" none")
		default:
			parts = append(parts, fmt.Sprintf("%s swap %s for %s", k, sw.River, sw.With))
		}
	}
	swap("tea", p.Tea)
	swap("porcelain", p.Porcelain)
	list("chen", p.Chen)
	return strings.Join(parts, "; ")
}

// Wrap breaks s into lines shorter than 72 characters for the report, the
// first starting with prefix and the others indented to match.
func (View) Wrap(prefix, s string) string { return engine.Wrap(s, prefix, 71) }

// GoodsText lists the goods in play.
func (v View) GoodsText() string { return engine.AndList(v.Goods) }

// VariantsText lists the variants played.
func (v View) VariantsText() string { return strings.Join(v.Variants, ", ") }

// WinnersText is "Winner: alice." or "Shared win: alice and bob.".
func (v View) WinnersText() string {
	if len(v.Winners) > 1 {
		return "Shared win: " + engine.AndList(v.Winners) + "."
	}
	return "Winner: " + engine.AndList(v.Winners) + "."
}

// plural is "1 card", "2 cards".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
