package adjudicator

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"slices"
	"time"

	"taipan/events"
)

// Grey press names its sender to nobody but the GM. Its payload, which
// names the sender, is withheld from the public export; but were it logged
// when it is sent, its place and time in the log would name the sender all
// the same: a grey message logged a millisecond before bob's orders, sent
// in the same mail, is bob's. So grey press is not logged when it is sent.
// It is held (table grey_press) until the open step closes, and then the
// step's grey press is logged, and relayed, together: in the transaction
// of the close, just before its step-closed event, at the close's time, in
// an order given by the messages' content alone. Neither its place nor its
// time then says anything of who sent it, or when.
//
// The log is still the truth: once logged, a grey message is an event like
// any other, its sender inside its payload (so that the GM's reports, and
// the sender's own, say who sent it), under the event's salted commitment.
// The public export withholds that payload, and its salt, for good (unless
// the campaign says grey_senders: revealed): the chain still checks, and
// since press changes no state or digest, the audit of the public export
// replays the game without it.

// Grey senders settings of a campaign: what the public export shows of
// grey press once the game is over.
const (
	GreyWithheld = "withheld" // the default: never the payload, so never the sender
	GreyRevealed = "revealed" // the whole log, grey senders included
)

// holdGrey keeps a grey message, as its event's payload will hold it,
// until the open step closes.
func holdGrey(ctx context.Context, tx *events.Tx, game string, p PressPayload, at time.Time) error {
	b, err := events.Canonical(p)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO grey_press (game_id, payload, held_at) VALUES (?, ?, ?)`,
		game, string(b), events.SortableTime(at))
	return err
}

// heldGrey reads the grey press held for game, in the order it is logged
// in: by the SHA-256 of each message's recipients and text, then of its
// whole payload, so that neither who sent it nor when it came decides
// where it stands.
func heldGrey(ctx context.Context, tx *events.Tx, game string) (ids []int64, ps []PressPayload, err error) {
	rows, err := tx.Query(ctx, `SELECT id, payload FROM grey_press WHERE game_id = ?`, game)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	type held struct {
		id       int64
		p        PressPayload
		key, all [32]byte
	}
	var hs []held
	for rows.Next() {
		var h held
		var payload string
		if err := rows.Scan(&h.id, &payload); err != nil {
			return nil, nil, err
		}
		if err := json.Unmarshal([]byte(payload), &h.p); err != nil {
			return nil, nil, err
		}
		content, err := events.Canonical(struct {
			To   []string `json:"to"`
			Text string   `json:"text"`
		}{h.p.To, h.p.Text})
		if err != nil {
			return nil, nil, err
		}
		h.key, h.all = sha256.Sum256(content), sha256.Sum256([]byte(payload))
		hs = append(hs, h)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	slices.SortFunc(hs, func(a, b held) int {
		if c := bytes.Compare(a.key[:], b.key[:]); c != 0 {
			return c
		}
		return bytes.Compare(a.all[:], b.all[:])
	})
	for _, h := range hs {
		ids, ps = append(ids, h.id), append(ps, h.p)
	}
	return ids, ps, nil
}

// releaseGrey logs the grey press held for g, at the time of the close
// about to be appended, and applies it to g, so that the step's record
// and reports hold it; the rows are deleted in the same transaction.
func (h *Host) releaseGrey(ctx context.Context, tx *events.Tx, g *Game, at time.Time, out *[]events.Event) error {
	if g.pressMode() != PressGrey {
		// Only a game with grey press holds any (its campaign, which
		// says so, never changes): nothing to read.
		return nil
	}
	ids, ps, err := heldGrey(ctx, tx, g.ID)
	if err != nil || len(ps) == 0 {
		return err
	}
	for i, p := range ps {
		p.Step = g.Step // the step it is logged in, whichever it was sent in (a rollback may lie between)
		e, err := tx.Append(ctx, g.ID, KindPress, ActorSystem, p, at)
		if err != nil {
			return err
		}
		if err := g.apply(e); err != nil {
			return err
		}
		if out != nil {
			*out = append(*out, e)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM grey_press WHERE id = ?`, ids[i]); err != nil {
			return err
		}
	}
	return nil
}

// greyPress reports whether a press event is grey press (its payload
// present).
func greyPress(e events.Event) bool {
	var p PressPayload
	return e.Kind == KindPress && !e.Redacted() && e.Decode(&p) == nil && p.Grey
}
