package mail

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"taipan/adjudicator"
	"taipan/events"
)

// Answers. Whatever Taipan sends back because a mail came in —
// acknowledgements, refusals, command replies, warnings — goes through
// Ingester.answer, which keeps a public address from being turned into a
// weapon against a third party, or into half of a mail loop. The limits
// below are on what anyone can cause, with any From: an answer to the
// sender of an authentic mail (the right token from the right address; see
// Inbound.authentic) is owed, and always sent, never counted, so that
// nobody can silence a player by flooding Taipan in the player's name:
//
//   - At most Limits.AnswersPerHour answers go to one address in one clock
//     hour, and at most as many are caused by the mail of one sender (a
//     stranger using a player's token causes warnings to that player and
//     to the GM). Past that, each answer is held back as one line, and the
//     lines go out together, in one digest per address, once the hour is
//     over. Acknowledgements are not counted: accepted files are limited
//     per player and step instead (Limits.FilesPerStep).
//   - After Limits.QuietAfter refusals in a row to one address with no
//     accepted file in between (a forged sender, or an auto-responder that
//     does not say it is one), that address gets no refusal at all for
//     Limits.QuietFor. A file accepted from it ends the run.
//
// The counts live in the database (mail_rate, mail_senders, mail_held), so
// that they hold across restarts and across two processes.

// verdict is what becomes of an answer.
type verdict int

const (
	answerSend verdict = iota // queued
	answerHold                // over the hourly limit: a line of the next digest
	answerDrop                // a refusal to a quiet address: nothing
)

// hourOf is the clock hour an answer counts in.
func hourOf(t time.Time) string { return t.UTC().Format("2006-01-02T15") }

// judge decides whether an answer of kind, to the address to, caused by
// the mail of sender, may be sent now. An owed answer always may.
func (in *Ingester) judge(ctx context.Context, tx *events.Tx, kind, to, sender string, owed bool) (verdict, error) {
	if owed {
		return answerSend, nil
	}
	to, sender = strings.ToLower(to), strings.ToLower(sender)
	now := in.now()
	if kind == KindReject {
		var quiet string
		err := tx.QueryRow(ctx, `SELECT quiet_until FROM mail_senders WHERE address = ?`, to).Scan(&quiet)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return 0, err
		}
		if quiet > stamp(now) {
			return answerDrop, nil
		}
	}
	if kind == KindAck {
		return answerSend, nil
	}
	var answers, caused int
	hour := hourOf(now)
	err := tx.QueryRow(ctx,
		`SELECT coalesce((SELECT answers FROM mail_rate WHERE address = ? AND hour = ?), 0),
		        coalesce((SELECT caused FROM mail_rate WHERE address = ? AND hour = ?), 0)`,
		to, hour, sender, hour).Scan(&answers, &caused)
	if err != nil {
		return 0, err
	}
	if limit := in.Limits.answersPerHour(); answers >= limit || caused >= limit {
		return answerHold, nil
	}
	return answerSend, nil
}

func (l Limits) answersPerHour() int {
	if l.AnswersPerHour > 0 {
		return l.AnswersPerHour
	}
	return DefaultAnswersPerHour
}

// answer sends, holds or drops an answer of kind to the address to, caused
// by the mail m, as the limits say: an answer to the sender of an authentic
// mail is owed, sent whatever the limits and counted against none. compose
// makes the draft, and is called only when the answer is sent; what says
// what it was, for a digest. It returns the verdict.
func (in *Ingester) answer(ctx context.Context, tx *events.Tx, m *Inbound, kind, to, what string, compose func() (*Draft, error)) (verdict, error) {
	sender := m.From
	owed := m.owed(to)
	v, err := in.judge(ctx, tx, kind, to, sender, owed)
	if err != nil || v == answerDrop {
		return v, err
	}
	var quietNote string
	if kind == KindReject && !owed {
		if quietNote, err = in.refused(ctx, tx, to); err != nil {
			return v, err
		}
	}
	if v == answerHold {
		_, err := tx.Exec(ctx, `INSERT INTO mail_held (recipient, line, held_at) VALUES (?, ?, ?)`,
			strings.ToLower(to), oneLineText(heldLine(m, in.now(), what), 300), stamp(in.now()))
		return v, err
	}
	d, err := compose()
	if err != nil {
		return v, err
	}
	if quietNote != "" {
		d.Body += "\n" + quietNote + "\n"
	}
	// No answer repeats a secret of the mail it answers, wherever the
	// mail's file had it (a comment, a misspelt key, an order's value).
	d.Body = hideSecrets(d.Body, m)
	if kind == KindAck || owed {
		// Counted against no limit: whether it was new does not matter.
		return v, in.Outbox.EnqueueLater(ctx, tx, d)
	}
	queued, err := in.Outbox.Enqueue(ctx, tx, d)
	if err != nil || !queued {
		return v, err
	}
	return v, in.count(ctx, tx, to, sender)
}

// owed says whether an answer to the address to is owed to m: m is
// authentic, and to is its sender.
func (m *Inbound) owed(to string) bool { return m.authentic && strings.EqualFold(to, m.From) }

