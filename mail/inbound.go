package mail

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"strings"
	"time"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/orders"
)

// Outcome is what became of a received mail; it decides the folder the mail
// is filed in.
type Outcome string

// Outcomes.
const (
	Accepted Outcome = "accepted" // orders appended
	Command  Outcome = "command"  // a mail command answered
	Rejected Outcome = "rejected" // refused, with a reply when the sender is known
	Ignored  Outcome = "ignored"  // automatic mail or a stranger's: no reply
)

// Folder is the IMAP folder (or Maildir folder) for the outcome.
func (o Outcome) Folder() string {
	if o == Accepted || o == Command {
		return "Processed"
	}
	return "Rejected"
}

// Result is what Ingest did with one mail.
type Result struct {
	MessageID string
	Outcome   Outcome
	Duplicate bool   // the mail had been taken in before; nothing was done again
	Game      string // the game it was for, when known
	Reason    string // why it was refused or ignored, in full, for the log (never a token)
	Closed    []int  // steps its orders closed
	// Skipped says the mail was not looked at: another worker was taking
	// it in, or a mail of its game before it. Leave it where it is.
	Skipped bool
	// Recorded is when a duplicate was first taken in.
	Recorded time.Time
}

// Ingester takes received mail in: it reads it, authenticates it, applies it
// and queues the replies, all in one transaction with the mail's Message-ID.
type Ingester struct {
	Host       *adjudicator.Host
	Renderer   *adjudicator.Renderer
	Outbox     *Outbox
	Dispatcher *Dispatcher
	Address    string // Taipan's own address: mail from it is a loop
	Limits     Limits
	// Auth, when set, refuses unanswered the mail whose From the receiving
	// server did not authenticate.
	Auth *AuthCheck
	Log  *log.Logger // nil: no logging

}

func (in *Ingester) now() time.Time { return now(in.Host.Now) }

// logf logs to l, if there is one.
func logf(l *log.Logger, format string, args ...any) {
	if l != nil {
		l.Printf(format, args...)
	}
}

// gameSubject is the subject of a mail about game.
func gameSubject(game, what string) string { return fmt.Sprintf("[%s] %s", game, what) }

// maxSize is the largest mail taken in whole.
func (in *Ingester) maxSize() int64 {
	if in.Limits.MaxMessageSize > 0 {
		return int64(in.Limits.MaxMessageSize)
	}
	return DefaultMaxMessageSize
}

// Read reads a received message of size bytes. raw is the whole message or,
// for a mail over the size limit, at least its header (all an IMAP server is
// asked for): such a mail is refused as too big. Read never fails: a mail
// whose header cannot be read is taken as automatic mail, never answered.
func (in *Ingester) Read(raw []byte, size int) *Inbound {
	if size > len(raw) {
		raw = headerOf(raw)
	}
	m, err := ReadMessage(raw, in.Limits, in.Address)
	if err != nil {
		m = &Inbound{MessageID: contentID(raw), Auto: "its header cannot be read"}
	}
	m.Size = size
	if limit := in.maxSize(); int64(size) > limit {
		m.File, m.Problem = nil, tooBig(int64(size), limit)
	}
	m.prepare()
	return m
}

