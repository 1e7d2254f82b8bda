package shanghaitrader

import (
	"fmt"
	"slices"
	"strings"
	"taipan/adjudicator/engine"
	"taipan/adjudicator/picture"
)

// View draws the picture of the reports.
var _ engine.Pictured = View{}

// zoneFill is the tint of a district's panel by its zone (§1.6): the
// British and French zones of the Settlement, and the city outside it.
func zoneFill(zone string) picture.Colour {
	switch zone {
	case zoneBritish:
		return 0xE3ECF6
	case zoneFrench:
		return 0xF4E6EC
	}
	return 0xF1EBDD
}

// Picture draws the view (engine.Pictured): the year, the season and
// the order of play; the districts, zone by zone, with each location in
// its owner's colour and the counters on it, and the ships at the docks;
// then the players, with the money the viewer may see.
func (v View) Picture(c *picture.Canvas) {
	const m = picture.Margin
	w := c.Width() - 2*m
	status := v.Status
	if v.Ended != "" {
		status += ". " + v.Ended
	}
	y := c.Title("Shanghai Trader", status)
	seat := map[string]int{}
	for i, p := range v.Players {
		seat[p.Name] = i
	}
	var order []picture.Item
	for i, name := range v.Initiative {
		order = append(order, picture.Item{Text: fmt.Sprintf("%d. %s", i+1, name), Fill: picture.Seat(seat[name])})
	}
	if len(order) > 0 {
		y = c.Heading(y, fmt.Sprintf("YEAR %d OF %d, %s: ORDER OF PLAY", v.Year, v.LastYear, strings.ToUpper(v.Season)))
		y = c.Chips(m, y, w, order, picture.Body)
	}
	if v.Part2View != nil && v.Event != "" {
		y = c.Note(y+4, "This turn: "+v.Event, picture.Style{Bold: true})
	}
	y = v.drawBoard(c, y+6, w, seat)
	y = v.drawContractors(c, y, w)
	y = v.drawDecision(c, y)
	y = c.Heading(y+10, "PLAYERS")
	for i, p := range v.Players {
		y = c.Panel(y, p.Name == v.Viewer, func(y int) int {
			c.Player(m+12, y, i, p.Name, p.Name == v.Viewer)
			st := picture.Style{Size: picture.Small, Colour: picture.Grey}
			y += c.LineHeight(picture.Style{Bold: true}) + 2
			return c.Para(m+12, y, w-24, v.playerLine(p), st)
		})
	}
	if len(v.Winners) > 0 {
		st := picture.Style{Size: picture.Big, Bold: true}
		c.Chip(m, y+6, "Winner: "+strings.Join(v.Winners, " and "), picture.Gold, st)
	}
}

// playerLine is what the picture says of a player: nationality, where
// they are, and what the viewer may know of their money.
func (v View) playerLine(p PlayerView) string {
	parts := []string{p.Nationality}
	switch {
	case p.Out != "":
		parts = append(parts, p.Out+" "+p.OutWhen)
	case p.Shanghaied:
		parts = append(parts, "shanghaied in "+p.Location)
	default:
		parts = append(parts, "at "+p.Location+", "+p.District)
	}
	if p.Cash != nil && p.Bank != nil {
		money := fmt.Sprintf("cash %s, bank %s", v.Money(*p.Cash), v.Money(*p.Bank))
		if p.Disclosed != "" {
			money += " (the Daily Mail, " + p.Disclosed + ")"
		}
		parts = append(parts, money)
	} else {
		parts = append(parts, "money hidden")
	}
	if p.Passport {
		parts = append(parts, "passport")
	}
	if p.Bodyguards > 0 {
		parts = append(parts, fmt.Sprintf("bodyguards %d", p.Bodyguards))
	}
	return strings.Join(parts, "; ")
}

// district is one district of the board as the picture draws it.
type district struct {
	id, name, zone string
	locs           []EstabView
}

// drawBoard draws the districts, three to a row, each a panel of its
// zone's tint with its locations as chips in their owner's colour (grey:
// nobody's) and a disc for each counter standing there; and returns the y
// below.
func (v View) drawBoard(c *picture.Canvas, y, w int, seat map[string]int) int {
	const m = picture.Margin
	var ds []district
	for _, e := range v.Establishments {
		if len(ds) == 0 || ds[len(ds)-1].id != e.DistrictID {
			ds = append(ds, district{id: e.DistrictID, name: e.District, zone: e.zone})
		}
		ds[len(ds)-1].locs = append(ds[len(ds)-1].locs, e)
	}
	ships := map[string]bool{}
	for _, s := range v.Ships {
		ships[s] = true
	}
	y = c.Heading(y, "THE CITY: British zone blue, French zone rose, outside sand")
	small := picture.Style{Size: picture.Small}
	const per, gap = 3, 12
	cw := (w - gap*(per-1)) / per
	for row := 0; row < len(ds); row += per {
		// The row is as tall as its tallest district.
		h := 0
		for i := row; i < min(row+per, len(ds)); i++ {
			h = max(h, v.districtHeight(c, ds[i], cw, small))
		}
		for i := row; i < min(row+per, len(ds)); i++ {
			x := m + (i-row)*(cw+gap)
			v.drawDistrict(c, x, y, cw, h, ds[i], ships[ds[i].name], seat, small)
		}
		y += h + gap
	}
	return y
}

