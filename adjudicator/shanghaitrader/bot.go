package shanghaitrader

import (
	"slices"
	"strconv"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

var _ engine.Bot = Engine{}

// The bot's settings.
const (
	// botSamples is how many redealt worlds, each with its own dice,
	// every candidate move is played in.
	botSamples = 6
	// botEscapeEarliest and botEscapeLatest bound the run for the
	// airfield, in Seasonal Turns left in the game (this one included):
	// from the earliest the bot weighs starting it against trading on,
	// at the latest it starts whatever it holds. A run from the
	// Consulates takes a turn for the passport, one to reach the airfield
	// and then a roll of 1-3 a turn (§10.1): started with 9 turns left it
	// gets out 127 times in 128.
	botEscapeEarliest = 12
	botEscapeLatest   = 9
	// botWin is what getting out of the city is worth beside the account
	// itself: the winner is the largest account among the escaped, and
	// nobody who stays wins (§2.3), so the bot weighs a better chance of
	// escape against $ooo in the bank at this rate.
	botWin = 600
	// botRacketYear is what controlling a racket is reckoned to bring in
	// a year (fines, events, its contractor), for want of a model of each.
	botRacketYear = 15
	// botReserve is the cash kept in hand while trading, for the fines
	// of a turn or two. The rulebook advises $40ooo for the Opium Dens
	// (§12.2), but the bot keeps out of Old Chinatown but for a 6 outside
	// the Settlement, and a fine it cannot pay sells an establishment.
	botReserve = 15
	// botIncomeWeight is what $1ooo of a year's revenue to come is worth
	// beside $1ooo in the bank: it comes as cash, to be banked yet.
	botIncomeWeight = 0.8
)

// BotOrders are the bot's orders for player's seat (engine.Bot). It
// looks ahead over botSamples states redealt from what the seat sees (Redeal), each with its own dice, the same for
// every candidate: its candidates are the legal moves of the open step,
// each with the same standing choices (what to buy, to deposit, the
// passport, bodyguards, an assassin; botCandidates), the others play
// their defaults, and the Value (botValue) is the bot's reckoning of its
// final account weighed by its chance of getting out. The first
// candidate of the highest mean value is kept. Each candidate is read
// once (Read, which is its Check) and its plan handed to every
// resolution: a reading of one seat's orders depends only on what the
// seat sees, which every redealt state shares. The Collusion Phase plays
// the default deployments, makes no offer of its own, and answers each
// offer made to it (botAnswers).
func (e Engine) BotOrders(as engine.State, player string, rng *engine.Rand) []orders.Item {
	worlds := make([]*State, botSamples)
	dice := make([]*engine.Rand, botSamples)
	for i := range worlds {
		worlds[i] = state(e.Redeal(as, player, rng))
		dice[i] = rng.Fork()
	}
	if worlds[0].collusion() {
		return e.botAnswers(worlds, dice, player)
	}
	cands := e.botCandidates(worlds[0], player)
	switch len(cands) {
	case 0:
		return e.Default(worlds[0], player)
	case 1:
		return cands[0].items
	}
	others := e.botOthers(worlds, player)
	best, bestValue := 0, 0.0
	for c, cand := range cands {
		total := 0.0
		for i, w := range worlds {
			subs := append([]engine.Submission{{Player: player, Items: cand.items, Reading: cand.plan}}, others[i]...)
			next, _, err := e.Resolve(w.clone(), subs, dice[i].Clone())
			if err != nil {
				continue
			}
			ns := state(next)
			total += ns.botValue(ns.seat(player))
		}
		if c == 0 || total > bestValue {
			best, bestValue = c, total
		}
	}
	return cands[best].items
}

// botAnswers is the bot's file of the Collusion Phase: the defaults, and
// an answer to each offer on the table to it, accept where the step
// resolved with the offer accepted leaves it better off (botValue) in
// the worlds than with it declined, decline else. Every offer gets an
// answer, so that the step never waits on the bot (Status.Answering);
// the host asks the bot again when an offer comes later.
func (e Engine) botAnswers(worlds []*State, dice []*engine.Rand, player string) []orders.Item {
	w := worlds[0]
	p := w.seat(player)
	base := e.Default(w, player)
	var from []string
	if p >= 0 && w.Underworld != nil {
		for _, o := range w.Underworld.Table {
			if name := w.Players[o.From].Name; o.To == p && !slices.Contains(from, name) {
				from = append(from, name)
			}
		}
	}
	if len(from) == 0 {
		return base
	}
	others := e.botOthers(worlds, player)
	file := slices.Clip(base)
	for _, q := range from {
		accept, decline := orders.With(verbAccept, q), orders.With(verbDecline, q)
		if e.botAnswerWorth(worlds, dice, others, player, base, accept) > e.botAnswerWorth(worlds, dice, others, player, base, decline) {
			file = append(file, accept)
		} else {
			file = append(file, decline)
		}
	}
	return orders.Renumber(file)
}

// botOthers are, world by world, the other players' default orders with
// their plans, shared by every resolution the bot weighs in that world
// (a resolution never changes a plan).
func (e Engine) botOthers(worlds []*State, player string) [][]engine.Submission {
	others := make([][]engine.Submission, len(worlds))
	for i, w := range worlds {
		for _, q := range w.inCity() {
			if name := w.Players[q].Name; name != player {
				items := e.Default(w, name)
				if pl, err := e.Read(w, name, items); err == nil {
					others[i] = append(others[i], engine.Submission{Player: name, Items: items, Reading: pl})
				}
			}
		}
	}
	return others
}

// botAnswerWorth is the bot's mean value (botValue) over the worlds of
// the Collusion Phase resolved with its defaults and the one answer
// given, put on the table as the host would, every other player on
// their defaults (others); an answer the step refuses is worth nothing.
func (e Engine) botAnswerWorth(worlds []*State, dice []*engine.Rand, others [][]engine.Submission, player string, base []orders.Item, answer orders.Item) float64 {
	items := orders.Renumber(append(slices.Clip(base), answer))
	total := 0.0
	for i, w := range worlds {
		open, err := e.ApplyOpen(w, player, items)
		if err != nil {
			return 0
		}
		s := state(open).clone()
		pl, err := e.Read(s, player, items)
		if err != nil {
			return 0
		}
		subs := append([]engine.Submission{{Player: player, Items: items, Reading: pl}}, others[i]...)
		next, _, err := e.Resolve(s, subs, dice[i].Clone())
		if err != nil {
			continue
		}
		ns := state(next)
		total += ns.botValue(ns.seat(player))
	}
	return total / float64(len(worlds))
}

// botCandidate is one order file the bot weighs, with the plan its
// reading made.
type botCandidate struct {
	items []orders.Item
	plan  any
}

// botCandidates are the order files the bot weighs in s (a redealt
// state): one per legal move, each with the step's standing choices,
// every one passing Check (the Collusion Phase is botAnswers').
func (e Engine) botCandidates(s *State, player string) []botCandidate {
	p := s.seat(player)
	if p < 0 || s.Over || !s.Players[p].inCity() {
		return nil
	}
	var out []botCandidate
	var plan any
	check := func(items []orders.Item) (err error) {
		plan, err = e.Read(s, player, items)
		return err
	}
	add := func(move string, extra ...orders.Item) {
		items := orders.Renumber(append([]orders.Item{orders.With(verbMove, move)}, extra...))
		if check(items) == nil {
			out = append(out, botCandidate{items, plan})
			return
		}
		// A standing choice the step refuses (an assassin whose target
		// moved out of reach, say) is dropped rather than the move.
		kept := []orders.Item{orders.With(verbMove, move)}
		for _, it := range extra {
			if check(orders.Renumber([]orders.Item{kept[0], it})) == nil {
				kept = append(kept, it)
			}
		}
		if items = orders.Renumber(kept); check(items) == nil {
			out = append(out, botCandidate{items, plan})
		}
	}
	d := s.d()
	me := &s.Players[p]
	left := s.turnsLeft()
	if me.Passport || left <= botEscapeLatest {
		// The run: to the Consulates for the passport, to the airfield,
		// then the escape roll; bodyguards with the cash that is
		// worthless once out, an assassin for a rival on the runway.
		run := s.botRun(p)
		switch {
		case me.Passport && me.At == d.airfield:
			add("escape", run...)
		case me.Passport:
			add("auto "+d.loc(d.airfield).Name, run...)
		default:
			add("auto "+d.loc(d.consul).Name, run...)
			if me.Bank < d.Lot && me.Cash >= d.Lot+d.Passport.Cost {
				// Nothing in the account yet: a last try at the
				// banks first, if the cash covers a lot and the
				// passport.
				add(d.Districts[d.distOf(d.banks)].Name, orders.With(verbDeposit, "all but "+strconv.Itoa(d.Passport.Cost)))
			}
		}
		return out
	}
	trade := s.botTrade(p, left)
	bund := d.Districts[d.distOf(d.banks)].Name
	for _, m := range s.moveChoices(p) {
		if m == "escape" || m == d.Districts[d.chinatown].Name {
			continue
		}
		if m == bund && me.Bank < d.Lot && me.Cash >= d.Lot {
			// The first lot in the account: worth the passport's price
			// in hand, once the run is near (botWinWorth).
			add(m, orders.With(verbDeposit, strconv.Itoa(d.Lot)))
		}
		extra := trade
		if dist, ok := d.findDistrict(m); ok && s.botRerollIn(p, dist) {
			extra = append(append([]orders.Item(nil), trade...), orders.With(verbReroll, "2"))
		}
		add(m, extra...)
	}
	if left <= botEscapeEarliest {
		add("auto "+d.loc(d.consul).Name, s.botRun(p)...)
	}
	return out
}

// botRun are the standing choices of the run for the airfield: buy the
// passport (else roll for it), as many bodyguards as the cash pays for,
// and an assassin against another passport holder who will stand at the
// airfield when the bot's segment comes (§3.3, §10.1).
func (s *State) botRun(p int) []orders.Item {
	d := s.d()
	var items []orders.Item
	if !s.Players[p].Passport {
		items = append(items, orders.With(verbPassport, "buy", "roll"))
	}
	var guards []string
	for n := len(d.Bodyguards) - 1; n > 0; n-- {
		guards = append(guards, strconv.Itoa(n))
	}
	if len(guards) > 0 && s.Players[p].Passport {
		items = append(items, orders.With(verbBodyguards, guards...))
	}
	if s.Players[p].Passport && s.Players[p].Cash >= d.Assassin.Cost {
		var targets []string
		for _, q := range s.Order {
			t := &s.Players[q]
			if q != p && t.inCity() && t.Passport && (t.At == d.airfield || s.rank(q) < s.rank(p)) {
				targets = append(targets, t.Name)
			}
		}
		if len(targets) > 0 {
			if items2, err := engine.ChoiceItems("hire: {assassin: [" + joinNames(targets) + "]}"); err == nil {
				items = append(items, items2...)
			}
		}
	}
	return items
}

// joinNames writes names as a flow list's entries.
func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += strconv.Quote(n)
	}
	return out
}

