package adjudicator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// StateView is the JSON object of the game's state as player may see it
// ("" for the GM, engine.Observer for the public): the engine's view, which
// must encode to a JSON object, with the fields every game has beside it:
// game, step, pending, awaiting, finished and phase; winner and winners
// once the game is over; deadline while one runs. What a reader may see is
// the engine's to say; this is the one place that says what the rest of
// the object holds, for `taipan state --json` and any other reader of it.
func (g *Game) StateView(player string) (map[string]any, error) {
	if err := g.notStarted(); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(g.Engine.View(g.State, player))
	if err != nil {
		return nil, err
	}
	obj := map[string]any{}
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, fmt.Errorf("the %s view is not a JSON object: %w", g.Engine.Name(), err)
	}
	obj["game"] = g.ID
	obj["step"] = g.Step
	obj["pending"] = nonNil(g.Status.Pending)
	obj["awaiting"] = nonNil(g.Awaiting())
	obj["finished"] = g.Status.Finished
	obj["phase"] = g.Status.Phase
	if g.Status.Finished {
		obj["winner"] = strings.Join(g.Status.Winners, " and ")
		obj["winners"] = g.Status.Winners
	}
	if !g.Deadline.IsZero() {
		obj["deadline"] = g.Deadline
	}
	return obj, nil
}

// StateJSON is StateView written out: indented by two spaces, its keys
// sorted, without HTML escapes and without a final newline.
func (g *Game) StateJSON(player string) ([]byte, error) {
	obj, err := g.StateView(player)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(obj); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// nonNil is s, or an empty list for nil: a JSON [] rather than null.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
