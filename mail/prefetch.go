package mail

import (
	"context"
	"fmt"
	"strconv"

	"taipan/adjudicator"
	"taipan/events"
)

// prefetch locks the games of a batch's mails on PostgreSQL and reads what
// taking the mails in reads of them, for all of them in one round trip
// (Tx.LockGames): their heads, the gateway's marks, the files counted from
// their open steps, and their credentials. Without it each game would cost
// a few round trips of its own. A mail that finds nothing read of its game
// (one not locked here, or after a savepoint rolled back) reads it then.
// SQLite, in the process, reads each when needed.
func (in *Ingester) prefetch(ctx context.Context, tx *events.Tx, games []string) error {
	if in.Host.Store.Backend() != "postgres" || len(games) == 0 {
		return nil
	}
	marks := map[string]*gameMarks{}
	files := map[string]*stepFiles{}
	for _, g := range games {
		marks[g] = &gameMarks{game: g, v: map[string]int64{}}
	}
	err := tx.LockGames(ctx, games,
		events.Read{
			Query: `SELECT game_id, mark, value FROM mail_marks WHERE game_id = ANY(?::text[])`,
			Args:  []any{games},
			Row: func(scan func(...any) error) error {
				var game, mark, text string
				if err := scan(&game, &mark, &text); err != nil {
					return err
				}
				v, err := strconv.ParseInt(text, 10, 64)
				if err != nil {
					return fmt.Errorf("mail mark %s of %s: %q", mark, game, text)
				}
				if m := marks[game]; m != nil {
					m.v[mark] = v
				}
				return nil
			},
		},
		events.Read{
			// The files of each game's open step (as its index row
			// says) and after; a game without one reads them itself.
			Query: `SELECT g.game_id, g.step, COALESCE(f.player, ''), COALESCE(f.step, -1), COALESCE(f.files, 0)
				FROM games g LEFT JOIN mail_files f ON f.game_id = g.game_id AND f.step >= g.step
				WHERE g.game_id = ANY(?::text[])`,
			Args: []any{games},
			Row: func(scan func(...any) error) error {
				var game string
				var from int
				var k fileKey
				var n int
				if err := scan(&game, &from, &k.player, &k.step, &n); err != nil {
					return err
				}
				f := files[game]
				if f == nil {
					f = &stepFiles{from: from, n: map[fileKey]int{}}
					files[game] = f
				}
				if k.step >= 0 {
					f.n[k] = n
				}
				return nil
			},
		},
		adjudicator.CredentialsRead(tx, games))
	if err != nil {
		return err
	}
	for g, m := range marks {
		tx.SetRead(marksKey{g}, m)
	}
	for g, f := range files {
		tx.SetRead(filesKey{g}, f)
	}
	return nil
}
