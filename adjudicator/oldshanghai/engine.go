package oldshanghai

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Engine is the Old Shanghai Game rules: the ruleset it starts games
// with. All game data is in the *State it is handed, which records the
// version it is played by (State.Rules).
type Engine struct {
	r *engine.Ruleset[Rules]
	// traced makes Resolve and Correct record the card movements of the
	// step in the state (State.trace), for the tests' knowledge oracle;
	// off in play, where nothing reads them.
	traced bool
}

// New returns the Old Shanghai Game engine, playing the current rules.
func New() Engine { return Engine{r: versions.Current()} }

var (
	_ engine.Engine    = Engine{}
	_ engine.Versioned = Engine{}
	_ engine.Filler    = Engine{}
	_ engine.Reader    = Engine{}
)

// Name is "old-shanghai".
func (Engine) Name() string { return "old-shanghai" }

// ruleset is the ruleset e plays (the current one for a zero Engine).
func (e Engine) ruleset() *engine.Ruleset[Rules] {
	if e.r == nil {
		return versions.Current()
	}
	return e.r
}

// Version identifies this implementation of the rules: old-shanghai/3.
// Games started with old-shanghai/2 are played to their end with its rules
// (see Rules and versions).
func (e Engine) Version() string { return versions.Name(e.ruleset()) }

// Versions lists the versions of the rules this engine plays, oldest
// first.
func (Engine) Versions() []string { return versions.Names() }

// AtVersion returns the engine playing version v (one of Versions).
func (e Engine) AtVersion(v string) engine.Engine { return Engine{r: versions.At(v), traced: e.traced} }

// Options are the campaign options the Old Shanghai Game understands.
type Options struct {
	// Counts changes the number of cards of a kind, by card id, e.g.
	// {"boss": 2}; the others keep the counts of data.yaml (2f).
	Counts map[string]int `json:"counts"`
	// BossReturn is "bottom" (OS-A1, the default) or "top-then-cut".
	BossReturn string `json:"boss_return"`
	// Stalemate is the number of turns without an elimination that end
	// the game in a shared win (2f; default 60).
	Stalemate int `json:"stalemate"`
	// RoundTurns opens a step for everybody's standing orders every this
	// many turns (OS-X1; default 0, never).
	RoundTurns *int `json:"round_turns"`
	// ReviewOnElimination opens such a step after every elimination
	// (OS-X1; default false).
	ReviewOnElimination *bool `json:"review_on_elimination"`
}

// Layout is the optional fixed set-up (campaign key setup), to transcribe
// a deal or a game under way. Hands and deck (top first) must hold every
// card of the game except Shanghai! cards left out of the deck (out of
// play, OS-A13) and, with rest: discard, the cards not listed, which are
// on the discard pile.
type Layout struct {
	First      string                       `json:"first"` // who plays first (O9); default the first listed
	Hands      map[string][]string          `json:"hands"`
	Deck       []string                     `json:"deck"`
	Discard    []string                     `json:"discard"`
	Rest       string                       `json:"rest"`       // "discard": unlisted cards are discarded
	Eliminated []string                     `json:"eliminated"` // players already out
	Known      map[string]map[string]string `json:"known"`      // player → depth → card they know there
	Turn       int                          `json:"turn"`       // turns already played
}

