package shanghaitrader

import (
	"fmt"
	"image"
	"math"
	"slices"
	"strings"

	"taipan/adjudicator/picture"
)

// The map of the picture: the city as the board lays it out (§1.6,
// ST-G1). The Whangpoo comes up from the south past Nantao and the
// French Bund, runs north past the Bund and turns east at the mouth of
// Soochow Creek, where Garden Bridge crosses, past Hongkew and
// Yangtszepoo; Pootung lies across the water. The International
// Settlement fills the middle, its British zone bordered in red north of
// the French zone bordered in blue, and Old Chinatown, Nantao and Lunghwa
// lie south of it. A move may name any district (§2.3), so the board has
// no adjacency for the map to follow: the districts of data.yaml stand
// where the city has them.

// band is a row of the map, north to south.
type band int

const (
	bandNorth   band = iota // north of Soochow Creek
	bandCreek               // Soochow Creek and Garden Bridge
	bandBritish             // the British zone, two rows
	bandBritishSouth
	bandFrench // the French zone
	bandSouth  // south of the Settlement
	bands
)

// slot is where a district stands: its band and column (0 to 3 the city
// west to east, 4 across the river).
type slot struct {
	band band
	col  int
}

// slotOf is where the rulebook's district id (data.yaml) lies on the
// map; a campaign's districts of other ids have no place on it and are
// drawn under it.
func slotOf(id string) (slot, bool) {
	switch id {
	case "D15": // Hongkew, north of the creek on the river
		return slot{bandNorth, 3}, true
	case "D16": // Yangtszepoo, downstream on the north bank
		return slot{bandNorth, 4}, true
	case "D13": // Garden Bridge, over the creek's mouth
		return slot{bandCreek, 3}, true
	case "D08":
		return slot{bandBritish, 0}, true
	case "D07":
		return slot{bandBritish, 1}, true
	case "D02": // Nanking Road, running to the Bund
		return slot{bandBritish, 2}, true
	case "D01": // the Bund, along the river
		return slot{bandBritish, 3}, true
	case "D17": // Pootung, across the river from the Bund
		return slot{bandBritish, 4}, true
	case "D05":
		return slot{bandBritishSouth, 0}, true
	case "D06":
		return slot{bandBritishSouth, 1}, true
	case "D03":
		return slot{bandBritishSouth, 2}, true
	case "D04":
		return slot{bandBritishSouth, 3}, true
	case "D10":
		return slot{bandFrench, 0}, true
	case "D11":
		return slot{bandFrench, 1}, true
	case "D09":
		return slot{bandFrench, 2}, true
	case "D12": // the Quai de France, the French bund
		return slot{bandFrench, 3}, true
	case "D19": // Lunghwa, up the river
		return slot{bandSouth, 1}, true
	case "D14": // Old Chinatown, the walled city south of the French zone
		return slot{bandSouth, 2}, true
	case "D18": // Nantao, on the river south of the old city
		return slot{bandSouth, 3}, true
	}
	return slot{}, false
}

// The map's geometry, in pixels.
const (
	colW     = 219 // a district's box in the city
	bankColW = 178 // a district's box across the river (short names only)
	colGap   = 12  // between boxes
	bank     = 10  // between the river and the boxes beside it
	riverW   = 40  // the Whangpoo
	creekW   = 24  // Soochow Creek
	boxPad   = 5   // inside a box
	zoneEdge = 7   // a zone's border, outside its boxes
	chipPad  = 5   // inside a location's chip, each side
)

// The map's colours.
const (
	landFill    picture.Colour = 0xECE2CB
	waterFill   picture.Colour = 0x86AECF
	waterInk    picture.Colour = 0x1E4466
	britishFill picture.Colour = 0xF5DCD6
	britishLine picture.Colour = 0xB8322E // §1.6: "bordered in red"
	frenchFill  picture.Colour = 0xD9E4F2
	frenchLine  picture.Colour = 0x2F5FA8 // "bordered in blue"
	boxFill     picture.Colour = 0xFFFCF4
	outsideFill picture.Colour = 0xF6EEDC
	policeFill  picture.Colour = 0x27407A
	monksFill   picture.Colour = 0xD07A1E
	shipFill    picture.Colour = 0x3F7F8F
	forSale     picture.Colour = picture.White
	notForSale  picture.Colour = 0xE2D9C4
	courtFill   picture.Colour = 0xC2456E
)

