package adjudicator

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"taipan/adjudicator/engine"
	"taipan/events"
)

// GMAction is one override of the game master's. Overrides are appended to
// the log as events, never edits, and each shows in the next reports with its
// reason.
//
// Actions and their arguments:
//
//	extend DURATION          push the open step's deadline back (e.g. 24h, 2d)
//	deadline TIME            set the open step's deadline (RFC 3339, or "none")
//	replace PLAYER NAME [EMAIL]  hand PLAYER's seat to a new player (new token)
//	token PLAYER|gm          issue PLAYER (or the GM) a new token
//	resign PLAYER            put PLAYER in civil disorder: defaults from now on
//	void PLAYER              drop PLAYER's orders for the open step
//	close                    close the open step now (same as `adjudicate`)
//	pause, resume            stop and restart the clock: no deadline runs while paused
//	grace DURATION|none      take late orders this long after each deadline
//	rollback STEP            void everything played after step STEP (0: the set-up)
//	approve NAME             give NAME the seat they asked for (substitutes: approve)
//	upgrade [open-step]      move the game to the current engine version
//	ACTION PLAYER ARGS...    a game-specific correction (see Engine.Corrections);
//	                         every game has remove PLAYER, which takes PLAYER
//	                         out of the game for good
type GMAction struct {
	Action string
	Args   []string
	Reason string
}

// GMResult is what an override did.
type GMResult struct {
	Game   *Game
	Token  string // a new token to hand over, for replace and token (the GM's for token gm)
	Closed []int
}

// GM applies a GM override to a game.
func (h *Host) GM(ctx context.Context, id string, a GMAction) (*GMResult, error) {
	var res *GMResult
	err := h.Store.Update(ctx, func(tx *events.Tx) error {
		var err error
		res, err = h.GMTx(ctx, tx, id, a)
		return err
	})
	return res, err
}

