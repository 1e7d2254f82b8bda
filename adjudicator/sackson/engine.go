package sackson

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"

	"gopkg.in/yaml.v3"
)

// Engine is the Shanghai rules: the ruleset it starts games with. All
// game data is in the *State it is handed, which records the version it
// is played by (State.Rules).
type Engine struct {
	r *engine.Ruleset[Rules]
}

// New returns the Shanghai engine, playing the current rules.
func New() Engine { return Engine{r: versions.Current()} }

var (
	_ engine.Engine    = Engine{}
	_ engine.Versioned = Engine{}
	_ engine.Filler    = Engine{}
	_ engine.Reader    = Engine{}
	// Replay hands it the log's orders as their text (engine.TextReader):
	// bids, destinations, events and the plans best and none are read
	// without a node (orders.Item.String, Scalar), a list or a mapping of
	// cards from its node.
	_ engine.TextReader = Engine{}
)

// ReadsLoggedText marks the engine as reading logged text
// (engine.TextReader).
func (Engine) ReadsLoggedText() {}

// Name is "shanghai".
func (Engine) Name() string { return "shanghai" }

// ruleset is the ruleset e plays (the current one for a zero Engine).
func (e Engine) ruleset() *engine.Ruleset[Rules] {
	if e.r == nil {
		return versions.Current()
	}
	return e.r
}

// Version identifies this implementation of the rules: shanghai/2. Games
// started with shanghai/1 are played to their end with its rules (see
// Rules and versions).
func (e Engine) Version() string { return versions.Name(e.ruleset()) }

// Versions lists the versions of the rules this engine plays, oldest
// first.
func (Engine) Versions() []string { return versions.Names() }

// AtVersion returns the engine playing version v (one of Versions).
func (Engine) AtVersion(v string) engine.Engine { return Engine{r: versions.At(v)} }

// Layout is the optional fixed set-up (campaign key setup): it fixes the
// deal for a transcribed game or a test, and may describe a game under
// way. Every key is optional, but pile needs hands.
type Layout struct {
	// Hands gives every player's cards (ids such as "13-0"); it replaces
	// the deal. The cards not in a hand make up the pile.
	Hands map[string][]string `json:"hands"`
	// Pile lists the top of the destination pile, top first; the other
	// cards not in a hand follow in data order.
	Pile []string `json:"pile"`
	// Events lists the top of the event pile, top first (ids such as
	// "E04"); the others follow in data order. Without it the event
	// cards are shuffled.
	Events []string `json:"events"`
	// LangTsu is where Lang-Tsu stands (1-13); without it the disc is
	// spun.
	LangTsu int `json:"lang_tsu"`
	// Round is the round to be played, from 1; it sets the time of day
	// (round 1 at the sun, SS-A1).
	Round int `json:"round"`
	// Junk is either space of the junk's pair, e.g. 39 (default 39/40).
	Junk       int            `json:"junk"`
	Spaces     map[string]int `json:"spaces"`     // player → space, default 0
	Money      map[string]int `json:"money"`      // player → money, default 1,200
	Determiner string         `json:"determiner"` // who placed Lang-Tsu last round
}

