package mail

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/orders"
)

// Tokens by mail. Only a token's hash is stored, so a token can be mailed
// only when it is made: `taipan new` keeps each new token (in mail_tokens)
// until `taipan serve` mails it to its holder inside the set-up report, or
// on its own if that report has gone already; the row is deleted in the
// transaction that queues the mail, and the outbox keeps the mail without
// the token once it is sent. A player who lost theirs asks for a new one
// with `command: token`, answered only to their address on record.

// QueueTokens keeps a new game's tokens for `taipan serve` to mail: each
// player's that has an address, and the GM's when the campaign names the
// GM's address. It returns the names of those who will get one ("GM" for
// the GM).
func QueueTokens(ctx context.Context, store *events.Store, ng *adjudicator.NewGame) ([]string, error) {
	g := ng.Game
	type holder struct{ player, label string }
	var hs []holder
	for _, p := range g.Players {
		if p.Email != "" && !p.Removed {
			hs = append(hs, holder{p.Name, p.Name})
		}
	}
	if g.Campaign.GM != "" {
		hs = append(hs, holder{"", "GM"})
	}
	var who []string
	err := store.Update(ctx, func(tx *events.Tx) error {
		who = who[:0]
		for _, h := range hs {
			tok := ng.Tokens[h.player]
			if tok == "" {
				continue
			}
			if _, err := tx.Exec(ctx,
				`INSERT INTO mail_tokens (game_id, player, token, created_at) VALUES (?, ?, ?, ?)
				 ON CONFLICT (game_id, player) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`,
				g.ID, h.player, tok, stamp(now(nil))); err != nil {
				return err
			}
			who = append(who, h.label)
		}
		return nil
	})
	return who, err
}

// takeToken takes the token waiting to be mailed to player of game ("" for
// the GM): it returns it ("" if none) and deletes its row, in tx, the
// transaction that queues the mail carrying it.
func takeToken(ctx context.Context, tx *events.Tx, game, player string) (string, error) {
	var tok string
	err := tx.QueryRow(ctx, `DELETE FROM mail_tokens WHERE game_id = ? AND player = ? RETURNING token`, game, player).Scan(&tok)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return tok, err
}

// tokenText tells a holder their token (who is "GM" for the GM's), and
// how to get a new one if it is lost: a player asks by mail; the GM's is
// made anew at the command line only (see gmTokenByMail).
func tokenText(game, who, token, why string) string {
	lost := fmt.Sprintf(`If you lose
it, send a mail with the lines
    game: %s
    player: %s
    command: token
from your address on record: Taipan mails you a code to confirm it with,
and makes a new token when you do (this one works until then).
`, game, who)
	if who == "GM" {
		lost = fmt.Sprintf(`If you lose
it, a new one is made on the machine that runs Taipan, with the command
    %s
which prints the new token once (the old one then stops working). No GM
token is made by mail.
`, gmTokenCommand(game))
	}
	return fmt.Sprintf(`%s

Your token for game %s (%s) is:

    %s

Put it in every order file you send, as the line
    token: %s
Keep it secret: with it, anyone writing from your address could give your
orders. Only its hash is kept, so this mail is its only copy. %s`, why, game, who, token, token, lost)
}

// gmTokenCommand is the command line that makes the GM of game a new token.
func gmTokenCommand(game string) string {
	return fmt.Sprintf(`taipan gm %s token gm --reason "the GM's token was lost"`, game)
}

// withToken is a report with the recipient's token above it, and put into
// the report's example order file.
func withToken(report, game, who, token string) string {
	return tokenText(game, who, token, "Welcome to the game.") + "\n" + strings.ReplaceAll(report, "YOUR-TOKEN", token)
}

