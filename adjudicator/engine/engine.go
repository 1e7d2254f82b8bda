// Package engine is the contract between Taipan and its games: what an
// engine implements (Engine, and the optional Versioned, StandingOrders,
// Filler, PressPolicy, Optioner) and the vocabulary it shares with the
// host: a game's State, its Config, the orders of one step (Submission),
// what happened (Happening), the legal options of a player (Decision,
// Choice), its random stream (Rand) and a few helpers for text and data.
//
// It is a leaf: a game package imports it, package orders and the
// picture kit (adjudicator/picture), and nothing of the host, the stores,
// the mail or the web. A test holds every game's dependencies to that.
// The replay of a log, the host and the reports are in package
// adjudicator, above it.
//
// Engines are pure: no I/O, no clock, no goroutines, no dependence on map
// order, and no randomness but the Rand they are handed. The same state,
// orders and stream give the same outcome on every machine, so that a
// log replays to the same digests forever.
//
// ExampleEngine (example_test.go) is a whole game in one file, every
// method commented with what the contract wants, played through the host
// on a real store: the shortest path to a new game.
package engine

import (
	"encoding/json"
	"strconv"
	"strings"

	"taipan/orders"
)

// State is a game's whole state. Each engine defines its own type; it must
// encode to JSON deterministically (structs, slices, and maps with string
// keys, which encoding/json sorts), because its canonical JSON is hashed into
// the digest recorded with every closed step.
type State any

// JSONAppender may be implemented by a State whose JSON encoding is
// written by hand, for the digest computed at every step of a replay:
// AppendJSON appends to b exactly what encoding/json writes for the state
// (compact, without HTML escaping, no newline), so the digest takes it as
// it is, into its own buffer, without the copy and the check a
// json.Marshaler's output gets.
type JSONAppender interface {
	AppendJSON(b []byte) []byte
}

// Engine is one game's rules. Engines are pure: no I/O, no clock, no
// goroutines, no dependence on map iteration order, and no randomness except
// the *Rand they are handed. Methods that take a State must not modify it
// unless they return it (Resolve, Correct and Rename may update in place and
// return the same value).
type Engine interface {
	// Name is the game's id as campaign files write it, e.g. "trader".
	Name() string
	// Version identifies the rules implementation. It is recorded with every
	// step's digest; change it whenever a change could alter a replay.
	Version() string
	// Help is the order syntax, shown to players who ask for the rules.
	Help() string

	// Setup seats the players and deals, drawing from rng (the stream of
	// step 0). A non-empty cfg.Setup fixes the layout instead, and must match
	// the game's components exactly.
	Setup(cfg Config, rng *Rand) (State, error)
	// Status says who owes orders for the open step and whether the game is over.
	Status(s State) Status
	// Check parses player's order items and says whether they are legal now.
	// Errors are orders.List/ *orders.Error values naming the item.
	Check(s State, player string, items []orders.Item) error
	// Default is the documented order used when a pending player sends none.
	// It must pass Check.
	Default(s State, player string) []orders.Item
	// Resolve closes the open step with one submission per pending player,
	// in seat order, and returns the new state and what happened, in order.
	Resolve(s State, subs []Submission, rng *Rand) (State, []Happening, error)
	// View is what player may see, for reports and `state --json`; the
	// empty player name asks for the GM's full view, and any name that is
	// no player's (such as Observer) for the public view. It must encode to
	// a JSON object.
	View(s State, player string) any
	// Correct applies a GM's game-specific correction. Every engine supports
	// the action "remove" (the player leaves the game for good); the others
	// are listed by Corrections.
	Correct(s State, c Correction) (State, []Happening, error)
	// Corrections describes the game-specific GM actions, one per line, e.g.
	// "money PLAYER AMOUNT  add AMOUNT (negative to take) to PLAYER's money".
	Corrections() string
	// Rename replaces a player's name everywhere in the state, when the GM
	// hands a seat to a new player.
	Rename(s State, from, to string) State
	// Clone returns a deep copy of s: changing either must not change the
	// other. The Host keeps replayed games in memory between writes and
	// works on clones, so that it need not replay a whole log per order.
	Clone(s State) State
}