// Setup seats the players and deals (rules-analysis 3b set-up; the draws
// in the order of 3e: the deal, the event pile, the disc), or lays out
// cfg.Setup.
func (e Engine) Setup(cfg engine.Config, rng *engine.Rand) (engine.State, error) {
	n := len(cfg.Players)
	if n < 3 || n > 6 {
		return nil, fmt.Errorf("Shanghai is for 3 to 6 players, not %d", n)
	}
	seen := map[string]bool{}
	for _, p := range cfg.Players {
		if strings.TrimSpace(p) == "" || seen[p] {
			return nil, fmt.Errorf("player names must be distinct and not empty: %q", p)
		}
		seen[p] = true
	}
	var opt struct{}
	if err := engine.DecodeStrict(cfg.Options, &opt); err != nil {
		return nil, fmt.Errorf("options: %v (Shanghai has no options)", err)
	}
	var lay Layout
	if err := engine.DecodeStrict(cfg.Setup, &lay); err != nil {
		return nil, fmt.Errorf("setup: %v (the keys are hands, pile, events, lang_tsu, round, junk, spaces, money and determiner)", err)
	}
	s := &State{Round: 1, Junk: data.JunkStart, Determiner: -1, EventsDone: []EventLog{}}
	if n := e.ruleset().Number; n >= 2 {
		s.Rules = n
	}
	for _, name := range cfg.Players {
		s.Players = append(s.Players, Player{Name: name, Money: data.Money, Hand: []Card{}})
	}
	needRand := lay.Hands == nil || lay.Events == nil || lay.LangTsu == 0
	if needRand && rng == nil {
		return nil, fmt.Errorf("shanghai: dealing needs a random stream")
	}
	var problems []string
	if lay.Hands == nil {
		if lay.Pile != nil {
			problems = append(problems, "pile needs hands too")
		}
		deck := make([]Card, len(data.Cards))
		for i := range deck {
			deck[i] = Card(i)
		}
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		h := data.Hand[n]
		for i := range s.Players {
			for _, c := range deck[i*h : (i+1)*h] {
				s.give(i, c)
			}
		}
		s.Pile = append([]Card{}, deck[n*h:]...)
	} else {
		problems = append(problems, s.layCards(lay)...)
	}
	if lay.Events == nil {
		s.Events = make([]int, len(data.Events))
		for i := range s.Events {
			s.Events[i] = i
		}
		rng.Shuffle(len(s.Events), func(i, j int) { s.Events[i], s.Events[j] = s.Events[j], s.Events[i] })
	} else {
		used := map[int]bool{}
		for _, id := range lay.Events {
			e, ok := data.eventByID[strings.ToUpper(strings.TrimSpace(id))]
			switch {
			case !ok:
				problems = append(problems, fmt.Sprintf("events: %q is not an event card (E01 to E16)", id))
			case used[e]:
				problems = append(problems, fmt.Sprintf("events: %s is listed twice", data.Events[e].ID))
			default:
				used[e] = true
				s.Events = append(s.Events, e)
			}
		}
		for e := range data.Events {
			if !used[e] {
				s.Events = append(s.Events, e)
			}
		}
	}
	switch {
	case lay.LangTsu == 0:
		// "geef de schijf een stevige draai": uniform over the 13 places.
		s.LangTsu = rng.Intn(len(data.Destinations)) + 1
	case lay.LangTsu < 1 || lay.LangTsu > len(data.Destinations):
		problems = append(problems, fmt.Sprintf("lang_tsu: %d is not a destination (1-13)", lay.LangTsu))
	default:
		s.LangTsu = lay.LangTsu
	}
	problems = append(problems, s.layTrack(lay)...)
	if len(problems) > 0 {
		return nil, fmt.Errorf("setup: %s", strings.Join(problems, "; "))
	}
	return s, nil
}

// layCards applies the layout's hands and pile.
func (s *State) layCards(lay Layout) []string {
	var problems []string
	where := map[Card]string{}
	use := func(place, id string) (Card, bool) {
		c, msg := parseCard(id)
		if msg != "" {
			problems = append(problems, place+": "+msg)
			return 0, false
		}
		if w, dup := where[c]; dup {
			problems = append(problems, fmt.Sprintf("%s: %s is in %s already", place, c, w))
			return 0, false
		}
		where[c] = place
		return c, true
	}
	names := slices.Sorted(maps.Keys(lay.Hands))
	for _, name := range names {
		q := s.seat(name)
		if q < 0 {
			problems = append(problems, fmt.Sprintf("hands: %q is not a player", name))
			continue
		}
		for _, id := range lay.Hands[name] {
			if c, ok := use("hands: "+name, id); ok {
				s.give(q, c)
			}
		}
	}
	for _, p := range s.Players {
		if _, ok := lay.Hands[p.Name]; !ok {
			problems = append(problems, fmt.Sprintf("hands: %s's hand is missing (write [] for an empty hand)", p.Name))
		}
	}
	s.Pile = []Card{}
	for _, id := range lay.Pile {
		if c, ok := use("pile", id); ok {
			s.Pile = append(s.Pile, c)
		}
	}
	for i := range data.Cards {
		if _, ok := where[Card(i)]; !ok {
			s.Pile = append(s.Pile, Card(i))
		}
	}
	return problems
}

