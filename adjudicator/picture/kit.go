package picture

// The pieces every game's picture is made of, so that the pictures look
// alike: a title, section headings, chips (a word on a coloured pill),
// cards, face-down cards and a footer.

// Title writes the picture's title and, under it, the status line wrapped
// to the width, and returns the y where the picture goes on.
func (c *Canvas) Title(title, status string) int {
	y := Margin
	c.Text(Margin, y, title, Style{Size: Huge, Bold: true})
	y += c.LineHeight(Style{Size: Huge})
	if status != "" {
		y = c.Para(Margin, y, c.width-2*Margin, status, Style{Colour: Grey})
	}
	return y + 12
}

// Heading writes a section heading at y, over a rule across the picture,
// and returns the y below it.
func (c *Canvas) Heading(y int, s string) int {
	st := Style{Size: Big, Bold: true}
	c.Text(Margin, y, s, st)
	y += c.LineHeight(st) + 2
	c.Rect(Margin, y, c.width-2*Margin, 2, Rule)
	return y + 12
}

// Chip writes s on a pill of colour fill at (x, y), and returns its width.
// The text is st (its colour is chosen to show on fill when st.Colour is
// 0).
func (c *Canvas) Chip(x, y int, s string, fill Colour, st Style) int {
	if st.Colour == 0 {
		st.Colour = fill.TextOn()
	}
	st.Align = Left
	w := c.Measure(s, st) + 2*chipPad
	h := c.ChipHeight(st)
	c.Box(x, y, w, h, Box{Fill: fill, Border: fill.Mix(Ink, 25), Thick: 1, Radius: h / 2})
	c.Text(x+chipPad, y+(h-c.LineHeight(st))/2, s, st)
	return w
}

const chipPad = 12

// ChipHeight is the height of a chip written in st.
func (c *Canvas) ChipHeight(st Style) int { return c.LineHeight(st) + 8 }

// Item is one chip of a row: its text and colour.
type Item struct {
	Text string
	Fill Colour
	Bold bool
}

// Chips lays items out as chips from (x, y), wrapping at x+w, and returns
// the y below the last row. An empty list writes none (in grey).
func (c *Canvas) Chips(x, y, w int, items []Item, size int) int {
	if len(items) == 0 {
		st := Style{Size: size, Colour: Grey}
		c.Text(x, y+4, "none", st)
		return y + c.ChipHeight(st) + 6
	}
	cx := x
	h := c.ChipHeight(Style{Size: size})
	for _, it := range items {
		st := Style{Size: size, Bold: it.Bold}
		cw := c.Measure(it.Text, st) + 2*chipPad
		if cx > x && cx+cw > x+w {
			cx, y = x, y+h+6
		}
		cx += c.Chip(cx, y, it.Text, it.Fill, st) + 8
	}
	return y + h + 6
}

// Card is a playing card seen face up: a box with a title in the middle
// and an optional line under it.
type Card struct {
	Fill      Colour
	Title     string
	Sub       string // a second, smaller line
	Corner    string // a word in the top-left corner
	Highlight bool   // a thick gold border (the viewer's choice, the active place)
}

// Card draws k at (x, y), w by h.
func (c *Canvas) Card(x, y, w, h int, k Card) {
	b := Box{Fill: k.Fill, Border: k.Fill.Mix(Ink, 35), Thick: 2, Radius: 10}
	if k.Highlight {
		b.Border, b.Thick = Gold, 5
	}
	c.Box(x, y, w, h, b)
	ink := k.Fill.TextOn()
	title := Style{Size: Body, Bold: true, Colour: ink, Align: Center}
	sub := Style{Size: Small, Colour: ink, Align: Center}
	th := c.LineHeight(title)
	total := th
	if k.Sub != "" {
		total += c.LineHeight(sub)
	}
	ty := y + (h-total)/2
	c.Text(x+w/2, ty, c.Fit(k.Title, w-16, title), title)
	if k.Sub != "" {
		c.Text(x+w/2, ty+th, c.Fit(k.Sub, w-16, sub), sub)
	}
	if k.Corner != "" {
		c.Text(x+10, y+6, k.Corner, Style{Size: Small, Bold: true, Colour: ink})
	}
}

