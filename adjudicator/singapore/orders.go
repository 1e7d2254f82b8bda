package singapore

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Verbs of the order file.
const (
	verbStart     = "start"
	verbTake      = "take"
	verbMove      = "move"
	verbJoss      = "joss-paper"
	verbPorcelain = "porcelain"
	verbSalted    = "salted-fish"
	verbSilk      = "silk"
	verbSpices    = "spices"
	verbTea       = "tea"
	verbChen      = "chen"
	verbPlan      = "plan"
)

// verbOf normalises the spellings of the verbs.
func verbOf(v string) string {
	switch normName(strings.TrimPrefix(v, "plan.")) {
	case "start", "ss", "secretsociety", "society":
		return verbStart
	case "take", "pick":
		return verbTake
	case "move", "ssmove", "movess":
		return verbMove
	case "josspaper", "joss", "paper":
		return verbJoss
	case "porcelain":
		return verbPorcelain
	case "saltedfish", "salted", "fish":
		return verbSalted
	case "silk":
		return verbSilk
	case "spices", "spice":
		return verbSpices
	case "tea":
		return verbTea
	case "chen", "rivalchen":
		return verbChen
	case "plan", "next", "nextturn":
		return verbPlan
	}
	return ""
}

// A verb is one choice of a turn with everything the engine does with it,
// in one value, as godip makes an order a type: how it is read (into a
// Plan, for this turn or a standing plan), whether a plan gives it, its
// check against the River as the take leaves it, its effect, and what
// leaving it out does. A goods effect's verb is in the file named for the
// goods (silk.go, joss.go; peek.go for Salted Fish and Spices, swap.go
// for Tea and Porcelain), the take and the move in take.go, Rival Chen's
// picks in chen.go; the ruleset lists them (Rules.Choices).
type verb interface {
	info() *verbInfo
	// read parses the item into pl.
	read(s *State, it orders.Item, pl *Plan) error
	// has reports whether pl gives the choice.
	has(pl *Plan) bool
	// check holds a goods effect's choice to the River after the take of
	// card (river, with others cards left) and to seat's hand.
	check(s *State, seat int, it orders.Item, pl *Plan, card Card, river []Card, others int) error
	// effect plays the goods' effect for seat with pl's choice.
	effect(r *run, seat int, pl *Plan)
	// fill says what leaving the effect's choice out does; left names the
	// leftmost River card but slot i after the take, seen what the
	// defaults count on.
	fill(s *State, left func(i int) string, seen string) string
}

// verbInfo is what every verb says of itself, and the methods of a verb
// that does not do that thing.
type verbInfo struct {
	// name is the verb as order files write it (verbOf has the other
	// spellings).
	name string
	// goods names the goods type whose effect the verb chooses, or "".
	goods string
	// rule is the rulebook section (singapore-1889.txt) and the rulings
	// (rules-analysis.md part 5) it plays.
	rule string
}

func (v *verbInfo) info() *verbInfo { return v }
func (*verbInfo) check(*State, int, orders.Item, *Plan, Card, []Card, int) error {
	return nil
}
func (*verbInfo) effect(*run, int, *Plan)                      {}
func (*verbInfo) fill(*State, func(int) string, string) string { return "" }

// Plan is a turn's choices: the orders of the current turn, or a standing
// plan for the player's next turn. Lists are ranked: the first entry that
// applies is used.
type Plan struct {
	Take      []Pat `json:"take,omitempty"`
	Move      []Pat `json:"move,omitempty"`
	Silk      []Pat `json:"silk,omitempty"`
	Joss      *Pick `json:"joss_paper,omitempty"`
	Salted    *Peek `json:"salted_fish,omitempty"`
	Spices    *Peek `json:"spices,omitempty"`
	Tea       *Swap `json:"tea,omitempty"`
	Porcelain *Swap `json:"porcelain,omitempty"`
	Chen      []Pat `json:"chen,omitempty"`
}

// submission is one player's checked orders for the open step.
type submission struct {
	start     int   // start step: 0-based slot
	turn      Plan  // this step's choices
	next      *Plan // the plan for the player's next turn
	clearPlan bool  // plan: none
}

