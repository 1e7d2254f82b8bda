package shanghaitrader

import (
	"encoding/json"
	"fmt"

	"taipan/adjudicator/engine"
)

var _ engine.CampaignStateDecoder = Engine{}

// DecodeState reads a state back from its canonical JSON (AppendJSON, what
// the digest hashes) under the embedded data.yaml (engine.StateDecoder);
// DecodeCampaignState reads one of a campaign that replaced the data.
func (e Engine) DecodeState(data []byte) (engine.State, error) {
	return e.DecodeCampaignState(engine.Config{}, data)
}

// DecodeCampaignState reads a state back from its canonical JSON for a
// practice fork that starts from a state written in its log
// (engine.CampaignStateDecoder). A campaign that replaced the map and
// tables (options: {data: ...}) keeps them outside the state, as the
// embedded data is: they are made again from cfg's options, as Setup and
// every replay make them, so that the state plays on as the written one
// did.
func (e Engine) DecodeCampaignState(cfg engine.Config, data []byte) (engine.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("shanghaitrader: the state's JSON: %v", err)
	}
	if len(cfg.Options) > 0 {
		var opt struct {
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(cfg.Options, &opt); err != nil {
			return nil, fmt.Errorf("shanghaitrader: options: %v", err)
		}
		if len(opt.Data) > 0 && string(opt.Data) != "null" {
			custom, err := customData(opt.Data)
			if err != nil {
				return nil, fmt.Errorf("shanghaitrader: options: %v", err)
			}
			s.Custom = custom
		}
	}
	if len(s.Players) == 0 || len(s.Estabs) != len(s.d().locs) {
		return nil, fmt.Errorf("shanghaitrader: the state's JSON has %d players and %d locations (the map has %d)", len(s.Players), len(s.Estabs), len(s.d().locs))
	}
	s.rules = e.rules()
	return &s, nil
}
