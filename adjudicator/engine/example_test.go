package engine_test

// This file is a whole game in one file: the shortest path to a sixth
// game. numberGame implements engine.Engine for "guess the number", and
// ExampleEngine plays it through the real host on a real SQLite store:
// a campaign file creates the game, players mail order files, steps
// close, the GM closes one, and the log is audited as a third party
// would.
//
// A real game lives in its own package, adjudicator/GAME, importing only
// this package, taipan/orders and the picture kit, and adds:
//
//   - its registration in cmd/taipan (main.go's registry);
//   - adjudication cases as YAML data, run by adjudicator/adjtest, each
//     citing the rule sentence it checks;
//   - ORDERS.md, the players' order reference, and a TestOrdersDoc that
//     every example order file in it is accepted;
//   - optionally a report template (templates/GAME.tmpl, "GAME-view"; a
//     game without one shows its view as indented JSON) and a picture
//     (engine.Pictured);
//   - optionally the interfaces Versioned, StandingOrders, Filler,
//     PressPolicy and Optioner, when its rules need them.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/orders"
)

// numberGame is "guess the number". At the set-up the engine draws a
// secret number from 1 to max (the campaign option, 100 by default).
// Each step is a round in which every player sends one guess; the round
// tells everyone each guess and whether it was too low or too high, and
// whoever guesses the number wins (two who guess it in one round share
// the win). An engine has no fields: everything it knows is in the state
// it is handed.
type numberGame struct{}

// The compiler checks that the game implements the whole contract.
var _ engine.Engine = numberGame{}

// numberState is the game's whole state. The contract wants it to encode
// to JSON deterministically, since its canonical JSON is hashed into the
// digest of every closed step: plain structs and slices, exported fields.
type numberState struct {
	Players []numberPlayer `json:"players"` // in seat order
	Secret  int            `json:"secret"`  // only the GM sees it while the game runs
	Low     int            `json:"low"`     // the range still open, which every player
	High    int            `json:"high"`    // can work out from the guesses
	Round   int            `json:"round"`
	Over    bool           `json:"over"`
	Winners []string       `json:"winners,omitempty"`
}

type numberPlayer struct {
	Name string `json:"name"`
	Left bool   `json:"left,omitempty"` // removed by the GM
}

// numberOptions are the campaign's options: Setup decodes them strictly,
// so that a misspelt key is refused rather than ignored.
type numberOptions struct {
	Max int `json:"max"`
}

// numberSetup is the campaign's fixed set-up, for a test or a game
// transcribed from a table: it names the number instead of drawing it.
type numberSetup struct {
	Secret int `json:"secret"`
}

// Name is the game's id, as a campaign file's game: key writes it.
func (numberGame) Name() string { return "guess" }

// Version names this implementation of the rules. It is recorded with
// every step's digest: change it (and keep the old behaviour behind
// engine.Versioned) whenever a change could alter the replay of a log
// already written.
func (numberGame) Version() string { return "guess/1" }

// Help is the order syntax, sent to players who ask for the rules.
func (numberGame) Help() string {
	return `Guess the number: one guess a round, everybody at once.

  - guess: 50      a whole number in the range still open

Send nothing and you guess the middle of the range still open.
`
}

// Setup seats the players and draws the number from rng, the stream of
// step 0 and the only chance an engine may use. It refuses a campaign it
// cannot play, saying why in the campaign file's terms.
func (numberGame) Setup(cfg engine.Config, rng *engine.Rand) (engine.State, error) {
	if len(cfg.Players) < 2 {
		return nil, fmt.Errorf("guess the number is for 2 players or more, not %d", len(cfg.Players))
	}
	opt := numberOptions{Max: 100}
	if err := engine.DecodeStrict(cfg.Options, &opt); err != nil {
		return nil, fmt.Errorf("options: %v", err)
	}
	if opt.Max < 2 || opt.Max > 1000000 {
		return nil, fmt.Errorf("options: max must be from 2 to 1000000, not %d", opt.Max)
	}
	s := &numberState{Low: 1, High: opt.Max, Round: 1, Secret: rng.Intn(opt.Max) + 1}
	var fixed numberSetup
	if err := engine.DecodeStrict(cfg.Setup, &fixed); err != nil {
		return nil, fmt.Errorf("setup: %v", err)
	}
	if fixed.Secret != 0 {
		if fixed.Secret < 1 || fixed.Secret > opt.Max {
			return nil, fmt.Errorf("setup: secret must be from 1 to %d, not %d", opt.Max, fixed.Secret)
		}
		s.Secret = fixed.Secret
	}
	for _, p := range cfg.Players {
		s.Players = append(s.Players, numberPlayer{Name: p})
	}
	return s, nil
}

// Status tells the host who owes orders now (in seat order) and whether
// the game is over, with its winners and a line for humans.
func (numberGame) Status(as engine.State) engine.Status {
	s := as.(*numberState)
	if s.Over {
		return engine.Status{Finished: true, Winners: s.Winners, Phase: "finished"}
	}
	st := engine.Status{Phase: fmt.Sprintf("round %d: guess from %d to %d", s.Round, s.Low, s.High)}
	for _, p := range s.Players {
		if !p.Left {
			st.Pending = append(st.Pending, p.Name)
		}
	}
	return st
}

