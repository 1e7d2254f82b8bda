package adjudicator

import (
	"fmt"

	"taipan/adjudicator/picture"
)

// Pictured is implemented by the view values of games that draw a picture
// for their reports: what Engine.View returns for a player, the GM (the
// viewer "") or observers. Picture draws the view on c, Width pixels wide,
// as tall as it needs. It is a method of the view, so it sees only what
// the viewer may see: a picture cannot show more than the text report.
// It must be deterministic (no map order, no clock).
//
// A game adds its picture in a file picture.go beside view.go:
//
//	func (v View) Picture(c *adjudicator.Canvas) {
//		y := c.Title("Trader", v.Status)
//		y = c.Heading(y, "THE MARKET")
//		...
//	}
type Pictured interface {
	Picture(c *Canvas)
}

// The drawing vocabulary of package picture, under names a game package
// may use (games import only adjudicator).
type (
	// Canvas is a picture being drawn (picture.Canvas).
	Canvas = picture.Canvas
	// Colour is an opaque colour 0xRRGGBB (picture.Colour).
	Colour = picture.Colour
	// TextStyle is how a text is written (picture.Style).
	TextStyle = picture.Style
	// Box is a rectangle with rounded corners and a border (picture.Box).
	Box = picture.Box
	// Card is a card seen face up (picture.Card).
	Card = picture.Card
	// Item is one chip of a row (picture.Item).
	Item = picture.Item
)

// The shared colours, text sizes and alignments of the pictures.
const (
	ColourPaper  = picture.Paper
	ColourInk    = picture.Ink
	ColourGrey   = picture.Grey
	ColourRule   = picture.Rule
	ColourPanel  = picture.Panel
	ColourShade  = picture.Shade
	ColourWhite  = picture.White
	ColourGold   = picture.Gold
	ColourDanger = picture.Danger

	TextSmall = picture.Small
	TextBody  = picture.Body
	TextBig   = picture.Big
	TextHuge  = picture.Huge

	AlignLeft   = picture.Left
	AlignCenter = picture.Center
	AlignRight  = picture.Right

	PictureWidth  = picture.Width
	PictureMargin = picture.Margin
)

// SeatColour is the colour of the player in seat i (0-based).
func SeatColour(i int) Colour { return picture.Seat(i) }

// HasPicture reports whether g's game draws a picture.
func HasPicture(g *Game) bool {
	_, ok := g.Engine.View(g.State, Observer).(Pictured)
	return ok
}

// Picture draws player's picture of g as it is now (the GM's for "", the
// public one for Observer), as PNG, with a footer naming the game, the
// step and the viewer. It is nil for a game without a picture.
func (r *Renderer) Picture(g *Game, player string) ([]byte, error) {
	if player != "" && player != Observer && g.Player(player) == nil {
		return nil, Errorf(ENOTFOUND, "game %s has no player %q", g.ID, player)
	}
	return r.DrawPicture(g.Engine.View(g.State, player), pictureCaption(g.ID, g.Last.Step, player))
}

// DrawPicture draws a view value as PNG, with caption in its footer (none
// when empty). It is nil for a view that is not Pictured.
func (r *Renderer) DrawPicture(v any, caption string) ([]byte, error) {
	p, ok := v.(Pictured)
	if !ok {
		return nil, nil
	}
	fonts, err := r.fonts()
	if err != nil {
		return nil, err
	}
	c := picture.New(fonts, picture.Width, picture.Paper)
	p.Picture(c)
	if caption != "" {
		c.Footer(caption)
	}
	png, err := c.Encode(&r.buffers)
	if err != nil {
		return nil, fmt.Errorf("picture: %w", err)
	}
	return png, nil
}

// fonts parses the Go fonts the first time a picture is drawn.
func (r *Renderer) fonts() (*picture.Fonts, error) {
	r.fontOnce.Do(func() { r.fontSet, r.fontErr = picture.LoadFonts() })
	return r.fontSet, r.fontErr
}

// pictureCaption is the footer of a report's picture.
func pictureCaption(game string, step int, player string) string {
	who := "the GM's full view"
	switch player {
	case "":
	case Observer:
		who = "the public view"
	default:
		who = player + "'s view"
	}
	when := fmt.Sprintf("after step %d", step)
	if step == 0 {
		when = "after the set-up"
	}
	return fmt.Sprintf("Taipan · %s · %s · %s", game, when, who)
}
