package engine

import "taipan/adjudicator/picture"

// Pictured is implemented by the view values of games that draw a picture
// for their reports: what Engine.View returns for a player, the GM (the
// viewer "") or observers. Picture draws the view on c, Width pixels wide,
// as tall as it needs. It is a method of the view, so it sees only what
// the viewer may see: a picture cannot show more than the text report.
// It must be deterministic (no map order, no clock).
//
// A game adds its picture in a file picture.go beside view.go:
//
//	func (v View) Picture(c *picture.Canvas) {
//		y := c.Title("Trader", v.Status)
//		y = c.Heading(y, "THE MARKET")
//		...
//	}
type Pictured interface {
	Picture(c *picture.Canvas)
}
