package picture

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"slices"
	"sync"
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
func (c *Canvas) PNG() ([]byte, error) { return c.Encode(nil) }

// Buffers are the memory one picture is painted and encoded in, kept for
// the next one: a Renderer drawing many reports saves allocating and
// clearing megabytes a picture. Safe for concurrent use.
type Buffers struct {
	rgba, index sync.Pool // *[]uint8
	png         pngBuffers
}

// pngBuffers keeps image/png's encoder buffers.
type pngBuffers struct{ p sync.Pool }

// Get is png.EncoderBufferPool's.
func (b *pngBuffers) Get() *png.EncoderBuffer {
	e, _ := b.p.Get().(*png.EncoderBuffer)
	return e
}

// Put is png.EncoderBufferPool's.
func (b *pngBuffers) Put(e *png.EncoderBuffer) { b.p.Put(e) }

func getPix(p *sync.Pool) []uint8 {
	if b, ok := p.Get().(*[]uint8); ok {
		return *b
	}
	return nil
}

// Encode is PNG painting in bufs (nil: fresh memory).
func (c *Canvas) Encode(bufs *Buffers) ([]byte, error) {
	if bufs == nil {
		bufs = &Buffers{}
	}
	img := c.paint(getPix(&bufs.rgba))
	p := paletted(img, getPix(&bufs.index))
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufs.png}
	err := enc.Encode(&b, p)
	bufs.rgba.Put(&img.Pix)
	bufs.index.Put(&p.Pix)
	if err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// pixelAt is the pixel at offset i of an opaque picture's Pix, as one
// word (0xFFBBGGRR).
func pixelAt(pix []uint8, i int) uint32 { return binary.LittleEndian.Uint32(pix[i:]) }

// rgb is a pixel word as 0xRRGGBB.
func rgb(k uint32) uint32 { return k&0xFF<<16 | k&0xFF00 | k>>16&0xFF }

// paletted converts an opaque picture to a paletted one, whose pixels
// reuse pix when it is large enough.
func paletted(img *image.RGBA, pix []uint8) *image.Paletted {
	b := img.Bounds()
	count := newTable()
	last, run := uint32(0), 0 // no pixel word is 0: the pictures are opaque
	for i := 0; i < len(img.Pix); i += 4 {
		k := pixelAt(img.Pix, i)
		if k == last {
			run++
			continue
		}
		if run > 0 {
			*count.at(last) += run
		}
		last, run = k, 1
	}
	if run > 0 {
		*count.at(last) += run
	}
	colours := count.keys()
	// Most frequent first; equal counts by colour value (0xRRGGBB), so that
	// the order depends on nothing but the picture.
	n := func(k uint32) int { return *count.at(k) }
	slices.SortFunc(colours, func(a, z uint32) int {
		if n(a) != n(z) {
			return n(z) - n(a)
		}
		return int(rgb(a)) - int(rgb(z))
	})
	keep := colours[:min(len(colours), 256)]
	pal := make(color.Palette, len(keep))
	index := newTable()
	for i, k := range keep {
		c := rgb(k)
		pal[i] = color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xFF}
		*index.at(k) = i
	}
	for _, k := range colours[len(keep):] {
		*index.at(k) = int(nearest(keep, k))
	}
	if cap(pix) < b.Dx()*b.Dy() {
		pix = make([]uint8, b.Dx()*b.Dy())
	}
	p := &image.Paletted{Pix: pix[:b.Dx()*b.Dy()], Stride: b.Dx(), Rect: b, Palette: pal}
	last, li := uint32(0), uint8(0)
	for i, j := 0, 0; i < len(img.Pix); i, j = i+4, j+1 {
		k := pixelAt(img.Pix, i)
		if k != last {
			last, li = k, uint8(*index.at(k))
		}
		p.Pix[j] = li
	}
	return p
}

// table maps pixel words (never 0) to numbers: an open-addressing hash
// table, several times faster than a Go map for this one job.
type table struct {
	slots []uint32
	vals  []int
	n     int
	shift uint
}

func newTable() *table {
	return &table{slots: make([]uint32, 1<<12), vals: make([]int, 1<<12), shift: 32 - 12}
}

// at is the number kept for k, made 0 if k is new.
func (t *table) at(k uint32) *int {
	mask := uint32(len(t.slots) - 1)
	for i := (k * 0x9E3779B1) >> t.shift; ; i = (i + 1) & mask {
		switch t.slots[i] {
		case k:
			return &t.vals[i]
		case 0:
			if 2*(t.n+1) > len(t.slots) {
				t.grow()
				return t.at(k)
			}
			t.slots[i], t.n = k, t.n+1
			return &t.vals[i]
		}
	}
}

func (t *table) grow() {
	old, vals := t.slots, t.vals
	t.slots, t.vals, t.n, t.shift = make([]uint32, 2*len(old)), make([]int, 2*len(old)), 0, t.shift-1
	for i, k := range old {
		if k != 0 {
			*t.at(k) = vals[i]
		}
	}
}

// keys lists the keys, in no particular order.
func (t *table) keys() []uint32 {
	out := make([]uint32, 0, t.n)
	for _, k := range t.slots {
		if k != 0 {
			out = append(out, k)
		}
	}
	return out
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
