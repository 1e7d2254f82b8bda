package adjudicator

import (
	"encoding/json"
	"time"
)

// Kinds of events in a game's log. The log holds inputs only; outcomes are
// recomputed by replay.
const (
	KindCreated    = "game-created"    // payload Created
	KindSeed       = "seed"            // payload SeedPayload; always the second event
	KindOrders     = "orders"          // payload OrdersPayload, actor = player
	KindStanding   = "standing-orders" // payload OrdersPayload, actor = player (see StandingOrders)
	KindClosed     = "step-closed"     // payload Closed
	KindDeadline   = "deadline-set"    // payload DeadlineSet, actor = gm
	KindVoid       = "orders-voided"   // payload PlayerAction, actor = gm
	KindReplace    = "player-replaced" // payload Replaced, actor = gm
	KindResign     = "player-resigned" // payload PlayerAction, actor = gm
	KindCorrection = "correction"      // payload CorrectionPayload, actor = gm
	KindToken      = "token-reissued"  // payload PlayerAction (player: the holder, or gm for the GM's), actor = gm, or the player who asked
	KindUpgrade    = "engine-upgraded" // payload Upgraded, actor = gm
	KindPress      = "press"           // payload PressPayload, actor = player or gm (system for grey press)
	KindPause      = "paused"          // payload GMNote, actor = gm
	KindResume     = "resumed"         // payload GMNote, actor = gm
	KindGrace      = "grace-set"       // payload GraceSet, actor = gm
	KindAbsence    = "absence"         // payload Absence, actor = player or gm
	KindRollback   = "rollback"        // payload Rollback, actor = gm
)

// NoticeKinds are the events told to the players by mail apart from the
// step reports: press to relay, absences, deadline changes and the GM's
// pause, resume and grace. Game.NoticeSeq is the last of them in a log.
var NoticeKinds = []string{KindPress, KindAbsence, KindDeadline, KindPause, KindResume, KindGrace}

// Actors other than players.
const (
	ActorGM     = "gm"
	ActorSystem = "system"
)

// Created starts a game's log: the campaign and the seed's commitment.
//
// A practice fork (fork.go) says where it comes from (Fork) and starts
// from State, the engine's canonical JSON of the redealt state, read back
// by its engine.StateDecoder instead of a set-up; a fork from a fresh
// set-up has no State. Logs written before forks have neither.
type Created struct {
	Campaign      Campaign        `json:"campaign"`
	Commitment    string          `json:"commitment"` // hex SHA-256 of the seed
	EngineVersion string          `json:"engine_version"`
	Fork          *ForkOrigin     `json:"fork,omitempty"`
	State         json.RawMessage `json:"state,omitempty"`
}

// SeedPayload is the game's secret seed, in its own event so that a public
// export can withhold it (keeping its hash) until the game is over.
type SeedPayload struct {
	Seed string `json:"seed"` // hex
}

// OrdersPayload is one accepted order file. Bot marks the orders of a
// seat the game's bot played (bots.go): chosen by the bot from its own
// stream, checked like any, and logged so that a replay never runs the
// bot. Logs written before bots leave it out.
type OrdersPayload struct {
	Step   int   `json:"step"`
	Orders []any `json:"orders"`
	Bot    bool  `json:"bot,omitempty"`
}

// Closed closes a step. Digest is the SHA-256 of the canonical state after
// resolving it with EngineVersion; replays must reproduce it.
type Closed struct {
	Step          int      `json:"step"`
	Reason        string   `json:"reason"` // all-in, deadline or gm
	Defaults      []string `json:"defaults,omitempty"`
	Digest        string   `json:"digest"`
	EngineVersion string   `json:"engine_version"`
	// Note is the GM's reason for closing the step, shown to the players.
	Note string `json:"note,omitempty"`
}

// Reasons a step closes.
const (
	ReasonAllIn    = "all-in"
	ReasonDeadline = "deadline"
	ReasonGM       = "gm"
)