// Ingest takes in one raw message. An error means the mail could not be
// dealt with now (the database failed): leave it where it is and try again
// later; being recorded by Message-ID, it will never be applied twice.
func (in *Ingester) Ingest(ctx context.Context, raw []byte) (*Result, error) {
	res, err := in.IngestAll(ctx, []*Inbound{in.Read(raw, len(raw))})
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// maxPerTx is the most mails taken in by one transaction.
const maxPerTx = 100

// IngestAll takes in messages in order, as Ingest does, several to a
// transaction: a commit costs more than most mails. Each mail is still
// recorded in the transaction that applies it, so a crash loses or doubles
// none. A transaction holds at most one mail per game (a second would find
// the game changed since the Host last cached it, and replay it). If a
// transaction fails, its mails are taken again one by one. IngestAll returns
// the results of the mails taken in, which are the first of ms; on an error,
// the rest are to be tried again later.
//
// Several workers may read the same mail (from one IMAP mailbox): on
// PostgreSQL a worker takes a mail in only while it holds the mail's lock,
// for the length of its transaction, so that no two take one mail in at
// once. A mail another worker holds is skipped (Result.Skipped), to be
// looked at again later, and so is every later mail for the same game,
// which must not overtake it.
func (in *Ingester) IngestAll(ctx context.Context, ms []*Inbound) ([]*Result, error) {
	return in.ingestAll(ctx, ms, map[string]bool{}, nil)
}

// ingestAll is IngestAll within one pass over a mailbox: blocked holds
// the games whose mails are skipped for the rest of the pass. done, if
// set, is told the results of each transaction once it has committed,
// from the index in ms of its first mail, so that its mails can be filed
// at once.
func (in *Ingester) ingestAll(ctx context.Context, ms []*Inbound, blocked map[string]bool, done func(first int, res []*Result) error) ([]*Result, error) {
	var out []*Result
	commit := func(res []*Result) error {
		first := len(out)
		out = append(out, res...)
		if done != nil {
			return done(first, res)
		}
		return nil
	}
	for len(ms) > 0 {
		n := batchOf(ms)
		res, err := in.ingestTx(ctx, ms[:n], blocked)
		if err == nil {
			ms = ms[n:]
			if err := commit(res); err != nil {
				return out, err
			}
			continue
		}
		if n == 1 {
			return out, err
		}
		// One of them fails: take them one by one, keeping those before it.
		for range n {
			res, err := in.ingestTx(ctx, ms[:1], blocked)
			if err != nil {
				return out, err
			}
			ms = ms[1:]
			if err := commit(res); err != nil {
				return out, err
			}
		}
	}
	return out, nil
}

// batchOf is how many of ms, from the first, one transaction takes: up to
// maxPerTx. Several mails of one game may share it: each change starts
// from the one before (Host.LoadTx).
func batchOf(ms []*Inbound) int {
	return min(len(ms), maxPerTx)
}

// game is the game m's order file names, or "".
func (m *Inbound) game() string {
	if env, err := m.envelope(); err == nil && env != nil {
		return env.Game
	}
	return ""
}

// ingestTx takes in ms in one transaction, skipping those another worker
// holds and those of the games blocked.
func (in *Ingester) ingestTx(ctx context.Context, ms []*Inbound, blocked map[string]bool) ([]*Result, error) {
	out := make([]*Result, len(ms))
	var skipped []string
	err := in.Host.Store.Update(ctx, func(tx *events.Tx) error {
		skipped = skipped[:0]
		behind := map[string]bool{} // games with a mail skipped in this transaction
		var record []inboxRecord    // the mails' inbox rows, written at the end
		// The mails' locks, then what the inbox holds of them, in one
		// statement each for the whole batch.
		mine, seen, err := in.lockMails(ctx, tx, ms)
		if err != nil {
			return err
		}
		take := make([]bool, len(ms))
		var games []string // those of the mails taken in, to be read at once
		for i, m := range ms {
			g := m.game()
			if held := (blocked[g] || behind[g]) && g != "" || !mine[i]; held {
				out[i] = &Result{MessageID: m.MessageID, Game: g, Skipped: true}
				skipped, behind[g] = append(skipped, g), true
				continue
			}
			take[i] = true
			if g != "" && seen[m.MessageID].outcome == "" {
				games = append(games, g)
			}
		}
		if err := in.prefetch(ctx, tx, games); err != nil {
			return err
		}
		for i, m := range ms {
			if !take[i] {
				continue
			}
			var err error
			if out[i], err = in.ingest(ctx, tx, m, seen, &record); err != nil {
				return err
			}
		}
		return in.recordInbox(ctx, tx, record)
	})
	if err != nil {
		return nil, err
	}
	for _, g := range skipped {
		if g != "" {
			blocked[g] = true
		}
	}
	for i, res := range out {
		if res.Skipped {
			logf(in.Log, "mail %s: another worker is taking it in (or a mail of its game before it); left for later", res.MessageID)
		} else if res.Duplicate {
			logf(in.Log, "mail %s: seen before (%s); filed again, nothing applied", res.MessageID, res.Outcome)
		} else {
			logf(in.Log, "mail %s from %s: %s %s", res.MessageID, ms[i].From, res.Outcome, oneLineText(res.Reason, 200))
		}
	}
	return out, nil
}

// ingest takes in one mail inside tx and records its Message-ID; a mail
// recorded before is only reported as a duplicate. A mail that reuses the
// Message-ID of an earlier one with other content (a corrected file sent by
// a client that keeps the id) is taken as a mail of its own, recorded under
// its Message-ID and a digest of its content, and its answer says so. seen
// is what the transaction knows of the inbox; the mail's row is added to
// record, which the transaction writes once all its mails are in
// (recordInbox).
func (in *Ingester) ingest(ctx context.Context, tx *events.Tx, m *Inbound, seen inboxRows, record *[]inboxRecord) (*Result, error) {
	content := m.contentHash()
	m.key = m.MessageID
	prior, err := seen.recorded(ctx, tx, m.key)
	if err != nil {
		return nil, err
	}
	if prior.outcome != "" && prior.content != "" && prior.content != content {
		m.key, m.corrected = m.MessageID+"#"+content[:16], true
		if prior, err = seen.recorded(ctx, tx, m.key); err != nil {
			return nil, err
		}
	}
	if prior.outcome != "" {
		res := &Result{MessageID: m.key, Outcome: Outcome(prior.outcome), Duplicate: true}
		if t, err := time.Parse(stampLayout, prior.at); err == nil {
			res.Recorded = t
		}
		return res, nil
	}
	res, err := in.handle(ctx, tx, m)
	if err != nil {
		return nil, err
	}
	res.MessageID = m.key
	if res.Outcome != Accepted {
		res.Reason = hideSecrets(res.Reason, m) // an acceptance's reason names no token
	}
	at := stamp(in.now())
	*record = append(*record, inboxRecord{m.key, res.Game, m.From, string(res.Outcome), at, content, oneLineText(res.Reason, 500)})
	seen[m.key] = inboxRow{string(res.Outcome), content, at}
	return res, nil
}

// inboxRecord is a mail's row of the inbox, as ingest records it.
type inboxRecord struct{ key, game, sender, outcome, at, content, reason string }

// recordInbox writes the inbox rows of a transaction's mails, with its
// other writes: on PostgreSQL in one statement (Later), on SQLite one by
// one. The transaction reads what it recorded from its inboxRows, never
// from the table.
func (in *Ingester) recordInbox(ctx context.Context, tx *events.Tx, rows []inboxRecord) error {
	if len(rows) == 0 {
		return nil
	}
	if in.Host.Store.Backend() != "postgres" {
		// Several rows to a statement, in sizes that are powers of two
		// so that few statements are ever prepared: a statement costs
		// SQLite more than the row it writes.
		for len(rows) > 0 {
			n := batchSize(len(rows))
			args := make([]any, 0, 7*n)
			for _, r := range rows[:n] {
				args = append(args, r.key, r.game, r.sender, r.outcome, r.at, r.content, r.reason)
			}
			if err := tx.Later(ctx, `INSERT INTO inbox (message_id, game_id, sender, outcome, received_at, content, reason) VALUES (?, ?, ?, ?, ?, ?, ?)`+
				strings.Repeat(`, (?, ?, ?, ?, ?, ?, ?)`, n-1), args...); err != nil {
				return err
			}
			rows = rows[n:]
		}
		return nil
	}
	var cols [7][]string
	for _, r := range rows {
		for i, v := range [7]string{r.key, r.game, r.sender, r.outcome, r.at, r.content, r.reason} {
			cols[i] = append(cols[i], v)
		}
	}
	return tx.Later(ctx, `INSERT INTO inbox (message_id, game_id, sender, outcome, received_at, content, reason)
		SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])`,
		cols[0], cols[1], cols[2], cols[3], cols[4], cols[5], cols[6])
}

// inboxRow is what the inbox holds of a mail: its outcome ("" when none),
// its content digest ("" for a mail recorded before digests were) and
// when it was recorded.
type inboxRow struct{ outcome, content, at string }

// inboxRows is what a transaction knows of the inbox, by Message-ID: the
// rows read for its mails (a mail not recorded has an empty row) and those
// it wrote.
type inboxRows map[string]inboxRow

// lockMails takes the lock of each mail of ms that no other worker holds,
// until tx ends, and says which it took; and it reads what the inbox holds
// of them: one round trip for the batch on PostgreSQL (Tx.ReadAll). On
// SQLite, whose writers take turns, it takes them all.
func (in *Ingester) lockMails(ctx context.Context, tx *events.Tx, ms []*Inbound) ([]bool, inboxRows, error) {
	mine := make([]bool, len(ms))
	seen := inboxRows{}
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = m.MessageID
		seen[m.MessageID] = inboxRow{}
	}
	var reads []events.Read
	if in.Host.Store.Backend() == "postgres" {
		i := 0
		reads = append(reads, events.Read{
			Query: `SELECT pg_try_advisory_xact_lock(hashtextextended('taipan-mail:' || id, 0))
				FROM unnest(?::text[]) WITH ORDINALITY AS mail(id, n) ORDER BY n`,
			Args: []any{ids},
			Row: func(scan func(...any) error) error {
				if i < len(mine) {
					if err := scan(&mine[i]); err != nil {
						return err
					}
				}
				i++
				return nil
			},
		})
	} else {
		for i := range mine {
			mine[i] = true
		}
	}
	// The placeholders padded to a power of two, so that few statements
	// are ever prepared.
	size := 1
	for size < len(ms) {
		size *= 2
	}
	args := make([]any, size)
	for i := range args {
		args[i] = ids[min(i, len(ids)-1)]
	}
	reads = append(reads, events.Read{
		Query: `SELECT message_id, outcome, content, received_at FROM inbox WHERE message_id IN (?` + strings.Repeat(", ?", size-1) + `)`,
		Args:  args,
		Row: func(scan func(...any) error) error {
			var id string
			var r inboxRow
			if err := scan(&id, &r.outcome, &r.content, &r.at); err != nil {
				return err
			}
			seen[id] = r
			return nil
		},
	})
	return mine, seen, tx.ReadAll(ctx, reads...)
}

