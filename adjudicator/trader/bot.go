package trader

import (
	"taipan/adjudicator/engine"
	"taipan/orders"
)

var _ engine.Bot = Engine{}

// BotOrders plays player's seat: it looks at the game only through Redeal
// (the others' money worked out from the table, their plans unknown), so
// it is fair by construction, and draws its chance from rng alone. It
// plays each of its legal actions (with 3 players, each with each place
// for the Market closed card) to the end of the set many times over,
// through the engine's own Resolve, the others playing as a player
// choosing at random or by the defaults would, and keeps the action that
// wins most often (by the widest margin on ties); see bestAction.
func (e Engine) BotOrders(as engine.State, player string, rng *engine.Rand) []orders.Item {
	w := state(e.Redeal(as, player, rng))
	seat := w.seat(player)
	if !w.pending(seat) {
		return e.Default(w, player)
	}
	items := w.items(e.bestAction(w, seat, rng))
	if e.Check(w, player, items) != nil {
		return e.Default(w, player)
	}
	return items
}

// Search sizes: each candidate is first played in botFirstSamples
// futures; the better half is kept and played in as many futures more,
// and so on while more than one is left and the next round fits within
// botBudget rollouts in all.
const (
	botFirstSamples = 12
	botBudget       = 600
)

// bestAction is the action the bot plays for seat in w: successive
// halving over its candidates, each played to the end of the set in the
// same sampled futures (common random numbers: the others' kinds and
// choices are drawn from one stream per future, so that candidates are
// compared on the same luck).
func (e Engine) bestAction(w *State, seat int, rng *engine.Rand) action {
	cands := w.botCandidates(seat)
	if len(cands) == 1 {
		return cands[0]
	}
	play := e.futures(w, seat, cands, rng)
	type scored struct {
		cand  int
		total float64
	}
	alive := make([]scored, len(cands))
	for i := range cands {
		alive[i] = scored{cand: i}
	}
	var futures []*engine.Rand
	done, used := 0, 0
	for n := botFirstSamples; ; n *= 2 {
		for len(futures) < n {
			futures = append(futures, rng.Fork())
		}
		for i := range alive {
			for _, f := range futures[done:n] {
				alive[i].total += play(alive[i].cand, f.Clone())
			}
		}
		used += len(alive) * (n - done)
		done = n
		// Best first, stably (the first of equals stays first).
		for i := 1; i < len(alive); i++ {
			for j := i; j > 0 && alive[j].total > alive[j-1].total; j-- {
				alive[j], alive[j-1] = alive[j-1], alive[j]
			}
		}
		keep := (len(alive) + 1) / 2
		if len(alive) == 1 || used+keep*n > botBudget {
			break
		}
		alive = alive[:keep]
	}
	return cands[alive[0].cand]
}

// futures returns how a candidate plays out in one future: its value for
// seat at the end of the set. In a turn each candidate is played once
// through Resolve (a turn draws no chance), and each future plays on from
// there in a playout; at the last sales, where the others choose at once
// with the bot, each future resolves the step with their choices.
func (e Engine) futures(w *State, seat int, cands []action, rng *engine.Rand) func(cand int, f *engine.Rand) float64 {
	if w.Phase != phaseTurn {
		return func(cand int, f *engine.Rand) float64 { return e.rollout(w, seat, cands[cand], f) }
	}
	starts := make([]playout, len(cands))
	fixed := make([]float64, len(cands))
	ok := make([]bool, len(cands))
	for i := range cands {
		s := w.clone()
		next, _, err := e.Resolve(s, []engine.Submission{{Player: s.Players[seat].Name, Reading: &cands[i]}}, rng.Fork())
		if err != nil {
			fixed[i] = -1 << 20
			continue
		}
		s = state(next)
		if s.Phase == phaseOver || s.Set != w.Set {
			fixed[i] = s.valueFor(seat, false)
			continue
		}
		starts[i], ok[i] = newPlayout(s)
		if !ok[i] {
			fixed[i] = s.valueFor(seat, true)
		}
	}
	return func(cand int, f *engine.Rand) float64 {
		if !ok[cand] {
			return fixed[cand]
		}
		var kinds [4]int
		for q := range kinds {
			kinds[q] = f.Intn(2)
		}
		p := starts[cand]
		return p.run(seat, &kinds, f)
	}
}

// Kinds of player a future assumes for the others.
const (
	modelRandom = iota
	modelDefaults
)

// rollout plays a copy of w from seat's action a to the end of the set
// through Resolve: seat by the defaults after a, each other player by a
// kind drawn from rng (at random or by the defaults), and returns its
// value for seat.
func (e Engine) rollout(w *State, seat int, a action, rng *engine.Rand) float64 {
	s := w.clone()
	set := s.Set
	kinds := make([]int, len(s.Players))
	for i := range kinds {
		kinds[i] = rng.Intn(2)
	}
	first := true
	for s.Phase != phaseOver && s.Set == set {
		var pending []int
		if s.Phase == phaseTurn {
			pending = []int{s.Active}
		} else {
			pending = append(pending, s.LastSale...)
		}
		subs := make([]engine.Submission, 0, len(pending))
		for _, p := range pending {
			var act action
			def := false
			switch {
			case p == seat && first:
				act = a
			case p == seat:
				act = s.defaultAction(p)
			case kinds[p] == modelDefaults:
				act, def = s.defaultAction(p), true
			default:
				act = s.randomAction(p, rng)
			}
			subs = append(subs, engine.Submission{Player: s.Players[p].Name, Default: def, Reading: &act})
		}
		first = false
		next, _, err := e.Resolve(s, subs, rng)
		if err != nil {
			break
		}
		s = state(next)
	}
	return s.valueFor(seat, s.Phase != phaseOver && s.Set == set)
}

