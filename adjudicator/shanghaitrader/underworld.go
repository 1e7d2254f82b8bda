package shanghaitrader

import (
	"maps"
	"slices"
)

// Underworld is what part 2 of the rules (version 2) adds to the state: the
// advanced rules in play, the Collusion Phase, the contractors on the
// board and the debts between players. Games of version 1 have none (nil),
// so that their digests stay what they were.
type Underworld struct {
	Rules Rules `json:"rules"`
	// Collusion: the open step is this year's Collusion Phase (the Cycle
	// Turn's third phase), before the winter turn.
	Collusion bool `json:"collusion,omitempty"`
	// Police and Monks are the districts the Shanghai Club's police and the
	// Monastery's monks are deployed to this year (none: at home, no
	// effect); Marines the warehouses and factories the Japanese marines
	// guard (locations).
	Police  []int `json:"police,omitempty"`
	Monks   []int `json:"monks,omitempty"`
	Marines []int `json:"marines,omitempty"`
	// Minder is the seat the White Russian minder protects, -1 when he is
	// not in play; MinderDead once he has taken a bullet (§11.4).
	Minder     int  `json:"minder"`
	MinderDead bool `json:"minder_dead,omitempty"`
	// Courtesans are the general courtesans on overseers and managers
	// (their establishments are Compromised too).
	Courtesans []Placed `json:"courtesans,omitempty"`
	// Lido is the seat the Lido Courtesan races against to the North
	// China Daily Mail (ST-G9), -1 while she is at the Lido.
	Lido int `json:"lido"`
	// Used are the once-a-year special contractors used this year: lido,
	// customs, spy. Withdrawn are the roles of rackets whose contractors
	// were withdrawn on a loss of control, until next year (ST-A44).
	Used      []string `json:"used,omitempty"`
	Withdrawn []string `json:"withdrawn,omitempty"`
	// Fresh are the rackets gained in the open step, whose special
	// contractor cannot be used in it (§6.1, ST-A42).
	Fresh []int `json:"fresh,omitempty"`
	// Loans are what players owe each other for money lent (§9.1), net.
	Loans []Loan `json:"loans,omitempty"`
	// Table holds the exchanges offered in the open Collusion Phase and
	// Answers the answers to them, each put there as its file arrived
	// (offer.go); both are emptied when the step closes.
	Table   []tableOffer  `json:"table,omitempty"`
	Answers []tableAnswer `json:"answers,omitempty"`
}

// Rules are the parts of the advanced game (§11) a campaign plays.
type Rules struct {
	// SuddenFrom to SuddenTo are the years whose Cycle Turn begins with
	// the sudden-death roll (§11.2), 0 without it; a roll of Threshold or
	// more makes the year the last.
	SuddenFrom int `json:"sudden_from,omitempty"`
	SuddenTo   int `json:"sudden_to,omitempty"`
	Threshold  int `json:"threshold,omitempty"`
	// Length is a nominated length in years (§11.3), 0 for the basic one.
	Length int `json:"length,omitempty"`
	// The national differences of §11.4.
	Exclusive bool `json:"exclusive,omitempty"`
	Marines   bool `json:"marines,omitempty"`
	Minder    bool `json:"minder,omitempty"`
	Spy       bool `json:"spy,omitempty"`
}

// Placed is a contractor on an establishment and who hired it.
type Placed struct {
	Loc int `json:"loc"`
	By  int `json:"by"` // seat; -1 when set up without one
}

// Loan is a debt: To owes From N (§9.1).
type Loan struct {
	From int `json:"from"`
	To   int `json:"to"`
	N    int `json:"n"`
}

// Deals are a player's standing deals of part 2 (ST-A1, ST-A2). Offers,
// asks, credit lines, the roulette wager, the picnic choice and extortion
// are secret; fees and refunds are public notices, like allow (ST-X4).
type Deals struct {
	// Offers: the most the player pays to avert (lido, customs, spy) or to
	// end (inspector, courtesan) a contractor's work on them; Asks: the
	// least they accept, as the contractor's owner or hirer.
	Offers map[string]int `json:"offers,omitempty"`
	Asks   map[string]int `json:"asks,omitempty"`
	// Credit are standing lines of credit, lent or borrowed, used when the
	// borrower cannot pay a fine or an obligatory payment (ST-A39).
	Credit []Credit `json:"credit,omitempty"`
	// Roulette is the standing roulette wager (0: the minimum; the owner
	// wagers only when it is set).
	Roulette int `json:"roulette,omitempty"`
	// Withdraw: as the Racetrack's owner, take half the pool and withdraw
	// from the Picnic Races when the pool is at least WithdrawAt.
	Withdraw   bool `json:"withdraw,omitempty"`
	WithdrawAt int  `json:"withdraw_at,omitempty"`
	// NoExtort: as the Monastery's owner, the monks take nothing.
	NoExtort bool `json:"no_extort,omitempty"`
	// Fees vary what others pay this player (public); Refunds are the
	// parts of lost wagers paid back (public, percent).
	Fees    []Fee `json:"fees,omitempty"`
	Refunds []Fee `json:"refunds,omitempty"`
}

