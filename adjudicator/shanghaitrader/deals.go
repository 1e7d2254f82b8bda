package shanghaitrader

import "slices"

// standingDeals applies the standing deals sent with the step
// (ST-X4): the roulette wager, the picnic choice, extortion, fees,
// refunds, offers, asks and lines of credit, in force from its start.
func (r *run) standingDeals(p int, pl *plan) {
	x := pl.city()
	s := r.s
	if !(x.RouletteSet || x.PicnicSet || x.ExtortSet || x.FeesSet || x.RefundsSet || x.OffersSet || x.AsksSet || x.CreditSet) {
		return
	}
	dl := s.deals(p)
	if x.RouletteSet {
		dl.Roulette = x.Roulette
	}
	if x.PicnicSet {
		dl.Withdraw, dl.WithdrawAt = x.Withdraw, x.WithdrawAt
	}
	if x.ExtortSet {
		dl.NoExtort = x.NoExtort
	}
	if x.FeesSet {
		dl.Fees = slices.Clone(x.Fees)
	}
	if x.RefundsSet {
		dl.Refunds = slices.Clone(x.Refunds)
	}
	// The state takes the reading's maps as they are: a map of the deals
	// is never changed in place, only replaced (and cloned with the
	// state).
	if x.OffersSet {
		dl.Offers = x.Offers
	}
	if x.AsksSet {
		dl.Asks = x.Asks
	}
	if x.CreditSet {
		dl.Credit = slices.Clone(x.Credit)
	}
	if dl.Offers != nil && len(dl.Offers) == 0 {
		dl.Offers = nil
	}
	if dl.Asks != nil && len(dl.Asks) == 0 {
		dl.Asks = nil
	}
	if dl.Credit != nil && len(dl.Credit) == 0 {
		dl.Credit = nil
	}
	if dl.Fees != nil && len(dl.Fees) == 0 {
		dl.Fees = nil
	}
	if dl.Refunds != nil && len(dl.Refunds) == 0 {
		dl.Refunds = nil
	}
	if dl.clean() {
		s.Players[p].Deals = nil
	}
}

// clean reports whether the deals hold nothing.
func (x *Deals) clean() bool {
	return x.Offers == nil && x.Asks == nil && x.Credit == nil && x.Roulette == 0 && !x.Withdraw && x.WithdrawAt == 0 &&
		!x.NoExtort && x.Fees == nil && x.Refunds == nil
}

// lent records that from lent to n: the debt between them, net.
func (r *run) lent(from, to, n int) {
	x := r.s.Underworld
	for k := range x.Loans {
		l := &x.Loans[k]
		switch {
		case l.From == from && l.To == to:
			l.N += n
			return
		case l.From == to && l.To == from:
			l.N -= n
			if l.N < 0 {
				l.From, l.To, l.N = from, to, -l.N
			}
			if l.N == 0 {
				x.Loans = slices.Delete(x.Loans, k, k+1)
			}
			return
		}
	}
	x.Loans = append(x.Loans, Loan{From: from, To: to, N: n})
}

// loans makes the loans both sides ordered (§9.1 "You may freely borrow
// from and lend money to other players at any time"): the smaller of the
// two sums, if the lender has it. Loans are the two players' business:
// only they are told (rules-analysis 1d, private deals).
func (r *run) loans() {
	s := r.s
	for p, pl := range r.plans {
		if pl == nil {
			continue
		}
		for _, l := range pl.city().Lend {
			q := l.Seat
			var want *loanOrder
			if pq := r.plans[q]; pq != nil {
				for k := range pq.city().Borrow {
					if pq.city().Borrow[k].Seat == p {
						want = &pq.city().Borrow[k]
					}
				}
			}
			if want == nil {
				r.tell(p, "%s did not order to borrow from you: no loan.", s.Players[q].Name)
				continue
			}
			n := min(l.N, want.N)
			if s.Players[p].Cash < n {
				r.tellTwo(p, q, "%s has not the cash to lend %s %s: no loan.", s.Players[p].Name, s.Players[q].Name, money(n))
				continue
			}
			s.Players[p].Cash -= n
			s.Players[q].Cash += n
			r.lent(p, q, n)
			r.tellTwo(p, q, "%s lends %s %s (§9.1).", s.Players[p].Name, s.Players[q].Name, money(n))
		}
		for _, b := range pl.city().Borrow {
			q := b.Seat
			if pq := r.plans[q]; pq == nil || !slices.ContainsFunc(pq.city().Lend, func(l loanOrder) bool { return l.Seat == p }) {
				r.tell(p, "%s did not order to lend to you: no loan.", s.Players[q].Name)
			}
		}
	}
}

