package adjudicator

import (
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/orders"
)

// Game is a game as its log says it is now: the result of replaying every
// event through the engine. It is recomputed, never stored.
type Game struct {
	ID         string
	Campaign   Campaign
	Engine     engine.Engine
	Seed       []byte
	Commitment string
	Created    time.Time

	State  engine.State
	Status engine.Status
	Step   int // the open step (1-based); once finished, one past the last closed step

	Players  []Player
	Open     map[string]Submitted // this step's orders so far, by player
	OpenedAt time.Time            // when the open step began
	Deadline time.Time            // zero when the campaign sets none

	// The tools of a long campaign (see tools.go).
	Paused     bool          // the GM paused the game: no deadline runs
	PausedLeft time.Duration // the time that was left to the deadline when paused
	Grace      time.Duration // late orders are taken this long after a deadline
	Press      []PressItem   // press sent since the last step closed
	Rollbacks  int           // rollbacks so far (a step's reports after one are new mail)
	// Timeline is the timeline the open step is played in: 0 until a
	// rollback that records one, then that rollback's (see Rollback).
	Timeline int

	// Last is the last closed step (step 0, the set-up, before any). Only
	// the last is kept: a report of an earlier step replays the log up to
	// it, so that a game's memory does not grow with its history.
	Last   StepRecord
	Notes  []Note // GM actions since the last step closed
	Seq    int64  // number of events replayed
	Hash   string // hash of the last event replayed
	Format int    // the log format the game is written in (events.Format1, …)
	// NoticeSeq is the sequence number of the log's last event of the
	// NoticeKinds (0: none), so that the mail gateway need not read the
	// log to learn that there is nothing new to tell.
	NoticeSeq int64
	// TableSeq is the sequence number of the log's last event that
	// changed what is on the table of the open step (engine.OpenOrders):
	// the mail gateway tells the players an offer waits for.
	TableSeq int64
	// RosterSeq is the sequence number of the last event that changed
	// who is in the game and at what address (the set-up, a seat handed
	// over), so that the games index writes the game's people only then.
	RosterSeq int64

	// SignUp is the sign-up of a game opened for it (nil for a game
	// created with its players): while it forms, the game has no state
	// (see Forming).
	SignUp *SignUp
	// Practice says where a practice fork comes from (fork.go); nil for
	// every other game. A practice game counts for no record.
	Practice *ForkOrigin
	// Tenure is who held each seat from which step to which (tenure.go).
	Tenure [][]Tenure
	// Asks are the seats asked for by substitutes, waiting for the GM.
	Asks []SeatTaken

	reg    *Registry // for the engine versions an upgrade moves to
	forced bool      // replayed with one engine version throughout, ignoring upgrades
	// silent: the step being replayed is not the last the replay closes,
	// and no one reads its happenings (engine.SilentResolver).
	silent bool

	// greyRun is the first of the grey press events just replayed one
	// after another at one time, as a close logs the grey press it
	// releases (see grey.go), and greyAt their time; 0: none.
	greyRun int64
	greyAt  time.Time
}

// Player is a seat and who holds it now.
type Player struct {
	Name     string
	Email    string
	Resigned bool // resigned by the GM: never waited for, always gets the default
	// Bot: the seat is the game's bot's (Seat.Bot): never waited for, it
	// plays as soon as its step opens (bots.go).
	Bot     bool
	Removed bool // out of the game for good
	// Disorder: in civil disorder after missing Campaign.CivilDisorder
	// steps in a row; never waited for, defaults every step, until any file
	// of theirs brings them back.
	Disorder    bool
	Missed      int           // steps missed in a row
	Absences    []Absence     // windows away the player announced
	AbsenceUsed time.Duration // deadline time granted for absences so far
	// ReportFormat is how the player chose to get their reports by mail
	// (FormatPlain or FormatHTML; "": the campaign's report_format). See
	// Game.ReportFormat.
	ReportFormat string
	// Zone and Quiet are the player's time zone (an IANA name; "": UTC)
	// and quiet hours ("22:00-07:30"; "": none), as they set them
	// (hours.go).
	Zone, Quiet string
}

// Submitted is a player's latest accepted orders for the open step.
type Submitted struct {
	Items []orders.Item
	Seq   int64
	At    time.Time
	Late  bool // arrived after the deadline, in the grace period
	Bot   bool // chosen by the game's bot for the seat (bots.go)
}

