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

// effectVerb is the order that carries the choice of goods type t's effect,
// or "" for an effect without choices (Opium).
func effectVerb(t int) string {
	switch data.Goods[t].Name {
	case goodsJoss:
		return verbJoss
	case goodsPorcelain:
		return verbPorcelain
	case goodsSalted:
		return verbSalted
	case goodsSilk:
		return verbSilk
	case goodsSpices:
		return verbSpices
	case goodsTea:
		return verbTea
	}
	return ""
}

// Pick is the Joss Paper choice: which of the two drawn cards is seized.
// Nth (1 or 2) picks by drawing order; else the first entry of Prefer that
// matches one of them (the first drawn on a tie); else the default.
type Pick struct {
	Nth    int   `json:"nth,omitempty"`
	Prefer []Pat `json:"prefer,omitempty"`
}

// Peek is the Salted Fish or Spices choice for the card looked at.
type Peek struct {
	// Mode is "seize", "back" (bottom for Salted Fish, top for Spices),
	// "if" (seize when the card matches If, else back) or "default".
	Mode string `json:"mode"`
	If   []Pat  `json:"if,omitempty"`
}

// Swap is the Tea or Porcelain choice: no swap, or the River card and the
// hand (Tea) or Seized (Porcelain) card to exchange.
type Swap struct {
	None  bool `json:"none,omitempty"`
	River Pat  `json:"river"`
	With  Pat  `json:"with"`
}

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
	var out []string
	for _, r := range raw {
		for _, p := range strings.Split(r, ",") {
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

func (s *State) parseJoss(it orders.Item) (*Pick, error) {
	texts, err := stringsOf(it)
	if err != nil {
		return nil, it.Errorf("say which drawn card to seize: joss-paper: seize 1 (the first drawn), seize 2, or goods in order of preference, e.g. joss-paper: [Silk, Tea/M]")
	}
	first := strings.ToLower(texts[0])
	if w := strings.Fields(first); len(w) > 0 && w[0] == "seize" {
		texts[0] = strings.TrimSpace(strings.Join(w[1:], " "))
		if texts[0] == "" {
			texts = texts[1:]
		}
	}
	if len(texts) == 0 {
		return nil, it.Errorf("seize what? write seize 1, seize 2, or goods in order of preference")
	}
	if len(texts) == 1 {
		switch strings.ToLower(texts[0]) {
		case "1", "first", "1st":
			return &Pick{Nth: 1}, nil
		case "2", "second", "2nd":
			return &Pick{Nth: 2}, nil
		case "default":
			return &Pick{}, nil
		}
	}
	ps, err := s.pats(it, texts, false)
	if err != nil {
		return nil, err
	}
	return &Pick{Prefer: ps}, nil
}

func (s *State) parsePeek(it orders.Item, back string) (*Peek, error) {
	usage := fmt.Sprintf("write seize, %s, or seize if GOODS (e.g. %s: seize if Silk, Tea/M)", back, verbOf(it.Verb))
	if it.Value != nil && it.Value.Kind == yaml.MappingNode {
		if len(it.Value.Content) != 2 || normName(it.Value.Content[0].Value) != "seize" && normName(it.Value.Content[0].Value) != "seizeif" {
			return nil, it.Errorf("%s", usage)
		}
		sub := orders.Item{Index: it.Index, Line: it.Value.Content[1].Line, Verb: it.Verb, Value: it.Value.Content[1]}
		ps, err := s.patList(sub, false)
		if err != nil {
			return nil, err
		}
		return &Peek{Mode: "if", If: ps}, nil
	}
	texts, err := stringsOf(it)
	if err != nil {
		return nil, it.Errorf("%s", usage)
	}
	w := strings.Fields(strings.ToLower(texts[0]))
	if len(texts) == 1 && len(w) >= 1 && len(w) <= 2 {
		switch strings.Join(w, " ") {
		case "seize", "seize it":
			return &Peek{Mode: "seize"}, nil
		case back, "back", "put back", "return", "place", back + " of deck", "keep":
			return &Peek{Mode: "back"}, nil
		case "default":
			return &Peek{Mode: "default"}, nil
		}
	}
	if len(w) == 0 || w[0] != "seize" {
		return nil, it.Errorf("%q: %s", strings.Join(texts, ", "), usage)
	}
	w = w[1:]
	if len(w) > 0 && w[0] == "if" {
		w = w[1:]
	}
	texts[0] = strings.Join(w, " ")
	if texts[0] == "" {
		texts = texts[1:]
	}
	if len(texts) == 0 {
		return nil, it.Errorf("%s", usage)
	}
	ps, err := s.pats(it, texts, false)
	if err != nil {
		return nil, err
	}
	return &Peek{Mode: "if", If: ps}, nil
}

// parseSwap reads tea or porcelain: none, swap RIVER for OTHER, [RIVER,
// OTHER] or {river: RIVER, hand/seized: OTHER}.
func (s *State) parseSwap(it orders.Item, other string) (*Swap, error) {
	example := "Tea/M"
	if other == "hand" {
		example = "Joss Paper/U"
	}
	usage := fmt.Sprintf("write none, or swap RIVER for %s (e.g. %s: swap 2 for %s), or {river: 2, %s: %s}",
		strings.ToUpper(other), verbOf(it.Verb), example, other, example)
	var rt, ot string
	switch {
	case it.Value != nil && it.Value.Kind == yaml.MappingNode:
		c := it.Value.Content
		for i := 0; i+1 < len(c); i += 2 {
			if c[i+1].Kind != yaml.ScalarNode {
				return nil, orders.Errorf(c[i+1].Line, it.Field(), "%s needs a single value", c[i].Value)
			}
			switch k := normName(c[i].Value); {
			case k == "river":
				rt = c[i+1].Value
			case k == other || k == "with" || k == "for":
				ot = c[i+1].Value
			default:
				return nil, orders.Errorf(c[i].Line, it.Field(), "unknown key %q: %s", c[i].Value, usage)
			}
		}
		if rt == "" || ot == "" {
			return nil, it.Errorf("%s", usage)
		}
	default:
		texts, err := it.Strings()
		if err != nil {
			return nil, it.Errorf("%s", usage)
		}
		if len(texts) == 1 {
			t := strings.ToLower(strings.TrimSpace(texts[0]))
			switch t {
			case "none", "no", "pass", "no swap", "nothing", "default":
				return &Swap{None: true}, nil
			}
			t = strings.TrimSpace(strings.TrimPrefix(t, "swap"))
			for _, sep := range []string{" for ", " with ", " and ", ","} {
				if a, b, ok := strings.Cut(t, sep); ok {
					texts = []string{a, b}
					break
				}
			}
		}
		if len(texts) != 2 {
			return nil, it.Errorf("%s", usage)
		}
		rt, ot = texts[0], texts[1]
	}
	rp, err := s.pats(it, []string{rt}, true)
	if err != nil {
		return nil, err
	}
	op, err := s.pats(it, []string{ot}, false)
	if err != nil {
		return nil, err
	}
	if op[0].Type < 0 {
		return nil, it.Errorf("name the %s card by its goods, e.g. Tea/M, not %q", other, ot)
	}
	return &Swap{River: rp[0], With: op[0]}, nil
}

// parseChoice reads one choice verb into pl (used for turn orders and
// plans alike). It returns false for a verb that is no choice.
func (s *State) parseChoice(it orders.Item, verb string, pl *Plan) (bool, error) {
	var err error
	switch verb {
	case verbTake:
		pl.Take, err = s.patList(it, true)
	case verbMove:
		pl.Move, err = s.patList(it, true)
	case verbSilk:
		pl.Silk, err = s.patList(it, true)
	case verbJoss:
		pl.Joss, err = s.parseJoss(it)
	case verbSalted:
		pl.Salted, err = s.parsePeek(it, "bottom")
	case verbSpices:
		pl.Spices, err = s.parsePeek(it, "top")
	case verbTea:
		pl.Tea, err = s.parseSwap(it, "hand")
	case verbPorcelain:
		pl.Porcelain, err = s.parseSwap(it, "seized")
	case verbChen:
		pl.Chen, err = s.patList(it, true)
	default:
		return false, nil
	}
	return true, err
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
			errs = append(errs, sub.Errorf("a plan holds take, move, silk, joss-paper, salted-fish, spices, tea, porcelain and chen, not %q", key))
			continue
		}
		if seen[v] {
			errs = append(errs, sub.Errorf("%s is given twice in the plan", v))
			continue
		}
		seen[v] = true
		if _, err := s.parseChoice(sub, v, pl); err != nil {
			errs = append(errs, orders.Errors(err)...)
		}
	}
	if len(errs) == 0 && pl.Take == nil && pl.Chen == nil {
		errs = append(errs, it.Errorf("the plan needs take: goods or slots in order of preference (e.g. take: [Silk/U, Tea, any]), or chen: for Rival Chen's picks"))
	}
	return pl, false, errs.Err()
}

