package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
)

// runFork makes a practice game of a player's from a step of a game they
// play, or from a fresh set-up of its campaign, the bot in every other
// seat (adjudicator.Host.Fork).
func (m *Main) runFork(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("fork", flag.ContinueOnError)
	as := fs.String("as", "", "the player the practice game is for: the one seat no bot plays")
	step := fs.Int("step", -1, "the step whose close the practice game starts from (0: the set-up; default: the last closed)")
	fresh := fs.Bool("fresh", false, "start from a fresh set-up of the game's campaign instead of a step")
	id := fs.String("id", "", "the practice game's id (default GAME-practice-PLAYER)")
	noMail := fs.Bool("no-mail", false, "do not mail the player's token: hand it out yourself")
	const usageLine = "fork GAME --as PLAYER [--step N | --fresh] [--id ID] [--no-mail]"
	pos, err := parseArgs(fs, args, 1, 1, usageLine)
	if err != nil {
		return err
	}
	if *as == "" {
		return usagef("usage: taipan %s: --as names the player", usageLine)
	}
	stepSet := false
	fs.Visit(func(f *flag.Flag) { stepSet = stepSet || f.Name == "step" })
	if *fresh && stepSet {
		return usagef("usage: taipan %s: a fork starts from a step or from a fresh set-up, not both", usageLine)
	}
	if stepSet && *step < 0 {
		return usagef("--step %d: a step is 0 (the set-up) or more", *step)
	}
	ng, err := m.host.Fork(ctx, adjudicator.ForkOptions{Game: pos[0], Player: *as, Step: *step, Fresh: *fresh, ID: *id})
	if err != nil {
		return err
	}
	g := ng.Game
	var bots []string
	for _, p := range g.Players {
		if p.Bot {
			bots = append(bots, p.Name)
		}
	}
	fmt.Fprintln(m.Stdout, engine.Wrap(fmt.Sprintf("Created practice game %s (%s): %s The bot plays %s.", g.ID, g.Engine.Name(), g.Practice, strings.Join(bots, ", ")), "", 72))
	if err := m.printTokens(ctx, ng, []string{g.Practice.Player}, *noMail); err != nil {
		return err
	}
	m.printNext(g)
	return nil
}

// runArena plays games in memory with the given kinds of seats and prints
// how each kind did (adjudicator.Arena), one row per kind.
func (m *Main) runArena(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	games := fs.Int("games", 100, "how many games to play")
	seats := fs.String("seats", "", "the seat kinds, one per player, comma-separated: bot, random, defaults")
	options := fs.String("options", "", "the games' options, as JSON (default: the game's own)")
	seed := fs.String("seed", "arena", "any text: the same seed plays the same games")
	const usageLine = "arena GAME --games N --seats bot,random,defaults,… [--options JSON] [--seed S]"
	pos, err := parseArgs(fs, args, 1, 1, usageLine)
	if err != nil {
		return err
	}
	eng, err := Games().Engine(pos[0])
	if err != nil {
		return err
	}
	if *seats == "" {
		return usagef("usage: taipan %s: --seats names a kind per seat", usageLine)
	}
	if *games < 1 {
		return usagef("--games %d: play at least one game", *games)
	}
	cfg := adjudicator.ArenaConfig{Games: *games, Seed: []byte(*seed)}
	for _, k := range strings.Split(*seats, ",") {
		k = strings.TrimSpace(k)
		if _, ok := eng.(engine.Bot); k == adjudicator.SeatBot && !ok {
			return adjudicator.Errorf(adjudicator.EINVALID, "--seats: %s has no bot (engine.Bot) yet; its seats can be %s or %s", eng.Name(), adjudicator.SeatRandom, adjudicator.SeatDefaults)
		}
		cfg.Seats = append(cfg.Seats, k)
	}
	if *options != "" {
		if !json.Valid([]byte(*options)) {
			return usagef("--options: not valid JSON; write e.g. '{\"sets\": 2}'")
		}
		cfg.Options = json.RawMessage(*options)
	}
	rows, err := adjudicator.Arena(eng, cfg)
	if err != nil {
		return adjudicator.Errorf(adjudicator.EINVALID, "%v", err)
	}
	for _, r := range rows {
		fmt.Fprintln(m.Stdout, r)
	}
	return nil
}

// printBotMoves says, after an audit that passed, how many bot moves the
// log holds; with reproduce, it asks this build's bot again at each (the
// audit itself never runs a bot), says how many it reproduces from the
// bot's stream, and lists each. A log without bot moves prints nothing
// more; one whose seed is withheld says it cannot be reproduced yet.
func (m *Main) printBotMoves(evs []events.Event, reproduce bool) error {
	n := adjudicator.CountBotMoves(evs)
	if n == 0 {
		return nil
	}
	if !reproduce {
		fmt.Fprintf(m.Stdout, "Bot moves: %s logged; --bots asks this build's bot again at each, from the bot's stream.\n", plural(n, "move"))
		return nil
	}
	moves, err := adjudicator.BotMoves(Games(), evs)
	if err != nil {
		fmt.Fprintf(m.Stdout, "Bot moves: %s logged, not reproduced: %v\n", plural(n, "move"), err)
		return nil
	}
	same := 0
	for _, mv := range moves {
		if mv.Same() {
			same++
		}
	}
	fmt.Fprintf(m.Stdout, "Bot moves: %s logged, %d reproduced by this build's bot from the bot's stream", plural(len(moves), "move"), same)
	if same < len(moves) {
		fmt.Fprint(m.Stdout, " (the others were made by another version of the bot; the game stands as logged)")
	}
	fmt.Fprintln(m.Stdout, ".")
	for _, mv := range moves {
		logged, _ := json.Marshal(mv.Logged)
		switch {
		case mv.Same():
			fmt.Fprintf(m.Stdout, "  event %d, step %d, %s: %s reproduced\n", mv.Seq, mv.Step, mv.Player, logged)
		case mv.Err != nil:
			fmt.Fprintf(m.Stdout, "  event %d, step %d, %s: %s logged; this build's bot gives none: %v\n", mv.Seq, mv.Step, mv.Player, logged, mv.Err)
		default:
			now, _ := json.Marshal(mv.Now)
			fmt.Fprintf(m.Stdout, "  event %d, step %d, %s: %s logged; this build's bot gives %s\n", mv.Seq, mv.Step, mv.Player, logged, now)
		}
	}
	return nil
}
