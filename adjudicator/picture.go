package adjudicator

import (
	"fmt"

	"taipan/adjudicator/engine"
	"taipan/adjudicator/picture"
)

// HasPicture reports whether g's game draws a picture.
func HasPicture(g *Game) bool {
	_, ok := g.Engine.View(g.State, engine.Observer).(engine.Pictured)
	return ok
}

// Picture draws player's picture of g as it is now (the GM's for "", the
// public one for Observer), as PNG, with a footer naming the game, the
// step and the viewer. It is nil for a game without a picture.
func (r *Renderer) Picture(g *Game, player string) ([]byte, error) {
	if err := g.notStarted(); err != nil {
		return nil, err
	}
	if player != "" && player != engine.Observer && g.Player(player) == nil {
		return nil, Errorf(ENOTFOUND, "game %s has no player %q", g.ID, player)
	}
	var panel []string
	if _, own := g.Engine.(engine.Decider); r.Decision && !own {
		// A Decider's picture draws its own panel, as Singapore 1889's
		// does (its text view holds the heading); every other game's
		// gets the host's, below the game's picture.
		view, err := r.View(g, player)
		if err != nil {
			return nil, err
		}
		panel = DecisionPanel(g, player, view)
	}
	return r.drawPicture(g.Engine.View(g.State, player), pictureCaption(g.ID, g.Last.Step, player), panel)
}

// DrawPicture draws a view value as PNG, with caption in its footer (none
// when empty). It is nil for a view that is not Pictured.
func (r *Renderer) DrawPicture(v any, caption string) ([]byte, error) {
	return r.drawPicture(v, caption, nil)
}

// drawPicture is DrawPicture with the YOUR DECISION panel's lines, drawn
// below the view's picture (none when empty).
func (r *Renderer) drawPicture(v any, caption string, panel []string) ([]byte, error) {
	p, ok := v.(engine.Pictured)
	if !ok {
		return nil, nil
	}
	fonts, err := r.fonts()
	if err != nil {
		return nil, err
	}
	c := picture.New(fonts, picture.Width, picture.Paper)
	p.Picture(c)
	c.Decision(c.Bottom()+10, panel)
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
	case engine.Observer:
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
