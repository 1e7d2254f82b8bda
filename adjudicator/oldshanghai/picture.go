package oldshanghai

import (
	"fmt"
	"sort"
	"taipan/adjudicator/engine"
	"taipan/adjudicator/picture"
)

// View draws the picture of the reports.
var _ engine.Pictured = View{}

// cardFill is the colour the picture paints a card in, by its name.
func cardFill(name string) picture.Colour {
	switch name {
	case "Shanghai!":
		return 0xC8373A
	case "Heart of Gold":
		return 0xE3B23C
	case "Drink Up!":
		return 0x8E5BB5
	case "Old Shell-Back":
		return 0x4F8A8B
	case "Drunken Sailor":
		return 0xB5835A
	case "Southenders":
		return 0x2F6DB5
	case "Sydney Cove":
		return 0x3A8F5C
	case "Dragons":
		return 0xD9652B
	case "Boss":
		return 0x2B2B2B
	case "Harbor Police":
		return 0x1F3A7A
	}
	return picture.Shade
}

// cardItems are cards as chips, sorted, repeats counted (as View.List).
func cardItems(cards []string) []picture.Item {
	cards = append([]string(nil), cards...)
	sort.Strings(cards)
	var out []picture.Item
	for i := 0; i < len(cards); {
		j := i
		for j < len(cards) && cards[j] == cards[i] {
			j++
		}
		text := cards[i]
		if j-i > 1 {
			text += fmt.Sprintf(" ×%d", j-i)
		}
		out = append(out, picture.Item{Text: text, Fill: cardFill(cards[i])})
		i = j
	}
	return out
}

// Picture draws the view (engine.Pictured): the viewer's hand, the
// deck with the positions the viewer knows (the whole deck for the GM),
// the other sailors' hand sizes, the table and the discard pile, and what
// the viewer knows and has ordered.
func (v View) Picture(c *picture.Canvas) {
	const m = picture.Margin
	w := c.Width() - 2*m
	y := c.Title("The Old Shanghai Game", v.Status)
	small := picture.Style{Size: picture.Small, Colour: picture.Grey}
	line := fmt.Sprintf("Turns played: %d; %d since the last Shanghai! succeeded (the game ends in a shared win after %d).", v.Turn, v.Quiet, v.Stalemate)
	if v.First != "" {
		line += " " + v.First + " plays the first turn."
	}
	y = c.Note(y-6, line, small) + 8
	if v.Viewer != "" {
		y = c.Heading(y, fmt.Sprintf("YOUR HAND (%d)", len(v.Hand)))
		y = drawCards(c, y, v.Hand)
		if len(v.Shell) > 0 {
			c.Text(m, y+4, "Old Shell-Back drew:", picture.Style{Size: picture.Small})
			y = c.Chips(m+220, y, w-220, cardItems(v.Shell), picture.Small)
		}
	}
	y = v.drawDeck(c, y+6)
	y = v.drawSailors(c, y+6)
	if len(v.Table) > 0 {
		y = c.Heading(y+6, "ON THE TABLE")
		y = c.Chips(m, y, w, cardItems(v.Table), picture.Small)
	}
	y = c.Heading(y+6, fmt.Sprintf("DISCARD PILE (%d)", len(v.Discard)))
	y = c.Chips(m, y, w, cardItems(v.Discard), picture.Small)
	if len(v.OutOfPlay) > 0 {
		y = c.Heading(y+6, "OUT OF PLAY")
		y = c.Chips(m, y, w, cardItems(v.OutOfPlay), picture.Small)
	}
	if v.Viewer != "" {
		y = v.drawKnowledge(c, y)
	}
	if len(v.Winners) > 0 {
		word := "Winner: "
		if len(v.Winners) > 1 {
			word = "Shared win: "
		}
		text := word
		for i, p := range v.Winners {
			if i > 0 {
				text += " and "
			}
			text += p
		}
		c.Chip(m, y+12, text, picture.Gold, picture.Style{Size: picture.Big, Bold: true})
	}
}

// drawCards draws cards face up, seven a row, and returns the y below.
func drawCards(c *picture.Canvas, y int, cards []string) int {
	const (
		m = picture.Margin
		h = 90
	)
	if len(cards) == 0 {
		return c.Note(y, "No cards.", picture.Style{Colour: picture.Grey})
	}
	return c.Grid(m, y, c.Width()-2*m, 7, h, 10, len(cards), func(i, x, y, w int) {
		c.Card(x, y, w, h, picture.Card{Fill: cardFill(cards[i]), Title: cards[i]})
	}) + 10
}