// Setup seats the players and deals (rules "Set-up:"), or lays out
// cfg.Setup.
func (e Engine) Setup(cfg engine.Config, r *engine.Rand) (engine.State, error) {
	n := len(cfg.Players)
	if n < data.MinPlayers || n > data.MaxPlayers {
		return nil, fmt.Errorf("the Old Shanghai Game is for %d to %d players, not %d", data.MinPlayers, data.MaxPlayers, n)
	}
	seen := map[string]bool{}
	for _, p := range cfg.Players {
		if strings.TrimSpace(p) == "" || seen[strings.ToLower(p)] {
			return nil, fmt.Errorf("player names must be distinct and not empty: %q", p)
		}
		seen[strings.ToLower(p)] = true
	}
	var opt Options
	if err := engine.DecodeStrict(cfg.Options, &opt); err != nil {
		return nil, fmt.Errorf("options: %v (the options are counts, boss_return, stalemate, round_turns and review_on_elimination)", err)
	}
	s := &State{Counts: make([]int, numCards), BossReturn: "bottom", Stalemate: data.Stalemate, RoundTurns: data.RoundTurns}
	if n := e.ruleset().Number; n >= 3 {
		s.Rules = n
	}
	for i, k := range data.Cards {
		s.Counts[i] = k.Count
	}
	keys := slices.Sorted(maps.Keys(opt.Counts))
	for _, k := range keys {
		c, ok := cardOf(k)
		if !ok {
			return nil, fmt.Errorf("options: counts: %q is not a card; the cards are %s", k, cardList())
		}
		if v := opt.Counts[k]; v < 0 || v > 40 {
			return nil, fmt.Errorf("options: counts: %s must be from 0 to 40, not %d", k, v)
		}
		s.Counts[c] = opt.Counts[k]
	}
	switch norm(opt.BossReturn) {
	case "", "bottom":
	case "topthencut", "top":
		s.BossReturn = "top-then-cut"
	default:
		return nil, fmt.Errorf("options: boss_return must be bottom (OS-A1) or top-then-cut, not %q", opt.BossReturn)
	}
	if opt.Stalemate != 0 {
		if opt.Stalemate < 1 || opt.Stalemate > 1000 {
			return nil, fmt.Errorf("options: stalemate must be from 1 to 1000 turns, not %d", opt.Stalemate)
		}
		s.Stalemate = opt.Stalemate
	}
	if opt.RoundTurns != nil {
		if *opt.RoundTurns < 0 || *opt.RoundTurns > 1000 {
			return nil, fmt.Errorf("options: round_turns must be from 0 to 1000, not %d", *opt.RoundTurns)
		}
		s.RoundTurns = *opt.RoundTurns
	}
	if opt.ReviewOnElimination != nil {
		s.ReviewOnElim = *opt.ReviewOnElimination
	}
	total := 0
	for _, v := range s.Counts {
		total += v
	}
	rest := total - s.Counts[cShanghai] - n
	switch {
	case s.Counts[cShanghai] < n:
		return nil, fmt.Errorf("options: counts: %d players need at least %d Shanghai! cards, one each", n, n)
	case s.Counts[cHeart] < n:
		return nil, fmt.Errorf("options: counts: %d players need at least %d Heart of Gold cards, one each", n, n)
	case rest < data.Hand*n:
		return nil, fmt.Errorf("options: counts: %d players need %d cards to deal besides the Shanghai! and Heart of Gold cards set aside; there are %d", n, data.Hand*n, rest)
	}
	for _, name := range cfg.Players {
		s.Players = append(s.Players, Player{Name: name})
	}
	var lay Layout
	if err := engine.DecodeStrict(cfg.Setup, &lay); err != nil {
		return nil, fmt.Errorf("setup: %v (the keys are first, hands, deck, discard, rest, eliminated, known and turn)", err)
	}
	if lay.First != "" {
		s.Active = s.seat(lay.First)
		if s.Active < 0 {
			return nil, fmt.Errorf("setup: first: %q is not a player", lay.First)
		}
	}
	if lay.Hands == nil && lay.Deck == nil {
		if lay.Discard != nil || lay.Rest != "" || lay.Eliminated != nil || lay.Known != nil || lay.Turn != 0 {
			return nil, fmt.Errorf("setup: discard, rest, eliminated, known and turn need hands and deck too")
		}
		if r == nil {
			return nil, fmt.Errorf("oldshanghai: dealing needs a random stream")
		}
		s.deal(r)
		if lay.First == "" {
			s.Active = r.Intn(n) // O9: nobody said who was last on a boat
		}
	} else if err := s.layout(lay); err != nil {
		return nil, fmt.Errorf("setup: %v", err)
	}
	s.Stage = stReview
	s.Asked = s.alive()
	if len(s.Asked) <= 1 {
		return nil, fmt.Errorf("setup: at least two players must be in the game")
	}
	if !s.in(s.Active) {
		s.Active = s.next(s.Active)
	}
	return s, nil
}

