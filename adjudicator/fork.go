package adjudicator

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/events"
)

// Practice forks. A player forks a private practice game from any step of
// a game they play, or from a fresh set-up of its campaign, with the
// game's bot in every other seat. The fork starts from the engine's Redeal
// of the state at that step for that player (engine.Redealer): everything
// the player could not see is drawn anew from the fork's own fresh seed,
// so the fork shows the player nothing they could not see in the
// original, and its GM's full view (the player is its GM) shows only the
// redeal's draws. The redealt state is the fork's first event, as the
// engine's canonical JSON (what its digest hashes), read back by its
// engine.StateDecoder at every replay. The fork reads the original and
// never writes to it; its reports say it is a practice game, and it counts
// for no record.

// ForkOrigin says where a practice game comes from.
type ForkOrigin struct {
	Game   string `json:"game"`   // the original game's id
	Player string `json:"player"` // who forked it: the one seat no bot plays
	// Step is the step of the original whose close the fork starts from
	// (0: its set-up), as that step's reports show the game; with Fresh,
	// the fork is a fresh set-up of the original's campaign instead.
	Step  int  `json:"step"`
	Fresh bool `json:"fresh,omitempty"`
}

// String says what the practice game is, as its reports and status say.
func (o ForkOrigin) String() string {
	from := fmt.Sprintf("from game %s at step %d", o.Game, o.Step)
	if o.Step == 0 {
		from = fmt.Sprintf("from game %s at its set-up", o.Game)
	}
	if o.Fresh {
		from = fmt.Sprintf("from a fresh set-up of game %s's campaign", o.Game)
	}
	return fmt.Sprintf("Practice game of %s, forked %s: the bot plays every other seat, and it counts for no record.", o.Player, from)
}

// ForkOptions says what to fork.
type ForkOptions struct {
	Game   string // the original game
	Player string // the player who forks it, by their seat's name
	// Step is the original's step whose close the fork starts from; a
	// negative one: the last closed step (the game as it stands now).
	Step int
	// Fresh forks a fresh set-up of the original's campaign (its options,
	// not its fixed set-up) instead of a step.
	Fresh bool
	// ID is the fork's id; "": the original's, "-practice-", the player's
	// name, and a number if need be.
	ID string
	// Seed is the fork's 32-byte seed; nil: fresh random bytes.
	Seed []byte
}

// Forked is what Fork made: the practice game and its tokens, as for a
// new game (NewGame): the player's by name, the GM's by "" (for the
// player, who is the practice game's only person).
type Forked = NewGame

// Fork makes a practice game of opt.Player's from opt.Game (see above).
// The caller has authenticated the player. An engine without a bot, a
// Redeal or a DecodeState cannot be forked, and Fork says so.
func (h *Host) Fork(ctx context.Context, opt ForkOptions) (*NewGame, error) {
	var out *NewGame
	err := h.Store.Update(ctx, func(tx *events.Tx) error {
		var err error
		out, err = h.ForkTx(ctx, tx, opt)
		return err
	})
	return out, err
}

