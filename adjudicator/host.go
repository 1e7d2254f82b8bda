package adjudicator

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/orders"
)

// Host runs games on an event store: it creates them, takes orders, closes
// steps and answers questions about them. Every change is one write
// transaction that brings the game up to the log's last event (from its
// cached replay, or by replaying), decides, and appends, so two hosts on the
// same database never act on a stale state.
type Host struct {
	Store *events.Store
	Games *Registry
	// Now is the clock for event times and deadlines; nil means time.Now.
	// Engines never see it.
	Now func() time.Time
	// OnSeated is told of the players seated with new tokens (see
	// muster.go); nil: nobody is, and an approved substitute's token is
	// the GM's to hand over.
	OnSeated OnSeated

	cache   gameCache
	closes  closeCache
	changes changeMark

	reconciled   sync.Once // the games index checked against the log, once per Host
	reconcileErr error
}

// gameCache keeps the last replay of each game this Host wrote to or read,
// so that an order costs a clone rather than a replay of the whole log, and
// a read (a page, a mail's roster) none. An entry is used only while the
// log's last event is still the one it was replayed to: by writers through
// clones (get), by readers as it is (peek), who never change it.
type gameCache struct {
	mu    sync.Mutex
	games map[string]*Game
	// loading serialises the replays of one game by readers, so that a
	// hundred readers arriving after a change replay it once.
	loading map[string]*sync.Mutex
}

// peek returns the cached game id, shared and read-only, if it is replayed
// up to the event (seq, hash), else nil.
func (c *gameCache) peek(id string, seq int64, hash string) *Game {
	c.mu.Lock()
	defer c.mu.Unlock()
	g := c.games[id]
	if g == nil || g.Seq != seq || g.Hash != hash {
		return nil
	}
	return g
}

// keep caches g itself, which nobody changes from now on.
func (c *gameCache) keep(g *Game) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.games == nil {
		c.games = map[string]*Game{}
	}
	if old := c.games[g.ID]; old == nil || old.Seq <= g.Seq {
		c.games[g.ID] = g
	}
}

// loader is the lock that serialises the readers' replays of game id.
func (c *gameCache) loader(id string) *sync.Mutex {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.loading == nil {
		c.loading = map[string]*sync.Mutex{}
	}
	l := c.loading[id]
	if l == nil {
		l = &sync.Mutex{}
		c.loading[id] = l
	}
	return l
}

// get returns a clone of the cached game id if it is replayed up to the
// event (seq, hash), else nil.
func (c *gameCache) get(id string, seq int64, hash string) *Game {
	c.mu.Lock()
	defer c.mu.Unlock()
	g := c.games[id]
	if g == nil || g.Seq != seq || g.Hash != hash {
		return nil
	}
	return g.clone()
}

// put caches a clone of g.
func (c *gameCache) put(g *Game) { c.keep(g.clone()) }

func (h *Host) now() time.Time {
	if h.Now != nil {
		return h.Now().UTC()
	}
	return time.Now().UTC()
}

// NewGame is what Create reports: the game and the secrets to hand out once.
type NewGame struct {
	Game   *Game
	Tokens map[string]string // player name → token; "" → the GM's token
}

