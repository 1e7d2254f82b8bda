package sackson

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// The verbs of an order list.
const (
	verbBid   = "bid"
	verbGo    = "go"
	verbPlay  = "play"
	verbBuy   = "buy"
	verbEvent = "event"
)

// Event decisions.
const (
	evTake   = "take"
	evGive   = "give"   // to a named player
	evLeader = "leader" // to the other player furthest ahead
	evLast   = "last"   // to the other player furthest behind
)

// destPlan is what a player plays if Lang-Tsu goes to one destination.
type destPlan struct {
	best  bool   // the best cards (SS-X4)
	cards []Card // in listed order; truncated to the time's limit
}

// plan is one player's checked orders for a round.
type plan struct {
	bid     int
	goList  []int // ranked destinations, only the round's options kept
	play    map[int]destPlan
	buy     bool
	event   string // evTake, evGive, evLeader, evLast
	eventTo int    // evGive: the seat
}

// verbOf normalises the spellings of the verbs.
func verbOf(v string) string {
	switch strings.ReplaceAll(strings.ReplaceAll(strings.TrimSuffix(v, ":"), "_", "-"), " ", "-") {
	case "bid", "bribe":
		return verbBid
	case "go", "dest", "destination", "lang-tsu", "langtsu":
		return verbGo
	case "play", "plan", "cards":
		return verbPlay
	case "buy", "buy-card":
		return verbBuy
	case "event", "event-card":
		return verbEvent
	}
	return ""
}

const verbList = "the orders are bid, go, play, buy and event"

// parse checks seat's orders against s and returns the plan they ask for.
func (s *State) parse(seat int, items []orders.Item) (plan, error) {
	p := plan{event: evTake, play: map[int]destPlan{}}
	switch {
	case s.Over:
		return p, orders.Errorf(0, "orders", "the game is over; no more orders are taken")
	case !s.active(seat):
		return p, orders.Errorf(0, "orders", "you have left the game")
	}
	var errs orders.List
	seen := map[string]orders.Item{}
	for _, it := range items {
		v := verbOf(it.Verb)
		if v == "" {
			errs = append(errs, it.Errorf("unknown order %q: %s", it.Verb, verbList))
			continue
		}
		if prev, dup := seen[v]; dup {
			errs = append(errs, it.Errorf("%s is given twice (first at %s); write it once", v, prev.Field()))
			continue
		}
		seen[v] = it
		var err error
		switch v {
		case verbBid:
			err = s.parseBid(it, &p)
		case verbGo:
			err = s.parseGo(it, &p)
		case verbPlay:
			err = s.parsePlay(seat, it, &p)
		case verbBuy:
			err = parseBuy(it, &p)
		case verbEvent:
			err = s.parseEvent(seat, it, &p)
		}
		if err != nil {
			errs = append(errs, orders.Errors(err)...)
		}
	}
	return p, errs.Err()
}