// layTrack applies the layout's round, junk, spaces, money and determiner.
func (s *State) layTrack(lay Layout) []string {
	var problems []string
	if lay.Round < 0 {
		problems = append(problems, fmt.Sprintf("round: %d is not a round", lay.Round))
	} else if lay.Round > 0 {
		s.Round = lay.Round
	}
	if lay.Junk != 0 {
		if lay.Junk < 1 || lay.Junk > 2*data.JunkMax {
			problems = append(problems, fmt.Sprintf("junk: %d is not a water space (1 to %d)", lay.Junk, 2*data.JunkMax))
		} else {
			s.Junk = (lay.Junk + 1) / 2
		}
	}
	sorted := func(m map[string]int) []string {
		out := slices.Sorted(maps.Keys(m))
		return out
	}
	for _, name := range sorted(lay.Spaces) {
		q, n := s.seat(name), lay.Spaces[name]
		switch {
		case q < 0:
			problems = append(problems, fmt.Sprintf("spaces: %q is not a player", name))
		case n < 0 || n > data.Track:
			problems = append(problems, fmt.Sprintf("spaces: %s cannot be on space %d (0 to %d)", name, n, data.Track))
		case n >= s.junkLow():
			problems = append(problems, fmt.Sprintf("spaces: %s on %d has reached the junk on %d/%d: the game would be over", name, n, s.junkLow(), s.junkHigh()))
		default:
			s.Players[q].Space = n
		}
	}
	for _, name := range sorted(lay.Money) {
		q, n := s.seat(name), lay.Money[name]
		switch {
		case q < 0:
			problems = append(problems, fmt.Sprintf("money: %q is not a player", name))
		case n < 0:
			problems = append(problems, fmt.Sprintf("money: %s cannot have %d", name, n))
		default:
			s.Players[q].Money = n
		}
	}
	if lay.Determiner != "" {
		s.Determiner = s.seat(lay.Determiner)
		if s.Determiner < 0 {
			problems = append(problems, fmt.Sprintf("determiner: %q is not a player", lay.Determiner))
		}
	}
	return problems
}

func state(s engine.State) *State {
	st, ok := s.(*State)
	if !ok || st == nil {
		panic(fmt.Sprintf("sackson: state of type %T", s))
	}
	return st
}

// phaseText is the one line of Status.Phase.
func (s *State) phaseText() string {
	if s.Over {
		return "finished"
	}
	t := data.Times[s.time()]
	o := options(s.LangTsu)
	i := strconv.Itoa
	return "round " + i(s.Round) + ", " + t.Name + " (" + t.Label + "); Lang-Tsu at " + i(s.LangTsu) + ", options " + i(o[0]) + ", " + i(o[1]) + ", " + i(o[2]) + ", " + i(o[3])
}

// Status says who owes orders: every player still in the game, each round.
func (Engine) Status(as engine.State) engine.Status {
	s := state(as)
	st := engine.Status{Phase: s.phaseText()}
	if s.Over {
		st.Finished = true
		for _, q := range s.Winners {
			st.Winners = append(st.Winners, s.name(q))
		}
		return st
	}
	for _, q := range s.clockwise(-1) {
		st.Pending = append(st.Pending, s.name(q))
	}
	return st
}

// Check says whether player's orders are legal now.
func (e Engine) Check(as engine.State, player string, items []orders.Item) error {
	_, err := e.Read(as, player, items)
	return err
}

// Read reads player's orders once, as Check judges them, and returns the
// reading (a *plan) that Resolve plays as it is.
func (Engine) Read(as engine.State, player string, items []orders.Item) (any, error) {
	s := state(as)
	seat := s.seat(player)
	if seat < 0 {
		return nil, orders.Errorf(0, "player", "%q is not a player in this game", player)
	}
	p := new(plan)
	if err := s.read(seat, items, p); err != nil {
		return nil, err
	}
	return p, nil
}

// Default is the order used when a player sends none (SS-X2). With
// DefaultLeavesAllOut (shanghai/2) it is what a file that leaves every
// order out gets: no bid, no card played, no card bought, the event card
// taken; Lang-Tsu, should the player place him after all (as the previous
// determiner), goes to the first of the four options (where an empty plan
// "scores most"). Nothing of it depends on the player's hidden hand.
// Under shanghai/1: no bid, Lang-Tsu to the option where the best play
// scores most, the best cards played wherever he goes, no card bought, the
// event card taken.
func (e Engine) Default(as engine.State, player string) []orders.Item {
	s := state(as)
	if s.rules().DefaultLeavesAllOut {
		// The same three orders every round: their values in one
		// allocation.
		v := new([3]yaml.Node)
		v[0] = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "0"}
		v[1] = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "none"}
		v[2] = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: evTake}
		return []orders.Item{{Index: 0, Verb: verbBid, Value: &v[0]}, {Index: 1, Verb: verbPlay, Value: &v[1]}, {Index: 2, Verb: verbEvent, Value: &v[2]}}
	}
	items := []orders.Item{orders.With(verbBid, "0")}
	if seat := s.seat(player); s.active(seat) && !s.Over {
		var p plan
		for _, d := range options(s.LangTsu) {
			p.add(d).best = true
		}
		items = append(items, orders.With(verbGo, strconv.Itoa(s.destination(seat, &p))))
	}
	items = append(items, orders.With(verbPlay, "best"), orders.With(verbEvent, evTake))
	return orders.Renumber(items)
}

