package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
)

// Rand is the random stream of one step of one game. It is the only source
// of chance an engine may use.
//
// The algorithm is fixed so that anyone holding the revealed seed can
// re-derive every draw in any language:
//
//  1. key = SHA-256(seed ‖ step), where seed is the game's 32 secret bytes and
//     step is the step number as 8 bytes big-endian (0 for the set-up); in
//     timeline T > 0 (the steps played after the T-th rollback of the log,
//     which records T), key = SHA-256(seed ‖ step ‖ T), T as 8 bytes
//     big-endian too;
//  2. the stream is ChaCha8 keyed by those 32 bytes, as specified for Go's
//     math/rand/v2 ChaCha8 (C2SP chacha8rand), read 64 bits at a time;
//  3. Intn(n) draws x from the stream until x < 2^64 − (2^64 mod n) and
//     returns x mod n (rejection sampling: no bias);
//  4. Shuffle(n) is Fisher–Yates from the end: for i = n−1 down to 1,
//     swap i with Intn(i+1).
//
// The timeline is why a rollback gives no foreknowledge: the steps played
// again draw from streams nobody has seen, where the voided steps' reports
// would otherwise tell every die to come.
type Rand struct {
	key [32]byte
	// src is keyed at the first draw: most steps draw nothing, and a
	// replay makes a stream for every step.
	src *rand.ChaCha8
	n   int // words drawn so far, for audits
}

// NewRand returns the stream for the given seed and step in the game's
// first timeline (before any rollback, and after the rollbacks of logs
// written before timelines were).
func NewRand(seed []byte, step int) *Rand { return NewRandInTimeline(seed, step, 0) }

// NewRandInTimeline returns the stream for the given seed and step in
// timeline: 0 is the game's first, T > 0 the steps played after the log's
// T-th rollback.
func NewRandInTimeline(seed []byte, step, timeline int) *Rand {
	var buf [64]byte
	b := append(buf[:0], seed...)
	b = binary.BigEndian.AppendUint64(b, uint64(step))
	if timeline > 0 {
		b = binary.BigEndian.AppendUint64(b, uint64(timeline))
	}
	return &Rand{key: sha256.Sum256(b)}
}

// Uint64 returns the next raw 64-bit word of the stream.
func (r *Rand) Uint64() uint64 {
	if r.src == nil {
		r.src = rand.NewChaCha8(r.key)
	}
	r.n++
	return r.src.Uint64()
}

// Intn returns a uniform number in [0, n). It panics if n <= 0.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("adjudicator: Intn with n <= 0")
	}
	un := uint64(n)
	// limit = 2^64 - (2^64 mod n), computed without overflow; 0 means 2^64.
	limit := -((-un) % un) // (2^64 - (2^64 mod n)) mod 2^64
	for {
		x := r.Uint64()
		if limit == 0 || x < limit {
			return int(x % un)
		}
	}
}

// Die returns a roll of one six-sided die, 1 to 6.
func (r *Rand) Die() int { return r.Intn(6) + 1 }

// Shuffle permutes n elements with the Fisher–Yates shuffle described above,
// calling swap(i, j) for each exchange.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Intn(i+1))
	}
}

// Draws returns how many 64-bit words have been drawn from the stream.
func (r *Rand) Draws() int { return r.n }
