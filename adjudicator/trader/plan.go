package trader

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Plan is a player's standing plan for their next turn (TR-X11): a ranked
// list of actions, the first legal one of which plays that turn as soon as
// it comes, within the same resolution. It is private to its player.
type Plan struct {
	Entries []PlanEntry `json:"entries"`
	// MarketClosed (3 players) ranks the columns for the Market closed
	// card after whichever entry is played, unless the entry has its own.
	MarketClosed []string `json:"market_closed,omitempty"`
}

// clone is a copy of p that shares nothing with it, nil or empty as in p.
func (p *Plan) clone() *Plan {
	if p == nil {
		return nil
	}
	c := &Plan{Entries: slices.Clone(p.Entries), MarketClosed: slices.Clone(p.MarketClosed)}
	for i := range c.Entries {
		e := &c.Entries[i]
		e.Args = slices.Clone(e.Args)
		e.MarketClosed = slices.Clone(e.MarketClosed)
	}
	return c
}

// PlanEntry is one ranked action of a plan, kept as the player wrote it
// (capitals and stocks in their standard spelling), and judged only when
// the turn comes.
type PlanEntry struct {
	Verb string `json:"verb"` // buy, sell, joker or pass
	// Args: buy [CAPITAL], [STOCK] or ["cheapest"]; sell [STOCK, STOCK]
	// or ["best"]; joker [STOCK]; pass none.
	Args []string `json:"args,omitempty"`
	// Partner says the sale was written {mine: A, partner: B} (4 players),
	// which is never read the other way round (TR-X8).
	Partner bool `json:"partner,omitempty"`
	// MarketClosed (3 players) ranks the columns for the Market closed
	// card after this entry; it overrides the plan's list.
	MarketClosed []string `json:"market_closed,omitempty"`
}

// plan is the standing plan (TR-X11, this implementation's answer to 4c's
// "script of future turns"): plan: [ENTRY, ...] beside a turn's action is
// for the player's next turn, and plan: none cancels it. Alone in a file
// it comes from a player whose turn it is not (engine.StandingOrders).
var plan verb = &planVerb{verbInfo{
	name:  verbPlan,
	rule:  "rules-analysis.md 4c (a script of future turns); TR-X11",
	twice: "only one plan: %s already gives one",
}}

type planVerb struct{ verbInfo }

func (*planVerb) planEntry(s *State, seat int, it orders.Item, word string) (PlanEntry, error) {
	return PlanEntry{Verb: verbPlan}, it.Errorf("a plan cannot hold a plan")
}

func (*planVerb) read(r *Rules, s *State, seat int, it *orders.Item, a *action) error {
	if s.Phase == phaseLastSale {
		return it.Errorf("%s", planAtLastSale)
	}
	pl, clear, err := s.parsePlan(r, seat, *it)
	a.plan, a.clearPlan = pl, clear
	return err
}

// oneChoice is the one order a plan entry stands for.
func oneChoice(it orders.Item) [][]orders.Item {
	return [][]orders.Item{orders.Renumber([]orders.Item{it})}
}

// Special plan arguments.
const (
	planCheapest = "cheapest"
	planBest     = "best"
)

const planAtLastSale = "a plan is for your next turn, and the set has ended: the last sales are not turns, so no plan is taken now (plans start afresh with each set)"

const planHow = "a plan is a list of actions for your next turn, best first, e.g. plan: [sell: best, buy: Berlin, buy: cheapest], or plan: none to cancel yours"

// String writes the entry as a player would, e.g. "sell: red 4, red 5" or
// "buy: Berlin (market-closed: Rome)".
func (pe PlanEntry) String() string {
	var b strings.Builder
	b.WriteString(pe.Verb)
	switch {
	case pe.Partner && len(pe.Args) == 2:
		fmt.Fprintf(&b, ": {mine: %s, partner: %s}", pe.Args[0], pe.Args[1])
	case len(pe.Args) > 0:
		b.WriteString(": " + strings.Join(pe.Args, ", "))
	}
	if len(pe.MarketClosed) > 0 {
		b.WriteString(" (market-closed: " + strings.Join(pe.MarketClosed, ", ") + ")")
	}
	return b.String()
}

// Lines is the plan as text, one entry a line, the plan's Market closed
// ranking last.
func (pl *Plan) Lines() []string {
	out := make([]string, 0, len(pl.Entries)+1)
	for _, pe := range pl.Entries {
		out = append(out, pe.String())
	}
	if len(pl.MarketClosed) > 0 {
		out = append(out, "market-closed: "+strings.Join(pl.MarketClosed, ", "))
	}
	return out
}

