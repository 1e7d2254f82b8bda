package adjudicator_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
)

// tamperCase is one way of altering a log behind Taipan's back, and what
// must catch it: the audit alone, or the audit given the chain head of the
// last report (or acknowledgement) a player holds.
type tamperCase struct {
	name string
	// alter returns the altered log; the original is not to be changed.
	alter func(t *testing.T, evs []events.Event) []events.Event
	// want is a substring of the error that catches it.
	want string
	// byHead says that only the head a player holds catches it: the log
	// itself is consistent.
	byHead bool
}

// firstOf returns the index of the first event of kind at or after from.
func firstOf(evs []events.Event, kind string, from int) int {
	for i := from; i < len(evs); i++ {
		if evs[i].Kind == kind {
			return i
		}
	}
	panic("no event of kind " + kind)
}

// edited copies evs and changes event i with f, without re-chaining.
func edited(evs []events.Event, i int, f func(*events.Event)) []events.Event {
	out := append([]events.Event(nil), evs...)
	f(&out[i])
	return out
}

// payloadReplace rewrites part of an event's payload.
func payloadReplace(e *events.Event, old, new string) {
	e.Payload = json.RawMessage(strings.Replace(string(e.Payload), old, new, 1))
}

// The tamper cases of the hardening issue, on a log of format 2: each is
// caught by `audit`, or by `audit --expect-head` with the head of the last
// report a player holds.
func TestTamperingIsCaught(t *testing.T) {
	data := playGolden(t, goldenGames[0].campaign, goldenStart)
	orig, err := events.ReadJSONL(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	reg := goldenRegistry()
	if _, err := adjudicator.Audit(reg, orig); err != nil {
		t.Fatalf("the honest log: %v", err)
	}
	head := adjudicator.Head{Seq: orig[len(orig)-1].Seq, Hash: orig[len(orig)-1].Hash}
	ord := firstOf(orig, adjudicator.KindOrders, 0)
	closed := firstOf(orig, adjudicator.KindClosed, 0)
	cases := []tamperCase{
		{name: "an order's payload", want: "hash does not match", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return edited(evs, ord, func(e *events.Event) { payloadReplace(e, `"buy":"`, `"buy":"x`) })
		}},
		{name: "an order's actor", want: "hash does not match", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return edited(evs, ord, func(e *events.Event) { e.Actor = "mallory" })
		}},
		{name: "an event's kind", want: "hash does not match", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return edited(evs, ord, func(e *events.Event) { e.Kind = adjudicator.KindStanding })
		}},
		{name: "the time an event was recorded", want: "hash does not match", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return edited(evs, ord, func(e *events.Event) { e.RecordedAt = e.RecordedAt.Add(-time.Hour) })
		}},
		{name: "an event's salt", want: "hash does not match", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return edited(evs, ord, func(e *events.Event) { e.Salt = strings.Repeat("0", 32) })
		}},
		{name: "a step's digest", want: "hash does not match", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return edited(evs, closed, func(e *events.Event) { payloadReplace(e, `"digest":"`, `"digest":"0`) })
		}},
		{name: "an event's game", want: "belongs to game", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return edited(evs, ord, func(e *events.Event) { e.Game = "other" })
		}},
		{name: "an event's format", want: "written in log format 1 in a log of format 2", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return edited(evs, ord, func(e *events.Event) { e.Format = events.Format1 })
		}},
		{name: "an event's previous hash", want: "previous hash does not match", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return edited(evs, ord, func(e *events.Event) { e.PrevHash = strings.Repeat("a", 64) })
		}},
		{name: "an event deleted in the middle", want: "sequence number", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return append(append([]events.Event(nil), evs[:ord]...), evs[ord+1:]...)
		}},
		{name: "two events swapped", want: "sequence number", alter: func(t *testing.T, evs []events.Event) []events.Event {
			out := append([]events.Event(nil), evs...)
			out[ord], out[ord+1] = out[ord+1], out[ord]
			return out
		}},
		{name: "an event doubled", want: "sequence number", alter: func(t *testing.T, evs []events.Event) []events.Event {
			out := append([]events.Event(nil), evs[:ord+1]...)
			return append(append(out, evs[ord]), evs[ord+1:]...)
		}},
		{name: "the last event dropped", byHead: true, want: "events were dropped from its end", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return evs[:len(evs)-1]
		}},
		{name: "the last five events dropped", byHead: true, want: "events were dropped from its end", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return evs[:len(evs)-5]
		}},
		{name: "an order rewritten to an illegal one, re-chained", want: "the orders in the log are not the ones that were checked", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return rechain(t, evs, func(e *events.Event) {
				if e.Seq == evs[ord].Seq {
					var p adjudicator.OrdersPayload
					e.Decode(&p)
					p.Orders = []any{map[string]any{"buy": "Atlantis"}}
					e.Payload, _ = events.Canonical(p)
				}
			})
		}},
		{name: "an order rewritten to another legal one, re-chained", want: "replay no longer reproduces this game", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return rechain(t, evs, func(e *events.Event) {
				if e.Seq == evs[ord].Seq {
					other := "Berlin"
					if strings.Contains(string(e.Payload), other) {
						other = "Paris"
					}
					e.Payload = json.RawMessage(`{"orders":[{"buy":"` + other + `"}],"step":1}`)
				}
			})
		}},
		{name: "a step's digest rewritten, re-chained", want: "replay no longer reproduces this game", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return rechain(t, evs, func(e *events.Event) {
				if e.Seq == evs[closed].Seq {
					payloadReplace(e, `"digest":"`, `"digest":"0`)
				}
			})
		}},
		{name: "the recorded defaults rewritten, re-chained", want: "recorded as closed with the default orders of alice", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return rechain(t, evs, func(e *events.Event) {
				if e.Seq == evs[closed].Seq {
					payloadReplace(e, `"digest"`, `"defaults":["alice"],"digest"`)
				}
			})
		}},
		{name: "another seed, re-chained", want: "the seed does not match its commitment", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return rechain(t, evs, func(e *events.Event) {
				if e.Kind == adjudicator.KindSeed {
					e.Payload = json.RawMessage(`{"seed":"` + strings.Repeat("ab", 32) + `"}`)
				}
			})
		}},
		{name: "a deadline's time rewritten, re-chained", byHead: true, want: "the log was rewritten at or before that event", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return rechain(t, evs, func(e *events.Event) {
				if e.Kind == adjudicator.KindDeadline {
					e.RecordedAt = e.RecordedAt.Add(-48 * time.Hour)
				}
			})
		}},
		{name: "the whole log re-chained with an order swapped in", byHead: true, want: "the log was rewritten at or before that event", alter: func(t *testing.T, evs []events.Event) []events.Event {
			return rechain(t, evs, func(e *events.Event) {
				if e.Kind == adjudicator.KindStanding {
					payloadReplace(e, `"sell":"best"`, `"buy":"cheapest"`)
				}
			})
		}},
	}
	caught := 0
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			evs := tc.alter(t, orig)
			_, err := adjudicator.Audit(reg, evs)
			if tc.byHead {
				if err != nil {
					t.Logf("the audit alone catches it too: %v", err)
				}
				if len(evs) > 0 {
					err = adjudicator.CheckHead(evs, head)
				}
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("not caught as %q: %v", tc.want, err)
			}
			caught++
		})
	}
	t.Logf("%d of %d tamper cases caught", caught, len(cases))
}

