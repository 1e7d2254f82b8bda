package shanghaitrader

import (
	"slices"

	"taipan/adjudicator/engine"
)

var _ engine.Redealer = Engine{}

// Redeal returns a copy of the state in which everything player may not
// see is drawn anew from rng, from what player sees alone
// (engine.Redealer). Shanghai Trader has no cards: what a seat may not see
// is the other players' money and secret standing orders (ST-X14, 1d),
// the loans between two others (ST-X18), the bank's ledger (the GM's),
// and the set-up's fixed dice still to come. So, for every other player
// in seat order:
//
//   - cash and bank are what the Daily Mail last told player of them
//     (Disclosure), moved on by the revenue their holdings (public) have
//     earned since; without a disclosure, the start money and the revenue
//     of the years played, less what their holdings cost. The estimate is
//     then jittered by a few $5ooo from rng, and the bank kept in lots;
//   - the sell order, the sealed bids, what the Daily Mail told them, and
//     the secret part of their deals (offers, asks, lines of credit, the
//     roulette wager, the picnic and extortion choices) are cleared: the
//     documented defaults, which is what a seat that never said otherwise
//     plays. Fees and refunds, public notices, stay.
//
// The loans between two other players are dropped (player's own stay),
// and so are the offers on the Collusion Phase's table that are neither
// player's nor made to player, and the others' answers (offer.go: only
// the two parties see an offer, only its maker's addressee answers it),
// the fixed dice not yet used are dropped (the redealt world rolls from
// the stream), and the ledger is made to balance the redealt money
// (Issued is what the players hold, nothing paid or drawn), so that the
// GM's invariant holds in the copy too. Player's own seat and everything
// public is kept as it is: what player sees of the result is what player
// saw of s.
func (e Engine) Redeal(as engine.State, player string, rng *engine.Rand) engine.State {
	s := e.at(as).clone()
	me := s.seat(player)
	d := s.d()
	for q := range s.Players {
		if q == me {
			continue
		}
		cash, bank := s.guessMoney(me, q)
		if j := rng.Intn(9) - 4; s.Players[q].inCity() && cash+d.Unit*j >= 0 {
			cash += d.Unit * j
		}
		pl := &s.Players[q]
		pl.Cash, pl.Bank = cash, bank
		pl.Sell, pl.Bids, pl.Known = nil, nil, nil
		if dl := pl.Deals; dl != nil {
			pl.Deals = &Deals{Fees: dl.Fees, Refunds: dl.Refunds}
			if len(dl.Fees)+len(dl.Refunds) == 0 {
				pl.Deals = nil
			}
		}
	}
	if u := s.Underworld; u != nil {
		var keep []Loan
		for _, l := range u.Loans {
			if l.From == me || l.To == me {
				keep = append(keep, l)
			}
		}
		u.Loans = keep
		u.Table = slices.DeleteFunc(u.Table, func(o tableOffer) bool { return o.From != me && o.To != me })
		u.Answers = slices.DeleteFunc(u.Answers, func(a tableAnswer) bool { return a.By != me })
		if len(u.Table) == 0 {
			u.Table = nil
		}
		if len(u.Answers) == 0 {
			u.Answers = nil
		}
	}
	s.Dice = s.Dice[:min(s.DiceUsed, len(s.Dice))]
	if len(s.Dice) == 0 {
		s.Dice, s.DiceUsed = nil, 0
	}
	s.Issued, s.Paid, s.Drawn = s.total(), nil, nil
	return s
}

// guessMoney is seat me's estimate of seat q's cash and bank from what me
// may see: the latest Daily Mail disclosure plus the revenue of q's
// holdings for each Revenue Phase since, or else the start money plus the
// revenue of the years played less the price of q's holdings. The bank is
// a disclosed one, else nothing (an estimate that does not tell).
func (s *State) guessMoney(me, q int) (cash, bank int) {
	d := s.d()
	pl := &s.Players[q]
	if !pl.inCity() {
		// An escaped player's account is hidden until the end; the
		// estimate is what they had when last told, else nothing.
		if k := s.disclosure(me, q); k != nil {
			return 0, k.Bank
		}
		return 0, 0
	}
	revenue := s.income(q).Revenue
	if k := s.disclosure(me, q); k != nil {
		return k.Cash + revenue*max(0, s.Year-k.Year), k.Bank
	}
	cash = d.StartCash + revenue*max(0, s.Year-1)
	for i, e := range s.Estabs {
		if e.Owner == q {
			cash -= d.cost(i)
		}
	}
	return max(0, cash/d.Unit*d.Unit), 0
}

// disclosure is the latest Daily Mail figure seat me holds of seat q, or
// nil (me < 0: none).
func (s *State) disclosure(me, q int) *Disclosure {
	if me < 0 {
		return nil
	}
	var out *Disclosure
	for i, k := range s.Players[me].Known {
		if k.Of == q {
			out = &s.Players[me].Known[i]
		}
	}
	return out
}
