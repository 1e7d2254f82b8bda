// Package picture draws the pictures of Taipan's reports: a canvas of a
// fixed width whose height follows what is drawn on it, encoded as PNG.
//
// Everything is deterministic, so that the same log gives the same picture
// byte for byte: geometry is in whole pixels, shapes are filled and
// anti-aliased with integer arithmetic (4×4 samples a pixel), text uses the
// Go fonts (golang.org/x/image/font/gofont, compiled into the binary:
// nothing is read from the system) rasterized by golang.org/x/image, whose
// glyphs are small enough for its fixed-point path, and the PNG encoder
// is the standard library's. A Canvas records what is drawn and paints it
// only when encoded, so drawing code need not know the height in advance.
//
// The package imports only the standard library and golang.org/x/image.
// Games reach it through package adjudicator's aliases (picture.Canvas),
// since a game package imports only adjudicator.
package picture

import (
	"image"
	"image/color"
	"image/draw"
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Width is the width of every report picture, in pixels.
const Width = 1200

// Margin is the space left around what a picture draws.
const Margin = 24

// Fonts are the parsed Go fonts. Parse them once with LoadFonts and share
// them: a *Fonts is read-only and safe for concurrent use by many Canvases.
type Fonts struct {
	regular, bold, mono *opentype.Font
}

// LoadFonts parses the Go fonts compiled into the binary.
func LoadFonts() (*Fonts, error) {
	var f Fonts
	for _, x := range []struct {
		dst **opentype.Font
		ttf []byte
	}{{&f.regular, goregular.TTF}, {&f.bold, gobold.TTF}, {&f.mono, gomono.TTF}} {
		p, err := opentype.Parse(x.ttf)
		if err != nil {
			return nil, err
		}
		*x.dst = p
	}
	return &f, nil
}

// Colour is an opaque colour written 0xRRGGBB.
type Colour uint32

// The colours every picture shares.
const (
	Paper  Colour = 0xFAF6EC // the background
	Ink    Colour = 0x23211E // text
	Grey   Colour = 0x77716A // secondary text
	Rule   Colour = 0xC9BFA8 // lines and borders
	Panel  Colour = 0xF1EADB // a panel's background
	Shade  Colour = 0xE2D9C4 // a face-down card, an empty place
	White  Colour = 0xFFFFFF
	Gold   Colour = 0xE3B23C // what is highlighted: the viewer, the active place
	Danger Colour = 0xB8322E // warnings: covered, seized, out
)

// RGBA is c as a color.RGBA.
func (c Colour) RGBA() color.RGBA {
	return color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xFF}
}

// TextOn is the colour of text written on c: Ink on light colours, White
// on dark ones.
func (c Colour) TextOn() Colour {
	r, g, b := int(c>>16&0xFF), int(c>>8&0xFF), int(c&0xFF)
	if 299*r+587*g+114*b >= 140000 {
		return Ink
	}
	return White
}

// Mix is c blended with d, pct percent of d.
func (c Colour) Mix(d Colour, pct int) Colour {
	ch := func(shift uint) Colour {
		a, b := int(c>>shift&0xFF), int(d>>shift&0xFF)
		return Colour((a*(100-pct) + b*pct + 50) / 100)
	}
	return ch(16)<<16 | ch(8)<<8 | ch(0)
}

// seatColours are the players' colours, by seat.
var seatColours = [...]Colour{0xC8453A, 0x2F6DB5, 0x3A8F5C, 0xD99A1E, 0x7D52A6, 0x3F8F96}

// Seat is the colour of the player in seat i (0-based), the same in every
// game.
func Seat(i int) Colour { return seatColours[(i%len(seatColours)+len(seatColours))%len(seatColours)] }

// Align is where a text stands relative to its x.
type Align int

// Alignments.
const (
	Left   Align = iota // x is where the text starts
	Center              // x is the text's middle
	Right               // x is where the text ends
)

// Style is how a text is written: its size in pixels (the font's em),
// bold or monospaced, its colour and alignment. The zero Style is 22 px
// regular Ink, left-aligned.
type Style struct {
	Size   int
	Bold   bool
	Mono   bool
	Colour Colour
	Align  Align
}

// Text sizes: Small for notes, Body for most text, Big for headings, Huge
// for a picture's title. At 1200 px they stay readable when a mail client
// shrinks the picture to half its width.
const (
	Small = 18
	Body  = 22
	Big   = 27
	Huge  = 34
)

type faceKey struct {
	size       int
	bold, mono bool
}