// parse checks seat's orders against s and returns what they ask for.
func (s *State) parse(seat int, items []orders.Item) (submission, error) {
	sub := submission{start: -1}
	switch {
	case s.Phase == phaseOver:
		return sub, orders.Errorf(0, "orders", "the game is over; no more orders are taken")
	case seat < 0:
		return sub, orders.Errorf(0, "player", "not a player in this game")
	case s.Players[seat].Removed:
		return sub, orders.Errorf(0, "orders", "you have left the game")
	case !s.pending(seat):
		return sub, orders.Errorf(0, "orders", "it is not your turn: %s", s.waitingText())
	}
	var errs orders.List
	first := map[string]orders.Item{}
	for _, it := range items {
		v := verbOf(it.Verb)
		if v == "" {
			errs = append(errs, it.Errorf("unknown order %q: %s", it.Verb, s.verbHint()))
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
					err = s.startSlot(it, ps[0], &sub)
				}
			}
			if err != nil {
				errs = append(errs, orders.Errors(err)...)
			}
		default:
			if _, err := s.parseChoice(it, v, &sub.turn); err != nil {
				errs = append(errs, orders.Errors(err)...)
			}
		}
	}
	if len(errs) > 0 {
		return sub, errs
	}
	switch s.Phase {
	case phaseStart:
		for _, v := range []string{verbTake, verbMove, verbSilk, verbJoss, verbSalted, verbSpices, verbTea, verbPorcelain, verbChen} {
			if it, ok := first[v]; ok {
				return sub, it.Errorf("this step only places the Secret Society card (start: SLOT); put choices for your first turn under plan:")
			}
		}
		if sub.start < 0 {
			return sub, orders.Errorf(0, "orders", "no start: say above which River slot (1 to %d) the Secret Society card starts, e.g. start: %d", data.River, s.SS+1)
		}
		return sub, nil
	case phaseChen:
		for _, v := range []string{verbTake, verbMove, verbSilk, verbJoss, verbSalted, verbSpices, verbTea, verbPorcelain} {
			if it, ok := first[v]; ok {
				return sub, it.Errorf("Rival Chen takes 2 River goods without effects: write only chen: [SLOT, SLOT]")
			}
		}
		it, ok := first[verbChen]
		if !ok {
			return sub, orders.Errorf(0, "orders", "no chen: name the 2 River goods Rival Chen takes, e.g. chen: [1, 3]")
		}
		return sub, s.checkChen(it, sub.turn.Chen)
	}
	if it, ok := first[verbChen]; ok {
		return sub, it.Errorf("chen: is for Rival Chen's picks at the end of the game; put it under plan: if you want to give it ahead")
	}
	it, ok := first[verbTake]
	if !ok {
		if pl, has := first[verbPlan]; has {
			return sub, pl.Errorf("it is your turn, so the file needs this turn's take: too (e.g. take: 2 or take: Silk/U), beside the plan: for your next turn")
		}
		return sub, orders.Errorf(0, "orders", "no take: say which River card you take, e.g. take: 2 (slot) or take: Silk/U")
	}
	return sub, s.checkTurn(seat, it, &sub.turn, first)
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
	want := effectVerb(card.Type())
	for _, v := range []string{verbSilk, verbJoss, verbSalted, verbSpices, verbTea, verbPorcelain} {
		it, ok := given[v]
		if !ok {
			continue
		}
		if s.Plain {
			return it.Errorf("the Plain Goods variant ignores the goods' effects; leave %s out", v)
		}
		if v != want {
			return it.Errorf("you take %s, so %s has no part in this turn; leave it out (put choices for your next turn under plan:)", card, v)
		}
	}
	if s.Plain {
		return nil
	}
	switch want {
	case verbSilk:
		if it, ok := given[verbSilk]; ok && riverPick(river, pl.Silk, -1) < 0 {
			if others == 0 {
				return it.Errorf("no other card is left in the River, so Silk has no effect; leave silk out")
			}
			return it.Errorf("none of %s is in the River after your take: it holds %s", patsText(pl.Silk), riverList(river))
		}
	case verbTea:
		if it, ok := given[verbTea]; ok && !pl.Tea.None {
			if riverPick(river, []Pat{pl.Tea.River}, -1) < 0 {
				return it.Errorf("there is no %s in the River after your take: it holds %s", pl.Tea.River, riverList(river))
			}
			hand := append(s.Players[seat].cards(), card)
			if cardPick(hand, []Pat{pl.Tea.With}) < 0 {
				return it.Errorf("you hold no %s: your hand after the take is %s", pl.Tea.With, cardsText(hand))
			}
			if ambiguous(hand, pl.Tea.With) {
				return it.Errorf("you hold both %s/M and %s/U: say which you give", data.Goods[pl.Tea.With.Type].Name, data.Goods[pl.Tea.With.Type].Name)
			}
		}
	case verbPorcelain:
		if it, ok := given[verbPorcelain]; ok && !pl.Porcelain.None {
			if riverPick(river, []Pat{pl.Porcelain.River}, -1) < 0 {
				return it.Errorf("there is no %s in the River after your take: it holds %s", pl.Porcelain.River, riverList(river))
			}
			if cardPick(s.Seized, []Pat{pl.Porcelain.With}) < 0 {
				return it.Errorf("no %s is seized: the Seized goods are %s", pl.Porcelain.With, cardsText(s.Seized))
			}
			if ambiguous(s.Seized, pl.Porcelain.With) {
				return it.Errorf("both %s/M and %s/U are seized: say which you swap", data.Goods[pl.Porcelain.With.Type].Name, data.Goods[pl.Porcelain.With.Type].Name)
			}
		}
	}
	return nil
}

// checkChen checks Rival Chen's two picks against the final River.
func (s *State) checkChen(it orders.Item, ps []Pat) error {
	n := min(s.riverCount(), merchantByName(merchChen).Picks)
	if len(ps) != n {
		return it.Errorf("name exactly %d River goods; the River holds %s", n, s.riverText())
	}
	river := append([]Card(nil), s.River...)
	for _, p := range ps {
		k := riverPick(river, []Pat{p}, -1)
		if k < 0 {
			return it.Errorf("there is no %s left in the River for this pick: it holds %s", p, s.riverText())
		}
		river[k] = NoCard
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