// What a running game publishes — its public export and the players'
// reports — gives a guesser nothing to test guesses against: not the plain
// hash of a withheld order, nor of a text seed, nor the state digest.
func TestGuessingFindsNothing(t *testing.T) {
	h, _ := newHost(t, "1")
	ng := create(t, h, "options: {target: 9}\n")
	ctx := t.Context()
	if _, err := submit(h, "ann", ng.Tokens["ann"], 1, "4"); err != nil {
		t.Fatal(err)
	}
	evs, _ := h.Store.Events(ctx, "d1")
	g, err := adjudicator.Replay(h.Games, evs)
	if err != nil {
		t.Fatal(err)
	}
	public, err := adjudicator.Public(g, evs)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	events.WriteJSONL(&out, public)
	text := out.String()
	for i, e := range public {
		full := evs[i]
		if e.Kind == adjudicator.KindOrders || e.Kind == adjudicator.KindSeed || e.Kind == adjudicator.KindCreated {
			if !e.Redacted() || e.Salt != "" {
				t.Errorf("%s is not withheld with its salt", e.String())
			}
			// The guesser holds the right guess: it still does not match.
			for _, guess := range []string{
				events.PayloadCommitment(events.Format1, "", full.Payload),
				events.PayloadCommitment(events.Format2, "", full.Payload),
			} {
				if guess == e.PayloadHash {
					t.Errorf("%s: the right guess can be tested against the export", e.String())
				}
			}
		}
	}
	for _, secret := range []string{"ann@example.test", `"pick"`, `"4"`, "fixed", "digest"} {
		if strings.Contains(text, secret) {
			t.Errorf("the public export of a running game shows %q", secret)
		}
	}
	// A text seed is salted: hashing the text does not give the seed.
	var c adjudicator.Created
	evs[0].Decode(&c)
	textSeed := sha256.Sum256([]byte("fixed"))
	if adjudicator.Commitment(textSeed[:]) == c.Commitment {
		t.Error("the seed is the hash of its text: guessing the text finds it")
	}
	// Close the step; the reports of players and observers carry no digest.
	for _, p := range []string{"ben", "cid"} {
		submit(h, p, ng.Tokens[p], 1, "1")
	}
	g, _ = h.Load(ctx, "d1")
	digest := g.Last.Digest
	rep, _ := adjudicator.NewRenderer()
	for _, p := range []string{"ann", "ben", engine.Observer, ""} {
		text, _ := rep.Text(g, p)
		if shown := strings.Contains(text, digest); shown != (p == "") {
			t.Errorf("report for %q shows the state digest: %v", p, shown)
		}
	}
}

