package trader

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Engine is the Trader rules: the ruleset it plays; all game data is in
// the *State it is handed.
type Engine struct {
	r *engine.Ruleset[Rules]
}

// New returns the Trader engine, playing the current rules.
func New() Engine { return Engine{r: versions.Current()} }

// rules is the ruleset e plays (the current one for a zero Engine).
func (e Engine) rules() *Rules {
	if e.r == nil {
		return &versions.Current().Rules
	}
	return &e.r.Rules
}

var (
	_ engine.Engine = Engine{}
	_ engine.Reader = Engine{}
	// Replay hands it the log's orders as their text (engine.TextReader):
	// a value of one scalar, as most are, is read without a node
	// (orders.Item.String), a plan or a sale as a mapping from its node.
	_ engine.TextReader = Engine{}
)

// ReadsLoggedText marks the engine as reading logged text
// (engine.TextReader).
func (Engine) ReadsLoggedText() {}

// Name is "trader".
func (Engine) Name() string { return "trader" }

// Version identifies this implementation of the rules: trader/2.
func (e Engine) Version() string {
	if e.r == nil {
		return versions.Name(versions.Current())
	}
	return versions.Name(e.r)
}

// Options are the campaign options Trader understands.
type Options struct {
	Sets   int    `json:"sets"`   // number of sets, default 1
	Values string `json:"values"` // "2..6" (default, TR-G1) or "2..8" (TR-A1)
	// PartnerTalk lets partners of the 4-player game send each other
	// private press (TR-X13). It is read by CheckPress only; nothing of it
	// is kept in the state.
	PartnerTalk bool `json:"partner_talk"`
}

// Layout is the optional fixed set-up (campaign key setup). Only Columns and
// First are needed to fix a deal; the other keys describe a game already
// under way (for tests, or to continue a game played face to face), and
// apply to set 1 only. Together, Columns, Hands and Sold must hold the 35
// stocks exactly.
type Layout struct {
	Columns map[string][]string `json:"columns"` // capital → stocks, first = available (bottom)
	First   string              `json:"first"`   // who plays first; default the first listed
	Hands   map[string][]string `json:"hands"`   // player → stocks in front of them
	Sold    []string            `json:"sold"`    // the sold pile
	// RestSold puts every stock not listed elsewhere on the sold pile
	// (it is face down, so a game resumed by mail may not know it).
	RestSold bool           `json:"rest_sold"`
	Money    map[string]int `json:"money"` // player → money, default the starting amount
	// JokersUsed lists the players (or, with 4 players, players or teams)
	// whose Joker is already used.
	JokersUsed []string `json:"jokers_used"`
	// MarketClosed (3 players) is the capital whose available stock the
	// card covers, or "removed"; default London, or removed when two
	// columns are empty.
	MarketClosed string `json:"market_closed"`
}

