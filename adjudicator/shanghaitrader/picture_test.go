package shanghaitrader

import (
	"bytes"
	"encoding/json"
	"image/png"
	"math/rand/v2"
	"slices"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// TestPicture: the picture is drawn from the view alone, so two states
// that differ only in one player's secrets give every other player (and
// observers) the same picture, while the player's own differs.
func TestPicture(t *testing.T) {
	e := New()
	players := []string{"ann", "ben", "cat", "dan"}
	as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(`{}`), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte("picture"), 0))
	if err != nil {
		t.Fatal(err)
	}
	s := state(as)
	r := rand.New(rand.NewPCG(3, 4))
	pictureOf := adjtest.Painter(t)
	for step := 1; step <= 6 && !s.Over; step++ {
		other := scramble(s, 0, r)
		for _, viewer := range []string{"ben", "cat", engine.Observer} {
			if !bytes.Equal(pictureOf(e.View(s, viewer)), pictureOf(e.View(other, viewer))) {
				t.Fatalf("step %d: %s's picture depends on ann's secrets", step, viewer)
			}
		}
		if bytes.Equal(pictureOf(e.View(s, "ann")), pictureOf(e.View(other, "ann"))) {
			t.Fatalf("step %d: ann's own picture does not show her money", step)
		}
		var subs []engine.Submission
		for _, name := range e.Status(s).Pending {
			subs = append(subs, engine.Submission{Player: name, Items: randomOrders(s, s.seat(name), r)})
		}
		ns, _, err := e.Resolve(s, subs, engine.NewRand([]byte("picture"), step))
		if err != nil {
			t.Fatal(err)
		}
		s = state(ns)
	}
}

// pictureTwins are two advanced games of four (ann and andy share an
// initial) that differ only in ann's cash and bank account, played for
// a year and a half with moves across the map: ben and cat move each Seasonal
// Turn, the others play the defaults.
func pictureTwins(t *testing.T) adjtest.Twins {
	t.Helper()
	players := []string{"ann", "andy", "ben", "cat"}
	e := New()
	game := func(cash, bank int) engine.State {
		setup, _ := json.Marshal(map[string]any{"players": map[string]any{"ann": map[string]int{"cash": cash, "bank": bank}}})
		s, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(`{"advanced": true}`), Setup: setup}, engine.NewRand([]byte("picture twins"), 0))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	moves := []string{"Nanking Road", "Hongkew Wharves", "Rue du Consulat", "Pootung Wharves", "Old Chinatown", "The Bund"}
	var steps []map[string][]orders.Item
	for i := range 7 {
		if i%5 == 4 {
			// The Collusion Phase: everybody's defaults.
			steps = append(steps, nil)
			continue
		}
		steps = append(steps, map[string][]orders.Item{
			"ben": parseLines([]string{"- move: " + moves[i%len(moves)]}),
			"cat": parseLines([]string{"- move: " + moves[(i+3)%len(moves)]}),
		})
	}
	return adjtest.Twins{Engine: e, Players: players, Hidden: "ann", A: game(100, 0), B: game(145, 150), Orders: steps, Seed: "picture twins"}
}

// The twins' pictures are the same, byte for byte, for everybody but ann
// (and differ for her: her money is on them), step after step; every
// viewer's picture is a PNG 1200 pixels wide, the same when drawn again.
func TestPictureTwins(t *testing.T) {
	tw := pictureTwins(t)
	tw.SamePictures(t)
	tw.PicturesWellFormed(t)
}

// Players whose names begin alike get labels of their own: one letter
// when the initials differ, more when they clash, and the initial and
// seat when even three letters do.
func TestPlayerLabels(t *testing.T) {
	for _, c := range []struct{ names, want []string }{
		{[]string{"alice", "bob", "carol"}, []string{"A", "B", "C"}},
		{[]string{"ann", "andy", "ben"}, []string{"Ann", "And", "Ben"}},
		{[]string{"alice", "adam", "bob"}, []string{"Al", "Ad", "Bo"}},
		{[]string{"player1", "player2", "bob"}, []string{"P1", "P2", "B3"}},
		{[]string{"Émile", "eve", "_x"}, []string{"É", "E", "X"}},
	} {
		if got := playerLabels(c.names); !slices.Equal(got, c.want) {
			t.Errorf("playerLabels(%q) = %q, want %q", c.names, got, c.want)
		}
	}
}