// count records an answer sent against both limits.
func (in *Ingester) count(ctx context.Context, tx *events.Tx, to, sender string) error {
	to, sender = strings.ToLower(to), strings.ToLower(sender)
	hour := hourOf(in.now())
	if to == sender {
		_, err := tx.Exec(ctx, `INSERT INTO mail_rate (address, hour, answers, caused) VALUES (?, ?, 1, 1)
			ON CONFLICT (address, hour) DO UPDATE SET answers = mail_rate.answers + 1, caused = mail_rate.caused + 1`, to, hour)
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO mail_rate (address, hour, answers) VALUES (?, ?, 1)
		ON CONFLICT (address, hour) DO UPDATE SET answers = mail_rate.answers + 1`, to, hour); err != nil {
		return err
	}
	if sender == "" {
		return nil
	}
	_, err := tx.Exec(ctx, `INSERT INTO mail_rate (address, hour, caused) VALUES (?, ?, 1)
		ON CONFLICT (address, hour) DO UPDATE SET caused = mail_rate.caused + 1`, sender, hour)
	return err
}

// refused counts a refusal to addr. When it is the one that makes addr
// quiet, it returns the note that says so, for the refusal itself.
func (in *Ingester) refused(ctx context.Context, tx *events.Tx, addr string) (string, error) {
	addr = strings.ToLower(addr)
	var n int
	err := tx.QueryRow(ctx, `INSERT INTO mail_senders (address, refusals) VALUES (?, 1)
		ON CONFLICT (address) DO UPDATE SET refusals = mail_senders.refusals + 1 RETURNING refusals`, addr).Scan(&n)
	if err != nil {
		return "", err
	}
	if n < in.Limits.quietAfter() {
		return "", nil
	}
	until := in.now().Add(in.Limits.quietFor())
	if _, err := tx.Exec(ctx, `UPDATE mail_senders SET refusals = 0, quiet_until = ? WHERE address = ?`, stamp(until), addr); err != nil {
		return "", err
	}
	return fmt.Sprintf("This is the %d%s refusal in a row to this address, with no file accepted from it:\nuntil %s Taipan sends it no more refusals but those owed to mail with\nthe player's token (an accepted order file ends this).",
		n, ordinal(n), until.Format("Mon 02 Jan 2006 15:04 UTC")), nil
}

func (l Limits) quietAfter() int {
	if l.QuietAfter > 0 {
		return l.QuietAfter
	}
	return DefaultQuietAfter
}

func (l Limits) quietFor() time.Duration {
	if l.QuietFor > 0 {
		return time.Duration(l.QuietFor)
	}
	return DefaultQuietFor
}

// ordinal is the English suffix of n: st, nd, rd, th.
func ordinal(n int) string {
	if n%100 >= 11 && n%100 <= 13 {
		return "th"
	}
	switch n % 10 {
	case 1:
		return "st"
	case 2:
		return "nd"
	case 3:
		return "rd"
	}
	return "th"
}

// welcome ends addr's run of refusals: a file or command was accepted from
// it.
func (in *Ingester) welcome(ctx context.Context, tx *events.Tx, addr string) error {
	return tx.Later(ctx, `DELETE FROM mail_senders WHERE address = ?`, strings.ToLower(addr))
}

// heldLine is how a held answer to m reads in the digest.
func heldLine(m *Inbound, at time.Time, what string) string {
	subject := m.Subject
	if subject == "" {
		subject = "(no subject)"
	}
	return fmt.Sprintf("%s  %q: %s", at.Format("02 Jan 15:04"), oneLineText(subject, 60), what)
}

// maxDigestLines is the most held answers one digest lists.
const maxDigestLines = 100

// SendDigests queues, for each address with answers held back in an hour
// that is over, one digest of them. It returns how many it queued.
func (in *Ingester) SendDigests(ctx context.Context) (int, error) {
	now := in.now()
	before := stamp(now.Truncate(time.Hour))
	queued := 0
	err := in.Host.Store.Update(ctx, func(tx *events.Tx) error {
		queued = 0
		recipients, err := column(tx.Query(ctx, `SELECT DISTINCT recipient FROM mail_held WHERE digest IS NULL AND held_at < ? ORDER BY recipient`, before))
		if err != nil {
			return err
		}
		for _, to := range recipients {
			// The lines are claimed with the update that marks them, so
			// that two workers never put one line in two digests: the
			// second waits for the first and finds them taken.
			claim := newID(domainOf(in.Address), KindDigest, to, before, "claim")
			rows, err := tx.Query(ctx, `UPDATE mail_held SET digest = ? WHERE recipient = ? AND digest IS NULL AND held_at < ? RETURNING id, line`, claim, to, before)
			if err != nil {
				return err
			}
			type held struct {
				id   int64
				line string
			}
			var lines []held
			for rows.Next() {
				var h held
				if err := rows.Scan(&h.id, &h.line); err != nil {
					rows.Close()
					return err
				}
				lines = append(lines, h)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			if len(lines) == 0 {
				continue
			}
			slices.SortFunc(lines, func(a, b held) int { return int(a.id - b.id) })
			text := make([]string, len(lines))
			for i, h := range lines {
				text[i] = h.line
			}
			// Named by its first line too: lines held late in the hour and
			// claimed by a second look make a digest of their own.
			id := newID(domainOf(in.Address), KindDigest, to, before, strconv.FormatInt(lines[0].id, 10))
			d := &Draft{Kind: KindDigest, Step: -1, To: to, MessageID: id,
				Subject: "[taipan] mail of yours answered in one digest", Body: in.digestText(text)}
			ok, err := in.Outbox.Enqueue(ctx, tx, d)
			if err != nil {
				return err
			}
			if ok {
				queued++
			}
			if _, err := tx.Exec(ctx, `UPDATE mail_held SET digest = ? WHERE digest = ?`, id, claim); err != nil {
				return err
			}
		}
		return nil
	})
	return queued, err
}

func (in *Ingester) digestText(lines []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Taipan sends at most %d answers an hour to one address (and for the mail of\none sender). These mails were not answered one by one (times in UTC):\n\n", in.Limits.answersPerHour())
	writeLines(&b, lines, maxDigestLines)
	b.WriteString("\nA refused mail changed nothing. Orders accepted are in the game's log:\n`command: status` tells you where your game stands.\n")
	return b.String()
}

// note is what the log adds about an answer not sent.
func (v verdict) note() string {
	switch v {
	case answerHold:
		return " (answer held for the hourly digest)"
	case answerDrop:
		return " (not answered: too many refusals in a row to this address)"
	}
	return ""
}

// countFile counts an order file accepted by mail from player for step,
// and refuses it (undoing it, as a refusal inside the submission's
// savepoint) when it is one more than Limits.FilesPerStep.
func (in *Ingester) countFile(ctx context.Context, tx *events.Tx, game, player string, step int) error {
	limit := in.Limits.FilesPerStep
	if limit <= 0 {
		limit = DefaultFilesPerStep
	}
	within, err := countedFile(ctx, tx, game, player, step, limit)
	if err != nil || within {
		return err
	}
	// The file came with the player's token from the player's address:
	// its refusal is owed an answer like any other (see answer).
	return adjudicator.Errorf(adjudicator.ECONFLICT,
		"Taipan takes at most %d order files by mail from one player for one step, and has taken %d from %s for step %d of %s; the last one accepted stands (the GM can submit at the command line)",
		limit, limit, player, step, game)
}

// writeLines writes lines indented, at most max of them, and how many more
// there were.
func writeLines(b *strings.Builder, lines []string, max int) {
	for i, l := range lines {
		if i == max {
			fmt.Fprintf(b, "  … and %d more.\n", len(lines)-i)
			return
		}
		b.WriteString("  " + l + "\n")
	}
}

// column reads the one text column of rows, and closes them.
func column(rows *sql.Rows, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// countedFile counts a file of player for step of game unless it is over
// limit, and says whether it was within. While tx holds the game the
// counts of its open step and those after it are read once, with the
// first file (every file of a batch closes a step in a game of turns,
// which would cost a read each) and counted from there, written with the
// transaction's next statement.
func countedFile(ctx context.Context, tx *events.Tx, game, player string, step, limit int) (bool, error) {
	files, _ := tx.Local(filesKey{game}).(*stepFiles)
	if files == nil || step < files.from || !tx.Holds(game) {
		if !tx.Holds(game) {
			// One statement counts the file (within the limit).
			res, err := tx.Exec(ctx, `INSERT INTO mail_files (game_id, player, step, files) VALUES (?, ?, ?, 1)
				ON CONFLICT (game_id, player, step) DO UPDATE SET files = mail_files.files + 1 WHERE mail_files.files < ?`, game, player, step, limit)
			if err != nil {
				return false, err
			}
			n, _ := res.RowsAffected()
			return n == 1, nil
		}
		var err error
		if files, err = readFiles(ctx, tx, game, step); err != nil {
			return false, err
		}
		tx.SetRead(filesKey{game}, files)
	}
	key := fileKey{player, step}
	if files.n[key] >= limit {
		return false, nil
	}
	files.n[key]++
	return true, tx.Later(ctx, `INSERT INTO mail_files (game_id, player, step, files) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id, player, step) DO UPDATE SET files = excluded.files`, game, player, step, files.n[key])
}

// stepFiles are the order files counted in a game for each player and
// step from one on.
type stepFiles struct {
	from int
	n    map[fileKey]int
}

type fileKey struct {
	player string
	step   int
}

// filesKey keys a game's stepFiles in a transaction holding it.
type filesKey struct{ game string }

// readFiles reads the counts of game's files for step and the steps after.
func readFiles(ctx context.Context, tx *events.Tx, game string, step int) (*stepFiles, error) {
	rows, err := tx.Query(ctx, `SELECT player, step, files FROM mail_files WHERE game_id = ? AND step >= ?`, game, step)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	files := &stepFiles{from: step, n: map[fileKey]int{}}
	for rows.Next() {
		var k fileKey
		var n int
		if err := rows.Scan(&k.player, &k.step, &n); err != nil {
			return nil, err
		}
		files.n[k] = n
	}
	return files, rows.Err()
}