// colWidth is the width of column col's boxes.
func colWidth(col int) int {
	if col == 4 {
		return bankColW
	}
	return colW
}

// colX is the left of column col.
func colX(col int) int {
	x := picture.Margin + col*(colW+colGap)
	if col == 4 {
		x = riverX() + riverW + bank
	}
	return x
}

// riverX is the west bank of the Whangpoo.
func riverX() int { return colX(3) + colW + bank }

// district is one district of the board as the picture draws it.
type district struct {
	id, name, zone string
	locs           []EstabView
}

// districts are the view's districts in map order, each with its
// locations.
func (v View) districts() []district {
	var ds []district
	for _, e := range v.Establishments {
		if len(ds) == 0 || ds[len(ds)-1].id != e.DistrictID {
			ds = append(ds, district{id: e.DistrictID, name: e.District, zone: e.zone})
		}
		ds[len(ds)-1].locs = append(ds[len(ds)-1].locs, e)
	}
	return ds
}

// board draws the map: it knows the players' labels and where each
// counter and each location was drawn, for the arrows of the moves.
type board struct {
	c      *picture.Canvas
	v      View
	seat   map[string]int
	labels []string
	small  picture.Style
	// counter is the centre of each player's counter; ringAt the centre
	// of the ring of each move (by its index in the view's moves) where
	// the counter stood.
	counter map[string]image.Point
	ringAt  map[int]image.Point
	fill    map[string]picture.Colour // the box colour under each location
	ships   map[string]int            // ships at each dock, by district name
	marks   districtMarks
}

// districtMarks are the police, monks and ships in each district.
type districtMarks map[string][]picture.Item

func newBoard(c *picture.Canvas, v View, seat map[string]int, labels []string) *board {
	b := &board{c: c, v: v, seat: seat, labels: labels, small: picture.Style{Size: picture.Small},
		counter: map[string]image.Point{}, ringAt: map[int]image.Point{}, fill: map[string]picture.Colour{},
		ships: map[string]int{}, marks: districtMarks{}}
	for _, s := range v.Ships {
		b.ships[s]++
	}
	return b
}

// label is player's short label.
func (b *board) label(player string) string {
	if i, ok := b.seat[player]; ok && i < len(b.labels) {
		return b.labels[i]
	}
	return prefixLabel(player, 1)
}

// seatOf is player's seat, -1 for the GM, observers and names not in
// the game.
func (b *board) seatOf(player string) int {
	if i, ok := b.seat[player]; ok {
		return i
	}
	return -1
}

// colour is player's colour.
func (b *board) colour(player string) picture.Colour { return picture.Seat(b.seat[player]) }

// marksOf are the markers of district d: its police, monks and ships.
func (b *board) marksOf(d district) []picture.Item {
	var items []picture.Item
	count := func(xs []string) int {
		n := 0
		for _, x := range xs {
			if x == d.name || x == d.id {
				n++
			}
		}
		return n
	}
	if b.v.Part2View != nil {
		if n := count(b.v.Contractors.Police); n > 0 {
			items = append(items, picture.Item{Text: fmt.Sprintf("police ×%d", n), Fill: policeFill})
		}
		if n := count(b.v.Contractors.Monks); n > 0 {
			items = append(items, picture.Item{Text: fmt.Sprintf("monks ×%d", n), Fill: monksFill})
		}
	}
	if n := b.ships[d.name]; n > 0 {
		text := "ship"
		if n > 1 {
			text = fmt.Sprintf("ships ×%d", n)
		}
		items = append(items, picture.Item{Text: text, Fill: shipFill})
	}
	return items
}