// The view says which counters moved and which establishments changed
// hands in the step just played, the same for every viewer; the set-up
// has none. Where the counters stood is no part of the state's JSON (and
// so of its digest).
func TestViewMoves(t *testing.T) {
	tw := pictureTwins(t)
	e := tw.Engine
	s := state(tw.A)
	if v := e.View(s, "ben").(View); len(v.Moves)+len(v.Changed) != 0 {
		t.Fatalf("the set-up shows moves: %+v %+v", v.Moves, v.Changed)
	}
	r := rand.New(rand.NewPCG(1, 2))
	moved, changed := false, false
	for step := 1; step <= 12 && !s.Over; step++ {
		var subs []engine.Submission
		for _, name := range e.Status(s).Pending {
			subs = append(subs, engine.Submission{Player: name, Items: randomOrders(s, s.seat(name), r)})
		}
		before := s.clone()
		ns, _, err := e.Resolve(s, subs, engine.NewRand([]byte("moves"), step))
		if err != nil {
			t.Fatal(err)
		}
		s = state(ns)
		gm := e.View(s, "").(View)
		for _, viewer := range append(slices.Clone(tw.Players), engine.Observer) {
			v := e.View(s, viewer).(View)
			a, _ := json.Marshal([]any{v.Moves, v.Changed})
			b, _ := json.Marshal([]any{gm.Moves, gm.Changed})
			if !bytes.Equal(a, b) {
				t.Fatalf("step %d: %s sees other moves than the GM: %s, %s", step, viewer, a, b)
			}
		}
		for _, mv := range gm.Moves {
			p := s.seat(mv.Player)
			if before.d().loc(before.Players[p].At).ID != mv.FromID {
				t.Fatalf("step %d: %s moved from %s, not from where they stood", step, mv.Player, mv.FromID)
			}
			if s.Players[p].At >= 0 && s.d().loc(s.Players[p].At).ID != mv.ToID {
				t.Fatalf("step %d: %s moved to %s, not to where they stand", step, mv.Player, mv.ToID)
			}
			moved = true
		}
		for p := range s.Players {
			stays := before.Players[p].At == s.Players[p].At
			listed := slices.ContainsFunc(gm.Moves, func(mv MoveView) bool { return mv.Player == s.Players[p].Name })
			if stays == listed {
				t.Fatalf("step %d: %s stays %v, listed among the moves %v", step, s.Players[p].Name, stays, listed)
			}
		}
		changed = changed || len(gm.Changed) > 0
		with, _ := adjudicator.Digest(s)
		c := s.clone()
		c.Start = nil
		without, _ := adjudicator.Digest(c)
		if with != without {
			t.Fatalf("step %d: where the counters stood is in the digest", step)
		}
	}
	if !moved || !changed {
		t.Fatalf("a year of random orders moved nothing (%v) or changed no hands (%v)", moved, changed)
	}
}

// Every district of the rulebook's map has a place of its own on the
// picture's map.
func TestEveryDistrictOnTheMap(t *testing.T) {
	used := map[slot]string{}
	for _, d := range data.Districts {
		s, ok := slotOf(d.ID)
		if !ok {
			t.Errorf("%s %s has no place on the map", d.ID, d.Name)
			continue
		}
		if other, taken := used[s]; taken {
			t.Errorf("%s and %s share a place on the map", other, d.ID)
		}
		used[s] = d.ID
	}
}

// A campaign's district of an id the map does not know is drawn under
// the map, not left out: the picture grows by its box.
func TestUnknownDistrictUnderTheMap(t *testing.T) {
	v := New().View(state(pictureTwins(t).A), "ann").(View)
	height := func(v View) int {
		cfg, err := png.DecodeConfig(bytes.NewReader(adjtest.Picture(t, v)))
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Height
	}
	before := height(v)
	v.Establishments = slices.Clone(v.Establishments)
	for i := range v.Establishments {
		if v.Establishments[i].DistrictID == "D19" {
			v.Establishments[i].DistrictID = "D20"
		}
	}
	if after := height(v); after <= before {
		t.Fatalf("the picture with a district of an unknown id is %d pixels high, not more than %d", after, before)
	}
}
