package adjudicator

import "taipan/adjudicator/engine"

// AssignSeats is the seat rule: which entrant takes which of n seats (seat
// 1 first in the game's seat order, which each game reads as its own: the
// order of play, or Shanghai Trader's nationalities in their order). It
// returns the entrants' names in seat order. The rule, as the README
// writes it:
//
//  1. Each entrant lists seats in the order they prefer them; a seat
//     number above n, or one listed before, is passed over.
//  2. In round r = 1, 2, …, n, each seat s = 1, …, n still free goes to
//     the entrants still unseated whose r-th listed seat is s: to the one
//     there is, or with several, to the one drawn among them in sign-up
//     order with draw(k) from the seat stream (SeatStream).
//  3. Then each seat still free, from the lowest, goes likewise to one of
//     the entrants still unseated, drawn among all of them in sign-up
//     order (no draw when one is left).
//
// A draw is made only where there is a tie, so the stream's draws follow
// one another in the order the seats are given.
func AssignSeats(entrants []Entrant, n int, rng *engine.Rand) []string {
	seats := make([]string, n)
	seated := make([]bool, len(entrants))
	prefs := make([][]int, len(entrants))
	for i, e := range entrants {
		seen := map[int]bool{}
		for _, s := range e.Prefs {
			if s >= 1 && s <= n && !seen[s] {
				seen[s] = true
				prefs[i] = append(prefs[i], s)
			}
		}
	}
	give := func(seat int, claimants []int) {
		pick := claimants[0]
		if len(claimants) > 1 {
			pick = claimants[rng.Intn(len(claimants))]
		}
		seats[seat-1] = entrants[pick].Name
		seated[pick] = true
	}
	for r := 0; r < n; r++ {
		for s := 1; s <= n; s++ {
			if seats[s-1] != "" {
				continue
			}
			var claimants []int
			for i := range entrants {
				if !seated[i] && r < len(prefs[i]) && prefs[i][r] == s {
					claimants = append(claimants, i)
				}
			}
			if len(claimants) > 0 {
				give(s, claimants)
			}
		}
	}
	for s := 1; s <= n; s++ {
		if seats[s-1] != "" {
			continue
		}
		var rest []int
		for i := range entrants {
			if !seated[i] {
				rest = append(rest, i)
			}
		}
		if len(rest) == 0 {
			break
		}
		give(s, rest)
	}
	return seats
}