// Note is something done outside the orders (a GM action, a player's
// absence or new token, a return from civil disorder) as the reports and
// status tell it.
type Note struct {
	Step int
	Text string
	At   time.Time
	// By is who did it: ActorGM, a player's name, or ActorSystem for what
	// Taipan itself noted.
	By string
}

// Label names who a note is from, as status prints it before the note:
// "GM", the player's name, or "Taipan".
func (n Note) Label() string {
	switch n.By {
	case ActorGM:
		return "GM"
	case ActorSystem, "":
		return "Taipan"
	}
	return n.By
}

// StepRecord is what became of one closed step.
type StepRecord struct {
	Step       int
	Closed     time.Time
	Reason     string
	Defaults   []string // players who got the default orders
	Overruled  []string // of those, players whose accepted orders were no longer legal
	Happenings []engine.Happening
	Notes      []Note
	Press      []PressItem // press sent during the step
	Late       []string    // players whose orders came in the grace period
	Disorder   []string    // players put in civil disorder at this close
	Bots       []string    // players whose seat the bot played this step
	Digest     string
	// Seq and Hash are the event that closed the step (for the set-up, the
	// seed event): the chain head a report of this step was made from.
	Seq  int64
	Hash string
	// From is the first event the close logged: the first of the grey
	// press it released (see grey.go), else its step-closed event; 0 for
	// the set-up.
	From int64
	// Attendance is how each seat met the step (attendance.go).
	Attendance []SeatStep
}

// ReplayError is a log that does not replay: an event the engine refuses, or
// a recorded digest the engine no longer reproduces.
type ReplayError struct {
	Event  events.Event
	Reason string
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("event %s: %s", e.Event.String(), e.Reason)
}

// Replay recomputes a game from its whole log.
func Replay(reg *Registry, evs []events.Event) (*Game, error) {
	return ReplayUntil(reg, evs, -1)
}

// ReplayUntil replays the log up to and including the closing of step
// `until` (0: just the set-up); a negative until replays everything.
func ReplayUntil(reg *Registry, evs []events.Event, until int) (*Game, error) {
	return replay(reg, evs, until, "")
}

// closingOf is the index in evs of the event after which step is as its
// reports show it in the game's present timeline: the last closing of that
// step, or a later rollback to it (a rollback re-opens the next step, so
// its event is the step's new end); for step 0, the seed event unless a
// rollback to the set-up came later. Without one (the step is not closed
// yet), the whole log.
func closingOf(evs []events.Event, step int) int {
	cut := -1
	if step == 0 && len(evs) > 1 {
		cut = 1
		if evs[0].Kind == KindOpened {
			// The set-up of a game opened for sign-up is its start;
			// before it, the game is the whole log.
			cut = len(evs) - 1
		}
	}
	for i, e := range evs {
		switch e.Kind {
		case KindStarted:
			if step == 0 {
				cut = i
			}
		case KindClosed:
			if p, err := decodeClosed(e.Payload); err == nil && p.Step == step {
				cut = i
			}
		case KindRollback:
			var p Rollback
			if e.Decode(&p) == nil && p.Step == step {
				cut = i
			}
		}
	}
	if cut < 0 {
		return len(evs) - 1
	}
	return cut
}

// ReplayWithVersion replays the whole log with the given version of its
// engine throughout, whatever the log says: whether a version would have
// reproduced a game is what an upgrade asks.
func ReplayWithVersion(reg *Registry, evs []events.Event, version string) (*Game, error) {
	return replay(reg, evs, -1, version)
}

func replay(reg *Registry, evs []events.Event, until int, version string) (*Game, error) {
	return replayWith(reg, evs, until, version, replayHooks{})
}

// replayObserved replays the whole log, calling observe with the record
// of every step closed, in log order (a rollback's replays included).
func replayObserved(reg *Registry, evs []events.Event, observe func(StepRecord)) (*Game, error) {
	return replayWith(reg, evs, -1, "", replayHooks{closed: observe})
}

// replayHooks are what a replay tells its caller as it goes: closed, the
// record of every step closed, in log order (a rollback's replays
// included); before, each event after the first two with the game as it
// stands just before it (to read, not to change).
type replayHooks struct {
	closed func(StepRecord)
	before func(*Game, events.Event)
}

