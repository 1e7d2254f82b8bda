package shanghaitrader

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
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