// Fills says what a file's left-out orders do (SS-X2), verb by verb: no
// bid, Lang-Tsu where the plan scores most, no card played where the plan
// has no entry, no card bought, the event card taken.
func (e Engine) Fills(as engine.State, player string, items []orders.Item) []string {
	s := state(as)
	seat := s.seat(player)
	var p plan
	if err := s.read(seat, items, &p); err != nil || !s.active(seat) || s.Over {
		return nil
	}
	r := s.rules()
	var out []string
	for _, v := range r.Verbs {
		given := false
		for _, it := range items {
			given = given || r.verb(verbOf(it.Verb)) == v
		}
		if line := v.fill(s, seat, &p, given); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// Resolve closes the open round.
func (e Engine) Resolve(as engine.State, subs []engine.Submission, rng *engine.Rand) (engine.State, []engine.Happening, error) {
	// In place (the contract allows it), after normalize: the digests are
	// those of the copy this step always made (see normalize).
	s := state(as)
	s.normalize()
	if s.Over {
		return nil, nil, fmt.Errorf("shanghai: the game is over")
	}
	plans := make([]plan, len(s.Players))
	given := make([]bool, len(s.Players))
	for _, sub := range subs {
		seat := s.seat(sub.Player)
		if !s.active(seat) {
			return nil, nil, fmt.Errorf("shanghai: %s owes no orders now", sub.Player)
		}
		if given[seat] {
			return nil, nil, fmt.Errorf("shanghai: two submissions from %s", sub.Player)
		}
		given[seat] = true
		// The host hands the plan its Read made of these very items
		// against this state; without one, they are read here.
		if p, ok := sub.Reading.(*plan); ok {
			plans[seat] = *p
		} else if err := s.read(seat, sub.Items, &plans[seat]); err != nil {
			return nil, nil, fmt.Errorf("shanghai: orders of %s: %w", sub.Player, err)
		}
	}
	for _, q := range s.clockwise(-1) {
		if !given[q] {
			if err := s.read(q, e.Default(s, s.name(q)), &plans[q]); err != nil {
				return nil, nil, fmt.Errorf("shanghai: default orders of %s: %w", s.name(q), err)
			}
		}
	}
	if rng == nil {
		return nil, nil, fmt.Errorf("shanghai: resolving a round needs a random stream")
	}
	return s, s.round(plans, rng), nil
}

// Corrections lists the GM's Shanghai actions.
func (Engine) Corrections() string {
	return "remove PLAYER        PLAYER leaves the game for good: their piece leaves the\n" +
		"                     track, their cards go under the pile, their money stays\n" +
		"money PLAYER AMOUNT  add AMOUNT (signed, e.g. +100 or -50) to PLAYER's money;\n" +
		"                     refused if the money would become negative\n" +
		"space PLAYER N       put PLAYER's piece on space N (0 to 64, short of the junk)"
}

// Correct applies a GM correction.
func (Engine) Correct(as engine.State, c engine.Correction) (engine.State, []engine.Happening, error) {
	s := state(as).clone()
	seat := s.seat(c.Player)
	if seat < 0 {
		return nil, nil, fmt.Errorf("%q is not a player in this game", c.Player)
	}
	if s.Over {
		return nil, nil, fmt.Errorf("the game is over")
	}
	if s.Players[seat].Removed {
		return nil, nil, fmt.Errorf("%s has left the game", c.Player)
	}
	num := func(usage string) (int, error) {
		if len(c.Args) != 1 {
			return 0, fmt.Errorf("usage: %s", usage)
		}
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(c.Args[0]), "+"))
		if err != nil || n > 1e7 || n < -1e7 {
			return 0, fmt.Errorf("%q is not a whole number", c.Args[0])
		}
		return n, nil
	}
	switch strings.ToLower(c.Action) {
	case "remove":
		if len(c.Args) > 0 {
			return nil, nil, fmt.Errorf("remove takes no arguments")
		}
		p := &s.Players[seat]
		p.Removed = true
		s.Pile = append(s.Pile, p.Hand...)
		n := len(p.Hand)
		p.Hand = []Card{}
		if s.Determiner == seat {
			s.Determiner = -1
		}
		goes := " go"
		if n == 1 {
			goes = " goes"
		}
		hs := []engine.Happening{hap("%s has left the game: their piece leaves the track and their %s under the pile.", c.Player, count(n, "card")+goes)}
		if s.activeCount() == 0 {
			s.Over, s.End, s.Ended = true, endLeft, "everybody left the game"
			return s, append(hs, hap("The game is over; nobody is left to play.")), nil
		}
		return s, hs, nil
	case "money":
		n, err := num("money PLAYER AMOUNT (signed, e.g. +100 or -50)")
		if err != nil {
			return nil, nil, err
		}
		if s.Players[seat].Money+n < 0 {
			return nil, nil, fmt.Errorf("money: %s has %s; taking %s would make it negative", c.Player, money(s.Players[seat].Money), money(-n))
		}
		s.Players[seat].Money += n
		if n >= 0 {
			return s, []engine.Happening{hap("The GM gave %s %s.", c.Player, money(n))}, nil
		}
		return s, []engine.Happening{hap("The GM took %s from %s.", money(-n), c.Player)}, nil
	case "space":
		n, err := num("space PLAYER N")
		if err != nil {
			return nil, nil, err
		}
		if n < 0 || n >= s.junkLow() {
			return nil, nil, fmt.Errorf("space: %d is not a space from 0 up to the junk on %d/%d", n, s.junkLow(), s.junkHigh())
		}
		from := s.Players[seat].Space
		s.Players[seat].Space = n
		return s, []engine.Happening{hap("The GM moved %s's piece from space %d to %d.", c.Player, from, n)}, nil
	}
	return nil, nil, fmt.Errorf("unknown correction %q; Shanghai's are remove, money and space", c.Action)
}