func replayWith(reg *Registry, evs []events.Event, until int, version string, hooks replayHooks) (*Game, error) {
	if len(evs) == 0 {
		return nil, Errorf(ENOTFOUND, "no such game")
	}
	if err := events.CheckFormat(&evs[0]); err != nil {
		return nil, err
	}
	if len(evs) < 2 {
		return nil, &ReplayError{evs[0], "the log ends before its seed event"}
	}
	if until >= 0 {
		evs = evs[:closingOf(evs, until)+1]
	}
	var g *Game
	var err error
	if evs[0].Kind == KindOpened {
		g, err = startOpen(reg, evs[0], evs[1], version)
	} else {
		g, err = start(reg, evs[0], evs[1], version)
	}
	if err != nil {
		return nil, err
	}
	// Only the last step closed keeps its happenings (Game.Last), unless
	// the caller hears of every step.
	lastClose := -1
	if hooks.closed == nil {
		for i := len(evs) - 1; i >= 2; i-- {
			if evs[i].Kind == KindClosed {
				lastClose = i
				break
			}
		}
	}
	for i := 2; i < len(evs); i++ {
		e := evs[i]
		g.silent = i < lastClose
		if e.Seq != g.Seq+1 {
			return nil, &ReplayError{e, fmt.Sprintf("sequence number %d where %d was expected", e.Seq, g.Seq+1)}
		}
		if hooks.before != nil {
			hooks.before(g, e)
		}
		if e.Kind == KindRollback {
			if g, err = rollback(reg, evs[:i], e, version); err != nil {
				return nil, err
			}
			continue
		}
		if err := g.apply(e); err != nil {
			return nil, err
		}
		if hooks.closed != nil && e.Kind == KindClosed {
			hooks.closed(g.Last)
		}
	}
	g.silent = false
	return g, nil
}

// start sets a game up from its first two events, game-created and seed.
func start(reg *Registry, created, seedEvent events.Event, version string) (*Game, error) {
	bad := func(e events.Event, format string, args ...any) error {
		return &ReplayError{e, fmt.Sprintf(format, args...)}
	}
	if created.Kind != KindCreated || created.Seq != 1 {
		return nil, bad(created, "a log must start with %s", KindCreated)
	}
	c, eng, seed, err := firstEvents(reg, created, seedEvent, version)
	if err != nil {
		return nil, err
	}
	forced := version != ""
	s, err := firstState(eng, c, seed)
	if err != nil {
		return nil, bad(created, "%v", err)
	}
	g := &Game{
		ID: created.Game, Campaign: c.Campaign, Engine: eng, Seed: seed, Commitment: c.Commitment,
		Created: created.RecordedAt, State: s, Step: 1, Open: map[string]Submitted{},
		Last: StepRecord{Step: 0, Closed: created.RecordedAt, Reason: "set-up", Seq: seedEvent.Seq, Hash: seedEvent.Hash},
		Seq:  seedEvent.Seq, Hash: seedEvent.Hash, Format: created.Format, RosterSeq: created.Seq,
		reg: reg, forced: forced, Grace: time.Duration(c.Campaign.Grace), Practice: c.Fork,
	}
	for _, p := range c.Campaign.Players {
		g.Players = append(g.Players, Player{Name: p.Name, Email: p.Email, Bot: p.Bot})
	}
	g.Status = eng.Status(s)
	g.seatTenures(created.Seq)
	g.openStep(created.RecordedAt)
	return g, nil
}