// titleLines are district d's title, wrapped to its box w wide.
func (b *board) titleLines(d district, w int) []string {
	return b.c.Lines(d.id+" "+d.name, w-2*boxPad, picture.Style{Size: picture.Small, Bold: true})
}

// boxHeight is how tall district d's box is drawn, w wide.
func (b *board) boxHeight(d district, w int) int {
	c := b.c
	h := boxPad + len(b.titleLines(d, w))*c.LineHeight(picture.Style{Size: picture.Small, Bold: true}) + 4
	for _, e := range d.locs {
		h += b.locationHeight(e, w-2*boxPad)
	}
	if len(b.marksOf(d)) > 0 {
		h += c.ChipHeight(b.small) + 4
	}
	return h + boxPad - 4
}

// drawMap draws the map from y with the key in its north-west corner,
// and returns the y below it, and the districts it has no place for.
func (b *board) drawMap(y int) (int, []district) {
	c := b.c
	ds := b.v.districts()
	var placed [bands][5]*district
	var rest []district
	for i := range ds {
		if s, ok := slotOf(ds[i].id); ok && placed[s.band][s.col] == nil {
			placed[s.band][s.col] = &ds[i]
		} else {
			rest = append(rest, ds[i])
		}
	}
	// The key first, in the north-west corner, so that the north band
	// is as tall as it; the land goes under it once the map's height is
	// known.
	mark := c.Mark()
	keyW := colX(3) - colGap - picture.Margin - 10
	keyH := b.drawKey(picture.Margin+10, y+12, keyW) - (y + 12)
	// Each band is as tall as its tallest box (the north band holds the
	// key too); Garden Bridge sits on the creek.
	var top, height [bands]int
	gapAfter := [bands]int{10, 10, colGap, 3*zoneEdge + 24, 3*zoneEdge + 16, 16}
	at := y + 12
	for bd := range bands {
		h := 0
		for col := range 5 {
			if d := placed[bd][col]; d != nil {
				h = max(h, b.boxHeight(*d, colWidth(col)))
			}
		}
		switch bd {
		case bandNorth:
			h = max(h, keyH)
		case bandCreek:
			h = max(h, riverW+8)
		}
		top[bd], height[bd] = at, h
		at += h + gapAfter[bd]
	}
	creekMid := top[bandCreek] + height[bandCreek]/2
	southMid := at + riverW/2
	bottom := southMid + riverW/2 + 12
	left, right := picture.Margin, c.Width()-picture.Margin
	c.Under(mark, left, y, right-left, bottom-y, picture.Box{Fill: landFill, Border: picture.Rule, Thick: 1, Radius: 12})
	b.drawWater(left, right, y, creekMid, southMid)
	// The zones of the Settlement, bordered as the board borders them.
	zone := func(from, to band, fill, line picture.Colour, name string) {
		x0, y0 := colX(0)-zoneEdge, top[from]-zoneEdge
		x1, y1 := colX(3)+colW+zoneEdge, top[to]+height[to]+zoneEdge
		c.Box(x0, y0, x1-x0, y1-y0, picture.Box{Fill: fill, Border: line, Thick: 3, Radius: 8})
		st := picture.Style{Size: picture.Small, Bold: true, Colour: line}
		lh := c.LineHeight(st)
		w := c.Measure(name, st)
		c.Rect(x0+14, y0-lh/2, w+12, lh, landFill)
		c.Text(x0+20, y0-lh/2, name, st)
	}
	zone(bandBritish, bandBritishSouth, britishFill, britishLine, "INTERNATIONAL SETTLEMENT: BRITISH ZONE")
	zone(bandFrench, bandFrench, frenchFill, frenchLine, "INTERNATIONAL SETTLEMENT: FRENCH ZONE")
	// The boxes, the arrows of the moves over them, then what the boxes
	// hold over the arrows, and the rings where the counters stood.
	type drawn struct {
		x, y, w, h int
		d          district
	}
	var boxes []drawn
	for bd := range bands {
		for col := range 5 {
			d := placed[bd][col]
			if d == nil {
				continue
			}
			h := height[bd]
			y := top[bd]
			switch bd {
			case bandCreek:
				// Garden Bridge, over the creek.
				h = b.boxHeight(*d, colWidth(col))
				y = creekMid - h/2
			case bandNorth:
				// The wharves on the water's edge, below the key's side.
				h = b.boxHeight(*d, colWidth(col))
				y = top[bd] + height[bd] - h
			}
			boxes = append(boxes, drawn{colX(col), y, colWidth(col), h, *d})
		}
	}
	for _, bx := range boxes {
		b.drawBox(bx.x, bx.y, bx.w, bx.h, bx.d)
		b.placeDistrict(bx.x, bx.y, bx.w, bx.d)
	}
	b.drawArrows()
	for _, bx := range boxes {
		b.drawContents(bx.x, bx.y, bx.w, bx.d)
	}
	b.drawRings()
	b.drawShips(placed, top, height, creekMid)
	// Pootung's name on its bank, below its wharves.
	huge := picture.Style{Size: picture.Huge, Bold: true, Colour: landFill.Mix(picture.Ink, 22), Align: picture.Center}
	px := colX(4) + bankColW/2
	py := top[bandFrench]
	c.Text(px, py, "POOTUNG", huge)
	c.Text(px, py+c.LineHeight(huge), "across the river", picture.Style{Size: picture.Small, Colour: landFill.Mix(picture.Ink, 45), Align: picture.Center})
	return bottom, rest
}

