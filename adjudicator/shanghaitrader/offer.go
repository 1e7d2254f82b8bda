package shanghaitrader

import (
	"cmp"
	"fmt"
	"slices"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Deals in one round: in the Collusion Phase a player puts an
// exchange, a loan or a fee waiver on the table with offer: {to: PLAYER,
// give: [...], get: [...], lend: N, borrow: N, give_waiver: [FEES],
// get_waiver: [FEES]} (any of them together, as one deal), and its
// addressee answers it in the same step with accept: or decline:,
// or a counter-offer of their own; a standing answer (accept: {from:
// PLAYER, if_get: [...]}) accepts any offer of that player that gives
// all it names. Each file is put on the table as soon as it is logged
// (engine.OpenOrders), so the addressee's view shows the offer, and
// only theirs; the step then waits for the addressee's answer
// (engine.Status.Answering) until its deadline. The Exchange Segment
// carries out each accepted offer as it carries out two mirror
// exchanges (§2.3: "transfers ... upon agreement", §6.1), and with it
// the offer's loan (§9.1 "You may freely borrow from and lend money to
// other players at any time") and fee waivers (§9.3 "You are free to vary
// or waive fines, charges and commissions").

// A tableOffer is a deal a player offered another in the open Collusion
// Phase: From gives Give and GiveCash for Get and GetCash, lends To Lend
// or borrows Borrow from them, waives To the fees GiveWaiver and asks To
// to waive From the fees GetWaiver. Seq counts the files put on the table
// before it, so that a counter-offer is told from the offer it answers.
type tableOffer struct {
	Seq        int      `json:"seq"`
	From       int      `json:"from"`
	To         int      `json:"to"`
	Give       []int    `json:"give,omitempty"`
	Get        []int    `json:"get,omitempty"`
	GiveCash   int      `json:"give_cash,omitempty"`
	GetCash    int      `json:"get_cash,omitempty"`
	Lend       int      `json:"lend,omitempty"`
	Borrow     int      `json:"borrow,omitempty"`
	GiveWaiver []string `json:"give_waiver,omitempty"`
	GetWaiver  []string `json:"get_waiver,omitempty"`
	Text       string   `json:"text"`
}

// A tableAnswer is By's answer to From's offer: Terms is the offer's
// text as By answered it (an answer holds only while the offer stands
// as it was), or, for a standing answer, IfGet the establishments any
// offer of From must give By to be accepted.
type tableAnswer struct {
	By       int    `json:"by"`
	From     int    `json:"from"`
	Accept   bool   `json:"accept,omitempty"`
	Terms    string `json:"terms,omitempty"`
	Standing bool   `json:"standing,omitempty"`
	IfGet    []int  `json:"if_get,omitempty"`
}

// exchange is the offer as the Exchange Segment carries it out, seen
// from its maker.
func (o tableOffer) exchange() exchange {
	return exchange{With: o.To, Give: o.Give, Get: o.Get, GiveCash: o.GiveCash, GetCash: o.GetCash, Text: o.Text}
}

// exchanges reports whether the offer transfers establishments or cash
// outright, and so is the pair's one exchange of the year (§2.3); a loan
// or a waiver alone is not.
func (o tableOffer) exchanges() bool {
	return len(o.Give)+len(o.Get) > 0 || o.GiveCash+o.GetCash > 0
}

// covers reports whether answer a answers offer o, and then whether it
// accepts it.
func (a tableAnswer) covers(o tableOffer) (answers, accepts bool) {
	if a.By != o.To || a.From != o.From {
		return false, false
	}
	if a.Standing {
		for _, i := range a.IfGet {
			if !slices.Contains(o.Give, i) {
				return false, false
			}
		}
		return true, true
	}
	if a.Terms != o.Text {
		return false, false
	}
	return true, a.Accept
}

// answered reports whether o's addressee has answered it: accepted or
// declined it as it stands, accepted it by a standing answer, or made
// its maker a counter-offer since; and whether the answer accepts it.
func (x *Underworld) answered(o tableOffer) (answered, accepted bool) {
	for _, a := range x.Answers {
		if ok, yes := a.covers(o); ok {
			return true, yes
		}
	}
	for _, c := range x.Table {
		if c.From == o.To && c.To == o.From && c.Seq > o.Seq {
			return true, false
		}
	}
	return false, false
}

var _ engine.OpenOrders = Engine{}

// ApplyOpen puts player's offers and answers on the table as soon as
// their file is logged, in place of those of their earlier file, so that
// the offers' addressees see them before the step closes. Version 1 has
// no Collusion Phase, and outside it there is no table.
func (e Engine) ApplyOpen(as engine.State, player string, items []orders.Item) (engine.State, error) {
	s := e.at(as)
	p := s.seat(player)
	if !s.book().Collusion || !s.collusion() || p < 0 {
		return s, nil
	}
	mine := func(o tableOffer) bool { return o.From == p }
	onTable := slices.ContainsFunc(s.Underworld.Table, mine) ||
		slices.ContainsFunc(s.Underworld.Answers, func(a tableAnswer) bool { return a.By == p })
	if !onTable && !s.dealsIn(items) {
		// Most files of the phase neither offer nor answer, and leave
		// nothing to take off the table: not read here, only at the close.
		return s, nil
	}
	pl, err := s.parse(p, items)
	if err != nil {
		return s, err
	}
	if len(pl.city().Offered)+len(pl.city().Answers) == 0 && !onTable {
		return s, nil
	}
	c := *s
	c.Underworld = s.Underworld.clone()
	s = &c
	x := s.Underworld
	seq := 1
	for _, o := range x.Table {
		seq = max(seq, o.Seq+1)
	}
	x.Table = slices.DeleteFunc(x.Table, mine)
	x.Answers = slices.DeleteFunc(x.Answers, func(a tableAnswer) bool { return a.By == p })
	for _, o := range pl.city().Offered {
		o.Seq, o.From = seq, p
		x.Table = append(x.Table, o)
	}
	x.Answers = append(x.Answers, pl.city().Answers...)
	slices.SortStableFunc(x.Table, func(a, b tableOffer) int { return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To)) })
	slices.SortStableFunc(x.Answers, func(a, b tableAnswer) int { return cmp.Or(cmp.Compare(a.By, b.By), cmp.Compare(a.From, b.From)) })
	if len(x.Table) == 0 {
		x.Table = nil
	}
	if len(x.Answers) == 0 {
		x.Answers = nil
	}
	return s, nil
}

