package shanghaitrader

import (
	"fmt"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Version is the current version of the rules this engine plays,
// recorded with every step's digest: shanghai-trader/2 plays the whole
// rulebook; games begun with shanghai-trader/1 go on playing it. What
// each plays is its ruleset in versions (ruleset.go), whose current one
// TestVersionIsTheCurrentRuleset holds to this name.
const Version = "shanghai-trader/2"

// Engine is the Shanghai Trader rules. All game data is in the *State it
// is handed; the engine holds only the ruleset of the version it plays.
type Engine struct {
	r *engine.Ruleset[*rulebook] // nil: the current one
}

// New returns the Shanghai Trader engine.
func New() Engine { return Engine{r: versions.Current()} }

var (
	_ engine.Engine    = Engine{}
	_ engine.Versioned = Engine{}
	_ engine.Reader    = Engine{}
)

// Name is "shanghai-trader".
func (Engine) Name() string { return versions.Game }

// ruleset is the version the engine plays.
func (e Engine) ruleset() *engine.Ruleset[*rulebook] {
	if e.r == nil {
		return versions.Current()
	}
	return e.r
}

// rules is the rulebook of the version the engine plays.
func (e Engine) rules() *rulebook { return e.ruleset().Rules }

// Version identifies this implementation of the rules.
func (e Engine) Version() string { return versions.Name(e.ruleset()) }

// Versions lists the versions of the rules this engine plays, oldest
// first.
func (Engine) Versions() []string { return versions.Names() }

// AtVersion returns the engine playing version v (one of Versions).
func (Engine) AtVersion(v string) engine.Engine { return Engine{r: versions.At(v)} }

// at is the state as the engine's version reads it: the state itself
// when it is already (every state Resolve made), else a shallow copy
// that records the rulebook, for methods that only read the state. A
// game of version 1 moved to version 2 reads as the basic game with
// nothing of the underworld yet, as Resolve plays it.
func (e Engine) at(as engine.State) *State {
	b := e.rules()
	if s := state(as); s.rules == b && (!b.city() || s.Underworld != nil) {
		return s
	}
	c := *state(as)
	c.rules = b
	if b.city() && c.Underworld == nil {
		c.Underworld = newUnderworld()
	}
	return &c
}

// Status says who owes orders: every player still in the city, each
// Seasonal Turn and each Collusion Phase (rulebook.Collusion).
func (Engine) Status(as engine.State) engine.Status {
	s := state(as)
	if s.Over {
		return engine.Status{Finished: true, Winners: s.winners(), Phase: "the game is over: " + s.Ended}
	}
	st := engine.Status{Phase: s.phaseText()}
	if in := s.inCity(); len(in) > 0 {
		st.Pending = make([]string, len(in))
		for i, p := range in {
			st.Pending[i] = s.Players[p].Name
		}
	}
	st.Answering = s.answering()
	return st
}

// phaseText is the open step in one line.
func (s *State) phaseText() string {
	// Written without fmt: the host asks at every step.
	b := make([]byte, 0, 64)
	b = append(b, "year "...)
	b = strconv.AppendInt(b, int64(s.Year), 10)
	b = append(b, " of "...)
	b = strconv.AppendInt(b, int64(s.LastYear), 10)
	if s.collusion() {
		b = append(b, ", the Collusion Phase"...)
	} else {
		b = append(append(append(b, ", "...), s.seasonName()...), " turn"...)
	}
	switch {
	case s.lastYear():
		b = append(b, " (the last year)"...)
	case s.firstYear():
		b = append(b, " (the first year)"...)
	}
	return string(b)
}

// winners are the escaped players with the largest international bank
// account (§2.3; equal accounts share the win, rules-analysis 1h).
func (s *State) winners() []string {
	best := -1
	var out []string
	for _, p := range s.Players {
		if p.Out != outEscaped {
			continue
		}
		switch {
		case p.Bank > best:
			best, out = p.Bank, []string{p.Name}
		case p.Bank == best:
			out = append(out, p.Name)
		}
	}
	return out
}

// Check says whether player's orders are legal now.
func (e Engine) Check(as engine.State, player string, items []orders.Item) error {
	_, err := e.Read(as, player, items)
	return err
}

// Read parses and checks player's orders as Check does and returns the
// plan they make, which Resolve applies as it is (engine.Reader): the
// orders are read once.
func (e Engine) Read(as engine.State, player string, items []orders.Item) (any, error) {
	s := e.at(as)
	p := s.seat(player)
	switch {
	case p < 0:
		return nil, orders.Errorf(0, "player", "%q is not a player in this game", player)
	case s.Over:
		return nil, orders.Errorf(0, "orders", "the game is over")
	case !s.Players[p].inCity():
		return nil, orders.Errorf(0, "orders", "you are no longer in Shanghai (%s)", s.Players[p].Out)
	}
	pl, err := s.parse(p, items)
	if err != nil {
		return nil, err
	}
	return pl, nil
}

// Default is the order used when a pending player sends none (D16 of the
// rules analysis, with this engine's rulings ST-X2 and ST-X3): stay put
// where an automatic move could take you; at the airfield, the escape
// roll; in Old Chinatown, the automatic move to the Consulates; anywhere
// else, a roll for the district you are in. Every other choice takes its
// documented default when the segment comes, and no optional action is
// taken.
//
// In the Collusion Phase (version 2) the default deploys what the player
// must deploy (police, monks, marines, the minder; see collusionDefault)
// and exchanges nothing.
func (e Engine) Default(as engine.State, player string) []orders.Item {
	s := e.at(as)
	p := s.seat(player)
	if p < 0 || s.Over || !s.Players[p].inCity() {
		return []orders.Item{}
	}
	if s.collusion() {
		return orders.Renumber(s.collusionDefault(p))
	}
	return orders.Renumber([]orders.Item{orders.With(verbMove, s.defaultMove(p).Text)})
}

// defaultMove is the move of Default, from what p may see: where p is,
// p's passport, and the board.
func (s *State) defaultMove(p int) moveOpt {
	d := s.d()
	me := &s.Players[p]
	switch {
	case s.stayOK(p):
		return moveOpt{Kind: mvStay, Text: "stay"}
	case me.At == d.airfield && me.Passport:
		return moveOpt{Kind: mvEscape, Text: "escape"}
	case me.At < 0 || d.distOf(me.At) == d.chinatown || me.Passport:
		return moveOpt{Kind: mvAuto, To: d.consul, Text: "auto " + d.loc(d.consul).Name}
	}
	dist := d.distOf(me.At)
	return moveOpt{Kind: mvRoll, To: dist, Text: d.Districts[dist].Name}
}

// Resolve plays the open Seasonal Turn: every player's orders, in
// initiative order, and the Cycle Turn of the next year when it ends a
// year.
func (e Engine) Resolve(as engine.State, subs []engine.Submission, rng *engine.Rand) (engine.State, []engine.Happening, error) {
	return e.resolve(as, subs, rng, false)
}

// ResolveSilently plays the step as Resolve does, writing none of its
// happenings (engine.SilentResolver): a replay's steps before its last.
func (e Engine) ResolveSilently(as engine.State, subs []engine.Submission, rng *engine.Rand) (engine.State, error) {
	s, _, err := e.resolve(as, subs, rng, true)
	return s, err
}

// resolve is Resolve, telling nothing when silent.
func (e Engine) resolve(as engine.State, subs []engine.Submission, rng *engine.Rand, silent bool) (engine.State, []engine.Happening, error) {
	// The state is resolved in place (the host resolves a clone of its
	// own); a replay makes no copy of the city every step.
	s := state(as)
	s.rules = e.rules()
	if s.Over {
		return nil, nil, fmt.Errorf("shanghaitrader: the game is over")
	}
	if s.rules.city() && s.Underworld == nil {
		// A game begun with version 1 and moved to version 2 by the GM
		// plays the basic game with the underworld from here on.
		s.Underworld = newUnderworld()
	}
	// A step tells a score or two of happenings.
	r := &run{s: s, rng: rng, plans: make([]*plan, len(s.Players)), silent: silent}
	if !silent {
		r.hs = make([]engine.Happening, 0, 32)
	}
	for _, sub := range subs {
		p := s.seat(sub.Player)
		switch {
		case p < 0 || !s.Players[p].inCity():
			return nil, nil, fmt.Errorf("shanghaitrader: %s owes no orders now", sub.Player)
		case r.plans[p] != nil:
			return nil, nil, fmt.Errorf("shanghaitrader: two submissions from %s", sub.Player)
		}
		// The host hands the plan its Read made of these very items
		// against this state; without one, they are read here.
		pl, ok := sub.Reading.(*plan)
		if !ok {
			var err error
			if pl, err = s.parse(p, sub.Items); err != nil {
				return nil, nil, fmt.Errorf("shanghaitrader: orders of %s: %w", sub.Player, err)
			}
		}
		r.plans[p] = pl
	}
	for _, p := range s.inCity() {
		switch {
		case r.plans[p] != nil:
		case s.rules.ReadDefault:
			pl, err := s.parse(p, e.Default(s, s.Players[p].Name))
			if err != nil {
				return nil, nil, fmt.Errorf("shanghaitrader: the default orders of %s: %w", s.Players[p].Name, err)
			}
			r.plans[p] = pl
		default:
			// The city orders of this plan were zero (the minder with
			// seat 0) before plans made them only when given.
			r.plans[p] = &plan{DailyMail: -1, Move: []moveOpt{s.defaultMove(p)}, City: &cityOrders{}}
		}
	}
	// Where the counters stood is for the view of the step just played;
	// a silent step is followed by another.
	s.Start = nil
	if !silent {
		s.Start = s.stepStart()
	}
	if s.collusion() {
		r.collusion()
	} else {
		r.season()
	}
	if len(r.hs) == 0 {
		return s, nil, nil // no list, as a step that tells nothing always gave
	}
	return s, r.hs, nil
}

// Corrections lists the GM's Shanghai Trader actions.
func (Engine) Corrections() string {
	return strings.Join([]string{
		"remove PLAYER            PLAYER leaves the game for good: off the board, every",
		"                         establishment uncontrolled, never a winner",
		"money PLAYER AMOUNT      add AMOUNT ($ooo, negative to take) to PLAYER's cash",
		"bank PLAYER AMOUNT       add AMOUNT ($ooo) to PLAYER's international account",
		"place PLAYER LOCATION    put PLAYER's counter on LOCATION",
		"owner PLAYER ESTAB       give ESTAB (e.g. TP-02a) to PLAYER",
		"release PLAYER ESTAB     take PLAYER's employee off ESTAB",
		"passport PLAYER yes|no   give or take PLAYER's passport",
	}, "\n")
}

// Correct applies a GM correction.
func (Engine) Correct(as engine.State, c engine.Correction) (engine.State, []engine.Happening, error) {
	s := state(as).clone()
	p := s.seat(c.Player)
	if p < 0 {
		return nil, nil, fmt.Errorf("%q is not a player in this game", c.Player)
	}
	if s.Over {
		return nil, nil, fmt.Errorf("the game is over")
	}
	me := &s.Players[p]
	d := s.d()
	r := &run{s: s}
	args := c.Args
	need := func(n int, usage string) error {
		if len(args) != n {
			return fmt.Errorf("usage: %s PLAYER %s", c.Action, usage)
		}
		return nil
	}
	estab := func(name string) (int, error) {
		i, ok := d.findLoc(name)
		if !ok || !buyable(d.loc(i).Type) {
			return 0, fmt.Errorf("%q is not an establishment", name)
		}
		return i, nil
	}
	switch strings.ToLower(c.Action) {
	case "remove":
		if err := need(0, ""); err != nil {
			return nil, nil, err
		}
		if !me.inCity() {
			return nil, nil, fmt.Errorf("%s is no longer in the city", me.Name)
		}
		r.leave(p, outRemoved)
		r.say("%s leaves the game; every establishment of theirs is uncontrolled.", me.Name)
		r.checkEnd()
	case "money", "bank":
		if err := need(1, "AMOUNT"); err != nil {
			return nil, nil, err
		}
		n, err := strconv.Atoi(strings.TrimPrefix(args[0], "+"))
		if err != nil {
			return nil, nil, fmt.Errorf("AMOUNT is a whole number of $ooo, e.g. +20 or -5")
		}
		field := &me.Cash
		if strings.ToLower(c.Action) == "bank" {
			field = &me.Bank
		}
		if *field+n < 0 {
			return nil, nil, fmt.Errorf("%s would have less than nothing", me.Name)
		}
		if n >= 0 {
			r.draw(n, "GM correction")
		} else {
			r.pay(-n, "GM correction")
		}
		*field += n
		what := "cash"
		if field == &me.Bank {
			what = "international account"
		}
		// The amount is told to the GM's reports only through the log.
		r.say("%s's %s is corrected (%s).", me.Name, what, bankPhrase(n))
	case "place":
		if len(args) == 0 {
			return nil, nil, fmt.Errorf("usage: place PLAYER LOCATION")
		}
		i, ok := d.findLoc(strings.Join(args, " "))
		if !ok {
			return nil, nil, fmt.Errorf("%q is not a location", strings.Join(args, " "))
		}
		if !me.inCity() {
			return nil, nil, fmt.Errorf("%s is no longer in the city", me.Name)
		}
		me.At, me.Hooked, me.Shanghaied, me.Bodyguards = i, false, false, 0
		r.say("%s's counter is put on %s.", me.Name, d.locName(i))
	case "owner", "release":
		if len(args) == 0 {
			return nil, nil, fmt.Errorf("usage: %s PLAYER ESTABLISHMENT", c.Action)
		}
		i, err := estab(strings.Join(args, " "))
		if err != nil {
			return nil, nil, err
		}
		if strings.ToLower(c.Action) == "release" {
			if !s.owns(p, i) {
				return nil, nil, fmt.Errorf("%s does not control %s", me.Name, d.locName(i))
			}
			r.control(i, -1, false)
			r.say("%s's employee is taken off %s.", me.Name, d.locName(i))
			r.checkRackets(p)
		} else {
			if !me.inCity() {
				return nil, nil, fmt.Errorf("%s is no longer in the city", me.Name)
			}
			old := s.Estabs[i].Owner
			r.control(i, p, false)
			r.say("%s now controls %s.", me.Name, d.locName(i))
			if old >= 0 {
				r.checkRackets(old)
			}
		}
	case "passport":
		if err := need(1, "yes|no"); err != nil {
			return nil, nil, err
		}
		switch strings.ToLower(args[0]) {
		case "yes", "true":
			me.Passport = true
		case "no", "false":
			me.Passport, me.Bodyguards = false, 0
		default:
			return nil, nil, fmt.Errorf("usage: passport PLAYER yes|no")
		}
		r.say("%s's passport is corrected.", me.Name)
	default:
		return nil, nil, fmt.Errorf("unknown correction %q; the corrections are:\n%s", c.Action, Engine{}.Corrections())
	}
	return s, r.hs, nil
}

// Rename gives seat from to player to.
func (Engine) Rename(as engine.State, from, to string) engine.State {
	s := state(as)
	// Names are matched ignoring case in orders, so a name that differs
	// from another only in case is refused too.
	if p := s.seat(from); p >= 0 && (s.seatFold(to) < 0 || s.seatFold(to) == p) {
		s.Players[p].Name = to
	}
	return s
}

// Clone returns a deep copy of a state.
func (Engine) Clone(s engine.State) engine.State { return state(s).clone() }
