package singapore

import (
	"fmt"
	"strings"

	"taipan/adjudicator"
)

// View draws the picture of the reports.
var _ adjudicator.Pictured = View{}

// goodsFill is the colour the picture paints a goods in.
func goodsFill(goods string) adjudicator.Colour {
	switch goods {
	case "Joss Paper":
		return 0xE0B43A
	case "Opium":
		return 0x6B3FA0
	case "Porcelain":
		return 0x8CBEDF
	case "Salted Fish":
		return 0x8E9DA8
	case "Silk":
		return 0xC2185B
	case "Spices":
		return 0xD9652B
	case "Tea":
		return 0x2E7D32
	}
	return adjudicator.ColourShade
}

// splitCard reads "Silk/M" as Silk, marked.
func splitCard(c string) (goods string, marked bool) {
	goods, mark, _ := strings.Cut(c, "/")
	return goods, mark == "M"
}

// cardWords is a card as the picture writes it: "Marked Silk", "Silk".
func cardWords(c string) string {
	if g, m := splitCard(c); m {
		return "Marked " + g
	} else if g != "" {
		return g
	}
	return c
}

// cardItems are cards as chips, repeats counted, in first-seen order.
func cardItems(cards []string) []adjudicator.Item {
	order, n := counted(cards)
	out := make([]adjudicator.Item, len(order))
	for i, c := range order {
		g, m := splitCard(c)
		text := cardWords(c)
		if n[c] > 1 {
			text += fmt.Sprintf(" ×%d", n[c])
		}
		out[i] = adjudicator.Item{Text: text, Fill: goodsFill(g), Bold: m}
	}
	return out
}

// flag draws the Union Jack of a Marked card, w by w*3/5, at (x, y).
func flag(c *adjudicator.Canvas, x, y, w int) {
	h := w * 3 / 5
	c.Rect(x, y, w, h, 0x1F3A7A)
	c.Line(x, y, x+w, y+h, 3, adjudicator.ColourWhite)
	c.Line(x+w, y, x, y+h, 3, adjudicator.ColourWhite)
	c.Rect(x, y+h/2-3, w, 6, adjudicator.ColourWhite)
	c.Rect(x+w/2-3, y, 6, h, adjudicator.ColourWhite)
	c.Rect(x, y+h/2-2, w, 4, 0xC8102E)
	c.Rect(x+w/2-2, y, 4, h, 0xC8102E)
}

// goodsCard draws one goods card, with its flag when Marked, and under
// its name its worth, or when that is "" whether it is Marked.
func goodsCard(c *adjudicator.Canvas, x, y, w, h int, card, worth string) {
	g, m := splitCard(card)
	sub := "Unmarked"
	if m {
		sub = "Marked"
	}
	if worth != "" {
		sub = worth
	}
	c.Card(x, y, w, h, adjudicator.Card{Fill: goodsFill(g), Title: g, Sub: sub})
	if m {
		flag(c, x+w-40, y+8, 30)
	}
}