func (s *State) parseBid(it orders.Item, p *plan) error {
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

func (s *State) optionsText() string {
	o := options(s.LangTsu)
	words := make([]string, len(o))
	for i, d := range o {
		words[i] = destName(d)
	}
	return strings.Join(words[:3], ", ") + " or " + words[3]
}

// isOption reports whether d is one of this round's four options.
func (s *State) isOption(d int) bool {
	for _, o := range options(s.LangTsu) {
		if o == d {
			return true
		}
	}
	return false
}

func (s *State) parseGo(it orders.Item, p *plan) error {
	list, err := it.Strings()
	if err != nil {
		return err
	}
	if len(list) == 1 && strings.Contains(list[0], ",") {
		list = strings.Split(list[0], ",")
	}
	var unknown []string
	for _, t := range list {
		d := destIndex(t)
		switch {
		case d < 0:
			unknown = append(unknown, strconv.Quote(strings.TrimSpace(t)))
		case s.isOption(d):
			p.goList = append(p.goList, d)
		}
	}
	if len(unknown) > 0 {
		return it.Errorf("%s: not a destination; write its number or its name: %s", engine.AndList(unknown), destList())
	}
	if len(p.goList) == 0 {
		return it.Errorf("Lang-Tsu can go only to %s this round (he is at the %s)", s.optionsText(), destName(s.LangTsu))
	}
	return nil
}

func parseBuy(it orders.Item, p *plan) error {
	if !it.HasValue() {
		p.buy = true
		return nil
	}
	t, err := it.String()
	if err != nil {
		return err
	}
	switch strings.ToLower(t) {
	case "yes", "true", "y", "on", "1":
		p.buy = true
	case "no", "false", "n", "off", "0":
		p.buy = false
	default:
		return it.Errorf("write buy: yes or buy: no, not %q", t)
	}
	return nil
}

func (s *State) parseEvent(seat int, it orders.Item, p *plan) error {
	t, err := it.String()
	if err != nil {
		return err
	}
	f := strings.Fields(t)
	if len(f) == 0 {
		return it.Errorf("write take, give NAME, give leader or give last")
	}
	word := strings.ToLower(f[0])
	target := strings.Join(f[1:], " ")
	switch {
	case word == evTake && len(f) == 1:
		p.event = evTake
		return nil
	case word == evGive && len(f) > 1:
	case word == evGive || word == evTake:
		return it.Errorf("write take, give NAME, give leader or give last")
	default:
		target = t // a bare name or rule: "bob", "leader"
	}
	switch strings.ToLower(target) {
	case evLeader, "first":
		p.event = evLeader
		return nil
	case evLast, "lowest":
		p.event = evLast
		return nil
	}
	q := s.seatNamed(target)
	switch {
	case q < 0:
		return it.Errorf("%q is not a player (the players are %s); write take, give NAME, give leader or give last", target, engine.AndList(s.names()))
	case q == seat:
		return it.Errorf("to keep the event card yourself, write event: take")
	case !s.active(q):
		return it.Errorf("%s has left the game", s.name(q))
	}
	p.event, p.eventTo = evGive, q
	return nil
}

// parsePlay reads the plan: play: best, play: none, play: [8-0, 7-1],
// or play: {8: [8-0, 8-3], 7: best}.
func (s *State) parsePlay(seat int, it orders.Item, p *plan) error {
	if !it.HasValue() {
		return it.Errorf("say which cards to play: a list of cards, best, none, or one entry per destination")
	}
	v := it.Value
	var errs orders.List
	switch v.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(v.Content); i += 2 {
			k, val := v.Content[i], v.Content[i+1]
			d := -1
			if k.Kind == yaml.ScalarNode {
				d = destIndex(k.Value)
			}
			switch {
			case d < 0:
				errs = append(errs, orders.Errorf(k.Line, it.Field(), "%q is not a destination; write its number or its name: %s", k.Value, destList()))
				continue
			case !s.isOption(d):
				errs = append(errs, orders.Errorf(k.Line, it.Field(), "Lang-Tsu cannot go to the %s this round: the options are %s", destName(d), s.optionsText()))
				continue
			}
			if _, dup := p.play[d]; dup {
				errs = append(errs, orders.Errorf(k.Line, it.Field(), "the %s is planned twice", destName(d)))
				continue
			}
			dp, err := s.parseCards(seat, it, val, d)
			if err != nil {
				errs = append(errs, orders.Errors(err)...)
				continue
			}
			p.play[d] = dp
		}
	case yaml.ScalarNode, yaml.SequenceNode:
		if v.Kind == yaml.ScalarNode {
			switch strings.ToLower(strings.TrimSpace(v.Value)) {
			case "best":
				for _, d := range options(s.LangTsu) {
					p.play[d] = destPlan{best: true}
				}
				return nil
			case "none", "nothing", "no":
				return nil
			}
		}
		dp, err := s.parseCards(seat, it, v, 0)
		if err != nil {
			return err
		}
		for _, c := range dp.cards {
			d := c.Dest()
			x := p.play[d]
			x.cards = append(x.cards, c)
			p.play[d] = x
		}
		for _, d := range options(s.LangTsu) {
			if len(p.play[d].cards) > data.Limit {
				errs = append(errs, it.Errorf("at most %d cards of one destination may be played; %d are listed for the %s", data.Limit, len(p.play[d].cards), destName(d)))
			}
		}
	default:
		return it.Errorf("write a list of cards, best, none, or one entry per destination")
	}
	return errs.Err()
}