// Check says whether player's order items are legal now. It changes
// nothing; every mistake is an *orders.Error naming the item, so the
// player is answered with the line and the field.
func (numberGame) Check(as engine.State, player string, items []orders.Item) error {
	_, err := as.(*numberState).guess(player, items)
	return err
}

// guess reads a player's orders: exactly one guess, in the open range.
func (s *numberState) guess(player string, items []orders.Item) (int, error) {
	if s.seat(player) < 0 {
		return 0, orders.Errorf(0, "player", "%q is not in this game", player)
	}
	if len(items) != 1 {
		return 0, orders.Errorf(0, "orders", "send one order, guess: N; this file has %d", len(items))
	}
	it := items[0]
	if it.Verb != "guess" {
		return 0, it.Errorf("the only order is guess: N")
	}
	v, err := it.String()
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < s.Low || n > s.High {
		return 0, it.Errorf("guess a whole number from %d to %d, not %s", s.Low, s.High, v)
	}
	return n, nil
}

// seat is player's place at the table, or -1 for no player still in.
func (s *numberState) seat(player string) int {
	for i, p := range s.Players {
		if p.Name == player && !p.Left {
			return i
		}
	}
	return -1
}

// Default is the documented order of a player who sends nothing, and it
// must pass Check. Everybody sees what a default does, so it is chosen
// from what everybody may see (the open range), never from a secret.
func (numberGame) Default(as engine.State, player string) []orders.Item {
	s := as.(*numberState)
	return []orders.Item{orders.With("guess", strconv.Itoa((s.Low+s.High)/2))}
}

// Resolve closes the open step with one submission per pending player, in
// seat order (a player who sent nothing has Default's items, marked
// Default), and returns the new state and what happened, in order. It
// may draw from rng, this step's stream; this game needs no chance here.
func (g numberGame) Resolve(as engine.State, subs []engine.Submission, rng *engine.Rand) (engine.State, []engine.Happening, error) {
	s := g.Clone(as).(*numberState)
	var hs []engine.Happening
	low, high := s.Low, s.High
	for _, sub := range subs {
		n, err := s.guess(sub.Player, sub.Items)
		if err != nil {
			return nil, nil, err
		}
		how := "guessed"
		if sub.Default {
			how = "sent nothing and guessed"
		}
		switch {
		case n == s.Secret:
			s.Winners = append(s.Winners, sub.Player)
			hs = append(hs, engine.Happening{Text: fmt.Sprintf("%s %s %d: right!", sub.Player, how, n)})
		case n < s.Secret:
			low = max(low, n+1)
			hs = append(hs, engine.Happening{Text: fmt.Sprintf("%s %s %d: too low.", sub.Player, how, n)})
		default:
			high = min(high, n-1)
			hs = append(hs, engine.Happening{Text: fmt.Sprintf("%s %s %d: too high.", sub.Player, how, n)})
		}
	}
	if len(s.Winners) > 0 {
		s.Over = true
		return s, append(hs, engine.Happening{Text: fmt.Sprintf("The number was %d.", s.Secret)}), nil
	}
	s.Low, s.High, s.Round = low, high, s.Round+1
	return s, hs, nil
}

// numberView is what one reader may see. View must return a value that
// encodes to a JSON object; it is the report's body (drawn by the game's
// template, or as JSON) and the answer of `taipan state --json`.
type numberView struct {
	Round   int            `json:"round"`
	Low     int            `json:"low"`
	High    int            `json:"high"`
	Secret  int            `json:"secret,omitempty"` // the GM's, and everybody's at the end
	Players []numberPlayer `json:"players"`
}

// View is what player may see: "" is the GM, who sees everything; any
// other name, a player's or engine.Observer, sees only what is public.
// Two states that differ only in a secret must give every other reader
// the same view.
func (numberGame) View(as engine.State, player string) any {
	s := as.(*numberState)
	v := numberView{Round: s.Round, Low: s.Low, High: s.High, Players: s.Players}
	if player == "" || s.Over {
		v.Secret = s.Secret
	}
	return v
}

// Corrections lists the GM's game-specific actions, one a line. Every
// engine supports remove.
func (numberGame) Corrections() string {
	return "remove PLAYER  PLAYER leaves the game for good"
}

// Correct applies a GM correction and says what happened; a correction it
// cannot apply is an error, and changes nothing.
func (g numberGame) Correct(as engine.State, c engine.Correction) (engine.State, []engine.Happening, error) {
	s := g.Clone(as).(*numberState)
	i := s.seat(c.Player)
	if c.Action != "remove" || i < 0 || len(c.Args) > 0 {
		return nil, nil, fmt.Errorf("the one correction is remove PLAYER, for a player still in")
	}
	s.Players[i].Left = true
	hs := []engine.Happening{{Text: c.Player + " has left the game."}}
	if len(g.Status(s).Pending) == 0 {
		s.Over = true
		hs = append(hs, engine.Happening{Text: "Nobody is left: the game is over."})
	}
	return s, hs, nil
}