// stringsOf reads a scalar or list value, splitting scalars on commas.
func stringsOf(it orders.Item) ([]string, error) {
	raw, err := it.Strings()
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(raw))
	for _, r := range raw {
		for p := range strings.SplitSeq(r, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		return nil, it.Errorf("needs a value")
	}
	return out, nil
}

// pats reads a ranked list of patterns.
func (s *State) pats(it orders.Item, texts []string, slots bool) ([]Pat, error) {
	var out []Pat
	var errs orders.List
	for _, t := range texts {
		p, msg := parsePat(t, slots)
		if msg == "" && p.Type >= 0 && !s.inPlay(p.Type) {
			msg = fmt.Sprintf("%s is not in this game: the goods are %s", data.Goods[p.Type].Name, engine.AndList(s.typeNames()))
		}
		if msg != "" {
			errs = append(errs, it.Errorf("%s", msg))
			continue
		}
		out = append(out, p)
	}
	return out, errs.Err()
}

func (s *State) patList(it orders.Item, slots bool) ([]Pat, error) {
	texts, err := stringsOf(it)
	if err != nil {
		return nil, err
	}
	return s.pats(it, texts, slots)
}

// parsePlan reads plan: {take: ..., silk: ..., ...}, or plan: none.
func (s *State) parsePlan(it orders.Item) (*Plan, bool, error) {
	if it.Value != nil && it.Value.Kind == yaml.ScalarNode {
		switch strings.ToLower(strings.TrimSpace(it.Value.Value)) {
		case "none", "no", "cancel", "":
			return nil, true, nil
		}
	}
	if it.Value == nil || it.Value.Kind != yaml.MappingNode || len(it.Value.Content) == 0 {
		return nil, false, it.Errorf("a plan is a mapping of choices for your next turn, e.g. plan: {take: [Silk, Tea, any], silk: [Opium]}, or plan: none")
	}
	pl := &Plan{}
	var errs orders.List
	seen := map[string]bool{}
	c := it.Value.Content
	for i := 0; i+1 < len(c); i += 2 {
		key := c[i].Value
		sub := orders.Item{Index: it.Index, Line: c[i].Line, Verb: "plan." + strings.ToLower(key), Value: c[i+1]}
		v := verbOf(key)
		if v == verbPlan || v == verbStart || v == "" {
			errs = append(errs, sub.Errorf("a plan holds take, move, silk, joss-paper, salted-fish, spices, tea, porcelain and chen, not %q%s", key, engine.DidYouMean(key, planVerbNames)))
			continue
		}
		if seen[v] {
			errs = append(errs, sub.Errorf("%s is given twice in the plan", v))
			continue
		}
		seen[v] = true
		if err := s.rules().choice(v).read(s, sub, pl); err != nil {
			errs = append(errs, orders.Errors(err)...)
		}
	}
	if len(errs) == 0 && pl.Take == nil && pl.Chen == nil {
		errs = append(errs, it.Errorf("the plan needs take: goods or slots in order of preference (e.g. take: [Silk/U, Tea, any]), or chen: for Rival Chen's picks"))
	}
	return pl, false, errs.Err()
}

