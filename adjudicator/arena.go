package adjudicator

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Seat kinds an arena plays: the game's bot, a player choosing at random
// among the legal orders (engine.RandomOrders), and one who always plays
// the documented defaults (a seat in civil disorder without a bot).
const (
	SeatBot      = "bot"
	SeatRandom   = "random"
	SeatDefaults = "defaults"
)

// ArenaConfig says what an arena plays.
type ArenaConfig struct {
	// Games is how many games are played.
	Games int
	// Seats are the seat kinds, one per player, in seat order for the
	// first game; game i seats them rotated by i places, so that every
	// kind plays from every seat.
	Seats []string
	// Options are the campaign's options for every game, as JSON (nil:
	// the game's own defaults).
	Options json.RawMessage
	// Seed makes the arena reproducible: game i is dealt and played from
	// the streams of seed ‖ i, its bots from their own streams of it.
	Seed []byte
	// MaxSteps stops a game that has not finished after so many steps
	// (0: 100,000); a stopped game counts as played with no winner.
	MaxSteps int
}

// ArenaRow is how one kind of seat did in an arena.
type ArenaRow struct {
	Kind  string
	Games int // seats of this kind played, over all games
	// Wins counts won games, a shared win as its share (two winners: ½
	// each); String writes it to two decimals.
	Wins float64
	// Share is Wins over Games, in percent.
	Share float64
	// MeanScore is the mean final score of the seats of this kind, in the
	// game's measure (engine.Scorer); 0 when the engine keeps none.
	MeanScore float64
	// Unfinished is how many of those games stopped at MaxSteps.
	Unfinished int
}

// String writes the row as `taipan arena` prints it.
func (r ArenaRow) String() string {
	s := fmt.Sprintf("%s games %d wins %s share %.1f%% mean-score %.1f", r.Kind, r.Games, strconv.FormatFloat(math.Round(r.Wins*100)/100, 'f', -1, 64), r.Share, r.MeanScore)
	if r.Unfinished > 0 {
		s += fmt.Sprintf(" unfinished %d", r.Unfinished)
	}
	return s
}

// Arena plays cfg.Games games of e with the given seat kinds and says how
// each kind did, one row per kind in the order cfg.Seats first names
// them. Seats of the kind "bot" need an engine that is an engine.Bot.
func Arena(e engine.Engine, cfg ArenaConfig) ([]ArenaRow, error) {
	if len(cfg.Seats) == 0 {
		return nil, fmt.Errorf("arena: no seats")
	}
	var kinds []string
	rows := map[string]*ArenaRow{}
	for _, k := range cfg.Seats {
		switch k {
		case SeatBot:
			if _, ok := e.(engine.Bot); !ok {
				return nil, fmt.Errorf("arena: %s has no bot", e.Name())
			}
		case SeatRandom, SeatDefaults:
		default:
			return nil, fmt.Errorf("arena: seat kind %q: the kinds are %s, %s and %s", k, SeatBot, SeatRandom, SeatDefaults)
		}
		if rows[k] == nil {
			rows[k] = &ArenaRow{Kind: k}
			kinds = append(kinds, k)
		}
	}
	opts := cfg.Options
	if len(opts) == 0 {
		opts = json.RawMessage("{}")
	}
	scores := map[string]float64{}
	for g := 0; g < cfg.Games; g++ {
		n := len(cfg.Seats)
		seats := make([]string, n)
		names := make([]string, n)
		for i := range seats {
			seats[i] = cfg.Seats[(i+g)%n]
			names[i] = seats[i] + strconv.Itoa(i+1)
		}
		seed := binary.BigEndian.AppendUint64(append([]byte(nil), cfg.Seed...), uint64(g))
		result, err := playArenaGame(e, engine.Config{Players: names, Options: opts}, seed, seats, cfg.MaxSteps)
		if err != nil {
			return nil, fmt.Errorf("arena: game %d: %v", g+1, err)
		}
		for i, k := range seats {
			r := rows[k]
			r.Games++
			r.Wins += result.wins[i]
			scores[k] += result.scores[i]
			if !result.finished {
				r.Unfinished++
			}
		}
	}
	out := make([]ArenaRow, 0, len(kinds))
	for _, k := range kinds {
		r := rows[k]
		if r.Games > 0 {
			r.Share = 100 * r.Wins / float64(r.Games)
			r.MeanScore = scores[k] / float64(r.Games)
		}
		out = append(out, *r)
	}
	return out, nil
}

// arenaResult is one arena game's outcome, per seat.
type arenaResult struct {
	finished bool
	wins     []float64
	scores   []float64
}

// playArenaGame plays one game to its end (or maxSteps) in memory, each
// pending seat choosing by its kind.
func playArenaGame(e engine.Engine, cfg engine.Config, seed []byte, seats []string, maxSteps int) (arenaResult, error) {
	if maxSteps <= 0 {
		maxSteps = 100000
	}
	s, err := e.Setup(cfg, engine.NewRand(seed, 0))
	if err != nil {
		return arenaResult{}, err
	}
	kind := map[string]string{}
	for i, p := range cfg.Players {
		kind[p] = seats[i]
	}
	st := e.Status(s)
	for step := 1; !st.Finished && step <= maxSteps; step++ {
		if len(st.Pending) == 0 {
			return arenaResult{}, fmt.Errorf("step %d: nobody owes orders and the game is not over (%s)", step, st.Phase)
		}
		subs := make([]engine.Submission, 0, len(st.Pending))
		for _, p := range st.Pending {
			items, def := seatOrders(e, s, p, kind[p], engine.NewBotRand(seed, step, 0, p))
			if err := e.Check(s, p, items); err != nil {
				return arenaResult{}, fmt.Errorf("step %d: %s's %s orders are refused: %v", step, p, kind[p], err)
			}
			subs = append(subs, engine.Submission{Player: p, Items: items, Default: def})
		}
		s, _, err = e.Resolve(s, subs, engine.NewRand(seed, step))
		if err != nil {
			return arenaResult{}, fmt.Errorf("step %d: %v", step, err)
		}
		st = e.Status(s)
	}
	res := arenaResult{finished: st.Finished, wins: make([]float64, len(seats)), scores: make([]float64, len(seats))}
	for i, p := range cfg.Players {
		for _, w := range st.Winners {
			if w == p || slices.Contains(strings.Split(w, "+"), p) {
				res.wins[i] += 1 / float64(len(st.Winners))
			}
		}
		if sc, ok := e.(engine.Scorer); ok {
			res.scores[i] = sc.Score(s, p)
		}
	}
	return res, nil
}

// seatOrders are the orders a seat of the given kind gives now, and
// whether they are the defaults.
func seatOrders(e engine.Engine, s engine.State, player, kind string, rng *engine.Rand) ([]orders.Item, bool) {
	switch kind {
	case SeatBot:
		return e.(engine.Bot).BotOrders(s, player, rng), false
	case SeatRandom:
		return engine.RandomOrders(e, s, player, rng), false
	}
	return e.Default(s, player), true
}
