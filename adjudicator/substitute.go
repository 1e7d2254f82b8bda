package adjudicator

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"taipan/events"
)

// Substitutes. A host keeps one standby list (the standby table): people,
// by address, who would take a seat. A seat that frees up is offered to
// it: in a muster, the seats of those dropped are filled from it, first
// come first called (muster.go); in a running game, a seat in civil
// disorder or resigned may be taken by anyone on the list (`command: take
// GAME SEAT`), at once, or once the GM approves (`gm approve NAME`) when
// the campaign says substitutes: approve. The taking is a seat-taken event
// (a seat-asked one first, when approval is needed); the seat's tenure
// (tenure.go) records who held it from which step to which, so that no
// record is charged to the wrong person.

// Kinds of the substitutes' events.
const (
	KindTakeAsked = "seat-asked" // payload SeatTaken, actor = the newcomer: waiting for the GM
	KindTaken     = "seat-taken" // payload SeatTaken, actor = the newcomer, or gm when approved
)

// SeatTaken is a newcomer taking (or asking for) the seat Player holds,
// from the open step Step on.
type SeatTaken struct {
	Player string `json:"player"` // the seat, by its holder's name before
	Name   string `json:"name"`
	Email  string `json:"email"`
	Step   int    `json:"step"`
	Reason string `json:"reason"`
}

// Standby is one person on the host's standby list.
type Standby struct {
	Name  string
	Email string
	Since string // when they asked, as stored
}

// StandbyTx puts addr on the host's standby list under name (once: asking
// again changes the name).
func (h *Host) StandbyTx(ctx context.Context, tx *events.Tx, addr, name string) error {
	if err := CheckEmail(addr); err != nil || addr == "" {
		return Errorf(EINVALID, "the standby list takes an email address")
	}
	if err := CheckPlayerName(name); err != nil {
		return Errorf(EINVALID, "field name: %s", err.(*Error).Message)
	}
	_, err := tx.Exec(ctx,
		`INSERT INTO standby (address, name, since) VALUES (?, ?, ?)
		 ON CONFLICT (address) DO UPDATE SET name = excluded.name`,
		strings.ToLower(addr), name, events.SortableTime(h.now()))
	return err
}

