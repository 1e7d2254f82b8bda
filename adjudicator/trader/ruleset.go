package trader

import "taipan/adjudicator/engine"

// Rules is what a version of Trader picks: its table of verbs, in the
// order Help, the form (Options) and the unknown-order message give them.
type Rules struct {
	// Verbs are the orders of a turn or a last sale: the actions (one per
	// turn) and the orders given beside one (market-closed, plan).
	Verbs []verb
}

// versions are the rulesets this build plays, oldest first. trader/1 and
// trader/2 play alike (trader/2 changed nothing a log records), so only
// trader/2 is listed: a trader/1 log is refused as before.
var versions = engine.Versions[Rules]{
	Game: "trader",
	Rulesets: []engine.Ruleset[Rules]{{
		Number: 2,
		Rules:  Rules{Verbs: []verb{buy, sell, joker, pass, marketClosed, plan}},
	}},
}

// verb is the verb named name (a kind constant) in r, or nil.
func (r *Rules) verb(name string) verb {
	for _, v := range r.Verbs {
		if v.info().name == name {
			return v
		}
	}
	return nil
}
