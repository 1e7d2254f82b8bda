package mail

import (
	"context"
	"fmt"
	"strings"
	"time"

	"taipan/events"
)

// gmDigestEvery is how often a game's GM gets the digest of its refusals.
const gmDigestEvery = 24 * time.Hour

// maxGMDigestLines is the most refusals one GM digest lists.
const maxGMDigestLines = 200

// GMDigests mails each game's GM (the campaign's gm: address) the mail for
// the game that Taipan refused or ignored, once a day, when there was any.
// The first digest of a game covers the day before it. It returns how many
// digests it queued.
func (in *Ingester) GMDigests(ctx context.Context) (int, error) {
	at := in.now()
	games, err := column(in.Host.Store.Query(ctx,
		`SELECT DISTINCT game_id FROM inbox WHERE game_id != '' AND outcome IN (?, ?) AND received_at >= ?`,
		string(Rejected), string(Ignored), stamp(at.Add(-gmDigestEvery))))
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, game := range games {
		err := in.Host.Store.Update(ctx, func(tx *events.Tx) error {
			// One worker at a time reads and moves the game's mark.
			if err := tx.LockGame(ctx, game); err != nil {
				return err
			}
			last, known, err := markOf(ctx, tx, game, "gm-digest")
			if err != nil {
				return err
			}
			since := at.Add(-gmDigestEvery)
			if known {
				if since = time.Unix(0, last).UTC(); at.Sub(since) < gmDigestEvery {
					return nil
				}
			}
			ok, err := in.gmDigestTx(ctx, tx, game, since, at)
			if ok {
				queued++
			}
			if err != nil {
				return err
			}
			return setMark(ctx, tx, game, "gm-digest", at.UnixNano())
		})
		if err != nil {
			return queued, fmt.Errorf("game %s: %w", game, err)
		}
	}
	return queued, nil
}

// gmDigestTx queues game's digest of the refusals after since and up to
// at, if it has a GM and there were any.
func (in *Ingester) gmDigestTx(ctx context.Context, tx *events.Tx, game string, since, at time.Time) (bool, error) {
	roster, err := in.Host.RosterTx(ctx, tx, game)
	if err != nil || roster == nil || roster.GM == "" {
		return false, err
	}
	rows, err := tx.Query(ctx,
		`SELECT received_at, sender, outcome, reason FROM inbox
		 WHERE game_id = ? AND outcome IN (?, ?) AND received_at > ? AND received_at <= ? ORDER BY received_at`,
		game, string(Rejected), string(Ignored), stamp(since), stamp(at))
	if err != nil {
		return false, err
	}
	var lines []string
	for rows.Next() {
		var when, sender, outcome, reason string
		if err := rows.Scan(&when, &sender, &outcome, &reason); err != nil {
			rows.Close()
			return false, err
		}
		if t, err := time.Parse(time.RFC3339Nano, when); err == nil {
			when = t.UTC().Format("02 Jan 15:04")
		}
		if sender == "" {
			sender = "(no sender)"
		}
		verb := "refused"
		if outcome == string(Ignored) {
			verb = "ignored"
		}
		lines = append(lines, fmt.Sprintf("%s  %s  %s: %s", when, sender, verb, oneLineText(reason, 300)))
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(lines) == 0 {
		return false, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Mail for game %s that Taipan refused or ignored since %s (times in UTC):\n\n",
		game, since.Format("Mon 02 Jan 2006 15:04"))
	writeLines(&b, lines, maxGMDigestLines)
	b.WriteString("\nPlayers are answered within the limits on answers; strangers and automatic\nmail are never answered. Nothing refused changed the game.\n")
	d := &Draft{Game: game, Kind: KindGMDigest, Step: -1, To: roster.GM,
		Subject:   gameSubject(game, fmt.Sprintf("refusals of the last day (%d)", len(lines))),
		Body:      b.String(),
		MessageID: newID(domainOf(in.Address), KindGMDigest, game, stamp(at)),
		InReplyTo: threadRoot(domainOf(in.Address), game, "gm")}
	return in.Outbox.Enqueue(ctx, tx, d)
}