// Credit is one side of a line of credit: lent to (Lend) or borrowed
// from Seat, up to N.
type Credit struct {
	Seat int  `json:"seat"`
	N    int  `json:"n"`
	Lend bool `json:"lend,omitempty"`
}

// Fee is a varied fee or a refund: Kind for To (-1: anybody else), N
// ($ooo, or percent for commissions and refunds).
type Fee struct {
	Kind string `json:"kind"`
	To   int    `json:"to"`
	N    int    `json:"n"`
}

// Kinds of fees a payee may vary or waive (§9.3, ST-A1).
const (
	feeFine       = "fine"
	feeAirfield   = "airfield"
	feeFerry      = "ferry"
	feeTransport  = "transport"
	feeCommission = "commission"
	feeGala       = "gala"
	feeExtortion  = "extortion"
)

// Kinds of deals of the registry (ST-A2): attacks averted, and contractors
// removed.
const (
	dealLido      = "lido"
	dealCustoms   = "customs"
	dealSpy       = "spy"
	dealInspector = "inspector"
	dealCourtesan = "courtesan"
)

// Refundable wagers (§9.3).
const (
	refundRoulette = "roulette"
	refundPicnic   = "picnic"
)

// newUnderworld is part 2's state at the start: the basic game, nobody
// minded, the Lido Courtesan at home.
func newUnderworld() *Underworld { return &Underworld{Minder: -1, Lido: -1} }

// clone returns a deep copy.
func (x *Underworld) clone() *Underworld {
	if x == nil {
		return nil
	}
	c := *x
	c.Police = slices.Clone(x.Police)
	c.Monks = slices.Clone(x.Monks)
	c.Marines = slices.Clone(x.Marines)
	c.Courtesans = slices.Clone(x.Courtesans)
	c.Used = slices.Clone(x.Used)
	c.Withdrawn = slices.Clone(x.Withdrawn)
	c.Fresh = slices.Clone(x.Fresh)
	c.Loans = slices.Clone(x.Loans)
	c.Table = slices.Clone(x.Table)
	c.Answers = slices.Clone(x.Answers)
	return &c
}

// clone returns a deep copy.
func (x *Deals) clone() *Deals {
	if x == nil {
		return nil
	}
	c := *x
	c.Offers = maps.Clone(x.Offers)
	c.Asks = maps.Clone(x.Asks)
	c.Credit = slices.Clone(x.Credit)
	c.Fees = slices.Clone(x.Fees)
	c.Refunds = slices.Clone(x.Refunds)
	return &c
}

// collusion reports whether the open step is the Collusion Phase.
func (s *State) collusion() bool { return s.Underworld != nil && s.Underworld.Collusion }

// book is the rulebook the state is played by: the engine's, set on the
// state it plays; none of the underworld's rules when the state has no
// underworld to play them with.
func (s *State) book() *rulebook {
	if s.rules == nil || s.rules.city() && s.Underworld == nil {
		return &basicRules
	}
	return s.rules
}

// basicRules are the switches of a state that plays none of the
// underworld: all off.
var basicRules rulebook

// deals returns p's standing deals, creating them.
func (s *State) deals(p int) *Deals {
	me := &s.Players[p]
	if me.Deals == nil {
		me.Deals = &Deals{}
	}
	return me.Deals
}

// used reports whether a once-a-year contractor (lido, customs, spy) has
// been used this year.
func (s *State) used(kind string) bool {
	return s.book().Contractors && slices.Contains(s.Underworld.Used, kind)
}

// withdrawn reports whether the contractors of the racket of role r were
// withdrawn until next year (ST-A44).
func (s *State) withdrawn(r string) bool {
	return s.book().Contractors && slices.Contains(s.Underworld.Withdrawn, r)
}

