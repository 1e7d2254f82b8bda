package adjudicator

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"taipan/adjudicator/engine"
	"taipan/events"
)

// PressOrder is a press message to send: From is a player's name, or "gm".
type PressOrder struct {
	From  string
	Token string // the sender's token; the GM at the CLI needs none (SubmitOptions.Trusted)
	To    []string
	Text  string
	Grey  bool
}

// MaxPressText bounds one press message.
const MaxPressText = 8 << 10

// Press checks a press message against the campaign's press setting and, if
// it may go, appends it. Taipan relays it from the games' address; the
// sender's address is never shown, nor, for grey press, the sender's name.
// Grey press is held, and logged and relayed when the open step closes
// (see grey.go): for it the event returned is the zero Event.
func (h *Host) Press(ctx context.Context, game string, p PressOrder, opt SubmitOptions) (*Game, events.Event, error) {
	var g *Game
	var e events.Event
	err := h.Store.Update(ctx, func(tx *events.Tx) error {
		var err error
		g, e, err = h.PressTx(ctx, tx, game, p, opt)
		return err
	})
	return g, e, err
}

// PressTx is Press inside a caller's transaction.
func (h *Host) PressTx(ctx context.Context, tx *events.Tx, game string, p PressOrder, opt SubmitOptions) (*Game, events.Event, error) {
	g, err := h.loadTx(ctx, tx, game)
	if err != nil {
		return nil, events.Event{}, err
	}
	from := p.From
	if strings.EqualFold(from, ActorGM) {
		from = ActorGM
		if !opt.Trusted || strings.TrimSpace(p.Token) != "" {
			if err := h.authenticate(ctx, tx, g.ID, "", p.Token); err != nil {
				return nil, events.Event{}, err
			}
		}
	} else {
		pl := g.Player(from)
		if pl == nil {
			return nil, events.Event{}, Errorf(ENOTFOUND, "game %s has no player %q; the players are %s", g.ID, from, strings.Join(g.Names(), ", "))
		}
		if pl.Removed {
			return nil, events.Event{}, Errorf(ECONFLICT, "%s has been removed from game %s and sends no press", pl.Name, g.ID)
		}
		from = pl.Name
		if !opt.Trusted || strings.TrimSpace(p.Token) != "" {
			if err := h.authenticate(ctx, tx, g.ID, from, p.Token); err != nil {
				return nil, events.Event{}, err
			}
		}
	}
	payload, err := g.checkPress(from, p)
	if err != nil {
		return nil, events.Event{}, err
	}
	if payload.Grey {
		// The actor is outside what a public export withholds: grey
		// press names its sender only inside its payload, and waits for
		// the step's close, so that its place and time in the log name
		// nobody either.
		payload.From = from
		return g, events.Event{}, holdGrey(ctx, tx, g.ID, payload, h.now())
	}
	var out []events.Event
	if err := h.append(ctx, tx, g, KindPress, from, payload, &out); err != nil {
		return nil, events.Event{}, err
	}
	return g, out[0], nil
}

// checkPress refuses press the campaign does not allow, naming the setting,
// and returns the message as the log holds it.
func (g *Game) checkPress(from string, p PressOrder) (PressPayload, error) {
	text := strings.TrimSpace(p.Text)
	mode := g.pressMode()
	switch {
	case g.Status.Finished:
		return PressPayload{}, Errorf(ECONFLICT, "game %s is over; press is closed", g.ID)
	case text == "":
		return PressPayload{}, Errorf(EINVALID, "field press.text: empty; write the message")
	case len(text) > MaxPressText:
		return PressPayload{}, Errorf(EINVALID, "field press.text: %d bytes, more than the %d a message may have", len(text), MaxPressText)
	case mode == PressOff && from != ActorGM:
		return PressPayload{}, Errorf(ECONFLICT, "game %s has no press (the campaign says press: off)", g.ID)
	case p.Grey && mode != PressGrey:
		return PressPayload{}, Errorf(ECONFLICT, "field press.grey: game %s has no grey press (the campaign says press: %s)", g.ID, mode)
	}
	var to []string
	for _, name := range p.To {
		if strings.EqualFold(name, "all") || strings.EqualFold(name, "everyone") {
			to = nil
			break
		}
		pl := g.Player(name)
		if pl == nil {
			for i := range g.Players {
				if strings.EqualFold(g.Players[i].Name, name) {
					pl = &g.Players[i]
				}
			}
		}
		if pl == nil || pl.Removed {
			return PressPayload{}, Errorf(EINVALID, "field press.to: %q is not in game %s; write names of %s, or all", name, g.ID, engine.AndList(g.activeNames()))
		}
		if pl.Name == from {
			return PressPayload{}, Errorf(EINVALID, "field press.to: %s is you", pl.Name)
		}
		if !slices.Contains(to, pl.Name) {
			to = append(to, pl.Name)
		}
	}
	if len(p.To) > 0 && len(to) == 0 && !slices.ContainsFunc(p.To, func(s string) bool { return strings.EqualFold(s, "all") || strings.EqualFold(s, "everyone") }) {
		return PressPayload{}, Errorf(EINVALID, "field press.to: nobody to send it to")
	}
	if len(to) > 0 && mode == PressPublic && from != ActorGM {
		return PressPayload{}, Errorf(ECONFLICT, "field press.to: game %s has public press only (press: public); send it to all", g.ID)
	}
	if pp, ok := g.Engine.(engine.PressPolicy); ok && from != ActorGM && len(to) > 0 {
		if err := pp.CheckPress(g.State, g.Campaign.Options, from, to); err != nil {
			return PressPayload{}, Errorf(ECONFLICT, "field press.to: %v", err)
		}
	}
	slices.Sort(to)
	return PressPayload{Step: g.Step, To: to, Text: text, Grey: p.Grey}, nil
}

