package adjudicator

import (
	"context"
	"fmt"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/events"
)

// The Host's side of sign-up and muster: each change is one transaction
// that appends its event and moves the game on as far as the rules say at
// once (a full game musters, a complete muster starts the game), so that
// what the clock or a player did is never left half-done. The rules:
//
//   - Sign-up runs until the seats are all taken (Seats.Max), or until its
//     deadline (signup:, from the opening). At the deadline a game with at
//     least Seats.Min players musters; one with fewer closes, without a
//     game.
//   - The muster asks every player to confirm within muster: (default
//     2d). Once all have, the game starts. Whoever has not by then is
//     dropped, and the seats they leave are offered to the host's standby
//     list, first come first called, each called in as a player who must
//     confirm in a new muster period. When nobody is left to call, the
//     game starts with those who confirmed if the campaign says
//     start_fewer: true and they are enough; otherwise it goes back to
//     sign-up (for another signup: period), the confirmations void.
//   - A player who leaves during the muster leaves a seat as a dropped
//     one does.

// OnSeated, when a Host has it, is told of the players seated with new
// tokens (by name), inside the transaction that seats them: every player
// of a game that starts from its sign-up, a substitute the GM approved.
// `taipan serve` and the command line queue the tokens to be mailed (with
// the set-up report, or on their own).
type OnSeated func(ctx context.Context, tx *events.Tx, g *Game, tokens map[string]string) error

