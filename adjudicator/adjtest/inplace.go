package adjtest

import (
	"encoding/json"
	"fmt"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
)

// InPlaceKeepsDigests checks an engine whose Resolve changes the state in
// place after normalising it, where it used to resolve a copy made by
// clone: over whole games on the engine's defaults, one for each player
// count, resolving a state copied as it is (engine.DeepCopy keeps nil
// and empty apart) must give the digest resolving clone's copy gives — the
// digest the logs already written recorded.
func InPlaceKeepsDigests[S any](t *testing.T, e engine.Engine, clone func(S) S, counts []int, options string) {
	t.Helper()
	for _, n := range counts {
		players := []string{"ann", "ben", "cid", "dot", "eve", "fay"}[:n]
		s, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(options), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte(fmt.Sprint("inplace", n)), 0))
		if err != nil {
			t.Fatal(err)
		}
		for step := 1; !e.Status(s).Finished && step < 2000; step++ {
			var subs []engine.Submission
			for _, p := range e.Status(s).Pending {
				subs = append(subs, engine.Submission{Player: p, Items: e.Default(s, p), Default: true})
			}
			rng := func() *engine.Rand { return engine.NewRand([]byte("inplace"), step) }
			copied, _, err := e.Resolve(clone(s.(S)), subs, rng())
			if err != nil {
				t.Fatal(err)
			}
			inPlace, _, err := e.Resolve(engine.DeepCopy(s.(S)), subs, rng())
			if err != nil {
				t.Fatal(err)
			}
			a, _ := adjudicator.Digest(copied)
			b, _ := adjudicator.Digest(inPlace)
			if a != b {
				t.Fatalf("%d players, step %d: resolved in place the digest is %s, after a copy %s", n, step, b, a)
			}
			s = inPlace
		}
	}
}
