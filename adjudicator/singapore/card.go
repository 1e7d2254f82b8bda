package singapore

import (
	"fmt"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
)

// Card is one Goods card, written "Silk/M" (Marked) or "Silk/U"
// (Unmarked), or the Societies Ordinance card, written "Ordinance". The
// zero Card is no card (an empty River slot), written "".
type Card uint8

// NoCard is an empty place.
const NoCard Card = 0

// OrdinanceCard is the Societies Ordinance card of the Ordinance Enacted
// variant.
const OrdinanceCard Card = 255

// mkCard returns the card of goods type t (index into data.yaml's goods).
func mkCard(t int, marked bool) Card {
	c := Card((t + 1) << 1)
	if marked {
		c |= 1
	}
	return c
}

// Type is the card's goods type (index into data.yaml's goods), or -1 for
// no card and the Ordinance card.
func (c Card) Type() int {
	if c == NoCard || c == OrdinanceCard {
		return -1
	}
	return int(c>>1) - 1
}

// Marked reports whether the card carries the Union Jack.
func (c Card) Marked() bool { return c != OrdinanceCard && c&1 == 1 }

// Name is the card's goods type name, e.g. "Salted Fish".
func (c Card) Name() string {
	switch {
	case c == NoCard:
		return ""
	case c == OrdinanceCard:
		return "Ordinance"
	case c.Type() >= len(data.Goods):
		return "?"
	}
	return data.Goods[c.Type()].Name
}

// String is the card as order files write it: "Silk/M", "Tea/U",
// "Ordinance", or "" for no card.
func (c Card) String() string { return cardTexts[c] }

// cardTexts holds every card's String, made once: the happenings of every
// turn name cards.
var cardTexts = func() (out [256]string) {
	for i := range out {
		c := Card(i)
		switch {
		case c == NoCard || c == OrdinanceCard:
			out[i] = c.Name()
		case c.Type() < 0:
			out[i] = "?" // no card is made so
		case c.Marked():
			out[i] = c.Name() + "/M"
		default:
			out[i] = c.Name() + "/U"
		}
	}
	return out
}()

// cardJSON holds every card's String as a JSON string, made once: the
// digest of every step writes the deck, the river and every hand, card
// by card.
var cardJSON = func() (out [256]string) {
	for i, t := range cardTexts {
		out[i] = string(engine.AppendJSONString(nil, t))
	}
	return out
}()

// appendCardJSON appends c as encoding/json writes its String.
func appendCardJSON(b []byte, c Card) []byte { return append(b, cardJSON[c]...) }

// appendCardsJSON appends cs as encoding/json writes a list of cards
// (null for a nil list).
func appendCardsJSON(b []byte, cs []Card) []byte {
	if cs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, cardJSON[c]...)
	}
	return append(b, ']')
}

