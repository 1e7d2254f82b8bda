package sackson

import (
	"fmt"
	"strings"
	"taipan/adjudicator/engine"
	"taipan/adjudicator/picture"
)

// View draws the picture of the reports.
var _ engine.Pictured = View{}

// ring is where destination d stands on the disc, in thousandths of the
// disc's radius from its centre: destination 1 at the top, then clockwise
// (cos and sin of -90° + (d-1)·360°/13, rounded: integers, so that every
// machine draws the same).
func ring(d int) (int, int) {
	at := [13][2]int{
		{0, -1000}, {465, -885}, {823, -568}, {993, -121}, {935, 355}, {663, 749}, {239, 971},
		{-239, 971}, {-663, 749}, {-935, 355}, {-993, -121}, {-823, -568}, {-465, -885},
	}
	return at[d-1][0], at[d-1][1]
}

const (
	junkColour    picture.Colour = 0x8B5A2B
	langTsuColour picture.Colour = 0xC8373A
	optionColour  picture.Colour = 0x9CC3E6
)

// Picture draws the view (engine.Pictured): the score track with
// every piece and the junk, Lang-Tsu's place on the disc and the four
// places he can reach next, the time of day, the players, the viewer's
// own hand (every hand for the GM) and the last round.
func (v View) Picture(c *picture.Canvas) {
	status := v.Status
	if v.Ended != "" {
		status += ". " + v.Ended
	}
	y := c.Title("Shanghai", status)
	y = v.drawTrack(c, y)
	y = v.drawDisc(c, y+6)
	y = v.drawPlayers(c, y+6)
	for _, p := range v.Players {
		if p.Hand == nil {
			continue
		}
		title := "HAND OF " + p.Name
		if v.Viewer != "" {
			title = "YOUR HAND"
		}
		y = c.Heading(y+6, fmt.Sprintf("%s (now: points at the %s; blue: an option now)", title, v.Time.Name))
		y = v.drawHand(c, y, p.Hand)
	}
	y = v.drawLast(c, y)
	if len(v.Winners) > 0 {
		word := "Winner: "
		if len(v.Winners) > 1 {
			word = "Shared win: "
		}
		c.Chip(picture.Margin, y+12, word+strings.Join(v.Winners, " and "), picture.Gold, picture.Style{Size: picture.Big, Bold: true})
	}
}

// drawTrack draws the spaces 0 to 64 in five rows of 13, the junk on its
// two spaces and each piece on its space, and returns the y below.
func (v View) drawTrack(c *picture.Canvas, y int) int {
	const (
		m    = picture.Margin
		cols = 13
		h    = 62
	)
	y = c.Heading(y, "SCORE TRACK")
	w := (c.Width() - 2*m) / cols
	small := picture.Style{Size: picture.Small, Colour: picture.Grey}
	for n := 0; n <= 64; n++ {
		x, sy := m+(n%cols)*w, y+(n/cols)*(h+6)
		fill := picture.Panel
		if n == v.Junk.Low || n == v.Junk.High {
			fill = junkColour
		}
		c.Box(x+2, sy, w-4, h, picture.Box{Fill: fill, Border: picture.Rule, Thick: 1, Radius: 6})
		st := small
		if fill == junkColour {
			st.Colour = picture.White
			c.Text(x+w-8, sy+4, "junk", picture.Style{Size: picture.Small, Bold: true, Colour: picture.White, Align: picture.Right})
		}
		c.Text(x+8, sy+4, fmt.Sprint(n), st)
		k := 0
		for i, p := range v.Players {
			if p.Removed || p.Space != n {
				continue
			}
			cx := x + 16 + (k%4)*20
			cy := sy + h - 15 - (k/4)*22
			c.Disc(cx, cy, 12, picture.White)
			c.Disc(cx, cy, 10, picture.Seat(i))
			mark := picture.Style{Size: picture.Small, Bold: true, Colour: picture.White, Align: picture.Center}
			c.Text(cx, cy-c.LineHeight(mark)/2, p.Mark, mark)
			k++
		}
	}
	return y + 5*(h+6) + 8
}

