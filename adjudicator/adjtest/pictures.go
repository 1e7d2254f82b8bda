package adjtest

import (
	"bytes"
	"fmt"
	"image/png"
	"slices"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/adjudicator/picture"
)

// Picture draws a view value as the Renderer does for a report, without
// the footer (which names the game and step, not the view). It fails the
// test if the view has no picture.
func Picture(t testing.TB, v any) []byte {
	t.Helper()
	return Painter(t)(v)
}

// Painter returns a function that draws view values as Picture does, with
// one Renderer for all of them.
func Painter(t testing.TB) func(v any) []byte {
	t.Helper()
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	return func(v any) []byte {
		t.Helper()
		png, err := r.DrawPicture(v, "")
		if err != nil {
			t.Fatal(err)
		}
		if png == nil {
			t.Fatalf("the view %T draws no picture", v)
		}
		return png
	}
}

// SamePictures plays the twins as SameForOthers does and checks, before
// each step and after the last, that every player but Hidden, and an
// observer, gets the same picture from both twins, byte for byte. It also
// checks that Hidden's own picture tells the twins apart at least once, so
// that the twins do differ in something a picture shows.
func (tw Twins) SamePictures(t testing.TB) {
	t.Helper()
	e := tw.Engine
	a, b := tw.A, tw.B
	told, draw := false, Painter(t)
	for step := 0; ; step++ {
		for _, p := range append(slices.Clone(tw.Players), engine.Observer) {
			pa, pb := draw(e.View(a, p)), draw(e.View(b, p))
			if p == tw.Hidden {
				told = told || !bytes.Equal(pa, pb)
				continue
			}
			if !bytes.Equal(pa, pb) {
				t.Fatalf("after %d steps: %s's picture differs between the twins", step, p)
			}
		}
		if step == len(tw.Orders) || e.Status(a).Finished {
			break
		}
		var err error
		if a, _, err = tw.resolve(a, tw.Orders[step], step+1); err != nil {
			t.Fatal(fmt.Errorf("step %d, first twin: %v", step+1, err))
		}
		if b, _, err = tw.resolve(b, tw.Orders[step], step+1); err != nil {
			t.Fatal(fmt.Errorf("step %d, second twin: %v", step+1, err))
		}
	}
	if !told {
		t.Fatalf("%s's own picture is the same in both twins: the twins differ in nothing a picture shows", tw.Hidden)
	}
}

// PicturesWellFormed checks the pictures of the first twin, for every
// player, the GM and an observer: each is a PNG PictureWidth pixels wide
// and at least 300 high, and drawing it again gives the same bytes.
func (tw Twins) PicturesWellFormed(t testing.TB) {
	t.Helper()
	draw := Painter(t)
	for _, p := range append(slices.Clone(tw.Players), "", engine.Observer) {
		v := tw.Engine.View(tw.A, p)
		a := draw(v)
		if !bytes.Equal(a, draw(v)) {
			t.Fatalf("%q: two drawings of one view differ", p)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(a))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Width != picture.Width || cfg.Height < 300 {
			t.Errorf("%q: the picture is %d×%d", p, cfg.Width, cfg.Height)
		}
	}
}