// drawWater draws Soochow Creek and the Whangpoo: up from the south-west
// along the bottom, north between the city and Pootung, and east at the
// creek's mouth; with their names.
func (b *board) drawWater(left, right, y, creekMid, southMid int) {
	c := b.c
	rx := riverX()
	mid := rx + riverW/2
	half := riverW / 2
	c.Rect(left+1, creekMid-creekW/2, mid-left, creekW, waterFill)
	c.Rect(rx, creekMid, riverW, southMid-creekMid, waterFill)
	c.Rect(mid, creekMid-half, right-1-mid, riverW, waterFill)
	c.Disc(mid, creekMid, half, waterFill)
	c.Rect(left+1, southMid-half, mid-left, riverW, waterFill)
	c.Disc(mid, southMid, half, waterFill)
	name := picture.Style{Size: picture.Small, Bold: true, Colour: picture.White}
	lh := c.LineHeight(name)
	c.Text(left+16, creekMid-lh/2, "SOOCHOW CREEK", name)
	c.Text(right-12, creekMid-lh/2, "WHANGPOO", picture.Style{Size: picture.Small, Bold: true, Colour: picture.White, Align: picture.Right})
	c.Text(colX(1), southMid-lh/2, "WHANGPOO RIVER (up from Lunghwa, down to the Yangtze)", name)
}

// drawShips draws a ship on the water beside each dock a ship reached
// this season.
func (b *board) drawShips(placed [bands][5]*district, top, height [bands]int, creekMid int) {
	mid := riverX() + riverW/2
	for bd := range bands {
		for col := range 5 {
			d := placed[bd][col]
			if d == nil || b.ships[d.name] == 0 {
				continue
			}
			x, y := mid, top[bd]+height[bd]/2
			switch {
			case bd == bandNorth && col == 3:
				x, y = mid, creekMid
			case bd == bandNorth:
				x, y = colX(col)+24, creekMid
			}
			for i := range b.ships[d.name] {
				ship(b.c, x+i*14, y+i*10)
			}
		}
	}
}

// ship draws a small steamer centred on (x, y).
func ship(c *picture.Canvas, x, y int) {
	c.Polygon([]image.Point{{x - 19, y + 1}, {x + 19, y + 1}, {x + 13, y + 11}, {x - 13, y + 11}}, 0x4A2E17)
	c.Rect(x-7, y-9, 12, 10, picture.White)
	c.Rect(x-3, y-16, 5, 7, picture.Danger)
}