// Versioned is implemented by engines that still play earlier versions of
// their rules. A game is adjudicated to its end by the engine version it
// started with (recorded in game-created), unless the GM upgrades it on
// purpose; so when a change would alter the outcome of a log already
// written, the engine keeps the old behaviour behind a version switch and
// lists the old version here. An engine that is not Versioned plays only
// Version().
type Versioned interface {
	// Versions lists every version the engine plays, oldest first; the
	// last is Version().
	Versions() []string
	// AtVersion returns the engine playing version v, one of Versions().
	AtVersion(v string) Engine
}

// PressPolicy is implemented by engines whose rules limit who may talk to
// whom (Trader with 4 players: partners may not confer unless the campaign
// allows it). options are the campaign's options.
type PressPolicy interface {
	// CheckPress says why from may not send private press to to, or nil.
	CheckPress(s State, options map[string]any, from string, to []string) error
}

// VersionList is the versions "game/first" to "game/last", oldest first:
// the Versions of an engine that plays every version in that range.
func VersionList(game string, first, last int) []string {
	var out []string
	for v := first; v <= last; v++ {
		out = append(out, game+"/"+strconv.Itoa(v))
	}
	return out
}

// VersionNumber is N of a version "game/N", or 0.
func VersionNumber(v string) int {
	_, n, _ := strings.Cut(v, "/")
	i, _ := strconv.Atoi(n)
	return i
}

// StandingOrders is implemented by engines whose players keep standing
// orders in the state (answers given in advance, plans for coming turns)
// and may change them at any time, not only when the open step waits for
// them. A file from a player who owes no orders now is checked with
// CheckStanding and, once accepted, logged and applied at once with
// ApplyStanding; it closes no step.
type StandingOrders interface {
	// CheckStanding parses player's order items and says whether they are
	// acceptable as standing orders now.
	CheckStanding(s State, player string, items []orders.Item) error
	// ApplyStanding records accepted standing orders in the state.
	ApplyStanding(s State, player string, items []orders.Item) (State, error)
}

// OpenOrders is implemented by engines some of whose orders must be
// known before the step closes: an offer that its addressee answers in
// the same step. Each accepted order file of a pending player (a
// replacement too) is applied at once with ApplyOpen, when it is logged
// and again at every replay, so that the state, and through View only
// those it concerns, shows what the file put on the table; Resolve is
// still handed every submission when the step closes. Engines keep the
// state unchanged here in the versions of their rules that predate it,
// so that old logs replay as they did.
type OpenOrders interface {
	// ApplyOpen records in s what player's accepted items put on the
	// table for the open step, replacing what their earlier file put.
	// It returns s itself when the file changes nothing, and a new
	// state (s left as it was) when it does.
	ApplyOpen(s State, player string, items []orders.Item) (State, error)
	// Awaiting are the lines of what s's table holds for player that
	// waits for their answer, each saying how to answer it; none when
	// nothing does. The host mails them to the player between reports,
	// so that an offer is answered in the step it was made in.
	Awaiting(s State, player string) []string
}

// Filler is implemented by engines whose order files may leave orders out.
// Fills says, one line each, what the game will do where the player's
// accepted items leave something out (the defaults that fill them, or that
// nothing is done), so that the acknowledgement can tell the player. It is
// called with the state the items were checked against (for standing
// orders too), and is private to that player.
type Filler interface {
	Fills(s State, player string, items []orders.Item) []string
}

// SetupChecker is implemented by engines that refuse, in a new game's
// set-up, more than Setup does: a key that Setup has always taken but that
// would do what its writer cannot have meant (spend a die unannounced,
// say). The host asks it only when a game is created, never at a replay,
// so the logs of games already set up keep replaying as they did.
type SetupChecker interface {
	CheckSetup(cfg Config) error
}

// Decider is implemented by engines that say, in a few lines, what a
// player whose orders the open step waits for decides now, from where
// they are: the report's YOUR DECISION panel. It is nil for a player the
// step does not wait for, and is private to that player (it may hold
// what only they may see). A Decider's picture draws the panel itself
// (from its view, which holds the lines for the viewer alone); games
// without it get the panel the host writes from their Options, in the
// text, the HTML and below their picture.
type Decider interface {
	Decision(s State, player string) []string
}