// GMTx is GM inside a caller's transaction, so that the caller can record
// more in the same commit (the mail gateway: the Message-ID of the mail that
// asked for the action, and the reply).
func (h *Host) GMTx(ctx context.Context, tx *events.Tx, id string, a GMAction) (*GMResult, error) {
	if strings.TrimSpace(a.Reason) == "" {
		return nil, Errorf(EINVALID, "give a reason: it is shown to the players")
	}
	g, err := h.loadTx(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	res := &GMResult{Game: g}
	if err := h.gm(ctx, tx, g, a, res); err != nil {
		return nil, err
	}
	if !g.Forming() && g.hasBotSeats() {
		// A step the action opened (a rollback's, one after the game
		// started) may be a bot's: it plays at once, as ever.
		closed, err := h.closeReady(ctx, tx, g, "", "", nil)
		if err != nil {
			return nil, err
		}
		res.Closed = append(res.Closed, closed...)
	}
	return res, nil
}

// usageError says that the GM action was given the wrong arguments: it
// takes args.
func usageError(action, args string) *Error {
	usage := strings.TrimSpace(action + " " + args)
	return &Error{Code: EINVALID, Message: "usage: gm " + usage, Usage: usage}
}

func (h *Host) gm(ctx context.Context, tx *events.Tx, g *Game, a GMAction, res *GMResult) error {
	if g.Forming() {
		return h.gmSignUp(ctx, tx, g, a, res)
	}
	if a.Action == "approve" {
		return h.approve(ctx, tx, g, a, res)
	}
	need := func(n int, usage string) error {
		if len(a.Args) != n {
			return usageError(a.Action, usage)
		}
		return nil
	}
	player := func(name string) (*Player, error) {
		pl := g.Player(name)
		if pl == nil {
			return nil, Errorf(ENOTFOUND, "game %s has no player %q; the players are %s", g.ID, name, strings.Join(g.Names(), ", "))
		}
		return pl, nil
	}
	open := func() error {
		if g.Status.Finished {
			return Errorf(ECONFLICT, "game %s is over", g.ID)
		}
		return nil
	}
	switch a.Action {
	case "extend", "deadline":
		if err := need(1, map[string]string{"extend": "DURATION", "deadline": "TIME|none"}[a.Action]); err != nil {
			return err
		}
		if err := open(); err != nil {
			return err
		}
		var at time.Time
		switch {
		case a.Action == "extend":
			d, err := ParseDuration(a.Args[0])
			if err != nil {
				return Errorf(EINVALID, "%v", err)
			}
			if d == 0 {
				// It would push nothing back, and set a game without a
				// deadline one of now: its step would close at once.
				return Errorf(EINVALID, "extend %s: give a duration longer than none, e.g. 24h", a.Args[0])
			}
			base := g.Deadline
			if base.IsZero() || base.Before(h.now()) {
				base = h.now()
			}
			at = base.Add(d)
		case a.Args[0] == "none":
		default:
			t, err := time.Parse(time.RFC3339, a.Args[0])
			// The log writes times in UTC, of years 0 to 9999 only: an
			// offset may carry a time written in year 9999 past them.
			if err != nil || t.UTC().Year() < 0 || t.UTC().Year() > 9999 {
				return Errorf(EINVALID, "deadline %q: write it as 2026-12-24T18:00:00Z, or none", a.Args[0])
			}
			at = t.UTC()
		}
		return h.append(ctx, tx, g, KindDeadline, ActorGM, DeadlineSet{Step: g.Step, Deadline: at, Reason: a.Reason}, nil)
	case "replace":
		if len(a.Args) != 2 && len(a.Args) != 3 {
			return usageError(a.Action, "PLAYER NEWNAME [EMAIL]")
		}
		pl, err := player(a.Args[0])
		if err != nil {
			return err
		}
		name, email := a.Args[1], pl.Email
		if len(a.Args) == 3 {
			email = a.Args[2]
		}
		if err := CheckPlayerName(name); err != nil {
			return err
		}
		if err := CheckEmail(email); err != nil {
			return err
		}
		for i := range g.Players {
			if other := &g.Players[i]; other != pl && strings.EqualFold(other.Name, name) {
				return Errorf(ECONFLICT, "%s already plays in %s (names are told apart without regard to case)", other.Name, g.ID)
			}
		}
		old := pl.Name
		if err := h.append(ctx, tx, g, KindReplace, ActorGM, Replaced{Player: old, Name: name, Email: email, Reason: a.Reason}, nil); err != nil {
			return err
		}
		forgetCredential(tx, g.ID, old)
		if _, err := tx.Exec(ctx, `DELETE FROM credentials WHERE game_id = ? AND player = ?`, g.ID, old); err != nil {
			return err
		}
		res.Token, err = setToken(ctx, tx, g.ID, name)
		return err
	case "token":
		if err := need(1, "PLAYER|gm"); err != nil {
			return err
		}
		// "gm" is the GM's own token (no player may be called gm): the
		// way a GM who lost it gets a new one.
		holder := ActorGM
		if !strings.EqualFold(a.Args[0], ActorGM) {
			pl, err := player(a.Args[0])
			if err != nil {
				return err
			}
			holder = pl.Name
		}
		var err error
		res.Token, err = h.reissueToken(ctx, tx, g, holder, ActorGM, a.Reason)
		return err
	case "resign", "void":
		if err := need(1, "PLAYER"); err != nil {
			return err
		}
		if err := open(); err != nil {
			return err
		}
		pl, err := player(a.Args[0])
		if err != nil {
			return err
		}
		kind := KindResign
		if a.Action == "void" {
			kind = KindVoid
			if _, ok := g.Open[pl.Name]; !ok {
				return Errorf(ECONFLICT, "%s has no orders in for step %d", pl.Name, g.Step)
			}
		} else if pl.Resigned || pl.Removed {
			return Errorf(ECONFLICT, "%s is already out of play", pl.Name)
		}
		if err := h.append(ctx, tx, g, kind, ActorGM, PlayerAction{Step: g.Step, Player: pl.Name, Reason: a.Reason}, nil); err != nil {
			return err
		}
		// A resigned player is no longer awaited: the step may be complete.
		res.Closed, err = h.closeReady(ctx, tx, g, "", "", nil)
		return err
	case "pause", "resume":
		if err := need(0, ""); err != nil {
			return err
		}
		if err := open(); err != nil {
			return err
		}
		if g.Paused == (a.Action == "pause") {
			return Errorf(ECONFLICT, "game %s is %s already", g.ID, map[bool]string{true: "paused", false: "running"}[g.Paused])
		}
		kind := map[string]string{"pause": KindPause, "resume": KindResume}[a.Action]
		return h.append(ctx, tx, g, kind, ActorGM, GMNote{Step: g.Step, Reason: a.Reason}, nil)
	case "grace":
		if err := need(1, "DURATION"); err != nil {
			return err
		}
		d, err := ParseDuration(a.Args[0])
		if a.Args[0] == "none" {
			d, err = 0, nil
		}
		if err != nil {
			return Errorf(EINVALID, "%v", err)
		}
		return h.append(ctx, tx, g, KindGrace, ActorGM, GraceSet{Grace: Duration(d), Reason: a.Reason}, nil)
	case "rollback":
		if err := need(1, "STEP"); err != nil {
			return err
		}
		n, err := strconv.Atoi(a.Args[0])
		if err != nil || n < 0 || n >= g.Step || n > g.Last.Step {
			return Errorf(EINVALID, "rollback %s: give a step already closed, from 0 (the set-up) to %d", a.Args[0], g.Last.Step)
		}
		// The steps played again draw fresh chance: the rollback opens
		// the timeline numbered after it (see Rollback).
		e, err := tx.Append(ctx, g.ID, KindRollback, ActorGM, Rollback{Step: n, Reason: a.Reason, Timeline: g.Rollbacks + 1}, h.now())
		if err != nil {
			return err
		}
		// A rollback rebuilds the game from its log: replay it in the
		// transaction, and carry on with that game.
		fresh, err := h.replayTx(ctx, tx, g.ID)
		if err != nil {
			return err
		}
		if fresh.Seq != e.Seq {
			return Errorf(EINTERNAL, "rollback of %s: the replay stops at event %d", g.ID, fresh.Seq)
		}
		*g = *fresh
		return nil
	case "upgrade":
		if len(a.Args) > 1 || (len(a.Args) == 1 && a.Args[0] != "open-step") {
			return usageError(a.Action, "[open-step]")
		}
		if err := open(); err != nil {
			return err
		}
		return h.upgrade(ctx, tx, g, len(a.Args) == 0, a.Reason)
	case "close":
		if err := need(0, ""); err != nil {
			return err
		}
		if err := open(); err != nil {
			return err
		}
		var err error
		res.Closed, err = h.closeReady(ctx, tx, g, ReasonGM, a.Reason, nil)
		return err
	default:
		if err := open(); err != nil {
			return err
		}
		if len(a.Args) == 0 {
			return Errorf(EINVALID, "unknown GM action %q; the actions are extend, deadline, replace, token, resign, void, close, pause, resume, grace, rollback, upgrade, or one of the game's corrections:\n%s",
				a.Action, g.Engine.Corrections())
		}
		pl, err := player(a.Args[0])
		if err != nil {
			return err
		}
		if pl.Removed {
			return Errorf(ECONFLICT, "%s has already been removed", pl.Name)
		}
		c := engine.Correction{Action: a.Action, Player: pl.Name, Args: a.Args[1:]}
		// Try it on a copy first: a refused correction must leave no event.
		if _, _, err := g.Engine.Correct(g.Engine.Clone(g.State), c); err != nil {
			return Errorf(EINVALID, "%s: %v", a.Action, err)
		}
		payload := CorrectionPayload{Action: c.Action, Player: c.Player, Args: c.Args, Reason: a.Reason}
		if err := h.append(ctx, tx, g, KindCorrection, ActorGM, payload, nil); err != nil {
			return err
		}
		res.Closed, err = h.closeReady(ctx, tx, g, "", "", nil)
		return err
	}
}

// upgrade moves g to its engine's current version. A whole upgrade must
// reproduce every step already closed; one from the open step on carries
// the state over as the old version computed it.
func (h *Host) upgrade(ctx context.Context, tx *events.Tx, g *Game, whole bool, reason string) error {
	cur, err := h.Games.Engine(g.Engine.Name())
	if err != nil {
		return err
	}
	from, to := g.Engine.Version(), cur.Version()
	if from == to {
		return Errorf(ECONFLICT, "game %s already plays %s, the current version", g.ID, to)
	}
	if whole {
		evs, err := tx.Events(ctx, g.ID)
		if err != nil {
			return err
		}
		if _, err := ReplayWithVersion(h.Games, evs, to); err != nil {
			return Errorf(ECONFLICT, "game %s cannot move to %s for the whole game: %s. Ask for `upgrade open-step` to play only the open step on with %s, carrying over the state %s computed",
				g.ID, to, changedStep(err), to, from)
		}
	}
	return h.append(ctx, tx, g, KindUpgrade, ActorGM, Upgraded{From: from, To: to, Step: g.Step, Whole: whole, Reason: reason}, nil)
}

// changedStep says where a replay with another engine version parts from
// the log.
func changedStep(err error) string {
	var re *ReplayError
	if errors.As(err, &re) && re.Event.Kind == KindClosed {
		var p Closed
		if re.Event.Decode(&p) == nil {
			return fmt.Sprintf("the outcome of step %d would change (%s)", p.Step, re.Reason)
		}
	}
	return err.Error()
}

// String writes the action as the CLI takes it.
func (a GMAction) String() string {
	return fmt.Sprintf("%s %s", a.Action, strings.Join(a.Args, " "))
}

// RequestTokenTx issues player of game a new token because the player asked
// for it (the mail gateway's `command: token`, from the address on record),
// inside the caller's transaction: the token-reissued event is the
// player's, and the reports say that the player asked, not that the GM
// acted. It returns the game and the new token, to be mailed to the
// player only.
func (h *Host) RequestTokenTx(ctx context.Context, tx *events.Tx, id, player string) (*Game, string, error) {
	g, err := h.loadTx(ctx, tx, id)
	if err != nil {
		return nil, "", err
	}
	pl := g.Player(player)
	if pl == nil {
		return nil, "", Errorf(ENOTFOUND, "game %s has no player %q; the players are %s", g.ID, player, strings.Join(g.Names(), ", "))
	}
	tok, err := h.reissueToken(ctx, tx, g, pl.Name, pl.Name, "")
	return g, tok, err
}

// reissueToken logs a new token for holder (a player's name, or ActorGM
// for the GM's own), made by actor, and stores its hash in place of the
// old one, which stops working. It returns the new token.
func (h *Host) reissueToken(ctx context.Context, tx *events.Tx, g *Game, holder, actor, reason string) (string, error) {
	if err := h.append(ctx, tx, g, KindToken, actor, PlayerAction{Step: g.Step, Player: holder, Reason: reason}, nil); err != nil {
		return "", err
	}
	credential := holder
	if holder == ActorGM {
		credential = "" // the GM's credential row
	}
	return setToken(ctx, tx, g.ID, credential)
}
