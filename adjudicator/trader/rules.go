package trader

import (
	"fmt"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// bestPair is the pair sale with the highest payout open to seat: two of
// its own stocks of one colour, or with 4 players one of its own and one of
// its partner's (TR-A5). Ties go to the first colour in data order.
func (s *State) bestPair(seat int) (action, bool) {
	best, found := action{kind: kindSell, col: -1, mc: -1}, false
	q := seat
	if s.teams() {
		q = s.partner(seat)
	}
	for c := range data.Colours {
		var x, y Stock
		ok := false
		if q == seat {
			// Stocks are sorted by colour then value: take the two highest.
			var top []Stock
			for _, h := range s.Players[seat].Stocks {
				if h.Colour == c {
					top = append(top, h)
				}
			}
			if len(top) >= 2 {
				x, y, ok = top[len(top)-2], top[len(top)-1], true
			}
		} else {
			var okx, oky bool
			x, okx = s.highest(seat, c)
			y, oky = s.highest(q, c)
			ok = okx && oky
		}
		if ok && (!found || x.Value*y.Value > best.pay()) {
			best.stocks, best.owners, found = [2]Stock{x, y}, [2]int{seat, q}, true
		}
	}
	return best, found
}

// highest returns seat's highest stock of colour c.
func (s *State) highest(seat, c int) (Stock, bool) {
	var out Stock
	ok := false
	for _, h := range s.Players[seat].Stocks {
		if h.Colour == c {
			out, ok = h, true // sorted ascending: the last one wins
		}
	}
	return out, ok
}

// bestJoker is the Joker sale with the highest payout open to seat: its
// own stocks first, then (4 players) its partner's; ties keep the first.
func (s *State) bestJoker(seat int) (action, bool) {
	a, found := action{kind: kindJoker, col: -1, mc: -1}, false
	if s.Teams[s.Players[seat].Team].JokerUsed {
		return a, false
	}
	holders := []int{seat}
	if s.teams() {
		holders = append(holders, s.partner(seat))
	}
	for _, p := range holders {
		for _, h := range s.Players[p].Stocks {
			if !found || h.Value > a.stocks[0].Value {
				a.stocks[0], a.owners[0], found = h, p, true
			}
		}
	}
	return a, found
}

// cheapestBuy is the cheapest stock seat can buy now, the lowest column on
// ties. ignoreMC pretends the Market closed card is not there.
func (s *State) cheapestBuy(seat int, ignoreMC bool) (action, bool) {
	a, found := action{kind: kindBuy, col: -1, mc: -1}, false
	for i, col := range s.Columns {
		if len(col) == 0 || (i == s.Market && !ignoreMC) || col[0].Value > s.Players[seat].Money {
			continue
		}
		if !found || col[0].Value < s.Columns[a.col][0].Value {
			a.col, found = i, true
		}
	}
	return a, found
}

// bestTurnAction is the default action of a turn (rules-analysis 4c): the
// best pair sale, else the cheapest purchase, else (TR-X2) the best Joker
// sale; ok is false when the player can only pass (TR-G5).
func (s *State) bestTurnAction(seat int) (action, bool) {
	if a, ok := s.bestPair(seat); ok {
		return a, true
	}
	if a, ok := s.cheapestBuy(seat, false); ok {
		return a, true
	}
	return s.bestJoker(seat)
}

// bestLastSale is the default last sale: the pair or Joker sale paying
// most (a pair on ties).
func (s *State) bestLastSale(seat int) (action, bool) {
	p, okp := s.bestPair(seat)
	j, okj := s.bestJoker(seat)
	switch {
	case okp && okj && j.pay() > p.pay():
		return j, true
	case okp:
		return p, true
	}
	return j, okj
}

func (s *State) canSell(seat int) bool {
	_, ok := s.bestLastSale(seat)
	return ok
}

// stuck reports whether seat could neither buy nor sell even if the Market
// closed card were not there.
func (s *State) stuck(seat int) bool {
	if s.canSell(seat) {
		return false
	}
	_, ok := s.cheapestBuy(seat, true)
	return !ok
}

// defaultMC is where the Market closed card goes when the active player
// does not say (TR-X1): after the action, the non-empty column other than
// the card's current one whose available stock is worth most, the first in
// capital order on ties.
//
// before says the action a has not been applied to s yet.
func (s *State) defaultMC(a action, before bool) int {
	best, bestV := -1, -1
	for i, col := range s.Columns {
		if i == s.Market {
			continue
		}
		if before && a.kind == kindBuy && a.col == i {
			col = col[1:]
		}
		if len(col) > 0 && col[0].Value > bestV {
			best, bestV = i, col[0].Value
		}
	}
	return best
}

// items writes an action as the orders a player would send.
func (s *State) items(a action) []orders.Item {
	var out []orders.Item
	switch a.kind {
	case kindBuy:
		out = append(out, orders.With(kindBuy, data.Capitals[a.col]))
	case kindSell:
		out = append(out, orders.With(kindSell, a.stocks[0].String(), a.stocks[1].String()))
	case kindJoker:
		out = append(out, orders.With(kindJoker, a.stocks[0].String()))
	default:
		out = append(out, orders.Bare(kindPass))
	}
	if a.mc >= 0 {
		out = append(out, orders.With(verbMC, data.Capitals[a.mc]))
	}
	return orders.Renumber(out)
}

func hap(format string, args ...any) engine.Happening {
	return engine.Happening{Text: fmt.Sprintf(format, args...)}
}

// sale moves the sold stocks to the pile and pays seat; it returns the
// happening's text without the final period.
func (s *State) sale(seat int, a action) string {
	name := s.Players[seat].Name
	whose := func(i int) string {
		if a.owners[i] == seat {
			return a.stocks[i].String()
		}
		return s.Players[a.owners[i]].Name + "'s " + a.stocks[i].String()
	}
	var text string
	switch a.kind {
	case kindSell:
		s.take(a.owners[0], a.stocks[0])
		s.take(a.owners[1], a.stocks[1])
		s.Sold = append(s.Sold, a.stocks[0], a.stocks[1])
		text = fmt.Sprintf("%s sold %s and %s for %d million", name, whose(0), whose(1), a.pay())
	case kindJoker:
		s.take(a.owners[0], a.stocks[0])
		s.Sold = append(s.Sold, a.stocks[0])
		t := &s.Teams[s.Players[seat].Team]
		t.JokerUsed, t.JokerBy = true, seat
		joker := "the Joker"
		if s.teams() {
			joker = "the team Joker"
		}
		text = fmt.Sprintf("%s sold %s with %s for %d million", name, whose(0), joker, a.pay())
	}
	s.Players[seat].Money += a.pay()
	return text
}

// turn resolves the active player's turn; by is added to the action's
// happening (" by their standing plan").
func (s *State) turn(seat int, a action, rng *engine.Rand, by string) ([]engine.Happening, error) {
	p := &s.Players[seat]
	// A default is reported by the host (Submission.Default), not here.
	var hs []engine.Happening
	switch a.kind {
	case kindBuy:
		k := s.Columns[a.col][0]
		s.Columns[a.col] = s.Columns[a.col][1:]
		p.Money -= k.Value
		s.give(seat, k)
		hs = append(hs, hap("%s bought %s from %s for %d million%s.", p.Name, k, data.Capitals[a.col], k.Value, by))
	case kindSell, kindJoker:
		hs = append(hs, hap("%s%s.", s.sale(seat, a), by))
	default:
		hs = append(hs, hap("%s passed%s: no purchase or sale was possible.", p.Name, by))
	}
	if a.kind == kindPass {
		s.Passes++
	} else {
		s.Passes = 0
	}
	empty := s.emptyColumns()
	if len(empty) >= 3 {
		return append(hs, s.endSet(fmt.Sprintf("%s: %s are empty.", s.setWord(), columnNames(empty)), rng)...), nil
	}
	if s.Market >= 0 {
		if len(empty) >= 2 {
			s.Market = -1
			hs = append(hs, hap("The Market closed card is removed from the game for good: %s are empty.", columnNames(empty)))
		} else {
			how := ""
			if a.mc < 0 {
				a.mc = s.defaultMC(a, false)
				how = " (the default place)"
			}
			s.Market = a.mc
			hs = append(hs, hap("%s moved the Market closed card to %s%s.", p.Name, data.Capitals[a.mc], how))
		}
	}
	stuck := true
	for i := range s.Players {
		if !s.Players[i].Removed && !s.stuck(i) {
			stuck = false
			break
		}
	}
	switch {
	case stuck:
		return append(hs, s.endSet(s.setWord()+": no player can buy or sell any more.", rng)...), nil
	case s.Passes >= 2*s.activeCount():
		return append(hs, s.endSet(s.setWord()+": nobody bought or sold for two full rounds.", rng)...), nil
	}
	s.Active = s.nextSeat(seat)
	return hs, nil
}

func (s *State) setWord() string {
	if s.Sets == 1 {
		return "The game ends"
	}
	return fmt.Sprintf("Set %d of %d ends", s.Set, s.Sets)
}

// endSet starts the last sales of the set (TR-A3, TR-A4), or concludes the
// set at once when nobody has anything to sell.
func (s *State) endSet(reason string, rng *engine.Rand) []engine.Happening {
	s.Phase, s.Ended, s.Passes, s.Market, s.LastSale = phaseLastSale, reason, 0, -1, nil
	dropped := s.dropPlans()
	for i := range s.Players {
		if !s.Players[i].Removed && s.canSell(i) {
			s.LastSale = append(s.LastSale, i)
		}
	}
	h := hap("%s", reason)
	switch {
	case len(s.LastSale) == 0:
		h.Text += " Nobody has anything left to sell."
		hs := append([]engine.Happening{h}, dropped...)
		more, err := s.concludeSet(rng)
		if err != nil {
			// Only reached without a random stream; the set stays open
			// and the next Resolve deals.
			return hs
		}
		return append(hs, more...)
	case s.teams():
		h.Text += " Each team now makes one last sale."
	default:
		h.Text += " Each player may now make one last sale."
	}
	return append([]engine.Happening{h}, dropped...)
}

// lastSales resolves the last-sale step. acts holds the pending seats'
// actions in seat order.
func (s *State) lastSales(seats []int, acts []action, defs []bool, rng *engine.Rand) ([]engine.Happening, error) {
	var hs []engine.Happening
	if !s.teams() {
		for i, seat := range seats {
			if acts[i].kind == kindPass {
				hs = append(hs, hap("%s made no last sale.", s.Players[seat].Name))
				continue
			}
			hs = append(hs, hap("%s (last sale).", s.sale(seat, acts[i])))
		}
	} else {
		// TR-X5: one sale per team; an order sent beats a default, then
		// seat order; if both partners pass, the sale is still made.
		for ti := range s.Teams {
			chosen := -1
			for pass := 0; pass < 2 && chosen < 0; pass++ {
				for i, seat := range seats {
					if s.Players[seat].Team == ti && acts[i].kind != kindPass && defs[i] == (pass == 1) {
						chosen = i
						break
					}
				}
			}
			if chosen >= 0 {
				seat := seats[chosen]
				hs = append(hs, hap("%s (the last sale of %s).", s.sale(seat, acts[chosen]), s.Teams[ti].Name))
				for i, other := range seats {
					if i != chosen && s.Players[other].Team == ti && acts[i].kind != kindPass {
						hs = append(hs, hap("%s's last sale was not made: %s made the team's one last sale.", s.Players[other].Name, s.Players[seat].Name))
					}
				}
				continue
			}
			for _, seat := range seats {
				if s.Players[seat].Team == ti {
					a, ok := s.bestLastSale(seat)
					if ok {
						hs = append(hs, hap("Both partners passed, but each team must make one last sale: %s (the last sale of %s).", s.sale(seat, a), s.Teams[ti].Name))
					}
					break
				}
			}
		}
	}
	more, err := s.concludeSet(rng)
	return append(hs, more...), err
}

// concludeSet scores the set and deals the next one, or ends the game.
func (s *State) concludeSet(rng *engine.Rand) ([]engine.Happening, error) {
	if s.Set < s.Sets && s.activeCount() > 0 && rng == nil {
		return nil, fmt.Errorf("trader: dealing set %d needs a random stream", s.Set+1)
	}
	scores := make([]int, len(s.Players))
	parts := make([]string, len(s.Players))
	for i, p := range s.Players {
		scores[i] = p.Money
		parts[i] = fmt.Sprintf("%s %d million", p.Name, p.Money)
	}
	s.Scores = append(s.Scores, scores)
	s.LastSale = nil
	label := "Final money"
	if s.Sets > 1 {
		label = fmt.Sprintf("Set %d of %d final money", s.Set, s.Sets)
	}
	text := label + ": " + engine.AndList(parts) + "."
	if s.teams() {
		tp := make([]string, len(s.Teams))
		for ti, t := range s.Teams {
			sum := 0
			for _, m := range t.Members {
				sum += scores[m]
			}
			tp[ti] = fmt.Sprintf("%s %d million", t.Name, sum)
		}
		text += " Teams: " + engine.AndList(tp) + "."
	}
	hs := []engine.Happening{hap("%s", text)}
	if s.Set < s.Sets && s.activeCount() > 0 {
		s.Set++
		s.deal(rng)
		s.newSet()
		return append(hs, hap("Set %d of %d begins with a new deal; %s plays first.", s.Set, s.Sets, s.Players[s.Active].Name)), nil
	}
	s.Phase = phaseOver
	totals := s.teamTotals()
	if s.Sets > 1 {
		tp := make([]string, len(s.Teams))
		for ti, t := range s.Teams {
			tp[ti] = fmt.Sprintf("%s %d million", t.Name, totals[ti])
		}
		hs = append(hs, hap("Totals over %d sets: %s.", s.Sets, engine.AndList(tp)))
	}
	w := s.winners()
	switch len(w) {
	case 0:
		hs = append(hs, hap("The game is over; nobody is left to win it."))
	case 1:
		hs = append(hs, hap("%s wins with %d million.", w[0], totals[s.teamIndex(w[0])]))
	default:
		hs = append(hs, hap("%s share the win with %d million each.", engine.AndList(w), totals[s.teamIndex(w[0])]))
	}
	return hs, nil
}

func (s *State) teamIndex(name string) int {
	for i, t := range s.Teams {
		if t.Name == name {
			return i
		}
	}
	return -1
}

// teamTotals sums each team's final money over the finished sets (TR-A11).
func (s *State) teamTotals() []int {
	out := make([]int, len(s.Teams))
	for _, sc := range s.Scores {
		for ti, t := range s.Teams {
			for _, m := range t.Members {
				out[ti] += sc[m]
			}
		}
	}
	return out
}

// winners are the teams (players, with 2 or 3 players) with the highest
// total among those with a member still in the game; several on a tie.
func (s *State) winners() []string {
	if s.Phase != phaseOver || len(s.Scores) == 0 {
		return nil
	}
	totals := s.teamTotals()
	best := -1
	var out []string
	for ti, t := range s.Teams {
		in := false
		for _, m := range t.Members {
			in = in || !s.Players[m].Removed
		}
		switch {
		case !in:
		case totals[ti] > best:
			best, out = totals[ti], []string{t.Name}
		case totals[ti] == best:
			out = append(out, t.Name)
		}
	}
	return out
}

// deck is the 35 stocks in data order.
func (s *State) deck() []Stock {
	d := make([]Stock, 0, len(data.Colours)*len(s.Values))
	for c := range data.Colours {
		for _, v := range s.Values {
			d = append(d, Stock{Colour: c, Value: v})
		}
	}
	return d
}

// deal shuffles the 35 stocks (Fisher–Yates on rng) and deals 7 to each
// column in capital order; within a column, the first stock dealt is the
// available one.
func (s *State) deal(rng *engine.Rand) {
	d := s.deck()
	rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	n := len(s.Values)
	for c := range s.Columns {
		s.Columns[c] = append([]Stock(nil), d[c*n:(c+1)*n]...)
	}
}

// newSet resets money, holdings, Jokers and the Market closed card for the
// set s.Set (columns already dealt), and seats its first player (TR-A12).
func (s *State) newSet() {
	for i := range s.Players {
		s.Players[i].Money = s.Start
		s.Players[i].Stocks = nil
		s.Players[i].Plan = nil
	}
	for i := range s.Teams {
		s.Teams[i].JokerUsed, s.Teams[i].JokerBy = false, -1
	}
	s.Sold = nil
	s.Market = -1
	if len(s.Players) == 3 {
		s.Market = data.central
	}
	s.Phase, s.Ended, s.Passes, s.LastSale = phaseTurn, "", 0, nil
	s.First = s.firstSeat((s.First1 + s.Set - 1) % len(s.Players))
	s.Active = s.First
	if s.First < 0 {
		s.Phase = phaseOver
	}
}

func (s *State) phaseText() string {
	prefix := fmt.Sprintf("set %d of %d, ", s.Set, s.Sets)
	switch s.Phase {
	case phaseTurn:
		return prefix + s.Players[s.Active].Name + "'s turn"
	case phaseLastSale:
		names := make([]string, len(s.LastSale))
		for i, p := range s.LastSale {
			names[i] = s.Players[p].Name
		}
		if len(names) == 0 {
			return prefix + "last sales closing"
		}
		return prefix + "last sales (" + strings.Join(names, ", ") + ")"
	}
	w := s.winners()
	switch len(w) {
	case 0:
		return "finished"
	case 1:
		return "finished, " + w[0] + " wins"
	}
	return "finished, shared win: " + engine.AndList(w)
}
