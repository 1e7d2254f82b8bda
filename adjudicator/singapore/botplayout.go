package singapore

// The bot's playouts: a quick full-information policy that plays every
// seat of a redealt world to the end, weighing hands on tallies (total,
// score.go) as the bot's own choices do. Nothing here reads a real
// state: the bot hands it redealt ones only (bot.go).

// appraisal is what one seat's choices are weighed with: every seat's
// hand and Merchant card as the chooser counts them, the Seized goods,
// and how many seizures are still to come for each goods type.
type appraisal struct {
	s      *State
	me     int
	hands  [6]handTally // the most seats a game has
	river  [4]Card      // scratch: the River as foresee refills it
	merch  [6]*merchant // nil: none, or not seen
	seized tally
	base   [6]int     // each seat's total now
	future [7]float64 // expected further seizures of each type
}

// appraise weighs choices for seat me. With full information (a playout
// of a redealt world) every hand and Merchant card counts; else only what
// me sees: their own hand and Merchant card, the others' open cards.
func (s *State) appraise(me int, full bool) *appraisal {
	a := &appraisal{s: s, me: me, seized: *tallyOf(s.Seized)}
	for i := range s.Players {
		a.hands[i] = s.handOf(i, !full && i != me)
		if full || i == me {
			a.merch[i] = merchantByName(s.Players[i].Merchant)
		}
		a.base[i] = s.total(a.merch[i], &a.hands[i], &a.seized)
	}
	// The goods still to come (deck and River), and the seizures to
	// expect of them: seizureRate a turn left, shared by the goods as
	// they are to come.
	var left [7]int
	all := 0
	for _, c := range s.River {
		if t := c.Type(); t >= 0 {
			left[t]++
			all++
		}
	}
	for _, d := range s.Deck {
		if t := d.Card.Type(); t >= 0 {
			left[t]++
			all++
		}
	}
	turns := 0
	for i := range s.Players {
		if !s.done(i) {
			turns += data.Hand - len(s.Players[i].Hand)
		}
	}
	if all > 0 {
		for t := range left {
			a.future[t] = seizureRate * float64(turns) * float64(left[t]) / float64(all)
		}
	}
	return a
}

// seizureRate is the seizures a turn brings on average (the Secret
// Society phase's and the effects'): games played on the defaults see 0.5
// (6 players) to 0.6 (2 and 3) a turn.
const seizureRate = 0.5

// gain is how much seat's total rises if c is seized.
func (a *appraisal) gain(seat int, c Card) int {
	t := a.seized
	if ty := c.Type(); ty >= 0 {
		m := 0
		if c.Marked() {
			m = 1
		}
		t[ty][m]++
	}
	return a.s.total(a.merch[seat], &a.hands[seat], &t) - a.base[seat]
}

// edge is what seizing c is worth to me against the others: my gain less
// the largest gain of another seat still in the game.
func (a *appraisal) edge(c Card) int {
	if c == NoCard || c == OrdinanceCard {
		return 0
	}
	best := 0
	for i := range a.s.Players {
		if i != a.me && !a.s.Players[i].Removed {
			best = max(best, a.gain(i, c))
		}
	}
	return a.gain(a.me, c) - best
}

// worthWith is what adding c to my hand is worth when x (or no card) is
// seized this turn: what it scores then against what the others gain
// by x, and what the seizures still to come of its goods will add.
func (a *appraisal) worthWith(c, x Card) float64 {
	h := a.hands[a.me]
	h.add(c, 1)
	t := a.seized
	others := 0
	if ty := x.Type(); ty >= 0 {
		t[ty][btoi(x.Marked())]++
		for i := range a.s.Players {
			if i != a.me && !a.s.Players[i].Removed {
				others = max(others, a.gain(i, x))
			}
		}
	}
	now := a.s.total(a.merch[a.me], &h, &t) - a.base[a.me] - others
	return float64(now) + a.future[c.Type()]
}

// foresee is the card the Secret Society phase would seize if I took the
// card in River slot k and the Secret Society card stood above slot ss
// (the effects aside), with the refills read off the world's deck; no
// card when nothing would be seized.
func (a *appraisal) foresee(k, ss int) Card {
	s := a.s
	river := a.river[:len(s.River)]
	copy(river, s.River)
	river[k] = NoCard
	d := 0
	marked := 0
	for i := range river {
		for river[i] == NoCard && d < len(s.Deck) {
			if c := s.Deck[d].Card; c != OrdinanceCard {
				river[i] = c
			}
			d++
		}
		if river[i] != NoCard && river[i].Marked() {
			marked++
		}
	}
	if marked < data.Threshold {
		return NoCard
	}
	return river[ss]
}