type glyph struct {
	mask *image.Alpha
	at   image.Point // the mask's top-left corner, relative to the dot
	adv  int
}

type face struct {
	f        font.Face
	ascent   int
	height   int
	glyphs   map[rune]*glyph
	advances map[rune]int
}

type opKind int

const (
	opRect opKind = iota
	opRound
	opDisc
	opPoly
	opText
)

type op struct {
	kind   opKind
	r      image.Rectangle // rect, round, disc: the bounds
	radius int
	pts    []image.Point
	scale  int // pts are in 1/scale pixels (1 or 8)
	col    Colour
	text   string
	face   *face
}

// Canvas is a picture being drawn: Width pixels wide, as tall as what is
// drawn on it (plus Margin). It is not safe for concurrent use.
type Canvas struct {
	fonts  *Fonts
	width  int
	bg     Colour
	ops    []op
	bottom int
	faces  map[faceKey]*face
}

// New starts a picture width pixels wide on a background of colour bg.
func New(f *Fonts, width int, bg Colour) *Canvas {
	return &Canvas{fonts: f, width: width, bg: bg, faces: map[faceKey]*face{}}
}

// Width is the canvas's width.
func (c *Canvas) Width() int { return c.width }

// Bottom is the lowest y drawn on so far.
func (c *Canvas) Bottom() int { return c.bottom }

func (c *Canvas) add(o op, r image.Rectangle) {
	c.ops = append(c.ops, o)
	c.bottom = max(c.bottom, r.Max.Y)
}

// Rect fills the rectangle at (x, y), w by h, with fill.
func (c *Canvas) Rect(x, y, w, h int, fill Colour) {
	if w <= 0 || h <= 0 {
		return
	}
	r := image.Rect(x, y, x+w, y+h)
	c.add(op{kind: opRect, r: r, col: fill}, r)
}

// Box is a rectangle with rounded corners and a border.
type Box struct {
	Fill   Colour
	Border Colour
	Thick  int // the border's width; 0: no border
	Radius int // the corners' radius
}

// Box draws b at (x, y), w by h.
func (c *Canvas) Box(x, y, w, h int, b Box) {
	if w <= 0 || h <= 0 {
		return
	}
	r := image.Rect(x, y, x+w, y+h)
	if b.Thick > 0 {
		c.add(op{kind: opRound, r: r, radius: b.Radius, col: b.Border}, r)
		r = r.Inset(b.Thick)
		if r.Empty() {
			return
		}
	}
	c.add(op{kind: opRound, r: r, radius: max(b.Radius-b.Thick, 0), col: b.Fill}, r)
}

// Frame draws only the border of a box: four bars thick pixels wide.
func (c *Canvas) Frame(x, y, w, h, thick int, col Colour) {
	c.Rect(x, y, w, thick, col)
	c.Rect(x, y+h-thick, w, thick, col)
	c.Rect(x, y, thick, h, col)
	c.Rect(x+w-thick, y, thick, h, col)
}

// Disc fills the disc of centre (cx, cy) and radius r.
func (c *Canvas) Disc(cx, cy, r int, fill Colour) {
	if r <= 0 {
		return
	}
	b := image.Rect(cx-r, cy-r, cx+r, cy+r)
	c.add(op{kind: opDisc, r: b, radius: r, col: fill}, b)
}

// Polygon fills the convex polygon with the given corners, in order.
func (c *Canvas) Polygon(pts []image.Point, fill Colour) {
	if len(pts) < 3 {
		return
	}
	b := image.Rectangle{pts[0], pts[0]}
	for _, p := range pts[1:] {
		b = b.Union(image.Rectangle{p, p.Add(image.Pt(1, 1))})
	}
	c.add(op{kind: opPoly, r: b, pts: append([]image.Point(nil), pts...), scale: 1, col: fill}, b)
}

// Line draws a straight line thick pixels wide from (x0, y0) to (x1, y1).
func (c *Canvas) Line(x0, y0, x1, y1, thick int, col Colour) {
	dx, dy := x1-x0, y1-y0
	n := isqrt(dx*dx + dy*dy)
	if n == 0 {
		return
	}
	// The normal, scaled to half the thickness (in 1/8 pixels, rounded).
	nx, ny := (-dy*thick*4+n/2)/n, (dx*thick*4+n/2)/n
	p := func(x, y, sx, sy int) image.Point { return image.Pt(x*8+sx, y*8+sy) }
	c.polygon8([]image.Point{p(x0, y0, nx, ny), p(x1, y1, nx, ny), p(x1, y1, -nx, -ny), p(x0, y0, -nx, -ny)}, col)
}