// Back draws a face-down card at (x, y), w by h.
func (c *Canvas) Back(x, y, w, h int) {
	c.Box(x, y, w, h, Box{Fill: 0x8C6A4F, Border: 0x5E4532, Thick: 2, Radius: 8})
	c.Box(x+6, y+6, w-12, h-12, Box{Fill: 0xA98462, Border: 0xD9C3A5, Thick: 1, Radius: 5})
}

// Backs draws n face-down cards fanned from (x, y), each w by h, at most
// width pixels in all, and returns the width used.
func (c *Canvas) Backs(x, y, w, h, n, width int) int {
	if n <= 0 {
		return 0
	}
	step := min(w+6, max((width-w)/max(n-1, 1), 4))
	for i := 0; i < n; i++ {
		c.Back(x+i*step, y, w, h)
	}
	return (n-1)*step + w
}

// Footer writes s in small grey text under everything drawn so far, over
// a rule.
func (c *Canvas) Footer(s string) {
	y := c.bottom + 16
	c.Rect(Margin, y, c.width-2*Margin, 1, Rule)
	c.Para(Margin, y+8, c.width-2*Margin, s, Style{Size: Small, Colour: Grey})
}

// Note writes s wrapped across the picture at y in st, and returns the y
// below.
func (c *Canvas) Note(y int, s string, st Style) int {
	return c.Para(Margin, y, c.width-2*Margin, s, st)
}

// Mark is a place in what has been drawn, for Under.
func (c *Canvas) Mark() int { return len(c.ops) }

// Under draws the box b at (x, y), w by h, under what was drawn since
// mark: a panel whose size is known only once its content is drawn.
func (c *Canvas) Under(mark, x, y, w, h int, b Box) {
	rest := append([]op(nil), c.ops[mark:]...)
	c.ops = c.ops[:mark]
	c.Box(x, y, w, h, b)
	c.ops = append(c.ops, rest...)
}

// Player writes a player's name after a disc of their seat's colour at
// (x, y), bold, with " (you)" for the viewer, and returns its width.
func (c *Canvas) Player(x, y, seat int, name string, you bool) int {
	st := Style{Bold: true}
	h := c.LineHeight(st)
	c.Disc(x+h/2, y+h/2, h/2-3, Seat(seat))
	if you {
		name += " (you)"
	}
	return h + 6 + c.Text(x+h+6, y, name, st)
}

// Panel draws what draw draws from y (it returns the y below it) on a
// panel across the picture, gold for the viewer's own, and returns the y
// below the panel.
func (c *Canvas) Panel(y int, you bool, draw func(y int) int) int {
	mark := c.Mark()
	bottom := draw(y+8) + 6
	fill := Panel
	if you {
		fill = Gold.Mix(Paper, 80)
	}
	c.Under(mark, Margin, y, c.width-2*Margin, bottom-y, Box{Fill: fill, Border: Rule, Thick: 1, Radius: 10})
	return bottom + 8
}

// Decision draws the viewer's YOUR DECISION panel at y, one paragraph a
// line, on the viewer's gold panel, and returns the y below it; y itself
// when there are no lines.
func (c *Canvas) Decision(y int, lines []string) int {
	if len(lines) == 0 {
		return y
	}
	return c.Panel(y, true, func(y int) int {
		head := Style{Bold: true}
		c.Text(Margin+12, y, "YOUR DECISION", head)
		y += c.LineHeight(head) + 2
		for _, l := range lines {
			y = c.Para(Margin+12, y, c.width-2*Margin-24, l, Style{Size: Small})
		}
		return y
	})
}

// Grid lays n cells out from (x, y), per a row across w pixels, each h
// high with gap pixels between, calls cell for each with its place and
// width, and returns the y below the grid (y itself when n is 0).
func (c *Canvas) Grid(x, y, w, per, h, gap, n int, cell func(i, x, y, w int)) int {
	if n <= 0 {
		return y
	}
	cw := (w - gap*(per-1)) / per
	for i := 0; i < n; i++ {
		cell(i, x+(i%per)*(cw+gap), y+(i/per)*(h+gap), cw)
	}
	return y + ((n+per-1)/per)*(h+gap) - gap
}
