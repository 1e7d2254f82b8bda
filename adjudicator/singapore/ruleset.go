package singapore

import "taipan/adjudicator/engine"

// Rules is what a version of Singapore 1889 picks: its table of verbs
// and the rulings on which its versions differ, each switch named for what
// it plays; Differs says, per version, what the older one does instead.
type Rules struct {
	// Choices are the verbs of a turn's choices, in the order a turn
	// makes them (the take, the Secret Society card's move, the effect of
	// the card taken, Rival Chen's picks); a plan: holds them too.
	Choices []verb
	// Effects are the choices of the goods' effects, in table order.
	Effects []verb
	// DefaultsSeePublicOnly: the defaults of a player's choices are worked
	// out from what everybody knows, the open hand cards and no Merchant
	// card before Rival Chen's picks (SG-X2, SG-X5); else from the whole
	// hand and the Merchant card.
	DefaultsSeePublicOnly bool
	// JossKeepsKnowledge: the card Joss Paper puts back keeps what others
	// knew of it (SG-X9); else only the Joss Paper player knows it.
	JossKeepsKnowledge bool
}

// versions are the rulesets this build plays, oldest first. The state of
// a singapore-1889/2 game records its version (State.Rules); a state
// without one is singapore-1889/1's.
var versions = engine.Versions[Rules]{
	Game: "singapore-1889",
	Rulesets: []engine.Ruleset[Rules]{
		{
			Number: 1,
			Differs: []string{
				"SG-X2, SG-X5: the defaults are worked out from the whole hand, the hidden dealt card included, and the Merchant card",
				"SG-X9: only the Joss Paper player knows the card put back at the bottom of the deck",
			},
			Rules: Rules{Choices: turnChoices, Effects: goodsEffects},
		},
		{
			Number: 2,
			Rules:  Rules{Choices: turnChoices, Effects: goodsEffects, DefaultsSeePublicOnly: true, JossKeepsKnowledge: true},
		},
	},
}

// goodsEffects are the choices of the goods' effects in every version
// ("Goods Effects"), and turnChoices all the choices of a turn.
var (
	goodsEffects = []verb{silk, joss, saltedFish, spices, tea, porcelain}
	turnChoices  = append(append([]verb{take, move}, goodsEffects...), chen)
)

// rules is the ruleset s is played by (State.Rules, 0 for
// singapore-1889/1).
func (s *State) rules() *Rules { return &versions.Number(max(1, s.Rules)).Rules }

// choice is the choice verb named name, or nil.
func (r *Rules) choice(name string) verb {
	for _, v := range r.Choices {
		if v.info().name == name {
			return v
		}
	}
	return nil
}

// effectOf is the verb that carries the choice of goods type t's effect,
// or nil for an effect without choices (Opium).
func (r *Rules) effectOf(t int) verb {
	for _, v := range r.Effects {
		if v.info().goods == data.Goods[t].Name {
			return v
		}
	}
	return nil
}

// effectName is the order that carries the choice of goods type t's
// effect in r, or "" for an effect without choices.
func effectName(r *Rules, t int) string {
	if v := r.effectOf(t); v != nil {
		return v.info().name
	}
	return ""
}