// parsePlan reads plan: [ENTRY, ...] or plan: none for seat, checking all
// that does not depend on the moment the turn comes: the verbs, the
// columns and stocks named, the colours of a pair, a Joker already used,
// and the Market closed card being in play. clear is true for plan: none.
func (s *State) parsePlan(r *Rules, seat int, it orders.Item) (pl *Plan, clear bool, err error) {
	v := it.Node() // a plan's entries are read as nodes, also from the log
	if v != nil && v.Kind == yaml.ScalarNode {
		switch strings.ToLower(strings.TrimSpace(v.Value)) {
		case "none", "no", "cancel", "off":
			return nil, true, nil
		}
	}
	if !it.HasValue() || v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
		return nil, false, it.Errorf("%s", planHow)
	}
	pl = &Plan{}
	var errs orders.List
	var mcSeen *orders.Item
	for i, n := range v.Content {
		where := fmt.Sprintf("plan[%d]", i+1)
		var acts []orders.Item
		var mcs []orders.Item
		switch n.Kind {
		case yaml.ScalarNode:
			// "pass", "buy cheapest": a verb and its value on one line.
			text := strings.TrimSpace(n.Value)
			verb, rest, _ := strings.Cut(text, " ")
			sub := orders.Item{Index: it.Index, Line: n.Line, Verb: where + "." + strings.ToLower(verb)}
			if rest = strings.TrimSpace(rest); rest != "" {
				sub.Value = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: rest, Line: n.Line}
			}
			if v := verbOf(strings.ToLower(verb)); v == verbMC {
				mcs = append(mcs, sub)
			} else {
				acts = append(acts, sub)
			}
		case yaml.MappingNode:
			for j := 0; j+1 < len(n.Content); j += 2 {
				k := n.Content[j]
				key := strings.ToLower(strings.TrimSpace(k.Value))
				sub := orders.Item{Index: it.Index, Line: k.Line, Verb: where + "." + key, Value: n.Content[j+1]}
				if k.Kind == yaml.ScalarNode && verbOf(key) == verbMC {
					mcs = append(mcs, sub)
				} else {
					acts = append(acts, sub)
				}
			}
		default:
			errs = append(errs, orders.Errorf(n.Line, it.Field()+"["+fmt.Sprint(i+1)+"]", "each plan entry is one action, e.g. buy: Berlin; %s", planHow))
			continue
		}
		if len(acts) > 1 || len(mcs) > 1 {
			errs = append(errs, orders.Errorf(n.Line, it.Field()+"["+fmt.Sprint(i+1)+"]", "a plan entry is one action, with at most a market-closed: beside it; put each alternative on its own line"))
			continue
		}
		var mcList []string
		if len(mcs) == 1 {
			var err error
			if mcList, err = s.planMC(mcs[0]); err != nil {
				errs = append(errs, orders.Errors(err)...)
				continue
			}
		}
		if len(acts) == 0 {
			// A line of its own: the plan's Market closed ranking.
			if mcSeen != nil {
				errs = append(errs, mcs[0].Errorf("the plan's market-closed: is given twice (%s already gives it)", mcSeen.Field()))
				continue
			}
			mcSeen = &mcs[0]
			pl.MarketClosed = mcList
			continue
		}
		pe, err := s.planEntry(r, seat, acts[0])
		if err != nil {
			errs = append(errs, orders.Errors(err)...)
			continue
		}
		pe.MarketClosed = mcList
		pl.Entries = append(pl.Entries, pe)
	}
	if len(errs) == 0 && len(pl.Entries) == 0 {
		errs = append(errs, it.Errorf("the plan has no action: %s", planHow))
	}
	if len(errs) > 0 {
		return nil, false, errs
	}
	return pl, false, nil
}

// planMC reads a Market closed ranking: one capital or a list of them.
func (s *State) planMC(it orders.Item) ([]string, error) {
	switch {
	case len(s.Players) != 3:
		return nil, it.Errorf("there is no Market closed card with %d players", len(s.Players))
	case s.Market < 0:
		return nil, it.Errorf("the Market closed card is out of the game since two columns are empty; leave this out")
	}
	names, err := it.Strings()
	if err != nil {
		return nil, it.Errorf("name a column, or several in order of preference, e.g. market-closed: [Rome, Paris]")
	}
	out := make([]string, 0, len(names))
	for _, n := range names {
		c := capitalIndex(n)
		if c < 0 {
			return nil, it.Errorf("%q is not a column: the columns are %s%s", n, capitalList(), columnHint(n))
		}
		out = append(out, data.Capitals[c])
	}
	return out, nil
}

// planEntry reads one action of a plan, as its verb reads a plan entry.
func (s *State) planEntry(r *Rules, seat int, it orders.Item) (PlanEntry, error) {
	name := it.Verb[strings.IndexByte(it.Verb, '.')+1:]
	word := ""
	if w, ok := it.Scalar(); ok {
		word = strings.ToLower(w)
	}
	v := r.verb(verbOf(name))
	if v == nil {
		return PlanEntry{}, it.Errorf("unknown plan entry %q: a plan entry is buy, sell, joker or pass (with 3 players, market-closed beside it or on a line of its own)", name)
	}
	return v.planEntry(s, seat, it, word)
}

