package sackson

import (
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// The verbs of an order list.
const (
	verbBid   = "bid"
	verbGo    = "go"
	verbPlay  = "play"
	verbBuy   = "buy"
	verbEvent = "event"
)

// A verb is one order of a round with everything the engine does with it,
// in one value, as godip makes an order a type: how an order file writes
// it, how it is read and checked against the state, what the form offers
// for it (Options), and what leaving it out does (Fills). Each verb is a
// type in the file named for the part of the round it plays (bid.go: "a.
// Bidding"), beside that part's effect, which the round (rules.go) plays
// in the rulebook's order; the ruleset lists the verbs its version plays.
type verb interface {
	info() *verbInfo
	// read parses the item into p and checks it against s for seat.
	read(s *State, seat int, it orders.Item, p *plan) error
	// decision is the form's decision for seat now, with every choice
	// the verb could take; Options keeps those Check passes.
	decision(s *State, seat int) (engine.Decision, []engine.Choice)
	// fill says what p does where the file leaves the verb out (given is
	// false) or gives it (the play plan's destinations without cards);
	// "" when there is nothing to say.
	fill(s *State, seat int, p *plan, given bool) string
}

// verbInfo is what every verb says of itself.
type verbInfo struct {
	// name is the verb as order files write it (verbOf has the other
	// spellings).
	name string
	// rule is the rulebook section (shanghai-sackson-en.md "Course of
	// play") and the rulings (rules-analysis.md part 3) it plays.
	rule string
}

func (v *verbInfo) info() *verbInfo { return v }

// destPlan is what a player plays if Lang-Tsu goes to one destination.
type destPlan struct {
	dest  int    // the destination; 0 for a free entry of plan.play
	best  bool   // the best cards (SS-X4)
	cards []Card // in listed order; truncated to the time's limit
}

// plan is one player's reading of their orders for a round: what each
// verb says, read once (Read hands it to Resolve).
type plan struct {
	bid     int
	goList  []int       // ranked destinations, only the round's options kept
	play    [4]destPlan // the entries for the round's four options, in the order given
	buy     bool
	event   string // evTake, evGive, evLeader, evLast
	eventTo int    // evGive: the seat
}

// entry is p's entry for destination d, or nil.
func (p *plan) entry(d int) *destPlan {
	for i := range p.play {
		if p.play[i].dest == d {
			return &p.play[i]
		}
	}
	return nil
}

// add is p's entry for destination d, made if p has none: a plan holds
// entries for the round's four options only.
func (p *plan) add(d int) *destPlan {
	if e := p.entry(d); e != nil {
		return e
	}
	e := p.entry(0)
	if e == nil {
		panic("sackson: a plan for more than four destinations")
	}
	e.dest = d
	return e
}

// verbOf normalises the spellings of the verbs.
func verbOf(v string) string {
	if strings.ContainsAny(v, ":_ ") {
		// Spelt otherwise than the log and most files spell it.
		v = strings.ReplaceAll(strings.ReplaceAll(strings.TrimSuffix(v, ":"), "_", "-"), " ", "-")
	}
	switch v {
	case "bid", "bribe":
		return verbBid
	case "go", "dest", "destination", "lang-tsu", "langtsu":
		return verbGo
	case "play", "plan", "cards":
		return verbPlay
	case "buy", "buy-card":
		return verbBuy
	case "event", "event-card":
		return verbEvent
	}
	return ""
}

const verbList = "the orders are bid, go, play, buy and event"

// read reads seat's orders once against s, with the verbs of its ruleset,
// into p: the reading Check judges, Resolve plays and Fills explains.
func (s *State) read(seat int, items []orders.Item, p *plan) error {
	*p = plan{event: evTake}
	switch {
	case s.Over:
		return orders.Errorf(0, "orders", "the game is over; no more orders are taken")
	case !s.active(seat):
		return orders.Errorf(0, "orders", "you have left the game")
	}
	r := s.rules()
	var errs orders.List
	var seen [8]*orders.Item
	for i := range items {
		it := &items[i]
		v := r.verb(verbOf(it.Verb))
		if v == nil {
			errs = append(errs, it.Errorf("unknown order %q%s: %s", it.Verb, r.verbGuess(it.Verb), verbList))
			continue
		}
		k := r.index(v)
		if prev := seen[k]; prev != nil {
			errs = append(errs, it.Errorf("%s is given twice (first at %s); write it once", v.info().name, prev.Field()))
			continue
		}
		seen[k] = it
		if err := v.read(s, seat, *it, p); err != nil {
			errs = append(errs, orders.Errors(err)...)
		}
	}
	return errs.Err()
}
