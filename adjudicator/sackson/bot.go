package sackson

import (
	"math"
	"strconv"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

var _ engine.Bot = Engine{}

// The bot's settings: how many redealt worlds it plays each choice in, and
// what it counts a card in hand and money worth, in spaces of the track.
const (
	botWorlds = 6
	// botKeep is the share of a card's mean value (over the six times,
	// doubled ones counted double) that playing it must beat: a card
	// played far below its mean is better kept for a better time.
	botKeep = 0.7
	// botCardWorth is a card in hand, in spaces: what it may still move
	// the piece.
	botCardWorth = 2.5
	// botMoneyWorth is 100 of money, in spaces: what it may still buy
	// (a bid, a card, a tie).
	botMoneyWorth = 1.0
	// botSpread is how many spaces ahead make a player e times likelier
	// to win than another (botValue).
	botSpread = 8.0
)

// botBids are the bids the bot weighs, as shares of its money (rounded
// down to the bid step): the first is no bid.
var botBids = []float64{0, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5}

// BotOrders plays player's seat for the open round. It reads the state
// only through Redeal (a few worlds consistent with what the seat sees,
// drawn from rng) and plays the round out in each with the engine's own
// Resolve. Its plan of cards is chosen card by card (a card is played
// where it scores at least botKeep of its mean value, all the cards that
// reach the junk when some do, SS-X4's best near it); then, assuming it
// places Lang-Tsu, it picks where he goes and who gets the event card as
// the choice whose round leaves it the best chance to win (botValue);
// last, it weighs each bid against the others bidding as a random player
// would (bidOdds, then any amount they can pay).
func (e Engine) BotOrders(as engine.State, player string, rng *engine.Rand) []orders.Item {
	s := state(as)
	me := s.seat(player)
	if s.Over || !s.active(me) {
		return e.Default(s, player)
	}
	worlds := make([]*State, botWorlds)
	dice := make([]*engine.Rand, botWorlds)
	for i := range worlds {
		worlds[i] = state(e.Redeal(s, player, rng))
		dice[i] = rng.Fork()
	}
	w := worlds[0]
	mine := plan{bid: 0, event: evTake}
	for _, d := range options(w.LangTsu) {
		mine.add(d).cards = w.botPlay(me, d)
	}
	mine.buy = w.botBuys(me)
	opponents := make([][]plan, botWorlds)
	for i, x := range worlds {
		opponents[i] = x.opponentPlans(me, dice[i].Fork())
	}
	// Should the bot place Lang-Tsu (the others bid nothing, the bot
	// the least): where he goes, each in every world with the event card
	// taken; then who gets the event card, with each card that may be on
	// top of the event pile in turn.
	placing := mine
	placing.bid = data.BidStep
	var bestValue float64
	for c, d := range options(w.LangTsu) {
		p := placing
		p.goList = []int{d}
		v := 0.0
		for i, x := range worlds {
			v += e.botPlayOut(x, me, p, opponents[i], true, dice[i].Clone())
		}
		if c == 0 || v > bestValue {
			placing, bestValue = p, v
		}
	}
	tops := w.unseenEvents()
	for k, ev := range []string{evTake, evLeader, evLast} {
		p := placing
		p.event = ev
		v := 0.0
		for j, top := range tops {
			i := j % len(worlds)
			v += e.botPlayOut(worlds[i].withEventOnTop(top), me, p, opponents[i], true, dice[i].Clone())
		}
		if k == 0 || v > bestValue {
			placing.event, bestValue = ev, v
		}
	}
	// The bid: each share of its money against the others' random bids.
	chosen, chosenValue := placing, 0.0
	seen := map[int]bool{}
	for k, share := range botBids {
		p := placing
		p.bid = int(share*float64(w.Players[me].Money)) / data.BidStep * data.BidStep
		if seen[p.bid] {
			continue
		}
		seen[p.bid] = true
		v := 0.0
		for i, x := range worlds {
			v += e.botPlayOut(x, me, p, opponents[i], false, dice[i].Clone())
		}
		if k == 0 || v > chosenValue {
			chosen, chosenValue = p, v
		}
	}
	return w.planItems(chosen)
}

// botPlayOut resolves the open round of a copy of world x with the bot's
// plan p and the others' (their bids dropped when quiet), and returns the
// Value for seat me.
func (e Engine) botPlayOut(x *State, me int, p plan, others []plan, quiet bool, rng *engine.Rand) float64 {
	s := x.clone()
	subs := make([]engine.Submission, 0, len(s.Players))
	for _, q := range s.clockwise(-1) {
		pl := others[q]
		if q == me {
			pl = p
		} else if quiet {
			pl.bid = 0
		}
		subs = append(subs, engine.Submission{Player: s.name(q), Reading: &pl})
	}
	next, _, err := e.Resolve(s, subs, rng)
	if err != nil {
		return 0
	}
	return state(next).botValue(me)
}

// opponentPlans are the plans the bot assumes for the other players of
// world s: a bid as a random player's, as often as bidOdds says, of any
// amount they can pay, and the best cards wherever Lang-Tsu goes (SS-X4).
func (s *State) opponentPlans(me int, rng *engine.Rand) []plan {
	out := make([]plan, len(s.Players))
	for _, q := range s.clockwise(-1) {
		if q == me {
			continue
		}
		p := plan{event: evTake}
		if rng.Intn(4) < s.bidOdds(q) {
			p.bid = rng.Intn(s.Players[q].Money/data.BidStep+1) * data.BidStep
		}
		for _, d := range options(s.LangTsu) {
			p.add(d).best = true
		}
		out[q] = p
	}
	return out
}

// bidOdds is how many times in four the bot assumes seat q bids: as a
// random player does, at even odds, or once in four when q bid nothing
// last round, three times when q bid.
func (s *State) bidOdds(q int) int {
	if s.Last == nil {
		return 2
	}
	for _, b := range s.Last.Bids {
		if b.Seat == q && b.Amount > 0 {
			return 3
		}
	}
	return 1
}

// unseenEvents are the event cards that may be on top of the event pile
// as seat me sees it: those not among the last ones carried out, or the
// top itself when all sixteen are known.
func (s *State) unseenEvents() []int {
	known := min(len(s.EventsDone), len(s.Events))
	if known == len(s.Events) {
		return s.Events[:1]
	}
	return s.Events[:len(s.Events)-known]
}

// withEventOnTop is a copy of s with event card e (one of the unseen
// ones) moved to the top of the event pile.
func (s *State) withEventOnTop(e int) *State {
	c := *s
	c.Events = append([]int(nil), s.Events...)
	for i, x := range c.Events {
		if x == e {
			c.Events[0], c.Events[i] = c.Events[i], c.Events[0]
			break
		}
	}
	return &c
}

// botValue is how good s is for seat me: its chance to win, as a won
// game (its share of a shared win) or, in a game going on, as the softmax
// of every player's worth (the piece's space and what its cards and money
// may still bring, in spaces) over botSpread spaces.
func (s *State) botValue(me int) float64 {
	if s.Over {
		for _, q := range s.Winners {
			if q == me {
				return 1 / float64(len(s.Winners))
			}
		}
		return 0
	}
	worth := func(q int) float64 {
		p := &s.Players[q]
		return float64(p.Space) + botCardWorth*float64(len(p.Hand)) + botMoneyWorth*float64(p.Money)/100
	}
	mine := worth(me)
	sum := 0.0
	for _, q := range s.clockwise(me) {
		sum += math.Exp((worth(q) - mine) / botSpread)
	}
	return 1 / sum
}

// botPlay is the cards seat me plans to play should Lang-Tsu go to d: all
// that reach the junk when some do (SS-X4's best, which also passes it to
// win, SS-X14), else those that score at least botKeep of their mean
// value, the best of them up to the time's limit, without passing the
// junk's far space.
func (s *State) botPlay(me, d int) []Card {
	b := s.best(me, d)
	space := s.Players[me].Space
	if space+s.points(b) >= s.junkLow() {
		return b
	}
	t := s.time()
	var keep []Card
	for _, c := range s.Players[me].Hand {
		if c.Dest() == d && float64(c.Value(t)*mult(t)) >= botKeep*meanValue(c) {
			keep = append(keep, c)
		}
	}
	// The highest first, up to the limit, while they stay short of the
	// far space.
	for i := 1; i < len(keep); i++ {
		for j := i; j > 0 && keep[j].Value(t) > keep[j-1].Value(t); j-- {
			keep[j], keep[j-1] = keep[j-1], keep[j]
		}
	}
	var out []Card
	pts := 0
	for _, c := range keep {
		if len(out) == limit(t) {
			break
		}
		if space+pts+c.Value(t)*mult(t) > s.junkHigh() {
			continue
		}
		out = append(out, c)
		pts += c.Value(t) * mult(t)
	}
	return out
}

// meanValue is what card c scores on average over the six times of day,
// the doubled ones counted double.
func meanValue(c Card) float64 {
	n := 0
	for t := range data.Times {
		n += c.Value(t) * mult(t)
	}
	return float64(n) / float64(len(data.Times))
}

// botBuys says whether seat me buys a card should it place Lang-Tsu: when
// it can pay and keep a bid's worth.
func (s *State) botBuys(me int) bool {
	return s.Players[me].Money >= 3*data.CardPrice && len(s.Pile) > 0
}

// planItems writes plan p as an order file: the bid, where Lang-Tsu goes,
// the cards per destination as one list, the purchase and the event card.
func (s *State) planItems(p plan) []orders.Item {
	items := []orders.Item{orders.With(verbBid, strconv.Itoa(p.bid))}
	if len(p.goList) > 0 {
		items = append(items, orders.With(verbGo, strconv.Itoa(p.goList[0])))
	}
	var cards []string
	for _, d := range options(s.LangTsu) {
		if e := p.entry(d); e != nil {
			for _, c := range e.cards {
				cards = append(cards, c.String())
			}
		}
	}
	if len(cards) == 0 {
		items = append(items, orders.With(verbPlay, "none"))
	} else {
		items = append(items, orders.With(verbPlay, cards...))
	}
	buy := "no"
	if p.buy {
		buy = "yes"
	}
	items = append(items, orders.With(verbBuy, buy))
	ev := evTake
	if p.event == evLeader || p.event == evLast {
		ev = evGive + " " + p.event
	}
	items = append(items, orders.With(verbEvent, ev))
	return orders.Renumber(items)
}
