package engine_test

import (
	"testing"

	"taipan/adjudicator/engine"
)

// A clone draws what its original draws next, and leaves the original's
// stream where it was.
func TestRandClone(t *testing.T) {
	r := engine.NewRand([]byte("seed"), 3)
	r.Uint64()
	c := r.Clone()
	for i := 0; i < 10; i++ {
		if a, b := r.Uint64(), c.Uint64(); a != b {
			t.Fatalf("draw %d: clone %d, original %d", i, b, a)
		}
	}
	fresh := engine.NewRand([]byte("seed"), 3).Clone()
	if fresh.Uint64() != engine.NewRand([]byte("seed"), 3).Uint64() {
		t.Error("a clone of an undrawn stream does not draw its first word")
	}
}

// A bot's stream is never the step's, nor another seat's, and is the same
// for the same seed, step, timeline and seat.
func TestNewBotRand(t *testing.T) {
	seed := []byte("0123456789abcdef0123456789abcdef")
	step := engine.NewRand(seed, 4).Uint64()
	a := engine.NewBotRand(seed, 4, 0, "alice").Uint64()
	if a == step {
		t.Error("alice's bot draws the step's stream")
	}
	if b := engine.NewBotRand(seed, 4, 0, "bob").Uint64(); b == a {
		t.Error("alice's and bob's bots draw the same stream")
	}
	if l := engine.NewBotRand(seed, 4, 1, "alice").Uint64(); l == a {
		t.Error("a new timeline gives the bot the same stream")
	}
	if again := engine.NewBotRand(seed, 4, 0, "alice").Uint64(); again != a {
		t.Error("the bot's stream is not reproducible")
	}
	r := engine.NewBotRand(seed, 4, 0, "alice")
	f1, f2 := r.Fork(), r.Fork()
	if f1.Uint64() == f2.Uint64() {
		t.Error("two forks of a stream draw alike")
	}
}