// Rename gives a seat to a new player, everywhere the state names them.
func (numberGame) Rename(as engine.State, from, to string) engine.State {
	s := as.(*numberState)
	for i := range s.Players {
		if s.Players[i].Name == from {
			s.Players[i].Name = to
		}
	}
	for i, w := range s.Winners {
		if w == from {
			s.Winners[i] = to
		}
	}
	return s
}

// Clone returns a deep copy: the host keeps replayed games in memory and
// works on clones. engine.DeepCopy keeps nil and empty apart, so the copy
// has the same digest.
func (numberGame) Clone(s engine.State) engine.State {
	return engine.DeepCopy(s.(*numberState))
}

// A sixth game, registered and played through the host on a real store:
// create it from a campaign file, take order files, close steps, and
// audit the log.
func ExampleEngine() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "guess-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	store, err := events.Open(filepath.Join(dir, "taipan.db"))
	if err != nil {
		panic(err)
	}
	defer store.Close()
	games := adjudicator.NewRegistry(numberGame{})
	host := &adjudicator.Host{Store: store, Games: games}

	// The GM's campaign file. A fixed seed makes the dice the same on
	// every run; without one, the host draws it from crypto/rand.
	campaign, err := adjudicator.ParseCampaign([]byte(`id: guess-1
game: guess
options: {max: 20}
players: [alice, bob]
seed: 5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed
`))
	if err != nil {
		panic(err)
	}
	created, err := host.Create(ctx, campaign)
	if err != nil {
		panic(err)
	}
	fmt.Println(created.Game.Status.Phase)

	// mail submits a player's order file as the mail would.
	mail := func(player, file string) (*adjudicator.Receipt, error) {
		env, err := orders.Parse([]byte(fmt.Sprintf("game: guess-1\nplayer: %s\ntoken: %s\n%s", player, created.Tokens[player], file)))
		if err != nil {
			return nil, err
		}
		return host.Submit(ctx, env, adjudicator.SubmitOptions{})
	}
	show := func(g *adjudicator.Game) {
		for _, h := range g.Last.Happenings {
			fmt.Println("  " + h.Text)
		}
		fmt.Println(g.Status.Phase)
	}

	// Round 1: the step closes once both have sent orders.
	if _, err := mail("alice", "orders:\n  - guess: 10\n"); err != nil {
		panic(err)
	}
	r, err := mail("bob", "orders:\n  - guess: 15\n")
	if err != nil {
		panic(err)
	}
	fmt.Println("closed:", r.Closed)
	show(r.Game)

	// What alice may see, and what the GM sees.
	alice, _ := json.Marshal(numberGame{}.View(r.Game.State, "alice"))
	gm, _ := json.Marshal(numberGame{}.View(r.Game.State, ""))
	fmt.Printf("alice sees %s\nthe GM sees %s\n", alice, gm)

	// A guess outside the open range is refused with its line and field,
	// and nothing is written.
	if _, err := mail("alice", "orders:\n  - guess: 18\n"); err != nil {
		fmt.Println("refused:", err)
	}

	// Round 2: bob sends nothing; the GM closes the step, and bob gets
	// the default.
	if _, err := mail("alice", "orders:\n  - guess: 3\n"); err != nil {
		panic(err)
	}
	g, _, err := host.Close(ctx, "guess-1", "bob is away")
	if err != nil {
		panic(err)
	}
	fmt.Println("defaults:", strings.Join(g.Last.Defaults, ", "))
	show(g)

	// Round 3.
	if _, err := mail("alice", "orders:\n  - guess: 7\n"); err != nil {
		panic(err)
	}
	if r, err = mail("bob", "orders:\n  - guess: 9\n"); err != nil {
		panic(err)
	}
	show(r.Game)
	fmt.Println("winners:", r.Game.Status.Winners)

	// Anyone holding the log replays it and checks every step's digest.
	log, err := store.Events(ctx, "guess-1")
	if err != nil {
		panic(err)
	}
	if _, err := adjudicator.Audit(games, log); err != nil {
		panic(err)
	}
	fmt.Printf("the log's %d events audit clean\n", len(log))
	// Output:
	// round 1: guess from 1 to 20
	// closed: [1]
	//   alice guessed 10: too high.
	//   bob guessed 15: too high.
	// round 2: guess from 1 to 9
	// alice sees {"round":2,"low":1,"high":9,"players":[{"name":"alice"},{"name":"bob"}]}
	// the GM sees {"round":2,"low":1,"high":9,"secret":9,"players":[{"name":"alice"},{"name":"bob"}]}
	// refused: orders for step 2 refused:
	// line 5, field orders[1].guess: guess a whole number from 1 to 9, not 18
	// defaults: bob
	//   alice guessed 3: too low.
	//   bob sent nothing and guessed 5: too low.
	// round 3: guess from 6 to 9
	//   alice guessed 7: too low.
	//   bob guessed 9: right!
	//   The number was 9.
	// finished
	// winners: [bob]
	// the log's 10 events audit clean
}