// parseCards reads one destination's cards (or best / none); d is the
// destination they must belong to, or 0 for any of the round's options.
func (s *State) parseCards(seat int, it orders.Item, v *yaml.Node, d int) (destPlan, error) {
	var texts []*yaml.Node
	switch v.Kind {
	case yaml.ScalarNode:
		t := strings.ToLower(strings.TrimSpace(v.Value))
		switch {
		case v.Tag == "!!null" || t == "none" || t == "nothing" || t == "no" || t == "[]":
			return destPlan{}, nil
		case t == "best" && d > 0:
			return destPlan{best: true}, nil
		}
		for _, part := range strings.Split(v.Value, ",") {
			if strings.TrimSpace(part) != "" {
				texts = append(texts, &yaml.Node{Kind: yaml.ScalarNode, Value: part, Line: v.Line})
			}
		}
	case yaml.SequenceNode:
		texts = v.Content
	default:
		return destPlan{}, orders.Errorf(v.Line, it.Field(), "write the cards as a list, e.g. [8-0, 8-3], or best, or none")
	}
	var dp destPlan
	var errs orders.List
	for _, n := range texts {
		if n.Kind != yaml.ScalarNode {
			errs = append(errs, orders.Errorf(n.Line, it.Field(), "each card is a single value such as 8-0, not a %s", orders.KindName(n.Kind)))
			continue
		}
		c, msg := parseCard(n.Value)
		if msg != "" {
			errs = append(errs, orders.Errorf(n.Line, it.Field(), "%s", msg))
			continue
		}
		switch {
		case d > 0 && c.Dest() != d:
			errs = append(errs, orders.Errorf(n.Line, it.Field(), "%s is a card of the %s, not of the %s", c, destName(c.Dest()), destName(d)))
			continue
		case d == 0 && !s.isOption(c.Dest()):
			errs = append(errs, orders.Errorf(n.Line, it.Field(), "%s is a card of the %s, where Lang-Tsu cannot go this round: the options are %s", c, destName(c.Dest()), s.optionsText()))
			continue
		case !s.has(seat, c):
			errs = append(errs, orders.Errorf(n.Line, it.Field(), "you do not hold %s", c))
			continue
		}
		for _, x := range dp.cards {
			if x == c {
				errs = append(errs, orders.Errorf(n.Line, it.Field(), "%s is listed twice", c))
			}
		}
		dp.cards = append(dp.cards, c)
	}
	if d > 0 && len(dp.cards) > data.Limit {
		errs = append(errs, orders.Errorf(v.Line, it.Field(), "at most %d cards of one destination may be played; %d are listed for the %s", data.Limit, len(dp.cards), destName(d)))
	}
	return dp, errs.Err()
}

// cardsFor is what seat plays under plan p if Lang-Tsu goes to d: the
// listed cards truncated to the time's limit (SS-T3), or the best ones.
func (s *State) cardsFor(seat int, p plan, d int) []Card {
	dp := p.play[d]
	if dp.best {
		return s.best(seat, d)
	}
	if l := limit(s.time()); len(dp.cards) > l {
		return dp.cards[:l]
	}
	return dp.cards
}

// points is what cards score at the open round's time.
func (s *State) points(cards []Card) int {
	t := s.time()
	n := 0
	for _, c := range cards {
		n += c.Value(t)
	}
	return n * mult(t)
}

// best is SS-X4's play: of seat's cards of destination d, the ones (at
// most the time's limit) that bring the piece furthest without passing
// the junk's far space; on ties the fewer cards, then the first in hand
// order. None when every card would carry the piece past the junk.
// Under shanghai/2 (SS-X14), when that play does not reach the junk, a
// play that passes the far space is taken instead if it would make the
// piece the winner as the pieces stand (closer past the junk than every
// other piece that has reached it, or as close with more money): the one
// that passes it by least, then the fewer cards, then the first in hand
// order.
func (s *State) best(seat, d int) []Card {
	var mine []Card
	for _, c := range s.Players[seat].Hand {
		if c.Dest() == d {
			mine = append(mine, c)
		}
	}
	space := s.Players[seat].Space
	room := s.junkHigh() - space
	l := limit(s.time())
	bestMask, bestPts, bestN := 0, 0, 0
	passMask, passDist, passN := 0, 0, 0
	for mask := 1; mask < 1<<len(mine); mask++ {
		var pick []Card
		for i, c := range mine {
			if mask&(1<<i) != 0 {
				pick = append(pick, c)
			}
		}
		if len(pick) > l {
			continue
		}
		pts := s.points(pick)
		if pts > room {
			dist := min(space+pts, data.Track) - s.junkHigh()
			if s.v2() && s.wouldWin(seat, dist) && (passMask == 0 || dist < passDist || dist == passDist && len(pick) < passN) {
				passMask, passDist, passN = mask, dist, len(pick)
			}
			continue
		}
		if pts > bestPts || (pts == bestPts && bestMask != 0 && len(pick) < bestN) {
			bestMask, bestPts, bestN = mask, pts, len(pick)
		}
	}
	if passMask != 0 && space+bestPts < s.junkLow() {
		bestMask = passMask
	}
	var out []Card
	for i, c := range mine {
		if bestMask&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// wouldWin reports whether seat's piece, dist spaces past the junk's far
// space, would win as the other pieces stand (3h): closer than every other
// piece that has reached the junk, or as close with more money.
func (s *State) wouldWin(seat, dist int) bool {
	for _, q := range s.clockwise(seat) {
		if q == seat {
			continue
		}
		ok, d := s.reached(q)
		if ok && (d < dist || d == dist && s.Players[q].Money >= s.Players[seat].Money) {
			return false
		}
	}
	return true
}

// destination is where seat takes Lang-Tsu under plan p: the first of its
// go list, else (SS-X3) the option where its plan scores most, the first
// in arrow order on ties.
func (s *State) destination(seat int, p plan) int {
	if len(p.goList) > 0 {
		return p.goList[0]
	}
	o := options(s.LangTsu)
	best, pts := o[0], -1
	for _, d := range o {
		if n := s.points(s.cardsFor(seat, p, d)); n > pts {
			best, pts = d, n
		}
	}
	return best
}