// dealsIn reports whether items hold an offer or an answer to one: the
// orders that put something on the table.
func (s *State) dealsIn(items []orders.Item) bool {
	for _, it := range items {
		if v, ok := s.rules.verbs.lookup(it.Verb); ok && (v.name == verbOffer || v.name == verbAccept || v.name == verbDecline) {
			return true
		}
	}
	return false
}

// Awaiting are the offers on the table to player that wait for their
// answer, as their view words them.
func (e Engine) Awaiting(as engine.State, player string) []string {
	s := e.at(as)
	p := s.seat(player)
	if p < 0 || s.Underworld == nil {
		return nil
	}
	var out []string
	for _, o := range s.Underworld.Table {
		if ok, _ := s.Underworld.answered(o); o.To == p && !ok {
			out = append(out, s.offerLine(o, p))
		}
	}
	return out
}

// answering are the players an offer on the table waits for: its
// addressees who have not answered it as it stands.
func (s *State) answering() []string {
	x := s.Underworld
	if x == nil {
		return nil
	}
	var out []string
	for _, o := range x.Table {
		if ok, _ := x.answered(o); !ok && !slices.Contains(out, s.Players[o.To].Name) {
			out = append(out, s.Players[o.To].Name)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Compare(s.seat(a), s.seat(b)) })
	return out
}

// tableDeals carries out the accepted offers of the table in the
// Exchange Segment, in the initiative order of their makers, after the
// mirror exchanges; done are the pairs of players already settled, and
// an offer between them that exchanges is not considered: one exchange a
// pair (§2.3). An offer is one deal, carried out whole or not at all.
func (r *run) tableDeals(done map[[2]int]bool) {
	s := r.s
	x := s.Underworld
	for _, p := range slices.Clone(s.Order) {
		for _, o := range x.Table {
			if o.From != p {
				continue
			}
			q := o.To
			key := [2]int{min(p, q), max(p, q)}
			answered, accepted := x.answered(o)
			switch {
			case done[key] && o.exchanges():
				r.tellTwo(p, q, "%s's offer to %s (%s) is not considered: the two have already settled their exchange this year (§2.3).", s.Players[p].Name, s.Players[q].Name, o.Text)
				continue
			case !answered:
				r.tellTwo(p, q, "%s's offer to %s (%s) lapses: %s did not answer it (§2.3 \"upon agreement\").", s.Players[p].Name, s.Players[q].Name, o.Text, s.Players[q].Name)
				continue
			case !accepted:
				r.tellTwo(p, q, "%s declines %s's offer (%s).", s.Players[q].Name, s.Players[p].Name, o.Text)
				continue
			}
			if o.exchanges() {
				done[key] = true
			}
			if why := r.offerRefused(o); why != "" {
				r.tellTwo(p, q, "%s accepts %s's offer, but it is refused: %s.", s.Players[q].Name, s.Players[p].Name, why)
				continue
			}
			r.tellTwo(p, q, "%s accepts %s's offer (%s).", s.Players[q].Name, s.Players[p].Name, o.Text)
			if o.exchanges() {
				r.exchange(p, o.exchange())
			}
			r.lendOnOffer(o)
			r.waive(p, q, o.GiveWaiver)
			r.waive(q, p, o.GetWaiver)
		}
	}
	x.Table, x.Answers = nil, nil
}

