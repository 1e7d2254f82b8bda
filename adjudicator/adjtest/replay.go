package adjtest

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/orders"
)

// Replay is a game's replay benchmark (BenchmarkReplay…): it plays
// campaign (a campaign file) to its end through a Host on a fresh store,
// every pending player sending the engine's default orders as an order
// file, then times the replay and audit of the game's log read from the
// store (adjudicator.Audit: the chain, every step's orders read, resolved
// and digested) against reading its rows alone, in the same run. It
// reports the log's events, read-ms and the ratio, x-read (the goal is
// at most 3), with digests-x (ReplayLog).
func Replay(b *testing.B, e engine.Engine, campaign string) {
	b.Helper()
	st, err := events.Open(filepath.Join(b.TempDir(), "replay.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	reg := adjudicator.NewRegistry(e)
	h := &adjudicator.Host{Store: st, Games: reg}
	ctx := context.Background()
	c, err := adjudicator.ParseCampaign([]byte(campaign))
	if err != nil {
		b.Fatal(err)
	}
	ng, err := h.Create(ctx, c)
	if err != nil {
		b.Fatal(err)
	}
	for g := ng.Game; !g.Status.Finished; {
		p := g.Awaiting()[0]
		r, err := h.Submit(ctx, &orders.Envelope{Game: g.ID, Player: p, Token: ng.Tokens[p], Step: g.Step, Orders: g.Engine.Default(g.State, p)}, adjudicator.SubmitOptions{})
		if err != nil {
			b.Fatal(err)
		}
		g = r.Game
	}
	ReplayLog(b, reg, st, ng.Game.ID)
}

// ReplayLog is the timed part of a replay benchmark: the replay and audit
// of game id's log read from st, against reading its rows alone, in the
// same run; it reports events, read-ms and x-read, and digests-x: the
// digests of every step's state alone against the same read.
func ReplayLog(b *testing.B, reg *adjudicator.Registry, st *events.Store, id string) {
	b.Helper()
	ctx := context.Background()
	read := bestOf(func() {
		if _, err := st.Events(ctx, id); err != nil {
			b.Fatal(err)
		}
	})
	digests := digestsAlone(b, reg, st, id)
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		evs, err := st.Events(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := adjudicator.Audit(reg, evs); err != nil {
			b.Fatal(err)
		}
		n = len(evs)
	}
	b.StopTimer()
	per := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(n), "events")
	b.ReportMetric(float64(read.Microseconds())/1000, "read-ms")
	b.ReportMetric(float64(per)/float64(read), "x-read")
	b.ReportMetric(float64(digests)/float64(read), "digests-x")
}

// digestsAlone is the best time of digesting the state of every step of
// game id, as an audit digests each one, without the replay: the part of
// a replay whose work the logs already kept fix (a step's digest is of
// its state's JSON), reported beside x-read as digests-x, its ratio to
// the same read. Each state takes a replay of its own, so a log of more
// than maxDigestSamples steps is timed on that many states spread over
// it, and their time scaled to every step.
func digestsAlone(b *testing.B, reg *adjudicator.Registry, st *events.Store, id string) time.Duration {
	b.Helper()
	evs, err := st.Events(context.Background(), id)
	if err != nil {
		b.Fatal(err)
	}
	g, err := adjudicator.Replay(reg, evs)
	if err != nil {
		b.Fatal(err)
	}
	steps := g.Step - 1
	samples := min(steps, maxDigestSamples)
	var states []engine.State
	for i := range samples {
		at, err := adjudicator.ReplayUntil(reg, evs, 1+i*steps/samples)
		if err != nil {
			b.Fatal(err)
		}
		states = append(states, at.State)
	}
	best := bestOf(func() {
		for _, s := range states {
			if _, err := adjudicator.Digest(s); err != nil {
				b.Fatal(err)
			}
		}
	})
	return best * time.Duration(steps) / time.Duration(max(samples, 1))
}

// maxDigestSamples bounds the states digestsAlone times.
const maxDigestSamples = 50

// bestOf is the best of several timings of f: the floor a benchmark is
// compared with, taken in the same run.
func bestOf(f func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range 7 {
		runtime.GC()
		start := time.Now()
		f()
		best = min(best, time.Since(start))
	}
	return best
}