// MarshalText encodes the card as its String.
func (c Card) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a card as String writes it (or any spelling the
// orders accept).
func (c *Card) UnmarshalText(b []byte) error {
	t := strings.TrimSpace(string(b))
	if t == "" {
		*c = NoCard
		return nil
	}
	if normName(t) == "ordinance" {
		*c = OrdinanceCard
		return nil
	}
	p, msg := parsePat(t, false)
	if msg != "" {
		return fmt.Errorf("%s", msg)
	}
	if p.Type < 0 || p.Mark == markEither {
		return fmt.Errorf("%q is not one card: write the type and /M or /U, e.g. Silk/M", t)
	}
	card := mkCard(p.Type, p.Mark == markMarked)
	if !exists(card) {
		return fmt.Errorf("there is no %s", card)
	}
	*c = card
	return nil
}

// exists reports whether the game's components include such a card.
func exists(c Card) bool {
	t := c.Type()
	if t < 0 || t >= len(data.Goods) {
		return false
	}
	if c.Marked() {
		return data.Goods[t].Marked > 0
	}
	return data.Goods[t].Unmarked > 0
}

// Marks a pattern may ask for.
const (
	markEither   = 0
	markMarked   = 1
	markUnmarked = 2
)

// Pat is what an order names: a River slot ("slot 2", or just 2), a card
// ("Silk/M"), a goods type whether Marked or not ("Silk"), or "any".
type Pat struct {
	Slot int // 1-based River slot; 0 when the pattern names goods
	Type int // goods index; -1 for a slot or any
	Mark int // markEither, markMarked or markUnmarked
}

// String writes the pattern as orders do.
func (p Pat) String() string {
	switch {
	case p.Slot > 0:
		return "slot " + strconv.Itoa(p.Slot)
	case p.Type < 0:
		return "any"
	case p.Mark == markMarked:
		return data.Goods[p.Type].Name + "/M"
	case p.Mark == markUnmarked:
		return data.Goods[p.Type].Name + "/U"
	}
	return data.Goods[p.Type].Name
}

// MarshalText encodes the pattern as its String.
func (p Pat) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a pattern.
func (p *Pat) UnmarshalText(b []byte) error {
	q, msg := parsePat(string(b), true)
	if msg != "" {
		return fmt.Errorf("%s", msg)
	}
	*p = q
	return nil
}

// matchCard reports whether a card (not a slot) matches the pattern.
func (p Pat) matchCard(c Card) bool {
	if c == NoCard || c == OrdinanceCard || p.Slot > 0 {
		return false
	}
	if p.Type >= 0 && c.Type() != p.Type {
		return false
	}
	switch p.Mark {
	case markMarked:
		return c.Marked()
	case markUnmarked:
		return !c.Marked()
	}
	return true
}

// matchSlot reports whether the card in River slot i (0-based) matches.
func (p Pat) matchSlot(i int, c Card) bool {
	if c == NoCard {
		return false
	}
	if p.Slot > 0 {
		return p.Slot == i+1
	}
	return p.matchCard(c)
}

// parsePat reads a pattern: "slot 2" or "2" (when slots is true), "any",
// or goods with an optional mark: "Silk/M", "silk m", "Marked Silk",
// "British Silk", "Silk (U)", "unmarked silk", "Silk". On failure it
// returns a message for the player.
func parsePat(text string, slots bool) (Pat, string) {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch r {
		case '/', '(', ')', ':':
			b.WriteByte(' ')
		case '*':
			b.WriteString(" m ")
		default:
			b.WriteRune(r)
		}
	}
	f := strings.Fields(b.String())
	if len(f) == 0 {
		return Pat{}, "an empty name: write a River slot (1 to 4) or goods, e.g. Silk/M"
	}
	if slots && (len(f) == 1 || len(f) == 2 && f[0] == "slot") {
		if n, err := strconv.Atoi(f[len(f)-1]); err == nil {
			if n < 1 || n > data.River {
				return Pat{}, fmt.Sprintf("there is no slot %d: the River's slots are 1 to %d, from the left", n, data.River)
			}
			return Pat{Slot: n, Type: -1}, ""
		}
	}
	if len(f) == 1 && (f[0] == "any" || f[0] == "anything") {
		return Pat{Type: -1}, "" // any
	}
	mark := markEither
	markWord := func(w string) int {
		switch w {
		case "m", "marked", "british", "uj", "flag":
			return markMarked
		case "u", "unmarked", "plain":
			return markUnmarked
		}
		return markEither
	}
	if len(f) > 1 {
		if m := markWord(f[0]); m != markEither {
			mark, f = m, f[1:]
		} else if m := markWord(f[len(f)-1]); m != markEither {
			mark, f = m, f[:len(f)-1]
		}
	}
	name := strings.Join(f, " ")
	i := goodsIndex(name)
	if i < 0 {
		if slots {
			return Pat{}, fmt.Sprintf("%q is neither a River slot (1 to %d) nor goods: write e.g. 2, Silk, Silk/M or Silk/U%s", strings.TrimSpace(text), data.River, goodsHint(name))
		}
		return Pat{}, fmt.Sprintf("%q is not goods: write e.g. Silk, Silk/M or Silk/U%s", strings.TrimSpace(text), goodsHint(name))
	}
	p := Pat{Type: i, Mark: mark}
	g := data.Goods[i]
	if mark == markUnmarked && g.Unmarked == 0 {
		return Pat{}, fmt.Sprintf("there is no Unmarked %s: all %d %s cards are Marked", g.Name, g.Marked, g.Name)
	}
	if mark == markMarked && g.Marked == 0 {
		return Pat{}, fmt.Sprintf("there is no Marked %s", g.Name)
	}
	return p, ""
}
