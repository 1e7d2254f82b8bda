package adjudicator

import (
	"maps"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
)

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

// checkSeatLabels checks the campaign's seat labels: distinct, one for
// each seat at the most, and seat_setup only with them.
func (c *Campaign) checkSeatLabels() error {
	if c.SeatSetup != "" && len(c.SeatLabels) == 0 {
		return Errorf(EINVALID, "campaign %s: seat_setup: needs seat_labels, the labels it writes into the set-up", c.ID)
	}
	if len(c.SeatLabels) == 0 {
		return nil
	}
	if len(c.SeatLabels) < c.Seats.Max {
		return Errorf(EINVALID, "campaign %s: seat_labels: %d labels for %d seats; give one for each", c.ID, len(c.SeatLabels), c.Seats.Max)
	}
	seen := map[string]bool{}
	for _, l := range c.SeatLabels {
		k := strings.ToLower(strings.TrimSpace(l))
		if k == "" || seen[k] {
			return Errorf(EINVALID, "campaign %s: seat_labels: %q is empty or given twice", c.ID, l)
		}
		if _, err := strconv.Atoi(k); err == nil {
			return Errorf(EINVALID, "campaign %s: seat_labels: %q is a number, which names a seat by its place already", c.ID, l)
		}
		seen[k] = true
	}
	return nil
}

// SeatLabel names seat n (1-based): its label and number, or its number.
func (c *Campaign) SeatLabel(n int) string {
	if n >= 1 && n <= len(c.SeatLabels) {
		return strconv.Itoa(n) + " (" + c.SeatLabels[n-1] + ")"
	}
	return strconv.Itoa(n)
}

// seatNumber reads a seat as a player names it: its number or its label.
func (g *Game) seatNumber(word string) (int, error) {
	max := g.SignUp.Seats.Max
	if n, err := strconv.Atoi(strings.TrimSpace(word)); err == nil {
		if n < 1 || n > max {
			return 0, Errorf(EINVALID, "field seats: %d is not a seat of game %s, whose seats are 1 to %d", n, g.ID, max)
		}
		return n, nil
	}
	for i, l := range g.Campaign.SeatLabels[:min(max, len(g.Campaign.SeatLabels))] {
		if strings.EqualFold(l, strings.TrimSpace(word)) {
			return i + 1, nil
		}
	}
	what := "give seat numbers, 1 to " + strconv.Itoa(max)
	if len(g.Campaign.SeatLabels) > 0 {
		what = "give seat numbers or " + strings.Join(g.Campaign.SeatLabels[:min(max, len(g.Campaign.SeatLabels))], ", ")
	}
	return 0, Errorf(EINVALID, "field seats: %q is not a seat of game %s: %s", word, g.ID, what)
}

// labelSeats writes each player's seat label into the set-up under
// seat_setup (by name), for a game whose seats are labelled so, as its
// engine reads a fixed set-up: Shanghai Trader's nationalities.
func (c *Campaign) labelSeats() {
	if c.SeatSetup == "" {
		return
	}
	setup := map[string]any{}
	if m, ok := c.Setup.(map[string]any); ok {
		setup = maps.Clone(m)
	}
	labels := map[string]any{}
	for i, p := range c.Players {
		if i < len(c.SeatLabels) {
			labels[p.Name] = c.SeatLabels[i]
		}
	}
	setup[c.SeatSetup] = labels
	c.Setup = setup
}
