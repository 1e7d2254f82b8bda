package trader

import "taipan/adjudicator/engine"

var _ engine.Redealer = Engine{}

// Redeal returns a copy of s as player might believe it to be: what
// player may not see is drawn anew from what they see alone. In Trader
// the columns, the holdings, the sold pile and the Jokers are face up
// (the deal itself is visible: every stock of every column shows), so
// what is hidden is the others' money (TR-X7) and their standing plans
// (TR-X11). The plans are dropped (a seat cannot guess a script it never
// saw); the money is worked out as the table lets anyone work it out
// (moneyEstimate), its unknown split drawn from rng. Once the game is
// over every view shows all the money, and the copy is a plain clone.
// A player who is not seated (an observer) sees nobody's money.
func (Engine) Redeal(as engine.State, player string, rng *engine.Rand) engine.State {
	s := state(as)
	c := s.clone()
	if s.Phase == phaseOver {
		return c
	}
	seat := s.seat(player)
	for i := range c.Players {
		if i != seat {
			c.Players[i].Plan = nil
		}
	}
	money := s.moneyEstimate(seat, rng)
	for i := range c.Players {
		if i != seat {
			c.Players[i].Money = money[i]
		}
	}
	return c
}

// moneyEstimate is each player's money in the current set as seat (-1:
// an observer) can work it out from the table: everybody started the set
// with s.Start, paid the printed value of every stock now held or on the
// sold pile, and was paid for the sales the sold pile records
// (soldProceeds). What the others hold together is that total less seat's
// own money. Each of them is taken to have their start less what they
// paid for what they hold now, and the rest (the profit of earlier sales,
// which the table does not say who made; with 4 players less what a
// partner paid for a stock the other sold) is shared out evenly, the odd
// millions drawn from rng; nobody is left below nothing, the shortfall
// being taken from the richest. A GM's correction of someone's money is
// not on the table, so the estimate may miss it. seat's own entry is its
// true money.
func (s *State) moneyEstimate(seat int, rng *engine.Rand) []int {
	n := len(s.Players)
	total := n * s.Start
	out := make([]int, n)
	for i, p := range s.Players {
		out[i] = s.Start
		for _, k := range p.Stocks {
			out[i] -= k.Value
			total -= k.Value
		}
	}
	for _, k := range s.Sold {
		total -= k.Value
	}
	total += s.soldProceeds()
	var others []int
	rest := total
	for i := range s.Players {
		if i == seat {
			out[i] = s.Players[i].Money
		} else {
			others = append(others, i)
		}
		rest -= out[i]
	}
	if len(others) == 0 {
		return out
	}
	k := len(others)
	share, odd := rest/k, rest%k
	if odd < 0 {
		share, odd = share-1, odd+k
	}
	for _, i := range others {
		out[i] += share
	}
	for ; odd > 0; odd-- {
		out[others[rng.Intn(k)]]++
	}
	for _, i := range others {
		for out[i] < 0 {
			rich := others[0]
			for _, j := range others {
				if out[j] > out[rich] {
					rich = j
				}
			}
			if out[rich] <= 0 {
				out[i] = 0
				break
			}
			d := min(-out[i], out[rich])
			out[i] += d
			out[rich] -= d
		}
	}
	return out
}

// soldProceeds is what the sales recorded on the sold pile paid: the pile
// is read, in order of sale, as pairs of one colour (a pair sale puts its
// two stocks on it together) and single stocks sold with a Joker, as
// many singles as Jokers are used. Where the pile could be read both ways
// (a Joker sale beside a pair of its colour) the pairs are taken first; a
// pile that cannot be read so (a set-up describing a game under way) is
// read with pairs wherever two neighbours match.
func (s *State) soldProceeds() int {
	jokers := 0
	for _, t := range s.Teams {
		if t.JokerUsed {
			jokers++
		}
	}
	if pay, ok := readSales(s.Sold, jokers); ok {
		return pay
	}
	pay := 0
	for i := 0; i < len(s.Sold); i++ {
		if i+1 < len(s.Sold) && s.Sold[i].Colour == s.Sold[i+1].Colour {
			pay += s.Sold[i].Value * s.Sold[i+1].Value
			i++
			continue
		}
		pay += data.Joker * s.Sold[i].Value
	}
	return pay
}

// readSales reads pile as pair sales and exactly jokers Joker sales,
// pairs first, and returns what they paid; ok is false when it cannot be
// read so.
func readSales(pile []Stock, jokers int) (int, bool) {
	if len(pile) == 0 {
		return 0, jokers == 0
	}
	if len(pile) >= 2 && pile[0].Colour == pile[1].Colour {
		if pay, ok := readSales(pile[2:], jokers); ok {
			return pile[0].Value*pile[1].Value + pay, true
		}
	}
	if jokers > 0 {
		if pay, ok := readSales(pile[1:], jokers-1); ok {
			return data.Joker*pile[0].Value + pay, true
		}
	}
	return 0, false
}
