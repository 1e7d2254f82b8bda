package sackson

import (
	"fmt"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// bid is "a. Bidding" (shanghai-sackson-en.md "Course of play"): a sealed
// bribe for placing Lang-Tsu (SS-A4), in steps of 10; over-bidding costs
// the penalty (what-if a, SS-X7). bid: AMOUNT (0 or none for no bid).
var bid verb = &bidVerb{verbInfo{name: verbBid, rule: `"a. Bidding", "What happens if..." a) and b); SS-A4, SS-A5, SS-G7, SS-X7`}}

type bidVerb struct{ verbInfo }

func (*bidVerb) read(s *State, seat int, it orders.Item, p *plan) error {
	t, err := it.String()
	if err != nil {
		return err
	}
	t = strings.ToLower(t)
	if t == "none" || t == "no" || t == "nothing" || t == "pass" {
		return nil
	}
	n, convErr := strconv.Atoi(strings.ReplaceAll(t, ",", ""))
	switch {
	case convErr != nil || n < 0:
		return it.Errorf("%q is not a bid: write a whole amount in steps of %d, or 0 for no bid", t, data.BidStep)
	case n%data.BidStep != 0:
		return it.Errorf("bids go in steps of %d; %d is not one", data.BidStep, n)
	case n > 1000000:
		return it.Errorf("%d is more money than the game holds", n)
	}
	p.bid = n
	return nil
}

// decision offers every bid from nothing to all the player's money (which
// is public).
func (*bidVerb) decision(s *State, seat int) (engine.Decision, []engine.Choice) {
	var bids []engine.Choice
	for n := 0; n <= s.Players[seat].Money; n += data.BidStep {
		text := fmt.Sprintf("bid %d", n)
		if n == 0 {
			text = "no bid"
		}
		bids = append(bids, engine.Choice{Order: verbBid + ": " + strconv.Itoa(n), Text: text})
	}
	return engine.Decision{Name: verbBid, Prompt: "your sealed bid", Default: "no bid"}, bids
}

func (*bidVerb) fill(s *State, seat int, p *plan, given bool) string {
	if given {
		return ""
	}
	return "bid: not given: you bid nothing (0)."
}

// bidding plays "a. Bidding": every sealed bid is revealed (SS-A4, 3d),
// over-bidders pay the penalty and are out (what-if a, SS-A5), and the
// highest bid wins and is paid to the keeper, ties broken by SS-G7; with
// no bid, the previous determiner places Lang-Tsu for nothing (what-if
// b). It returns who places him (-1: nobody, and why).
func (s *State) bidding(plans []plan, log *RoundLog, rng *engine.Rand, hs *[]engine.Happening) (chooser int, why string) {
	var words []string
	for _, q := range s.clockwise(-1) {
		b := Bid{Seat: q, Amount: plans[q].bid}
		if b.Amount == 0 {
			words = append(words, s.name(q)+" none")
		} else {
			words = append(words, fmt.Sprintf("%s %s", s.name(q), money(b.Amount)))
		}
		log.Bids = append(log.Bids, b)
	}
	*hs = append(*hs, hap("The sealed bids: %s.", strings.Join(words, ", ")))
	// What-if a), SS-A5: every over-bidder pays the penalty and is out of
	// the bidding; the other sealed bids stand.
	determinerOut := false
	for i := range log.Bids {
		b := &log.Bids[i]
		m := s.Players[b.Seat].Money
		if b.Amount <= m {
			continue
		}
		b.Over, b.Penalty = true, min(data.Penalty, m)
		s.Players[b.Seat].Money -= b.Penalty
		s.Bank += b.Penalty
		determinerOut = determinerOut || b.Seat == s.Determiner
		*hs = append(*hs, hap("%s bid %s with only %s: %s pays %s to the bank and may not bid again this round.", s.name(b.Seat), money(b.Amount), money(m), s.name(b.Seat), money(b.Penalty)))
	}
	top := 0
	var tied []int
	for _, b := range log.Bids {
		switch {
		case b.Over || b.Amount == 0 || b.Amount < top:
		case b.Amount > top:
			top, tied = b.Amount, []int{b.Seat}
		default:
			tied = append(tied, b.Seat)
		}
	}
	chooser = -1
	why = "Nobody bids and nobody placed Lang-Tsu last round"
	switch {
	case len(tied) > 0:
		chooser = s.breakTie(tied, log, rng, hs)
		log.How, log.Paid = "bid", top
		s.Players[chooser].Money -= top
		s.Keeper += top
		*hs = append(*hs, hap("%s wins the bribe with %s and pays it to the keeper of the bribe money.", s.name(chooser), money(top)))
	case s.active(s.Determiner) && !determinerOut:
		// What-if b): the previous determiner places Lang-Tsu for free.
		chooser, log.How = s.Determiner, "previous"
		*hs = append(*hs, hap("Nobody bids: %s, who placed Lang-Tsu last round, places him again, for nothing.", s.name(chooser)))
	default:
		log.How = "drawn"
		if s.active(s.Determiner) {
			why = fmt.Sprintf("Nobody bids, and %s, who placed Lang-Tsu last round, over-bid", s.name(s.Determiner))
		}
	}
	return chooser, why
}

// breakTie settles equal highest bids (SS-G7): the tied player furthest
// behind on the track, then a draw.
func (s *State) breakTie(tied []int, log *RoundLog, rng *engine.Rand, hs *[]engine.Happening) int {
	if len(tied) == 1 {
		return tied[0]
	}
	low := data.Track + 1
	var back []int
	for _, q := range tied {
		switch sp := s.Players[q].Space; {
		case sp < low:
			low, back = sp, []int{q}
		case sp == low:
			back = append(back, q)
		}
	}
	names := make([]string, len(tied))
	for i, q := range tied {
		names[i] = s.name(q)
	}
	if len(back) == 1 {
		log.Tie = "behind"
		*hs = append(*hs, hap("%s bid the same; %s, furthest behind on the track, wins the tie.", engine.AndList(names), s.name(back[0])))
		return back[0]
	}
	w := back[rng.Intn(len(back))]
	log.Tie = "drawn"
	*hs = append(*hs, hap("%s bid the same and stand equally far back; the draw picks %s.", engine.AndList(names), s.name(w)))
	return w
}
