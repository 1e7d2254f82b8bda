package adjudicator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/orders"
)

// Bots. A seat may be played by the game's bot (engine.Bot): a bot's seat
// the GM gave it (Seat.Bot), from the moment its step opens, and a seat in
// civil disorder when the campaign says civil_disorder_play: bot, at the
// step's close instead of the defaults. Either way the host asks the
// engine's BotOrders with the bot's own stream (engine.NewBotRand of the
// game's seed, the step the orders are for, the timeline and the seat),
// checks them with Check like any orders, and logs them as the seat's
// orders marked as a bot's (OrdersPayload.Bot). So a replay and an audit
// never run a bot, a better bot never changes a recorded game, and once
// the seed is revealed anyone can reproduce a bot's move (BotMoves).

// Who plays a seat in civil disorder (Campaign.CivilDisorderPlay).
const (
	DisorderDefaults = "defaults"
	DisorderBot      = "bot"
)

// checkBots refuses a campaign that asks for a bot its game has not, or
// that leaves nobody but bots to play.
func checkBots(c *Campaign, eng engine.Engine) error {
	_, hasBot := eng.(engine.Bot)
	people := 0
	for i, p := range c.Players {
		if !p.Bot {
			people++
			continue
		}
		if !hasBot {
			return Errorf(EINVALID, "campaign %s: players[%d]: %s has no bot to play %s's seat; seat a player there", c.ID, i+1, eng.Name(), p.Name)
		}
	}
	if c.CivilDisorderPlay == DisorderBot && !hasBot {
		return Errorf(EINVALID, "campaign %s: civil_disorder_play: %s has no bot to play a seat in civil disorder; write defaults or leave it out", c.ID, eng.Name())
	}
	full := c.Seats == nil || len(c.Players) >= c.Seats.Max
	if len(c.Players) > 0 && people == 0 && full {
		return Errorf(EINVALID, "campaign %s: players: every seat is a bot's; a game needs a player (`taipan arena` plays bots against each other)", c.ID)
	}
	return nil
}

// botMarked reports whether an orders payload is marked as a bot's. The
// log holds payloads in canonical JSON, keys sorted, so the mark is the
// first key: a replay reads no further into a player's orders.
func botMarked(payload []byte) bool {
	if !bytes.HasPrefix(payload, []byte(`{"bot":`)) {
		return false
	}
	var p struct {
		Bot bool `json:"bot"`
	}
	return json.Unmarshal(payload, &p) == nil && p.Bot
}

// botMayPlay says why the bot may not play player's seat now, if it may
// not: a log holding a bot's orders for anyone else is not one the host
// wrote.
func (g *Game) botMayPlay(player string) error {
	pl := g.player(player)
	switch {
	case pl == nil:
		return fmt.Errorf("bot orders for %q, who has no seat", player)
	case pl.Bot:
		return nil
	case pl.Disorder && g.Campaign.CivilDisorderPlay == DisorderBot:
		return nil
	}
	return fmt.Errorf("bot orders for %s, whose seat the bot does not play (neither a bot's seat nor in civil disorder with civil_disorder_play: bot)", player)
}

// PlayedByBot reports whether the bot plays player's seat: a bot's seat,
// or one in civil disorder when the campaign has the bot play it.
func (g *Game) PlayedByBot(player string) bool {
	return g.botMayPlay(player) == nil
}

// BotOrders are the orders the game's bot gives for player's seat in the
// open step, in the form the log holds them: drawn from the bot's own
// stream, checked with Check. The state is the bot's to read through a
// copy, so that a bot that changed it would change nothing.
func BotOrders(g *Game, player string) ([]any, error) {
	bot, ok := g.Engine.(engine.Bot)
	if !ok {
		return nil, Errorf(ECONFLICT, "%s has no bot", g.Engine.Name())
	}
	rng := engine.NewBotRand(g.Seed, g.Step, g.Timeline, player)
	items := orders.Renumber(bot.BotOrders(g.Engine.Clone(g.State), player, rng))
	check := func(items []orders.Item) error { return g.Engine.Check(g.State, player, items) }
	if err := check(items); err != nil {
		return nil, Errorf(EINTERNAL, "the bot's orders for %s in step %d fail their check: %v", player, g.Step, err)
	}
	return asLogged(items, check)
}