// offerRefused is why accepted offer o cannot be carried out as the
// Exchange Segment finds the two players, or "": its exchange refused
// (exchangeRefused), or the lender without the cash of the exchange and
// the loan together.
func (r *run) offerRefused(o tableOffer) string {
	s := r.s
	if o.exchanges() {
		if why := r.exchangeRefused(o.From, o.exchange()); why != "" {
			return why
		}
	}
	for _, side := range []struct{ lender, n, cash int }{{o.From, o.Lend, o.GiveCash}, {o.To, o.Borrow, o.GetCash}} {
		if side.n > 0 && s.Players[side.lender].Cash < side.n+side.cash {
			return fmt.Sprintf("%s has not the cash to lend %s", s.Players[side.lender].Name, money(side.n))
		}
	}
	return ""
}

// lendOnOffer makes the loan of accepted offer o (§9.1): its maker lends
// Lend to its addressee, or borrows Borrow from them.
func (r *run) lendOnOffer(o tableOffer) {
	s := r.s
	for _, l := range []struct{ from, to, n int }{{o.From, o.To, o.Lend}, {o.To, o.From, o.Borrow}} {
		if l.n == 0 {
			continue
		}
		s.Players[l.from].Cash -= l.n
		s.Players[l.to].Cash += l.n
		r.lent(l.from, l.to, l.n)
		r.tellTwo(l.from, l.to, "%s lends %s %s (§9.1).", s.Players[l.from].Name, s.Players[l.to].Name, money(l.n))
	}
}

// waive makes payee's standing fees of kinds nothing for payer, as
// fees: {KIND: {PAYER: 0}} would (§9.3, ST-X19): a public notice from
// then on, which the payee may vary again with fees:, as any.
func (r *run) waive(payee, payer int, kinds []string) {
	if len(kinds) == 0 {
		return
	}
	dl := r.s.deals(payee)
	fees := slices.DeleteFunc(slices.Clone(dl.Fees), func(f Fee) bool { return f.To == payer && slices.Contains(kinds, f.Kind) })
	for _, k := range kinds {
		fees = append(fees, Fee{Kind: k, To: payer, N: 0})
	}
	dl.Fees = fees
	r.say("%s waives %s's %s from now on (§9.3).", r.s.Players[payee].Name, r.s.Players[payer].Name, feeWords(kinds))
}

// tableView is what of the table player p may see: the offers p made
// and those made to p, with whether p's side has answered, and p's own
// answers. The GM (p < 0 with gm) sees it all; no one else sees any.
func (s *State) tableView(p int, gm bool) []string {
	x := s.Underworld
	if x == nil {
		return nil
	}
	var out []string
	for _, o := range x.Table {
		from, to := s.Players[o.From].Name, s.Players[o.To].Name
		answered, accepted := x.answered(o)
		state := "not answered yet"
		switch {
		case accepted:
			state = "accepted"
		case answered:
			state = "declined"
		}
		switch {
		case gm:
			out = append(out, fmt.Sprintf("%s offers %s: %s (%s).", from, to, o.Text, state))
		case o.To == p:
			out = append(out, s.offerLine(o, p))
		case o.From == p:
			out = append(out, fmt.Sprintf("You offer %s %s.", to, o.Text))
		}
	}
	return out
}

// offerLine is offer o as its addressee p sees it, with whether p has
// answered it or how to.
func (s *State) offerLine(o tableOffer, p int) string {
	from := s.Players[o.From].Name
	answered, accepted := s.Underworld.answered(o)
	state := fmt.Sprintf("answer it with accept: %s or decline: %s", from, from)
	switch {
	case accepted:
		state = "you have accepted it"
	case answered:
		state = "you have declined it"
	}
	return fmt.Sprintf("%s offers you %s (%s).", from, o.Text, state)
}