// firstEvents reads a log's first two events, game-created (or
// game-opened) and the seed: the payload, the engine at the version the
// log names (or version, if given) and the seed, checked against its
// commitment.
func firstEvents(reg *Registry, created, seedEvent events.Event, version string) (Created, engine.Engine, []byte, error) {
	bad := func(e events.Event, format string, args ...any) error {
		return &ReplayError{e, fmt.Sprintf(format, args...)}
	}
	var c Created
	if err := created.Decode(&c); err != nil {
		return c, nil, nil, bad(created, "%v", err)
	}
	if version == "" {
		version = c.EngineVersion
	}
	eng, err := reg.EngineAt(c.Campaign.Game, version)
	if err != nil {
		return c, nil, nil, bad(created, "%v", err)
	}
	if seedEvent.Kind != KindSeed || seedEvent.Redacted() {
		return c, nil, nil, bad(seedEvent, "the seed is withheld (a public export before the game's end): the chain can be checked, but replaying needs the full log")
	}
	var sp SeedPayload
	if err := seedEvent.Decode(&sp); err != nil {
		return c, nil, nil, bad(seedEvent, "%v", err)
	}
	seed, err := hex.DecodeString(sp.Seed)
	if err != nil || len(seed) != 32 || Commitment(seed) != c.Commitment {
		return c, nil, nil, bad(seedEvent, "the seed does not match its commitment")
	}
	return c, eng, seed, nil
}

// openStep starts the clock of a new step.
func (g *Game) openStep(at time.Time) {
	g.OpenedAt = at
	// The last step's orders are dropped, their map kept for the next
	// (a clone has a map of its own, so none shares it): a replay made a
	// map for every step.
	if g.Open == nil {
		g.Open = map[string]Submitted{}
	} else {
		clear(g.Open)
	}
	g.Deadline = time.Time{}
	if d := time.Duration(g.Campaign.Deadline); d > 0 && !g.Status.Finished {
		g.Deadline = at.Add(d)
		if g.Paused {
			g.PausedLeft, g.Deadline = d, time.Time{}
		}
		g.extendForAbsences(true)
	}
}

// applyOpen puts what player's file items put on the table of the open
// step (engine.OpenOrders), in place of their earlier file's, for the
// event seq.
func (g *Game) applyOpen(player string, items []orders.Item, seq int64) error {
	oo, ok := g.Engine.(engine.OpenOrders)
	if !ok {
		return nil
	}
	ns, err := oo.ApplyOpen(g.State, player, items)
	if err != nil {
		return err
	}
	// Most files put nothing on the table and come back as the same
	// state: the status is then as it was.
	if ns != g.State {
		g.State, g.Status = ns, g.Engine.Status(ns)
		g.TableSeq = seq
	}
	return nil
}