// drawDeck draws the deck as a strip of cards, top (depth 1) at the
// left, with the cards the viewer knows in their colours, and returns the
// y below.
func (v View) drawDeck(c *picture.Canvas, y int) int {
	const m = picture.Margin
	where := "Bosses go to the bottom"
	if v.BossReturn != "bottom" {
		where = "Bosses go on top, then a cut"
	}
	y = c.Heading(y, fmt.Sprintf("THE DECK: %d %s, top at the left. %s.", v.DeckSize, map[bool]string{true: "card", false: "cards"}[v.DeckSize == 1], where))
	if v.DeckSize == 0 {
		return c.Note(y, "The deck is empty.", picture.Style{Colour: picture.Grey})
	}
	const h = 56
	sw := min(40, (c.Width()-2*m)/v.DeckSize)
	known := make([]string, v.DeckSize)
	for i, k := range v.Deck {
		known[i] = k
	}
	for _, k := range v.Known {
		for d := k.Depth; d <= k.Depth+k.Deeper && d <= v.DeckSize; d++ {
			if d >= 1 {
				known[d-1] = k.Card
			}
		}
	}
	num := picture.Style{Size: picture.Small, Colour: picture.Grey, Align: picture.Center}
	for i := 0; i < v.DeckSize; i++ {
		x := m + i*sw
		if known[i] == "" {
			c.Box(x, y, sw-3, h, picture.Box{Fill: 0x8C6A4F, Border: 0x5E4532, Thick: 1, Radius: 4})
		} else {
			c.Box(x, y, sw-3, h, picture.Box{Fill: cardFill(known[i]), Border: picture.Gold, Thick: 3, Radius: 4})
		}
		if i == 0 || (i+1)%5 == 0 {
			c.Text(x+(sw-3)/2, y+h+2, fmt.Sprint(i+1), num)
		}
	}
	y += h + c.LineHeight(num) + 8
	var items []picture.Item
	if len(v.Deck) > 0 {
		c.Text(m, y, "The whole deck, top first (GM only):", picture.Style{Size: picture.Small})
		y += c.LineHeight(num) + 4
		for i, k := range v.Deck {
			items = append(items, picture.Item{Text: fmt.Sprintf("%d %s", i+1, k), Fill: cardFill(k)})
		}
	} else {
		for _, k := range v.Known {
			items = append(items, picture.Item{Text: k.Short(), Fill: cardFill(k.Card)})
		}
		if len(items) == 0 {
			return c.Note(y, "You know nothing of the deck's order.", picture.Style{Size: picture.Small, Colour: picture.Grey})
		}
		c.Text(m, y, "What you know (depth: card; 1 = top):", picture.Style{Size: picture.Small})
		y += c.LineHeight(num) + 4
	}
	return c.Chips(m, y, c.Width()-2*m, items, picture.Small)
}

// drawSailors draws each sailor with their hand as the viewer may see it
// (its size, face down; the cards themselves for the GM), and returns the
// y below.
func (v View) drawSailors(c *picture.Canvas, y int) int {
	y = c.Heading(y, "SAILORS (cards in hand)")
	for i, p := range v.Players {
		y = c.Panel(y, p.Name == v.Viewer, func(y int) int { return v.drawSailor(c, y, i, p) })
	}
	return y
}

// drawSailor draws one sailor and their hand as the viewer may see it
// from y, and returns the y below.
func (v View) drawSailor(c *picture.Canvas, y, i int, p PlayerView) int {
	const m = picture.Margin
	small := picture.Style{Size: picture.Small, Colour: picture.Grey}
	x := m + 12
	x += c.Player(x, y, i, p.Name, p.Name == v.Viewer) + 16
	info := fmt.Sprintf("%d %s", p.Cards, map[bool]string{true: "card", false: "cards"}[p.Cards == 1])
	switch {
	case p.Removed:
		info = "left the game"
	case p.Out:
		info = fmt.Sprintf("out (Shanghaied in turn %d)", p.OutTurn)
	}
	x += c.Text(x, y, info, picture.Style{Colour: picture.Grey}) + 16
	if p.Name == v.Active && !v.Finished && !p.Out && !p.Removed {
		c.Chip(x, y-2, "to play", picture.Gold, picture.Style{Size: picture.Small, Bold: true})
	}
	y += c.LineHeight(picture.Style{}) + 6
	switch {
	case p.Hand != nil:
		y = c.Chips(m+12, y, c.Width()-2*m-24, cardItems(p.Hand), picture.Small)
	case p.Cards > 0 && !p.Out && !p.Removed:
		c.Backs(m+12, y, 30, 44, p.Cards, 400)
		y += 50
	}
	if len(p.Known) > 0 {
		y = c.Para(m+12, y, c.Width()-2*m-24, "knows the deck: "+v.Join(p.Known), small)
	}
	if len(p.Held) > 0 {
		y = c.Para(m+12, y, c.Width()-2*m-24, "knows hands: "+v.Join(p.Held), small)
	}
	for _, o := range p.Orders {
		y = c.Para(m+12, y, c.Width()-2*m-24, "order "+o, small)
	}
	return y
}

// drawKnowledge writes what the viewer knows of the others' hands, their
// standing orders and the question put to them, and returns the y below.
func (v View) drawKnowledge(c *picture.Canvas, y int) int {
	st := picture.Style{Size: picture.Small}
	if len(v.KnownHeld) > 0 {
		y = c.Heading(y+6, "WHAT YOU KNOW OF THE HANDS")
		for _, k := range v.KnownHeld {
			y = c.Note(y, fmt.Sprintf("%s holds %s (%s).", k.Player, k.Card, k.How), st)
		}
	}
	if len(v.Orders) > 0 {
		y = c.Heading(y+6, "YOUR STANDING ORDERS")
		for _, o := range v.Orders {
			y = c.Note(y, o, st)
		}
	}
	if v.Question != "" {
		y = c.Heading(y+6, "QUESTION FOR YOU")
		y = c.Note(y, v.Question, picture.Style{Bold: true})
	}
	return y
}
