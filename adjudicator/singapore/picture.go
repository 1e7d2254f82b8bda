package singapore

import (
	"fmt"
	"strings"
	"taipan/adjudicator/engine"
	"taipan/adjudicator/picture"
)

// View draws the picture of the reports.
var _ engine.Pictured = View{}

// goodsFill is the colour the picture paints a goods in.
func goodsFill(goods string) picture.Colour {
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
	return picture.Shade
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
func cardItems(cards []string) []picture.Item {
	order, n := counted(cards)
	out := make([]picture.Item, len(order))
	for i, c := range order {
		g, m := splitCard(c)
		text := cardWords(c)
		if n[c] > 1 {
			text += fmt.Sprintf(" ×%d", n[c])
		}
		out[i] = picture.Item{Text: text, Fill: goodsFill(g), Bold: m}
	}
	return out
}

// flag draws the Union Jack of a Marked card, w by w*3/5, at (x, y).
func flag(c *picture.Canvas, x, y, w int) {
	h := w * 3 / 5
	c.Rect(x, y, w, h, 0x1F3A7A)
	c.Line(x, y, x+w, y+h, 3, picture.White)
	c.Line(x+w, y, x, y+h, 3, picture.White)
	c.Rect(x, y+h/2-3, w, 6, picture.White)
	c.Rect(x+w/2-3, y, 6, h, picture.White)
	c.Rect(x, y+h/2-2, w, 4, 0xC8102E)
	c.Rect(x+w/2-2, y, 4, h, 0xC8102E)
}

// goodsCard draws one goods card, with its flag when Marked, and under
// its name its worth, or when that is "" whether it is Marked.
func goodsCard(c *picture.Canvas, x, y, w, h int, card, worth string) {
	g, m := splitCard(card)
	sub := "Unmarked"
	if m {
		sub = "Marked"
	}
	if worth != "" {
		sub = worth
	}
	c.Card(x, y, w, h, picture.Card{Fill: goodsFill(g), Title: g, Sub: sub})
	if m {
		flag(c, x+w-40, y+8, 30)
	}
}

// Picture draws the view (engine.Pictured): the River with the
// Secret Society card and the marks, the Seized goods, what each goods is
// worth now, the deck and what the viewer knows of it, and the players'
// hands as the viewer may see them (their own whole, with each card's
// worth).
func (v View) Picture(c *picture.Canvas) {
	const m = picture.Margin
	w := c.Width() - 2*m
	status := v.Status
	if v.Ended != "" {
		status += ". The game ended: " + v.Ended
	}
	y := c.Title("Singapore 1889", status)
	small := picture.Style{Size: picture.Small, Colour: picture.Grey}
	line := fmt.Sprintf("Goods: %s (%d cards).", v.GoodsText(), v.Cards)
	if len(v.Variants) > 0 {
		line += " Variants: " + v.VariantsText() + "."
	}
	y = c.Note(y-6, line, small) + 8
	y = v.drawRiver(c, y)
	y = c.Heading(y+6, fmt.Sprintf("SEIZED GOODS (%d), above the Secret Society card", len(v.Seized)))
	y = c.Chips(m, y, w, cardItems(v.Seized), picture.Small)
	if len(v.Reclaimed) > 0 {
		y = c.Heading(y+6, "RECLAIMED GOODS (the Societies Ordinance takes the seized Marked goods)")
		y = c.Chips(m, y, w, cardItems(v.Reclaimed), picture.Small)
	}
	y = c.Heading(y+6, v.WorthHeading())
	worth := make([]picture.Item, len(v.Values))
	for i, x := range v.WorthItems() {
		worth[i] = picture.Item{Text: x, Fill: goodsFill(v.Values[i].Goods), Bold: true}
	}
	y = c.Chips(m, y, w, worth, picture.Body)
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
			y = c.Note(y, d, picture.Style{Size: picture.Small})
		}
	}
	if len(v.Winners) > 0 {
		c.Chip(m, y+12, v.WinnersText(), picture.Gold, picture.Style{Size: picture.Big, Bold: true})
	}
}

