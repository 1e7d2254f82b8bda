package shanghaitrader

import (
	"fmt"
	"strconv"
	"taipan/adjudicator/engine"
)

// run is one resolution in progress: the state it changes, the random
// stream, the orders of the step, and what happened so far.
type run struct {
	s     *State
	rng   *engine.Rand
	plans []*plan // by seat; nil for players not in the city
	hs    []engine.Happening
	// silent: the happenings are not written (ResolveSilently); nothing
	// the run decides may depend on them.
	silent bool
	// vol is the seat that moved voluntarily into an Old Chinatown den in
	// the segment being played, or -1 (the Tongs and courtesans, §3.3).
	vol int
	// to is, by seat, the recipients of a line told to that seat alone,
	// made once a Resolve and shared by its lines (never changed).
	to [][]string
}

// say records a public happening.
func (r *run) say(format string, args ...any) {
	if r.silent {
		return
	}
	r.hs = append(r.hs, engine.Happening{Text: fmt.Sprintf(format, args...)})
}

// sayText records a public happening of a text written without fmt: the
// moves of every turn.
func (r *run) sayText(text string) {
	if r.silent {
		return
	}
	r.hs = append(r.hs, engine.Happening{Text: text})
}

// tell records a happening only seat p (and the GM) may see.
func (r *run) tell(p int, format string, args ...any) {
	if r.silent {
		return
	}
	r.hs = append(r.hs, engine.Happening{Text: fmt.Sprintf(format, args...), To: r.toSeat(p)})
}

// toSeat is the recipients of a line told to seat p alone.
func (r *run) toSeat(p int) []string {
	if r.to == nil {
		r.to = make([][]string, len(r.s.Players))
	}
	if r.to[p] == nil {
		r.to[p] = []string{r.s.Players[p].Name}
	}
	return r.to[p]
}

// tellTwo records a happening only seats p and q (and the GM) may see:
// a deal between the two.
func (r *run) tellTwo(p, q int, format string, args ...any) {
	if r.silent {
		return
	}
	r.hs = append(r.hs, engine.Happening{Text: fmt.Sprintf(format, args...), To: []string{r.s.Players[p].Name, r.s.Players[q].Name}})
}

// die rolls the die: the set-up's fixed dice first, in order, then the
// step's random stream (README "Provable dice"). A resolution without a
// stream (a test's) uses the stream of an empty seed.
func (r *run) die() int {
	s := r.s
	if s.DiceUsed < len(s.Dice) {
		v := s.Dice[s.DiceUsed]
		s.DiceUsed++
		return v
	}
	if r.rng == nil {
		r.rng = engine.NewRand(nil, 0)
	}
	return r.rng.Die()
}

// money writes a sum as the rulebook does: "$45ooo".
func money(n int) string {
	switch {
	case n < 0:
		return "-" + money(-n)
	case n == 0:
		return "$0"
	}
	// As fmt's "$%dooo" writes it, in one allocation: the happenings
	// name sums of money throughout.
	var buf [24]byte
	return string(append(strconv.AppendInt(append(buf[:0], '$'), int64(n), 10), "ooo"...))
}

// pay records n paid into the bank (the pile of notes) for reason, and
// returns the phrase every such payment's happening carries: "$40ooo to
// the bank (opium fine)". The caller takes the money from a player.
func (r *run) pay(n int, reason string) string { return tally(&r.s.Paid, n, "to", reason) }

// draw records n drawn from the bank for reason; see pay.
func (r *run) draw(n int, reason string) string { return tally(&r.s.Drawn, n, "from", reason) }

func tally(m *map[string]int, n int, dir, reason string) string {
	if n != 0 {
		if *m == nil {
			*m = map[string]int{}
		}
		(*m)[reason] += n
	}
	return money(n) + " " + dir + " the bank (" + reason + ")"
}

// bankPhrase is pay or draw's phrase for a signed GM correction, without
// recording it.
func bankPhrase(n int) string {
	if n < 0 {
		return fmt.Sprintf("%s to the bank (GM correction)", money(-n))
	}
	return fmt.Sprintf("%s from the bank (GM correction)", money(n))
}

// toBank moves n of p's cash into the bank for reason (p has it).
func (r *run) toBank(p, n int, reason string) string {
	r.s.Players[p].Cash -= n
	return r.pay(n, reason)
}

// fromBank gives p n from the bank for reason.
func (r *run) fromBank(p, n int, reason string) string {
	r.s.Players[p].Cash += n
	return r.draw(n, reason)
}

// owe makes p pay n, to player to or (to < 0) to the bank for reason: a
// fine or an obligatory commitment. If p's cash is short, p's
// establishments are auctioned first (§9.2, ST-A39); what still cannot be
// paid is cancelled. what says what the payment is for.
func (r *run) owe(p, to, n int, reason, what string) {
	s := r.s
	me := &s.Players[p]
	r.afford(p, n, what)
	paid := min(n, me.Cash)
	dest := ""
	if to >= 0 {
		s.Players[to].Cash += paid
		me.Cash -= paid
		dest = fmt.Sprintf("%s to %s", money(paid), s.Players[to].Name)
	} else {
		dest = r.toBank(p, paid, reason)
	}
	if paid < n {
		r.say("%s pays all they have, %s, for %s; the other %s is cancelled (ST-A39).", me.Name, dest, what, money(n-paid))
		return
	}
	r.say("%s pays %s for %s.", me.Name, dest, what)
}

