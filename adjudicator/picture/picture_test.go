package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"
)

func fonts(t testing.TB) *Fonts {
	t.Helper()
	f, err := LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// sample draws a little of everything.
func sample(f *Fonts) *Canvas {
	c := New(f, Width, Paper)
	y := c.Title("A title", "a status line that says what is going on in the game, long enough to be wrapped across the picture, twice over if need be")
	y = c.Heading(y, "A HEADING")
	for i := 0; i < 6; i++ {
		c.Card(Margin+i*190, y, 180, 90, Card{Fill: Seat(i), Title: fmt.Sprintf("card %d", i), Sub: "sub line", Corner: "c", Highlight: i == 2})
	}
	y += 100
	var items []Item
	for i := 0; i < 30; i++ {
		items = append(items, Item{Text: fmt.Sprintf("chip %d", i), Fill: Seat(i)})
	}
	y = c.Chips(Margin, y, Width-2*Margin, items, Small)
	c.Disc(300, y+120, 100, Panel)
	c.Arrow(300, y+120, 380, y+60, 4, Ink)
	c.Backs(600, y, 30, 44, 12, 300)
	c.Footer("a footer")
	return c
}

// The same drawing gives the same PNG; a picture of few colours is
// encoded exactly.
func TestEncodeIsDeterministicAndExact(t *testing.T) {
	f := fonts(t)
	a, err := sample(f).PNG()
	if err != nil {
		t.Fatal(err)
	}
	var bufs Buffers
	for i := 0; i < 3; i++ {
		b, err := sample(f).Encode(&bufs)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Fatal("the same drawing gave different bytes")
		}
	}
	c := New(f, 200, Paper)
	c.Rect(10, 10, 50, 50, Ink)
	c.Rect(70, 10, 50, 50, Gold)
	b, err := c.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []struct {
		x, y int
		want Colour
	}{{0, 0, Paper}, {20, 20, Ink}, {80, 20, Gold}} {
		r, g, bl, _ := img.At(k.x, k.y).RGBA()
		if got := Colour(r>>8<<16 | g>>8<<8 | bl>>8); got != k.want {
			t.Errorf("(%d, %d) is %06X, want %06X", k.x, k.y, got, k.want)
		}
	}
	if img.Bounds() != image.Rect(0, 0, 200, 60+Margin) {
		t.Errorf("the picture is %v", img.Bounds())
	}
}

// Text is measured, fitted and wrapped.
func TestText(t *testing.T) {
	c := New(fonts(t), Width, Paper)
	st := Style{}
	if w := c.Measure("Taipan", st); w < 50 || w > 120 {
		t.Errorf("Taipan is %d pixels wide at %d px", w, Body)
	}
	if s := c.Fit("a rather long destination name", 120, st); c.Measure(s, st) > 120 || s[len(s)-len("…"):] != "…" {
		t.Errorf("Fit gave %q", s)
	}
	lines := c.Lines("one two three four five six seven eight nine ten", 150, st)
	if len(lines) < 3 {
		t.Errorf("Lines gave %q", lines)
	}
	for _, l := range lines {
		if c.Measure(l, st) > 150 {
			t.Errorf("line %q is too wide", l)
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	f := fonts(b)
	var bufs Buffers
	for b.Loop() {
		if _, err := sample(f).Encode(&bufs); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPaletted(b *testing.B) {
	img := sample(fonts(b)).Image()
	var pix []uint8
	for b.Loop() {
		pix = paletted(img, pix).Pix
	}
}