// recorded is what the inbox holds of the mail key, from what the
// transaction knows or else read.
func (seen inboxRows) recorded(ctx context.Context, tx *events.Tx, key string) (inboxRow, error) {
	if r, ok := seen[key]; ok {
		return r, nil
	}
	var r inboxRow
	err := tx.QueryRow(ctx, `SELECT outcome, content, received_at FROM inbox WHERE message_id = ?`, key).Scan(&r.outcome, &r.content, &r.at)
	if errors.Is(err, sql.ErrNoRows) {
		return inboxRow{}, nil
	}
	seen[key] = r
	return r, err
}

// handle decides what to do with a new mail, inside the transaction.
func (in *Ingester) handle(ctx context.Context, tx *events.Tx, m *Inbound) (*Result, error) {
	res := &Result{MessageID: m.id()}
	if m.Auto != "" {
		res.Outcome, res.Reason = Ignored, m.Auto
		return res, nil
	}
	if in.Auth != nil {
		if why := in.Auth.Check(m.AuthResults, m.From); why != "" {
			res.Outcome, res.Reason = Ignored, why+" (refused outright, not answered)"
			return res, nil
		}
	}
	// Refuse, answering only a sender Taipan knows (no backscatter to
	// forged addresses), within the limits on answers.
	refuse := func(r *adjudicator.Roster, subject, why string, detail []string) (*Result, error) {
		res.Outcome, res.Reason = Rejected, strings.Join(append([]string{why}, detail...), " ")
		if m.checkOnly() && !strings.HasPrefix(why, "checked") {
			res.Reason = "checked (check: true), nothing submitted: " + res.Reason
		}
		known := false
		if r != nil {
			known = r.Knows(m.From)
		} else {
			var err error
			ms, err := in.Host.MembershipsTx(ctx, tx, m.From)
			if err != nil {
				return nil, err
			}
			known = len(ms) > 0
		}
		if !known {
			res.Outcome = Ignored
			res.Reason += " (from an address no game knows: not answered)"
			return res, nil
		}
		if m.checkOnly() {
			// A check answers as a check, mistakes and all.
			subject = "[taipan] checked: mistakes found"
			if res.Game != "" {
				subject = gameSubject(res.Game, "checked: mistakes found")
			}
		}
		v, err := in.answer(ctx, tx, m, KindReject, m.From, "refused: "+why, func() (*Draft, error) {
			over := false
			if r != nil {
				g, err := in.Host.GameTx(ctx, tx, r.Game)
				if err != nil {
					return nil, err
				}
				over = g != nil && g.Status.Finished
			}
			return in.replyDraft(m, res.Game, KindReject, subject, refusalText(m, why, detail, over)), nil
		})
		res.Reason += v.note()
		return res, err
	}
	if m.File == nil {
		return refuse(nil, "[taipan] your mail was not understood", m.Problem, nil)
	}
	// An order file read as an envelope without a command is neither a
	// club request nor `command: games` (a second reading of its YAML
	// would say the same): most mails are read once.
	if env, err := m.envelope(); err != nil || env.Command != "" {
		if r := readClubRequest(m.File); r != nil {
			// The club's commands are asked of an address (signup.go).
			return in.club(ctx, tx, m, r, res)
		}
		if mailCommand(m.File) == "games" {
			// Asked of an address, not of a seat: game and player may be left out.
			return in.gamesCommand(ctx, tx, m, res)
		}
	}
	env, err := m.envelope()
	if err != nil {
		return refuse(nil, "[taipan] your order file could not be read", "the order file has mistakes:", errLines(orders.Errors(err))[1:])
	}
	res.Game = env.Game
	// Held from here on, as the mail's change would hold it: what is read
	// of the game (its roster, its tokens) stays true to the commit.
	if err := tx.LockGame(ctx, env.Game); err != nil {
		return nil, err
	}
	roster, err := in.Host.RosterTx(ctx, tx, env.Game)
	var fe *events.FormatError
	var re *adjudicator.ReplayError
	if errors.As(err, &fe) || errors.As(err, &re) {
		// A game this build cannot read (a newer format, say): its people
		// are not known, so the sender is answered only if some game
		// knows the address.
		return refuse(nil, gameSubject(env.Game, "orders refused"), fmt.Sprintf("field game: game %s cannot be read by this build of Taipan (%s); nothing was changed", env.Game, oneLineText(err.Error(), 200)), nil)
	}
	if err != nil {
		return nil, err
	}
	if roster == nil {
		res.Game = ""
		return refuse(nil, "[taipan] unknown game", fmt.Sprintf("field game: there is no game %q here", oneLineText(env.Game, 64)), nil)
	}
	subject := func(what string) string { return gameSubject(env.Game, what) }
	if strings.EqualFold(env.Player, adjudicator.ActorGM) {
		return in.gmMail(ctx, tx, m, env, roster, res, refuse)
	}
	seat := roster.Seat(env.Player)
	if seat == nil {
		if roster.Observes(m.From) {
			return refuse(roster, subject("refused"), observerRefusal(env.Game), nil)
		}
		return refuse(roster, subject("orders refused"), fmt.Sprintf("field player: game %s has no player %q; the players are %s", env.Game, oneLineText(env.Player, 32), strings.Join(roster.Names(), ", ")), nil)
	}
	if env.Command == "token" {
		return in.tokenCommand(ctx, tx, m, env, seat, roster, res, refuse)
	}
	if !strings.EqualFold(seat.Email, m.From) {
		// A token from the wrong address is refused even if it is right;
		// when it is right, the player on record and the GM are warned.
		if ok, err := adjudicator.TokenMatches(ctx, tx, env.Game, seat.Name, env.Token); err != nil {
			return nil, err
		} else if ok {
			if err := in.warnLeak(ctx, tx, m, env.Game, seat, roster); err != nil {
				return nil, err
			}
		}
		if roster.Observes(m.From) {
			return refuse(roster, subject("refused"), observerRefusal(env.Game), nil)
		}
		return refuse(roster, subject("orders refused"), fmt.Sprintf("field player: this mail comes from %s, but %s's orders are only taken from the address on record for %s", m.From, seat.Name, seat.Name), nil)
	}
	// From the address on record: with the right token too, the mail is
	// authentic, and owed its answers whatever the limits on answers.
	ok, err := adjudicator.TokenMatches(ctx, tx, env.Game, seat.Name, env.Token)
	if err != nil {
		return nil, err
	}
	m.authentic = ok
	if env.Command != "" {
		if !ok {
			return refuse(roster, subject("command refused"), fmt.Sprintf("field token: wrong or missing token for %s in game %s", seat.Name, env.Game), nil)
		}
		return in.command(ctx, tx, m, env, seat.Name, res, refuse, roster)
	}
	return in.takeFile(ctx, tx, m, env, seat, roster, res, refuse)
}

