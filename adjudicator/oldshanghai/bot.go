package oldshanghai

import (
	"slices"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

var _ engine.Bot = Engine{}

// The bot's settings.
const (
	// botWorlds is how many redealt worlds each answer is played in.
	botWorlds = 12
	// botHorizon is how many turns per player still in a world is played
	// on without an elimination before it is judged (the survivors then
	// share the win, as at the stalemate).
	botHorizon = 3
	// botFinisherWorth is how many of the others each finishing card the
	// bot holds at the horizon (a Boss, a pair of one Rowing Gang) is
	// counted as yet putting out: players on the defaults never finish a
	// Shanghai!, so only the bot's own finishing cards end a game before
	// the stalemate, and an answer that spends one (on a sailor who then
	// plays Harbor Police) or gives one away must be weighed as a loss.
	botFinisherWorth = 0.5
	// botPreferWorth is how much more (summed over the worlds) another
	// answer must win than the preferred one to be given instead: the
	// worlds are few, and an answer that wins no more in them, such as a
	// skip card played where a draw would do, spends a card for nothing.
	botPreferWorth = 0.3
	// botRiskMargin is how much less likely to hold Harbor Police
	// another sailor must be for the bot to leave a Shanghai! unfinished
	// for a later one (the estimates differ by the hand sizes only).
	botRiskMargin = 0.01
)

// botStanding are the bot's own standing orders, sent with every file:
// the Heart of Gold and Harbor Police played when held, and the other
// decisions (whether and with what to finish another player's
// Shanghai!, what to play before a draw, where a Shanghai! goes back,
// which Old Shell-Back card to keep) asked, so that it weighs each when
// it comes.
const botStanding = "[heart: always, police: always, finish: ask, skip: [ask]]"

// botPlayer are the standing orders the bot plays itself on in the
// turns it plays out: the cards that save a sailor played, every
// Shanghai! finished that can be, a Shanghai! put back on top, the
// better Old Shell-Back card kept, and a skip card played when the top
// card is known to be a Shanghai!.
const botPlayer = `[heart: always, police: always, finish: all, put-back: top,
  keep: [police, heart, boss, drink-up, drunken-sailor, shell-back, southenders, sydney-cove, dragons, shanghai],
  skip: [{play: drink-up, if: top shanghai}, {play: shell-back, if: top shanghai}, {play: drunken-sailor, at: left, if: top shanghai}, draw]]`

// botOthers are the standing orders the bot plays every other player on:
// the documented defaults (OS-X3) as standing orders, which never finish
// a Shanghai! and put one back at random. Players who finish (the random
// ones of the arena) are then a surprise to the bot, but one it survives
// well, while players on the defaults are the opponents it must put out
// itself to win more than a share of the stalemate.
const botOthers = `[heart: always, police: always, finish: none, put-back: random,
  keep: [police, heart, boss, drink-up, drunken-sailor, shell-back, southenders, sydney-cove, dragons, shanghai],
  skip: [draw]]`

// BotOrders plays player's seat. At the standing-order step it gives its
// standing orders (botStanding); at a question it weighs every answer the
// form offers (Options) in botWorlds states consistent with what the seat
// sees (Redeal, drawn from rng), each played on by the engine's own
// Resolve with itself on botPlayer orders and every other player on
// botOthers for botHorizon turns a player (or to the end), and gives the
// answer with the best mean share of the win, its finishing cards
// counted (botShare), unless it wins no more than botPreferWorth over
// the preferred answer (a Shanghai! on top, a finish with gangs first,
// else the defaults' answer); with its standing orders.
func (e Engine) BotOrders(as engine.State, player string, rng *engine.Rand) []orders.Item {
	s := state(as)
	me := s.seat(player)
	return e.botOrders(s, player, rng, func(q int) float64 { return s.botRisk(me, q, cPolice) })
}

// botOrders is BotOrders with the chance it reckons of each seat holding
// Harbor Police (policeRisk) as a parameter: BotOrders reckons it from what
// the seat sees (botRisk); BenchmarkBotOracle hands in the truth, to
// measure what that knowledge, which the seat may not have, is worth.
func (e Engine) botOrders(s *State, player string, rng *engine.Rand, policeRisk func(q int) float64) []orders.Item {
	me := s.seat(player)
	standing := mustParse(botStanding)
	if !s.owes(me) {
		return e.Default(s, player)
	}
	if s.Stage == stReview {
		return standing
	}
	var answers []string
	for _, d := range e.Options(s, player) {
		if d.Name == vNow {
			for _, c := range d.Choices {
				answers = append(answers, c.Order)
			}
		}
	}
	with := func(answer string) []orders.Item {
		items, err := engine.ChoiceItems(answer)
		if err != nil {
			return nil
		}
		return orders.Renumber(append(mustParse(botStanding), items...))
	}
	if len(answers) == 0 {
		return e.Default(s, player)
	}
	if len(answers) == 1 {
		return with(answers[0])
	}
	// The answer kept when all weigh alike first: a Shanghai! put back
	// on top (the next player draws it); a Shanghai! finished, with a
	// pair of gangs before a Boss (a Boss used goes to the bottom of the
	// deck, where the others mostly draw it); else the defaults' answer.
	prefer := vNow + ": top"
	if s.Stage == stFinish {
		prefer = vNow + ": gangs"
		if _, pair := s.gangPair(me); !pair {
			prefer = vNow + ": boss"
		}
	} else if d := e.Default(s, player); s.Stage != stPutBack && len(d) == 1 {
		v, _ := d[0].String()
		prefer = vNow + ": " + v
	}
	if s.Stage == stFinish && s.canFinish(me) {
		if s.botFinishNow(me, policeRisk) {
			return with(prefer)
		}
		return with(vNow + ": no")
	}
	if i := slices.Index(answers, prefer); i > 0 {
		answers[0], answers[i] = answers[i], answers[0]
	}
	var mine, others parsed
	if err := s.read(me, mustParse(botPlayer), &mine); err != nil {
		panic("oldshanghai: the bot's play-out orders: " + err.Error())
	}
	if err := s.read(me, mustParse(botOthers), &others); err != nil {
		panic("oldshanghai: the bot's play-out orders: " + err.Error())
	}
	worlds := make([]*State, botWorlds)
	dice := make([]*engine.Rand, botWorlds)
	for i := range worlds {
		w := state(e.Redeal(s, player, rng))
		for q := range w.Players {
			w.Players[q].Orders = others.standing
		}
		w.Players[me].Orders = mine.standing
		w.RoundTurns, w.ReviewOnElim, w.Review = 0, false, false
		// The horizon is a stalemate of its own, unless the game's comes
		// first.
		w.Stalemate = min(s.Stalemate, w.Quiet+botHorizon*w.aliveCount())
		worlds[i], dice[i] = w, rng.Fork()
	}
	best, bestValue := 0, 0.0
	for k, a := range answers {
		items, err := engine.ChoiceItems(a)
		if err != nil {
			continue
		}
		var pr parsed
		if s.read(me, items, &pr) != nil {
			continue
		}
		v := 0.0
		for i, w := range worlds {
			v += e.botPlayOut(w, me, &pr, w.Stalemate < s.Stalemate, dice[i].Clone())
		}
		if k == 0 {
			v += botPreferWorth
		}
		if k == 0 || v > bestValue {
			best, bestValue = k, v
		}
	}
	return with(answers[best])
}

// botPlayOut answers the open question of a copy of world w with me's
// reading pr (the other players asked answer by their standing orders),
// plays on, and returns me's share of the win (botShare); cut says that
// w's stalemate is the bot's horizon rather than the game's.
func (e Engine) botPlayOut(w *State, me int, pr *parsed, cut bool, rng *engine.Rand) float64 {
	var subs []engine.Submission
	for _, q := range w.Asked {
		if !w.in(q) {
			continue
		}
		reading := &parsed{}
		if q == me {
			reading = pr
		}
		subs = append(subs, engine.Submission{Player: w.name(q), Reading: reading})
	}
	// Resolve changes the state it is handed: w is played by each answer.
	next, _, err := e.Resolve(w.clone(), subs, rng)
	if err != nil {
		return 0
	}
	ns := state(next)
	return ns.botShare(me, cut && ns.Stage == stOver && ns.Quiet >= ns.Stalemate)
}

// botShare is seat me's share of the win in s: of a game over by the
// game's own rules, its share if it is among the winners; of a game cut
// at the horizon (horizon) or going on, a share among the players still
// in if it is one, each of its finishing cards counted as putting out
// botFinisherWorth of another (as many as there are others at most).
func (s *State) botShare(me int, horizon bool) float64 {
	if s.Stage == stOver && !horizon {
		for _, q := range s.Winners {
			if q == me {
				return 1 / float64(len(s.Winners))
			}
		}
		return 0
	}
	if !s.in(me) {
		return 0
	}
	alive := float64(s.aliveCount())
	f := float64(s.count(me, cBoss))
	for c := Card(0); c < numCards; c++ {
		if c.gang() {
			f += float64(s.count(me, c) / 2)
		}
	}
	return 1 / (alive - botFinisherWorth*min(f, alive-1))
}

// mustParse reads one of the bot's own order files.
func mustParse(text string) []orders.Item {
	items, err := orders.ParseList([]byte(text))
	if err != nil {
		panic("oldshanghai: the bot's orders: " + err.Error())
	}
	return orders.Renumber(items)
}

// botUnseen is what seat me knows of the cards it cannot see: how many
// of each kind are unaccounted for (neither in its hand, face up, out of
// play, known at a deck depth nor known in another hand), and how many
// cards other than a Shanghai! are hidden from it (in the others' hands
// and the deck, less those it knows). Everything it counts is public or
// me's own.
func (s *State) botUnseen(me int) (unseen [numCards]int, hidden int) {
	for c := range unseen {
		unseen[c] = s.Counts[c]
	}
	seen := func(cs []Card) {
		for _, c := range cs {
			unseen[c]--
		}
	}
	seen(s.Discard)
	seen(s.OutOfPlay)
	seen(s.Table)
	seen(s.Players[me].Hand)
	for _, f := range s.Players[me].Deck {
		if f.Deeper == 0 {
			unseen[f.Card]--
		}
	}
	for _, h := range s.Players[me].Held {
		if s.in(h.Holder) && h.Holder != me {
			unseen[h.Card]--
		}
	}
	for c := range unseen {
		unseen[c] = max(unseen[c], 0)
	}
	for c := Card(0); c < numCards; c++ {
		if c != cShanghai {
			hidden += unseen[c]
		}
	}
	return unseen, hidden
}

// botRisk is the chance, as seat me sees it, that seat q holds at least
// one card of kind c: one me knows of makes it certain; else q's cards
// that me does not know are as many drawn from the hidden cards.
func (s *State) botRisk(me, q int, c Card) float64 {
	h := len(s.Players[q].Hand)
	for _, k := range s.Players[me].Held {
		if k.Holder == q {
			if k.Card == c {
				return 1
			}
			h--
		}
	}
	unseen, hidden := s.botUnseen(me)
	none := 1.0
	for i := range unseen[c] {
		if hidden-i <= 0 {
			return 1
		}
		none *= float64(max(hidden-h-i, 0)) / float64(hidden-i)
	}
	return 1 - none
}

// botFinishNow says whether seat me finishes the open Shanghai!: when
// the drawer is the sailor least likely to hold Harbor Police (risk: for
// the bot botRisk, from the cards me has seen and the sizes of the
// hands), or when the stalemate is near. A finish stopped by Harbor
// Police costs the finishing card and two more cards of the bot's hand,
// while one that succeeds takes two cards: a sailor with more cards, and
// more chance of holding one, is left for later, when the sailors least
// likely to hold one are out and the others draw their Shanghai! in
// turn.
func (s *State) botFinishNow(me int, risk func(q int) float64) bool {
	if s.Quiet+2*s.aliveCount() >= s.Stalemate {
		return true
	}
	d := s.Sh.Drawer
	r := risk(d)
	for _, q := range s.alive() {
		if q != me && q != d && risk(q) < r-botRiskMargin {
			return false
		}
	}
	return true
}