// A seat cannot be handed to a name that differs from another player's only
// in case: mail and reports would confuse the two.
func TestReplaceRefusesANameInAnotherCase(t *testing.T) {
	h, _ := newHost(t, "1")
	create(t, h, "")
	_, err := h.GM(t.Context(), "d1", adjudicator.GMAction{Action: "replace", Args: []string{"ann", "Ben"}, Reason: "new player"})
	if err == nil || !strings.Contains(err.Error(), "ben already plays in d1") {
		t.Errorf("replace ann with Ben next to ben: %v", err)
	}
}

// The public export of a running game withholds private and grey press,
// which only their sender, recipients and the GM may read; press to
// everyone stays.
func TestPublicExportWithholdsPrivatePress(t *testing.T) {
	h, _ := newHost(t, "1")
	create(t, h, "press: grey\n")
	ctx := t.Context()
	for _, p := range []adjudicator.PressOrder{
		{From: "ann", To: []string{"ben"}, Text: "secret offer"},
		{From: "ann", Text: "hello all"},
		{From: "ben", Text: "unsigned rumour", Grey: true},
	} {
		if _, _, err := h.Press(ctx, "d1", p, adjudicator.SubmitOptions{Trusted: true}); err != nil {
			t.Fatal(err)
		}
	}
	evs, _ := h.Store.Events(ctx, "d1")
	g, err := adjudicator.Replay(h.Games, evs)
	if err != nil {
		t.Fatal(err)
	}
	public, err := adjudicator.Public(g, evs)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	events.WriteJSONL(&out, public)
	if text := out.String(); strings.Contains(text, "secret offer") || strings.Contains(text, "unsigned rumour") || !strings.Contains(text, "hello all") {
		t.Errorf("the public export shows the wrong press:\n%s", text)
	}
	if err := events.Verify(public); err != nil {
		t.Errorf("the public export's chain: %v", err)
	}
}