func (g *Game) apply(e events.Event) error {
	bad := func(format string, args ...any) error {
		return &ReplayError{e, fmt.Sprintf(format, args...)}
	}
	g.Seq, g.Hash = e.Seq, e.Hash
	if slices.Contains(NoticeKinds, e.Kind) {
		g.NoticeSeq = e.Seq
	}
	if e.Kind == KindPress && e.Redacted() {
		// Grey press withheld from a finished game's public export: press
		// changes no state, so the game replays without it.
		return nil
	}
	if e.Kind != KindClosed {
		g.trackGrey(e)
	}
	if isSignUpKind(e.Kind) {
		return g.applySignUp(e)
	}
	if g.Forming() && e.Kind != KindToken {
		return bad("a %s event before the game started", e.Kind)
	}
	note := func(text, reason string) {
		text = strings.TrimSuffix(text, ".")
		if reason != "" {
			text += fmt.Sprintf(" (reason: %s)", reason)
		}
		g.Notes = append(g.Notes, Note{Step: g.Step, Text: text + ".", At: e.RecordedAt, By: e.Actor})
	}
	switch e.Kind {
	case KindOrders:
		step, items, err := engine.ParseLoggedOrders(g.Engine, e.Payload)
		if err != nil {
			return bad("bad payload: %v", err)
		}
		if step != g.Step {
			return bad("orders for step %d while step %d is open", step, g.Step)
		}
		if botMarked(e.Payload) {
			// The bot's orders: never late, and no sign of the player.
			if err := g.botMayPlay(e.Actor); err != nil {
				return bad("%v", err)
			}
			g.Open[e.Actor] = Submitted{Items: items, Seq: e.Seq, At: e.RecordedAt, Bot: true}
			// Its answers to offers go on the table as anyone's (a bot
			// makes no offer, and before it answered any, its files put
			// nothing there).
			if err := g.applyOpen(e.Actor, items, e.Seq); err != nil {
				return bad("orders refused on the table: %v", err)
			}
			break
		}
		late := !g.Deadline.IsZero() && !g.Paused && e.RecordedAt.After(g.Deadline)
		g.Open[e.Actor] = Submitted{Items: items, Seq: e.Seq, At: e.RecordedAt, Late: late}
		g.back(e.Actor, e.RecordedAt)
		if err := g.applyOpen(e.Actor, items, e.Seq); err != nil {
			return bad("orders refused on the table: %v", err)
		}
	case KindStanding:
		_, items, err := orders.ParseLoggedPayload(e.Payload)
		if err != nil {
			return bad("bad payload: %v", err)
		}
		so, ok := g.Engine.(engine.StandingOrders)
		if !ok {
			return bad("%s takes no standing orders", g.Engine.Name())
		}
		if g.State, err = so.ApplyStanding(g.State, e.Actor, items); err != nil {
			return bad("standing orders refused: %v", err)
		}
		g.back(e.Actor, e.RecordedAt)
		g.Status = g.Engine.Status(g.State)
	case KindClosed:
		p, err := decodeClosed(e.Payload)
		if err != nil {
			return bad("bad payload: %v", err)
		}
		if p.Step != g.Step {
			return bad("closes step %d while step %d is open", p.Step, g.Step)
		}
		g.noteClose(p.Note, e.RecordedAt)
		rec, err := g.resolve(p.Reason, e.RecordedAt)
		if err != nil {
			return bad("%v", err)
		}
		if rec.Digest != p.Digest {
			return bad("the state digest after step %d is %s, but %s was recorded (engine %s now, %s then): replay no longer reproduces this game",
				p.Step, short(rec.Digest), short(p.Digest), g.Engine.Version(), p.EngineVersion)
		}
		if !slices.Equal(rec.Defaults, p.Defaults) {
			return bad("step %d is recorded as closed with the default orders of %s, but replay plays them for %s: the orders in the log are not the ones that were checked",
				p.Step, orNone(p.Defaults), orNone(rec.Defaults))
		}
		g.markClosed(e)
	case KindDeadline:
		var p DeadlineSet
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		g.Deadline = p.Deadline
		text := fmt.Sprintf("The GM set the deadline of step %d to %s.", p.Step, FormatTime(p.Deadline))
		if p.Deadline.IsZero() {
			text = fmt.Sprintf("The GM removed the deadline of step %d: it closes once every order is in, or when the GM closes it.", p.Step)
		} else if g.extendForAbsences(false) {
			// An absence the allowance covers moves it all the same (the
			// absences recorded before Covered was did not).
			text = fmt.Sprintf("The GM set the deadline of step %d to %s; for an absence declared, it moves to %s.", p.Step, FormatTime(p.Deadline), FormatTime(g.Deadline))
		}
		note(text, p.Reason)
	case KindVoid:
		var p PlayerAction
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		delete(g.Open, p.Player)
		// A voided file no longer counts, and so neither do the offers
		// and answers it put on the table.
		if err := g.applyOpen(p.Player, nil, e.Seq); err != nil {
			return bad("orders voided on the table: %v", err)
		}
		note(fmt.Sprintf("The GM voided %s's orders for step %d.", p.Player, p.Step), p.Reason)
	case KindResign:
		var p PlayerAction
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		pl := g.player(p.Player)
		if pl == nil {
			return bad("no player %q", p.Player)
		}
		pl.Resigned = true
		note(fmt.Sprintf("%s resigned; the default orders will be played for that seat.", p.Player), p.Reason)
	case KindToken:
		var p PlayerAction
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		text := fmt.Sprintf("The GM issued %s a new token.", p.Player)
		switch {
		case p.Player == ActorGM:
			text = "The GM took a new GM token; the one before no longer works."
		case e.Actor == p.Player:
			text = fmt.Sprintf("%s asked for a new token and got one; the one before no longer works.", p.Player)
		}
		note(text, p.Reason)
	case KindReplace:
		var p Replaced
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		pl := g.player(p.Player)
		if pl == nil {
			return bad("no player %q", p.Player)
		}
		g.handOver(pl, p.Name, p.Email, e.Seq)
		note(fmt.Sprintf("The GM handed %s's seat to %s.", p.Player, p.Name), p.Reason)
	case KindCorrection:
		var p CorrectionPayload
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		s, hs, err := g.Engine.Correct(g.State, engine.Correction{Action: p.Action, Player: p.Player, Args: p.Args})
		if err != nil {
			return bad("correction refused: %v", err)
		}
		g.State = s
		if p.Action == "remove" {
			if pl := g.player(p.Player); pl != nil {
				pl.Removed = true
				delete(g.Open, p.Player)
			}
		}
		texts := make([]string, 0, len(hs))
		for _, h := range hs {
			if h.VisibleTo("") && len(h.To) == 0 {
				texts = append(texts, h.Text)
			}
		}
		what := strings.TrimSpace(p.Action + " " + p.Player + " " + strings.Join(p.Args, " "))
		if len(texts) > 0 {
			what += ": " + strings.Join(texts, " ")
		}
		note("GM correction "+what, p.Reason)
		g.Status = g.Engine.Status(g.State)
	case KindTakeAsked, KindTaken:
		if err := g.applySubstitute(e); err != nil {
			return bad("%v", err)
		}
	case KindReportFormat:
		if err := g.applyReportFormat(e); err != nil {
			return bad("%v", err)
		}
	case KindHours:
		if err := g.applyHours(e); err != nil {
			return bad("%v", err)
		}
	case KindPress, KindPause, KindResume, KindGrace, KindAbsence:
		if err := g.applyTool(e); err != nil {
			return bad("%v", err)
		}
	case KindUpgrade:
		var p Upgraded
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		if !g.forced {
			if p.From != g.Engine.Version() {
				return bad("upgrades the game from %s, but it plays %s", p.From, g.Engine.Version())
			}
			eng, err := g.reg.EngineAt(g.Engine.Name(), p.To)
			if err != nil {
				return bad("%v", err)
			}
			g.Engine = eng
			g.Status = eng.Status(g.State)
		}
		from := "from the open step on, carrying over the state"
		if p.Whole {
			from = "for the whole game, whose every step it reproduces"
		}
		note(fmt.Sprintf("The GM moved the game from engine %s to %s, %s.", p.From, p.To, from), p.Reason)
	default:
		return bad("unknown kind of event")
	}
	return nil
}

