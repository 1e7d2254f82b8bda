package singapore

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

// Engine is the Singapore 1889 rules: the ruleset it starts games with.
// All game data is in the *State it is handed, which records the version
// it is played by (State.Rules).
type Engine struct {
	r *engine.Ruleset[Rules]
}

// New returns the Singapore 1889 engine, playing the current rules.
func New() Engine { return Engine{r: versions.Current()} }

var (
	_ engine.Engine    = Engine{}
	_ engine.Versioned = Engine{}
	_ engine.Filler    = Engine{}
	_ engine.Reader    = Engine{}
)

// Name is "singapore-1889".
func (Engine) Name() string { return "singapore-1889" }

// ruleset is the ruleset e plays (the current one for a zero Engine).
func (e Engine) ruleset() *engine.Ruleset[Rules] {
	if e.r == nil {
		return versions.Current()
	}
	return e.r
}

// Version identifies this implementation of the rules: singapore-1889/2.
// Games started with singapore-1889/1 are played to their end with its
// rules (see Rules and versions).
func (e Engine) Version() string { return versions.Name(e.ruleset()) }

// Versions lists the versions of the rules this engine plays, oldest
// first.
func (Engine) Versions() []string { return versions.Names() }

// AtVersion returns the engine playing version v (one of Versions).
func (Engine) AtVersion(v string) engine.Engine { return Engine{r: versions.At(v)} }

// Options are the campaign options: the variants, combinable (SG-A17),
// given as booleans ({plain-goods: true}) or as a list (variants:
// [plain-goods, ordinance]).
type Options struct {
	PlainGoods         bool     `json:"plain-goods"`
	Ordinance          bool     `json:"ordinance"`
	InfluentialFigures bool     `json:"influential-figures"`
	Variants           []string `json:"variants"`
}

// Layout is the optional fixed set-up (campaign key setup), for transcribed
// games and tests. Every key is optional; what it leaves out is dealt at
// random as usual. Without river it fixes a fresh deal; with river it
// describes a game under way.
type Layout struct {
	First string   `json:"first"` // who takes the first turn; default a random draw
	Types []string `json:"types"` // the non-Opium goods chosen (step 3); Opium always joins
	// Deck is, for a fresh deal, the shuffled deck, top first, before the
	// River is revealed (step 4): River, the hands in seat order and the
	// first Seized card are dealt from it. Under way, it is the deck now,
	// top first, where "Ordinance" may stand.
	Deck []string `json:"deck"`
	// Rest puts every card not listed anywhere at the bottom of the deck,
	// in component order (goods in data order, Marked before Unmarked).
	Rest      bool              `json:"rest"`
	Merchants map[string]string `json:"merchants"` // player → Merchant card (Influential Figures)

	// A game under way.
	River  []string            `json:"river"`  // the 4 slots, left to right; "" for an empty slot
	SS     int                 `json:"ss"`     // the Secret Society card's slot, 1 to 4; 0: still to be placed (step 7)
	Seized []string            `json:"seized"` // the Seized goods
	Hands  map[string][]string `json:"hands"`  // each hand; its first card is the hidden dealt one
	Turn   string              `json:"turn"`   // whose turn it is; default the first player
	// Bottom is the bottom of the deck, under deck and rest, bottom card
	// last.
	Bottom []string `json:"bottom"`
	// RestSeized puts every card not listed anywhere in the Seized area
	// instead (to lay out a nearly finished deck).
	RestSeized bool `json:"rest_seized"`
	// OrdinanceAside says the Ordinance card was already set aside.
	OrdinanceAside bool `json:"ordinance_aside"`
}