// Setup seats the players and deals the first set (or lays out cfg.Setup).
func (Engine) Setup(cfg engine.Config, rng *engine.Rand) (engine.State, error) {
	n := len(cfg.Players)
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("Trader is for 2, 3 or 4 players, not %d", n)
	}
	seen := map[string]bool{}
	for _, p := range cfg.Players {
		if strings.TrimSpace(p) == "" || seen[p] {
			return nil, fmt.Errorf("player names must be distinct and not empty: %q", p)
		}
		seen[p] = true
	}
	var opt Options
	if err := engine.DecodeStrict(cfg.Options, &opt); err != nil {
		return nil, fmt.Errorf("options: %v (Trader's options are sets, values and partner_talk)", err)
	}
	if opt.Sets == 0 {
		opt.Sets = 1
	}
	if opt.Sets < 1 || opt.Sets > 99 {
		return nil, fmt.Errorf("options: sets must be from 1 to 99, not %d", opt.Sets)
	}
	if opt.Values == "" {
		opt.Values = data.DefaultValues
	}
	values, ok := data.Values[opt.Values]
	if !ok {
		keys := make([]string, 0, len(data.Values))
		for k := range data.Values {
			keys = append(keys, strconv.Quote(k))
		}
		sort.Strings(keys)
		return nil, fmt.Errorf("options: values must be %s, not %q", strings.Join(keys, " or "), opt.Values)
	}
	s := &State{
		Values:  append([]int(nil), values...),
		Start:   data.Players[n].Money,
		Sets:    opt.Sets,
		Set:     1,
		Columns: make([][]Stock, len(data.Capitals)),
		Market:  -1,
	}
	for i, name := range cfg.Players {
		s.Players = append(s.Players, Player{Name: name})
		if n == 4 && i >= 2 {
			// TR-A13: seats 1&3 are one team, seats 2&4 the other.
			s.Players[i].Team = i - 2
			s.Teams[i-2].Members = append(s.Teams[i-2].Members, i)
			s.Teams[i-2].Name += "+" + name
			continue
		}
		s.Players[i].Team = len(s.Teams)
		s.Teams = append(s.Teams, Team{Name: name, Members: []int{i}, JokerBy: -1})
	}
	var lay Layout
	if err := engine.DecodeStrict(cfg.Setup, &lay); err != nil {
		return nil, fmt.Errorf("setup: %v (the keys are columns, first, hands, sold, rest_sold, money, jokers_used and market_closed)", err)
	}
	if lay.First != "" {
		s.First1 = s.seat(lay.First)
		if s.First1 < 0 {
			return nil, fmt.Errorf("setup: first: %q is not a player", lay.First)
		}
	}
	if lay.Columns == nil {
		if lay.Hands != nil || lay.Sold != nil || lay.Money != nil || lay.JokersUsed != nil || lay.MarketClosed != "" || lay.RestSold {
			return nil, fmt.Errorf("setup: hands, sold, rest_sold, money, jokers_used and market_closed need columns too")
		}
		if rng == nil {
			return nil, fmt.Errorf("trader: dealing needs a random stream")
		}
		s.deal(rng)
		s.newSet()
		return s, nil
	}
	s.newSet()
	if err := s.layout(lay); err != nil {
		return nil, fmt.Errorf("setup: %v", err)
	}
	return s, nil
}