// activeNames are the players still in the game.
func (g *Game) activeNames() []string {
	var out []string
	for _, p := range g.Players {
		if !p.Removed {
			out = append(out, p.Name)
		}
	}
	return out
}

// Absent records a player's window away; deadlines that fall in it move to
// its end, within the campaign's allowance. Everyone is told in the reports.
func (h *Host) Absent(ctx context.Context, game, player, token string, from, until time.Time, reason string, opt SubmitOptions) (*Game, error) {
	var g *Game
	err := h.Store.Update(ctx, func(tx *events.Tx) error {
		var err error
		g, err = h.AbsentTx(ctx, tx, game, player, token, from, until, reason, opt)
		return err
	})
	return g, err
}

// AbsentTx is Absent inside a caller's transaction.
func (h *Host) AbsentTx(ctx context.Context, tx *events.Tx, game, player, token string, from, until time.Time, reason string, opt SubmitOptions) (*Game, error) {
	g, err := h.loadTx(ctx, tx, game)
	if err != nil {
		return nil, err
	}
	pl := g.Player(player)
	if pl == nil {
		return nil, Errorf(ENOTFOUND, "game %s has no player %q; the players are %s", g.ID, player, strings.Join(g.Names(), ", "))
	}
	if !opt.Trusted || strings.TrimSpace(token) != "" {
		if err := h.authenticate(ctx, tx, g.ID, pl.Name, token); err != nil {
			return nil, err
		}
	}
	now := h.now()
	switch {
	case g.Status.Finished:
		return nil, Errorf(ECONFLICT, "game %s is over", g.ID)
	case !until.After(from):
		return nil, Errorf(EINVALID, "field absence: it must end after it starts")
	case !until.After(now):
		return nil, Errorf(EINVALID, "field absence: it ends in the past (%s)", FormatTime(until))
	case until.Sub(now) > 366*24*time.Hour:
		return nil, Errorf(EINVALID, "field absence: more than a year away; ask the GM to hand your seat over instead")
	}
	// What the allowance covers is worked out once, now, and logged: the
	// absence is charged for it once, whatever happens to the steps in it.
	at := events.Timestamp(now)
	payload := Absence{Player: pl.Name, From: from.UTC(), Until: until.UTC(), Reason: reason, Recorded: at}
	covered := g.coverAbsence(pl, payload)
	payload.Covered = &covered
	e, err := tx.Append(ctx, g.ID, KindAbsence, pl.Name, payload, at)
	if err != nil {
		return nil, err
	}
	return g, g.apply(e)
}

// Preview resolves the open step of a copy of the game as if the GM closed
// it now, writing nothing, so that the GM sees the outcome and every
// report before deciding.
func (h *Host) Preview(ctx context.Context, id string) (*Game, error) {
	var g *Game
	err := h.Store.Update(ctx, func(tx *events.Tx) error {
		var err error
		if g, err = h.loadTx(ctx, tx, id); err == nil {
			err = g.notStarted()
		}
		if err != nil {
			return err
		}
		if g.Status.Finished {
			return Errorf(ECONFLICT, "game %s is over; there is no step to preview", id)
		}
		// The bot plays the seats in civil disorder it would play at the
		// close (the transaction is rolled back: nothing is logged).
		if err := h.playBots(ctx, tx, g, true, nil); err != nil {
			return err
		}
		at := events.Timestamp(h.now())
		if err := h.releaseGrey(ctx, tx, g, at, nil); err != nil {
			return err
		}
		if _, err := g.resolve(ReasonGM, at); err != nil {
			return Errorf(EINTERNAL, "game %s: %v", id, err)
		}
		return errPreview
	})
	if errors.Is(err, errPreview) {
		return g, nil
	}
	return nil, err
}

// errPreview rolls back the transaction of a preview or a check: nothing is
// written, and the cache keeps the game as it was.
var errPreview = fmt.Errorf("nothing written")