// polygon8 is Polygon with corners in eighths of a pixel.
func (c *Canvas) polygon8(pts8 []image.Point, fill Colour) {
	b := image.Rectangle{image.Pt(pts8[0].X>>3, pts8[0].Y>>3), image.Pt(pts8[0].X>>3+1, pts8[0].Y>>3+1)}
	for _, p := range pts8[1:] {
		b = b.Union(image.Rect(p.X>>3, p.Y>>3, p.X>>3+1, p.Y>>3+1))
	}
	c.add(op{kind: opPoly, r: b, pts: pts8, scale: 8, col: fill}, b)
}

// Arrow draws a line from (x0, y0) to (x1, y1) with a head at its end.
func (c *Canvas) Arrow(x0, y0, x1, y1, thick int, col Colour) {
	dx, dy := x1-x0, y1-y0
	n := isqrt(dx*dx + dy*dy)
	if n == 0 {
		return
	}
	head := thick * 4
	// The head's base, head pixels back along the line.
	bx, by := x1-(dx*head+n/2)/n, y1-(dy*head+n/2)/n
	c.Line(x0, y0, bx, by, thick, col)
	wx, wy := (-dy*head*8/2+n/2)/n, (dx*head*8/2+n/2)/n
	c.polygon8([]image.Point{{x1 * 8, y1 * 8}, {bx*8 + wx, by*8 + wy}, {bx*8 - wx, by*8 - wy}}, col)
}

func isqrt(n int) int {
	if n <= 0 {
		return 0
	}
	x := n
	y := (x + 1) / 2
	for y < x {
		x = y
		y = (x + n/x) / 2
	}
	return x
}