// botTrade are the standing choices while trading: buy what adds to the
// revenue of the years left by more than it costs, keeping the reserve
// in hand, and deposit what is over the reserve (over the passport's
// price once the run is near).
func (s *State) botTrade(p, left int) []orders.Item {
	d := s.d()
	years := s.botYears()
	var buy []string
	base := s.botRevenue(p)
	for _, t := range []string{typeTP, typeWarehouse, typeFactory} {
		i := s.uncontrolled(t)
		if i < 0 {
			continue
		}
		// What one more of the kind adds, unserviced and serviced alike
		// (a new overseer waits for the next ship).
		s.Estabs[i].Owner = p
		gain := s.botRevenue(p)
		s.Estabs[i].Serviced = true
		gain += s.botRevenue(p)
		s.Estabs[i] = Estab{Owner: -1}
		if cost := d.cost(i); botIncomeWeight*float64(years)*(float64(gain)/2-float64(base)) > float64(cost) {
			buy = append(buy, t+" if cash >= "+strconv.Itoa(cost+botReserve))
		}
	}
	for i, l := range d.locs {
		if l.Type == typeRacket && s.Estabs[i].Owner < 0 && botIncomeWeight*float64(years*botRacketYear) > float64(d.cost(i)) {
			buy = append(buy, l.ID+" if cash >= "+strconv.Itoa(d.cost(i)+botReserve))
		}
	}
	reserve := botReserve + 30
	if years < 2 || left <= botEscapeEarliest+3 {
		reserve = d.Passport.Cost
	}
	items := []orders.Item{orders.With(verbDeposit, "all but "+strconv.Itoa(reserve))}
	if len(buy) > 0 {
		items = append(items, orders.With(verbBuy, buy...))
	}
	if tab := s.botTab(p); tab != nil {
		items = append(items, tab...)
	}
	return items
}

