package shanghaitrader

import (
	"encoding/json"
	"fmt"

	"taipan/adjudicator/engine"
)

var _ engine.StateDecoder = Engine{}

// DecodeState reads a state back from its canonical JSON (AppendJSON, what
// the digest hashes), for a practice fork that starts from a state written
// in its log (engine.StateDecoder). The result plays on as the written
// state did under the embedded data.yaml; a campaign that replaced the
// data (options: {data: ...}) keeps it outside the state, so its fork
// must set Custom from the campaign as a replay does.
func (e Engine) DecodeState(data []byte) (engine.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("shanghaitrader: the state's JSON: %v", err)
	}
	if len(s.Players) == 0 || len(s.Estabs) != len(s.d().locs) {
		return nil, fmt.Errorf("shanghaitrader: the state's JSON has %d players and %d locations (the map has %d)", len(s.Players), len(s.Estabs), len(s.d().locs))
	}
	s.rules = e.rules()
	return &s, nil
}
