package trader

import (
	"taipan/adjudicator/engine"
	"taipan/orders"
)

var _ engine.Bot = Engine{}

// BotOrders plays player's seat: it looks at the game only through Redeal
// (the others' money worked out from the table, their plans unknown), so
// it is fair by construction, and draws its chance from rng alone. It
// plays each of its legal actions to the end of the set many times over,
// the action through the engine's own Resolve and the rest in a playout,
// the others playing as a player choosing at random or by the defaults
// would, and keeps the action that wins most often (by the widest margin
// on ties); with 3 players it then places the Market closed card so too.
// See bestAction.
func (e Engine) BotOrders(as engine.State, player string, rng *engine.Rand) []orders.Item {
	w := state(e.Redeal(as, player, rng))
	seat := w.seat(player)
	if !w.pending(seat) {
		return e.Default(w, player)
	}
	a, ok := e.bestAction(w, seat, rng)
	if !ok {
		return e.Default(w, player)
	}
	items := w.items(a)
	if e.Check(w, player, items) != nil {
		return e.Default(w, player)
	}
	return items
}

// Search sizes (see best): each candidate is first played in
// botFirstSamples futures, and all rounds together play at most about
// botBudget.
const (
	botFirstSamples = 24
	botBudget       = 1200
)

// bestAction is the action the bot plays for seat in w: the best of its
// legal actions (with the Market closed card to its default place), then,
// with 3 players, the best place for the card after it (TR-A7: the card
// there keeps the next player from that column for their turn). ok is
// false when w does not fit a playout (values above 8, more stocks in a
// column than the game has).
func (e Engine) bestAction(w *State, seat int, rng *engine.Rand) (a action, ok bool) {
	p, ok := newPlayout(w)
	if !ok {
		return a, false
	}
	moves := p.legalMoves(seat, nil)
	cands := make([]action, len(moves))
	for i, m := range moves {
		cands[i] = p.action(seat, m)
	}
	i := e.best(w, &p, seat, cands, rng)
	if targets := p.mcTargets(moves[i], nil); w.Phase == phaseTurn && len(targets) > 0 {
		a := cands[i]
		cands = cands[:0]
		for _, c := range targets {
			a.mc = c
			cands = append(cands, a)
		}
		return cands[e.best(w, &p, seat, cands, rng)], true
	}
	return cands[i], true
}

// best is the index of the candidate that does best for seat in w (p in
// compact form): successive halving, each candidate played to the end of
// the set in the same sampled futures (common random numbers: the
// others' kinds and choices are drawn from one stream per future, so that
// candidates are compared on the same luck), the better half kept for as
// many futures more, until one is left or the next round would pass
// botBudget rollouts.
func (e Engine) best(w *State, p *playout, seat int, cands []action, rng *engine.Rand) int {
	if len(cands) == 1 {
		return 0
	}
	play := e.futures(w, p, seat, cands, rng)
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
	return alive[0].cand
}

// Kinds of player a future assumes for the others.
const (
	modelRandom = iota
	modelDefaults
)

// futures returns how a candidate plays out in one future: its value for
// seat at the end of the set. In a turn each candidate is played once
// through Resolve (a turn draws no chance), and each future plays on from
// there in a playout. At the last sales, where the others choose at once
// with the bot, each future draws their choices and resolves the step
// through Resolve.
func (e Engine) futures(w *State, p *playout, seat int, cands []action, rng *engine.Rand) func(cand int, f *engine.Rand) float64 {
	if w.Phase != phaseTurn {
		return func(cand int, f *engine.Rand) float64 { return e.lastSales(w, p, seat, cands[cand], f) }
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

// lastSales resolves the last-sale step of a copy of w (p in compact form)
// with seat's action a and the others' drawn from rng (each at random or
// by the defaults), and returns its value for seat.
func (e Engine) lastSales(w *State, p *playout, seat int, a action, rng *engine.Rand) float64 {
	var buf [64]move
	var cols [5]int
	subs := make([]engine.Submission, 0, len(w.LastSale))
	acts := make([]action, len(w.LastSale))
	for i, q := range w.LastSale {
		def := false
		switch {
		case q == seat:
			acts[i] = a
		case rng.Intn(2) == modelDefaults:
			acts[i], def = p.action(q, p.defaultMove(q)), true
		default:
			acts[i] = p.action(q, p.randomMove(q, rng, buf[:0], cols[:0]))
		}
		subs = append(subs, engine.Submission{Player: w.Players[q].Name, Default: def, Reading: &acts[i]})
	}
	next, _, err := e.Resolve(w.clone(), subs, rng)
	if err != nil {
		return -1 << 20
	}
	s := state(next)
	return s.valueFor(seat, s.Phase != phaseOver && s.Set == w.Set)
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