// Picture draws the view (adjudicator.Pictured): the River with the
// Secret Society card and the marks, the Seized goods, what each goods is
// worth now, the deck and what the viewer knows of it, and the players'
// hands as the viewer may see them (their own whole, with each card's
// worth).
func (v View) Picture(c *adjudicator.Canvas) {
	const m = adjudicator.PictureMargin
	w := c.Width() - 2*m
	status := v.Status
	if v.Ended != "" {
		status += ". The game ended: " + v.Ended
	}
	y := c.Title("Singapore 1889", status)
	small := adjudicator.TextStyle{Size: adjudicator.TextSmall, Colour: adjudicator.ColourGrey}
	line := fmt.Sprintf("Goods: %s (%d cards).", v.GoodsText(), v.Cards)
	if len(v.Variants) > 0 {
		line += " Variants: " + v.VariantsText() + "."
	}
	y = c.Note(y-6, line, small) + 8
	y = v.drawRiver(c, y)
	y = c.Heading(y+6, fmt.Sprintf("SEIZED GOODS (%d), above the Secret Society card", len(v.Seized)))
	y = c.Chips(m, y, w, cardItems(v.Seized), adjudicator.TextSmall)
	if len(v.Reclaimed) > 0 {
		y = c.Heading(y+6, "RECLAIMED GOODS (the Societies Ordinance takes the seized Marked goods)")
		y = c.Chips(m, y, w, cardItems(v.Reclaimed), adjudicator.TextSmall)
	}
	y = c.Heading(y+6, v.WorthHeading())
	worth := make([]adjudicator.Item, len(v.Values))
	for i, x := range v.WorthItems() {
		worth[i] = adjudicator.Item{Text: x, Fill: goodsFill(v.Values[i].Goods), Bold: true}
	}
	y = c.Chips(m, y, w, worth, adjudicator.TextBody)
	y = v.drawDeck(c, y)
	y = v.drawPlayers(c, y)
	if v.Plan != nil {
		y = c.Note(y+6, "Your plan for your next turn: "+v.PlanText(), small)
	}
	if len(v.Decision) > 0 {
		title := "DECISION PENDING"
		if v.Viewer != "" {
			title = "YOUR DECISION"
		}
		y = c.Heading(y+6, title)
		for _, d := range v.Decision {
			y = c.Note(y, d, adjudicator.TextStyle{Size: adjudicator.TextSmall})
		}
	}
	if len(v.Winners) > 0 {
		c.Chip(m, y+12, v.WinnersText(), adjudicator.ColourGold, adjudicator.TextStyle{Size: adjudicator.TextBig, Bold: true})
	}
}

// drawRiver draws the four slots, the Secret Society card above its slot,
// and returns the y below.
func (v View) drawRiver(c *adjudicator.Canvas, y int) int {
	const (
		m   = adjudicator.PictureMargin
		gap = 20
		h   = 120
		ss  = 44
	)
	y = c.Heading(y, fmt.Sprintf("THE RIVER: %d Marked (the Secret Society seizes at 3 or more)", v.Marked))
	sw := (c.Width() - 2*m - gap*(max(len(v.River), 1)-1)) / max(len(v.River), 1)
	for i, sl := range v.River {
		x := m + i*(sw+gap)
		if sl.SS {
			c.Box(x, y, sw, ss, adjudicator.Box{Fill: 0x2B2B2B, Border: adjudicator.ColourDanger, Thick: 3, Radius: 8})
			c.Text(x+sw/2, y+(ss-c.LineHeight(adjudicator.TextStyle{Bold: true}))/2, "SECRET SOCIETY", adjudicator.TextStyle{Bold: true, Colour: adjudicator.ColourWhite, Align: adjudicator.AlignCenter})
		}
		cy := y + ss + 8
		if sl.Card == "" {
			c.Card(x, cy, sw, h, adjudicator.Card{Fill: adjudicator.ColourShade, Title: "(empty)"})
		} else {
			goodsCard(c, x, cy, sw, h, sl.Card, "")
		}
		c.Text(x+sw/2, cy+h+4, fmt.Sprintf("slot %d", sl.Slot), adjudicator.TextStyle{Size: adjudicator.TextSmall, Colour: adjudicator.ColourGrey, Align: adjudicator.AlignCenter})
	}
	y += ss + 8 + h + 4 + c.LineHeight(adjudicator.TextStyle{Size: adjudicator.TextSmall}) + 4
	return c.Note(y, "A flag (the Union Jack) marks a Marked card, here and in the hands.", adjudicator.TextStyle{Size: adjudicator.TextSmall, Colour: adjudicator.ColourGrey}) + 4
}

