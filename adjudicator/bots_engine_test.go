package adjudicator_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// hands is a small sequential game with a secret per seat, for testing
// the host's side of bots and practice forks against any engine that
// implements the contract (hands has no Redeal, redealing has): each player is dealt a hidden hand (0-99); in
// turn each picks a number from 1 to 6, one die is rolled, and a pick that
// matches scores the hand's last digit plus one. After Turns turns the
// most points win. Its bot picks from its stream alone, its Redeal deals
// the others' hands anew. With the option together, every player picks
// every turn.
type hands struct{}

type handsState struct {
	Players []string       `json:"players"`
	Hands   map[string]int `json:"hands"`
	Points  map[string]int `json:"points"`
	Turn    int            `json:"turn"`
	Turns   int            `json:"turns"`
	// Together: every player picks each turn (a simultaneous step).
	Together bool     `json:"together,omitempty"`
	Out      []string `json:"out,omitempty"`
}

// handsView is what one player sees: their own hand, everyone's points.
type handsView struct {
	Hand   int            `json:"hand"`
	Points map[string]int `json:"points"`
	Turn   int            `json:"turn"`
}

func (hands) Name() string        { return "hands" }
func (hands) Version() string     { return "hands/1" }
func (hands) Help() string        { return "- pick: N   (1-6)" }
func (hands) Corrections() string { return "" }

func (hands) Setup(cfg engine.Config, rng *engine.Rand) (engine.State, error) {
	var opt struct {
		Turns    int  `json:"turns"`
		Together bool `json:"together"`
	}
	if err := json.Unmarshal(cfg.Options, &opt); err != nil {
		return nil, err
	}
	if opt.Turns == 0 {
		opt.Turns = 6
	}
	if len(cfg.Players) < 2 {
		return nil, fmt.Errorf("hands needs 2 or more players")
	}
	s := &handsState{Players: slices.Clone(cfg.Players), Hands: map[string]int{}, Points: map[string]int{}, Turns: opt.Turns, Together: opt.Together}
	for _, p := range s.Players {
		s.Hands[p] = rng.Intn(100)
		s.Points[p] = 0
	}
	return s, nil
}

func (hands) Status(st engine.State) engine.Status {
	s := st.(*handsState)
	if s.Turn >= s.Turns {
		best := -1
		var winners []string
		for _, p := range s.Players {
			switch {
			case s.Points[p] > best:
				best, winners = s.Points[p], []string{p}
			case s.Points[p] == best:
				winners = append(winners, p)
			}
		}
		return engine.Status{Finished: true, Winners: winners, Phase: "over"}
	}
	if s.Together {
		return engine.Status{Pending: slices.Clone(s.Players), Phase: fmt.Sprintf("turn %d, everyone", s.Turn+1)}
	}
	p := s.Players[s.Turn%len(s.Players)]
	return engine.Status{Pending: []string{p}, Phase: fmt.Sprintf("turn %d, %s", s.Turn+1, p)}
}

func (hands) Check(_ engine.State, _ string, items []orders.Item) error {
	if len(items) != 1 || items[0].Verb != "pick" {
		return orders.Errorf(0, "orders", "give exactly one order: pick: N")
	}
	v, err := items[0].String()
	if err != nil {
		return err
	}
	if n, err := strconv.Atoi(v); err != nil || n < 1 || n > 6 {
		return items[0].Errorf("pick a number from 1 to 6, not %q", v)
	}
	return nil
}

func (hands) Default(engine.State, string) []orders.Item {
	return []orders.Item{orders.With("pick", "1")}
}

func (hands) Resolve(st engine.State, subs []engine.Submission, rng *engine.Rand) (engine.State, []engine.Happening, error) {
	s := st.(*handsState)
	roll := rng.Die()
	hs := []engine.Happening{{Text: fmt.Sprintf("The die shows %d.", roll)}}
	for _, sub := range subs {
		v, _ := sub.Items[0].String()
		hs = append(hs, engine.Happening{Text: fmt.Sprintf("%s picked %s.", sub.Player, v)})
		if v == strconv.Itoa(roll) {
			s.Points[sub.Player] += s.Hands[sub.Player]%10 + 1
		}
	}
	s.Turn++
	return s, hs, nil
}

func (hands) View(st engine.State, player string) any {
	s := st.(*handsState)
	if player == "" {
		return s
	}
	return handsView{Hand: s.Hands[player], Points: s.Points, Turn: s.Turn}
}

func (hands) Correct(st engine.State, c engine.Correction) (engine.State, []engine.Happening, error) {
	s := st.(*handsState)
	if c.Action == "hand" && len(c.Args) == 1 {
		n, err := strconv.Atoi(c.Args[0])
		if err != nil {
			return nil, nil, err
		}
		s.Hands[c.Player] = n
		return s, nil, nil
	}
	return nil, nil, fmt.Errorf("unknown correction %q", c.Action)
}

func (hands) Clone(st engine.State) engine.State { return engine.DeepCopy(st.(*handsState)) }

func (hands) Rename(st engine.State, from, to string) engine.State {
	s := st.(*handsState)
	for i, p := range s.Players {
		if p == from {
			s.Players[i] = to
		}
	}
	s.Hands[to], s.Points[to] = s.Hands[from], s.Points[from]
	delete(s.Hands, from)
	delete(s.Points, from)
	return s
}

// BotOrders picks from the bot's stream alone.
func (hands) BotOrders(_ engine.State, _ string, rng *engine.Rand) []orders.Item {
	return []orders.Item{orders.With("pick", strconv.Itoa(1+rng.Intn(6)))}
}

// Score is the points so far.
func (hands) Score(st engine.State, player string) float64 {
	return float64(st.(*handsState).Points[player])
}

// DecodeState reads the state's JSON.
func (hands) DecodeState(data []byte) (engine.State, error) {
	var s handsState
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// redealing is hands with a Redeal: the others' hands dealt anew, in seat
// order.
type redealing struct{ hands }

func (redealing) Redeal(st engine.State, player string, rng *engine.Rand) engine.State {
	s := engine.DeepCopy(st.(*handsState))
	s.Hands = maps.Clone(s.Hands)
	for _, p := range s.Players {
		if p != player {
			s.Hands[p] = rng.Intn(100)
		}
	}
	return s
}