// drawDistrict draws district d in its box at (x, y), w by h: its title,
// a line for each location, and its police, monks and ships.
func (b *board) drawDistrict(x, y, w, h int, d district) {
	b.drawBox(x, y, w, h, d)
	b.placeDistrict(x, y, w, d)
	b.drawContents(x, y, w, d)
}

// boxColour is the colour of district d's box.
func boxColour(d district) picture.Colour {
	if d.zone == zoneOutside {
		return outsideFill
	}
	return boxFill
}

// drawBox draws district d's box, empty, at (x, y), w by h.
func (b *board) drawBox(x, y, w, h int, d district) {
	b.c.Box(x, y, w, h, picture.Box{Fill: boxColour(d), Border: picture.Rule, Thick: 1, Radius: 8})
}

// lineTops are the tops of district d's location lines in its box at
// (x, y), w wide, and the top of the line of its markers under them.
func (b *board) lineTops(x, y, w int, d district) ([]int, int) {
	c := b.c
	ly := y + boxPad + len(b.titleLines(d, w))*c.LineHeight(picture.Style{Size: picture.Small, Bold: true}) + 4
	tops := make([]int, len(d.locs))
	for i, e := range d.locs {
		tops[i] = ly
		ly += b.locationHeight(e, w-2*boxPad)
	}
	return tops, ly
}

// placeDistrict records where district d's counters and rings stand, for
// the arrows of the moves, which go under the boxes' contents.
func (b *board) placeDistrict(x, y, w int, d district) {
	tops, _ := b.lineTops(x, y, w, d)
	ch := b.c.ChipHeight(b.small)
	for i, e := range d.locs {
		b.fill[e.ID] = boxColour(d)
		ps, at, _ := b.piecePlaces(x+boxPad, tops[i], w-2*boxPad, e)
		for k, p := range ps {
			if p.ring {
				b.ringAt[p.move] = image.Pt(at[k].X+(ch-2)/2, at[k].Y+ch/2)
			} else {
				b.counter[p.player] = image.Pt(at[k].X+b.counterWidth(p.player)/2, at[k].Y+ch/2)
			}
		}
	}
}

// drawContents draws district d's title, its locations' lines and its
// police, monks and ships, in its box at (x, y), w wide.
func (b *board) drawContents(x, y, w int, d district) {
	c := b.c
	head := picture.Style{Size: picture.Small, Bold: true}
	ly := y + boxPad
	for _, l := range b.titleLines(d, w) {
		c.Text(x+boxPad, ly, l, head)
		ly += c.LineHeight(head)
	}
	tops, marks := b.lineTops(x, y, w, d)
	for i, e := range d.locs {
		b.drawLocation(x+boxPad, tops[i], w-2*boxPad, e)
	}
	mx := x + boxPad
	for _, t := range b.marksOf(d) {
		b.drawTag(mx, marks, t)
		mx += b.tagWidth(t) + 4
	}
}

// changedHands reports whether location id changed hands this step.
func (b *board) changedHands(id string) bool {
	return slices.ContainsFunc(b.v.Changed, func(ch ChangeView) bool { return ch.ID == id })
}

// piece is a counter standing on a location, or the ring of one that
// left it this step (move: its index in the view's moves), as its line
// draws them.
type piece struct {
	player string
	ring   bool
	move   int
}

// pieces are location e's counters, then its rings; and their width in
// a row.
func (b *board) pieces(e EstabView) ([]piece, int) {
	var ps []piece
	w := 0
	for _, p := range e.Players {
		ps = append(ps, piece{player: p})
		w += b.counterWidth(p) + 3
	}
	for i, mv := range b.v.Moves {
		if mv.FromID == e.ID {
			ps = append(ps, piece{player: mv.Player, ring: true, move: i})
			w += b.c.ChipHeight(b.small) - 2
		}
	}
	return ps, w
}