// mailTokensTx mails on their own the tokens of g still waiting once its
// set-up report has been dealt with (queued without them before `taipan
// new` stored them, or never sent because a step had closed first).
func (d *Dispatcher) mailTokensTx(ctx context.Context, tx *events.Tx, g *adjudicator.Game) error {
	players, err := column(tx.Query(ctx, `SELECT player FROM mail_tokens WHERE game_id = ?`, g.ID))
	if err != nil {
		return err
	}
	for _, p := range players {
		to, who, key := g.Campaign.GM, "GM", "gm"
		if p != "" {
			pl := g.Player(p)
			if pl == nil {
				to = ""
			} else {
				to, who, key = pl.Email, pl.Name, playerKey(pl.Name)
			}
		}
		tok, err := takeToken(ctx, tx, g.ID, p)
		if err != nil || tok == "" || to == "" {
			// A seat handed on, or an address gone: the token is of no use.
			if err != nil {
				return err
			}
			continue
		}
		dr := &Draft{Game: g.ID, Kind: KindToken, Step: -1, To: to,
			Subject:   gameSubject(g.ID, "your token"),
			Body:      tokenText(g.ID, who, tok, "The GM has started the game; here is your token."),
			MessageID: newID(d.Domain, KindToken, g.ID, key, tok[:8]), InReplyTo: threadRoot(d.Domain, g.ID, key),
			Secrets: []string{tok}}
		if _, err := d.Outbox.Enqueue(ctx, tx, dr); err != nil {
			return err
		}
	}
	return nil
}

// A new token by mail. Anyone can write a player's address in a From line,
// so a token is never made anew on the word of a mail alone: that would
// let anyone kill a player's token, and their web sessions, at will, and
// keep their mail refused. `command: token` from the address on record
// makes nothing but a code, mailed only to that address; the player's
// token, and their sessions, keep working. A mail from the address on
// record that gives the code back, `command: token CODE`, proves that its
// sender reads that mailbox: only then is the new token made, the old one
// ending, and mailed there. Codes are kept hashed (mail_token_codes) and
// work once, for TokenCodeTTL; several may wait at once, so that a flood of
// requests in a player's name cannot void the code the player holds (and
// how many go out is bounded by the limits on answers).

// TokenCodeTTL is how long the code that confirms a new token works.
const TokenCodeTTL = 72 * time.Hour

// tokenCommand answers `command: token`: a code to confirm the request,
// mailed to the address on record; and `command: token CODE`, with that
// code, from that address: a new token, mailed there.
func (in *Ingester) tokenCommand(ctx context.Context, tx *events.Tx, m *Inbound, env *orders.Envelope, seat *adjudicator.Seat, roster *adjudicator.Roster, res *Result, refuse refuser) (*Result, error) {
	subject := func(what string) string { return gameSubject(env.Game, what) }
	if seat.Email == "" || !strings.EqualFold(seat.Email, m.From) {
		return refuse(roster, subject("token refused"),
			fmt.Sprintf("field player: a new token for %s is made only when asked from %s's address on record, and mailed only there; this mail comes from %s", seat.Name, seat.Name, m.From), nil)
	}
	switch len(env.Args) {
	case 0:
		return in.askToken(ctx, tx, m, env, seat, res)
	case 1:
		return in.confirmToken(ctx, tx, m, env, seat, roster, res, refuse, env.Args[0])
	}
	return refuse(roster, subject("token refused"), "field command: write command: token to ask for a new token, or command: token CODE with the code Taipan mailed you", nil)
}

