package adjudicator

import (
	"context"
	"slices"
	"strings"

	"taipan/events"
)

// Roster is who may mail a game: its seats with their addresses now (after
// any seat handed over), its observers and its GM's address. It is a
// projection of the game's log, made by the same fold as its state.
type Roster struct {
	Game      string
	Seats     []Seat
	Observers []string
	GM        string
}

// Roster is g's roster now.
func (g *Game) Roster() *Roster {
	r := &Roster{Game: g.ID, Observers: g.Campaign.Observers, GM: g.Campaign.GM}
	for _, p := range g.Players {
		r.Seats = append(r.Seats, Seat{Name: p.Name, Email: p.Email})
	}
	return r
}

// Seat returns the seat held by name (case-insensitively), or nil.
func (r *Roster) Seat(name string) *Seat {
	for i := range r.Seats {
		if strings.EqualFold(r.Seats[i].Name, name) {
			return &r.Seats[i]
		}
	}
	return nil
}

// Names lists the seats' holders.
func (r *Roster) Names() []string {
	out := make([]string, len(r.Seats))
	for i, s := range r.Seats {
		out[i] = s.Name
	}
	return out
}

// Knows says whether addr is a player's, an observer's or the GM's.
func (r *Roster) Knows(addr string) bool {
	if addr == "" {
		return false
	}
	return strings.EqualFold(r.GM, addr) || r.Observes(addr) ||
		slices.ContainsFunc(r.Seats, func(s Seat) bool { return strings.EqualFold(s.Email, addr) })
}

// Observes says whether addr is one of the game's observers'.
func (r *Roster) Observes(addr string) bool {
	return addr != "" && slices.ContainsFunc(r.Observers, func(o string) bool { return strings.EqualFold(o, addr) })
}

// The roles of a person in a game, as the games index records them.
const (
	RolePlayer   = "player"
	RoleObserver = "observer"
	RoleGM       = "gm"
)

// Membership is one role of an address in one game, as the games index
// holds it.
type Membership struct {
	Game string
	Role string // RolePlayer, RoleObserver or RoleGM
	Name string // the seat, for a player
}

// writePeople records g's people in the games index, inside tx: every
// address its roster names, with its role.
func writePeople(ctx context.Context, tx *events.Tx, g *Game) error {
	if err := tx.Later(ctx, `DELETE FROM game_people WHERE game_id = ?`, g.ID); err != nil {
		return err
	}
	type person struct{ addr, role, name string }
	var people []person
	r := g.Roster()
	for _, s := range r.Seats {
		if s.Email != "" {
			people = append(people, person{s.Email, RolePlayer, s.Name})
		}
	}
	for _, o := range r.Observers {
		people = append(people, person{o, RoleObserver, ""})
	}
	if r.GM != "" {
		people = append(people, person{r.GM, RoleGM, ""})
	}
	for _, p := range people {
		if err := tx.Later(ctx, `INSERT INTO game_people (game_id, address, role, name) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			g.ID, strings.ToLower(p.addr), p.role, p.name); err != nil {
			return err
		}
	}
	return nil
}

// MembershipsTx lists the roles of addr in every game, by game id, from the
// games index as tx sees it: who plays, observes or is the GM where,
// without reading a log.
func (h *Host) MembershipsTx(ctx context.Context, tx *events.Tx, addr string) ([]Membership, error) {
	if addr == "" {
		return nil, nil
	}
	if err := h.ensureIndexed(ctx); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT game_id, role, name FROM game_people WHERE address = ? ORDER BY game_id, role, name`, strings.ToLower(addr))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Membership
	for rows.Next() {
		var m Membership
		if err := rows.Scan(&m.Game, &m.Role, &m.Name); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// RosterTx is game's roster as the log stands in tx (nil when there is no
// such game), from the Host's replay of it.
func (h *Host) RosterTx(ctx context.Context, tx *events.Tx, game string) (*Roster, error) {
	g, err := h.GameTx(ctx, tx, game)
	if err != nil || g == nil {
		return nil, err
	}
	return g.Roster(), nil
}