// districtHeight is how tall drawDistrict draws d, w wide.
func (v View) districtHeight(c *picture.Canvas, d district, w int, st picture.Style) int {
	h := 8 + c.LineHeight(picture.Style{Bold: true}) + 4
	return h + len(d.locs)*(c.ChipHeight(st)+4) + 6
}

// drawDistrict draws one district at (x, y), w by h.
func (v View) drawDistrict(c *picture.Canvas, x, y, w, h int, d district, ship bool, seat map[string]int, st picture.Style) {
	c.Box(x, y, w, h, picture.Box{Fill: zoneFill(d.zone), Border: picture.Rule, Thick: 1, Radius: 10})
	head := picture.Style{Bold: true}
	title := d.id + " " + d.name
	if ship {
		title += "  (ship)"
	}
	if tags := v.deployedIn(d); tags != "" {
		title += "  " + tags
	}
	c.Text(x+10, y+8, c.Fit(title, w-20, head), head)
	ly := y + 8 + c.LineHeight(head) + 4
	for _, e := range d.locs {
		fill := picture.Shade
		if e.Owner != "" {
			fill = picture.Seat(seat[e.Owner])
		}
		name := e.Name
		if e.Dice != "" {
			name = e.Dice + " " + name
		}
		if e.Closed {
			name += " (closed)"
		}
		if tags := v.placedAt(e.ID); tags != "" {
			name += " [" + tags + "]"
		}
		// Counters standing here, as discs of their seat's colour after
		// the chip.
		discs := len(e.Players) * (c.ChipHeight(st) + 2)
		cw := c.Chip(x+8, ly, c.Fit(name, w-28-discs-24, st), fill, st)
		r := c.ChipHeight(st)/2 - 2
		for i, p := range e.Players {
			cx := x + 8 + cw + 6 + r + i*(2*r+4)
			c.Disc(cx, ly+c.ChipHeight(st)/2, r, picture.Seat(seat[p]))
			c.Text(cx, ly+c.ChipHeight(st)/2-c.LineHeight(st)/2, initial(p), picture.Style{Size: picture.Small, Bold: true, Colour: picture.Seat(seat[p]).TextOn(), Align: picture.Center})
		}
		ly += c.ChipHeight(st) + 4
	}
}

// initial is the first letter of a name, upper case.
func initial(name string) string {
	if name == "" {
		return "?"
	}
	return strings.ToUpper(name[:1])
}

// deployedIn names the police and monks deployed to a district (part 2).
func (v View) deployedIn(d district) string {
	if v.Part2View == nil {
		return ""
	}
	var tags []string
	for _, dist := range v.Contractors.Police {
		if dist == d.name || dist == d.id {
			tags = append(tags, "police")
		}
	}
	for _, dist := range v.Contractors.Monks {
		if dist == d.name || dist == d.id {
			tags = append(tags, "monks")
		}
	}
	return strings.Join(tags, ", ")
}

// placedAt names the contractors standing on a location (part 2): marines,
// the customs inspector, general courtesans and who hired them.
func (v View) placedAt(id string) string {
	if v.Part2View == nil {
		return ""
	}
	var tags []string
	for _, at := range v.Contractors.Marines {
		if at == id {
			tags = append(tags, "marines")
		}
	}
	for _, at := range v.Contractors.Inspector {
		if at == id {
			tags = append(tags, "inspector")
		}
	}
	for _, cz := range v.Contractors.Courtesans {
		if cz.At == id {
			tags = append(tags, "courtesan of "+cz.By)
		}
	}
	return strings.Join(tags, ", ")
}

// drawContractors notes the contractors that stand on no location (part
// 2): the minder, the Lido Courtesan's race, the players the spy detains.
func (v View) drawContractors(c *picture.Canvas, y, w int) int {
	if v.Part2View == nil {
		return y
	}
	k := v.Contractors
	var lines []string
	if k.Minder != "" {
		line := "The White Russian minder guards " + k.Minder
		if k.MinderDead {
			line = "The White Russian minder died guarding " + k.Minder
		}
		lines = append(lines, line+".")
	}
	if k.Lido != "" {
		lines = append(lines, "The Lido Courtesan races to the North China Daily Mail with "+k.Lido+"'s secrets.")
	}
	names := make([]string, 0, len(k.Detained))
	for name := range k.Detained {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		lines = append(lines, fmt.Sprintf("The German spy's scandal keeps %s in the Consulates (%d more turns).", name, k.Detained[name]))
	}
	if len(lines) == 0 {
		return y
	}
	y = c.Heading(y+6, "CONTRACTORS")
	for _, l := range lines {
		y = c.Note(y, l, picture.Style{})
	}
	return y
}
