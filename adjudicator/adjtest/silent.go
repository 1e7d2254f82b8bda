package adjtest

import (
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// SilentResolvesAsTold checks an engine.SilentResolver over a whole game
// from s, each pending player sending what orders gives: at every step,
// ResolveSilently on a copy (engine.DeepCopy) must reach the digest
// Resolve reaches on another, having drawn as many numbers from its
// stream, and the game goes on from Resolve's state. A replay resolves
// all but its last step silently, so a difference would be a replay that
// no longer reproduces the log.
func SilentResolvesAsTold[S engine.State](t *testing.T, e engine.Engine, s S, seed string, orders func(s S, player string) []orders.Item) {
	t.Helper()
	silent, ok := e.(engine.SilentResolver)
	if !ok {
		t.Fatalf("%s does not resolve silently", e.Name())
	}
	for step := 1; !e.Status(s).Finished && step < 2000; step++ {
		var subs []engine.Submission
		for _, p := range e.Status(s).Pending {
			subs = append(subs, engine.Submission{Player: p, Items: orders(s, p)})
		}
		toldRng, silentRng := engine.NewRand([]byte(seed), step), engine.NewRand([]byte(seed), step)
		quiet, err := silent.ResolveSilently(engine.DeepCopy(s), subs, silentRng)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		told, _, err := e.Resolve(engine.DeepCopy(s), subs, toldRng)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		a, _ := adjudicator.Digest(told)
		b, _ := adjudicator.Digest(quiet)
		if a != b {
			t.Fatalf("step %d: resolved silently the digest is %s, told %s", step, b, a)
		}
		if x, y := toldRng.Uint64(), silentRng.Uint64(); x != y {
			t.Fatalf("step %d: resolving silently drew another count of numbers from the step's stream", step)
		}
		s = told.(S)
	}
}
