package shanghaitrader

import "math"

// botValue is how good s is for seat p, as the bot reckons it: its chance
// of getting out of the city (botEscape) times what getting out is worth,
// botWin beside the account it would take out, which is the account now
// and what it may still add: the cash in hand, discounted as it still
// has to reach a bank (and worth nothing once the passport allows no more
// banking), and the revenue its holdings will bring in the years it can
// still bank them.
func (s *State) botValue(p int) float64 {
	if p < 0 {
		return 0
	}
	me := &s.Players[p]
	switch {
	case me.Out == outEscaped:
		return botWin + float64(me.Bank)
	case !me.inCity() || s.Over:
		return 0
	}
	left := s.turnsLeft()
	future := 0.0
	if me.Passport {
		// Cash is worthless once out; a little of it still buys
		// bodyguards or an assassin.
		future = 0.02 * float64(me.Cash)
	} else {
		years := float64(s.botYears())
		rackets := 0
		d := s.d()
		for i, e := range s.Estabs {
			if e.Owner == p && d.loc(i).Type == typeRacket {
				rackets++
			}
		}
		future = botCashWeight(left)*float64(me.Cash) + botIncomeWeight*years*float64(s.botRevenue(p)) + botIncomeWeight*years*float64(botRacketYear*rackets)
	}
	return s.botEscape(p) * (s.botWinWorth(p, left) + float64(me.Bank) + future)
}

// botWinWorth is what getting out is worth to seat p beside its account:
// botWin with something in the account; with nothing, the escape wins
// only if nobody else gets out with more (the only one to escape wins,
// rules-analysis 1h), so less, and less still as the run nears.
func (s *State) botWinWorth(p, left int) float64 {
	if s.Players[p].Bank >= s.d().Lot {
		return botWin
	}
	if left <= botEscapeEarliest+4 {
		return 0.4 * botWin
	}
	return botWin
}

// botCashWeight is what $1ooo in hand is worth beside $1ooo in the bank
// with left Seasonal Turns to go: most of it while there is time to reach
// a bank, less and less as the run for the airfield nears.
func botCashWeight(left int) float64 {
	const far, near = 0.85, 0.3
	if left > botEscapeEarliest+4 {
		return far
	}
	w := far - 0.1*float64(botEscapeEarliest+5-left)
	return max(w, near)
}

// botEscape is the chance that seat p gets out before the game ends if
// the run for the airfield starts at the next turn (or at the latest
// turn the bot would start it, while that is further off): a turn for
// the passport, one to reach the airfield, then a roll of 1-3 a turn
// (§10.1); a player without the passport's price waits on rolls of 5
// for it, one hooked in the Opium Dens or detained by the spy loses
// turns.
func (s *State) botEscape(p int) float64 {
	d := s.d()
	me := &s.Players[p]
	left := s.turnsLeft()
	rolls := 0
	switch {
	case me.Passport && me.At == d.airfield:
		rolls = left
	case me.Passport:
		rolls = left - 1
	default:
		rolls = min(left, botEscapeLatest+1) - 2
		if me.Cash < d.Passport.Cost && left <= botEscapeEarliest+2 {
			rolls -= 3
		}
		if me.Hooked {
			rolls--
		}
	}
	rolls -= me.Detained
	if rolls <= 0 {
		return 0
	}
	return 1 - math.Pow(0.5, float64(rolls))
}

// botRevenue is the revenue seat p's holdings would give at a Revenue
// Phase now, after the Transport Company's fee, before the floor: the
// floor is paid to the empire-less as well, and what an establishment
// adds to an empire under it shows once the empire grows.
func (s *State) botRevenue(p int) int {
	in := s.income(p)
	return in.Gross - in.Fee
}