// creditLine is what lender stands borrower on the lines of credit both
// filed: the smaller of the two.
func (s *State) creditLine(lender, borrower int) int {
	find := func(p, q int, lend bool) int {
		if dl := s.Players[p].Deals; dl != nil {
			for _, c := range dl.Credit {
				if c.Seat == q && c.Lend == lend {
					return c.N
				}
			}
		}
		return 0
	}
	return min(find(lender, borrower, true), find(borrower, lender, false))
}

// useCredit lends p what p's lines of credit allow, up to need more
// cash, before any auction (ST-A39 step 1): lenders in initiative order,
// each as far as their cash goes; the lines shrink by what is lent.
func (r *run) useCredit(p, need int) {
	s := r.s
	if !s.book().Deals {
		return
	}
	for _, q := range s.Order {
		short := need - s.Players[p].Cash
		if short <= 0 {
			return
		}
		line := s.creditLine(q, p)
		if q == p || line <= 0 || !s.Players[q].inCity() {
			continue
		}
		n := min(line, short, s.Players[q].Cash)
		if n <= 0 {
			continue
		}
		s.Players[q].Cash -= n
		s.Players[p].Cash += n
		r.lent(q, p, n)
		for _, c := range []struct {
			who, seat int
			lend      bool
		}{{q, p, true}, {p, q, false}} {
			dl := s.Players[c.who].Deals
			for k := range dl.Credit {
				if e := &dl.Credit[k]; e.Seat == c.seat && e.Lend == c.lend {
					e.N -= n
				}
			}
			dl.Credit = slices.DeleteFunc(dl.Credit, func(e Credit) bool { return e.N <= 0 })
			if len(dl.Credit) == 0 {
				dl.Credit = nil
			}
		}
		r.tellTwo(p, q, "On the line of credit, %s lends %s %s (§9.1, ST-A39).", s.Players[q].Name, s.Players[p].Name, money(n))
	}
}

// deal looks for a deal of kind in the registry (ST-A2) between payer
// (the target) and payee (the contractor's owner or hirer): it is struck
// when the payer's standing offer is at least the payee's standing ask
// and the payer has the cash; the payer pays the ask. The public learns
// that a deal was struck; the price only the two.
func (r *run) deal(payer, payee int, kind, what string) bool {
	s := r.s
	if payer == payee || payee < 0 {
		return false
	}
	offer, offerOK := s.offer(payer, kind)
	ask, askOK := s.ask(payee, kind)
	if !offerOK || !askOK || offer < ask || s.Players[payer].Cash < ask {
		return false
	}
	s.Players[payer].Cash -= ask
	s.Players[payee].Cash += ask
	r.say("%s and %s strike a deal: %s (ST-A2).", s.Players[payer].Name, s.Players[payee].Name, what)
	// The price is the ask; the offer, which may have been more, stays
	// the payer's secret.
	r.tellTwo(payer, payee, "The deal's price: %s pays %s %s.", s.Players[payer].Name, s.Players[payee].Name, money(ask))
	return true
}

// removalDeals ends, by deals of the registry, the customs inspector's
// closure ("Even after a successful customs raid, the parties can do a
// deal to remove the inspector") and the general courtesans' compromise
// ("or earlier if the parties do a deal") (§3.3), at the start of a step.
func (r *run) removalDeals() {
	s := r.s
	d := s.d()
	for i := range s.Estabs {
		e := &s.Estabs[i]
		if !e.Closed || e.Owner < 0 {
			continue
		}
		if r.deal(e.Owner, s.ownerOfRole(roleCustoms), dealInspector, "the customs inspector leaves "+d.locName(i)) {
			e.Closed = false
		}
	}
	for k := 0; k < len(s.Underworld.Courtesans); k++ {
		c := s.Underworld.Courtesans[k]
		o := s.Estabs[c.Loc].Owner
		if c.By < 0 || o < 0 || !s.Players[c.By].inCity() {
			continue
		}
		if r.deal(o, c.By, dealCourtesan, "the courtesan leaves "+d.locName(c.Loc)+" and goes back to the Brothels") {
			s.Estabs[c.Loc].Compromised = false
			s.Underworld.Courtesans = slices.Delete(s.Underworld.Courtesans, k, k+1)
			k--
		}
	}
}