// DeadlineSet moves the open step's deadline.
type DeadlineSet struct {
	Step     int       `json:"step"`
	Deadline time.Time `json:"deadline"`
	Reason   string    `json:"reason"`
}

// PlayerAction is a GM action on one player: void, resign, token.
type PlayerAction struct {
	Step   int    `json:"step"`
	Player string `json:"player"`
	Reason string `json:"reason"`
}

// Replaced hands a seat to a new player.
type Replaced struct {
	Player string `json:"player"`
	Name   string `json:"name"`
	Email  string `json:"email"`
	Reason string `json:"reason"`
}

// CorrectionPayload is a GM's game-specific correction.
type CorrectionPayload struct {
	Action string   `json:"action"`
	Player string   `json:"player"`
	Args   []string `json:"args,omitempty"`
	Reason string   `json:"reason"`
}

// Upgraded moves a running game to another version of its engine. With
// Whole, replaying the log before it with the new version reproduces every
// recorded digest (the audit checks that again); without, the new version
// plays only from the open step on, carrying over the state the old version
// computed.
type Upgraded struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Step   int    `json:"step"` // the open step, the first the new version resolves
	Whole  bool   `json:"whole"`
	Reason string `json:"reason"`
}

// PressPayload is a message from one player (or the GM) to others, relayed
// by Taipan. To lists the recipients; empty means everyone in the game.
// Grey press is relayed without the sender's name: its event's actor is
// the system, and From, inside the payload (which a public export
// withholds while the game runs), names the sender. Other press leaves
// From out: the event's actor is the sender.
type PressPayload struct {
	Step int      `json:"step"`
	To   []string `json:"to,omitempty"`
	Text string   `json:"text"`
	Grey bool     `json:"grey,omitempty"`
	From string   `json:"from,omitempty"`
}

// GMNote is a GM action that needs only its reason: pause, resume.
type GMNote struct {
	Step   int    `json:"step"`
	Reason string `json:"reason"`
}

// GraceSet sets the grace period after each deadline in which late orders
// are still taken.
type GraceSet struct {
	Grace  Duration `json:"grace"`
	Reason string   `json:"reason"`
}

// Absence is a player's window away: deadlines that fall in it move to its
// end, within the campaign's allowance per player.
//
// Covered is where the allowance ends for this absence, as the Host worked
// it out when it recorded it: the deadlines of the player's steps that fall
// in [From, Covered) move to Covered, however often steps open, close, are
// rolled back or have their deadline set meanwhile, and no missed step
// counts towards civil disorder in [From, Until). The allowance is charged
// once, Covered − max(From, the time recorded): the absence's length, or
// what was left. Absences recorded before Covered was (nil) keep the old
// rule: each move of a deadline was charged the time it added.
type Absence struct {
	Player  string     `json:"player"`
	From    time.Time  `json:"from"`
	Until   time.Time  `json:"until"`
	Reason  string     `json:"reason,omitempty"`
	Covered *time.Time `json:"covered,omitempty"`
	// Recorded is when the absence was recorded: its event's time, not
	// part of the payload.
	Recorded time.Time `json:"-"`
}

// Rollback takes the game back to the end of step Step: every input after
// that step's close is void (the events stay in the log), but for those that
// are not about play (a seat handed over, a new token, press, absences,
// pauses, the grace, an engine upgrade).
//
// Timeline is the rollback's number in the log (1 for the first): the steps
// played after it draw their chance from the streams of that timeline
// (NewRandInTimeline), so that the voided steps' reports tell nothing of the
// dice to come. Replay refuses any other number, so it cannot be chosen.
// Rollbacks written before timelines were leave it out (0): the steps
// played after them drew from the first timeline's streams, and replay
// keeps that.
type Rollback struct {
	Step     int    `json:"step"`
	Reason   string `json:"reason"`
	Timeline int    `json:"timeline,omitempty"`
}
