package engine_test

import (
	"fmt"
	"taipan/adjudicator/engine"
	"testing"
)

var testSeed = []byte("0123456789abcdef0123456789abcdef")

// The stream is part of the published audit algorithm: these values must
// never change, whatever Go release builds Taipan. If this test fails, every
// recorded game would replay differently.
func TestRandIsPinned(t *testing.T) {
	r := engine.NewRand(testSeed, 7)
	got := fmt.Sprint(r.Uint64(), r.Uint64(), r.Intn(6), r.Intn(1000))
	if want := "12159600473766417051 12039856519199991563 4 813"; got != want {
		t.Errorf("step 7 stream = %s, want %s", got, want)
	}
	p := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	engine.NewRand(testSeed, 0).Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	if got, want := fmt.Sprint(p), "[3 8 6 2 4 1 7 0 5 9]"; got != want {
		t.Errorf("step 0 shuffle = %s, want %s", got, want)
	}
}

func TestRandStepsDiffer(t *testing.T) {
	a, b := engine.NewRand(testSeed, 1), engine.NewRand(testSeed, 2)
	if a.Uint64() == b.Uint64() {
		t.Error("steps 1 and 2 share a stream")
	}
	c := engine.NewRand(testSeed, 1)
	c.Uint64()
	if c.Draws() != 1 {
		t.Errorf("Draws = %d", c.Draws())
	}
}

// Intn is uniform: a chi-squared test over 60,000 d6 rolls (5 degrees of
// freedom; 20.5 is the 0.1% critical value, so a correct draw fails this
// one time in a thousand seeds — the seed is fixed, so never).
func TestIntnUniform(t *testing.T) {
	r := engine.NewRand(testSeed, 3)
	const n = 60000
	var counts [6]int
	for i := 0; i < n; i++ {
		d := r.Die()
		if d < 1 || d > 6 {
			t.Fatalf("die rolled %d", d)
		}
		counts[d-1]++
	}
	chi := 0.0
	for _, c := range counts {
		diff := float64(c) - n/6.0
		chi += diff * diff / (n / 6.0)
	}
	if chi > 20.5 {
		t.Errorf("chi-squared %.1f over %v", chi, counts)
	}
}

func TestIntnLargeBound(t *testing.T) {
	r := engine.NewRand(testSeed, 4)
	const big = 1<<63 - 1
	for i := 0; i < 1000; i++ {
		if v := r.Intn(big); v < 0 || v >= big {
			t.Fatalf("Intn(big) = %d", v)
		}
	}
}