// deal follows "Set-up:": the Shanghai! and Heart of Gold cards are set
// aside one per player (surplus Shanghai! cards leave the game, OS-A13),
// the rest shuffled and five dealt to each, one at a time in seat order;
// each player gets a Heart of Gold; one Shanghai! per player goes into the
// deck, which is shuffled and cut (2e).
func (s *State) deal(r rng) {
	n := len(s.Players)
	var rest []Card
	for c := Card(0); c < numCards; c++ {
		k := s.Counts[c]
		switch c {
		case cShanghai:
			for i := n; i < k; i++ {
				s.OutOfPlay = append(s.OutOfPlay, c)
			}
			continue
		case cHeart:
			k -= n
		}
		for i := 0; i < k; i++ {
			rest = append(rest, c)
		}
	}
	shuffle(rest, r)
	for i := 0; i < data.Hand; i++ {
		for p := range s.Players {
			s.give(p, rest[0])
			rest = rest[1:]
		}
	}
	for p := range s.Players {
		s.give(p, cHeart)
	}
	for i := 0; i < n; i++ {
		rest = append(rest, cShanghai)
	}
	shuffle(rest, r)
	s.Deck = rest
	if len(rest) > 1 {
		k := 1 + r.Intn(len(rest)-1)
		s.Deck = append(append([]Card(nil), rest[k:]...), rest[:k]...)
	}
}

func shuffle(cs []Card, r rng) {
	for i := len(cs) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		cs[i], cs[j] = cs[j], cs[i]
	}
}

