package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"slices"
)

// PNG encodes the picture as an 8-bit paletted PNG. The same drawing
// gives the same bytes.
//
// A palette keeps the file small and the encoding fast (a third of the
// bytes of RGB, and no per-row filter to choose). A picture of at most
// 256 colours is encoded exactly; otherwise the palette is its 256 most
// frequent colours (ties by colour value) and every other colour, the
// rarer anti-aliasing shades at the edges of text and shapes, takes the
// nearest of them.
func (c *Canvas) PNG() ([]byte, error) {
	img := c.Image()
	p := paletted(img)
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, p); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// rgbAt is the pixel at offset i of img.Pix as 0xRRGGBB.
func rgbAt(pix []uint8, i int) uint32 {
	return uint32(pix[i])<<16 | uint32(pix[i+1])<<8 | uint32(pix[i+2])
}

// paletted converts an opaque picture to a paletted one.
func paletted(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	count := map[uint32]int{}
	last, run := uint32(0), 0
	for i := 0; i < len(img.Pix); i += 4 {
		k := rgbAt(img.Pix, i)
		if k == last {
			run++
			continue
		}
		if run > 0 {
			count[last] += run
		}
		last, run = k, 1
	}
	if run > 0 {
		count[last] += run
	}
	colours := make([]uint32, 0, len(count))
	for k := range count {
		colours = append(colours, k)
	}
	// Most frequent first; equal counts by colour value, so that the
	// order never depends on the map's.
	slices.SortFunc(colours, func(a, z uint32) int {
		if count[a] != count[z] {
			return count[z] - count[a]
		}
		return int(a) - int(z)
	})
	keep := colours[:min(len(colours), 256)]
	pal := make(color.Palette, len(keep))
	index := make(map[uint32]uint8, len(colours))
	for i, k := range keep {
		pal[i] = color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 0xFF}
		index[k] = uint8(i)
	}
	for _, k := range colours[len(keep):] {
		index[k] = nearest(keep, k)
	}
	p := image.NewPaletted(b, pal)
	last, li := ^uint32(0), uint8(0)
	for i, j := 0, 0; i < len(img.Pix); i, j = i+4, j+1 {
		k := rgbAt(img.Pix, i)
		if k != last {
			last, li = k, index[k]
		}
		p.Pix[j] = li
	}
	return p
}

// nearest is the index of the colour of pal closest to k (squared RGB
// distance; the first on ties).
func nearest(pal []uint32, k uint32) uint8 {
	best, bd := 0, -1
	for i, q := range pal {
		r, g, b := int(k>>16&0xFF)-int(q>>16&0xFF), int(k>>8&0xFF)-int(q>>8&0xFF), int(k&0xFF)-int(q&0xFF)
		d := r*r + g*g + b*b
		if bd < 0 || d < bd {
			best, bd = i, d
		}
	}
	return uint8(best)
}