// fresh reports whether racket i was gained in the open step (ST-A42).
func (s *State) fresh(i int) bool {
	return s.book().Contractors && slices.Contains(s.Underworld.Fresh, i)
}

// contractorsOut reports whether the year's contractors are out of play:
// in the last year only assassins, bodyguards and the minder remain
// (§10.2, ST-A36).
func (s *State) contractorsOut() bool { return s.lastYear() }

// nationality returns the seat of the player of nationality n in the
// city, or -1.
func (s *State) nationality(n string) int {
	for i := range s.Players {
		if s.Players[i].Nationality == n && s.Players[i].inCity() {
			return i
		}
	}
	return -1
}

// spyOwner, minderOwner and marinesOwner are the seats of the German,
// White Russian and Japanese players when the advanced rules put their
// contractors in play, else -1.
func (s *State) spyOwner() int {
	if !s.book().Advanced || !s.Underworld.Rules.Spy {
		return -1
	}
	return s.nationality(s.d().Spy.Nationality)
}

func (s *State) minderOwner() int {
	if !s.book().Advanced || !s.Underworld.Rules.Minder || s.Underworld.MinderDead {
		return -1
	}
	return s.nationality(s.d().Minder.Nationality)
}

func (s *State) marinesOwner() int {
	if !s.book().Advanced || !s.Underworld.Rules.Marines {
		return -1
	}
	return s.nationality(s.d().Marines.Nationality)
}

// minded reports whether seat p is protected by the minder.
func (s *State) minded(p int) bool { return s.book().Advanced && s.Underworld.Minder == p && p >= 0 }

// guarded reports whether location i is guarded by the marines.
func (s *State) guarded(i int) bool {
	return s.book().Advanced && slices.Contains(s.Underworld.Marines, i)
}

// policeIn and monksIn report whether police or monks are in district d.
func (s *State) policeIn(d int) bool {
	return s.book().Contractors && slices.Contains(s.Underworld.Police, d)
}
func (s *State) monksIn(d int) bool {
	return s.book().Contractors && slices.Contains(s.Underworld.Monks, d)
}

// mayControl reports whether seat p may control racket i under the
// advanced rules' exclusive rackets (§11.4).
func (s *State) mayControl(p, i int) bool {
	if !s.book().Advanced || !s.Underworld.Rules.Exclusive {
		return true
	}
	n, ok := s.d().Exclusive[s.d().loc(i).Role]
	return !ok || s.Players[p].Nationality == n
}

// exclusive reports whether racket i is reserved to a nationality and so
// can never be transferred (§11.4).
func (s *State) exclusive(i int) bool {
	if !s.book().Advanced || !s.Underworld.Rules.Exclusive {
		return false
	}
	_, ok := s.d().Exclusive[s.d().loc(i).Role]
	return ok
}

// fee is what payer pays owner for a fee of kind whose printed amount is
// printed: the owner's standing fee for payer, else for anybody, else the
// printed amount (§9.3, ST-A1).
func (s *State) fee(owner int, kind string, payer, printed int) int {
	if owner < 0 || !s.book().Deals || s.Players[owner].Deals == nil {
		return printed
	}
	n := printed
	for _, f := range s.Players[owner].Deals.Fees {
		if f.Kind != kind {
			continue
		}
		if f.To == payer {
			return min(f.N, printed)
		}
		if f.To < 0 {
			n = min(f.N, printed)
		}
	}
	return n
}

// refund is the percentage of a lost wager owner pays payer back.
func (s *State) refund(owner int, kind string, payer int) int {
	if owner < 0 || !s.book().Deals || s.Players[owner].Deals == nil {
		return 0
	}
	n := 0
	for _, f := range s.Players[owner].Deals.Refunds {
		if f.Kind != kind {
			continue
		}
		if f.To == payer {
			return f.N
		}
		if f.To < 0 {
			n = f.N
		}
	}
	return n
}

// offer and ask are p's standing offer or ask for a deal of kind, and
// whether there is one.
func (s *State) offer(p int, kind string) (int, bool) {
	if dl := s.Players[p].Deals; dl != nil {
		n, ok := dl.Offers[kind]
		return n, ok
	}
	return 0, false
}

func (s *State) ask(p int, kind string) (int, bool) {
	if dl := s.Players[p].Deals; dl != nil {
		n, ok := dl.Asks[kind]
		return n, ok
	}
	return 0, false
}