// Setup seats the players and deals (rulebook "Setup", steps 1 to 7; the
// order of the random draws is in the package documentation).
func (e Engine) Setup(cfg engine.Config, rng *engine.Rand) (engine.State, error) {
	n := len(cfg.Players)
	if n < data.MinPlayers || n > data.MaxPlayers {
		return nil, fmt.Errorf("Singapore 1889 is for %d to %d players, not %d (SG-G2)", data.MinPlayers, data.MaxPlayers, n)
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
		return nil, fmt.Errorf("options: %v (the options are plain-goods, ordinance and influential-figures, or variants: [...])", err)
	}
	for _, v := range opt.Variants {
		switch normName(v) {
		case "plaingoods", "plain":
			opt.PlainGoods = true
		case "ordinance", "ordinanceenacted":
			opt.Ordinance = true
		case "influentialfigures", "figures", "merchants":
			opt.InfluentialFigures = true
		default:
			return nil, fmt.Errorf("options: unknown variant %q; the variants are plain-goods, ordinance and influential-figures", v)
		}
	}
	var lay Layout
	if err := engine.DecodeStrict(cfg.Setup, &lay); err != nil {
		return nil, fmt.Errorf("setup: %v (the keys are first, types, deck, rest, merchants, river, ss, seized, hands, turn, bottom, rest_seized and ordinance_aside)", err)
	}
	s := &State{Plain: opt.PlainGoods, Ordinance: opt.Ordinance, Figures: opt.InfluentialFigures, River: make([]Card, data.River), Seized: []Card{}}
	if n := e.ruleset().Number; n >= 2 {
		s.Rules = n
	}
	for _, name := range cfg.Players {
		s.Players = append(s.Players, Player{Name: name, Hand: []HandCard{}})
	}
	needRand := func(what string) error {
		if rng == nil {
			return fmt.Errorf("singapore: %s needs a random stream", what)
		}
		return nil
	}
	// Step 3 (SG-A4, SG-G3): N+1 of the 6 non-Opium types, capped at 6.
	want := min(n+1, len(data.Goods)-1)
	if lay.Types != nil {
		types, err := layoutTypes(lay.Types, want)
		if err != nil {
			return nil, fmt.Errorf("setup: types: %v", err)
		}
		s.Types = types
	} else if lay.Deck != nil || lay.River != nil {
		return nil, fmt.Errorf("setup: a fixed deck or River needs types: the %d non-Opium goods chosen", want)
	} else {
		var pool []int
		for i := range data.Goods {
			if i != data.opium {
				pool = append(pool, i)
			}
		}
		if want < len(pool) {
			if err := needRand("choosing the goods"); err != nil {
				return nil, err
			}
			rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
			pool = pool[:want]
		}
		s.Types = append(pool, data.opium)
	}
	sort.Ints(s.Types)
	comp := componentCards(s.Types)
	s.Total = len(comp)
	var problems []string
	if lay.River != nil {
		problems = s.underWay(lay, comp)
	} else {
		if lay.SS != 0 || lay.Seized != nil || lay.Hands != nil || lay.Turn != "" || lay.OrdinanceAside || lay.Bottom != nil || lay.RestSeized {
			return nil, fmt.Errorf("setup: ss, seized, hands, turn, bottom, rest_seized and ordinance_aside describe a game under way and need river too")
		}
		var deck []Card
		if lay.Deck != nil {
			deck, problems = layoutCards("deck", lay.Deck, comp, lay.Rest, false)
		} else {
			if lay.Rest {
				return nil, fmt.Errorf("setup: rest needs deck")
			}
			if err := needRand("shuffling the deck"); err != nil {
				return nil, err
			}
			deck = append([]Card(nil), comp...)
			rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		}
		if len(problems) == 0 {
			s.deal(deck)
		}
	}
	// Step 7: the first player.
	if lay.First != "" {
		if s.First = s.seat(lay.First); s.First < 0 {
			problems = append(problems, fmt.Sprintf("first: %q is not a player", lay.First))
		}
	} else {
		if err := needRand("choosing the first player"); err != nil {
			return nil, err
		}
		s.First = rng.Intn(n)
	}
	// Influential Figures: a random Merchant card each (SG-A7: no Collector
	// Lee with fewer than 4 players).
	if msg := s.dealMerchants(lay.Merchants, rng); msg != "" {
		problems = append(problems, msg)
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("setup: %s", strings.Join(problems, "; "))
	}
	if lay.River == nil || lay.SS == 0 {
		s.Phase, s.Active = phaseStart, s.startSeat()
	} else {
		s.Phase, s.Active = phaseTurn, s.First
		if lay.Turn != "" {
			if s.Active = s.seat(lay.Turn); s.Active < 0 {
				return nil, fmt.Errorf("setup: turn: %q is not a player", lay.Turn)
			}
		}
		if s.done(s.Active) {
			return nil, fmt.Errorf("setup: %s already holds %d goods and takes no more turns", s.Players[s.Active].Name, data.Hand)
		}
	}
	return s, nil
}

