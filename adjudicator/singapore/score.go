package singapore

// tally counts cards by goods type and mark: [type][1] Marked, [type][0]
// Unmarked.
type tally [7][2]int

func tallyOf(cards []Card) *tally {
	var t tally
	for _, c := range cards {
		if ty := c.Type(); ty >= 0 {
			m := 0
			if c.Marked() {
				m = 1
			}
			t[ty][m]++
		}
	}
	return &t
}

// value is what one card in hand is worth with the seized cards counted in
// t, under the scoring in force:
//
//   - default scoring: "Each Goods card in a player's hand is worth the
//     number of copies of the same type of Goods seized"; Opium, "Worth 1
//     more if Seized", is worth n+1 when n >= 1 Opium are seized, else 0
//     (SG-A2);
//   - Ordinance: Marked cards "score 2 points per copy in the Reclaimed
//     Goods" (the seized Marked ones), Unmarked "1 point per copy in the
//     Seized Goods" (the seized Unmarked ones); Opium, "Worth 1 less if
//     Reclaimed", is worth 2r-1 when r >= 1 are reclaimed, else 0 (SG-A2);
//   - Plain Goods ignores Opium's effect: it scores like any goods (SG-A12).
func (s *State) value(c Card, t *tally) int {
	ty := c.Type()
	if ty < 0 {
		return 0
	}
	opium := ty == data.opium && !s.Plain
	if !s.Ordinance {
		n := t[ty][0] + t[ty][1]
		if opium {
			if n >= 1 {
				return n + 1
			}
			return 0
		}
		return n
	}
	if c.Marked() {
		r := t[ty][1]
		if opium {
			if r >= 1 {
				return 2*r - 1
			}
			return 0
		}
		return 2 * r
	}
	u := t[ty][0]
	if opium { // no Unmarked Opium exists (SG-G1); kept symmetric
		if u >= 1 {
			return u + 1
		}
		return 0
	}
	return u
}

// Score is one hand's value.
type Score struct {
	Values []int // per hand card, after the Merchant card (Lackey Zhang)
	Base   int   // the goods' value before the Merchant card
	Bonus  int   // what the Merchant card adds (negative for Lackey Zhang)
	Total  int   // Base + Bonus
	Wang   bool  // Calculating Wang's exact total: an outright win
}

// bonusAt is the table's bonus for x: the entry of the largest key <= x
// (SG-A6, SG-A7: beyond the table the top entry holds), or 0.
func bonusAt(m *merchant, x int) int {
	b := 0
	for _, k := range m.bonusKeys {
		if x >= k {
			b = m.Bonus[k]
		}
	}
	return b
}

// score values a hand against the seized cards, with the holder's Merchant
// card ("" for none).
func (s *State) score(merch string, hand []Card, seized []Card) Score {
	t := tallyOf(seized)
	sc := Score{Values: make([]int, len(hand))}
	for i, c := range hand {
		sc.Values[i] = s.value(c, t)
		sc.Base += sc.Values[i]
	}
	sc.Total = sc.Base
	m := merchantByName(merch)
	if m == nil {
		return sc
	}
	var count [7]int
	for _, c := range hand {
		if ty := c.Type(); ty >= 0 {
			count[ty]++
		}
	}
	switch m.Name {
	case merchWang:
		for _, x := range m.Totals {
			sc.Wang = sc.Wang || sc.Base == x
		}
	case merchLee:
		kinds := 0
		for _, n := range count {
			if n > 0 {
				kinds++
			}
		}
		sc.Bonus = bonusAt(m, kinds)
	case merchHuang:
		best := 0
		for _, n := range count {
			best = max(best, n)
		}
		sc.Bonus = bonusAt(m, best)
	case merchZhang:
		total := 0
		for i, v := range sc.Values {
			if v >= m.Threshold {
				sc.Values[i] = v + 1
			} else {
				sc.Values[i] = 0
			}
			total += sc.Values[i]
		}
		sc.Bonus = total - sc.Base
	case merchLin:
		for _, n := range count {
			sc.Bonus += n / 2 * m.Pair
		}
	}
	sc.Total = sc.Base + sc.Bonus
	return sc
}

// playerScore is seat's score if the game ended now.
func (s *State) playerScore(seat int) Score {
	p := &s.Players[seat]
	return s.score(p.Merchant, p.cards(), s.Seized)
}

// winners returns the winning seats of a finished game: Calculating
// Wang's holder on an exact total (SG-A10), else the highest totals
// (SG-G6: a tie is a shared win). Removed players cannot win.
func (s *State) winners() []int {
	var out []int
	best := 0
	for i := range s.Players {
		if s.Players[i].Removed {
			continue
		}
		sc := s.playerScore(i)
		if sc.Wang {
			return []int{i}
		}
		switch {
		case len(out) == 0 || sc.Total > best:
			out, best = []int{i}, sc.Total
		case sc.Total == best:
			out = append(out, i)
		}
	}
	return out
}

// handTally counts a hand by goods type and mark: [type][1] Marked,
// [type][0] Unmarked (as tally counts the Seized goods).
type handTally [7][2]int

// add counts card c (no card and the Ordinance card count nothing).
func (h *handTally) add(c Card, n int) {
	if t := c.Type(); t >= 0 {
		m := 0
		if c.Marked() {
			m = 1
		}
		h[t][m] += n
	}
}

// handOf tallies seat's hand: the whole hand, or only its open cards.
func (s *State) handOf(seat int, openOnly bool) handTally {
	var h handTally
	for _, hc := range s.Players[seat].Hand {
		if hc.Open || !openOnly {
			h.add(hc.Card, 1)
		}
	}
	return h
}

// total is what a hand tallied in h scores against the seized goods
// tallied in seized, with Merchant card m (nil: none), as score counts it
// (Calculating Wang's exact totals aside), without allocating: the
// defaults and the bot weigh every card they could take by it.
func (s *State) total(m *merchant, h *handTally, seized *tally) int {
	base, zhang, kinds, most, pairs := 0, 0, 0, 0, 0
	for t := range h {
		n := h[t][0] + h[t][1]
		if n == 0 {
			continue
		}
		kinds++
		most = max(most, n)
		pairs += n / 2
		for mark := 0; mark < 2; mark++ {
			if h[t][mark] == 0 {
				continue
			}
			v := s.value(mkCard(t, mark == 1), seized)
			base += h[t][mark] * v
			if m != nil && m.Name == merchZhang && v >= m.Threshold {
				zhang += h[t][mark] * (v + 1)
			}
		}
	}
	if m == nil {
		return base
	}
	switch m.Name {
	case merchLee:
		return base + bonusAt(m, kinds)
	case merchHuang:
		return base + bonusAt(m, most)
	case merchZhang:
		return zhang
	case merchLin:
		return base + pairs*m.Pair
	}
	return base
}