// drawDeck draws the deck's size, the Ordinance card and what the viewer
// knows of the deck (the whole deck for the GM), and returns the y below.
func (v View) drawDeck(c *adjudicator.Canvas, y int) int {
	const m = adjudicator.PictureMargin
	title := fmt.Sprintf("DECK: %d goods %s", v.Deck, map[bool]string{true: "card", false: "cards"}[v.Deck == 1])
	switch v.Ordinance {
	case "deck":
		title += ", and the Societies Ordinance card"
	case "aside":
		title += "; the Societies Ordinance card is set aside"
	}
	y = c.Heading(y+6, title)
	x := m
	x += c.Backs(x, y, 40, 60, min(v.Deck, 12), 200) + 20
	st := adjudicator.TextStyle{Size: adjudicator.TextSmall}
	switch {
	case len(v.DeckCards) > 0:
		c.Text(x, y, "Top first (GM only):", st)
		return max(c.Chips(x, y+c.LineHeight(st)+4, c.Width()-m-x, cardItems(v.DeckCards), adjudicator.TextSmall), y+66)
	case len(v.Known) > 0:
		c.Text(x, y, "You know:", st)
		ky := y + c.LineHeight(st) + 4
		for _, k := range v.Known {
			ky = c.Para(x, ky, c.Width()-m-x, fmt.Sprintf("%s, %s from the top (%s from the bottom)", cardWords(k.Card), ordinal(k.FromTop), ordinal(k.FromBottom)), st)
		}
		return max(ky, y+66) + 4
	}
	c.Text(x, y+16, "You know none of its cards.", adjudicator.TextStyle{Size: adjudicator.TextSmall, Colour: adjudicator.ColourGrey})
	return y + 70
}

// drawPlayers draws each player's hand as the viewer may see it and
// returns the y below.
func (v View) drawPlayers(c *adjudicator.Canvas, y int) int {
	y = c.Heading(y+6, fmt.Sprintf("PLAYERS (turn order; %s began)", v.First))
	for i, p := range v.Players {
		y = c.Panel(y, p.Name == v.Viewer, func(y int) int { return v.drawPlayer(c, y, i, p) })
	}
	return y
}

// drawPlayer draws one player and their hand as the viewer may see it
// from y, and returns the y below.
func (v View) drawPlayer(c *adjudicator.Canvas, y, i int, p PlayerView) int {
	const m = adjudicator.PictureMargin
	x := m + 12
	x += c.Player(x, y, i, p.Name, p.Name == v.Viewer) + 16
	info := plural(p.Count, "card")
	if p.Removed {
		info += ", has left"
	}
	if p.Name == v.Turn && !v.Finished {
		info += ", to play"
	}
	c.Text(x, y, info, adjudicator.TextStyle{Colour: adjudicator.ColourGrey})
	y += c.LineHeight(adjudicator.TextStyle{}) + 6
	switch {
	case p.Hand != nil:
		const h = 84
		y = c.Grid(m+12, y, c.Width()-2*m-24, 7, h, 10, len(p.Hand), func(j, x, y, w int) {
			worth := ""
			if j < len(p.Values) {
				worth = fmt.Sprintf("worth %d", p.Values[j])
			}
			goodsCard(c, x, y, w, h, p.Hand[j], worth)
		}) + 6
	default:
		if p.Hidden > 0 {
			bx := m + 12 + c.Backs(m+12, y, 30, 44, p.Hidden, 120) + 12
			c.Text(bx, y+10, fmt.Sprintf("%d hidden", p.Hidden), adjudicator.TextStyle{Size: adjudicator.TextSmall, Colour: adjudicator.ColourGrey})
			y += 50
		}
		if len(p.Open) > 0 {
			y = c.Chips(m+12, y, c.Width()-2*m-24, cardItems(p.Open), adjudicator.TextSmall)
		}
	}
	if t := p.ScoreText(); t != "" {
		lead := "If the game ended now: "
		if v.Finished {
			lead = "Final score: "
		}
		y = c.Para(m+12, y, c.Width()-2*m-24, lead+t, adjudicator.TextStyle{Size: adjudicator.TextSmall, Bold: true})
	}
	if p.Merchant != "" && !v.Finished {
		y = c.Para(m+12, y, c.Width()-2*m-24, "Merchant: "+p.MerchantText(), adjudicator.TextStyle{Size: adjudicator.TextSmall, Colour: adjudicator.ColourGrey})
	}
	return y
}