// Create starts a game from a campaign and issues a token to each player and
// to the GM. Only the tokens' hashes are stored.
func (h *Host) Create(ctx context.Context, c *Campaign) (*NewGame, error) {
	eng, seed, err := CheckCampaign(h.Games, c, h.Store.Random)
	if err != nil {
		return nil, err
	}
	payload := Created{Campaign: *c, Commitment: Commitment(seed), EngineVersion: eng.Version()}
	out := &NewGame{Tokens: map[string]string{}}
	err = h.Store.Update(ctx, func(tx *events.Tx) error {
		e1, e2, err := h.startLog(ctx, tx, c.ID, KindCreated, payload, seed)
		if err != nil {
			return err
		}
		for _, name := range append([]string{""}, c.Names()...) {
			if p := c.seat(name); p != nil && p.Bot {
				continue // a bot sends nothing: its seat has no token
			}
			tok, err := setToken(ctx, tx, c.ID, name)
			if err != nil {
				return err
			}
			out.Tokens[name] = tok
		}
		if out.Game, err = Replay(h.Games, []events.Event{e1, e2}); err != nil {
			return err
		}
		if out.Game.hasBotSeats() {
			// The bots play from the first step on, up to a player's.
			if _, err := h.closeReady(ctx, tx, out.Game, "", "", nil); err != nil {
				return err
			}
		}
		return h.writeIndex(ctx, tx, out.Game, true)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// startLog writes the first two events of a new game's log, inside tx:
// kind (game-created or game-opened) with its payload, and the seed.
func (h *Host) startLog(ctx context.Context, tx *events.Tx, id, kind string, payload Created, seed []byte) (events.Event, events.Event, error) {
	var e1, e2 events.Event
	if err := tx.LockGame(ctx, id); err != nil {
		return e1, e2, err
	}
	seq, _, err := tx.Last(ctx, id)
	if err != nil {
		return e1, e2, err
	}
	if seq > 0 {
		return e1, e2, Errorf(ECONFLICT, "a game with id %s already exists", id)
	}
	at := h.now()
	if e1, err = tx.Append(ctx, id, kind, ActorGM, payload, at); err != nil {
		return e1, e2, err
	}
	e2, err = tx.Append(ctx, id, KindSeed, ActorSystem, SeedPayload{Seed: hex.EncodeToString(seed)}, at)
	return e1, e2, err
}

// CheckCampaign checks a campaign as Create would, writing nothing: its
// fields, its game, and its options and set-up as the engine reads them
// (set up once with a seed drawn from random). It returns the engine and
// that seed.
func CheckCampaign(reg *Registry, c *Campaign, random func(int) ([]byte, error)) (engine.Engine, []byte, error) {
	if err := c.Validate(); err != nil {
		return nil, nil, err
	}
	eng, err := reg.Engine(c.Game)
	if err != nil {
		return nil, nil, err
	}
	seed, err := c.seedBytes(random)
	if err != nil {
		return nil, nil, err
	}
	cfg, err := c.config()
	if err != nil {
		return nil, nil, err
	}
	if err := setupNew(eng, cfg, seed); err != nil {
		return nil, nil, c.setupError(err)
	}
	if err := checkBots(c, eng); err != nil {
		return nil, nil, err
	}
	return eng, seed, nil
}

// setupNew sets a new game up once, to see that it can be, and asks the
// engine what more it refuses of a new game's set-up (engine.SetupChecker),
// which a replay never asks.
func setupNew(eng engine.Engine, cfg engine.Config, seed []byte) error {
	if _, err := eng.Setup(cfg, engine.NewRand(seed, 0)); err != nil {
		return err
	}
	if sc, ok := eng.(engine.SetupChecker); ok {
		return sc.CheckSetup(cfg)
	}
	return nil
}

// Load replays a game's log.
func (h *Host) Load(ctx context.Context, id string) (*Game, error) {
	evs, err := h.Store.Events(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(evs) == 0 {
		return nil, Errorf(ENOTFOUND, "no game %q", id)
	}
	return Replay(h.Games, evs)
}

// Receipt is what Submit did.
type Receipt struct {
	Game    *Game  // the game after the submission (and any steps it closed)
	Player  string // the player's name (as the game knows it)
	Step    int    // the step the orders are for
	Orders  []any  // the orders as understood, in log form
	Closed  []int  // steps closed as a result, in order
	Replace bool   // these orders replace earlier ones for the same step
	// Standing says the orders were standing orders from a player the
	// step does not wait for (see StandingOrders): kept, closing nothing.
	Standing bool
	// Checked says the orders were only checked (SubmitOptions.CheckOnly):
	// nothing was written.
	Checked bool
	// Fills says what the game will do where the orders leave something
	// out (see Filler); empty when the engine does not say.
	Fills []string
	// Late says the orders came after the step's deadline, Missed, and
	// were taken all the same: in the grace period, which ends at
	// GraceEnd (equal to Missed without one: the step had not been closed
	// yet). The step's report names the player as late.
	Late             bool
	Missed, GraceEnd time.Time
	Events           []events.Event
}

// SubmitOptions says how a submission was authenticated.
type SubmitOptions struct {
	// CheckOnly reads and checks the orders as Submit would, and answers
	// with the engine's reading, but writes nothing.
	CheckOnly bool
	// Trusted lets orders without a token in: the GM at the CLI, who
	// already holds the database. A token given is checked all the same.
	Trusted bool
}

// Submit checks an order file against its game and, if it is legal, appends
// it. A step whose awaited players have all sent orders closes at once.
// Nothing is written when anything is wrong.
func (h *Host) Submit(ctx context.Context, env *orders.Envelope, opt SubmitOptions) (*Receipt, error) {
	var r *Receipt
	err := h.Store.Update(ctx, func(tx *events.Tx) error {
		var err error
		r, err = h.submit(ctx, tx, env, opt)
		return err
	})
	return r, err
}

// SubmitTx is Submit inside a caller's transaction, so that the caller can
// record more (the mail's Message-ID) in the same commit.
func (h *Host) SubmitTx(ctx context.Context, tx *events.Tx, env *orders.Envelope, opt SubmitOptions) (*Receipt, error) {
	return h.submit(ctx, tx, env, opt)
}

func (h *Host) submit(ctx context.Context, tx *events.Tx, env *orders.Envelope, opt SubmitOptions) (*Receipt, error) {
	g, err := h.loadTx(ctx, tx, env.Game)
	if err != nil {
		return nil, err
	}
	pl := g.Player(env.Player)
	if pl == nil {
		return nil, Errorf(ENOTFOUND, "game %s has no player %q; the players are %s", g.ID, env.Player, strings.Join(g.Names(), ", "))
	}
	// A trusted caller (the GM at the CLI) needs no token, but a token it
	// does give must be right: a wrong one is a mistake worth hearing of.
	if !opt.Trusted || strings.TrimSpace(env.Token) != "" {
		if err := h.authenticate(ctx, tx, g.ID, pl.Name, env.Token); err != nil {
			return nil, err
		}
	}
	if env.Command != "" {
		return nil, Errorf(EINVALID, "field command: %q is a mail command; send it to the game's address", env.Command)
	}
	switch {
	case g.Status.Finished:
		return nil, Errorf(ECONFLICT, "game %s is over; no more orders are taken", g.ID)
	case pl.Removed:
		return nil, Errorf(ECONFLICT, "%s has been removed from game %s", pl.Name, g.ID)
	case pl.Resigned:
		return nil, Errorf(ECONFLICT, "%s has resigned from game %s; ask the GM to hand the seat back", pl.Name, g.ID)
	case pl.Bot:
		return nil, Errorf(ECONFLICT, "%s is a bot's seat in game %s: the bot plays it (the GM's replace hands it to a player)", pl.Name, g.ID)
	case env.Step != 0 && env.Step != g.Step:
		return nil, Errorf(ECONFLICT, "field step: these orders are for step %d, but step %d is open (stale orders are refused)", env.Step, g.Step)
	}
	items := orders.Renumber(env.Orders)
	if !g.IsPending(pl.Name) {
		return h.submitStanding(ctx, tx, g, pl.Name, items, opt.CheckOnly)
	}
	check := func(items []orders.Item) error { return g.Engine.Check(g.State, pl.Name, items) }
	if err := check(items); err != nil {
		return nil, &Error{Code: EINVALID, Message: fmt.Sprintf("orders for step %d refused:", g.Step), Orders: orders.Errors(err)}
	}
	if ac, ok := g.Engine.(engine.ArrivalChecker); ok {
		// Legal, but what the position shows can never apply: refused
		// now, while the player can still send orders that do.
		if err := ac.CheckArrival(g.State, pl.Name, items); err != nil {
			return nil, &Error{Code: EINVALID, Message: fmt.Sprintf("orders for step %d refused (they can never apply from where you are):", g.Step), Orders: orders.Errors(err)}
		}
	}
	generic, err := asLogged(items, check)
	if err != nil {
		return nil, err
	}
	_, replacing := g.Open[pl.Name]
	r := &Receipt{Player: pl.Name, Step: g.Step, Orders: generic, Replace: replacing, Fills: fills(g, pl.Name, items)}
	if opt.CheckOnly {
		r.Game, r.Checked = g, true
		return r, nil
	}
	if err := h.append(ctx, tx, g, KindOrders, pl.Name, OrdersPayload{Step: g.Step, Orders: generic}, &r.Events); err != nil {
		return nil, err
	}
	if g.Open[pl.Name].Late {
		r.Late, r.Missed, r.GraceEnd = true, g.Deadline, g.Deadline.Add(g.Grace)
	}
	closed, err := h.closeReady(ctx, tx, g, "", "", &r.Events)
	if err != nil {
		return nil, err
	}
	r.Game, r.Closed = g, closed
	return r, nil
}

// submitStanding takes the orders of a player the open step does not wait
// for, as standing orders if the game keeps them.
func (h *Host) submitStanding(ctx context.Context, tx *events.Tx, g *Game, player string, items []orders.Item, checkOnly bool) (*Receipt, error) {
	so, ok := g.Engine.(engine.StandingOrders)
	if !ok {
		return nil, Errorf(ECONFLICT, "%s has no orders to give in step %d of %s (%s); waiting for %s",
			player, g.Step, g.ID, g.Status.Phase, strings.Join(g.Status.Pending, ", "))
	}
	check := func(items []orders.Item) error { return so.CheckStanding(g.State, player, items) }
	if err := check(items); err != nil {
		return nil, &Error{Code: EINVALID, Message: fmt.Sprintf("standing orders refused (step %d waits for %s, not for you):", g.Step, strings.Join(g.Status.Pending, ", ")), Orders: orders.Errors(err)}
	}
	generic, err := asLogged(items, check)
	if err != nil {
		return nil, err
	}
	r := &Receipt{Game: g, Player: player, Step: g.Step, Orders: generic, Standing: true, Fills: fills(g, player, items)}
	if checkOnly {
		r.Checked = true
		return r, nil
	}
	if err := h.append(ctx, tx, g, KindStanding, player, OrdersPayload{Step: g.Step, Orders: generic}, &r.Events); err != nil {
		return nil, err
	}
	return r, nil
}

// asLogged returns items in the form the log will hold them, after checking
// that form too, read back as replay reads it: what is checked is what is
// logged and replayed, whatever the order file's YAML made of a value.
func asLogged(items []orders.Item, check func([]orders.Item) error) ([]any, error) {
	generic, err := orders.Generic(items)
	if err != nil {
		return nil, &Error{Code: EINVALID, Message: "orders refused:", Orders: orders.Errors(err)}
	}
	b, err := events.Canonical(generic)
	if err != nil {
		return nil, Errorf(EINVALID, "orders refused: they cannot be written to the log (%v); write each value as a plain word, number or list", err)
	}
	logged, err := orders.ParseLogged(b)
	if err == nil {
		for i := range logged {
			if i < len(items) {
				logged[i].Line = items[i].Line
			}
		}
		err = check(logged)
	}
	if err != nil {
		return nil, &Error{Code: EINVALID, Message: "orders refused: as the log would hold them they read differently, and fail:", Orders: orders.Errors(err)}
	}
	return generic, nil
}

// fills asks the engine what fills the gaps of player's orders, before
// they change the state.
func fills(g *Game, player string, items []orders.Item) []string {
	if f, ok := g.Engine.(engine.Filler); ok {
		return f.Fills(g.State, player, items)
	}
	return nil
}

// append writes an event and applies it to g, so g stays the replay of the log.
func (h *Host) append(ctx context.Context, tx *events.Tx, g *Game, kind, actor string, payload any, out *[]events.Event) error {
	e, err := tx.Append(ctx, g.ID, kind, actor, payload, h.now())
	if err != nil {
		return err
	}
	if err := g.apply(e); err != nil {
		return err
	}
	if out != nil {
		*out = append(*out, e)
	}
	return nil
}

// closeReady closes the open step while nobody is awaited (or, with a
// reason, once unconditionally first). It returns the steps closed.
//
// note is the GM's reason for a forced close, shown to the players.
func (h *Host) closeReady(ctx context.Context, tx *events.Tx, g *Game, force, note string, out *[]events.Event) ([]int, error) {
	var closed []int
	for !g.Status.Finished {
		// A bot's seat plays as soon as its step opens.
		if err := h.playBots(ctx, tx, g, false, out); err != nil {
			return nil, err
		}
		reason := force
		if reason == "" {
			if len(g.Awaiting()) > 0 {
				break
			}
			reason = ReasonAllIn
		}
		force = ""
		step, err := h.closeStep(ctx, tx, g, reason, note, out)
		note = ""
		if err != nil {
			return nil, err
		}
		closed = append(closed, step)
	}
	return closed, nil
}

// closeStep resolves g's open step in place and appends the step-closed
// event carrying the digest it produced. Should the append fail, the
// transaction rolls back and g, now ahead of the log, must be dropped.
func (h *Host) closeStep(ctx context.Context, tx *events.Tx, g *Game, reason, note string, out *[]events.Event) (int, error) {
	// The seats in civil disorder the bot plays are played now, before
	// the grey press the close releases (logged just before the close).
	if err := h.playBots(ctx, tx, g, true, out); err != nil {
		return 0, err
	}
	at := events.Timestamp(h.now())
	if err := h.releaseGrey(ctx, tx, g, at, out); err != nil {
		return 0, err
	}
	g.noteClose(note, at)
	rec, err := g.resolve(reason, at)
	if err != nil {
		return 0, Errorf(EINTERNAL, "game %s: %v", g.ID, err)
	}
	payload := Closed{Step: rec.Step, Reason: reason, Defaults: rec.Defaults, Digest: rec.Digest, EngineVersion: g.Engine.Version(), Note: note}
	e, err := tx.Append(ctx, g.ID, KindClosed, ActorSystem, payload, at)
	if err != nil {
		return 0, err
	}
	g.Seq, g.Hash = e.Seq, e.Hash
	g.markClosed(e)
	if out != nil {
		*out = append(*out, e)
	}
	return rec.Step, nil
}

// replayTx replays a game from the log as this transaction sees it: an
// independent copy, for trying a change before making it.
func (h *Host) replayTx(ctx context.Context, tx *events.Tx, id string) (*Game, error) {
	evs, err := tx.Events(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(evs) == 0 {
		return nil, Errorf(ENOTFOUND, "no game %q", id)
	}
	return Replay(h.Games, evs)
}

// loadTx returns the game as the log stands in this transaction, for the
// transaction to change: a clone of the Host's cached replay when that is
// still current, else a fresh replay. Once the transaction commits, the game
// as it then is becomes the cached one.
func (h *Host) loadTx(ctx context.Context, tx *events.Tx, id string) (*Game, error) {
	// Hold the game until the transaction ends (on PostgreSQL, where
	// several workers share the database), so that what is read here is
	// still the log when the transaction appends.
	if err := tx.LockGame(ctx, id); err != nil {
		return nil, err
	}
	seq, hash, err := tx.Last(ctx, id)
	if err != nil {
		return nil, err
	}
	if seq == 0 {
		return nil, Errorf(ENOTFOUND, "no game %q", id)
	}
	// The game as an earlier change in this transaction left it, else as
	// the last commit left it, else replayed; each only if the log's last
	// event is the one it was brought up to.
	inTx, _ := tx.Local(txGames{h}).(map[string]*Game)
	var g *Game
	if prev := inTx[id]; prev != nil && prev.Seq == seq && prev.Hash == hash {
		g = prev.clone()
	} else if g = h.cache.get(id, seq, hash); g == nil {
		if read := h.replayedTx(tx, id, seq, hash); read != nil {
			g = read.clone()
		} else if g, err = h.replayTx(ctx, tx, id); err != nil {
			return nil, err
		}
	}
	if inTx == nil {
		inTx = map[string]*Game{}
		tx.SetLocal(txGames{h}, inTx)
	}
	if inTx[id] == nil {
		// Once per game and transaction: the index and the cache take the
		// game as the transaction's last change to it leaves it (its
		// people only if the change handed a seat over).
		roster := g.RosterSeq
		tx.BeforeCommit(func() error { return h.writeIndex(ctx, tx, inTx[id], inTx[id].RosterSeq != roster) })
		tx.OnCommit(func() {
			g := inTx[id]
			h.cache.put(g)
			if g.Seq == g.Last.Seq {
				// The change closed a step (its last event): its reports
				// are drawn from the game as it is now.
				h.closes.keep(g.clone())
			}
		})
	}
	inTx[id] = g
	return g, nil
}

// txGames is the key of a transaction's games loaded by a Host (Tx.Local):
// each as the last change to it in the transaction leaves it.
type txGames struct{ h *Host }

// LoadTx is the game as the log stands in tx, held (Tx.LockGame) until tx
// ends, for the caller to read or change through the Host's other *Tx
// methods. Loading it again after a savepoint was rolled back makes the
// games index, written at commit, follow the log rather than what the
// rolled-back change left in memory.
func (h *Host) LoadTx(ctx context.Context, tx *events.Tx, id string) (*Game, error) {
	return h.loadTx(ctx, tx, id)
}

// Close is the GM closing the open step now: those who sent nothing get
// their defaults. Steps that then await nobody close too.
func (h *Host) Close(ctx context.Context, id, reason string) (*Game, []int, error) {
	var g *Game
	var closed []int
	err := h.Store.Update(ctx, func(tx *events.Tx) error {
		var err error
		if g, err = h.loadTx(ctx, tx, id); err != nil {
			return err
		}
		if g.Status.Finished {
			return Errorf(ECONFLICT, "game %s is over", id)
		}
		closed, err = h.closeReady(ctx, tx, g, reason, "", nil)
		return err
	})
	return g, closed, err
}

// ensureIndexed checks the games index against the log once per Host,
// indexing again what a build without it (or an import) left out.
func (h *Host) ensureIndexed(ctx context.Context) error {
	h.reconciled.Do(func() { h.reconcileErr = h.reconcile(ctx) })
	return h.reconcileErr
}

// GameTx is game as the log stands in tx, to read: nil when there is no
// such game. It is shared (the Host's cached replay, or the one this
// transaction's changes left), so the caller must not change it; it takes
// no lock of the game. A replay it makes is cached once tx commits.
func (h *Host) GameTx(ctx context.Context, tx *events.Tx, id string) (*Game, error) {
	seq, hash, err := tx.Last(ctx, id)
	if err != nil || seq == 0 {
		return nil, err
	}
	if inTx, _ := tx.Local(txGames{h}).(map[string]*Game); inTx[id] != nil && inTx[id].Seq == seq && inTx[id].Hash == hash {
		return inTx[id], nil
	}
	if g := h.cache.peek(id, seq, hash); g != nil {
		return g, nil
	}
	if g := h.replayedTx(tx, id, seq, hash); g != nil {
		return g, nil
	}
	g, err := h.replayTx(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	replays, _ := tx.Local(txReplays{h}).(map[string]*Game)
	if replays == nil {
		replays = map[string]*Game{}
		tx.SetRead(txReplays{h}, replays)
	}
	replays[id] = g
	tx.OnCommit(func() { h.cache.keep(g) })
	return g, nil
}

// txReplays is the key of the games a transaction has replayed to read
// (GameTx, Tx.Local): a change to one of them in the same transaction
// starts from a clone of the replay rather than replaying the log again.
type txReplays struct{ h *Host }

// replayedTx is the game id as tx replayed it to read, if that replay is
// of the log's last event seq (hash), else nil. It is shared: clone it to
// change it.
func (h *Host) replayedTx(tx *events.Tx, id string, seq int64, hash string) *Game {
	replays, _ := tx.Local(txReplays{h}).(map[string]*Game)
	g := replays[id]
	if g == nil || g.Seq != seq || g.Hash != hash {
		return nil
	}
	return g
}

// Game is game as its log ends now, to read (see GameTx): the one cache of
// replayed games that the mail gateway and the web site share. Readers
// arriving together after a change replay it once.
func (h *Host) Game(ctx context.Context, id string) (*Game, error) {
	seq, hash, err := h.Store.Last(ctx, id)
	if err != nil {
		return nil, err
	}
	if seq == 0 {
		return nil, Errorf(ENOTFOUND, "no game %q", id)
	}
	if g := h.cache.peek(id, seq, hash); g != nil {
		return g, nil
	}
	l := h.cache.loader(id)
	l.Lock()
	defer l.Unlock()
	if g := h.cache.peek(id, seq, hash); g != nil {
		return g, nil
	}
	evs, err := h.Store.Events(ctx, id)
	if err != nil {
		return nil, err
	}
	g, err := Replay(h.Games, evs)
	if err != nil {
		return nil, err
	}
	h.cache.keep(g)
	return g, nil
}

// Tick closes every step whose deadline has passed. It returns the games
// that changed. Deadlines live in the log, so a restarted host picks up
// where it left off; the games index says which games are due, so an idle
// tick costs one query however many games there are.
func (h *Host) Tick(ctx context.Context) ([]*Game, error) {
	if err := h.ensureIndexed(ctx); err != nil {
		return nil, err
	}
	ids, err := h.due(ctx, h.now())
	if err != nil {
		return nil, err
	}
	var changed []*Game
	for _, id := range ids {
		var g *Game
		var closed []int
		moved := false
		err := h.Store.Update(ctx, func(tx *events.Tx) error {
			if g, err = h.loadTx(ctx, tx, id); err != nil {
				return err
			}
			if g.Forming() {
				// The clock moves a sign-up on, not a step.
				seq := g.Seq
				err := h.advance(ctx, tx, g)
				moved = g.Seq != seq
				return err
			}
			if at := g.CloseAt(); at.IsZero() || h.now().Before(at) {
				return nil
			}
			closed, err = h.closeReady(ctx, tx, g, ReasonDeadline, "", nil)
			return err
		})
		if err != nil {
			return changed, err
		}
		if len(closed) > 0 || moved {
			changed = append(changed, g)
		}
	}
	return changed, nil
}

// Import stores a whole log exported elsewhere, as it was, and indexes it;
// the caller audits it first.
func (h *Host) Import(ctx context.Context, evs []events.Event) (*Game, error) {
	var g *Game
	err := h.Store.Update(ctx, func(tx *events.Tx) error {
		if err := tx.Import(ctx, evs); err != nil {
			return err
		}
		var err error
		g, err = h.loadTx(ctx, tx, evs[0].Game)
		return err
	})
	return g, err
}

// NewToken returns a fresh random token: 128 bits in hex.
func NewToken() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported systems
	}
	return hex.EncodeToString(b)
}

func hashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

func setToken(ctx context.Context, tx *events.Tx, game, player string) (string, error) {
	tok := NewToken()
	forgetCredential(tx, game, player)
	_, err := tx.Exec(ctx,
		`INSERT INTO credentials (game_id, player, token_hash) VALUES (?, ?, ?)
		 ON CONFLICT (game_id, player) DO UPDATE SET token_hash = excluded.token_hash`,
		game, player, hashToken(tok))
	return tok, err
}

// authenticate checks player's token (player "" is the GM).
func (h *Host) authenticate(ctx context.Context, tx *events.Tx, game, player, token string) error {
	who := player
	if who == "" {
		who = "the GM"
	}
	if strings.TrimSpace(token) == "" {
		return Errorf(EUNAUTHORIZED, "field token: missing; give %s's token for game %s", who, game)
	}
	ok, err := TokenMatches(ctx, tx, game, player, token)
	if err != nil {
		return err
	}
	if !ok {
		return Errorf(EUNAUTHORIZED, "field token: wrong token for %s in game %s", who, game)
	}
	return nil
}

// credentialQuery reads the hash of one holder's token.
const credentialQuery = `SELECT token_hash FROM credentials WHERE game_id = ? AND player = ?`

// CredentialTx is the hash of player's token (player "" is the GM's) in
// game as tx sees the credentials, "" when there is none: what the web
// site binds a session or a login link to, so that a new token ends them.
func CredentialTx(ctx context.Context, tx *events.Tx, game, player string) (string, error) {
	if !tx.Holds(game) {
		return scanCredential(tx.QueryRow(ctx, credentialQuery, game, player))
	}
	// While tx holds the game its credentials change only through tx:
	// read once (a mail's token is checked before and by its submission).
	known, _ := tx.Local(credentialsKey{}).(map[[2]string]string)
	if stored, ok := known[[2]string{game, player}]; ok {
		return stored, nil
	}
	stored, err := scanCredential(tx.QueryRow(ctx, credentialQuery, game, player))
	if err != nil {
		return "", err
	}
	if known == nil {
		known = map[[2]string]string{}
		tx.SetRead(credentialsKey{}, known)
	}
	known[[2]string{game, player}] = stored
	return stored, nil
}

// CredentialsRead reads the credentials of games, all held by tx, for a
// batch (Tx.LockGames on PostgreSQL): CredentialTx then finds them read.
func CredentialsRead(tx *events.Tx, games []string) events.Read {
	return events.Read{
		Query: `SELECT game_id, player, token_hash FROM credentials WHERE game_id = ANY(?::text[])`,
		Args:  []any{games},
		Row: func(scan func(...any) error) error {
			var game, player, stored string
			if err := scan(&game, &player, &stored); err != nil {
				return err
			}
			known, _ := tx.Local(credentialsKey{}).(map[[2]string]string)
			if known == nil {
				known = map[[2]string]string{}
				tx.SetRead(credentialsKey{}, known)
			}
			known[[2]string{game, player}] = stored
			return nil
		},
	}
}

// credentialsKey keys the credentials a transaction has read of the games
// it holds (Tx.Local), by game and player.
type credentialsKey struct{}

// forgetCredential drops what tx has read of player's credential in game,
// before tx changes it.
func forgetCredential(tx *events.Tx, game, player string) {
	if known, _ := tx.Local(credentialsKey{}).(map[[2]string]string); known != nil {
		delete(known, [2]string{game, player})
	}
}

// Credential is CredentialTx outside a transaction.
func (h *Host) Credential(ctx context.Context, game, player string) (string, error) {
	return scanCredential(h.Store.QueryRow(ctx, credentialQuery, game, player))
}

func scanCredential(row *sql.Row) (string, error) {
	var stored string
	if err := row.Scan(&stored); errors.Is(err, sql.ErrNoRows) {
		return "", nil
	} else if err != nil {
		return "", err
	}
	return stored, nil
}

// TokenMatches reports whether token is player's (player "" is the GM's) in
// game, comparing hashes in constant time. An empty token, or a player
// without one on record, never matches.
func TokenMatches(ctx context.Context, tx *events.Tx, game, player, token string) (bool, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return false, nil
	}
	stored, err := CredentialTx(ctx, tx, game, player)
	if err != nil || stored == "" {
		return false, err
	}
	return subtle.ConstantTimeCompare([]byte(stored), []byte(hashToken(token))) == 1, nil
}