// Rename gives seat from to player to. Logs refer to seats, so only the
// name changes.
func (Engine) Rename(as engine.State, from, to string) engine.State {
	s := state(as)
	p := s.seat(from)
	if p < 0 || s.seat(to) >= 0 {
		return s
	}
	s.Players[p].Name = to
	return s
}

// Help is the order syntax.
func (e Engine) Help() string {
	missing := `Every order is optional. What a file leaves out, and all of it for a
player who sends nothing: no bid, Lang-Tsu (should you place him) where
your plan scores most (the first option if you play nothing), no card
played, no card bought, the event card taken. The acknowledgement of
your file lists what it leaves out.`
	playDefault := "Default: no card."
	goDefault := "Default: the option where\n                          your plan scores most, the first in arrow order\n                          on ties."
	if !e.ruleset().Rules.DefaultLeavesAllOut {
		missing = `Every order is optional. A file that leaves an order out gets its
default below, except play: a file without play plays no card. A
player who sends nothing bids nothing, plays best wherever Lang-Tsu
goes, and would take him where that best play scores most.`
		playDefault = "Default: best if you send\n                          nothing, no card if your file leaves play out."
		goDefault = "Default: the option\n                          where your plan scores most."
	}
	return `Shanghai orders: one order file per round, everybody at once.
` + missing + `

  - bid: 120              your sealed bribe, in steps of 10 (0 = no bid).
                          The highest bid wins and is paid; bid more than
                          you have and you pay 100 (or all you have) to the
                          bank and drop out of this round's bidding.
                          Default 0.
  - go: [8, 9]            where you take Lang-Tsu if you win (or, when
                          nobody bids, if you placed him last round): the
                          first of these among the four options. Names
                          work too (go: teahouse). ` + goDefault + `
  - play:                 the cards you play if Lang-Tsu goes there, as
      8: [8-0, 8-3]       the winner or as free information: at most 3 of
      9: best             a destination, 2 at tea and temple (then only
      10: none            the first 2 count). best = the cards that bring
                          you furthest without passing the junk's far
                          space (` + bestText(e.ruleset().Rules.BestPassesToWin) + `).
                          Also play: [8-0, 9-2] (grouped by destination),
                          play: best, or play: none. ` + playDefault + `
  - buy: yes              if you place Lang-Tsu: buy a card for 100 after
                          scoring. Default no.
  - event: give bob       if you place Lang-Tsu: who gets the event card:
                          take, give NAME, give leader (the other player
                          furthest ahead) or give last (furthest behind).
                          Default take.

Destinations: ` + destList() + `.

Example:
  orders:
    - bid: 70
    - go: [8, 10]
    - play:
        8: [8-0, 8-3]
        10: best
    - buy: no
    - event: give leader
`
}

// bestText says when best passes the junk's far space.
func bestText(passesToWin bool) string {
	if !passesToWin {
		return "never"
	}
	return "only when, short of\n                          reaching the junk, passing it would make you\n                          the piece closest past it"
}

// Clone returns a deep copy of a state (engine.DeepCopy, which keeps
// nil and empty apart, so the copy has the same digest).
func (Engine) Clone(s engine.State) engine.State { return engine.DeepCopy(state(s)) }