// resolve closes the open step: every pending player's latest legal orders,
// or the default for those who sent none or whose orders no longer pass.
func (g *Game) resolve(reason string, at time.Time) (StepRecord, error) {
	if g.Status.Finished {
		return StepRecord{}, fmt.Errorf("the game is over")
	}
	var subs []engine.Submission
	var defaults, overruled []string
	for _, p := range g.Status.Pending {
		// Each submission is read once, here: the reading that finds it
		// legal is the one Resolve applies (engine.Reader).
		sub, ok := g.Open[p]
		if ok {
			items := engine.ItemsFor(g.Engine, sub.Items)
			if reading, err := engine.ReadOrders(g.Engine, g.State, p, items); err == nil {
				subs = append(subs, engine.Submission{Player: p, Items: items, Reading: reading})
				continue
			}
			// Accepted once, but a GM correction since made them illegal.
			overruled = append(overruled, p)
		}
		items := orders.Renumber(g.Engine.Default(g.State, p))
		def := engine.Submission{Player: p, Items: items, Default: true}
		if r, ok := g.Engine.(engine.Reader); ok {
			// A default must pass Check; one that does not is left to
			// Resolve to read (and refuse) as it would be without a
			// reading.
			if reading, err := r.Read(g.State, p, items); err == nil {
				def.Reading = reading
			}
		}
		subs = append(subs, def)
		defaults = append(defaults, p)
	}
	rng := engine.NewRandInTimeline(g.Seed, g.Step, g.Timeline)
	var s engine.State
	var hs []engine.Happening
	var err error
	if g.silent {
		s, err = engine.ResolveSilently(g.Engine, g.State, subs, rng)
	} else {
		s, hs, err = g.Engine.Resolve(g.State, subs, rng)
	}
	if err != nil {
		return StepRecord{}, fmt.Errorf("resolving step %d: %w", g.Step, err)
	}
	digest, err := Digest(s)
	if err != nil {
		return StepRecord{}, err
	}
	rec := StepRecord{Step: g.Step, Closed: at, Reason: reason, Defaults: defaults, Overruled: overruled, Happenings: hs, Notes: g.Notes, Digest: digest, Press: g.Press}
	for _, p := range g.Status.Pending {
		if sub, ok := g.Open[p]; ok && sub.Late {
			rec.Late = append(rec.Late, p)
		}
		if sub, ok := g.Open[p]; ok && sub.Bot && !slices.Contains(defaults, p) {
			rec.Bots = append(rec.Bots, p)
		}
	}
	if !g.silent {
		// Only an observer of every close (replayObserved, which makes
		// no step silent) or the last step's record reads it.
		rec.Attendance = g.attendanceAt(reason, at, defaults, overruled)
	}
	rec.Disorder = g.countMissed(defaults, overruled, at)
	g.State, g.Notes, g.Press = s, nil, nil
	g.Last = rec
	g.Step++
	g.Status = g.Engine.Status(s)
	g.openStep(at)
	return rec, nil
}

