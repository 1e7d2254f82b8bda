package oldshanghai

import "taipan/adjudicator/engine"

// Rules is what a version of the Old Shanghai Game picks: its table of
// verbs and the rulings on which its versions differ, each switch named
// for what it plays; Differs says, per version, what the older one does
// instead.
type Rules struct {
	// Verbs are the orders of a file, in the order Help gives them.
	Verbs []verb
	// AskEveryone: a decision is decided (and, left to "ask", asked) of
	// every player it could fall to, whether or not they hold the card it
	// is about, so that a pause never shows a hand (OS-X2); without skip
	// orders a player draws, unasked. Else a decision falls only to a
	// holder of the card (the skip decision to a holder of a skip card,
	// the keep decision when the two cards differ), and only those before
	// the first standing order that finishes are asked.
	AskEveryone bool
	// SecretPutShiftsKnowledge: what others knew of the deck survives a
	// Shanghai! put back in secret, shifted (OS-X4); else it is forgotten.
	SecretPutShiftsKnowledge bool
	// NowMustAnswerQuestion: now: must answer the question asked, not
	// another decision's (OS-X14).
	NowMustAnswerQuestion bool
}

// versions are the rulesets this build plays, oldest first. The state of
// an old-shanghai/3 game records its version (State.Rules); a state
// without one is old-shanghai/2's.
var versions = engine.Versions[Rules]{
	Game: "old-shanghai",
	Rulesets: []engine.Ruleset[Rules]{
		{
			Number: 2,
			Differs: []string{
				"OS-X2: a decision falls only to a holder of the card it is about (the skip decision to a holder of a skip card, the keep decision only when the two cards differ), and only those before the first standing order that finishes are asked",
				"OS-X4: a Shanghai! put back in secret makes the others forget what they knew of the deck",
				"OS-X14: now: may answer with another decision's words",
			},
			Rules: Rules{Verbs: fileVerbs},
		},
		{
			Number: 3,
			Rules:  Rules{Verbs: fileVerbs, AskEveryone: true, SecretPutShiftsKnowledge: true, NowMustAnswerQuestion: true},
		},
	},
}

// fileVerbs are the orders of a file in every version.
var fileVerbs = []verb{heart, police, finish, putBack, keep, skip, now, clearOrders}

// rules is the ruleset s is played by (State.Rules, 0 for old-shanghai/2).
func (s *State) rules() *Rules { return &versions.Number(max(2, s.Rules)).Rules }

// verb is the verb named name in r, or nil.
func (r *Rules) verb(name string) verb {
	for _, v := range r.Verbs {
		if v.info().name == name {
			return v
		}
	}
	return nil
}

// index is v's place in r.Verbs.
func (r *Rules) index(v verb) int {
	for i, x := range r.Verbs {
		if x == v {
			return i
		}
	}
	return -1
}
