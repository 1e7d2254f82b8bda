package shanghaitrader

import (
	"fmt"
	"image"
	"slices"

	"taipan/adjudicator/picture"
)

// The map's key: who each label and colour is, in the order of play, and
// what the map's marks mean.

// keyEntry is one mark of the key: its width, how to draw it at (x, y),
// and what it means.
type keyEntry struct {
	w     int
	draw  func(x, y int)
	words string
}

// keyEntries are the marks the key explains; the contractors' only in a
// game that has them.
func (b *board) keyEntries() []keyEntry {
	c := b.c
	ch := c.ChipHeight(b.small)
	// The samples show the first player other than the viewer, whose
	// counter is ringed in gold.
	owner := "a player"
	for _, p := range b.v.Players {
		if p.Name != b.v.Viewer {
			owner = p.Name
			break
		}
	}
	chip := func(e EstabView, ring bool, words string) keyEntry {
		_, _, _, cw := b.chipLayout(e, colW)
		return keyEntry{cw, func(x, y int) { b.drawChip(x, y, colW, e, ring) }, words}
	}
	tag := func(t picture.Item, words string) keyEntry {
		return keyEntry{b.tagWidth(t), func(x, y int) { b.drawTag(x, y, t) }, words}
	}
	shipTag := picture.Item{Text: "ship", Fill: shipFill}
	owned := EstabView{Name: "TP", Dice: "1-2", Type: typeTP, Owner: owner}
	out := []keyEntry{
		chip(owned, false, "owned by "+owner+" ("+b.label(owner)+")"),
		chip(EstabView{Name: "TP", Dice: "3-4", Type: typeTP}, false, "for sale"),
		chip(EstabView{Name: "Banks", Dice: "1-2", Type: typeBanks}, false, "not for sale"),
		chip(owned, true, "changed hands this step"),
		{b.counterWidth(owner), func(x, y int) { b.drawCounter(x, y+2, owner) }, "a player's counter"},
		{ch + 40 + b.counterWidth(owner), func(x, y int) {
			r := ch/2 - 3
			from := image.Pt(x+r+2, y+ch/2)
			b.ring(from, b.colour(owner), picture.White)
			to := image.Pt(x+ch+40+b.counterWidth(owner)/2, y+ch/2)
			b.drawCounter(to.X-b.counterWidth(owner)/2, y+2, owner)
			b.arrow(from, to, b.colour(owner), r)
		}, "moved this step"},
		{40 + b.tagWidth(shipTag), func(x, y int) {
			ship(c, x+20, y+ch/2+2)
			b.drawTag(x+40, y, shipTag)
		}, "a ship at the docks this season"},
		tag(picture.Item{Text: "S", Fill: shipFill}, "serviced by a ship"),
	}
	if me := b.v.Viewer; b.seatOf(me) >= 0 {
		// After "a player's counter".
		out = slices.Insert(out, 5, keyEntry{b.counterWidth(me), func(x, y int) { b.drawCounter(x, y+2, me) }, "your counter"})
	}
	if b.v.Part2View != nil {
		out = append(out,
			tag(picture.Item{Text: "M", Fill: policeFill}, "Japanese marines"),
			tag(picture.Item{Text: "×", Fill: picture.Danger}, "closed by the customs inspector"),
			tag(picture.Item{Text: "♥" + b.label(owner), Fill: courtFill}, "courtesan hired by "+owner),
		)
		police := picture.Item{Text: "police ×1", Fill: policeFill}
		monks := picture.Item{Text: "monks ×1", Fill: monksFill}
		pw := b.tagWidth(police) + 4
		out = append(out, keyEntry{pw + b.tagWidth(monks), func(x, y int) {
			b.drawTag(x, y, police)
			b.drawTag(x+pw, y, monks)
		}, "police and monks deployed this year"})
	}
	return out
}

// keyPlayer is what the key says of a player beside their counter.
func (v View) keyPlayer(p PlayerView) string {
	t := p.Name
	if p.Name == v.Viewer {
		t += " (you)"
	}
	t += ", " + p.Nationality
	switch {
	case p.Out != "":
		t += ", " + p.Out
	case p.Initiative > 0:
		t += fmt.Sprintf(", #%d", p.Initiative)
	}
	return t
}

// drawKey draws the key at (x, y), w wide, on a card, and returns the y
// below it: the players' counters with their names, nationalities and
// places in the order of play, then the marks of the map.
func (b *board) drawKey(x, y, w int) int {
	c := b.c
	mark := c.Mark()
	const pad = 10
	st := b.small
	ch := c.ChipHeight(st)
	lh := c.LineHeight(st)
	head := picture.Style{Size: picture.Small, Bold: true}
	cy := y + pad
	c.Text(x+pad, cy, "KEY: players, nationality, place in the order of play (#1 first)", head)
	cy += c.LineHeight(head) + 4
	// Two players to a line, or one when a line of two would cut one
	// short.
	per := 2
	colw := (w - 2*pad) / per
	for _, p := range b.v.Players {
		if b.counterWidth(p.Name)+6+c.Measure(b.v.keyPlayer(p), picture.Style{Size: picture.Small, Bold: true}) > colw-6 {
			per, colw = 1, w-2*pad
		}
	}
	for i, p := range b.v.Players {
		if i > 0 && i%per == 0 {
			cy += ch + 4
		}
		cx := x + pad + (i%per)*colw
		cw := b.counterWidth(p.Name)
		b.drawCounter(cx, cy+2, p.Name)
		words := picture.Style{Size: picture.Small, Bold: p.Name == b.v.Viewer}
		c.Text(cx+cw+6, cy+(ch-lh)/2, c.Fit(b.v.keyPlayer(p), colw-cw-12, words), words)
	}
	cy += ch + 10
	lx := x + pad
	for _, k := range b.keyEntries() {
		ew := k.w + 6 + c.Measure(k.words, st)
		if lx > x+pad && lx+ew > x+w-pad {
			lx, cy = x+pad, cy+ch+6
		}
		k.draw(lx, cy)
		c.Text(lx+k.w+6, cy+(ch-lh)/2, k.words, picture.Style{Size: picture.Small, Colour: picture.Grey})
		lx += ew + 18
	}
	cy += ch + pad
	c.Under(mark, x, y, w, cy-y, picture.Box{Fill: boxFill, Border: picture.Rule, Thick: 1, Radius: 8})
	return cy
}
