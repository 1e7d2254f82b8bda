package trader

import (
	"fmt"
	"strings"
	"taipan/adjudicator/engine"
	"taipan/adjudicator/picture"
)

// View draws the picture of the reports.
var _ engine.Pictured = View{}

// stockFill is the colour the picture paints a stock colour in.
func stockFill(colour string) picture.Colour {
	switch colour {
	case "red":
		return 0xC8373A
	case "blue":
		return 0x2F6DB5
	case "green":
		return 0x2E8B57
	case "yellow":
		return 0xE8C21A
	}
	return 0x2B2B2B
}

// stockItem is a stock ("red 4") as a chip of its colour.
func stockItem(k string) picture.Item {
	colour, _, _ := strings.Cut(k, " ")
	return picture.Item{Text: k, Fill: stockFill(colour)}
}

func stockItems(ks []string) []picture.Item {
	out := make([]picture.Item, len(ks))
	for i, k := range ks {
		out[i] = stockItem(k)
	}
	return out
}

// Picture draws the view (engine.Pictured): the five columns with the
// available stocks and the Market closed card, each player's stocks and
// the money the viewer may see, the sold stocks, and the scores.
func (v View) Picture(c *picture.Canvas) {
	const m = picture.Margin
	w := c.Width() - 2*m
	status := v.Status
	if v.Ended != "" {
		status += ". " + v.Ended
	}
	y := c.Title("Trader", status)
	y = v.drawMarket(c, y, w)
	y = v.drawPlayers(c, y+10, w)
	y = c.Heading(y+10, fmt.Sprintf("SOLD STOCKS (%d)", len(v.Sold)))
	y = c.Chips(m, y, w, stockItems(v.Sold), picture.Small)
	if len(v.Teams) > 0 {
		y = c.Heading(y+10, "TEAMS")
		for _, t := range v.Teams {
			line := fmt.Sprintf("%s: Joker %s", t.Name, map[bool]string{true: "unused", false: "used"}[t.Joker])
			if len(v.SetScores) > 0 {
				line += fmt.Sprintf(", total %d million", t.Total)
			}
			y = c.Note(y, line, picture.Style{})
		}
	}
	if len(v.SetScores) > 0 {
		y = c.Heading(y+10, "SET SCORES (final money of each set)")
		for _, p := range v.Players {
			y = c.Note(y, v.ScoreLine(p.Name), picture.Style{})
		}
	}
	if len(v.Winners) > 0 {
		word := "Winner: "
		if len(v.Winners) > 1 {
			word = "Shared win: "
		}
		st := picture.Style{Size: picture.Big, Bold: true}
		c.Chip(m, y+14, word+strings.Join(v.Winners, " and "), picture.Gold, st)
	}
}

// drawMarket draws the five columns, available stocks at the bottom, and
// returns the y below.
func (v View) drawMarket(c *picture.Canvas, y, w int) int {
	const (
		m    = picture.Margin
		gap  = 18
		h    = 44
		step = h + 6
	)
	y = c.Heading(y, "THE MARKET")
	cw := (w - gap*(len(v.Columns)-1)) / max(len(v.Columns), 1)
	rows := 1
	for _, col := range v.Columns {
		rows = max(rows, len(col.Stocks))
	}
	head := picture.Style{Size: picture.Big, Bold: true, Align: picture.Center}
	top := y + c.LineHeight(head) + 6
	for i, col := range v.Columns {
		x := m + i*(cw+gap)
		c.Text(x+cw/2, y, col.Capital, head)
		c.Box(x-6, top-6, cw+12, rows*step+6, picture.Box{Fill: picture.Panel})
		if len(col.Stocks) == 0 {
			c.Card(x, top+(rows-1)*step, cw, h, picture.Card{Fill: picture.Shade, Title: "(empty)"})
			continue
		}
		// The column's top is its last entry; the available stock (the
		// first) is at the bottom, in line with the other columns'.
		for j := len(col.Stocks) - 1; j >= 0; j-- {
			sy := top + (rows-1-j)*step
			it := stockItem(col.Stocks[j])
			if j == 0 && col.Covered {
				c.Box(x-4, sy-4, cw+8, h+8, picture.Box{Fill: picture.Danger, Radius: 12})
			}
			c.Card(x, sy, cw, h, picture.Card{Fill: it.Fill, Title: it.Text, Highlight: j == 0 && !col.Covered})
		}
		if col.Covered {
			st := picture.Style{Size: picture.Small, Bold: true}
			c.Chip(x+(cw-c.Measure("MARKET CLOSED", st))/2-12, top+rows*step+2, "MARKET CLOSED", picture.Danger, st)
		}
	}
	y = top + rows*step + 10
	if v.MarketClosed != "" {
		y += c.ChipHeight(picture.Style{Size: picture.Small}) + 4
	}
	legend := "Gold border: the stock available to buy in each column."
	switch {
	case v.MarketClosed != "":
		legend += " Red: the Market closed card covers " + v.MarketClosed + "'s: nobody may buy it."
	case v.MarketClosedRemoved:
		legend += " The Market closed card is out of the game."
	}
	return c.Note(y, legend, picture.Style{Size: picture.Small, Colour: picture.Grey})
}

// drawPlayers draws a panel per player and returns the y below.
func (v View) drawPlayers(c *picture.Canvas, y, w int) int {
	const m = picture.Margin
	title := "PLAYERS"
	if v.Viewer != "" && !v.Finished {
		title += " (you see only your own money)"
	}
	y = c.Heading(y, title)
	for i, p := range v.Players {
		y = c.Panel(y, p.Name == v.Viewer, func(y int) int {
			return v.drawPlayer(c, y, w, i, p)
		})
	}
	return y
}

// drawPlayer draws one player's line and stocks from y and returns the y
// below.
func (v View) drawPlayer(c *picture.Canvas, y, w, i int, p PlayerView) int {
	const m = picture.Margin
	x := m + 12
	x += c.Player(x, y, i, p.Name, p.Name == v.Viewer)
	info := []string{}
	if p.Team != "" {
		info = append(info, "team "+p.Team)
	}
	if p.Money != nil {
		info = append(info, fmt.Sprintf("%d million", *p.Money))
	} else {
		info = append(info, "money hidden")
	}
	info = append(info, map[bool]string{true: "Joker unused", false: "Joker used"}[p.Joker])
	if p.Removed {
		info = append(info, "has left")
	}
	x += 16
	x += c.Text(x, y, strings.Join(info, " · "), picture.Style{Colour: picture.Grey})
	if p.Name == v.Turn {
		c.Chip(x+16, y-2, "to play", picture.Gold, picture.Style{Size: picture.Small, Bold: true})
	}
	y += c.LineHeight(picture.Style{}) + 6
	y = c.Chips(m+12, y, w-24, stockItems(p.Stocks), picture.Small)
	for _, l := range p.PlanLines() {
		y = c.Para(m+12, y, w-24, "plan: "+l, picture.Style{Size: picture.Small, Colour: picture.Grey})
	}
	return y
}