// playBots logs the bot's orders for each pending seat it plays that has
// none in for the open step: the bots' seats, and, at a close (atClose),
// the seats in civil disorder the campaign has the bot play; and again
// for a bot's seat that something put to it since awaits (an offer it
// must answer, Status.Answering). A bot whose
// orders fail their check logs nothing: the seat gets the defaults at the
// close, as the step-closed event then records.
func (h *Host) playBots(ctx context.Context, tx *events.Tx, g *Game, atClose bool, out *[]events.Event) error {
	if g.Status.Finished || g.Forming() {
		return nil
	}
	if _, ok := g.Engine.(engine.Bot); !ok {
		return nil
	}
	for _, p := range slices.Clone(g.Status.Pending) {
		pl := g.player(p)
		// A bot's seat that sent its file is asked again when something
		// is put to it since (an offer to answer: Status.Answering).
		answering := pl != nil && pl.Bot && slices.Contains(g.Status.Answering, p)
		if _, in := g.Open[p]; in && !answering || pl == nil || pl.Removed || pl.Resigned {
			continue
		}
		if !pl.Bot && !(atClose && pl.Disorder && g.Campaign.CivilDisorderPlay == DisorderBot) {
			continue
		}
		generic, err := BotOrders(g, p)
		if err != nil {
			continue
		}
		if err := h.append(ctx, tx, g, KindOrders, p, OrdersPayload{Step: g.Step, Orders: generic, Bot: true}, out); err != nil {
			return err
		}
	}
	return nil
}

// hasBotSeats reports whether any seat is a bot's.
func (g *Game) hasBotSeats() bool {
	return slices.ContainsFunc(g.Players, func(p Player) bool { return p.Bot })
}

// CountBotMoves is how many orders events of a log are marked as a bot's
// (a rollback's voided steps included), without running a bot.
func CountBotMoves(evs []events.Event) int {
	n := 0
	for _, e := range evs {
		if e.Kind == KindOrders && !e.Redacted() && botMarked(e.Payload) {
			n++
		}
	}
	return n
}

// BotMove is one bot's orders in a log, beside what this build's bot gives
// in the same place from the same stream.
type BotMove struct {
	Seq    int64
	Step   int
	Player string
	Logged []any // as the log holds them
	Now    []any // as this build's bot gives them; nil with Err
	Err    error // why this build's bot gives none
}

// Same reports whether this build's bot reproduces the logged move.
func (m BotMove) Same() bool {
	if m.Err != nil {
		return false
	}
	a, errA := events.Canonical(m.Logged)
	b, errB := events.Canonical(m.Now)
	return errA == nil && errB == nil && bytes.Equal(a, b)
}

// BotMoves replays a full log (its seed included: a public export once the
// game is over) and, at every bot's orders in it, asks this build's bot
// again, from the bot's stream of the step, timeline and seat, in the
// state the replay holds there: a disputed move is reproduced, or shown to
// differ (a bot changed since, which never changes the recorded game).
func BotMoves(reg *Registry, evs []events.Event) ([]BotMove, error) {
	var moves []BotMove
	before := func(g *Game, e events.Event) {
		if e.Kind != KindOrders || !botMarked(e.Payload) || g.Forming() {
			return
		}
		var p OrdersPayload
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			return
		}
		m := BotMove{Seq: e.Seq, Step: p.Step, Player: e.Actor, Logged: p.Orders}
		m.Now, m.Err = BotOrders(g, e.Actor)
		moves = append(moves, m)
	}
	if _, err := replayWith(reg, evs, -1, "", replayHooks{before: before}); err != nil {
		return nil, err
	}
	return moves, nil
}