// LeaveStandbyTx takes addr off the standby list; it says whether it was on it.
func (h *Host) LeaveStandbyTx(ctx context.Context, tx *events.Tx, addr string) (bool, error) {
	res, err := tx.Exec(ctx, `DELETE FROM standby WHERE address = ?`, strings.ToLower(addr))
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// StandbyListTx is the standby list, first come first.
func (h *Host) StandbyListTx(ctx context.Context, tx *events.Tx) ([]Standby, error) {
	rows, err := tx.Query(ctx, `SELECT name, address, since FROM standby ORDER BY since, address`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Standby
	for rows.Next() {
		var s Standby
		if err := rows.Scan(&s.Name, &s.Email, &s.Since); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// standbyOf is addr's entry on the standby list, or nil.
func standbyOf(ctx context.Context, tx *events.Tx, addr string) (*Standby, error) {
	s := Standby{Email: strings.ToLower(addr)}
	err := tx.QueryRow(ctx, `SELECT name, since FROM standby WHERE address = ?`, s.Email).Scan(&s.Name, &s.Since)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &s, err
}

// callStandby takes the first person on the standby list who may join g
// (not in it already, under a name free in it, let in by its join: list)
// off the list, for a seat of g; nil when there is nobody.
func (h *Host) callStandby(ctx context.Context, tx *events.Tx, g *Game) (*Standby, error) {
	list, err := h.StandbyListTx(ctx, tx)
	if err != nil {
		return nil, err
	}
	for _, s := range list {
		if g.SignUp.EntrantByEmail(s.Email) != nil || g.SignUp.Entrant(s.Name) != nil || !g.Campaign.MayJoin(s.Email) {
			continue
		}
		if h.checkRecord(ctx, g, s.Email, nil) != nil {
			continue
		}
		if _, err := h.LeaveStandbyTx(ctx, tx, s.Email); err != nil {
			return nil, err
		}
		return &s, nil
	}
	return nil, nil
}

// Offered reports whether the seat p holds may be taken by a substitute:
// it is in civil disorder or resigned.
func (p *Player) Offered() bool { return !p.Removed && (p.Disorder || p.Resigned) }

// seatOf finds the seat named by seat: its holder's name, or its number
// in seat order.
func (g *Game) seatOf(seat string) *Player {
	if n, err := strconv.Atoi(seat); err == nil && n >= 1 && n <= len(g.Players) {
		return &g.Players[n-1]
	}
	for i := range g.Players {
		if strings.EqualFold(g.Players[i].Name, seat) {
			return &g.Players[i]
		}
	}
	return nil
}

// TakeResult is what a take did: the seat taken, or asked for.
type TakeResult struct {
	Game    *Game
	Seat    string // the seat's holder before
	Name    string // the newcomer's name in the game
	Pending bool   // waiting for the GM's approval
	Token   string // the newcomer's token, once the seat is theirs
}

// TakeTx is someone on the standby list, from addr, taking the seat seat
// (its holder's name or number) of game: at once, or asked of the GM when
// the campaign says substitutes: approve.
func (h *Host) TakeTx(ctx context.Context, tx *events.Tx, game, seat, addr string) (*TakeResult, error) {
	g, err := h.loadTx(ctx, tx, game)
	if err != nil {
		return nil, err
	}
	switch {
	case g.Forming():
		return nil, Errorf(ECONFLICT, "game %s has not started: join it instead (command: join %s)", g.ID, g.ID)
	case g.Status.Finished:
		return nil, Errorf(ECONFLICT, "game %s is over", g.ID)
	}
	sb, err := standbyOf(ctx, tx, addr)
	if err != nil {
		return nil, err
	}
	if sb == nil {
		return nil, Errorf(EUNAUTHORIZED, "%s is not on the standby list: send command: standby NAME first", addr)
	}
	pl := g.seatOf(seat)
	if pl == nil {
		return nil, Errorf(ENOTFOUND, "game %s has no seat %q; the seats are %s", g.ID, seat, strings.Join(g.Names(), ", "))
	}
	if !pl.Offered() {
		return nil, Errorf(ECONFLICT, "%s's seat in game %s is not free: only a seat in civil disorder or resigned is offered", pl.Name, g.ID)
	}
	for i := range g.Players {
		if other := &g.Players[i]; strings.EqualFold(other.Email, addr) && !other.Removed {
			return nil, Errorf(ECONFLICT, "%s plays in game %s already, as %s", addr, g.ID, other.Name)
		}
		if other := &g.Players[i]; other != pl && strings.EqualFold(other.Name, sb.Name) {
			return nil, Errorf(ECONFLICT, "the name %s is taken in game %s; put yourself on the standby list under another (command: standby NAME)", sb.Name, g.ID)
		}
	}
	if !g.Campaign.MayJoin(addr) {
		return nil, Errorf(EUNAUTHORIZED, "game %s takes players only from %s", g.ID, strings.Join(g.Campaign.Join, ", "))
	}
	if pending := g.asked(pl.Name); pending != nil {
		return nil, Errorf(ECONFLICT, "%s has asked for %s's seat already; the GM decides", pending.Name, pl.Name)
	}
	p := SeatTaken{Player: pl.Name, Name: sb.Name, Email: sb.Email, Step: g.Step, Reason: "taken from the standby list"}
	res := &TakeResult{Game: g, Seat: pl.Name, Name: sb.Name}
	if g.Campaign.Substitutes == SubstitutesApprove {
		res.Pending = true
		return res, h.append(ctx, tx, g, KindTakeAsked, sb.Name, p, nil)
	}
	if res.Token, err = h.hand(ctx, tx, g, KindTaken, sb.Name, p); err != nil {
		return nil, err
	}
	_, err = h.LeaveStandbyTx(ctx, tx, addr)
	return res, err
}

// hand appends the taking of a seat and gives the newcomer a token.
func (h *Host) hand(ctx context.Context, tx *events.Tx, g *Game, kind, actor string, p SeatTaken) (string, error) {
	if err := h.append(ctx, tx, g, kind, actor, p, nil); err != nil {
		return "", err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM credentials WHERE game_id = ? AND player = ?`, g.ID, p.Player); err != nil {
		return "", err
	}
	return setToken(ctx, tx, g.ID, p.Name)
}

// approve is the GM's `approve NAME`: the seat NAME asked for is theirs,
// and their token goes to OnSeated (else to the GM, to hand over).
func (h *Host) approve(ctx context.Context, tx *events.Tx, g *Game, a GMAction, res *GMResult) error {
	if len(a.Args) != 1 {
		return usageError(a.Action, "NAME")
	}
	for _, ask := range g.Asks {
		if strings.EqualFold(ask.Name, a.Args[0]) {
			pl := g.Player(ask.Player)
			if pl == nil || !pl.Offered() {
				return Errorf(ECONFLICT, "%s's seat is no longer free", ask.Player)
			}
			ask.Reason = "approved by the GM: " + a.Reason
			ask.Step = g.Step
			tok, err := h.hand(ctx, tx, g, KindTaken, ActorGM, ask)
			if err != nil {
				return err
			}
			if _, err := h.LeaveStandbyTx(ctx, tx, ask.Email); err != nil {
				return err
			}
			if h.OnSeated == nil {
				res.Token = tok
				return nil
			}
			return h.OnSeated(ctx, tx, g, map[string]string{ask.Name: tok})
		}
	}
	return Errorf(ENOTFOUND, "nobody named %s asks for a seat in game %s", a.Args[0], g.ID)
}

// asked is the pending ask for the seat player holds, or nil.
func (g *Game) asked(player string) *SeatTaken {
	for i := range g.Asks {
		if g.Asks[i].Player == player {
			return &g.Asks[i]
		}
	}
	return nil
}

// applySubstitute applies seat-asked and seat-taken.
func (g *Game) applySubstitute(e events.Event) error {
	var p SeatTaken
	if err := e.Decode(&p); err != nil {
		return err
	}
	pl := g.player(p.Player)
	if pl == nil {
		return fmt.Errorf("no player %q", p.Player)
	}
	if e.Kind == KindTakeAsked {
		g.Asks = append(g.Asks, p)
		g.Notes = append(g.Notes, Note{Step: g.Step, Text: fmt.Sprintf("%s asks to take %s's seat; the GM decides.", p.Name, p.Player), At: e.RecordedAt, By: ActorSystem})
		return nil
	}
	asks := g.Asks[:0:0]
	for _, a := range g.Asks {
		if a.Player != p.Player {
			asks = append(asks, a)
		}
	}
	g.Asks = asks
	g.handOver(pl, p.Name, p.Email, e.Seq)
	pl.Disorder, pl.Missed = false, 0
	g.Notes = append(g.Notes, Note{Step: g.Step, Text: fmt.Sprintf("%s took %s's seat from the standby list, from step %d on.", p.Name, p.Player, g.Step), At: e.RecordedAt, By: e.Actor})
	return nil
}