// observerRefusal is why an observer's orders or press are refused.
func observerRefusal(game string) string {
	return fmt.Sprintf("field player: this address observes game %s: observers get its public reports and public press, but send neither orders nor press", game)
}

// savepoint runs fn, a change by the Host to game, inside a savepoint of
// tx. When fn refuses (any error but an internal one), what it wrote is
// undone and its error is returned as refused, for the reply; an internal
// or database error is returned as err, and fails the whole transaction.
// With keep false, what fn wrote is undone even when it succeeds (a file
// only checked). After an undo the game is loaded again, so that the games
// index written at commit follows the log, not the change undone.
func (in *Ingester) savepoint(ctx context.Context, tx *events.Tx, game string, keep bool, fn func() error) (refused, err error) {
	// Mails queued before the savepoint and written inside it (EnqueueDraft)
	// are queued again should it be undone.
	written := in.Outbox.draftsWritten(tx)
	if err := tx.Savepoint(ctx, "host"); err != nil {
		return nil, err
	}
	ferr := fn()
	if ferr != nil && adjudicator.ErrorCode(ferr) == adjudicator.EINTERNAL {
		return nil, ferr
	}
	if ferr == nil && keep {
		return nil, tx.Release(ctx, "host")
	}
	if err := tx.RollbackTo(ctx, "host"); err != nil {
		return nil, err
	}
	in.Outbox.draftsUndone(tx, written)
	if err := tx.Release(ctx, "host"); err != nil {
		return nil, err
	}
	if game != "" {
		if _, err := in.Host.LoadTx(ctx, tx, game); err != nil && adjudicator.ErrorCode(err) == adjudicator.EINTERNAL {
			return nil, err
		}
	}
	return ferr, nil
}