// drawDisc draws the ring of destinations with Lang-Tsu and his four
// options, and beside it the times of day, and returns the y below.
func (v View) drawDisc(c *picture.Canvas, y int) int {
	const (
		m = picture.Margin
		r = 150 // the ring's radius
	)
	y = c.Heading(y, fmt.Sprintf("LANG-TSU AND THE TIME (round %d)", v.Round))
	cx, cy := m+250, y+r+36
	c.Disc(cx, cy, r+44, picture.Panel)
	option := map[int]bool{}
	for _, o := range v.Options {
		option[o.Number] = true
	}
	at := func(d int, rad int) (int, int) {
		dx, dy := ring(d)
		return cx + dx*rad/1000, cy + dy*rad/1000
	}
	if !v.Finished {
		for _, o := range v.Options {
			x, yy := at(o.Number, r-30)
			c.Arrow(cx, cy, x, yy, 4, optionColour.Mix(picture.Ink, 30))
		}
	}
	num := picture.Style{Bold: true, Align: picture.Center}
	for d := 1; d <= 13; d++ {
		x, yy := at(d, r)
		fill, ink := picture.White, picture.Ink
		switch {
		case d == v.LangTsu.Number:
			fill, ink = langTsuColour, picture.White
		case option[d] && !v.Finished:
			fill = optionColour
		}
		c.Disc(x, yy, 26, picture.Rule)
		c.Disc(x, yy, 24, fill)
		num.Colour = ink
		c.Text(x, yy-c.LineHeight(num)/2, fmt.Sprint(d), num)
	}
	c.Disc(cx, cy, 34, langTsuColour)
	c.Text(cx, cy-c.LineHeight(num)/2-10, "Lang", picture.Style{Size: picture.Small, Bold: true, Colour: picture.White, Align: picture.Center})
	c.Text(cx, cy-c.LineHeight(num)/2+8, "Tsu", picture.Style{Size: picture.Small, Bold: true, Colour: picture.White, Align: picture.Center})
	bottom := cy + r + 44

	// Beside the disc: the times of day, and the destinations in words.
	x0 := m + 540
	tw := (c.Width() - m - x0 - 5*8) / 6
	ty := y
	for i, name := range []string{"sun", "tea", "face", "rice", "temple", "moon"} {
		k := picture.Card{Fill: picture.Panel, Title: name}
		if i == 1 || i == 4 {
			k.Sub = "points ×2"
		}
		if name == v.Time.Name {
			k.Fill, k.Highlight = picture.Gold.Mix(picture.White, 40), true
		}
		c.Card(x0+i*(tw+8), ty, tw, 64, k)
	}
	ty += 76
	body := picture.Style{}
	ty = c.Para(x0, ty, c.Width()-m-x0, "Now: "+v.Time.Line()+".", body)
	ty = c.Para(x0, ty+6, c.Width()-m-x0, fmt.Sprintf("Lang-Tsu (red) is at the %s (%d).", v.LangTsu.Name, v.LangTsu.Number), body)
	if !v.Finished {
		ty = c.Para(x0, ty, c.Width()-m-x0, "He can go to (blue): "+v.OptionLine()+".", body)
		if v.Determiner != "" {
			ty = c.Para(x0, ty, c.Width()-m-x0, fmt.Sprintf("If nobody bids, %s places him again, for nothing.", v.Determiner), body)
		} else {
			ty = c.Para(x0, ty, c.Width()-m-x0, "If nobody bids, a draw among the four sends him.", body)
		}
	}
	small := picture.Style{Size: picture.Small, Colour: picture.Grey}
	ty = c.Para(x0, ty+6, c.Width()-m-x0, fmt.Sprintf("Pile: %d cards. Bribes paid: %s. Bank: %s.", v.Pile, v.Money(v.Keeper), v.Money(v.Bank)), small)
	names := make([]string, 0, 13)
	for d := 1; d <= 13; d++ {
		names = append(names, fmt.Sprintf("%d %s", d, destView(d).Name))
	}
	ty = c.Para(x0, ty+6, c.Width()-m-x0, strings.Join(names, " · "), small)
	return max(bottom, ty) + 10
}

// drawPlayers draws one line per player and returns the y below.
func (v View) drawPlayers(c *picture.Canvas, y int) int {
	const m = picture.Margin
	y = c.Heading(y, "PLAYERS (money is public)")
	for i, p := range v.Players {
		x := m + c.Player(m, y, i, p.Mark+" "+p.Name, p.Name == v.Viewer) + 16
		c.Text(x, y, strings.TrimPrefix(p.Line(), p.Mark+" "+p.Name+": "), picture.Style{Colour: picture.Grey})
		y += c.LineHeight(picture.Style{}) + 4
	}
	return y
}

// drawHand draws a hand as cards, six a row, and returns the y below.
func (v View) drawHand(c *picture.Canvas, y int, hand []Held) int {
	const (
		m = picture.Margin
		h = 92
	)
	if len(hand) == 0 {
		return c.Note(y, "No cards.", picture.Style{Colour: picture.Grey})
	}
	y = c.Grid(m, y, c.Width()-2*m, 6, h, 12, len(hand), func(i, x, y, w int) {
		k := hand[i]
		fill := picture.White
		if k.Option && !v.Finished {
			fill = optionColour
		}
		c.Card(x, y, w, h, picture.Card{Fill: fill, Title: k.Name, Sub: fmt.Sprintf("now %d (%s)", k.Now, values(k.Values)), Corner: k.Card})
	})
	return c.Note(y+12, "Each card: its number (destination-card), its destination, the points it scores now, and its printed points from sun to moon.", picture.Style{Size: picture.Small, Colour: picture.Grey})
}

// values writes printed values as "6 5 4 3 2 1".
func values(vs []int) string {
	s := make([]string, len(vs))
	for i, n := range vs {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, " ")
}

// drawLast tells the last round in words and returns the y below.
func (v View) drawLast(c *picture.Canvas, y int) int {
	l := v.Last
	if l == nil {
		return y
	}
	y = c.Heading(y+6, fmt.Sprintf("LAST ROUND (%d, at the %s)", l.Round, l.Time.Name))
	st := picture.Style{Size: picture.Small}
	y = c.Note(y, "Bids: "+l.BidLine(), st)
	y = c.Note(y, l.PlaceLine(), st)
	for _, p := range l.Plays {
		y = c.Note(y, p.Line(), st)
	}
	if b := l.BoughtLine(); b != "" {
		y = c.Note(y, b, st)
	}
	if l.Event != nil {
		y = c.Note(y, "Event: "+l.Event.Full(), st)
	}
	return y
}