// drawRiver draws the four slots, the Secret Society card above its slot,
// and returns the y below.
func (v View) drawRiver(c *picture.Canvas, y int) int {
	const (
		m   = picture.Margin
		gap = 20
		h   = 120
		ss  = 44
	)
	y = c.Heading(y, fmt.Sprintf("THE RIVER: %d Marked (the Secret Society seizes at 3 or more)", v.Marked))
	sw := (c.Width() - 2*m - gap*(max(len(v.River), 1)-1)) / max(len(v.River), 1)
	for i, sl := range v.River {
		x := m + i*(sw+gap)
		if sl.SS {
			c.Box(x, y, sw, ss, picture.Box{Fill: 0x2B2B2B, Border: picture.Danger, Thick: 3, Radius: 8})
			c.Text(x+sw/2, y+(ss-c.LineHeight(picture.Style{Bold: true}))/2, "SECRET SOCIETY", picture.Style{Bold: true, Colour: picture.White, Align: picture.Center})
		}
		cy := y + ss + 8
		if sl.Card == "" {
			c.Card(x, cy, sw, h, picture.Card{Fill: picture.Shade, Title: "(empty)"})
		} else {
			goodsCard(c, x, cy, sw, h, sl.Card, "")
		}
		c.Text(x+sw/2, cy+h+4, fmt.Sprintf("slot %d", sl.Slot), picture.Style{Size: picture.Small, Colour: picture.Grey, Align: picture.Center})
	}
	y += ss + 8 + h + 4 + c.LineHeight(picture.Style{Size: picture.Small}) + 4
	return c.Note(y, "A flag (the Union Jack) marks a Marked card, here and in the hands.", picture.Style{Size: picture.Small, Colour: picture.Grey}) + 4
}

// drawDeck draws the deck's size, the Ordinance card and what the viewer
// knows of the deck (the whole deck for the GM), and returns the y below.
func (v View) drawDeck(c *picture.Canvas, y int) int {
	const m = picture.Margin
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
	st := picture.Style{Size: picture.Small}
	switch {
	case len(v.DeckCards) > 0:
		c.Text(x, y, "Top first (GM only):", st)
		return max(c.Chips(x, y+c.LineHeight(st)+4, c.Width()-m-x, cardItems(v.DeckCards), picture.Small), y+66)
	case len(v.Known) > 0:
		c.Text(x, y, "You know:", st)
		ky := y + c.LineHeight(st) + 4
		for _, k := range v.Known {
			ky = c.Para(x, ky, c.Width()-m-x, fmt.Sprintf("%s, %s from the top (%s from the bottom)", cardWords(k.Card), ordinal(k.FromTop), ordinal(k.FromBottom)), st)
		}
		return max(ky, y+66) + 4
	}
	c.Text(x, y+16, "You know none of its cards.", picture.Style{Size: picture.Small, Colour: picture.Grey})
	return y + 70
}

// drawPlayers draws each player's hand as the viewer may see it and
// returns the y below.
func (v View) drawPlayers(c *picture.Canvas, y int) int {
	y = c.Heading(y+6, fmt.Sprintf("PLAYERS (turn order; %s began)", v.First))
	for i, p := range v.Players {
		y = c.Panel(y, p.Name == v.Viewer, func(y int) int { return v.drawPlayer(c, y, i, p) })
	}
	return y
}

// drawPlayer draws one player and their hand as the viewer may see it
// from y, and returns the y below.
func (v View) drawPlayer(c *picture.Canvas, y, i int, p PlayerView) int {
	const m = picture.Margin
	x := m + 12
	x += c.Player(x, y, i, p.Name, p.Name == v.Viewer) + 16
	info := plural(p.Count, "card")
	if p.Removed {
		info += ", has left"
	}
	if p.Name == v.Turn && !v.Finished {
		info += ", to play"
	}
	c.Text(x, y, info, picture.Style{Colour: picture.Grey})
	y += c.LineHeight(picture.Style{}) + 6
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
			c.Text(bx, y+10, fmt.Sprintf("%d hidden", p.Hidden), picture.Style{Size: picture.Small, Colour: picture.Grey})
			y += 50
		}
		if len(p.Open) > 0 {
			y = c.Chips(m+12, y, c.Width()-2*m-24, cardItems(p.Open), picture.Small)
		}
	}
	if t := p.ScoreText(); t != "" {
		lead := "If the game ended now: "
		if v.Finished {
			lead = "Final score: "
		}
		y = c.Para(m+12, y, c.Width()-2*m-24, lead+t, picture.Style{Size: picture.Small, Bold: true})
	}
	if p.Merchant != "" && !v.Finished {
		y = c.Para(m+12, y, c.Width()-2*m-24, "Merchant: "+p.MerchantText(), picture.Style{Size: picture.Small, Colour: picture.Grey})
	}
	return y
}