// deal lays out a fresh game from the shuffled deck: the River (step 5),
// the Ordinance card on top of the bottom 5 (variant), one card to each
// player in seat order and one Seized card (step 6).
func (s *State) deal(deck []Card) {
	copy(s.River, deck[:data.River])
	deck = deck[data.River:]
	if s.Ordinance {
		at := len(deck) - data.OrdinanceDepth
		deck = append(deck[:at:at], append([]Card{OrdinanceCard}, deck[at:]...)...)
	}
	for i := range s.Players {
		s.Players[i].Hand = []HandCard{{Card: deck[0]}}
		deck = deck[1:]
	}
	s.Seized = []Card{deck[0]}
	deck = deck[1:]
	s.Deck = make([]DeckCard, len(deck))
	for i, c := range deck {
		s.Deck[i] = DeckCard{Card: c}
	}
}

// layoutTypes reads the chosen non-Opium types.
func layoutTypes(names []string, want int) ([]int, error) {
	var out []int
	for _, name := range names {
		t := goodsIndex(name)
		switch {
		case t < 0:
			return nil, fmt.Errorf("%q is not goods", name)
		case t == data.opium:
			return nil, fmt.Errorf("Opium always joins the deck; list only the %d other goods chosen", want)
		}
		for _, x := range out {
			if x == t {
				return nil, fmt.Errorf("%s is listed twice", data.Goods[t].Name)
			}
		}
		out = append(out, t)
	}
	if len(out) != want {
		return nil, fmt.Errorf("this player count plays with %d non-Opium goods, not %d (step 3: one more than the number of players, at most 6)", want, len(out))
	}
	return append(out, data.opium), nil
}

// layoutCards reads a list of cards, taking them from the pool; rest adds
// what is left of the pool in component order.
func layoutCards(where string, texts []string, pool []Card, rest, ordinance bool) ([]Card, []string) {
	var problems []string
	left := map[Card]int{}
	for _, c := range pool {
		left[c]++
	}
	var out []Card
	for _, t := range texts {
		var c Card
		if err := c.UnmarshalText([]byte(t)); err != nil || c == NoCard {
			msg := "write e.g. Silk/M or Tea/U"
			if err != nil {
				msg = err.Error()
			}
			problems = append(problems, fmt.Sprintf("%s: %q is not a card: %s", where, t, msg))
			continue
		}
		if c == OrdinanceCard {
			if !ordinance {
				problems = append(problems, fmt.Sprintf("%s: the Ordinance card is not in this deck", where))
			}
			out = append(out, c)
			continue
		}
		if left[c] == 0 {
			problems = append(problems, fmt.Sprintf("%s: one %s too many (the game has %d)", where, c, count(pool, c)))
			continue
		}
		left[c]--
		out = append(out, c)
	}
	var missing []string
	for _, c := range pool {
		if left[c] > 0 {
			left[c]--
			if rest {
				out = append(out, c)
			} else {
				missing = append(missing, c.String())
			}
		}
	}
	if len(missing) > 0 {
		problems = append(problems, fmt.Sprintf("%s: the layout must hold all %d cards of the chosen goods (or say rest: true); missing: %s", where, len(pool), strings.Join(missing, ", ")))
	}
	return out, problems
}

func count(cs []Card, c Card) int {
	n := 0
	for _, x := range cs {
		if x == c {
			n++
		}
	}
	return n
}