func (c *Canvas) face(st Style) *face {
	if st.Size == 0 {
		st.Size = Body
	}
	k := faceKey{st.Size, st.Bold, st.Mono}
	if f := c.faces[k]; f != nil {
		return f
	}
	src := c.fonts.regular
	switch {
	case st.Mono:
		src = c.fonts.mono
	case st.Bold:
		src = c.fonts.bold
	}
	ff, err := opentype.NewFace(src, &opentype.FaceOptions{Size: float64(st.Size), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		// NewFace fails only for a bad size, which Style never gives.
		panic("picture: " + err.Error())
	}
	m := ff.Metrics()
	f := &face{f: ff, ascent: m.Ascent.Ceil(), height: m.Height.Ceil(), glyphs: map[rune]*glyph{}, advances: map[rune]int{}}
	c.faces[k] = f
	return f
}

func (f *face) advance(r rune) int {
	if a, ok := f.advances[r]; ok {
		return a
	}
	adv, ok := f.f.GlyphAdvance(r)
	if !ok {
		adv, _ = f.f.GlyphAdvance('?')
	}
	a := adv.Round()
	f.advances[r] = a
	return a
}

func (f *face) glyph(r rune) *glyph {
	if g, ok := f.glyphs[r]; ok {
		return g
	}
	dr, mask, mp, adv, ok := f.f.Glyph(fixed.Point26_6{}, r)
	if !ok {
		dr, mask, mp, adv, _ = f.f.Glyph(fixed.Point26_6{}, '?')
	}
	g := &glyph{at: dr.Min, adv: adv.Round()}
	if !dr.Empty() {
		// The face reuses its mask: keep a copy.
		a := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		draw.Draw(a, a.Bounds(), mask, mp, draw.Src)
		// Sixteen levels of coverage are enough for the eye, and keep the
		// picture's colours few (see PNG).
		for i, v := range a.Pix {
			a.Pix[i] = uint8((int(v)*15 + 127) / 255 * 17)
		}
		g.mask = a
	}
	f.glyphs[r] = g
	return g
}

// Measure is the width of s written in st.
func (c *Canvas) Measure(s string, st Style) int {
	f := c.face(st)
	w, prev := 0, rune(-1)
	for _, r := range s {
		if prev >= 0 {
			w += f.f.Kern(prev, r).Round()
		}
		w += f.advance(r)
		prev = r
	}
	return w
}

// LineHeight is the height of a line of text in st.
func (c *Canvas) LineHeight(st Style) int { return c.face(st).height }

// Text writes s in st on one line whose top is y, and returns its width.
// x is the start, the middle or the end of the text, as st.Align says.
func (c *Canvas) Text(x, y int, s string, st Style) int {
	f := c.face(st)
	w := c.Measure(s, st)
	switch st.Align {
	case Center:
		x -= w / 2
	case Right:
		x -= w
	}
	if s != "" {
		c.add(op{kind: opText, r: image.Rect(x, y, x+w, y+f.height), col: st.Colour, text: s, face: f}, image.Rect(x, y, x+w, y+f.height))
	}
	return w
}

// Fit is s, shortened with "…" if need be so that it is at most w pixels
// wide in st.
func (c *Canvas) Fit(s string, w int, st Style) string {
	if c.Measure(s, st) <= w {
		return s
	}
	for s != "" {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
		if c.Measure(s+"…", st) <= w {
			return s + "…"
		}
	}
	return ""
}

// Lines breaks s into lines at most w pixels wide in st, between words.
func (c *Canvas) Lines(s string, w int, st Style) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && c.Measure(try, st) > w {
			lines = append(lines, line)
			try = word
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// Para writes s in st wrapped to w pixels from (x, y), and returns the y
// below its last line.
func (c *Canvas) Para(x, y, w int, s string, st Style) int {
	for _, l := range c.Lines(s, w, st) {
		c.Text(x, y, l, st)
		y += c.LineHeight(st)
	}
	return y
}

// Image paints what was drawn: Width by Bottom()+Margin pixels.
func (c *Canvas) Image() *image.RGBA { return c.paint(nil) }

// paint paints what was drawn into an image whose pixels reuse pix when it
// is large enough.
func (c *Canvas) paint(pix []uint8) *image.RGBA {
	r := image.Rect(0, 0, c.width, c.bottom+Margin)
	n := 4 * r.Dx() * r.Dy()
	if cap(pix) < n {
		pix = make([]uint8, n)
	}
	img := &image.RGBA{Pix: pix[:n], Stride: 4 * r.Dx(), Rect: r}
	fillRect(img, img.Bounds(), c.bg)
	for _, o := range c.ops {
		switch o.kind {
		case opRect:
			fillRect(img, o.r, o.col)
		case opRound:
			fillRound(img, o.r, o.radius, o.col)
		case opDisc:
			fillDisc(img, o.r, o.radius, o.col)
		case opPoly:
			fillPoly(img, o.r, o.pts, o.scale, o.col)
		case opText:
			drawText(img, o)
		}
	}
	return img
}

func fillRect(img *image.RGBA, r image.Rectangle, col Colour) {
	r = r.Intersect(img.Bounds())
	if r.Empty() {
		return
	}
	rgba := col.RGBA()
	row := img.Pix[img.PixOffset(r.Min.X, r.Min.Y):]
	for i := 0; i < r.Dx(); i++ {
		row[4*i], row[4*i+1], row[4*i+2], row[4*i+3] = rgba.R, rgba.G, rgba.B, 0xFF
	}
	first := row[:4*r.Dx()]
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(img.Pix[img.PixOffset(r.Min.X, y):], first)
	}
}

// blend lays col over the pixel (x, y) with a coverage of n sixteenths.
func blend(img *image.RGBA, x, y, n int, col Colour) {
	if n <= 0 || !(image.Point{x, y}.In(img.Bounds())) {
		return
	}
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+3 : i+3]
	for k, v := range [3]int{int(col >> 16 & 0xFF), int(col >> 8 & 0xFF), int(col & 0xFF)} {
		p[k] = uint8((v*n + int(p[k])*(16-n) + 8) / 16)
	}
}

// cover counts which of a pixel's 4×4 samples, at (8x+1+2i, 8y+1+2j) in
// eighths of a pixel, are inside.
func cover(x, y int, inside func(sx, sy int) bool) int {
	n := 0
	for j := 0; j < 4; j++ {
		for i := 0; i < 4; i++ {
			if inside(8*x+1+2*i, 8*y+1+2*j) {
				n++
			}
		}
	}
	return n
}