// botTab is the Bastille Day tab, when the bot owns the French Club and
// this is its summer (§5.4): the whole $50ooo on the other player with
// the most counters on the board (the first in the initiative order of
// those), the likeliest to pay it from cash; nil otherwise.
func (s *State) botTab(p int) []orders.Item {
	d := s.d()
	if s.ownerOfRole(roleFrenchClub) != p || !s.eventYear() || s.Season >= len(d.Events) || d.Events[s.Season].Racket != roleFrenchClub {
		return nil
	}
	target := -1
	for _, q := range s.Order {
		if q != p && s.Players[q].inCity() && (target < 0 || s.counters(q) > s.counters(target)) {
			target = q
		}
	}
	if target < 0 {
		return nil
	}
	items, err := engine.ChoiceItems("tab: {" + strconv.Quote(s.Players[target].Name) + ": " + strconv.Itoa(d.Bastille) + "}")
	if err != nil {
		return nil
	}
	return items
}

// botRerollIn says whether a railway station's re-roll in district dist
// may land the bot on an establishment it would buy.
func (s *State) botRerollIn(p, dist int) bool {
	d := s.d()
	first, end := d.span(dist)
	station := false
	for i := first; i < end; i++ {
		station = station || d.loc(i).Type == typeStation
	}
	if !station || s.botYears() < 2 {
		return false
	}
	for i := first; i < end; i++ {
		if t := d.loc(i).Type; (t == typeWarehouse || t == typeFactory) && s.Estabs[i].Owner < 0 {
			return true
		}
	}
	return false
}

// uncontrolled is the first uncontrolled establishment of type t, or -1.
func (s *State) uncontrolled(t string) int {
	d := s.d()
	for i := range s.Estabs {
		if d.loc(i).Type == t && s.Estabs[i].Owner < 0 {
			return i
		}
	}
	return -1
}

// turnsLeft is how many Seasonal Turns are still to be played, the open
// one included.
func (s *State) turnsLeft() int {
	switch {
	case s.Over:
		return 0
	case s.collusion():
		return 4 * (s.LastYear - s.Year + 1)
	}
	return 4*(s.LastYear-s.Year) + 4 - s.Season
}

// botYears is how many Revenue Phases are still to come whose revenue the
// bot can bank before its run: those of the years after this one, but
// the last (whose revenue comes when the run is under way).
func (s *State) botYears() int { return max(0, s.LastYear-1-s.Year) }