// ArrivalChecker is implemented by engines that refuse, when an order
// file arrives, more than Check does: orders the rules take (Check and
// Read accept them, and the close plays the default instead) but that
// the position the file sees shows can never apply this turn, such as a
// stay where one may not stay. The host asks it only of a file arriving
// for the open step, after Check, never at a replay or a close, so a log
// holding such orders keeps replaying as it did and Check keeps agreeing
// with Read. Its errors name the line and field as Check's do.
type ArrivalChecker interface {
	CheckArrival(s State, player string, items []orders.Item) error
}

// Config is what Setup needs from the campaign file.
type Config struct {
	Players []string        // names in seating order
	Options json.RawMessage // the campaign's options, as JSON ("{}" when absent)
	Setup   json.RawMessage // the campaign's fixed layout, as JSON (null when absent)
}

// Status is the part of a state the runtime needs to drive a game.
type Status struct {
	Pending  []string // players who owe orders for the open step, in seat order
	Finished bool
	Winners  []string // set once finished: one name, or several for a shared win (a team name in team games)
	Phase    string   // one line for humans, e.g. "set 1, alice's turn"
	// Answering are pending players whose file, sent already, leaves
	// unanswered something put to them since (OpenOrders: an offer they
	// must accept or decline); the step waits for their new file as for
	// a player who sent none, until its deadline.
	Answering []string
}

// Submission is one player's orders for the step being resolved.
type Submission struct {
	Player  string
	Items   []orders.Item
	Default bool // the player sent nothing (or their orders were voided) and Items are the default
	// Reading is the engine's own reading of Items, made by its Read
	// (Reader) against the state being resolved; nil when the engine is
	// no Reader or the submission was not read, and then Resolve reads
	// Items itself.
	Reading any
}

// Happening is one event of a resolution, in words, for the reports.
type Happening struct {
	Text string
	// To lists the only players who may see it; empty means everyone.
	To []string
}

// Observer is the name under which observers see a game: it is no player's
// name, so views and happenings give it only what is public.
const Observer = "observer"

// VisibleTo reports whether player (or the GM, "") may see h.
func (h Happening) VisibleTo(player string) bool {
	if player == "" || len(h.To) == 0 {
		return true
	}
	for _, p := range h.To {
		if p == player {
			return true
		}
	}
	return false
}

// Correction is a GM's game-specific action, e.g. {Action: "money",
// Player: "alice", Args: ["+5"]}.
type Correction struct {
	Action string
	Player string
	Args   []string
}

// Optioner is implemented by engines that can list the orders a player may
// give for the open step, as godip's Options does for Diplomacy: the web
// site's order form offers them, and a report whose reader's orders are due
// can list them (Renderer.Choices). It is a guide, not the judge: whatever
// a player sends is still checked by Check, and every choice Options
// offers must pass it (with the other decisions left out, or, for a
// decision that goes With a choice, with that choice).
//
// What it lists may depend on what only player may see (their hand, their
// money), so it is shown to that player and the GM only.
type Optioner interface {
	// Options lists player's decisions for the open step, in the order a
	// file would give them; nil when player owes nothing now.
	Options(s State, player string) []Decision
}

// Decision is one thing a player decides in the open step, with its legal
// choices now.
type Decision struct {
	// Name identifies the decision, usually the order's verb ("bid",
	// "market-closed"); "action" where several verbs are alternatives.
	Name string
	// Prompt says in a few words what is decided, for a form's label.
	Prompt string
	// Choices are the alternatives, in the order the game presents them.
	Choices []Choice
	// Optional says the decision may be left out; Default says what the
	// game then does, when the engine can say it in a line.
	Optional bool
	Default  string
	// Several says that any number of the choices may be given together,
	// in order: they are written as one order, Name: [VALUE, ...], whose
	// values are the choices' Order.
	Several bool
	// With lists choices of other decisions (their Order) that this one
	// goes with: it is given only when one of them is chosen (Singapore
	// 1889's silk: only with a take of a Silk card). Empty: always.
	With []string
}

// Choice is one legal order.
type Choice struct {
	// Order is the order as an order file's list writes it, one YAML
	// entry without its dash: "buy: London", "sell: [red 4, red 5]",
	// "pass"; for a Several decision, one value of the list ("8-0").
	Order string
	// Text says what the order does, in words; empty when Order says it.
	Text string
}
