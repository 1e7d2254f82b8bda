package singapore

import (
	"slices"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

var _ engine.Bot = Engine{}

// botSearch is how hard the bot looks: how many worlds a decision may
// redeal, how many Resolve steps its playouts may take in all (a playout
// from an early turn costs more steps than one from a late turn, so
// early decisions see fewer worlds), and what a point of margin is worth
// beside a win.
type botSearch struct {
	worlds int
	steps  int
	margin float64
}

// defaultSearch is the bot's search.
func defaultSearch() botSearch { return botSearch{worlds: 64, steps: 3000, margin: 0.2} }

// BotOrders are the orders the bot gives for player's seat (engine.Bot):
// it weighs each candidate order file (botCandidates) by playing it, with
// the engine's own Resolve, in worlds redealt from what the seat sees
// (Redeal), each world played to the end with the seat's later turns by
// a quick policy (playoutPlan) and the other seats by their defaults,
// every candidate in the same worlds; the candidates that do worst are
// dropped round by round (successive halving) and the one with the best
// mean outcome is given. It reads s only through Redeal and draws only
// from rng.
func (e Engine) BotOrders(as engine.State, player string, rng *engine.Rand) []orders.Item {
	return defaultSearch().orders(e, as, player, rng)
}

// orders is BotOrders with this search.
func (b botSearch) orders(e Engine, as engine.State, player string, rng *engine.Rand) []orders.Item {
	if len(state(as).Players) > len(appraisal{}.hands) || len(state(as).River) > len(appraisal{}.river) {
		return e.Default(as, player)
	}
	first := state(Engine{}.Redeal(as, player, rng))
	seat := first.seat(player)
	if !first.pending(seat) {
		return []orders.Item{}
	}
	cands := first.botCandidates(seat)
	switch len(cands) {
	case 0:
		return e.Default(first, player)
	case 1:
		return cands[0].items
	}
	worlds := []*State{first}
	world := func(i int) *State {
		for len(worlds) <= i {
			worlds = append(worlds, state(Engine{}.Redeal(as, player, rng)))
		}
		return worlds[i]
	}
	budget := max(b.steps/max(first.stepsLeft(), 1), 2*len(cands))
	total := make([]float64, len(cands))
	alive := make([]int, len(cands))
	for i := range alive {
		alive[i] = i
	}
	rounds := 0
	for n := len(cands); n > 1; n = (n + 1) / 2 {
		rounds++
	}
	played := 0
	for len(alive) > 1 && played < b.worlds {
		more := min(max(budget/(len(alive)*rounds), 1), b.worlds-played)
		for _, c := range alive {
			for w := played; w < played+more; w++ {
				total[c] += b.playout(e, world(w), seat, cands[c].sub)
			}
		}
		played += more
		slices.SortStableFunc(alive, func(x, y int) int {
			switch {
			case total[x] > total[y]:
				return -1
			case total[x] < total[y]:
				return 1
			}
			return x - y
		})
		alive = alive[:(len(alive)+1)/2]
	}
	return cands[alive[0]].items
}

// stepsLeft is about how many steps the game has still to play: the
// turns of every seat still collecting, and Rival Chen's picks.
func (s *State) stepsLeft() int {
	n := 0
	for i := range s.Players {
		if !s.done(i) {
			n += data.Hand - len(s.Players[i].Hand)
		}
	}
	if s.Phase == phaseStart {
		n++
	}
	return n + btoi(s.Figures)
}

// playout plays sub for seat in a copy of world w, then every step after
// (seat's by the quick policy, the others' by their defaults) to the end,
// and says how it went for seat.
func (b botSearch) playout(e Engine, w *State, seat int, sub *submission) float64 {
	var s engine.State = w.clone()
	for first := true; ; first = false {
		st := state(s)
		if st.Phase == phaseOver {
			break
		}
		a := st.Active
		read := sub
		switch {
		case first:
		case a == seat:
			read = st.playoutPlan(a)
		default:
			read = st.defaultPlan(a)
		}
		next, _, err := e.Resolve(s, []engine.Submission{{Player: st.Players[a].Name, Reading: read}}, nil)
		if err != nil {
			break
		}
		s = next
	}
	return b.outcome(state(s), seat)
}

// outcome is how a finished game went for seat: its share of the win,
// and a little for every point of its margin over the best other total,
// so that of two wins the wider and of two losses the nearer is
// preferred.
func (b botSearch) outcome(s *State, seat int) float64 {
	v := 0.0
	win := s.winners()
	if slices.Contains(win, seat) {
		v = 1 / float64(len(win))
	}
	mine, best := s.playerScore(seat).Total, 0
	for i := range s.Players {
		if i != seat && !s.Players[i].Removed {
			best = max(best, s.playerScore(i).Total)
		}
	}
	return v + b.margin*float64(mine-best)
}