// noteClose tells the players why the GM closed the step, if the GM said.
func (g *Game) noteClose(reason string, at time.Time) {
	if reason != "" {
		g.Notes = append(g.Notes, Note{Step: g.Step, Text: fmt.Sprintf("The GM closed step %d (reason: %s).", g.Step, strings.TrimSuffix(reason, ".")), At: at, By: ActorGM})
	}
}

// markClosed records e as the event that closed the last step, and the
// first event its close logged.
func (g *Game) markClosed(e events.Event) {
	g.Last.Seq, g.Last.Hash, g.Last.From = e.Seq, e.Hash, e.Seq
	if g.greyRun != 0 && g.greyAt.Equal(e.RecordedAt) {
		g.Last.From = g.greyRun
	}
	g.greyRun = 0
}

// trackGrey follows the runs of grey press logged together, for
// markClosed.
func (g *Game) trackGrey(e events.Event) {
	switch {
	case e.Kind != KindPress || e.Actor != ActorSystem:
		g.greyRun = 0
	case g.greyRun == 0 || !g.greyAt.Equal(e.RecordedAt):
		g.greyRun, g.greyAt = e.Seq, e.RecordedAt
	}
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "nobody"
	}
	return strings.Join(names, ", ")
}

// clone returns a copy of g that shares nothing g or the copy may change:
// the state is cloned by the engine, and the slices and maps that grow are
// copied or clipped so that appending to one never writes into the other.
// The last step record is shared: it is never changed once a step is over.
func (g *Game) clone() *Game {
	c := *g
	if g.State != nil { // nil while the game forms
		c.State = g.Engine.Clone(g.State)
	}
	c.Players = slices.Clone(g.Players)
	for i := range c.Players {
		c.Players[i].Absences = slices.Clip(c.Players[i].Absences)
	}
	c.Press = slices.Clip(g.Press)
	c.Open = maps.Clone(g.Open)
	c.Notes = slices.Clip(g.Notes)
	c.SignUp = g.SignUp.clone()
	c.Asks = slices.Clip(g.Asks)
	c.Tenure = slices.Clone(g.Tenure) // a hand-over copies the seat's (handOver)
	return &c
}

// Clone is an independent copy of g, for keeping the game as a change left
// it (the mail gateway keeps the game at a step's close for that step's
// reports) while g goes on.
func (g *Game) Clone() *Game { return g.clone() }

// Awaiting lists the pending players Taipan waits for: those not resigned
// or removed and without orders in yet.
func (g *Game) Awaiting() []string {
	var out []string
	for _, p := range g.Status.Pending {
		if _, in := g.Open[p]; in && !slices.Contains(g.Status.Answering, p) {
			continue
		}
		if pl := g.player(p); pl != nil && (pl.Resigned || pl.Removed || pl.Disorder || pl.Bot) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// Player returns the seat held by name, or nil.
func (g *Game) Player(name string) *Player { return g.player(name) }

func (g *Game) player(name string) *Player {
	for i := range g.Players {
		if g.Players[i].Name == name {
			return &g.Players[i]
		}
	}
	return nil
}

// Names returns the players' current names in seating order.
func (g *Game) Names() []string {
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = p.Name
	}
	return names
}

// IsPending reports whether player owes orders for the open step.
func (g *Game) IsPending(player string) bool { return slices.Contains(g.Status.Pending, player) }

// FormatTime is how reports write a time: "Mon 02 Jan 2006 15:04 UTC".
func FormatTime(t time.Time) string { return t.UTC().Format("Mon 02 Jan 2006 15:04 UTC") }

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