// CheckOpen checks a campaign for `taipan open` as Open would, writing
// nothing: its fields, its seats, and that its game sets up with the fewest
// and the most seats. It returns the engine and the host's seed.
func CheckOpen(reg *Registry, c *Campaign, random func(int) ([]byte, error)) (engine.Engine, []byte, error) {
	if c.Seats == nil {
		return nil, nil, Errorf(EINVALID, "campaign %s: seats: say how many seats the game has, e.g. seats: 4 or seats: 3-5", c.ID)
	}
	if err := c.Validate(); err != nil {
		return nil, nil, err
	}
	if len(c.Players) > c.Seats.Max {
		return nil, nil, Errorf(EINVALID, "campaign %s: %d players are named, but the game has %s seats", c.ID, len(c.Players), c.Seats)
	}
	if err := c.checkSeatLabels(); err != nil {
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
	for _, n := range []int{c.Seats.Min, c.Seats.Max} {
		trial := *c
		trial.Players = nil
		for i := range n {
			trial.Players = append(trial.Players, Seat{Name: fmt.Sprintf("seat%d", i+1)})
		}
		trial.labelSeats()
		cfg, err := trial.config()
		if err != nil {
			return nil, nil, err
		}
		if err := setupNew(eng, cfg, seed); err != nil {
			return nil, nil, campaignError(0, "seats", "%s cannot be played with %d players: %v", eng.Name(), n, err)
		}
	}
	if err := checkBots(c, eng); err != nil {
		return nil, nil, err
	}
	return eng, seed, nil
}

// Open opens a game for sign-up from a campaign that names its seats (and
// may name some players): its log's first events, game-opened and the
// host's seed. It issues the GM's token; the players get theirs when the
// game starts.
func (h *Host) Open(ctx context.Context, c *Campaign) (*NewGame, error) {
	eng, seed, err := CheckOpen(h.Games, c, h.Store.Random)
	if err != nil {
		return nil, err
	}
	payload := Created{Campaign: *c, Commitment: Commitment(seed), EngineVersion: eng.Version()}
	var out *NewGame
	err = h.Store.Update(ctx, func(tx *events.Tx) error {
		out, err = h.openTx(ctx, tx, payload, seed)
		return err
	})
	return out, err
}

// OpenTx is Open inside a caller's transaction (the GM's mail that opens a
// game, and its answer).
func (h *Host) OpenTx(ctx context.Context, tx *events.Tx, c *Campaign) (*NewGame, error) {
	eng, seed, err := CheckOpen(h.Games, c, h.Store.Random)
	if err != nil {
		return nil, err
	}
	return h.openTx(ctx, tx, Created{Campaign: *c, Commitment: Commitment(seed), EngineVersion: eng.Version()}, seed)
}

func (h *Host) openTx(ctx context.Context, tx *events.Tx, payload Created, seed []byte) (*NewGame, error) {
	id := payload.Campaign.ID
	if _, _, err := h.startLog(ctx, tx, id, KindOpened, payload, seed); err != nil {
		return nil, err
	}
	out := &NewGame{Tokens: map[string]string{}}
	var err error
	if out.Tokens[""], err = setToken(ctx, tx, id, ""); err != nil {
		return nil, err
	}
	if out.Game, err = h.loadTx(ctx, tx, id); err != nil {
		return nil, err
	}
	// The players the campaign names may fill it already.
	return out, h.advance(ctx, tx, out.Game)
}

// JoinRequest is a player asking to join a game in sign-up.
type JoinRequest struct {
	Game  string
	Name  string
	Email string
	// Seats are the seats the player prefers, in order: numbers, or the
	// campaign's seat labels.
	Seats []string
	// Commitment is the hex SHA-256 of the 32 bytes the player will
	// reveal at muster; "" for none.
	Commitment string
	Via        string // mail, web or cli
	// Record is a signed record from another host (taipan record) the
	// player brings for a campaign's min_record; nil for none.
	Record []byte
}

// forming loads game for a sign-up change and says why it takes none.
func (h *Host) forming(ctx context.Context, tx *events.Tx, id string) (*Game, error) {
	g, err := h.loadTx(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	// The clock first: a deadline passed moves the game on before the
	// change is judged.
	if err := h.advance(ctx, tx, g); err != nil {
		return nil, err
	}
	switch {
	case g.SignUp == nil || g.SignUp.Started:
		return g, Errorf(ECONFLICT, "game %s has started: its sign-up and muster are over (send command: standby to be offered a seat that frees up)", g.ID)
	case g.SignUp.Phase == PhaseCancelled:
		return g, Errorf(ECONFLICT, "game %s is closed: its sign-up ended without enough players", g.ID)
	}
	return g, nil
}

// JoinTx signs a player up, inside tx; a full game then musters.
func (h *Host) JoinTx(ctx context.Context, tx *events.Tx, r JoinRequest) (*Game, error) {
	g, err := h.forming(ctx, tx, r.Game)
	if err != nil {
		return nil, err
	}
	su := g.SignUp
	if en := su.EntrantByEmail(r.Email); en != nil {
		return nil, Errorf(ECONFLICT, "%s has already joined game %s, as %s (one seat per address; command: leave %s to leave)", r.Email, g.ID, en.Name, g.ID)
	}
	if su.Phase == PhaseMuster {
		return nil, Errorf(ECONFLICT, "game %s is full: its %d seats are taken and its players are confirming until %s (send command: standby to be called if a seat frees up)", g.ID, len(su.Entrants), FormatTime(su.Deadline))
	}
	if r.Email == "" {
		return nil, Errorf(EINVALID, "a player joins from an email address")
	}
	if err := CheckEmail(r.Email); err != nil {
		return nil, err
	}
	if !g.Campaign.MayJoin(r.Email) {
		return nil, Errorf(EUNAUTHORIZED, "game %s takes sign-ups only from %s; %s is not one of them", g.ID, strings.Join(g.Campaign.Join, ", "), r.Email)
	}
	if err := h.checkRecord(ctx, g, r.Email, r.Record); err != nil {
		return nil, err
	}
	if err := CheckPlayerName(r.Name); err != nil {
		return nil, Errorf(EINVALID, "field name: %s", err.(*Error).Message)
	}
	if en := su.Entrant(r.Name); en != nil {
		return nil, Errorf(ECONFLICT, "field name: %s has already joined game %s under that name; choose another (names are told apart without regard to case)", en.Name, g.ID)
	}
	var prefs []int
	for _, w := range r.Seats {
		n, err := g.seatNumber(w)
		if err != nil {
			return nil, err
		}
		prefs = append(prefs, n)
	}
	if r.Commitment != "" {
		r.Commitment = strings.ToLower(strings.TrimSpace(r.Commitment))
		if err := CheckEntropyCommitment(r.Commitment); err != nil {
			return nil, err
		}
	}
	p := SignedUp{Name: r.Name, Email: r.Email, Prefs: prefs, Commitment: r.Commitment, Via: r.Via}
	if err := h.append(ctx, tx, g, KindSignedUp, r.Name, p, nil); err != nil {
		return nil, err
	}
	return g, h.advance(ctx, tx, g)
}

// LeaveTx takes a player out of a game before it starts, inside tx.
func (h *Host) LeaveTx(ctx context.Context, tx *events.Tx, game, name, reason string) (*Game, error) {
	g, err := h.forming(ctx, tx, game)
	if err != nil {
		return nil, err
	}
	en := g.SignUp.Entrant(name)
	if en == nil {
		return nil, Errorf(ENOTFOUND, "%s has not joined game %s", name, g.ID)
	}
	if reason == "" {
		reason = "by their own wish"
	}
	muster := g.SignUp.Phase == PhaseMuster
	target := len(g.SignUp.Entrants)
	if err := h.append(ctx, tx, g, KindLeft, en.Name, SignUpNote{Name: en.Name, Reason: reason}, nil); err != nil {
		return nil, err
	}
	if muster {
		if err := h.refill(ctx, tx, g, target); err != nil {
			return nil, err
		}
	}
	return g, h.advance(ctx, tx, g)
}

// ConfirmTx is a player's confirmation at muster, with the entropy they
// committed to ("" if they reveal none), inside tx; the game starts once
// everyone has confirmed.
func (h *Host) ConfirmTx(ctx context.Context, tx *events.Tx, game, name, reveal string) (*Game, error) {
	g, err := h.forming(ctx, tx, game)
	if err != nil {
		return nil, err
	}
	su := g.SignUp
	en := su.Entrant(name)
	switch {
	case en == nil:
		return nil, Errorf(ENOTFOUND, "%s has not joined game %s", name, g.ID)
	case su.Phase != PhaseMuster:
		return nil, Errorf(ECONFLICT, "game %s is not mustering yet: its sign-up runs until its seats are taken or until %s; you will be asked to confirm then", g.ID, FormatTime(su.Deadline))
	case en.Confirmed:
		return nil, Errorf(ECONFLICT, "%s has already confirmed for game %s", en.Name, g.ID)
	}
	reveal = strings.ToLower(strings.TrimSpace(reveal))
	if reveal != "" {
		if _, err := checkReveal(en.Commitment, reveal); err != nil {
			return nil, Errorf(EINVALID, "field reveal: %v", err)
		}
	}
	if err := h.append(ctx, tx, g, KindConfirmed, en.Name, Confirmed{Name: en.Name, Reveal: reveal}, nil); err != nil {
		return nil, err
	}
	return g, h.advance(ctx, tx, g)
}

// advance moves a forming game on as far as its rules say now: a full
// sign-up, or one at its deadline, musters; a complete muster starts; one
// at its deadline drops whoever has not confirmed.
func (h *Host) advance(ctx context.Context, tx *events.Tx, g *Game) error {
	for g.Forming() {
		su, now := g.SignUp, h.now()
		switch su.Phase {
		case PhaseSignUp:
			reason := ""
			switch {
			case len(su.Entrants) >= su.Seats.Max:
				reason = "the seats are taken"
			case now.Before(su.Deadline):
				return nil
			case len(su.Entrants) >= su.Seats.Min:
				reason = fmt.Sprintf("the sign-up ended with %d players", len(su.Entrants))
			default:
				return h.append(ctx, tx, g, KindCancelled, ActorSystem, SignUpNote{Reason: fmt.Sprintf("the sign-up ended with %d of the %d players needed", len(su.Entrants), su.Seats.Min)}, nil)
			}
			if err := h.append(ctx, tx, g, KindMuster, ActorSystem, MusterOpened{Deadline: now.Add(g.Campaign.musterFor()), Reason: reason}, nil); err != nil {
				return err
			}
		case PhaseMuster:
			if len(su.Unconfirmed()) == 0 && len(su.Entrants) >= su.Seats.Min {
				return h.start(ctx, tx, g, "every player confirmed")
			}
			if now.Before(su.Deadline) {
				return nil
			}
			if err := h.endMuster(ctx, tx, g, "did not confirm by "+FormatTime(su.Deadline)); err != nil {
				return err
			}
		default:
			return nil
		}
	}
	return nil
}

// endMuster drops whoever has not confirmed, for why, and offers their
// seats (refill).
func (h *Host) endMuster(ctx context.Context, tx *events.Tx, g *Game, why string) error {
	su := g.SignUp
	target := len(su.Entrants)
	for _, name := range su.Unconfirmed() {
		if err := h.append(ctx, tx, g, KindDropped, ActorSystem, SignUpNote{Name: name, Reason: why}, nil); err != nil {
			return err
		}
	}
	return h.refill(ctx, tx, g, target)
}

// refill offers the seats a muster lost to the host's standby list, up to
// target players; with nobody to call, the game starts with fewer (if the
// campaign allows and they are enough: advance starts it) or goes back
// to sign-up.
func (h *Host) refill(ctx context.Context, tx *events.Tx, g *Game, target int) error {
	su := g.SignUp
	called := 0
	for len(su.Entrants) < target {
		sb, err := h.callStandby(ctx, tx, g)
		if err != nil || sb == nil {
			if err != nil {
				return err
			}
			break
		}
		p := SignedUp{Name: sb.Name, Email: sb.Email, Via: "standby"}
		if err := h.append(ctx, tx, g, KindSignedUp, ActorSystem, p, nil); err != nil {
			return err
		}
		called++
	}
	now := h.now()
	switch {
	case called > 0:
		return h.append(ctx, tx, g, KindMuster, ActorSystem, MusterOpened{Deadline: now.Add(g.Campaign.musterFor()), Reason: fmt.Sprintf("%d called from the standby list to fill the seats left", called)}, nil)
	case g.Campaign.StartFewer && len(su.Entrants) >= su.Seats.Min:
		return nil
	}
	return h.append(ctx, tx, g, KindReopened, ActorSystem, SignUpReopened{Deadline: now.Add(g.Campaign.signUpFor()), Reason: "the muster could not fill the seats: sign-up is open again"}, nil)
}

// start begins a game whose muster is complete: game-started, and the
// players' tokens.
func (h *Host) start(ctx context.Context, tx *events.Tx, g *Game, reason string) error {
	if err := h.append(ctx, tx, g, KindStarted, ActorSystem, g.startPayload(reason), nil); err != nil {
		return err
	}
	tokens := map[string]string{}
	for _, name := range g.Names() {
		if g.Player(name).Bot {
			continue // a bot sends nothing: its seat has no token
		}
		tok, err := setToken(ctx, tx, g.ID, name)
		if err != nil {
			return err
		}
		tokens[name] = tok
	}
	if g.hasBotSeats() {
		// The bots play from the first step on, up to a player's.
		if _, err := h.closeReady(ctx, tx, g, "", "", nil); err != nil {
			return err
		}
	}
	if h.OnSeated != nil {
		return h.OnSeated(ctx, tx, g, tokens)
	}
	return nil
}

// gmSignUp is a GM action on a forming game: muster (now, with the
// players there are), close (end the muster now: whoever has not
// confirmed is dropped), cancel (close the sign-up), or a new GM token.
func (h *Host) gmSignUp(ctx context.Context, tx *events.Tx, g *Game, a GMAction, res *GMResult) error {
	su := g.SignUp
	if su.Phase == PhaseCancelled {
		return Errorf(ECONFLICT, "game %s is closed: its sign-up ended", g.ID)
	}
	switch a.Action {
	case "muster":
		if su.Phase == PhaseMuster {
			return Errorf(ECONFLICT, "game %s is mustering already", g.ID)
		}
		if len(su.Entrants) < su.Seats.Min {
			return Errorf(ECONFLICT, "game %s has %d players; it needs %d to muster", g.ID, len(su.Entrants), su.Seats.Min)
		}
		if err := h.append(ctx, tx, g, KindMuster, ActorGM, MusterOpened{Deadline: h.now().Add(g.Campaign.musterFor()), Reason: a.Reason}, nil); err != nil {
			return err
		}
		return h.advance(ctx, tx, g)
	case "close":
		if su.Phase != PhaseMuster {
			return Errorf(ECONFLICT, "game %s is not mustering: close ends a muster (gm muster starts one)", g.ID)
		}
		if err := h.endMuster(ctx, tx, g, "did not confirm before the GM closed the muster ("+a.Reason+")"); err != nil {
			return err
		}
		return h.advance(ctx, tx, g)
	case "cancel":
		return h.append(ctx, tx, g, KindCancelled, ActorGM, SignUpNote{Reason: a.Reason}, nil)
	case "token":
		if len(a.Args) != 1 || a.Args[0] != ActorGM {
			return usageError(a.Action, "gm")
		}
		var err error
		res.Token, err = h.reissueToken(ctx, tx, g, ActorGM, ActorGM, a.Reason)
		return err
	}
	return Errorf(EINVALID, "game %s is in sign-up: the GM's actions then are muster (muster the players there are now), close (end the muster now), cancel (close the sign-up without a game) and token gm", g.ID)
}