// playoutPlan is the quick policy's choice for the pending seat of a
// world every choice of which it may see: the take that is worth most,
// the Secret Society card above the card whose seizure helps the seat
// most against the others, and the effects chosen the same way (the cards
// Joss Paper, Salted Fish and Spices will meet are read off the world's
// deck). Tea and Porcelain swap nothing.
func (s *State) playoutPlan(seat int) *submission {
	sub := &submission{start: -1}
	a := s.appraise(seat, true)
	switch s.Phase {
	case phaseStart:
		sub.start = s.SS
		best := a.edge(s.River[s.SS])
		for i, c := range s.River {
			if c != NoCard {
				if e := a.edge(c); e > best {
					sub.start, best = i, e
				}
			}
		}
	case phaseChen:
		sub.turn.Chen = slotPats(s.bestPicks(a))
	case phaseTurn:
		k, move, best := -1, -1, 0.0
		for i, c := range s.River {
			if c == NoCard {
				continue
			}
			moves := [1]int{s.SS}
			targets := moves[:]
			if i == s.SS {
				targets = targets[:0]
				for j, o := range s.River {
					if j != i && o != NoCard {
						targets = append(targets, j)
					}
				}
				if len(targets) == 0 {
					targets = append(targets, s.SS)
				}
			}
			for _, m := range targets {
				if w := a.worthWith(c, a.foresee(i, m)); k < 0 || w > best {
					k, move, best = i, m, w
				}
			}
		}
		pl := &sub.turn
		pl.Take = slotPats([]int{k})
		card := s.River[k]
		if k == s.SS && move != k {
			pl.Move = slotPats([]int{move})
		}
		if s.Plain {
			break
		}
		switch card.Name() {
		case goodsSilk:
			if j := a.bestEdge(k, -1); j >= 0 {
				pl.Silk = slotPats([]int{j})
			}
		case goodsJoss:
			var drawn []Card
			for _, d := range s.Deck {
				if d.Card != OrdinanceCard && len(drawn) < 2 {
					drawn = append(drawn, d.Card)
				}
			}
			pl.Joss = &Pick{Nth: 1}
			if len(drawn) == 2 && a.edge(drawn[1]) > a.edge(drawn[0]) {
				pl.Joss.Nth = 2
			}
		case goodsSalted, goodsSpices:
			pk := &Peek{Mode: "back"}
			for n := range s.Deck {
				i := n
				if card.Name() == goodsSpices {
					i = len(s.Deck) - 1 - n
				}
				if c := s.Deck[i].Card; c != OrdinanceCard {
					if a.edge(c) > 0 {
						pk.Mode = "seize"
					}
					break
				}
			}
			if card.Name() == goodsSpices {
				pl.Spices = pk
			} else {
				pl.Salted = pk
			}
		case goodsTea:
			pl.Tea = &Swap{None: true}
		case goodsPorcelain:
			pl.Porcelain = &Swap{None: true}
		}
	}
	return sub
}

// bestEdge is the River slot, other than skip, whose card's seizure is
// best for me against the others (sign 1) or worst (sign -1), the
// leftmost on ties; -1 when no other card is in the River.
func (a *appraisal) bestEdge(skip, sign int) int {
	at, best := -1, 0
	for i, c := range a.s.River {
		if i == skip || c == NoCard {
			continue
		}
		if e := sign * a.edge(c); at < 0 || e > best {
			at, best = i, e
		}
	}
	return at
}

// bestPicks are Rival Chen's picks that raise my total most, the lowest
// slots on ties.
func (s *State) bestPicks(a *appraisal) []int {
	filled := s.filled(-1)
	n := min(merchantByName(merchChen).Picks, len(filled))
	var best []int
	bestV := 0
	try := func(set []int) {
		h := a.hands[a.me]
		for _, k := range set {
			h.add(s.River[k], 1)
		}
		if v := s.total(a.merch[a.me], &h, &a.seized); best == nil || v > bestV {
			best, bestV = set, v
		}
	}
	switch n {
	case 1:
		for _, i := range filled {
			try([]int{i})
		}
	case 2:
		for x, i := range filled {
			for _, j := range filled[x+1:] {
				try([]int{i, j})
			}
		}
	}
	return best
}

// slotPats names River slots (0-based) as patterns.
func slotPats(slots []int) []Pat {
	out := make([]Pat, len(slots))
	for i, k := range slots {
		out[i] = Pat{Slot: k + 1, Type: -1}
	}
	return out
}

// defaultPlan is the reading of the engine's Default for the pending
// seat (Default, as Resolve would read it): the playouts' model of the
// other seats, whose defaults are worked out from what everybody sees.
func (s *State) defaultPlan(seat int) *submission {
	sub := &submission{start: -1}
	switch s.Phase {
	case phaseStart:
		sub.start = s.SS
	case phaseChen:
		sub.turn.Chen = slotPats(s.bestChen(seat, nil, min(merchantByName(merchChen).Picks, s.riverCount())))
	case phaseTurn:
		k := s.defaultTake(seat)
		pl := &sub.turn
		pl.Take = slotPats([]int{k})
		if k == s.SS {
			if t := s.leftmost(k); t >= 0 {
				pl.Move = slotPats([]int{t})
			}
		}
		if !s.Plain && s.River[k].Name() == goodsSilk {
			for i, c := range s.River {
				if c != NoCard && i != k {
					pl.Silk = slotPats([]int{i})
					break
				}
			}
		}
	}
	return sub
}
