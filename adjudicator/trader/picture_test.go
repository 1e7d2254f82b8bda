package trader

import (
	"bytes"
	"image/png"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/adjtest"
)

// Two games that differ only in alice's money (TR-X7) give every other player,
// and observers, the same picture, byte for byte, step after step; the
// picture is drawn from the view alone (issue 17: "a picture for one
// player contains none of another's hidden state").
func TestPictureHidesWhatOthersMayNotSee(t *testing.T) {
	twins(t, New()).SamePictures(t)
}

// Every viewer's picture of the twins is a PNG 1200 pixels wide, and
// drawing it again gives the same bytes.
func TestPictureIsDeterministic(t *testing.T) {
	tw, draw := twins(t, New()), adjtest.Painter(t)
	for _, p := range append(tw.Players, "", adjudicator.Observer) {
		v := tw.Engine.View(tw.A, p)
		a, b := draw(v), draw(v)
		if !bytes.Equal(a, b) {
			t.Fatalf("%q: two drawings of one view differ", p)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(a))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Width != adjudicator.PictureWidth || cfg.Height < 300 {
			t.Errorf("%q: the picture is %d×%d", p, cfg.Width, cfg.Height)
		}
	}
}
