package adjudicator

import "time"

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
	KindToken      = "token-reissued"  // payload PlayerAction, actor = gm
	KindUpgrade    = "engine-upgraded" // payload Upgraded, actor = gm
)

// Actors other than players.
const (
	ActorGM     = "gm"
	ActorSystem = "system"
)

// Created starts a game's log: the campaign and the seed's commitment.
type Created struct {
	Campaign      Campaign `json:"campaign"`
	Commitment    string   `json:"commitment"` // hex SHA-256 of the seed
	EngineVersion string   `json:"engine_version"`
}

// SeedPayload is the game's secret seed, in its own event so that a public
// export can withhold it (keeping its hash) until the game is over.
type SeedPayload struct {
	Seed string `json:"seed"` // hex
}

// OrdersPayload is one accepted order file.
type OrdersPayload struct {
	Step   int   `json:"step"`
	Orders []any `json:"orders"`
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