// valueFor is how good the finished sets of s are for seat's team (see
// lead); unscored says the set being played is not scored yet, and its
// money in hand counts.
func (s *State) valueFor(seat int, unscored bool) float64 {
	totals := s.teamTotals()
	in := make([]bool, len(s.Teams))
	for ti, t := range s.Teams {
		for _, m := range t.Members {
			in[ti] = in[ti] || !s.Players[m].Removed
			if unscored {
				totals[ti] += s.Players[m].Money
			}
		}
	}
	return lead(totals, in, s.Players[seat].Team)
}

// botCandidates lists seat's legal actions in s, each once: with 3
// players during a turn, each action with each legal place for the
// Market closed card (or none, when the action takes the card out of the
// game).
func (s *State) botCandidates(seat int) []action {
	acts := s.legalActions(seat)
	if s.Phase != phaseTurn || s.Market < 0 {
		return acts
	}
	var out []action
	for _, a := range acts {
		targets := s.mcTargets(a)
		if len(targets) == 0 {
			out = append(out, a)
			continue
		}
		for _, c := range targets {
			a.mc = c
			out = append(out, a)
		}
	}
	return out
}

// mcTargets are the columns the Market closed card may go to after a
// (TR-A7), none when a takes it out of the game.
func (s *State) mcTargets(a action) []int {
	empty := len(s.emptyColumns())
	if a.is(kindBuy) && len(s.Columns[a.col]) == 1 {
		empty++
	}
	if s.Market < 0 || empty >= 2 {
		return nil
	}
	var out []int
	for c, col := range s.Columns {
		if c == s.Market || len(col) == 0 || a.is(kindBuy) && a.col == c && len(col) == 1 {
			continue
		}
		out = append(out, c)
	}
	return out
}

// legalActions lists seat's legal actions now, each once, without the
// Market closed card: in a turn every purchase it can afford, every pair
// sale and Joker sale, or pass when there is none (TR-G5); in the last
// sales every sale and pass.
func (s *State) legalActions(seat int) []action {
	var out []action
	base := action{col: -1, mc: -1, owners: [2]int{seat, seat}}
	if s.Phase == phaseTurn {
		for c, col := range s.Columns {
			if len(col) > 0 && c != s.Market && col[0].Value <= s.Players[seat].Money {
				a := base
				a.verb, a.col = buy, c
				out = append(out, a)
			}
		}
	}
	q := seat
	if s.teams() {
		q = s.partner(seat)
	}
	mine, theirs := s.Players[seat].Stocks, s.Players[q].Stocks
	for i, x := range mine {
		if i > 0 && mine[i-1] == x {
			continue
		}
		for j, y := range theirs {
			if y.Colour != x.Colour || j > 0 && theirs[j-1] == y {
				continue
			}
			if q == seat && (y.less(x) || y == x && s.count(seat, x) < 2) {
				continue
			}
			a := base
			a.verb, a.stocks, a.owners = sell, [2]Stock{x, y}, [2]int{seat, q}
			out = append(out, a)
		}
	}
	if !s.Teams[s.Players[seat].Team].JokerUsed {
		for i, x := range mine {
			if i == 0 || mine[i-1] != x {
				a := base
				a.verb, a.stocks[0] = joker, x
				out = append(out, a)
			}
		}
		if q != seat {
			for i, x := range theirs {
				if (i == 0 || theirs[i-1] != x) && s.count(seat, x) == 0 {
					a := base
					a.verb, a.stocks[0], a.owners[0] = joker, x, q
					out = append(out, a)
				}
			}
		}
	}
	if len(out) == 0 || s.Phase == phaseLastSale {
		a := base
		a.verb = pass
		out = append(out, a)
	}
	return out
}

// defaultAction is the engine's default for seat (Engine.Default) as an
// action.
func (s *State) defaultAction(seat int) action {
	if s.Phase == phaseLastSale {
		if a, ok := s.bestLastSale(seat); ok {
			return a
		}
		return action{verb: pass, col: -1, mc: -1, owners: [2]int{seat, seat}}
	}
	a, ok := s.bestTurnAction(seat)
	if !ok {
		a = action{verb: pass, col: -1, mc: -1, owners: [2]int{seat, seat}}
	}
	a.mc = s.defaultMCAfter(a)
	return a
}

// randomAction is what a player choosing at random (engine.RandomOrders)
// might do: any legal action at even odds, and with 3 players the Market
// closed card to a legal place at random half the time, else to its
// default place.
func (s *State) randomAction(seat int, rng *engine.Rand) action {
	acts := s.legalActions(seat)
	a := acts[rng.Intn(len(acts))]
	if s.Phase == phaseTurn && s.Market >= 0 {
		a.mc = s.defaultMCAfter(a)
		if targets := s.mcTargets(a); len(targets) > 0 && rng.Intn(2) == 0 {
			a.mc = targets[rng.Intn(len(targets))]
		}
	}
	return a
}