// askToken mails the address on record a code to confirm a new token.
func (in *Ingester) askToken(ctx context.Context, tx *events.Tx, m *Inbound, env *orders.Envelope, seat *adjudicator.Seat, res *Result) (*Result, error) {
	// Check the limits first: a code kept but held back would be lost.
	v, err := in.judge(ctx, tx, KindReply, seat.Email, m.From, false)
	if err != nil {
		return nil, err
	}
	if v != answerSend {
		res.Outcome, res.Reason = Rejected, "asked for a new token; no code mailed: too many answers to this address this hour"
		_, err := in.answer(ctx, tx, m, KindReply, seat.Email, "asked for a new token: no code mailed (too many mails this hour); ask again later", func() (*Draft, error) {
			return nil, errors.New("mail: a token answer judged twice apart") // judge is the same within tx
		})
		return res, err
	}
	now := in.now()
	if _, err := tx.Exec(ctx, `DELETE FROM mail_token_codes WHERE expires_at < ?`, events.SortableTime(now)); err != nil {
		return nil, err
	}
	code := adjudicator.NewToken()
	if _, err := tx.Exec(ctx, `INSERT INTO mail_token_codes (game_id, player, code_hash, asked_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		env.Game, seat.Name, codeHash(code), stamp(now), events.SortableTime(now.Add(TokenCodeTTL))); err != nil {
		return nil, err
	}
	res.Outcome, res.Reason = Command, "token: a code to confirm it mailed to "+seat.Email+"; the token is unchanged"
	body := fmt.Sprintf(`A mail from this address asked for a new token for %s in game %s.
Anyone can write an address in a From line, so nothing has changed yet:
your token, and your sessions on the web site, keep working.

To get a new token (the one you have then stops working), send a mail
from this address holding these lines, within %s:

    game: %s
    player: %s
    command: token %s

The new token is mailed here. If you did not ask for one, ignore this mail.
`, seat.Name, env.Game, adjudicator.FormatDuration(TokenCodeTTL), env.Game, seat.Name, code)
	_, err = in.answer(ctx, tx, m, KindReply, seat.Email, "asked for a new token", func() (*Draft, error) {
		d := in.replyDraft(m, env.Game, KindReply, gameSubject(env.Game, "confirm your new token"), body)
		d.To, d.Secrets = seat.Email, []string{code}
		return d, nil
	})
	return res, err
}

// confirmToken makes the new token once the code mailed to the address on
// record comes back from it.
func (in *Ingester) confirmToken(ctx context.Context, tx *events.Tx, m *Inbound, env *orders.Envelope, seat *adjudicator.Seat, roster *adjudicator.Roster, res *Result, refuse refuser, code string) (*Result, error) {
	subject := func(what string) string { return gameSubject(env.Game, what) }
	r, err := tx.Exec(ctx, `DELETE FROM mail_token_codes WHERE game_id = ? AND player = ? AND code_hash = ? AND expires_at >= ?`,
		env.Game, seat.Name, codeHash(code), events.SortableTime(in.now()))
	if err != nil {
		return nil, err
	}
	if n, _ := r.RowsAffected(); n == 0 {
		return refuse(roster, subject("token refused"), fmt.Sprintf("field command: that code is not one Taipan mailed for %s in game %s, or it has been used or has expired; your token is unchanged. Send command: token for a new code", seat.Name, env.Game), nil)
	}
	// The code went only to this mailbox: the mail is authentic, and the
	// new token it is owed goes whatever the limits on answers.
	m.authentic = true
	var token string
	refused, err := in.savepoint(ctx, tx, env.Game, true, func() (err error) {
		_, token, err = in.Host.RequestTokenTx(ctx, tx, env.Game, seat.Name)
		return err
	})
	if err != nil {
		return nil, err
	}
	if refused != nil {
		lines := errLines(refused)
		return refuse(roster, subject("token refused"), lines[0], lines[1:])
	}
	if _, err := tx.Exec(ctx, `DELETE FROM mail_token_codes WHERE game_id = ? AND player = ?`, env.Game, seat.Name); err != nil {
		return nil, err
	}
	body := tokenText(env.Game, seat.Name, token, "You asked for a new token and confirmed it: here it is. The one you had no\nlonger works, nor do the web sessions made with it.")
	res.Outcome, res.Reason = Command, "token: confirmed; a new token mailed to "+seat.Email
	_, err = in.answer(ctx, tx, m, KindReply, seat.Email, "a new token", func() (*Draft, error) {
		d := in.replyDraft(m, env.Game, KindReply, subject("your new token"), body)
		d.To, d.Secrets = seat.Email, []string{token}
		return d, nil
	})
	return res, err
}

// codeHash is how a token code is kept: its SHA-256, in hex.
func codeHash(code string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(code))))
	return hex.EncodeToString(sum[:])
}
