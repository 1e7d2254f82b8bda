package adjudicator_test

import (
	"encoding/json"
	"slices"
	"testing"
)

// The state's JSON object is the engine's view with the game's own fields
// beside it: the step, who is pending and awaited, the phase, the deadline
// while one runs, and the winners once the game is over.
func TestStateView(t *testing.T) {
	h, _ := newHost(t, "1")
	ng := create(t, h, "deadline: 2d\noptions: {target: 1}\n")
	read := func(raw []byte) map[string]any {
		t.Helper()
		obj := map[string]any{}
		if err := json.Unmarshal(raw, &obj); err != nil {
			t.Fatalf("%v\n%s", err, raw)
		}
		return obj
	}
	raw, err := ng.Game.StateJSON("ann")
	if err != nil {
		t.Fatal(err)
	}
	obj := read(raw)
	if obj["game"] != "d1" || obj["step"] != 1.0 || obj["finished"] != false || obj["target"] != 1.0 || obj["deadline"] == nil {
		t.Errorf("state of a running game: %s", raw)
	}
	if _, ok := obj["winner"]; ok {
		t.Errorf("a running game has a winner: %s", raw)
	}
	if got := obj["awaiting"].([]any); len(got) != 3 {
		t.Errorf("awaiting %v, want all three", got)
	}
	// Each step the three pick 1, 2 and 3, until a roll of one of them
	// ends the game (target 1).
	g := ng.Game
	for !g.Status.Finished && g.Step < 100 {
		for i, p := range []string{"ann", "ben", "cid"} {
			r, err := submit(h, p, ng.Tokens[p], g.Step, string(rune('1'+i)))
			if err != nil {
				t.Fatal(err)
			}
			g = r.Game
		}
	}
	if !g.Status.Finished {
		t.Fatalf("no roll of 1, 2 or 3 in 100 steps: %v", g.State)
	}
	obj, err = g.StateView("")
	if err != nil {
		t.Fatal(err)
	}
	if obj["finished"] != true || !slices.Equal(obj["winners"].([]string), g.Status.Winners) || obj["deadline"] != nil || len(obj["pending"].([]string)) != 0 {
		t.Errorf("state of a finished game: %v", obj)
	}
}
