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

// Picture draws the view (engine.Pictured): the year and the season;
// the map of the city with the key, each location in its owner's colour
// and with the owner's label, the counters, the contractors, the ships
// and this step's moves; what this step moved and changed hands, in
// words; the contractors standing on no location; then the players, with
// the money the viewer may see.
func (v View) Picture(c *picture.Canvas) {
	status := v.Status
	if v.Ended != "" && !strings.Contains(status, v.Ended) {
		status += ". " + v.Ended
	}
	y := c.Title("Shanghai Trader", status)
	seat := map[string]int{}
	names := make([]string, len(v.Players))
	for i, p := range v.Players {
		seat[p.Name] = i
		names[i] = p.Name
	}
	if v.Part2View != nil && v.Event != "" {
		y = c.Note(y, "This turn: "+v.Event, picture.Style{Bold: true}) + 4
	}
	b := newBoard(c, v, seat, playerLabels(names))
	y, rest := b.drawMap(y)
	y = b.drawElsewhere(y, rest)
	y = b.drawThisStep(y)
	y = v.drawContractors(c, y)
	y = v.drawDecision(c, y)
	y = b.drawPlayers(y + 10)
	if len(v.Winners) > 0 {
		st := picture.Style{Size: picture.Big, Bold: true}
		c.Chip(picture.Margin, y+6, "Winner: "+strings.Join(v.Winners, " and "), picture.Gold, st)
	}
}

// drawElsewhere draws the districts the map has no place for (a
// campaign's own), five to a row, and returns the y below them.
func (b *board) drawElsewhere(y int, ds []district) int {
	if len(ds) == 0 {
		return y
	}
	y = b.c.Heading(y+10, "OTHER DISTRICTS")
	for row := 0; row < len(ds); row += 5 {
		h := 0
		for _, d := range ds[row:min(row+5, len(ds))] {
			h = max(h, b.boxHeight(d, colW))
		}
		for i, d := range ds[row:min(row+5, len(ds))] {
			b.drawDistrict(picture.Margin+i*(colW+colGap), y, colW, h, d)
		}
		y += h + colGap
	}
	return y
}

// drawThisStep says in words what the map's arrows and gold rings show:
// who moved from where to where in the step just played, and what changed
// hands; nothing when nothing did (the set-up).
func (b *board) drawThisStep(y int) int {
	c := b.c
	v := b.v
	if len(v.Moves) == 0 && len(v.Changed) == 0 {
		return y
	}
	y = c.Heading(y+10, "THIS STEP")
	st := b.small
	ch := c.ChipHeight(st)
	w := c.Width() - 2*picture.Margin
	for _, mv := range v.Moves {
		cw := b.counterWidth(mv.Player)
		b.drawCounter(picture.Margin, y, mv.Player)
		words := mv.Player + ": " + placeWords(mv.From, mv.FromID, mv.FromDistrict) + " → "
		switch {
		case mv.To == "":
			words += mv.Out
		default:
			words += placeWords(mv.To, mv.ToID, mv.ToDistrict)
		}
		if mv.Shanghaied {
			words += " (shanghaied)"
		}
		c.Text(picture.Margin+cw+8, y+(ch-4-c.LineHeight(st))/2, c.Fit(words, w-cw-8, st), st)
		y += ch + 2
	}
	if len(v.Changed) > 0 {
		var parts []string
		for _, ch := range v.Changed {
			parts = append(parts, ch.ID+" "+ownerWords(ch.From)+" → "+ownerWords(ch.To))
		}
		y = c.Para(picture.Margin, y+4, w, "Changed hands: "+strings.Join(parts, "; ")+".", st)
	}
	return y
}

// placeWords names a location and its district.
func placeWords(name, id, district string) string {
	if name != id && id != "" {
		return name + " (" + district + ")"
	}
	return name + ", " + district
}

// ownerWords names an owner, or nobody.
func ownerWords(owner string) string {
	if owner == "" {
		return "nobody"
	}
	return owner
}

// drawPlayers draws a panel for each player, the viewer's gold: their
// counter and name, then what the viewer may know of them; and returns
// the y below.
func (b *board) drawPlayers(y int) int {
	c := b.c
	v := b.v
	y = c.Heading(y, "PLAYERS")
	for _, p := range v.Players {
		y = c.Panel(y, p.Name == v.Viewer, func(y int) int {
			x := picture.Margin + 12
			cw := b.counterWidth(p.Name)
			b.drawCounter(x, y, p.Name)
			name := p.Name
			if p.Name == v.Viewer {
				name += " (you)"
			}
			head := picture.Style{Bold: true}
			c.Text(x+cw+8, y, name, head)
			st := picture.Style{Size: picture.Small, Colour: picture.Grey}
			y += max(c.LineHeight(head), c.ChipHeight(b.small)-4) + 2
			return c.Para(x, y, c.Width()-2*picture.Margin-24, v.playerLine(p), st)
		})
	}
	return y
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

// drawContractors notes the contractors that stand on no location (part
// 2): the minder, the Lido Courtesan's race, the players the spy detains.
func (v View) drawContractors(c *picture.Canvas, y int) int {
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