// reply answers m, within the limits on answers; summary is Taipan's own
// subject for it (used when m has none).
func (in *Ingester) reply(ctx context.Context, tx *events.Tx, m *Inbound, game, kind, summary, body string) error {
	_, err := in.answer(ctx, tx, m, kind, m.From, summary, func() (*Draft, error) {
		return in.replyDraft(m, game, kind, summary, body), nil
	})
	return err
}

// replyDraft is the answer to m: to its sender, threaded under it, with its
// subject after "Re: " (or summary, when m has no subject).
func (in *Ingester) replyDraft(m *Inbound, game, kind, summary, body string) *Draft {
	if m.corrected {
		body = "(Your mail has the Message-ID of an earlier mail but other content: Taipan\ntook it as a new mail.)\n\n" + body
	}
	return &Draft{Game: game, Kind: kind, Step: -1, To: m.From, Subject: replySubject(m.Subject, summary), Body: body,
		MessageID: newID(domainOf(in.Address), kind, m.id()), InReplyTo: m.MessageID, Refs: m.References}
}

// errLines turns an error into the lines of a refusal.
func errLines(err error) []string {
	var ae *adjudicator.Error
	if errors.As(err, &ae) {
		out := []string{ae.Message}
		for _, e := range ae.Orders {
			out = append(out, e.Error())
		}
		return out
	}
	out := []string{"the order file was refused:"}
	for _, e := range orders.Errors(err) {
		out = append(out, e.Error())
	}
	return out
}

