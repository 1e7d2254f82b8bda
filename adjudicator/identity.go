package adjudicator

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"taipan/events"
)

// Identities. A host knows a person across its games by their address: the
// games index's people (game_people) already say who plays where. A person
// may add other addresses (njudge's I AM ALSO): asked from an address the
// host knows, a code is mailed to the new one, and the address is the
// person's once the code comes back from it, so that nobody can claim an
// address that is not theirs, nor hand their games to one. The identities
// table maps each added address to the person's first one.

// codeLife is how long a code to add an address stays good.
const codeLife = 48 * time.Hour

// Person is one player of the host: their addresses (the first, the
// person's own, then those added) and their seats in every game.
type Person struct {
	Address   string
	Addresses []string
	Seats     []Membership
}

// PersonOfTx is the first address of the person addr belongs to (addr
// itself when it was never added to another).
func PersonOfTx(ctx context.Context, tx *events.Tx, addr string) (string, error) {
	addr = strings.ToLower(addr)
	var person string
	err := tx.QueryRow(ctx, `SELECT person FROM identities WHERE address = ?`, addr).Scan(&person)
	if errors.Is(err, sql.ErrNoRows) {
		return addr, nil
	}
	return person, err
}

// AddressesTx are every address of the person addr belongs to, the first
// first.
func AddressesTx(ctx context.Context, tx *events.Tx, addr string) ([]string, error) {
	person, err := PersonOfTx(ctx, tx, addr)
	if err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT address FROM identities WHERE person = ? ORDER BY since, address`, person)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []string{person}
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// AddAddressTx starts adding the address also to the person of addr (who
// must be known to the host: a player of one of its games, or on its
// standby list): it returns the code to mail to also, which confirms it.
func (h *Host) AddAddressTx(ctx context.Context, tx *events.Tx, addr, also string) (string, error) {
	if err := CheckEmail(also); err != nil || also == "" {
		return "", Errorf(EINVALID, "field command: write the address to add, e.g. command: also alice@home.test")
	}
	known, err := h.knownTx(ctx, tx, addr)
	if err != nil {
		return "", err
	}
	if !known {
		return "", Errorf(ENOTFOUND, "%s plays in no game here and is not on the standby list; there is nobody to add an address to", addr)
	}
	person, err := PersonOfTx(ctx, tx, addr)
	if err != nil {
		return "", err
	}
	other, err := PersonOfTx(ctx, tx, also)
	if err != nil {
		return "", err
	}
	if other == person {
		return "", Errorf(ECONFLICT, "%s is one of your addresses already", also)
	}
	if taken, err := h.knownTx(ctx, tx, also); err != nil || taken {
		if err != nil {
			return "", err
		}
		return "", Errorf(ECONFLICT, "%s is known here as a person of its own (it plays, or stands by); an address that has games of its own is not added to another", also)
	}
	code := NewToken()[:12]
	_, err = tx.Exec(ctx, `INSERT INTO identity_codes (address, person, code_hash, expires_at) VALUES (?, ?, ?, ?)`,
		strings.ToLower(also), person, hashToken(code), events.SortableTime(h.now().Add(codeLife)))
	return code, err
}

// ConfirmAddressTx is the code of AddAddressTx coming back from the
// address it was mailed to: that address is the person's from now on. It
// returns the person's first address.
func (h *Host) ConfirmAddressTx(ctx context.Context, tx *events.Tx, addr, code string) (string, error) {
	addr = strings.ToLower(addr)
	var person string
	err := tx.QueryRow(ctx, `SELECT person FROM identity_codes WHERE address = ? AND code_hash = ? AND expires_at > ?`,
		addr, hashToken(strings.TrimSpace(code)), events.SortableTime(h.now())).Scan(&person)
	if errors.Is(err, sql.ErrNoRows) {
		return "", Errorf(EUNAUTHORIZED, "field command: that code is wrong or has expired (codes work %s, from the address they were mailed to)", FormatDuration(codeLife))
	}
	if err != nil {
		return "", err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM identity_codes WHERE address = ?`, addr); err != nil {
		return "", err
	}
	_, err = tx.Exec(ctx, `INSERT INTO identities (address, person, since) VALUES (?, ?, ?) ON CONFLICT (address) DO UPDATE SET person = excluded.person`,
		addr, person, events.SortableTime(h.now()))
	return person, err
}

// knownTx says whether addr plays in a game here (or is its GM or an
// observer) or stands by.
func (h *Host) knownTx(ctx context.Context, tx *events.Tx, addr string) (bool, error) {
	ms, err := h.MembershipsTx(ctx, tx, addr)
	if err != nil || len(ms) > 0 {
		return len(ms) > 0, err
	}
	sb, err := standbyOf(ctx, tx, addr)
	return sb != nil, err
}

// PeopleTx lists the host's players, each with all their addresses and
// their seats in every game (from the games index), by first address.
func (h *Host) PeopleTx(ctx context.Context, tx *events.Tx) ([]Person, error) {
	if err := h.ensureIndexed(ctx); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT p.address, coalesce(i.person, p.address), p.game_id, p.name
		FROM game_people p LEFT JOIN identities i ON i.address = p.address
		WHERE p.role = ? ORDER BY 2, p.game_id, p.name`, RolePlayer)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Person
	for rows.Next() {
		var addr, person string
		var m Membership
		if err := rows.Scan(&addr, &person, &m.Game, &m.Name); err != nil {
			return nil, err
		}
		m.Role = RolePlayer
		if len(out) == 0 || out[len(out)-1].Address != person {
			out = append(out, Person{Address: person})
		}
		p := &out[len(out)-1]
		p.Seats = append(p.Seats, m)
		if !slices.Contains(p.Addresses, addr) {
			p.Addresses = append(p.Addresses, addr)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		all, err := AddressesTx(ctx, tx, out[i].Address)
		if err != nil {
			return nil, err
		}
		out[i].Addresses = all
	}
	return out, nil
}

// PersonTx is one person, found by any of their addresses: every address
// and every seat; nil when the host does not know them.
func (h *Host) PersonTx(ctx context.Context, tx *events.Tx, addr string) (*Person, error) {
	all, err := AddressesTx(ctx, tx, addr)
	if err != nil {
		return nil, err
	}
	p := &Person{Address: all[0], Addresses: all}
	for _, a := range all {
		ms, err := h.MembershipsTx(ctx, tx, a)
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			if m.Role == RolePlayer {
				p.Seats = append(p.Seats, m)
			}
		}
	}
	if len(p.Seats) == 0 {
		return nil, nil
	}
	return p, nil
}
