package trader

import (
	"fmt"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// The verbs' names, as order files write them.
const (
	kindBuy   = "buy"
	kindSell  = "sell"
	kindJoker = "joker"
	kindPass  = "pass"
	verbMC    = "market-closed"
	verbPlan  = "plan"
)

// A verb is one order of the rulebook with everything the engine does with
// it, in one value, as godip makes an order a type: how an order file
// writes it, how it is read and checked against the state, what it offers
// a player now (the form and the report's choices), and its effect. Each
// verb is a type in the file named for the rule it plays (buy.go: "Buying
// a Stock"), and the ruleset lists the verbs its version plays
// (Rules.Verbs). A verb leaves out what it does not do by keeping
// verbInfo's methods.
type verb interface {
	info() *verbInfo
	// read parses the item into a and checks it against s for seat. An
	// action is read once every order beside it has been; an order beside
	// the action is read in file order, and then after checks it against
	// the action read.
	read(r *Rules, s *State, seat int, it *orders.Item, a *action) error
	after(s *State, it *orders.Item, a *action) error
	// offer gives the verb's choices for seat now ("buy: Paris", with a
	// line saying what it does); Options keeps those Check passes.
	offer(s *State, seat int, add func(order, format string, args ...any))
	// play is an action's effect on s: it returns the sentence saying what
	// happened, with by (" by their standing plan") before its end.
	play(s *State, seat int, a action, by string) string
	// sale is a sale's effect on the stocks (sell, joker), in a turn or a
	// last sale: the happening's text without its final period.
	sale(s *State, seat int, a action) string
	// write is the action as the one order a player would send.
	write(a action) orders.Item
	// describe says what the action would do, for error messages; pay is
	// what it earns.
	describe(s *State, a action) string
	pay(a action) int
	// planEntry reads the verb as an entry of a standing plan (TR-X11),
	// checking what does not depend on the moment the turn comes; word is
	// the entry's value in lower case when it is one word. planChoices are
	// the orders an entry may stand for when the turn comes, best first.
	planEntry(s *State, seat int, it orders.Item, word string) (PlanEntry, error)
	planChoices(s *State, seat int, pe PlanEntry) [][]orders.Item
}

// verbInfo is what every verb says of itself, and the methods of a verb
// that does not do that thing.
type verbInfo struct {
	// name is the verb as order files write it (verbOf has the other
	// spellings).
	name string
	// rule is the rulebook section (trader.txt) and rulings
	// (rules-analysis.md part 4) it plays.
	rule string
	// action says the verb is the turn's one action (buy, sell, joker,
	// pass); the others are given beside an action (market-closed, plan).
	action bool
	// twice is the complaint when a file gives an order beside the action
	// twice ("%s" is the first one's field).
	twice string
}

func (v *verbInfo) info() *verbInfo                                  { return v }
func (*verbInfo) after(*State, *orders.Item, *action) error          { return nil }
func (*verbInfo) offer(*State, int, func(string, string, ...any))    {}
func (*verbInfo) play(*State, int, action, string) string            { return "" }
func (*verbInfo) sale(*State, int, action) string                    { return "" }
func (*verbInfo) write(action) orders.Item                           { return orders.Item{} }
func (*verbInfo) describe(*State, action) string                     { return "" }
func (*verbInfo) pay(action) int                                     { return 0 }
func (*verbInfo) planChoices(*State, int, PlanEntry) [][]orders.Item { return nil }

// planEntry refuses the verb in a plan.
func (v *verbInfo) planEntry(s *State, seat int, it orders.Item, word string) (PlanEntry, error) {
	return PlanEntry{Verb: v.name}, it.Errorf("unknown plan entry %q: a plan entry is buy, sell, joker or pass (with 3 players, market-closed beside it or on a line of its own)", it.Verb[strings.IndexByte(it.Verb, '.')+1:])
}

// action is one player's reading of their orders for the open step: the
// action, what it acts on, and the orders beside it.
type action struct {
	verb   verb
	col    int      // buy: the column
	stocks [2]Stock // sell: both stocks; joker: stocks[0]
	owners [2]int   // seats holding stocks[0] and stocks[1]
	mc     int      // market-closed target; -1 when not given
	// plan is the standing plan sent with the orders, for the player's
	// next turn (TR-X11); clearPlan says plan: none.
	plan      *Plan
	clearPlan bool
}

// is reports whether a is the action named kind.
func (a action) is(kind string) bool { return a.verb != nil && a.verb.info().name == kind }

// pay is what the action earns.
func (a action) pay() int {
	if a.verb == nil {
		return 0
	}
	return a.verb.pay(a)
}

// describe says what the action would do, for error messages.
func (a action) describe(s *State) string { return a.verb.describe(s, a) }

// verbOf normalises the spellings of the orders' verbs to their names.
func verbOf(v string) string {
	switch strings.ReplaceAll(strings.ReplaceAll(v, "_", "-"), " ", "-") {
	case "buy", "purchase":
		return kindBuy
	case "sell", "sale":
		return kindSell
	case "joker":
		return kindJoker
	case "pass":
		return kindPass
	case "market-closed", "marketclosed", "mc":
		return verbMC
	case "plan", "standing-plan":
		return verbPlan
	}
	return ""
}

// read reads seat's orders once against s, with the verbs of r, into a,
// the action they ask for: the reading Check judges, Resolve applies and
// Fills explains (Read hands a to Resolve as it is).
func (s *State) read(r *Rules, seat int, items []orders.Item, a *action) error {
	*a = action{col: -1, mc: -1, owners: [2]int{seat, seat}}
	switch {
	case s.Phase == phaseOver:
		return orders.Errorf(0, "orders", "the game is over; no more orders are taken")
	case !s.pending(seat):
		return orders.Errorf(0, "orders", "%s", s.notPendingMsg(seat))
	}
	var errs orders.List
	var act *orders.Item
	var besides [4]struct {
		v  verb
		it *orders.Item
	}
	nb := 0
items:
	for i := range items {
		it := &items[i]
		v := r.verb(verbOf(it.Verb))
		switch {
		case v == nil:
			errs = append(errs, it.Errorf("unknown order %q%s: %s", it.Verb, r.verbHint(it.Verb), s.verbList()))
		case v.info().action:
			if act != nil {
				errs = append(errs, it.Errorf("only one action per turn: %s already says %s", act.Field(), act.Verb))
				continue
			}
			act, a.verb = it, v
		default:
			for _, b := range besides[:nb] {
				if b.v == v {
					errs = append(errs, it.Errorf(v.info().twice, b.it.Field()))
					continue items
				}
			}
			if nb < len(besides) {
				besides[nb].v, besides[nb].it = v, it
				nb++
			}
			if err := v.read(r, s, seat, it, a); err != nil {
				errs = append(errs, orders.Errors(err)...)
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	if act == nil {
		line := 0
		for _, b := range besides[:nb] {
			if b.v.info().name == verbMC {
				line = b.it.Line
			}
		}
		for _, b := range besides[:nb] {
			if b.v.info().name == verbPlan {
				return orders.Errorf(b.it.Line, "orders", "no action for this turn (plan: is for your next turn): %s", s.verbList())
			}
		}
		return orders.Errorf(line, "orders", "no action: %s", s.verbList())
	}
	if err := a.verb.read(r, s, seat, act, a); err != nil {
		return err
	}
	for _, b := range besides[:nb] {
		if err := b.v.after(s, b.it, a); err != nil {
			return err
		}
	}
	return nil
}

func (s *State) verbList() string {
	if s.Phase == phaseLastSale {
		return "the set has ended, so write one last sale (sell or joker) or pass"
	}
	if s.Market >= 0 {
		return "write one of buy, sell, joker or pass, and market-closed: COLUMN to move the Market closed card (and plan: for your next turn)"
	}
	return "write one of buy, sell, joker or pass (and plan: for your next turn)"
}

func (s *State) notPendingMsg(seat int) string {
	if seat >= 0 && s.Players[seat].Removed {
		return "you have left the game"
	}
	if s.Phase == phaseLastSale {
		if len(s.LastSale) == 0 {
			return "nobody owes a last sale; the set is closing"
		}
		return "you have no last sale to make: you hold nothing you could sell"
	}
	return fmt.Sprintf("it is not your turn: it is %s's turn", s.Players[s.Active].Name)
}

// pending reports whether seat owes orders for the open step.
func (s *State) pending(seat int) bool {
	if seat < 0 || s.Players[seat].Removed {
		return false
	}
	switch s.Phase {
	case phaseTurn:
		return seat == s.Active
	case phaseLastSale:
		for _, p := range s.LastSale {
			if p == seat {
				return true
			}
		}
	}
	return false
}

// items writes an action as the orders a player would send.
func (s *State) items(a action) []orders.Item {
	out := make([]orders.Item, 0, 2)
	out = append(out, a.verb.write(a))
	if a.mc >= 0 {
		out = append(out, orders.With(verbMC, data.Capitals[a.mc]))
	}
	return orders.Renumber(out)
}

func hap(format string, args ...any) engine.Happening {
	return engine.Happening{Text: fmt.Sprintf(format, args...)}
}