// underWay lays out a game under way; it returns the problems found.
func (s *State) underWay(lay Layout, comp []Card) []string {
	var problems []string
	if len(lay.River) != data.River {
		return []string{fmt.Sprintf("river: list the %d slots, left to right, \"\" for an empty one", data.River)}
	}
	if lay.SS < 0 || lay.SS > data.River {
		return []string{fmt.Sprintf("ss: the Secret Society card's slot is 1 to %d (0: still to be placed)", data.River)}
	}
	// One pool for every place, so a card cannot be listed twice.
	var texts []string
	var where []string
	add := func(w string, ts []string) {
		for _, t := range ts {
			texts = append(texts, t)
			where = append(where, w)
		}
	}
	var river []string
	for _, t := range lay.River {
		if strings.TrimSpace(t) != "" {
			river = append(river, t)
		}
	}
	add("river", river)
	add("seized", lay.Seized)
	names := slices.Sorted(maps.Keys(lay.Hands))
	for _, name := range names {
		if s.seat(name) < 0 {
			problems = append(problems, fmt.Sprintf("hands: %q is not a player", name))
			continue
		}
		if len(lay.Hands[name]) > data.Hand {
			problems = append(problems, fmt.Sprintf("hands: %s holds %d goods; at most %d", name, len(lay.Hands[name]), data.Hand))
		}
		add("hands: "+name, lay.Hands[name])
	}
	add("deck", lay.Deck)
	add("bottom", lay.Bottom)
	if lay.Rest && lay.RestSeized {
		return []string{"rest and rest_seized exclude each other"}
	}
	all, ps := layoutCards("setup", texts, comp, lay.Rest || lay.RestSeized, s.Ordinance)
	problems = append(problems, ps...)
	if len(problems) > 0 {
		return problems
	}
	// The rest (after the listed cards) goes above the bottom cards, or to
	// the Seized area.
	listed := len(texts)
	restCards := append([]Card(nil), all[listed:]...)
	all = all[:listed]
	if lay.RestSeized {
		lay.Seized = append(append([]string(nil), lay.Seized...), make([]string, len(restCards))...)
	}
	i := 0
	next := func() Card { c := all[i]; i++; return c }
	for k, t := range lay.River {
		if strings.TrimSpace(t) != "" {
			s.River[k] = next()
			if s.River[k] == OrdinanceCard {
				problems = append(problems, "river: the Ordinance card is set aside, never in the River")
			}
		}
	}
	seizedRest := 0
	for j := range lay.Seized {
		var c Card
		if lay.RestSeized && j >= len(lay.Seized)-len(restCards) {
			c = restCards[seizedRest]
			seizedRest++
		} else {
			c = next()
		}
		if c == OrdinanceCard {
			problems = append(problems, "seized: the Ordinance card is set aside, never seized")
		}
		s.Seized = append(s.Seized, c)
	}
	for _, name := range names {
		p := &s.Players[s.seat(name)]
		for j := range lay.Hands[name] {
			c := next()
			if c == OrdinanceCard {
				problems = append(problems, "hands: the Ordinance card is never in a hand")
			}
			p.Hand = append(p.Hand, HandCard{Card: c, Open: j > 0})
		}
	}
	ord := 0
	deck := all[i : i+len(lay.Deck)]
	bottom := all[i+len(lay.Deck):]
	if !lay.RestSeized {
		deck = append(append([]Card(nil), deck...), restCards...)
	}
	for _, c := range append(deck, bottom...) {
		if c == OrdinanceCard {
			ord++
		}
		s.Deck = append(s.Deck, DeckCard{Card: c})
	}
	s.Aside = lay.OrdinanceAside
	switch {
	case lay.OrdinanceAside && !s.Ordinance:
		problems = append(problems, "ordinance_aside: the ordinance variant is not played")
	case s.Ordinance && ord+btoi(lay.OrdinanceAside) != 1:
		problems = append(problems, "with the ordinance variant, the Ordinance card must be listed once in deck, or set aside (ordinance_aside: true)")
	}
	if s.riverCount() < data.River && len(s.Deck) > ord {
		problems = append(problems, "river: an empty slot while the deck has cards; the River is always refilled")
	}
	if lay.SS > 0 && s.River[lay.SS-1] == NoCard {
		problems = append(problems, fmt.Sprintf("ss: slot %d is empty", lay.SS))
	}
	if lay.SS > 0 {
		s.SS = lay.SS - 1
	}
	for _, p := range s.Players {
		s.Turn += max(len(p.Hand)-1, 0)
	}
	if s.allDone() {
		problems = append(problems, fmt.Sprintf("every player already holds %d goods: the game would be over", data.Hand))
	}
	return problems
}