// planAction is the action seat's plan plays now: the first entry legal at
// this moment, with the first Market closed column in its ranking that is
// legal after it (else the card's default place, TR-X1). ok is false when
// no entry is legal.
func (s *State) planAction(r *Rules, seat int, pl *Plan) (action, bool) {
	for _, pe := range pl.Entries {
		for _, items := range r.verb(pe.Verb).planChoices(s, seat, pe) {
			var a action
			if err := s.read(r, seat, items, &a); err != nil {
				continue
			}
			a.mc = -1
			if s.Market >= 0 {
				ranking := pe.MarketClosed
				if len(ranking) == 0 {
					ranking = pl.MarketClosed
				}
				for _, name := range ranking {
					a.mc = capitalIndex(name)
					if s.checkMCTarget(orders.Item{Verb: verbMC}, &a) == nil {
						break
					}
					a.mc = -1
				}
			}
			return a, true
		}
	}
	return action{}, false
}

// chain plays the turns that standing plans cover, one after another,
// until the player whose turn it is has no plan, or a plan with no legal
// entry (which is dropped, and its player told), or the set ends (TR-X11).
func (s *State) chain(r *Rules, rng *engine.Rand) []engine.Happening {
	var hs []engine.Happening
	for s.Phase == phaseTurn && s.Active >= 0 {
		seat := s.Active
		pl := s.Players[seat].Plan
		if pl == nil {
			break
		}
		s.Players[seat].Plan = nil
		a, ok := s.planAction(r, seat, pl)
		if !ok {
			hs = append(hs, engine.Happening{
				Text: fmt.Sprintf("None of the entries of your standing plan (%s) is legal now, so the plan is dropped and your orders for this turn are needed.", strings.Join(pl.Lines(), "; ")),
				To:   []string{s.Players[seat].Name},
			})
			break
		}
		more, _ := s.turn(seat, a, rng, " by their standing plan")
		hs = append(hs, more...)
	}
	return hs
}

// dropPlans drops every standing plan when the set ends: plans are for
// turns, and the next set starts afresh. Each owner is told.
func (s *State) dropPlans() []engine.Happening {
	var hs []engine.Happening
	for i := range s.Players {
		if s.Players[i].Plan != nil {
			s.Players[i].Plan = nil
			hs = append(hs, engine.Happening{Text: "Your standing plan is dropped: the set ended before your next turn.", To: []string{s.Players[i].Name}})
		}
	}
	return hs
}

var _ engine.StandingOrders = Engine{}

// CheckStanding checks an order file from a player whose turn it is not
// (TR-X11): it may only set or cancel their plan for their next turn, and
// not once the set has ended.
func (e Engine) CheckStanding(as engine.State, player string, items []orders.Item) error {
	_, _, _, err := state(as).standingPlan(e.rules(), player, items)
	return err
}

// ApplyStanding stores (or, with plan: none, cancels) the player's plan.
func (e Engine) ApplyStanding(as engine.State, player string, items []orders.Item) (engine.State, error) {
	s := state(as).clone()
	pl, _, seat, err := s.standingPlan(e.rules(), player, items)
	if err != nil {
		return nil, err
	}
	s.Players[seat].Plan = pl
	return s, nil
}

// standingPlan reads a file that holds only plan:, from a player the open
// step does not wait for.
func (s *State) standingPlan(r *Rules, player string, items []orders.Item) (*Plan, bool, int, error) {
	seat := s.seat(player)
	switch {
	case seat < 0:
		return nil, false, seat, orders.Errorf(0, "player", "%q is not a player in this game", player)
	case s.Phase == phaseOver:
		return nil, false, seat, orders.Errorf(0, "orders", "the game is over; no more orders are taken")
	case s.Players[seat].Removed:
		return nil, false, seat, orders.Errorf(0, "orders", "you have left the game")
	case s.Phase == phaseLastSale:
		return nil, false, seat, orders.Errorf(0, "orders", "%s", planAtLastSale)
	case s.pending(seat):
		return nil, false, seat, orders.Errorf(0, "orders", "it is your turn: send this turn's action (it may carry a plan: for your next turn)")
	case len(items) != 1 || verbOf(items[0].Verb) != verbPlan:
		return nil, false, seat, orders.Errorf(0, "orders", "you have no orders to give now (it is %s's turn, not yours) except a plan: for your next turn, alone in the file", s.Players[s.Active].Name)
	}
	pl, clear, err := s.parsePlan(r, seat, items[0])
	return pl, clear, seat, err
}
