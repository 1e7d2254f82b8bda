package shanghaitrader

import (
	"slices"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

var _ engine.ArrivalChecker = Engine{}

// CheckArrival refuses, each with its line, field and reason, the orders
// of a Seasonal Turn that Check takes but that the position the file sees
// shows can never apply this turn (engine.ArrivalChecker): a move list
// none of whose moves can be made (neverMoves: stay where one could not
// move automatically, an automatic move to a racket one may not enter
// with nobody moving first, §2.3), and deposit:, withdraw: or
// daily-mail: when neither the moves nor the default move that replaces
// them can end at the Banks (or the Currency Trader) or the Daily Mail
// (§8.1, §8.2, §8.3), and fan-tan: or opium: when none of them rolls for
// the district of Fan Tan Gambling or the Opium Dens, the only way to
// land there of one's own will (§7.3, §7.6). An assassin who cannot strike is refused by Check
// itself (assassinTarget). What may still apply is taken, and the
// acknowledgement says on what it waits (Fills).
//
// The position is the one the close resolves: a player's own place does
// not change before their move, and nobody but an earlier mover can open
// a racket to them. Check and Read still take such orders (the close
// plays the default in their place), as every log that holds them was
// played, so the refusal is the host's on arrival alone and no version
// of the rules changes.
func (e Engine) CheckArrival(as engine.State, player string, items []orders.Item) error {
	s := e.at(as)
	p := s.seat(player)
	if p < 0 || s.Over || !s.Players[p].inCity() || s.collusion() {
		return nil
	}
	pl, err := s.parse(p, items)
	if err != nil {
		return nil // Check's to refuse
	}
	return s.cannotApply(p, items, pl)
}

// cannotApply is CheckArrival's refusal of p's items, read as pl.
func (s *State) cannotApply(p int, items []orders.Item, pl *plan) error {
	d := s.d()
	var errs orders.List
	for _, it := range items {
		v, ok := s.rules.verbs.lookup(it.Verb)
		if !ok {
			continue
		}
		switch v.name {
		case verbMove:
			if why := s.neverMoves(p, pl.Move); why != "" {
				errs = append(errs, it.Errorf("this can never apply: %s; leave move out for the default move (%s), or give one that can", why, s.defaultMove(p).Text))
			}
		case verbDeposit, verbWithdraw:
			if !s.bankInReach(p, s.reachMoves(p, pl)) {
				errs = append(errs, it.Errorf("this can never apply: none of your moves, nor the default move, can take you to %s this turn (§8.1); leave it out", s.bankNames()))
			}
		case verbDailyMail:
			if pl.DailyMail >= 0 && !s.inReach(p, s.reachMoves(p, pl), true, func(i int) bool { return i == d.mail }) {
				errs = append(errs, it.Errorf("this can never apply: none of your moves, nor the default move, can take you to %s this turn (§8.3); leave it out", d.locName(d.mail)))
			}
		case verbFanTan, verbOpium:
			den, rule := d.role(roleFanTan), "§7.3"
			if v.name == verbOpium {
				den, rule = d.role(roleOpium), "§7.6"
			}
			if den >= 0 && !s.inReach(p, s.reachMoves(p, pl), false, func(i int) bool { return i == den }) {
				errs = append(errs, it.Errorf("this can never apply: none of your moves, nor the default move, rolls for %s, where %s lies (%s); leave it out", d.district(den).Name, d.locName(den), rule))
			}
		}
	}
	return errs.Err()
}

// reachMoves are the moves that may end p's move under pl: those given,
// up to the first that is sure to apply, and the default move, which
// replaces them when none does (chooseMove).
func (s *State) reachMoves(p int, pl *plan) []moveOpt {
	for i, m := range pl.Move {
		if s.sureMove(p, m) {
			return pl.Move[: i+1 : i+1]
		}
	}
	return append(slices.Clip(pl.Move), s.defaultMove(p))
}

// sureMove reports whether chooseMove takes m whatever happens before
// p's move: it has no condition, and nothing another player does can
// stop it (a racket's owner or an auction can, so no move to or stay at
// a racket is sure).
func (s *State) sureMove(p int, m moveOpt) bool {
	d := s.d()
	me := &s.Players[p]
	if len(m.If) > 0 {
		return false
	}
	switch m.Kind {
	case mvRoll:
		return !me.Passport
	case mvEscape:
		return me.Passport && me.At == d.airfield
	case mvAuto:
		return m.To != me.At && d.loc(m.To).Type != typeRacket && s.autoOK(p, m.To)
	case mvStay:
		return me.At >= 0 && d.loc(me.At).Type != typeRacket && s.stayOK(p)
	}
	return false
}