// layout applies a fixed set-up.
func (s *State) layout(lay Layout) error {
	left := append([]int(nil), s.Counts...)
	var problems []string
	use := func(where string, texts []string, noShanghai bool) []Card {
		var out []Card
		for _, t := range texts {
			c, ok := cardOf(t)
			switch {
			case !ok:
				problems = append(problems, fmt.Sprintf("%s: %q is not a card; the cards are %s", where, t, cardList()))
				continue
			case noShanghai && c == cShanghai:
				problems = append(problems, fmt.Sprintf("%s: a Shanghai! is always put back in the deck", where))
				continue
			}
			left[c]--
			out = append(out, c)
		}
		return out
	}
	names := slices.Sorted(maps.Keys(lay.Hands))
	for _, name := range names {
		p := s.seat(name)
		if p < 0 {
			problems = append(problems, fmt.Sprintf("hands: %q is not a player", name))
			continue
		}
		for _, c := range use("hands: "+name, lay.Hands[name], true) {
			s.give(p, c)
		}
	}
	s.Deck = use("deck", lay.Deck, false)
	s.Discard = use("discard", lay.Discard, true)
	if len(s.Deck) == 0 {
		problems = append(problems, "deck: the deck is empty")
	}
	for c := Card(0); c < numCards; c++ {
		for ; left[c] > 0; left[c]-- {
			switch {
			case c == cShanghai:
				s.OutOfPlay = append(s.OutOfPlay, c)
			case lay.Rest == "discard":
				s.Discard = append(s.Discard, c)
			default:
				problems = append(problems, fmt.Sprintf("the layout must hold all %d cards; %d %s missing (or rest: discard)", sum(s.Counts), left[c], c.ID()))
				left[c] = 0
			}
		}
		if left[c] < 0 {
			problems = append(problems, fmt.Sprintf("the layout has %d %s too many (the game has %d)", -left[c], c.ID(), s.Counts[c]))
		}
	}
	if lay.Rest != "" && lay.Rest != "discard" {
		problems = append(problems, fmt.Sprintf("rest: only discard is allowed, not %q", lay.Rest))
	}
	for _, name := range lay.Eliminated {
		p := s.seat(name)
		if p < 0 {
			problems = append(problems, fmt.Sprintf("eliminated: %q is not a player", name))
			continue
		}
		s.Discard = append(s.Discard, s.Players[p].Hand...)
		s.Players[p].Hand = nil
		s.Players[p].Out = true
	}
	knames := slices.Sorted(maps.Keys(lay.Known))
	for _, name := range knames {
		p := s.seat(name)
		if p < 0 {
			problems = append(problems, fmt.Sprintf("known: %q is not a player", name))
			continue
		}
		depths := slices.Sorted(maps.Keys(lay.Known[name]))
		for _, ds := range depths {
			d, err := strconv.Atoi(ds)
			c, ok := cardOf(lay.Known[name][ds])
			switch {
			case err != nil || d < 1 || d > len(s.Deck):
				problems = append(problems, fmt.Sprintf("known: %s: %q is not a depth of the deck (1 = top)", name, ds))
			case !ok || s.Deck[d-1] != c:
				problems = append(problems, fmt.Sprintf("known: %s: the card at depth %d is %s, not %q", name, d, s.Deck[d-1].ID(), lay.Known[name][ds]))
			default:
				s.Players[p].Deck = append(s.Players[p].Deck, Fact{Depth: d, Card: c})
			}
		}
		sortFacts(s.Players[p].Deck)
	}
	if lay.Turn < 0 || lay.Turn > 100000 {
		problems = append(problems, "turn: out of range")
	}
	s.Turn = lay.Turn
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	return nil
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func state(as engine.State) *State {
	s, ok := as.(*State)
	if !ok || s == nil {
		panic(fmt.Sprintf("oldshanghai: state of type %T", as))
	}
	return s
}

// owes reports whether seat p owes orders for the open step.
func (s *State) owes(p int) bool {
	if !s.in(p) {
		return false
	}
	for _, q := range s.Asked {
		if q == p {
			return true
		}
	}
	return false
}

// Status says who owes orders.
func (Engine) Status(as engine.State) engine.Status {
	s := state(as)
	st := engine.Status{Phase: s.phaseText()}
	if s.Stage == stOver {
		st.Finished = true
		for _, w := range s.Winners {
			st.Winners = append(st.Winners, s.name(w))
		}
		return st
	}
	if len(s.Asked) > 0 {
		st.Pending = make([]string, 0, len(s.Asked))
	}
	for p := range s.Players {
		if s.owes(p) {
			st.Pending = append(st.Pending, s.name(p))
		}
	}
	return st
}

func (s *State) phaseText() string {
	if s.Stage == stOver {
		return "game over: " + s.Ended
	}
	if s.Stage == stReview {
		if s.Turn == 0 {
			return "standing orders for the game"
		}
		return "standing orders after turn " + strconv.Itoa(s.Turn)
	}
	// Asked at every step, so written without fmt, in one concatenation.
	return "turn " + strconv.Itoa(s.Turn+1) + ", " + s.name(s.Active) + "'s turn: " + s.questionShort()
}

// questionShort names the open decision in a few words.
func (s *State) questionShort() string {
	switch s.Stage {
	case stReview:
		return "standing orders"
	case stTurn:
		return "skip card or draw"
	case stKeep:
		return "which Old Shell-Back card to keep"
	case stHeart:
		return "whether " + s.name(s.Sh.Drawer) + " plays the Heart of Gold"
	case stFinish:
		return "whether to finish " + s.name(s.Sh.Drawer) + "'s Shanghai!"
	case stPolice:
		return "whether " + s.name(s.Sh.Drawer) + " plays Harbor Police"
	case stPutBack:
		return "where the Shanghai! goes back"
	}
	return s.Stage
}

// question is the open decision as p's report asks it.
func (s *State) question(p int) string {
	if !s.owes(p) {
		return ""
	}
	switch s.Stage {
	case stReview:
		return "send your standing orders (an empty list keeps those you have)"
	case stTurn:
		return "your turn: write now: draw, or a skip card you hold: now: drink-up, now: shell-back or now: {drunken-sailor: PLAYER}"
	case stKeep:
		return fmt.Sprintf("Old Shell-Back: you drew %s and %s; keep which? now: %s or now: %s", s.Shell[0], s.Shell[1], s.Shell[0].ID(), s.Shell[1].ID())
	case stHeart:
		if s.count(p, cHeart) == 0 {
			return "you drew a Shanghai! and hold no Heart of Gold: answer now: no (the game asks everybody without a heart: order, so that nobody learns who holds one)"
		}
		return "you drew a Shanghai!: play your Heart of Gold? now: yes or now: no"
	case stFinish:
		if !s.canFinish(p) {
			return fmt.Sprintf("%s drew a Shanghai!, and you hold no Boss and no matching pair of Rowing Gangs to finish it: answer now: no (the game asks everybody without a finish: order, so that nobody learns who could)", s.name(s.Sh.Drawer))
		}
		return fmt.Sprintf("%s drew a Shanghai!: finish it? now: boss, now: gangs (or a gang: now: dragons) or now: no", s.name(s.Sh.Drawer))
	case stPolice:
		if s.count(p, cPolice) == 0 {
			return fmt.Sprintf("%s put down %s against you, and you hold no Harbor Police: answer now: no (the game asks everybody without a police: order, so that nobody learns who holds it)", s.name(s.Sh.Shanghaier), finishWord(s.Sh.With))
		}
		return fmt.Sprintf("%s put down %s against you: play Harbor Police? now: yes or now: no", s.name(s.Sh.Shanghaier), finishWord(s.Sh.With))
	case stPutBack:
		return fmt.Sprintf("where do you put the Shanghai! back? now: top, bottom, random, a depth from 1 (top) to %d, or for PLAYER", len(s.Deck)+1)
	}
	return ""
}

func finishWord(with []Card) string {
	if len(with) == 1 {
		return "a Boss"
	}
	if len(with) == 2 {
		return "a pair of " + with[0].String()
	}
	return "cards"
}

// Check says whether player's orders are legal now: standing orders may
// be sent only in a step the player owes orders for (the host's rule),
// and must answer the open decision unless now: does.
func (e Engine) Check(as engine.State, player string, items []orders.Item) error {
	_, err := e.Read(as, player, items)
	return err
}

// Read reads player's orders once, as Check judges them, and returns the
// reading (a *parsed) that Resolve plays as it is.
func (Engine) Read(as engine.State, player string, items []orders.Item) (any, error) {
	s := state(as)
	p := s.seat(player)
	switch {
	case p < 0:
		return nil, orders.Errorf(0, "player", "%q is not a player in this game", player)
	case s.Stage == stOver:
		return nil, orders.Errorf(0, "orders", "the game is over; no more orders are taken")
	case !s.in(p):
		return nil, orders.Errorf(0, "orders", "you are out of the game")
	case !s.owes(p):
		return nil, orders.Errorf(0, "orders", "nothing is waiting for you now (%s)", s.phaseText())
	}
	pr := new(parsed)
	if err := s.read(p, items, pr); err != nil {
		return nil, err
	}
	if pr.now != nil || s.Stage == stReview {
		return pr, nil
	}
	// The decisions only read the state: a copy with the file's standing
	// orders in place, sharing the rest, tells whether they answer.
	t := *s
	if pr.replace {
		t.Players = slices.Clone(s.Players)
		t.Players[p].Orders = pr.standing
	}
	if !t.covers(p) {
		return nil, orders.Errorf(0, "orders", "your orders do not answer the question waiting for you: %s; add now: ANSWER (or a standing order that covers it)", s.question(p))
	}
	return pr, nil
}

var _ engine.StandingOrders = Engine{}

// CheckStanding checks an order file from a player the open step does not
// wait for (OS-X1): standing orders only, since no question waits for them.
func (Engine) CheckStanding(as engine.State, player string, items []orders.Item) error {
	s := state(as)
	p := s.seat(player)
	switch {
	case p < 0:
		return orders.Errorf(0, "player", "%q is not a player in this game", player)
	case s.Stage == stOver:
		return orders.Errorf(0, "orders", "the game is over; no more orders are taken")
	case !s.in(p):
		return orders.Errorf(0, "orders", "you are out of the game")
	}
	var pr parsed
	if err := s.read(p, items, &pr); err != nil {
		return err
	}
	if !pr.replace { // now: alone is refused by parse: no question waits
		return orders.Errorf(0, "orders", "no standing orders in the file: nothing is waiting for you now (%s)", s.phaseText())
	}
	return nil
}

// ApplyStanding replaces the player's standing orders with those of the
// file; they answer the player's decisions from now on.
func (Engine) ApplyStanding(as engine.State, player string, items []orders.Item) (engine.State, error) {
	s := state(as).clone()
	p := s.seat(player)
	if p < 0 {
		return nil, fmt.Errorf("oldshanghai: no player %q", player)
	}
	var pr parsed
	if err := s.read(p, items, &pr); err != nil {
		return nil, err
	}
	s.Players[p].Orders = pr.standing
	return s, nil
}

// covers reports whether p's standing orders answer the open decision.
func (s *State) covers(p int) bool {
	var ok bool
	switch s.Stage {
	case stTurn:
		_, _, _, ok = s.decideSkip(p)
	case stKeep:
		_, _, ok = s.decideKeep(p)
	case stHeart:
		_, ok = s.decideYesNo(p, s.Players[p].Orders.Heart)
	case stPolice:
		_, ok = s.decideYesNo(p, s.Players[p].Orders.Police)
	case stFinish:
		_, _, ok = s.finishWith(p)
	case stPutBack:
		_, _, ok = s.decidePut(p, nil)
	}
	return ok
}

// Default is the order used when a pending player sends none: in a
// standing-order step, nothing (the standing orders stay as they are);
// for a decision, the documented default (rules-analysis 2c and OS-X3):
// draw, keep the better Old Shell-Back card, play the Heart of Gold
// (O4), do not finish (O6), play Harbor Police (O7), put the Shanghai!
// back at a random depth (O5).
func (Engine) Default(as engine.State, player string) []orders.Item {
	s := state(as)
	p := s.seat(player)
	if !s.owes(p) || s.Stage == stReview {
		return []orders.Item{}
	}
	v := ""
	switch s.Stage {
	case stTurn:
		v = "draw"
	case stKeep:
		v = defaultKeep(s.Shell).ID()
	case stHeart, stPolice:
		v = "yes"
	case stFinish:
		v = "no"
	case stPutBack:
		v = "random"
	}
	return orders.Renumber([]orders.Item{orders.With(vNow, v)})
}

// keepOrder is the default Old Shell-Back preference (OS-X3): anything
// rather than a Shanghai!, Harbor Police and Heart of Gold first.
var keepOrder = [numCards]int{cPolice: 0, cHeart: 1, cBoss: 2, cDrinkUp: 3, cDrunken: 4, cShellBack: 5, cSouthenders: 6, cSydney: 7, cDragons: 8, cShanghai: 9}

func defaultKeep(shell []Card) Card {
	if keepOrder[shell[1]] < keepOrder[shell[0]] {
		return shell[1]
	}
	return shell[0]
}

// Resolve closes the open step and plays on until a decision nobody's
// standing orders answer, or the end of the game.
func (e Engine) Resolve(as engine.State, subs []engine.Submission, r *engine.Rand) (engine.State, []engine.Happening, error) {
	return e.resolve(as, subs, r, false)
}

// ResolveSilently plays the step as Resolve does, writing none of its
// happenings (engine.SilentResolver): a replay's steps before its last.
func (e Engine) ResolveSilently(as engine.State, subs []engine.Submission, r *engine.Rand) (engine.State, error) {
	s, _, err := e.resolve(as, subs, r, true)
	return s, err
}

// resolve is Resolve, telling nothing when silent.
func (e Engine) resolve(as engine.State, subs []engine.Submission, r *engine.Rand, silent bool) (engine.State, []engine.Happening, error) {
	// In place (the contract allows it), after normalize: the digests are
	// those of the copy this step always made.
	s := state(as)
	s.normalize()
	s.silent = silent
	defer func() { s.silent = false }()
	if s.Stage == stOver {
		return nil, nil, fmt.Errorf("oldshanghai: the game is over")
	}
	if e.traced {
		s.trace = make([]move, 0, 32)
	}
	s.answers = make([]*answer, len(s.Players))
	done := make([]bool, len(s.Players)) // by seat: who has sent orders
	readings := make([]*parsed, 0, len(s.Players))
	seats := make([]int, 0, len(s.Players))
	for _, sub := range subs {
		p := s.seat(sub.Player)
		if !s.owes(p) {
			return nil, nil, fmt.Errorf("oldshanghai: %s owes no orders now", sub.Player)
		}
		if done[p] {
			return nil, nil, fmt.Errorf("oldshanghai: two submissions from %s", sub.Player)
		}
		done[p] = true
		// The host hands the reading its Read made of these very items
		// against this state; without one, they are read here.
		// The readings are only read, never changed.
		pr, ok := sub.Reading.(*parsed)
		if !ok {
			pr = new(parsed)
			if err := s.read(p, sub.Items, pr); err != nil {
				return nil, nil, fmt.Errorf("oldshanghai: orders of %s: %w", sub.Player, err)
			}
		}
		readings, seats = append(readings, pr), append(seats, p)
	}
	for _, p := range s.Asked {
		if !done[p] && s.in(p) && s.Stage != stReview {
			pr := new(parsed)
			if err := s.read(p, e.Default(s, s.name(p)), pr); err != nil {
				return nil, nil, err
			}
			readings, seats = append(readings, pr), append(seats, p)
		}
	}
	for i, p := range seats {
		pr := readings[i]
		if pr.replace {
			s.Players[p].Orders = pr.standing
			if s.Stage == stReview {
				s.tellStanding(p)
			}
		}
		if pr.now != nil {
			s.answers[p] = pr.now
		} else if s.Stage != stReview && !s.covers(p) {
			return nil, nil, fmt.Errorf("oldshanghai: the orders of %s do not answer %s", s.name(p), s.questionShort())
		}
	}
	if s.Stage == stReview {
		s.say("Standing orders are in; play goes on.")
		s.Stage = stTurn
	}
	s.Asked = nil
	s.run(r)
	return s, s.happenings(), nil
}

// happenings hands over the happenings the rules told.
func (s *State) happenings() []engine.Happening {
	out := s.out
	if len(s.outFull) > 0 {
		n := len(s.out)
		for _, c := range s.outFull {
			n += len(c)
		}
		out = make([]engine.Happening, 0, n)
		for _, c := range s.outFull {
			out = append(out, c...)
		}
		out = append(out, s.out...)
	}
	s.out, s.outFull, s.names, s.told, s.prose = nil, nil, nil, nil, nil
	return out
}

// Corrections lists the GM's Old Shanghai actions.
func (Engine) Corrections() string {
	return "remove PLAYER  PLAYER leaves the game for good: the hand is discarded face up;\n" +
		"               a Shanghai! in play that PLAYER drew, finished or must put\n" +
		"               back goes to the bottom of the deck, and any finishing\n" +
		"               cards back to their owner; an Old Shell-Back pair goes\n" +
		"               back on top"
}

// Correct applies a GM correction.
func (e Engine) Correct(as engine.State, c engine.Correction) (engine.State, []engine.Happening, error) {
	s := state(as).clone()
	if e.traced {
		s.trace = make([]move, 0, 8)
	}
	p := s.seat(c.Player)
	switch {
	case p < 0:
		return nil, nil, fmt.Errorf("%q is not a player in this game", c.Player)
	case s.Stage == stOver:
		return nil, nil, fmt.Errorf("the game is over")
	case strings.ToLower(c.Action) != "remove":
		return nil, nil, fmt.Errorf("unknown correction %q; the Old Shanghai Game has only remove", c.Action)
	case len(c.Args) > 0:
		return nil, nil, fmt.Errorf("remove takes no arguments")
	case !s.in(p):
		return nil, nil, fmt.Errorf("%s is already out of the game", c.Player)
	}
	s.say("%s has left the game.", c.Player)
	if sh := s.Sh; sh != nil && (sh.Drawer == p || sh.Shanghaier == p || sh.Putter == p) {
		// The Shanghai! in play ends here: no elimination by it unless it
		// has already happened.
		if s.Stage == stPolice {
			for _, w := range sh.With {
				s.takeTable(w)
				s.give(sh.Shanghaier, w)
				s.record(move{From: atTable, To: atHand(sh.Shanghaier), Card: w, By: sh.Shanghaier})
			}
			s.say("%s takes back the cards put down.", s.name(sh.Shanghaier))
		}
		s.putBack(p, cShanghai, atTable, len(s.Deck)+1, "public")
		s.say("The Shanghai! goes to the bottom of the deck.")
		s.eliminate(p)
		s.Players[p].Removed = true
		s.Asked = nil
		s.endTurn()
		return s, s.happenings(), nil
	}
	if s.Stage == stKeep && s.Active == p {
		for i := len(s.Shell) - 1; i >= 0; i-- {
			s.putBack(p, s.Shell[i], atHand(p), 1, "top")
		}
		s.Shell = nil
		s.Stage = stTurn
	}
	s.eliminate(p)
	s.Players[p].Removed = true
	var keep []int
	for _, q := range s.Asked {
		if q != p {
			keep = append(keep, q)
		}
	}
	s.Asked = keep
	if s.aliveCount() <= 1 {
		s.gameOver("")
	} else if s.Stage == stTurn && s.Active == p {
		s.Active = s.next(p)
		s.Asked = nil
	}
	return s, s.happenings(), nil
}

// Rename gives seat from to player to. Standing orders name players by
// seat, so they follow.
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
