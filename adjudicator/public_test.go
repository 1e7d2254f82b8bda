package adjudicator_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/events"
)

// The public log withholds, while the game runs, the secrets until it is
// over and grey press for good, and says so; once it is over, grey press
// alone, unless the campaign reveals its senders. Every event keeps its
// voided mark, read from the whole log.
func TestPublishedLog(t *testing.T) {
	for _, reveal := range []bool{false, true} {
		extra := "press: grey\noptions: {target: 9}\n"
		if reveal {
			extra += "grey_senders: revealed\n"
		}
		h, _ := newHost(t, "1")
		ng := create(t, h, extra)
		ctx := context.Background()
		if _, _, err := h.Press(ctx, "d1", adjudicator.PressOrder{From: "cid", Token: ng.Tokens["cid"], Text: "ann bluffs", Grey: true}, adjudicator.SubmitOptions{}); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if _, _, err := h.Close(ctx, "d1", "the clock"); err != nil {
				t.Fatal(err)
			}
		}
		g, err := h.GM(ctx, "d1", adjudicator.GMAction{Action: "rollback", Args: []string{"1"}, Reason: "a ruling was wrong"})
		if err != nil {
			t.Fatal(err)
		}
		evs, _ := h.Store.Events(ctx, "d1")
		check := func(pl *adjudicator.PublicLog, running bool) {
			t.Helper()
			voided := adjudicator.Voided(evs)
			if len(voided) == 0 {
				t.Fatal("the rollback voided nothing")
			}
			var chain []events.Event
			for i, e := range pl.Events {
				chain = append(chain, e.Event)
				grey := e.Kind == adjudicator.KindPress && strings.Contains(string(evs[i].Payload), `"grey":true`)
				want := ""
				switch {
				case grey && !reveal:
					want = adjudicator.WithheldForGood
				case running && (grey || e.Kind == adjudicator.KindOrders || e.Kind == adjudicator.KindCreated || e.Kind == adjudicator.KindSeed || e.Kind == adjudicator.KindClosed):
					want = adjudicator.WithheldUntilOver
				}
				if e.Withheld != want || e.Redacted() != (want != "") || e.VoidedBy != voided[e.Seq] {
					t.Errorf("reveal %v, running %v: %s withheld %q (redacted %v, voided by %d), want %q (voided by %d)", reveal, running, e.String(), e.Withheld, e.Redacted(), e.VoidedBy, want, voided[e.Seq])
				}
			}
			if err := events.Verify(chain); err != nil {
				t.Errorf("the public log's chain: %v", err)
			}
		}
		pl := adjudicator.Publish(g.Game, evs)
		check(pl, true)
		if !strings.HasPrefix(pl.Note, "While the game runs") {
			t.Errorf("running game's note: %q", pl.Note)
		}

		over := g.Game
		for i := 0; i < 500 && !over.Status.Finished; i++ {
			if over, _, err = h.Close(ctx, "d1", "the clock"); err != nil {
				t.Fatal(err)
			}
		}
		if !over.Status.Finished {
			t.Fatal("the game does not end")
		}
		evs, _ = h.Store.Events(ctx, "d1")
		pl = adjudicator.Publish(over, evs)
		check(pl, false)
		if got := strings.HasPrefix(pl.Note, "Grey press stays withheld"); got == reveal || (reveal && pl.Note != "") {
			t.Errorf("reveal %v: the finished game's note: %q", reveal, pl.Note)
		}
	}
}

// A running game of log format 1 shows neither payloads nor hashes, and
// has no public export.
func TestPublishedFormat1Log(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "compat", "format1", "fx-trader-2p.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	evs, err := events.ReadJSONL(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	g, err := adjudicator.Replay(goldenRegistry(), evs)
	if err != nil || g.Format != events.Format1 || g.Status.Finished {
		t.Fatalf("format %d, finished %v, %v", g.Format, g.Status.Finished, err)
	}
	if _, err := adjudicator.Public(g, evs); adjudicator.ErrorCode(err) != adjudicator.ECONFLICT {
		t.Errorf("a running format-1 game's public export: %v", err)
	}
	pl := adjudicator.Publish(g, evs)
	for _, e := range pl.Events {
		if e.Withheld != adjudicator.WithheldWithHash || e.Payload != nil || e.Hash != "" || e.PrevHash != "" || e.PayloadHash != "" {
			t.Errorf("%s is shown: %+v", e.String(), e)
		}
	}
	if len(pl.Events) != len(evs) || !strings.Contains(pl.Note, "log format 1") {
		t.Errorf("%d events of %d, note %q", len(pl.Events), len(evs), pl.Note)
	}
}