// layout applies a fixed set-up to a fresh set-1 state.
func (s *State) layout(lay Layout) error {
	count := map[Stock]int{}
	for _, k := range s.deck() {
		count[k]++
	}
	var problems []string
	use := func(where string, texts []string) []Stock {
		var out []Stock
		for _, t := range texts {
			k, msg := parseStock(t)
			if msg == "" && !s.validValue(k.Value) {
				msg = fmt.Sprintf("there is no %s", k)
			}
			if msg != "" {
				problems = append(problems, where+": "+msg)
				continue
			}
			count[k]--
			out = append(out, k)
		}
		return out
	}
	keys := slices.Sorted(maps.Keys(lay.Columns))
	for _, k := range keys {
		c := capitalIndex(k)
		if c < 0 || strings.TrimSpace(k) != k || len(k) == 1 {
			problems = append(problems, fmt.Sprintf("columns: %q is not a capital; the capitals are %s", k, capitalList()))
			continue
		}
		if s.Columns[c] != nil {
			problems = append(problems, fmt.Sprintf("columns: %s is given twice", data.Capitals[c]))
		}
		s.Columns[c] = append([]Stock{}, use("columns: "+data.Capitals[c], lay.Columns[k])...)
	}
	names := func(m map[string][]string) []string {
		out := slices.Sorted(maps.Keys(m))
		return out
	}
	for _, name := range names(lay.Hands) {
		p := s.seat(name)
		if p < 0 {
			problems = append(problems, fmt.Sprintf("hands: %q is not a player", name))
			continue
		}
		for _, k := range use("hands: "+name, lay.Hands[name]) {
			s.give(p, k)
		}
	}
	s.Sold = use("sold", lay.Sold)
	var missing, extra []string
	for _, k := range s.deck() {
		if n := count[k]; n > 0 && lay.RestSold {
			s.Sold = append(s.Sold, k)
			count[k]--
		} else if n > 0 {
			missing = append(missing, k.String())
			count[k]--
		} else if n < 0 {
			extra = append(extra, k.String())
			count[k]++
		}
	}
	if len(missing) > 0 {
		problems = append(problems, fmt.Sprintf("the layout must hold all %d stocks; missing: %s", len(s.deck()), strings.Join(missing, ", ")))
	}
	if len(extra) > 0 {
		problems = append(problems, fmt.Sprintf("the layout has more stocks than the game: one %s too many", strings.Join(extra, ", one ")))
	}
	mk := slices.Sorted(maps.Keys(lay.Money))
	for _, name := range mk {
		p := s.seat(name)
		switch {
		case p < 0:
			problems = append(problems, fmt.Sprintf("money: %q is not a player", name))
		case lay.Money[name] < 0:
			problems = append(problems, fmt.Sprintf("money: %s cannot have %d million", name, lay.Money[name]))
		default:
			s.Players[p].Money = lay.Money[name]
		}
	}
	for _, name := range lay.JokersUsed {
		ti := s.teamIndex(name)
		if p := s.seat(name); p >= 0 {
			ti = s.Players[p].Team
		}
		if ti < 0 {
			problems = append(problems, fmt.Sprintf("jokers_used: %q is not a player or team", name))
			continue
		}
		s.Teams[ti].JokerUsed = true
	}
	empty := s.emptyColumns()
	if len(empty) >= 3 {
		problems = append(problems, fmt.Sprintf("three columns are empty (%s): the game would be over already", columnNames(empty)))
	}
	if len(s.Players) == 3 {
		switch mc := strings.ToLower(strings.TrimSpace(lay.MarketClosed)); {
		case len(empty) >= 2:
			s.Market = -1
			if mc != "" && mc != "removed" {
				problems = append(problems, "market_closed: two columns are empty, so the card is out of the game")
			}
		case mc == "removed":
			problems = append(problems, "market_closed: the card leaves the game only when two columns are empty")
		case mc != "":
			s.Market = capitalIndex(mc)
			if s.Market < 0 {
				problems = append(problems, fmt.Sprintf("market_closed: %q is not a capital", lay.MarketClosed))
			} else if len(s.Columns[s.Market]) == 0 {
				problems = append(problems, fmt.Sprintf("market_closed: %s is empty", data.Capitals[s.Market]))
			}
		case len(s.Columns[s.Market]) == 0:
			problems = append(problems, fmt.Sprintf("market_closed: %s is empty; say where the card is", data.Capitals[s.Market]))
		}
	} else if lay.MarketClosed != "" {
		problems = append(problems, fmt.Sprintf("market_closed: there is no Market closed card with %d players", len(s.Players)))
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	return nil
}

func state(s engine.State) *State {
	st, ok := s.(*State)
	if !ok || st == nil {
		panic(fmt.Sprintf("trader: state of type %T", s))
	}
	return st
}

// Status says who owes orders.
func (Engine) Status(as engine.State) engine.Status {
	s := state(as)
	st := engine.Status{Phase: s.phaseText()}
	switch s.Phase {
	case phaseTurn:
		st.Pending = []string{s.Players[s.Active].Name}
	case phaseLastSale:
		for _, p := range s.LastSale {
			st.Pending = append(st.Pending, s.Players[p].Name)
		}
	case phaseOver:
		st.Finished = true
		st.Winners = s.winners()
	}
	return st
}

// Check says whether player's orders are legal now.
func (e Engine) Check(as engine.State, player string, items []orders.Item) error {
	_, err := e.Read(as, player, items)
	return err
}

// Read reads player's orders once, as Check judges them, and returns the
// reading (an *action) that Resolve applies as it is.
func (e Engine) Read(as engine.State, player string, items []orders.Item) (any, error) {
	s := state(as)
	seat := s.seat(player)
	if seat < 0 {
		return nil, orders.Errorf(0, "player", "%q is not a player in this game", player)
	}
	a := new(action)
	if err := s.read(e.rules(), seat, items, a); err != nil {
		return nil, err
	}
	return a, nil
}

// Default is the order used when a pending player sends none
// (rules-analysis 4c, TR-X1, TR-X2): in a turn, the best pair sale, else
// the cheapest purchase, else the best Joker sale, else pass, and with 3
// players the Market closed card to its default place; in the last sales,
// the best sale including the Joker, else pass.
func (Engine) Default(as engine.State, player string) []orders.Item {
	s := state(as)
	seat := s.seat(player)
	if !s.pending(seat) {
		return orders.Renumber([]orders.Item{orders.Bare(kindPass)})
	}
	if s.Phase == phaseLastSale {
		a, ok := s.bestLastSale(seat)
		if !ok {
			a = action{verb: pass, mc: -1}
		}
		return s.items(a)
	}
	a, ok := s.bestTurnAction(seat)
	if !ok {
		a = action{verb: pass, col: -1, mc: -1}
	}
	a.mc = s.defaultMCAfter(a)
	return s.items(a)
}

// Resolve closes the open step.
func (e Engine) Resolve(as engine.State, subs []engine.Submission, rng *engine.Rand) (engine.State, []engine.Happening, error) {
	// The state is changed in place (the contract allows it: the Host
	// resolves its own copy, and replay owns its state), so that a step
	// costs no copy of the whole game. normalize leaves it as the copy
	// trader/1 and trader/2 always made here did, which the digests
	// recorded since cover.
	s := state(as)
	s.normalize()
	if s.Phase == phaseOver {
		return nil, nil, fmt.Errorf("trader: the game is over")
	}
	r := e.rules()
	// bySeat holds each pending seat's submission (-1 for none).
	var bySeatBuf [8]int
	bySeat := bySeatBuf[:0]
	for range s.Players {
		bySeat = append(bySeat, -1)
	}
	for i, sub := range subs {
		seat := s.seat(sub.Player)
		if !s.pending(seat) {
			return nil, nil, fmt.Errorf("trader: %s owes no orders now", sub.Player)
		}
		if bySeat[seat] >= 0 {
			return nil, nil, fmt.Errorf("trader: two submissions from %s", sub.Player)
		}
		bySeat[seat] = i
	}
	act := func(seat int) (action, bool, error) {
		var sub engine.Submission
		if i := bySeat[seat]; i >= 0 {
			sub = subs[i]
		} else {
			sub = engine.Submission{Player: s.Players[seat].Name, Items: e.Default(s, s.Players[seat].Name), Default: true}
		}
		a, err := s.reading(r, seat, sub)
		if err != nil {
			return a, sub.Default, fmt.Errorf("trader: orders of %s: %w", sub.Player, err)
		}
		return a, sub.Default, nil
	}
	if s.Phase == phaseTurn {
		seat := s.Active
		a, _, err := act(seat)
		if err != nil {
			return nil, nil, err
		}
		// A plan sent with the turn is for the next one (TR-X11).
		if a.clearPlan {
			s.Players[seat].Plan = nil
		}
		if a.plan != nil {
			s.Players[seat].Plan = a.plan
		}
		hs, err := s.turn(seat, a, rng, "")
		if err != nil {
			return nil, nil, err
		}
		return s, append(hs, s.chain(r, rng)...), nil
	}
	owing := append([]int(nil), s.LastSale...)
	acts := make([]action, len(owing))
	defs := make([]bool, len(owing))
	for i, seat := range owing {
		var err error
		if acts[i], defs[i], err = act(seat); err != nil {
			return nil, nil, err
		}
	}
	hs, err := s.lastSales(owing, acts, defs, rng)
	if err != nil {
		return nil, nil, err
	}
	return s, hs, nil
}

// reading is the reading of sub's orders for seat: the one Read made of
// these very items against this state (Submission.Reading) when the host
// hands it, else read here.
func (s *State) reading(r *Rules, seat int, sub engine.Submission) (action, error) {
	if a, ok := sub.Reading.(*action); ok {
		return *a, nil
	}
	var a action
	err := s.read(r, seat, sub.Items, &a)
	return a, err
}

// Corrections lists the GM's Trader actions.
func (Engine) Corrections() string {
	return "remove PLAYER        PLAYER leaves the game for good: no more turns, no last sale,\n" +
		"                     not among the winners; their stocks and money stay where they\n" +
		"                     are (with 4 players the partner may still sell with them)\n" +
		"money PLAYER AMOUNT  add AMOUNT millions (signed, e.g. +5 or -3) to PLAYER's money;\n" +
		"                     refused if the money would become negative"
}

// Correct applies a GM correction.
func (e Engine) Correct(as engine.State, c engine.Correction) (engine.State, []engine.Happening, error) {
	s := state(as).clone()
	seat := s.seat(c.Player)
	if seat < 0 {
		return nil, nil, fmt.Errorf("%q is not a player in this game", c.Player)
	}
	if s.Phase == phaseOver {
		return nil, nil, fmt.Errorf("the game is over")
	}
	switch strings.ToLower(c.Action) {
	case "remove":
		if len(c.Args) > 0 {
			return nil, nil, fmt.Errorf("remove takes no arguments")
		}
		if s.Players[seat].Removed {
			return nil, nil, fmt.Errorf("%s has already left the game", c.Player)
		}
		s.Players[seat].Removed = true
		s.Players[seat].Plan = nil
		hs := []engine.Happening{hap("%s has left the game; their stocks and money stay where they are.", c.Player)}
		if s.activeCount() == 0 {
			s.Phase, s.LastSale = phaseOver, nil
			return s, append(hs, hap("The game is over; nobody is left to play.")), nil
		}
		switch s.Phase {
		case phaseTurn:
			if s.Active == seat {
				s.Active = s.nextSeat(seat)
				hs = append(hs, hap("It is now %s's turn.", s.Players[s.Active].Name))
				// Their standing plan plays it at once (TR-X11). Without a
				// random stream a set that ends here is dealt by the next
				// Resolve (see endSet).
				hs = append(hs, s.chain(e.rules(), nil)...)
			}
		case phaseLastSale:
			var keep []int
			for _, p := range s.LastSale {
				if p != seat {
					keep = append(keep, p)
				}
			}
			s.LastSale = keep
			if len(keep) == 0 && s.Set == s.Sets {
				more, err := s.concludeSet(nil)
				if err != nil {
					return nil, nil, err
				}
				hs = append(hs, more...)
			}
		}
		return s, hs, nil
	case "money":
		if len(c.Args) != 1 {
			return nil, nil, fmt.Errorf("usage: money PLAYER AMOUNT (signed millions, e.g. +5 or -3)")
		}
		n, err := strconv.Atoi(strings.TrimSpace(c.Args[0]))
		if err != nil || n > 1e6 || n < -1e6 {
			return nil, nil, fmt.Errorf("money: %q is not a whole number of millions", c.Args[0])
		}
		if s.Players[seat].Money+n < 0 {
			return nil, nil, fmt.Errorf("money: %s has %d million; taking %d would make it negative", c.Player, s.Players[seat].Money, -n)
		}
		s.Players[seat].Money += n
		if n >= 0 {
			return s, []engine.Happening{hap("The GM gave %s %d million.", c.Player, n)}, nil
		}
		return s, []engine.Happening{hap("The GM took %d million from %s.", -n, c.Player)}, nil
	}
	return nil, nil, fmt.Errorf("unknown correction %q; Trader's are remove and money", c.Action)
}

// Rename gives seat from to player to, in the team names too.
func (Engine) Rename(as engine.State, from, to string) engine.State {
	s := state(as)
	p := s.seat(from)
	if p < 0 || s.seat(to) >= 0 {
		return s
	}
	s.Players[p].Name = to
	for ti := range s.Teams {
		names := make([]string, len(s.Teams[ti].Members))
		for i, m := range s.Teams[ti].Members {
			names[i] = s.Players[m].Name
		}
		s.Teams[ti].Name = strings.Join(names, "+")
	}
	return s
}

// Help is the order syntax.
func (Engine) Help() string {
	return `Trader orders: exactly one action per turn.

  - buy: London             buy the available (bottom) stock of a column;
                            you pay its value (buy: blue 6 works too)
  - sell: [red 4, red 5]    sell two stocks of one colour for 4 x 5 = 20
                            (4 players: the first is yours, the second your
                            partner's; or sell: {mine: red 4, partner: red 5})
  - joker: yellow 3         once per game: sell one stock with your Joker
                            for 2 x 3 = 6 (4 players: the team's Joker, with
                            your stock or your partner's)
  - pass                    only when you can neither buy nor sell, and at
                            the end instead of a last sale

Send nothing and the default is played: the best pair sale, else the
cheapest stock you can afford (lowest column on ties), else the Joker
sale of your most valuable stock, else pass; the default last sale is
the best sale. It looks only at what the table shows or lets anyone
work out (stocks are face up; money follows from the public sales).

3 players: add where the Market closed card goes after your action,
  - market-closed: Rome     (another non-empty column). Left out, it goes
                            to the column with the most valuable available
                            stock, the first on ties. Once two columns are
                            empty the card leaves the game.

Plans (so that simple turns need no mail round): add plan: with a
ranked list of actions for your NEXT turn. When that turn comes, the
first entry legal at that moment is played at once, without waiting for
your mail; then the next player's plan, if any, and so on. A plan is used
for one turn; if none of its entries is legal it is dropped and you are
asked. Only you (and the GM) see it. Entries:
  - buy: Berlin / buy: blue 6   as in a turn
  - buy: cheapest           the cheapest stock you can afford (lowest
                            column on ties)
  - sell: [red 4, red 5]    as in a turn (4 players: yours, then your
                            partner's), or sell: best for the best pair
  - joker: yellow 3 / pass  as in a turn
3 players: an entry may say where the Market closed card then goes,
with market-closed: beside it (one column or a ranked list), and a line
market-closed: [Rome, Paris] ranks it for every entry; the first legal
column is used, else the default place.
plan: none cancels your plan. While it is not your turn you may send a
file holding only plan:, which replaces your plan at once. The set's
end drops all plans, and no plan is taken for the last sales.

When three columns are empty the set ends, and each player (with 4
players, each team) makes one last sale: sell, joker or pass.

Example:
  orders:
    - buy: Berlin
    - market-closed: Rome
    - plan:
        - sell: best
        - buy: Paris
          market-closed: London
        - buy: cheapest
        - market-closed: [Rome, Brussels]
`
}

// Clone returns a deep copy of a state, which keeps nil and empty apart,
// so the copy has the same digest (State.exactCopy).
func (Engine) Clone(s engine.State) engine.State { return state(s).exactCopy() }

// CheckPress refuses private press between partners of the 4-player game
// unless the campaign's options say partner_talk: true (TR-X13: "The players
// decide together whether communication between partners is allowed").
func (Engine) CheckPress(as engine.State, options map[string]any, from string, to []string) error {
	if talk, _ := options["partner_talk"].(bool); talk {
		return nil
	}
	s := state(as)
	f := s.seat(from)
	if f < 0 {
		return nil
	}
	for _, name := range to {
		if t := s.seat(name); t >= 0 && t != f && s.Players[t].Team == s.Players[f].Team {
			return fmt.Errorf("%s and %s are partners, who may not talk in this game (the campaign's options: {partner_talk: true} allows it)", from, name)
		}
	}
	return nil
}