// pieceWidth is how wide a piece is drawn.
func (b *board) pieceWidth(p piece) int {
	if p.ring {
		return b.c.ChipHeight(b.small) - 2
	}
	return b.counterWidth(p.player) + 3
}

// overflow is how many lines under location e's chip its pieces take
// when they do not fit beside it in w pixels (0 when they do).
func (b *board) overflow(e EstabView, w int) int {
	ps, pw := b.pieces(e)
	if len(ps) == 0 {
		return 0
	}
	tw := b.tagsWidth(e)
	_, _, _, cw := b.chipLayout(e, w-tw)
	if cw+tw+pw <= w {
		return 0
	}
	lines, at := 1, 0
	for _, p := range ps {
		pw := b.pieceWidth(p)
		if at > 0 && at+pw > w-flowIndent {
			lines, at = lines+1, 0
		}
		at += pw
	}
	return lines
}

// flowIndent is how far in the pieces that do not fit beside their
// location's chip start, on the lines under it.
const flowIndent = 16

// tagsWidth is how wide location e's contractors' tags are, in a row.
func (b *board) tagsWidth(e EstabView) int {
	w := 0
	for _, t := range b.tags(e) {
		w += b.tagWidth(t) + 3
	}
	return w
}

// locationHeight is how tall location e's line (and the lines its
// pieces overflow to) are, in a box's w pixels.
func (b *board) locationHeight(e EstabView, w int) int {
	return (1 + b.overflow(e, w)) * (b.c.ChipHeight(b.small) + 4)
}

// piecePlaces are location e's pieces and the top-left corner of each
// on its line at (x, y), w wide (or on the lines under it, when they do
// not fit beside the chip), and the right of the room left for the chip
// and the tags.
func (b *board) piecePlaces(x, y, w int, e EstabView) ([]piece, []image.Point, int) {
	ch := b.c.ChipHeight(b.small)
	ps, pw := b.pieces(e)
	at := make([]image.Point, len(ps))
	right := x + w
	if b.overflow(e, w) == 0 {
		// From the right: the pieces, then the contractors' tags.
		px := right - pw
		right = px
		for i, p := range ps {
			at[i] = image.Pt(px, y)
			px += b.pieceWidth(p)
		}
		return ps, at, right
	}
	px, py := x+flowIndent, y+ch+4
	for i, p := range ps {
		if px > x+flowIndent && px+b.pieceWidth(p) > x+w {
			px, py = x+flowIndent, py+ch+4
		}
		at[i] = image.Pt(px, py)
		px += b.pieceWidth(p)
	}
	return ps, at, right
}

// drawLocation draws one location's line at (x, y), w wide: a chip with
// its die range and name in its owner's colour and with the owner's label
// (white: for sale; beige: not for sale; a gold ring: it changed hands
// this step), the contractors on it and the counters standing there; the
// counters go on lines of their own under it when they do not fit beside
// the chip. (The rings of those that left are drawn with the moves.)
func (b *board) drawLocation(x, y, w int, e EstabView) {
	ps, at, right := b.piecePlaces(x, y, w, e)
	for i, p := range ps {
		if !p.ring {
			b.drawCounter(at[i].X, at[i].Y+2, p.player)
		}
	}
	for _, t := range slices.Backward(b.tags(e)) {
		right -= b.tagWidth(t)
		b.drawTag(right, y, t)
		right -= 3
	}
	b.drawChip(x, y, right-x, e, b.changedHands(e.ID))
}

