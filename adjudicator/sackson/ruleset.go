package sackson

import "taipan/adjudicator/engine"

// Rules is what a version of Shanghai picks: its table of verbs and the
// rulings on which its versions differ. Each switch is named for what it
// plays; Differs says, per version, what the older one does instead.
type Rules struct {
	// Verbs are the orders of a round, in the order Help, the form
	// (Options) and Fills give them.
	Verbs []verb
	// DefaultLeavesAllOut: a player who sends nothing gets what a file
	// leaving every order out gets (SS-X2): no card played; else best is
	// played wherever Lang-Tsu goes, and he goes where it scores most.
	DefaultLeavesAllOut bool
	// BestPassesToWin: best passes the junk's far space when that makes
	// the piece the winner (SS-X14).
	BestPassesToWin bool
	// QuietIsNoPieceMoving: SS-G13 counts the rounds in which no piece
	// moves, by a card or the event card (SS-X8); else those in which no
	// card is played.
	QuietIsNoPieceMoving bool
}

// versions are the rulesets this build plays, oldest first. The state of
// a shanghai/2 game records its version (State.Rules); a state without
// one is shanghai/1's.
var versions = engine.Versions[Rules]{
	Game: "shanghai",
	Rulesets: []engine.Ruleset[Rules]{
		{
			Number: 1,
			Differs: []string{
				"SS-X2: a player who sends nothing plays best wherever Lang-Tsu goes, and would take him where that best play scores most; a file without play plays no card",
				"SS-X8: a round is quiet (SS-G13) when no card is played, even if the event card moves a piece",
				"SS-X14: best never passes the junk's far space",
			},
			Rules: Rules{Verbs: roundVerbs},
		},
		{
			Number: 2,
			Rules:  Rules{Verbs: roundVerbs, DefaultLeavesAllOut: true, BestPassesToWin: true, QuietIsNoPieceMoving: true},
		},
	},
}

// roundVerbs are the orders of a round in every version (rules-analysis
// 3c S2–S7), in the order of the round (3b).
var roundVerbs = []verb{bid, goTo, play, buy, event}

// rules is the ruleset s is played by (State.Rules, 0 for shanghai/1).
func (s *State) rules() *Rules { return &versions.Number(max(1, s.Rules)).Rules }

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
