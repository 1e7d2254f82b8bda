package shanghaitrader

import (
	"fmt"
	"maps"
	"slices"
)

// Options are the campaign options.
type Options struct {
	// Data replaces top-level keys of the embedded data.yaml (the map,
	// the charts, the tables) for this campaign.
	Data map[string]any `json:"data"`
	// The advanced game (§11), from version 2: Advanced turns on every
	// part; each part may also be chosen alone, or turned off (false)
	// with Advanced.
	Advanced bool `json:"advanced"`
	// SuddenDeath (§11.2): true, or {from: YEAR, threshold: ROLL} to roll
	// from another year or to end on a roll of 5-6 (threshold 5) or 4-6.
	SuddenDeath any `json:"sudden_death"`
	// Length is the game's length in years (§11.3).
	Length int `json:"length"`
	// National turns on the four national differences of §11.4, each of
	// which may also be chosen alone.
	National         *bool `json:"national"`
	ExclusiveRackets *bool `json:"exclusive_rackets"`
	Marines          *bool `json:"marines"`
	Minder           *bool `json:"minder"`
	Spy              *bool `json:"spy"`
}

// optionsV1 are the only options version 1 takes.
type optionsV1 struct {
	Data map[string]any `json:"data"`
}

// rules reads the advanced rules the options choose, for a game whose
// basic length is years (data.yaml's years, for its players).
func (o *Options) rules(d *components, years int) (Rules, error) {
	on := func(p *bool, group bool) bool {
		if p != nil {
			return *p
		}
		return group
	}
	national := on(o.National, o.Advanced)
	r := Rules{
		Exclusive: on(o.ExclusiveRackets, national),
		Marines:   on(o.Marines, national),
		Minder:    on(o.Minder, national),
		Spy:       on(o.Spy, national),
	}
	if o.Length != 0 {
		if o.Length < 2 || o.Length > 50 {
			return Rules{}, fmt.Errorf("length: a game of 2 to 50 years (§11.3)")
		}
		r.Length = o.Length
		years = o.Length
	}
	sudden := o.Advanced
	from, threshold := 0, 0
	switch x := o.SuddenDeath.(type) {
	case nil:
	case bool:
		sudden = x
	case map[string]any:
		sudden = true
		for _, k := range slices.Sorted(maps.Keys(x)) {
			f, ok := x[k].(float64)
			if !ok || f != float64(int(f)) {
				return Rules{}, fmt.Errorf("sudden_death: %s is a whole number", k)
			}
			switch k {
			case "from":
				from = int(f)
			case "threshold":
				threshold = int(f)
			default:
				return Rules{}, fmt.Errorf("sudden_death: the keys are from and threshold, not %q", k)
			}
		}
	default:
		return Rules{}, fmt.Errorf("sudden_death: true, false or {from: YEAR, threshold: ROLL}")
	}
	if !sudden {
		return r, nil
	}
	if threshold == 0 {
		threshold = d.SuddenDeath.Threshold
	}
	if from == 0 {
		// "roll a die at the start of year 6 ... roll again at the
		// beginning of year 7" of 8 years; "from years 8-10" of 10: the
		// years before the last (§11.2), whatever the length (§11.3).
		from = max(1, years-d.SuddenDeath.Rolls)
	}
	switch {
	case threshold < 1 || threshold > 6:
		return Rules{}, fmt.Errorf("sudden_death: threshold is a roll 1-6 (6; 5 ends the game on 5-6, 4 on 4-6)")
	case from < 1 || from >= years:
		return Rules{}, fmt.Errorf("sudden_death: from is a year before the last (year %d)", years)
	}
	r.SuddenFrom, r.SuddenTo, r.Threshold = from, years-1, threshold
	return r, nil
}
