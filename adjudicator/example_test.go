package adjudicator_test

import (
	"fmt"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
)

// A third party re-derives a game's dice from the revealed seed: the stream
// of step N depends only on the seed and N.
func ExampleNewRand() {
	seed := []byte("0123456789abcdef0123456789abcdef")
	rng := engine.NewRand(seed, 7)
	fmt.Println(rng.Uint64(), rng.Uint64())
	fmt.Println("a die:", rng.Intn(6)+1)
	// Output:
	// 12159600473766417051 12039856519199991563
	// a die: 5
}

func ExampleCommitment() {
	seed := make([]byte, 32)
	fmt.Println(adjudicator.Commitment(seed))
	// Output: 66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925
}

func ExampleWrap() {
	fmt.Println(engine.Wrap("alice bought blue 6 from Berlin for 6 million, and bob sold red 4 and red 5 for 20 million.", "  - ", 40))
	// Output:
	//   - alice bought blue 6 from Berlin for
	//     6 million, and bob sold red 4 and
	//     red 5 for 20 million.
}