// allDone reports whether no player takes turns any more.
func (s *State) allDone() bool {
	for i := range s.Players {
		if !s.done(i) {
			return false
		}
	}
	return true
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dealMerchants deals or places the Merchant cards; it returns a problem
// or "".
func (s *State) dealMerchants(fixed map[string]string, rng *engine.Rand) string {
	n := len(s.Players)
	if !s.Figures {
		if fixed != nil {
			return "merchants: the influential-figures variant is not played"
		}
		return ""
	}
	var pool []string
	for _, m := range data.Merchants {
		if n >= m.MinPlayers {
			pool = append(pool, m.Name)
		}
	}
	if fixed != nil {
		used := map[string]bool{}
		for i := range s.Players {
			name, ok := fixed[s.Players[i].Name]
			if !ok {
				return fmt.Sprintf("merchants: give every player's Merchant card (%s has none)", s.Players[i].Name)
			}
			k := merchantIndex(name)
			if k < 0 {
				return fmt.Sprintf("merchants: %q is not a Merchant card", name)
			}
			m := data.Merchants[k]
			if n < m.MinPlayers {
				return fmt.Sprintf("merchants: %s plays only with %d players and above (SG-A7)", m.Name, m.MinPlayers)
			}
			if used[m.Name] {
				return fmt.Sprintf("merchants: %s is dealt twice", m.Name)
			}
			used[m.Name] = true
			s.Players[i].Merchant = m.Name
		}
		for name := range fixed {
			if s.seat(name) < 0 {
				return fmt.Sprintf("merchants: %q is not a player", name)
			}
		}
		return ""
	}
	if rng == nil {
		return "dealing the Merchant cards needs a random stream"
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i := range s.Players {
		s.Players[i].Merchant = pool[i]
	}
	return ""
}

// phaseText is the open step in one line. Status writes it at every
// step: it is joined, not formatted.
func (s *State) phaseText() string {
	switch s.Phase {
	case phaseStart:
		return "set-up, " + s.Players[s.Active].Name + " places the Secret Society card"
	case phaseTurn:
		return "turn " + strconv.Itoa(s.Turn+1) + ", " + s.Players[s.Active].Name + "'s turn"
	case phaseChen:
		return "before scoring, " + s.Players[s.Active].Name + " takes Rival Chen's goods"
	}
	return "finished: " + s.Ended
}

// waitingText says whose step it is.
func (s *State) waitingText() string {
	if s.Phase == phaseOver {
		return "the game is over"
	}
	return "it is " + s.phaseText()
}

// Status says who owes orders.
func (Engine) Status(as engine.State) engine.Status {
	s := state(as)
	st := engine.Status{Phase: s.phaseText()}
	if s.Phase == phaseOver {
		st.Finished = true
		for _, w := range s.winners() {
			st.Winners = append(st.Winners, s.Players[w].Name)
		}
		return st
	}
	st.Pending = []string{s.Players[s.Active].Name}
	return st
}

// Check says whether player's orders are legal now.
func (e Engine) Check(as engine.State, player string, items []orders.Item) error {
	_, err := e.Read(as, player, items)
	return err
}

// Read reads player's orders once, as Check judges them, and returns the
// reading (a *submission) that Resolve plays as it is.
func (Engine) Read(as engine.State, player string, items []orders.Item) (any, error) {
	s := state(as)
	seat := s.seat(player)
	if seat < 0 {
		return nil, orders.Errorf(0, "player", "%q is not a player in this game", player)
	}
	sub := new(submission)
	if err := s.read(seat, items, sub); err != nil {
		return nil, err
	}
	return sub, nil
}

var _ engine.StandingOrders = Engine{}

// CheckStanding checks an order file from a player whose turn it is not
// (SG-X7): it may only set or cancel their plan for their next turn.
func (Engine) CheckStanding(as engine.State, player string, items []orders.Item) error {
	_, _, err := state(as).standingPlan(player, items)
	return err
}

// ApplyStanding stores (or, with plan: none, cancels) the player's plan.
func (Engine) ApplyStanding(as engine.State, player string, items []orders.Item) (engine.State, error) {
	s := state(as).clone()
	pl, seat, err := s.standingPlan(player, items)
	if err != nil {
		return nil, err
	}
	s.Players[seat].Plan = pl
	return s, nil
}

// standingPlan reads a file that holds only plan:, from a player still in
// a game that has turns to come.
func (s *State) standingPlan(player string, items []orders.Item) (*Plan, int, error) {
	seat := s.seat(player)
	switch {
	case seat < 0:
		return nil, seat, orders.Errorf(0, "player", "%q is not a player in this game", player)
	case s.Phase == phaseOver:
		return nil, seat, orders.Errorf(0, "orders", "the game is over; no more orders are taken")
	case s.Phase == phaseChen:
		return nil, seat, orders.Errorf(0, "orders", "the game ends after Rival Chen's picks: there is no next turn to plan")
	case s.Players[seat].Removed:
		return nil, seat, orders.Errorf(0, "orders", "you have left the game")
	case len(items) != 1 || verbOf(items[0].Verb) != verbPlan:
		return nil, seat, orders.Errorf(0, "orders", "it is not your turn (%s): you may send only a plan: for your next turn", s.waitingText())
	}
	pl, _, err := s.parsePlan(items[0])
	return pl, seat, err
}

// Default is the order used when a pending player sends none (SG-X2): at
// the set-up, the Secret Society card stays where it is; in a turn, take
// the River card that raises your running total the most (the leftmost on
// ties), move the Secret Society card, if it must move, above the leftmost
// other card, and Silk sends the leftmost River card to the bottom; the
// other effects take their defaults in Resolve; Rival Chen takes the two
// goods that raise the total the most.
func (Engine) Default(as engine.State, player string) []orders.Item {
	s := state(as)
	seat := s.seat(player)
	if !s.pending(seat) {
		return []orders.Item{}
	}
	out := make([]orders.Item, 0, 3) // at most a take, a move and a silk
	switch s.Phase {
	case phaseStart:
		out = append(out, orders.With(verbStart, strconv.Itoa(s.SS+1)))
	case phaseChen:
		picks := s.bestChen(seat, nil, min(merchantByName(merchChen).Picks, s.riverCount()))
		args := make([]string, len(picks))
		for i, k := range picks {
			args[i] = strconv.Itoa(k + 1)
		}
		out = append(out, orders.With(verbChen, args...))
	case phaseTurn:
		k := s.defaultTake(seat)
		out = append(out, orders.With(verbTake, strconv.Itoa(k+1)))
		river := append([]Card(nil), s.River...)
		river[k] = NoCard
		if k == s.SS {
			if t := s.leftmost(k); t >= 0 {
				out = append(out, orders.With(verbMove, strconv.Itoa(t+1)))
			}
		}
		if !s.Plain && s.River[k].Name() == goodsSilk {
			for i, c := range river {
				if c != NoCard {
					out = append(out, orders.With(verbSilk, strconv.Itoa(i+1)))
					break
				}
			}
		}
	}
	return orders.Renumber(out)
}

// Resolve closes the open step: the pending player's orders, then every
// following turn that a standing plan covers.
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
	// In place (the contract allows it), after normalize: the digests are
	// those of the copy this step always made (see normalize).
	s := state(as)
	s.normalize()
	if s.Phase == phaseOver {
		return nil, nil, fmt.Errorf("singapore: the game is over")
	}
	var got *engine.Submission
	for i := range subs {
		seat := s.seat(subs[i].Player)
		if !s.pending(seat) {
			return nil, nil, fmt.Errorf("singapore: %s owes no orders now", subs[i].Player)
		}
		if got != nil {
			return nil, nil, fmt.Errorf("singapore: two submissions from %s", subs[i].Player)
		}
		got = &subs[i]
	}
	seat := s.Active
	// The host hands the reading its Read made of these very items
	// against this state; without one, they are read here.
	var sub submission
	switch {
	case got != nil && got.Reading != nil:
		read, ok := got.Reading.(*submission)
		if !ok {
			return nil, nil, fmt.Errorf("singapore: orders of %s: a reading of type %T", s.Players[seat].Name, got.Reading)
		}
		sub = *read
	default:
		var items []orders.Item
		if got != nil {
			items = got.Items
		} else {
			items = e.Default(s, s.Players[seat].Name)
		}
		if err := s.read(seat, items, &sub); err != nil {
			return nil, nil, fmt.Errorf("singapore: orders of %s: %w", s.Players[seat].Name, err)
		}
	}
	r := &run{s: s, silent: silent}
	if sub.clearPlan {
		s.Players[seat].Plan = nil
	}
	if sub.next != nil {
		s.Players[seat].Plan = sub.next
	}
	switch s.Phase {
	case phaseStart:
		r.start(seat, sub.start)
	case phaseTurn:
		r.turn(seat, &sub.turn, "")
	case phaseChen:
		r.chen(seat, sub.turn.Chen)
	}
	r.chain()
	return s, r.hs, nil
}

// chain plays the turns that standing plans cover, until a player must be
// asked. A plan is used once; one that does not cover the turn is dropped.
func (r *run) chain() {
	s := r.s
	for s.Phase == phaseTurn || s.Phase == phaseChen {
		a := s.Active
		pl := s.Players[a].Plan
		if pl == nil {
			return
		}
		s.Players[a].Plan = nil
		if s.Phase == phaseTurn && riverPick(s.River, pl.Take, -1) < 0 || s.Phase == phaseChen && pl.Chen == nil {
			r.tell(a, "Your standing plan does not cover this turn (none of its take choices, %s, is in the River); it is dropped and your orders are needed.", patsText(pl.Take))
			return
		}
		if s.Phase == phaseTurn {
			r.turn(a, pl, " by their standing plan")
		} else {
			r.chen(a, pl.Chen)
		}
	}
}

// Corrections lists the GM's Singapore 1889 actions.
func (Engine) Corrections() string {
	return "remove PLAYER  PLAYER leaves the game for good: no more turns, not among\n" +
		"               the winners; their hand stays out of play. If it was\n" +
		"               their step, play moves on (the Secret Society card stays\n" +
		"               where it is; Rival Chen's picks are skipped)."
}

// Correct applies a GM correction.
func (Engine) Correct(as engine.State, c engine.Correction) (engine.State, []engine.Happening, error) {
	s := state(as).clone()
	seat := s.seat(c.Player)
	if seat < 0 {
		return nil, nil, fmt.Errorf("%q is not a player in this game", c.Player)
	}
	if s.Phase == phaseOver {
		return nil, nil, fmt.Errorf("the game is over")
	}
	if strings.ToLower(c.Action) != "remove" {
		return nil, nil, fmt.Errorf("unknown correction %q; Singapore 1889's only correction is remove", c.Action)
	}
	if len(c.Args) > 0 {
		return nil, nil, fmt.Errorf("remove takes no arguments")
	}
	if s.Players[seat].Removed {
		return nil, nil, fmt.Errorf("%s has already left the game", c.Player)
	}
	r := &run{s: s}
	s.Players[seat].Removed = true
	s.Players[seat].Plan = nil
	r.say("%s has left the game; their hand stays out of play.", c.Player)
	if s.Active == seat {
		switch s.Phase {
		case phaseStart:
			r.say("The Secret Society card stays above slot %d.", s.SS+1)
			s.Phase, s.Active = phaseTurn, s.First
			if s.done(s.First) {
				if s.Active = s.nextSeat(s.First); s.Active < 0 {
					r.finish("everybody has left the game")
				}
			}
		case phaseTurn:
			r.advance(seat)
		case phaseChen:
			r.finish(s.Ended)
		}
		r.chain()
	}
	return s, r.hs, nil
}

// Rename gives seat from to player to.
func (Engine) Rename(as engine.State, from, to string) engine.State {
	s := state(as)
	p := s.seat(from)
	if p < 0 || s.seat(to) >= 0 {
		return s
	}
	s.Players[p].Name = to
	return s
}

// Clone returns a deep copy of a state (engine.DeepCopy, which keeps
// nil and empty apart, so the copy has the same digest).
func (Engine) Clone(s engine.State) engine.State { return engine.DeepCopy(state(s)) }