// ForkTx is Fork inside a caller's transaction (the mail gateway's, which
// records the mail that asked in the same commit).
func (h *Host) ForkTx(ctx context.Context, tx *events.Tx, opt ForkOptions) (*NewGame, error) {
	orig, err := h.GameTx(ctx, tx, opt.Game)
	if err != nil {
		return nil, err
	}
	if orig == nil {
		return nil, Errorf(ENOTFOUND, "no game %q", opt.Game)
	}
	if orig.Forming() {
		return nil, Errorf(ECONFLICT, "game %s has not started: there is nothing to fork yet", orig.ID)
	}
	if orig.Practice != nil && orig.Practice.Player != opt.Player {
		return nil, Errorf(ECONFLICT, "game %s is %s's practice game", orig.ID, orig.Practice.Player)
	}
	pl := orig.Player(opt.Player)
	if pl != nil && pl.Bot {
		return nil, Errorf(ECONFLICT, "%s is a bot's seat in game %s: a practice game is forked by a player, %s", pl.Name, orig.ID, strings.Join(humanNames(orig), ", "))
	}
	if pl == nil {
		return nil, Errorf(ENOTFOUND, "game %s has no player %q to fork it for; the players are %s", orig.ID, opt.Player, strings.Join(humanNames(orig), ", "))
	}
	eng := orig.Engine
	if err := Forkable(eng, opt.Fresh); err != nil {
		return nil, err
	}
	seed := opt.Seed
	if seed == nil {
		if seed, err = h.Store.Random(32); err != nil {
			return nil, err
		}
	}
	if len(seed) != 32 {
		return nil, Errorf(EINVALID, "a fork's seed is 32 bytes, not %d", len(seed))
	}
	origin := ForkOrigin{Game: orig.ID, Player: pl.Name, Fresh: opt.Fresh}
	at := orig
	if !opt.Fresh {
		if at, origin.Step, err = h.forkPoint(ctx, tx, orig, opt.Step); err != nil {
			return nil, err
		}
		if at.Player(pl.Name) == nil {
			return nil, Errorf(ECONFLICT, "%s held no seat of game %s at step %d", pl.Name, orig.ID, origin.Step)
		}
		if at.Status.Finished {
			return nil, Errorf(ECONFLICT, "game %s is over after step %d: fork from an earlier step, or from a fresh set-up", orig.ID, origin.Step)
		}
	}
	// The player gets the reports; nobody else is there to mail (the GM's
	// token, for the command line, goes to whoever forked the game).
	c := Campaign{ID: opt.ID, Game: orig.Campaign.Game, Options: orig.Campaign.Options, Press: PressOff, ReportFormat: orig.Campaign.ReportFormat}
	for _, name := range at.Names() {
		if name == pl.Name {
			c.Players = append(c.Players, Seat{Name: name, Email: pl.Email})
		} else {
			c.Players = append(c.Players, Seat{Name: name, Bot: true})
		}
	}
	payload := Created{Commitment: Commitment(seed), EngineVersion: eng.Version(), Fork: &origin}
	if !opt.Fresh {
		redealt := eng.(engine.Redealer).Redeal(eng.Clone(at.State), pl.Name, engine.NewRand(seed, 0))
		if payload.State, err = StateJSON(redealt); err != nil {
			return nil, Errorf(EINTERNAL, "fork: %v", err)
		}
	}
	out := &NewGame{Tokens: map[string]string{}}
	if c.ID == "" {
		if c.ID, err = freeForkID(ctx, tx, orig.ID, pl.Name); err != nil {
			return nil, err
		}
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	payload.Campaign = c
	e1, e2, err := h.startLog(ctx, tx, c.ID, KindCreated, payload, seed)
	if err != nil {
		return nil, err
	}
	for _, name := range []string{"", pl.Name} {
		if out.Tokens[name], err = setToken(ctx, tx, c.ID, name); err != nil {
			return nil, err
		}
	}
	if out.Game, err = Replay(h.Games, []events.Event{e1, e2}); err != nil {
		return nil, err
	}
	// The bots play up to the player's first step.
	if _, err := h.closeReady(ctx, tx, out.Game, "", "", nil); err != nil {
		return nil, err
	}
	return out, h.writeIndex(ctx, tx, out.Game, true)
}

// Forkable says why eng's games cannot be forked, if they cannot.
func Forkable(eng engine.Engine, fresh bool) error {
	var lacks []string
	if _, ok := eng.(engine.Bot); !ok {
		lacks = append(lacks, "a bot to play the other seats (engine.Bot)")
	}
	if !fresh {
		if _, ok := eng.(engine.Redealer); !ok {
			lacks = append(lacks, "a redeal of what the player may not see (engine.Redealer)")
		}
		if _, ok := eng.(engine.StateDecoder); !ok {
			lacks = append(lacks, "a reading of its state (engine.StateDecoder)")
		}
	}
	if len(lacks) > 0 {
		return Errorf(ECONFLICT, "%s cannot be forked into a practice game: it has no %s", eng.Name(), strings.Join(lacks, ", and no "))
	}
	return nil
}

// forkPoint is the original as it stood at the close of step (negative:
// its last closed step), and that step.
func (h *Host) forkPoint(ctx context.Context, tx *events.Tx, orig *Game, step int) (*Game, int, error) {
	if step < 0 || step == orig.Last.Step {
		return orig, orig.Last.Step, nil
	}
	if step > orig.Last.Step {
		return nil, 0, Errorf(EINVALID, "step %d of game %s has not closed yet; the last closed is step %d", step, orig.ID, orig.Last.Step)
	}
	evs, err := tx.Events(ctx, orig.ID)
	if err != nil {
		return nil, 0, err
	}
	at, err := ReplayUntil(h.Games, evs, step)
	if err != nil {
		return nil, 0, err
	}
	return at, step, nil
}

// freeForkID is the first id of the form ORIGINAL-practice-PLAYER(-N)
// that no game has.
func freeForkID(ctx context.Context, tx *events.Tx, orig, player string) (string, error) {
	base := fmt.Sprintf("%s-practice-%s", orig, strings.ToLower(player))
	for n := 1; ; n++ {
		id := base
		if n > 1 {
			id = fmt.Sprintf("%s-%d", base, n)
		}
		if len(id) > 64 {
			id = id[len(id)-64:]
			id = strings.TrimLeft(id, "._-")
		}
		seq, _, err := tx.Last(ctx, id)
		if err != nil {
			return "", err
		}
		if seq == 0 {
			return id, nil
		}
	}
}

// humanNames are the names of the seats no bot was given.
func humanNames(g *Game) []string {
	var out []string
	for _, p := range g.Players {
		if !p.Bot {
			out = append(out, p.Name)
		}
	}
	return out
}

// StateJSON is a state's canonical JSON, what Digest hashes (without its
// final newline).
func StateJSON(s engine.State) ([]byte, error) {
	if a, ok := s.(engine.JSONAppender); ok {
		return a.AppendJSON(nil), nil
	}
	return appendJSON(nil, reflect.ValueOf(s))
}

// firstState is the state a game's log starts from: a practice fork's
// redealt state, read back by its engine, or the campaign's set-up.
func firstState(eng engine.Engine, c Created, seed []byte) (engine.State, error) {
	cfg, err := c.Campaign.config()
	if err != nil {
		return nil, err
	}
	if len(c.State) > 0 {
		var s engine.State
		switch d := eng.(type) {
		case engine.CampaignStateDecoder:
			s, err = d.DecodeCampaignState(cfg, c.State)
		case engine.StateDecoder:
			s, err = d.DecodeState(c.State)
		default:
			return nil, fmt.Errorf("the log starts from a state, but %s cannot read one (engine.StateDecoder)", eng.Version())
		}
		if err != nil {
			return nil, fmt.Errorf("the fork's state: %v", err)
		}
		return s, nil
	}
	s, err := eng.Setup(cfg, engine.NewRand(seed, 0))
	if err != nil {
		return nil, fmt.Errorf("set-up: %v", err)
	}
	return s, nil
}
