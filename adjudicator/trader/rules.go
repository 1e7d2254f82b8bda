package trader

import (
	"fmt"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
)

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

// turn resolves the active player's turn: the action's effect (its verb's
// play), then the end of the set or the Market closed card's move, then
// the next player; by is added to the action's happening (" by their
// standing plan").
func (s *State) turn(seat int, a action, rng *engine.Rand, by string) ([]engine.Happening, error) {
	// A default is reported by the host (Submission.Default), not here.
	hs := []engine.Happening{{Text: a.verb.play(s, seat, a, by)}}
	if a.verb == pass {
		s.Passes++
	} else {
		s.Passes = 0
	}
	empty := s.emptyColumns()
	if len(empty) >= 3 {
		return append(hs, s.endSet(fmt.Sprintf("%s: %s are empty.", s.setWord(), columnNames(empty)), rng)...), nil
	}
	hs = append(hs, s.moveMarketClosed(seat, a, empty)...)
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
			if acts[i].verb == pass {
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
			for round := 0; round < 2 && chosen < 0; round++ {
				for i, seat := range seats {
					if s.Players[seat].Team == ti && acts[i].verb != pass && defs[i] == (round == 1) {
						chosen = i
						break
					}
				}
			}
			if chosen >= 0 {
				seat := seats[chosen]
				hs = append(hs, hap("%s (the last sale of %s).", s.sale(seat, acts[chosen]), s.Teams[ti].Name))
				for i, other := range seats {
					if i != chosen && s.Players[other].Team == ti && acts[i].verb != pass {
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
	s.addScores(scores)
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
	prefix := "set " + strconv.Itoa(s.Set) + " of " + strconv.Itoa(s.Sets) + ", "
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