func fillDisc(img *image.RGBA, b image.Rectangle, r int, col Colour) {
	cx, cy, r8 := (b.Min.X+b.Max.X)*4, (b.Min.Y+b.Max.Y)*4, r*8
	in := func(sx, sy int) bool { dx, dy := sx-cx, sy-cy; return dx*dx+dy*dy <= r8*r8 }
	for y := b.Min.Y; y < b.Max.Y; y++ {
		// The pixels of the row whose four corners are inside are filled
		// at once; only the others are sampled.
		lo, hi := b.Max.X, b.Max.X
		if far := max(abs(8*y-cy), abs(8*y+8-cy)); far <= r8 {
			half := isqrt(r8*r8 - far*far)
			lo, hi = (cx-half+7)>>3, (cx+half)>>3
		}
		if lo < hi {
			fillRect(img, image.Rect(lo, y, hi, y+1), col)
		}
		for x := b.Min.X; x < b.Max.X; x++ {
			if x == lo && lo < hi {
				x = hi - 1
				continue
			}
			blend(img, x, y, cover(x, y, in), col)
		}
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func fillRound(img *image.RGBA, b image.Rectangle, r int, col Colour) {
	r = min(r, b.Dx()/2, b.Dy()/2)
	if r <= 0 {
		fillRect(img, b, col)
		return
	}
	fillRect(img, image.Rect(b.Min.X+r, b.Min.Y, b.Max.X-r, b.Max.Y), col)
	fillRect(img, image.Rect(b.Min.X, b.Min.Y+r, b.Min.X+r, b.Max.Y-r), col)
	fillRect(img, image.Rect(b.Max.X-r, b.Min.Y+r, b.Max.X, b.Max.Y-r), col)
	// The corners: quarter discs centred r pixels in from each corner.
	for _, k := range []struct{ x0, y0, cx, cy int }{
		{b.Min.X, b.Min.Y, b.Min.X + r, b.Min.Y + r},
		{b.Max.X - r, b.Min.Y, b.Max.X - r, b.Min.Y + r},
		{b.Min.X, b.Max.Y - r, b.Min.X + r, b.Max.Y - r},
		{b.Max.X - r, b.Max.Y - r, b.Max.X - r, b.Max.Y - r},
	} {
		cx, cy, r8 := k.cx*8, k.cy*8, r*8
		in := func(sx, sy int) bool { dx, dy := sx-cx, sy-cy; return dx*dx+dy*dy <= r8*r8 }
		for y := k.y0; y < k.y0+r; y++ {
			for x := k.x0; x < k.x0+r; x++ {
				blend(img, x, y, cover(x, y, in), col)
			}
		}
	}
}

// fillPoly fills a convex polygon whose corners are in 1/scale pixels
// (scale 1 or 8).
func fillPoly(img *image.RGBA, b image.Rectangle, pts []image.Point, scale int, col Colour) {
	p8 := make([]image.Point, len(pts))
	for i, p := range pts {
		p8[i] = p.Mul(8 / scale)
	}
	cross := func(i, sx, sy int) int {
		a, z := p8[i], p8[(i+1)%len(p8)]
		return (z.X-a.X)*(sy-a.Y) - (z.Y-a.Y)*(sx-a.X)
	}
	in := func(sx, sy int) bool {
		pos, neg := false, false
		for i := range p8 {
			cr := cross(i, sx, sy)
			pos, neg = pos || cr > 0, neg || cr < 0
		}
		return !(pos && neg)
	}
	// The polygon's orientation: the sign of its edges' crosses inside.
	area := 0
	for i, a := range p8 {
		z := p8[(i+1)%len(p8)]
		area += a.X*z.Y - z.X*a.Y
	}
	orient := 1
	if area < 0 {
		orient = -1
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			// A pixel whose four corners are inside every edge is inside
			// (the polygon is convex); one whose corners are all outside
			// an edge is outside. Only the others are sampled.
			whole, none := area != 0, false
			for i := range p8 {
				k := 0
				for _, c := range [4][2]int{{0, 0}, {8, 0}, {0, 8}, {8, 8}} {
					if orient*cross(i, 8*x+c[0], 8*y+c[1]) >= 0 {
						k++
					}
				}
				whole = whole && k == 4
				if k == 0 && area != 0 {
					none = true
					break
				}
			}
			switch {
			case none:
			case whole:
				blend(img, x, y, 16, col)
			default:
				blend(img, x, y, cover(x, y, in), col)
			}
		}
	}
}

func drawText(img *image.RGBA, o op) {
	f := o.face
	src := image.NewUniform(o.col.RGBA())
	x, base, prev := o.r.Min.X, o.r.Min.Y+f.ascent, rune(-1)
	for _, r := range o.text {
		if prev >= 0 {
			x += f.f.Kern(prev, r).Round()
		}
		g := f.glyph(r)
		if g.mask != nil {
			at := image.Pt(x, base).Add(g.at)
			draw.DrawMask(img, g.mask.Bounds().Add(at), src, image.Point{}, g.mask, image.Point{}, draw.Over)
		}
		x += f.advance(r)
		prev = r
	}
}