// tags are the marks on a location, as short tags the key explains: S
// serviced by a ship, M the Japanese marines, × the customs inspector
// (closed), ♥ a general courtesan with the label of who hired her.
func (b *board) tags(e EstabView) []picture.Item {
	var out []picture.Item
	if e.Serviced {
		out = append(out, picture.Item{Text: "S", Fill: shipFill})
	}
	if b.v.Part2View == nil {
		return out
	}
	k := b.v.Contractors
	if slices.Contains(k.Marines, e.ID) {
		out = append(out, picture.Item{Text: "M", Fill: policeFill})
	}
	if slices.Contains(k.Inspector, e.ID) {
		out = append(out, picture.Item{Text: "×", Fill: picture.Danger})
	}
	for _, cz := range k.Courtesans {
		if cz.At == e.ID {
			t := "♥"
			if cz.By != "" {
				t += b.label(cz.By)
			}
			out = append(out, picture.Item{Text: t, Fill: courtFill})
		}
	}
	return out
}

// tagWidth is how wide a contractor's tag is drawn.
func (b *board) tagWidth(t picture.Item) int {
	return b.c.Measure(t.Text, picture.Style{Size: picture.Small, Bold: true}) + 8
}

// drawTag draws a contractor's tag at (x, y) on a location's line.
func (b *board) drawTag(x, y int, t picture.Item) {
	c := b.c
	ch := c.ChipHeight(b.small)
	tw := b.tagWidth(t)
	st := picture.Style{Size: picture.Small, Bold: true, Colour: picture.White, Align: picture.Center}
	c.Box(x, y+3, tw, ch-6, picture.Box{Fill: t.Fill, Radius: 4})
	c.Text(x+tw/2, y+3+(ch-6-c.LineHeight(st))/2, t.Text, st)
}

// chipText is a location's die range and the longest of its names that
// fits in w pixels (the rulebook's name, else an alias, else cut short).
func (b *board) chipText(e EstabView, w int) string {
	st := b.small
	names := append([]string{e.Name}, e.aliases...)
	slices.SortStableFunc(names[1:], func(a, z string) int { return len(z) - len(a) })
	for _, n := range names {
		if t := e.Dice + " " + n; b.c.Measure(t, st) <= w {
			return t
		}
	}
	shortest := slices.MinFunc(names, func(a, z string) int { return len(a) - len(z) })
	cut := b.c.Fit(e.Dice+" "+shortest, w, st)
	if trimmed, ok := strings.CutSuffix(cut, " …"); ok {
		cut = trimmed + "…"
	}
	return cut
}

// chipLayout is how a location's chip at most w wide is drawn: its text,
// its owner's label and the label's width, and the chip's width.
func (b *board) chipLayout(e EstabView, w int) (text, tag string, tagW, cw int) {
	c := b.c
	if e.Owner != "" {
		tag = b.label(e.Owner)
		tagW = c.Measure(tag, tagStyle()) + 6
	}
	room := w - 2*chipPad
	if tagW > 0 {
		room -= tagW + 3
	}
	text = b.chipText(e, room)
	cw = c.Measure(text, b.small) + 2*chipPad + tagW
	if tagW > 0 {
		cw += 3
	}
	return text, tag, tagW, cw
}

// tagStyle is the style of the owner's label on a chip.
func tagStyle() picture.Style {
	return picture.Style{Size: picture.Small, Bold: true, Colour: picture.Ink, Align: picture.Center}
}

// drawChip draws a location's chip at (x, y), at most w wide, ringed in
// gold when ring, and returns its width.
func (b *board) drawChip(x, y, w int, e EstabView, ring bool) int {
	c := b.c
	st := b.small
	ch := c.ChipHeight(st)
	fill, border := notForSale, notForSale.Mix(picture.Ink, 25)
	switch {
	case e.Owner != "":
		fill = b.colour(e.Owner)
		border = fill.Mix(picture.Ink, 30)
	case buyable(e.Type):
		fill, border = forSale, picture.Rule
	}
	text, tag, tagW, cw := b.chipLayout(e, w)
	thick := 1
	if ring {
		border, thick = picture.Gold, 3
		c.Box(x-2, y-2, cw+4, ch+4, picture.Box{Fill: picture.Gold, Radius: ch/2 + 2})
	}
	c.Box(x, y, cw, ch, picture.Box{Fill: fill, Border: border, Thick: thick, Radius: ch / 2})
	ink := st
	ink.Colour = fill.TextOn()
	c.Text(x+chipPad, y+(ch-c.LineHeight(st))/2, text, ink)
	if tag != "" {
		tx := x + cw - 3 - tagW
		c.Box(tx, y+4, tagW, ch-8, picture.Box{Fill: picture.White, Radius: 4})
		c.Text(tx+tagW/2, y+(ch-c.LineHeight(tagStyle()))/2, tag, tagStyle())
	}
	return cw
}