// read reads seat's orders once against s into sub: the reading Check
// judges, Resolve plays and Fills explains.
func (s *State) read(seat int, items []orders.Item, sub *submission) error {
	*sub = submission{start: -1}
	switch {
	case s.Phase == phaseOver:
		return orders.Errorf(0, "orders", "the game is over; no more orders are taken")
	case seat < 0:
		return orders.Errorf(0, "player", "not a player in this game")
	case s.Players[seat].Removed:
		return orders.Errorf(0, "orders", "you have left the game")
	case !s.pending(seat):
		return orders.Errorf(0, "orders", "it is not your turn: %s", s.waitingText())
	}
	var errs orders.List
	first := map[string]orders.Item{}
	for _, it := range items {
		v := verbOf(it.Verb)
		if v == "" {
			errs = append(errs, it.Errorf("unknown order %q%s: %s", it.Verb, verbGuess(it.Verb), s.verbHint()))
			continue
		}
		if prev, dup := first[v]; dup {
			errs = append(errs, it.Errorf("%s is given twice (%s already says it)", v, prev.Field()))
			continue
		}
		first[v] = it
		switch {
		case v == verbPlan:
			if s.Phase == phaseChen {
				errs = append(errs, it.Errorf("the game ends after Rival Chen's picks: there is no next turn to plan"))
				continue
			}
			pl, clear, err := s.parsePlan(it)
			if err != nil {
				errs = append(errs, orders.Errors(err)...)
			}
			sub.next, sub.clearPlan = pl, clear
		case v == verbStart:
			if s.Phase != phaseStart {
				errs = append(errs, it.Errorf("the Secret Society's start slot was chosen at the set-up; %s", s.verbHint()))
				continue
			}
			t, err := it.String()
			if err == nil {
				var ps []Pat
				if ps, err = s.pats(it, []string{t}, true); err == nil {
					err = s.startSlot(it, ps[0], sub)
				}
			}
			if err != nil {
				errs = append(errs, orders.Errors(err)...)
			}
		default:
			if err := s.rules().choice(v).read(s, it, &sub.turn); err != nil {
				errs = append(errs, orders.Errors(err)...)
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	switch s.Phase {
	case phaseStart:
		for _, v := range []string{verbTake, verbMove, verbSilk, verbJoss, verbSalted, verbSpices, verbTea, verbPorcelain, verbChen} {
			if it, ok := first[v]; ok {
				return it.Errorf("this step only places the Secret Society card (start: SLOT); put choices for your first turn under plan:")
			}
		}
		if sub.start < 0 {
			return orders.Errorf(0, "orders", "no start: say above which River slot (1 to %d) the Secret Society card starts, e.g. start: %d", data.River, s.SS+1)
		}
		return nil
	case phaseChen:
		for _, v := range []string{verbTake, verbMove, verbSilk, verbJoss, verbSalted, verbSpices, verbTea, verbPorcelain} {
			if it, ok := first[v]; ok {
				return it.Errorf("Rival Chen takes 2 River goods without effects: write only chen: [SLOT, SLOT]")
			}
		}
		it, ok := first[verbChen]
		if !ok {
			return orders.Errorf(0, "orders", "no chen: name the 2 River goods Rival Chen takes, e.g. chen: [1, 3]")
		}
		return s.checkChen(it, sub.turn.Chen)
	}
	if it, ok := first[verbChen]; ok {
		return it.Errorf("chen: is for Rival Chen's picks at the end of the game; put it under plan: if you want to give it ahead")
	}
	it, ok := first[verbTake]
	if !ok {
		if pl, has := first[verbPlan]; has {
			return pl.Errorf("it is your turn, so the file needs this turn's take: too (e.g. take: 2 or take: Silk/U), beside the plan: for your next turn")
		}
		return orders.Errorf(0, "orders", "no take: say which River card you take, e.g. take: 2 (slot) or take: Silk/U")
	}
	return s.checkTurn(seat, it, &sub.turn, first)
}

func (s *State) startSlot(it orders.Item, p Pat, sub *submission) error {
	for i, c := range s.River {
		if p.matchSlot(i, c) {
			sub.start = i
			return nil
		}
	}
	if p.Slot > 0 {
		return it.Errorf("slot %d is empty: the Secret Society card goes above a card", p.Slot)
	}
	return it.Errorf("there is no %s in the River; it holds %s", p, s.riverText())
}

// verbHint says what the open step expects.
func (s *State) verbHint() string {
	switch s.Phase {
	case phaseStart:
		return "now write start: SLOT (1 to 4), and optionally plan: for your first turn"
	case phaseChen:
		return "now write chen: [SLOT, SLOT]"
	}
	return "write take: SLOT, with move: SLOT if you take the card under the Secret Society card, the effect's choice (silk, joss-paper, salted-fish, spices, tea, porcelain) and optionally plan: for your next turn"
}

// riverText lists the River, e.g. "1 Tea/M, 2 Silk/U, 3 (empty), 4 Tea/U".
func (s *State) riverText() string {
	parts := make([]string, len(s.River))
	for i, c := range s.River {
		name := c.String()
		if c == NoCard {
			name = "(empty)"
		}
		parts[i] = strconv.Itoa(i+1) + " " + name
	}
	return strings.Join(parts, ", ")
}

// riverPick returns the first River slot (other than skip) whose card
// matches the first entry of ps that matches any, or -1.
func riverPick(river []Card, ps []Pat, skip int) int {
	for _, p := range ps {
		for i, c := range river {
			if i != skip && p.matchSlot(i, c) {
				return i
			}
		}
	}
	return -1
}

// cardPick returns the index in cards of the first card matching the first
// entry of ps that matches any, or -1. A pattern that does not say Marked
// or Unmarked prefers an Unmarked card.
func cardPick(cards []Card, ps []Pat) int {
	for _, p := range ps {
		found := -1
		for i, c := range cards {
			if p.matchCard(c) {
				if !c.Marked() {
					return i
				}
				if found < 0 {
					found = i
				}
			}
		}
		if found >= 0 {
			return found
		}
	}
	return -1
}

// ambiguous reports whether pattern p (without a mark) matches both a
// Marked and an Unmarked card among cards.
func ambiguous(cards []Card, p Pat) bool {
	if p.Mark != markEither {
		return false
	}
	m, u := false, false
	for _, c := range cards {
		if p.matchCard(c) {
			m, u = m || c.Marked(), u || !c.Marked()
		}
	}
	return m && u
}

// checkTurn checks a turn's choices against the River, the hand and the
// Seized goods as they will be when each choice is made.
func (s *State) checkTurn(seat int, takeItem orders.Item, pl *Plan, given map[string]orders.Item) error {
	k := riverPick(s.River, pl.Take, -1)
	if k < 0 {
		if len(pl.Take) == 1 && pl.Take[0].Slot > 0 {
			return takeItem.Errorf("slot %d is empty; the River holds %s", pl.Take[0].Slot, s.riverText())
		}
		return takeItem.Errorf("none of %s is in the River; it holds %s", patsText(pl.Take), s.riverText())
	}
	card := s.River[k]
	river := append([]Card(nil), s.River...)
	river[k] = NoCard
	others := 0
	for _, c := range river {
		if c != NoCard {
			others++
		}
	}
	if it, ok := given[verbMove]; ok {
		switch {
		case k != s.SS:
			return it.Errorf("you take %s from slot %d, not the card under the Secret Society card (slot %d), so the card does not move; leave move out", card, k+1, s.SS+1)
		case others == 0:
			return it.Errorf("no other card is left in the River, so the Secret Society card stays above slot %d; leave move out", k+1)
		}
		if riverPick(river, pl.Move, k) < 0 {
			return it.Errorf("the Secret Society card must move above another card of the River: after your take it holds %s", riverList(river))
		}
	}
	want := s.rules().effectOf(card.Type())
	for _, v := range s.rules().Effects {
		it, ok := given[v.info().name]
		if !ok {
			continue
		}
		if s.Plain {
			return it.Errorf("the Plain Goods variant ignores the goods' effects; leave %s out", v.info().name)
		}
		if v != want {
			return it.Errorf("you take %s, so %s has no part in this turn; leave it out (put choices for your next turn under plan:)", card, v.info().name)
		}
	}
	if s.Plain || want == nil {
		return nil
	}
	if it, ok := given[want.info().name]; ok {
		return want.check(s, seat, it, pl, card, river, others)
	}
	return nil
}

func patsText(ps []Pat) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.String()
	}
	return orList(parts)
}

func riverList(river []Card) string {
	var parts []string
	for i, c := range river {
		if c != NoCard {
			parts = append(parts, fmt.Sprintf("%d %s", i+1, c))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

func cardsText(cs []Card) string {
	if len(cs) == 0 {
		return "nothing"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}