// afford raises the cash for an obligatory payment of n that p cannot
// meet from cash in hand: first from p's lines of credit (version 2,
// ST-A39 step 1), then by auctions (§9.2).
func (r *run) afford(p, n int, what string) {
	me := &r.s.Players[p]
	if me.Cash < n {
		r.useCredit(p, n)
	}
	if me.Cash < n {
		r.say("%s cannot pay %s for %s from cash in hand: %s must auction establishments (§9.2).", me.Name, money(n), what, me.Name)
		r.raise(p, n)
	}
}

// collect takes an obligatory payment of n from p's cash, raising it
// first as afford does, and returns what was paid; what cannot be paid is
// cancelled (ST-A39).
func (r *run) collect(p, n int, what string) int {
	me := &r.s.Players[p]
	r.afford(p, n, what)
	paid := min(n, me.Cash)
	me.Cash -= paid
	if paid < n {
		r.say("%s pays all they have, %s, for %s; the other %s is cancelled (ST-A39).", me.Name, money(paid), what, money(n-paid))
	}
	return paid
}

// raise auctions p's establishments, one at a time, until p has n in
// cash or nothing left to sell (ST-A39).
func (r *run) raise(p, n int) {
	for r.s.Players[p].Cash < n {
		i := r.nextToSell(p)
		if i < 0 {
			r.say("%s has nothing left to auction.", r.s.Players[p].Name)
			return
		}
		r.auction(p, i)
	}
}

// nextToSell is the establishment p auctions next: the first of p's
// standing sell order that p still controls, else the cheapest (then the
// first in map order).
func (r *run) nextToSell(p int) int {
	s := r.s
	for _, i := range s.Players[p].Sell {
		if s.owns(p, i) {
			return i
		}
	}
	best := -1
	for i := range s.Estabs {
		if s.owns(p, i) && (best < 0 || s.d().cost(i) < s.d().cost(best)) {
			best = i
		}
	}
	return best
}

// bidFor is q's standing bid for location i: the most particular of a bid
// for it, for its type, or for any; 0 for none.
func (s *State) bidFor(q, i int) int {
	t := s.d().loc(i).Type
	byType, anyBid := 0, 0
	for _, b := range s.Players[q].Bids {
		switch {
		case b.Loc == i:
			return b.Max
		case b.Loc < 0 && b.Type == t:
			byType = b.Max
		case b.Loc < 0 && b.Type == "any":
			anyBid = b.Max
		}
	}
	if byType > 0 {
		return byType
	}
	return anyBid
}

// mayHold reports whether q may take control of location i: a racket
// needs one of its district's trading posts (ST-A18), except where the
// district has none (the Shanghai Club).
func (s *State) mayHold(q, i int) bool {
	l := s.d().loc(i)
	if l.Type != typeRacket {
		return true
	}
	all, mine := s.tradingPosts(s.d().distOf(i), q)
	return (all == 0 || mine > 0) && s.mayControl(q, i)
}

// auction sells p's establishment i to the highest standing sealed bid
// (ties: the earlier in the initiative order), or cashes it in to the bank
// for half its price when nobody bids (§9.2, ST-A39).
func (r *run) auction(p, i int) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	winner, best := -1, 0
	for _, q := range s.Order {
		if q == p || !s.Players[q].inCity() {
			continue
		}
		bid := s.bidFor(q, i)
		switch {
		case bid <= 0 || !s.mayHold(q, i):
			continue
		case bid > s.Players[q].Cash:
			r.tell(q, "Your sealed bid of %s for %s could not be met from your cash.", money(bid), d.locName(i))
			continue
		}
		if bid > best {
			winner, best = q, bid
		}
	}
	if winner >= 0 {
		w := &s.Players[winner]
		w.Cash -= best
		me.Cash += best
		r.control(i, winner, true)
		r.say("Auction of %s's %s: %s buys it with the highest sealed bid, %s, paid to %s.", me.Name, d.locName(i), w.Name, money(best), me.Name)
	} else {
		half := d.ceilUnit(d.cost(i), 2)
		r.control(i, -1, false)
		r.say("Auction of %s's %s: no bid; %s cashes it in for half its price, %s.", me.Name, d.locName(i), me.Name, r.fromBank(p, half, "cash-in"))
	}
	r.checkRackets(p)
}

// checkRackets removes p's racketeers from districts where p no longer
// controls a trading post (§3.2, §6.1); the Shanghai Club, in a district
// without trading posts, is never lost.
func (r *run) checkRackets(p int) {
	s := r.s
	d := s.d()
	for i, e := range s.Estabs {
		if e.Owner != p || d.loc(i).Type != typeRacket {
			continue
		}
		if all, mine := s.tradingPosts(d.distOf(i), p); all > 0 && mine == 0 {
			r.control(i, -1, false)
			r.say("%s controls no trading post in %s any more: the racketeer of the %s is removed (§3.2).", s.Players[p].Name, d.district(i).Name, d.locName(i))
		}
	}
}

// leave takes p out of the city for good (escaped, assassinated or
// removed): off the board and the initiative track, every establishment
// uncontrolled (§10.3, §3.3).
func (r *run) leave(p int, why string) {
	s := r.s
	me := &s.Players[p]
	me.Out, me.OutWhen = why, s.when()
	me.At, me.Bodyguards, me.Hooked, me.Shanghaied = -1, 0, false, false
	r.leaveCity(p)
	for i := range s.Estabs {
		if s.Estabs[i].Owner == p {
			r.control(i, -1, false)
		}
	}
	if k := s.rank(p); k < len(s.Order) {
		s.Order = append(s.Order[:k:k], s.Order[k+1:]...)
	}
}