// counterWidth is how wide a player's counter is drawn.
func (b *board) counterWidth(player string) int {
	st := picture.Style{Size: picture.Small, Bold: true}
	h := b.c.ChipHeight(b.small) - 4
	return max(h, b.c.Measure(b.label(player), st)+10)
}

// drawCounter draws a player's counter at (x, y): a pill of their colour
// with their label, ringed in ink so that it stands out from the chips
// (the viewer's own in gold).
func (b *board) drawCounter(x, y int, player string) {
	c := b.c
	h := c.ChipHeight(b.small) - 4
	w := b.counterWidth(player)
	fill := b.colour(player)
	ring := picture.Box{Fill: fill, Border: picture.Ink, Thick: 2, Radius: h / 2}
	if player == b.v.Viewer {
		ring.Border, ring.Thick = picture.Gold.Mix(picture.Ink, 20), 3
	}
	c.Box(x, y, w, h, ring)
	st := picture.Style{Size: picture.Small, Bold: true, Colour: fill.TextOn(), Align: picture.Center}
	c.Text(x+w/2, y+(h-c.LineHeight(st))/2, b.label(player), st)
}

// drawArrows draws this step's moves as arrows from where each counter
// stood to where it stands, under the boxes' contents so that they hide
// no text.
func (b *board) drawArrows() {
	for i, mv := range b.v.Moves {
		from, ok := b.ringAt[i]
		to, there := b.counter[mv.Player]
		if ok && there && mv.To != "" {
			b.arrow(from, to, b.colour(mv.Player), b.ringRadius())
		}
	}
}

// drawRings draws a ring of the player's colour where each counter that
// moved this step stood.
func (b *board) drawRings() {
	for i, mv := range b.v.Moves {
		if at, ok := b.ringAt[i]; ok {
			b.ring(at, b.colour(mv.Player), b.fill[mv.FromID])
		}
	}
}

// ringRadius is the radius of a ring.
func (b *board) ringRadius() int { return b.c.ChipHeight(b.small)/2 - 3 }

// ring draws the ring of a counter that left (x, y), on a box of colour
// under, and returns its radius.
func (b *board) ring(at image.Point, col, under picture.Colour) int {
	c := b.c
	r := b.ringRadius()
	c.Disc(at.X, at.Y, r+2, picture.Ink)
	c.Disc(at.X, at.Y, r, col)
	c.Disc(at.X, at.Y, r-4, under)
	return r
}

// arrow draws a move from a ring of radius r at from to the counter at
// to, on a white casing so that it shows on any colour.
func (b *board) arrow(from, to image.Point, col picture.Colour, r int) {
	c := b.c
	d := to.Sub(from)
	n := isqrtInt(d.X*d.X + d.Y*d.Y)
	if n <= 2*r+8 {
		return
	}
	// From the ring's edge to just short of the counter.
	start := from.Add(image.Pt(d.X*r/n, d.Y*r/n))
	end := to.Sub(image.Pt(d.X*(r+4)/n, d.Y*(r+4)/n))
	c.Line(start.X, start.Y, end.X, end.Y, 7, picture.White)
	c.Arrow(start.X, start.Y, end.X, end.Y, 3, col)
}

// isqrtInt is the square root of n, rounded down (math.Sqrt is exact
// for these small whole numbers, the same on every machine).
func isqrtInt(n int) int { return int(math.Sqrt(float64(n))) }