func refusalText(m *Inbound, why string, detail []string, over bool) string {
	var b strings.Builder
	check := m.checkOnly()
	if check {
		fmt.Fprintf(&b, "Taipan checked the order file of your mail")
	} else {
		fmt.Fprintf(&b, "Taipan could not accept your mail")
	}
	if m.Subject != "" {
		fmt.Fprintf(&b, " %q", m.Subject)
	}
	if check {
		b.WriteString(" (check: true).\nIt has mistakes. It was only a check: nothing was submitted, nothing has changed.\n\n")
	} else {
		b.WriteString(". Nothing has been changed.\n\n")
	}
	b.WriteString(why + "\n")
	for _, d := range detail {
		b.WriteString("  " + d + "\n")
	}
	if m.File != nil {
		fmt.Fprintf(&b, "\nThe order file as Taipan read it (from %s), with its line numbers:\n\n", m.FileName)
		b.WriteString(numbered(m.File))
	}
	switch {
	case over:
		b.WriteString("\nThe game is over: no more orders are taken. `command: history` still sends\nyou all your reports.\n")
	case check:
		b.WriteString("\nCorrect the file and send it again: with check: true to check it once more,\nwithout it to submit it. `command: rules` gives the game's order syntax.\n")
	default:
		b.WriteString("\nSend a corrected order file in a new mail, or `command: rules` for the\norder syntax of the game.\n")
	}
	return b.String()
}

// numbered writes a file with line numbers, hiding its secrets: the
// token, comments, and words that look like a token (orders.HideSecrets).
func numbered(file []byte) string {
	var b strings.Builder
	for i, l := range orders.HideSecrets(file) {
		fmt.Fprintf(&b, "  %3d | %s\n", i+1, l)
	}
	return b.String()
}
