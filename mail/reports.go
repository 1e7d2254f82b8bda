package mail

import (
	"context"
	"database/sql"
	"fmt"
	"html"
	"strconv"
	"strings"
	"sync"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
)

// Dispatcher queues the step reports and the reminders. Reports are keyed
// by (game, step, recipient) Message-IDs, so running it again after a crash,
// or after the same closing was already reported, queues nothing twice. It
// sends every closed step's report once, in order, to each player (their own
// view), each observer (the public view) and the GM's address (the full
// view). For a game it has never reported on, it starts at the latest
// closed step rather than mail the whole history.
type Dispatcher struct {
	Host     *adjudicator.Host
	Renderer *adjudicator.Renderer
	Outbox   *Outbox
	Domain   string        // for Message-IDs
	Reminder time.Duration // default lead time of reminders, when a campaign sets none

	// Link, when set, makes a one-time login link to the game's page on
	// the web site for a report's recipient (player "" is the GM), inside
	// the transaction that queues the report, dated at; its error
	// adjudicator.ENOTFOUND means the recipient has no token to log in
	// with, and the report goes without a link. `taipan serve` sets it to
	// the web site's IssueLink when it runs the site: this package does
	// not know the site.
	Link func(ctx context.Context, tx *events.Tx, game, player string, at time.Time) (string, error)

	mu   sync.Mutex
	seen map[string]seen // by game: what Run last did
	owed chan struct{}   // a change committed that may owe reports
}

// seen is what Run knows of a game: the log's length when it last looked,
// when the game next needs a look even if its log has not grown (for a
// reminder; zero: never), and when its step closes by the clock as the
// games index said (a reminder's time moves with it).
type seen struct {
	seq     int64
	check   time.Time
	closeAt string
}

// dispatchTx queues the reports of g's closed steps still owed, inside
// tx, by the game's marks (read, and put for the caller to write), up to
// pieces steps of them (0: all); it reports whether more are owed, each
// step then being a piece of owed work for a transaction of its own. evs
// is g's whole log, g replayed from it; or nil, and then the log is read
// from tx only if a step's game at its close is neither g nor one a change
// left (ChangedTx).
func (d *Dispatcher) dispatchTx(ctx context.Context, tx *events.Tx, g *adjudicator.Game, evs []events.Event, marks *gameMarks, pieces int) (more bool, err error) {
	if g.Forming() {
		return false, nil // no step, no report, until the game starts
	}
	closed := g.Last.Step
	from, err := d.owedFrom(ctx, tx, g, marks)
	if err != nil {
		return false, err
	}
	last := closed
	if pieces > 0 && from+pieces-1 < closed {
		last, more = from+pieces-1, true
	}
	for step := from; step <= last; step++ {
		gs, err := d.Host.AtCloseTx(ctx, tx, g, step, evs)
		if err != nil {
			return false, err
		}
		if err := d.reportStep(ctx, tx, gs, step); err != nil {
			return false, err
		}
		if err := d.tellDisorder(ctx, tx, gs, step); err != nil {
			return false, err
		}
		if err := d.offerSeats(ctx, tx, gs, step); err != nil {
			return false, err
		}
	}
	if from <= last {
		marks.put("timeline", int64(g.Rollbacks))
		marks.put("reported", int64(last))
	}
	return more, nil
}

// owedFrom is the first closed step of g whose reports are owed (past the
// last closed step when none is).
func (d *Dispatcher) owedFrom(ctx context.Context, tx *events.Tx, g *adjudicator.Game, marks *gameMarks) (int, error) {
	closed := g.Last.Step
	// After a rollback the steps are played again: the reports of each
	// timeline are new mail, from the step rolled back to (whose report
	// tells of the rollback) on. The mark "reported" holds the last step
	// reported in the present timeline, the mark "timeline" its number.
	timeline, _ := marks.get("timeline")
	reported, known := marks.get("reported")
	switch {
	case int64(g.Rollbacks) > timeline:
		return closed, nil
	case known && timeline == int64(g.Rollbacks):
		return int(reported) + 1, nil
	}
	// No mark yet. A new game's tokens wait for its set-up report
	// (QueueTokens): every step is owed, from the set-up on, however
	// many closed before a worker came to it.
	var waiting int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM mail_tokens WHERE game_id = ?`, g.ID).Scan(&waiting); err != nil {
		return 0, err
	}
	if waiting > 0 {
		return 0, nil
	}
	// A database of an older build: after the last report queued, or
	// for a game never reported on, its latest closed step.
	var last sql.NullInt64
	if err := tx.QueryRow(ctx,
		`SELECT max(step) FROM outbox WHERE game_id = ? AND kind = ?`, g.ID, KindReport).Scan(&last); err != nil {
		return 0, err
	}
	if last.Valid {
		return int(last.Int64) + 1, nil
	}
	return closed, nil
}

// Held is how many games are kept at a step's close for reports not
// queued yet (Host.KeptCloses): none once every report is queued, by this
// process or another.
func (d *Dispatcher) Held() int { return d.Host.KeptCloses() }

// Owed receives a value when a change committed through ChangedTx may owe
// reports: `taipan serve` runs the Dispatcher then, rather than at its
// next tick. It holds one pending value at most.
func (d *Dispatcher) Owed() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.owed == nil {
		d.owed = make(chan struct{}, 1)
	}
	return d.owed
}

// reportStep queues one step's reports; gs is the game replayed to its close.
func (d *Dispatcher) reportStep(ctx context.Context, tx *events.Tx, gs *adjudicator.Game, step int) error {
	type rcpt struct{ key, view, addr, label string }
	var to []rcpt
	for _, p := range gs.Players {
		if p.Email != "" && !p.Removed {
			to = append(to, rcpt{"player:" + p.Name, p.Name, p.Email, ""})
		}
	}
	for _, o := range gs.Campaign.Observers {
		to = append(to, rcpt{"observer:" + strings.ToLower(o), engine.Observer, o, " (public)"})
	}
	if gs.Campaign.GM != "" {
		to = append(to, rcpt{"gm", "", gs.Campaign.GM, " (GM)"})
	}
	texts := map[string]string{} // by view: observers share one
	pictures := map[string][]byte{}
	jsons := map[string][]byte{}
	for _, r := range to {
		text, ok := texts[r.view]
		if !ok {
			var err error
			if text, err = d.Renderer.Text(gs, r.view); err != nil {
				return err
			}
			texts[r.view] = text
		}
		dr := &Draft{Game: gs.ID, Kind: KindReport, Step: step, To: r.addr,
			Subject:   threadSubject(gs.ID, r.label),
			Body:      text,
			MessageID: newID(d.Domain, KindReport, reportKey(gs, step, r.key)...)}
		if gs.ReportFormat(r.view) != adjudicator.FormatPlain {
			// The same report as HTML with its picture, beside the text.
			png, ok := pictures[r.view]
			if !ok {
				var err error
				if png, err = d.Renderer.Picture(gs, r.view); err != nil {
					return err
				}
				pictures[r.view] = png
			}
			rep, err := d.Renderer.Report(gs, r.view)
			if err != nil {
				return err
			}
			url := PictureURL(dr.MessageID)
			if png == nil {
				url = ""
			}
			html, err := d.Renderer.HTML(rep, url)
			if err != nil {
				return err
			}
			dr.Parts = &ReportParts{HTML: html, PNG: png, PictureID: PictureID(dr.MessageID)}
		}
		// Every report carries itself as JSON for the reader's tools.
		js, ok := jsons[r.view]
		if !ok {
			rep, err := d.Renderer.JSON(gs, r.view)
			if err != nil {
				return err
			}
			if js, err = rep.Bytes(); err != nil {
				return err
			}
			jsons[r.view] = js
		}
		if dr.Parts == nil {
			dr.Parts = &ReportParts{}
		}
		dr.Parts.JSON = js
		if step > 0 {
			dr.Subject, dr.InReplyTo = "Re: "+dr.Subject, threadRoot(d.Domain, gs.ID, r.key)
		} else if r.key == "gm" || strings.HasPrefix(r.key, "player:") {
			// The set-up report carries the recipient's new token.
			player, who := r.view, r.view
			if r.key == "gm" {
				who = "GM"
			}
			tok, err := takeToken(ctx, tx, gs.ID, player)
			if err != nil {
				return err
			}
			if tok != "" {
				dr.Body, dr.Secrets = withToken(text, gs.ID, who, tok), []string{tok}
			}
		}
		if r.key == "gm" || strings.HasPrefix(r.key, "player:") {
			if err := d.addLink(ctx, tx, dr, gs.ID, r.view); err != nil {
				return err
			}
		}
		if _, err := d.Outbox.Enqueue(ctx, tx, dr); err != nil {
			return err
		}
	}
	return nil
}

// addLink puts a one-time login link to the web site into a report to
// player ("" the GM), when the Dispatcher has a Link and the report is not
// queued already (a link is made only for a mail that will carry it). The
// link is a secret: the outbox keeps the mail without it once sent.
func (d *Dispatcher) addLink(ctx context.Context, tx *events.Tx, dr *Draft, game, player string) error {
	if d.Link == nil {
		return nil
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE message_id = ?`, dr.MessageID).Scan(&n); err != nil || n > 0 {
		return err
	}
	url, err := d.Link(ctx, tx, game, player, d.now())
	if adjudicator.ErrorCode(err) == adjudicator.ENOTFOUND {
		return nil
	}
	if err != nil {
		return err
	}
	dr.Body = strings.TrimRight(dr.Body, "\n") + "\n\n" + linkText(url)
	dr.Secrets = append(dr.Secrets, url)
	if dr.Parts != nil && dr.Parts.HTML != "" {
		dr.Parts.HTML = withLink(dr.Parts.HTML, url)
		dr.Secrets = append(dr.Secrets, html.EscapeString(url))
	}
	return nil
}

// linkText is the line of a report that carries its login link.
func linkText(url string) string {
	return "Your page on the web (the link logs you in once, and expires):\n" + url + "\n"
}

// withLink puts the login link into a report's HTML page, before its end.
func withLink(page, url string) string {
	p := `<p class="taipan-link"><a href="` + html.EscapeString(url) + `">Your page on the web</a> (the link logs you in once, and expires)</p>` + "\n"
	if i := strings.LastIndex(page, "</body>"); i >= 0 {
		return page[:i] + p + page[i:]
	}
	return page + p
}

// ChangedTx queues, inside tx, whatever a change to g owes by mail but its
// reports: the press to relay, and the notices of absences and of the GM's
// actions. g is the game as tx leaves it. The reports of the steps it
// closed (or of the step a rollback returned to) are rendered after the
// commit, by Run, from the game at the step's close, which ChangedTx keeps
// for it: rendering them (pictures above all) inside the transaction would
// hold the database, and the mailbox, for as long. Run queues them
// exactly once all the same, by the game's marks. The mail gateway calls
// ChangedTx after what it takes in; the web site, through Changed, after
// what its forms change.
func (d *Dispatcher) ChangedTx(ctx context.Context, tx *events.Tx, g *adjudicator.Game) error {
	marks, err := marksOf(ctx, tx, g.ID)
	if err != nil {
		return err
	}
	if err := d.noticesTx(ctx, tx, g, marks); err != nil {
		return err
	}
	if err := d.signUpTx(ctx, tx, g); err != nil {
		return err
	}
	tx.OnCommit(func() {
		d.Owed()
		select {
		case d.owed <- struct{}{}:
		default:
		}
	})
	return marks.write(ctx, tx)
}

// Run queues the reports and reminders every game owes: after closings by
// the CLI, by deadlines (Host.Tick) or by another process. Games whose log
// has not grown since the last run are skipped, except for reminders; so
// are, without a replay, games whose marks show that the worker that
// changed them queued what the change owed, in its own transaction (the
// mail gateway, the web site). The games index (Host.List) says each
// game's head.
func (d *Dispatcher) Run(ctx context.Context) error {
	type head struct {
		seq     int64
		closed  int64
		closeAt string
	}
	heads := map[string]head{}
	sums, err := d.Host.Summaries(ctx)
	if err != nil {
		return err
	}
	for _, s := range sums {
		h := head{seq: s.Seq, closed: int64(s.Step)}
		if !s.Finished {
			h.closed-- // the index holds the open step
		}
		if !s.CloseAt.IsZero() {
			h.closeAt = events.SortableTime(s.CloseAt)
		}
		heads[s.ID] = h
	}
	// The marks of every game at once: notices looked at up to, and the
	// last step reported.
	marks := map[string]map[string]int64{}
	rows, err := d.Host.Store.Query(ctx, `SELECT game_id, mark, value FROM mail_marks WHERE mark IN ('deadline', 'reported')`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id, mark, text string
		if err := rows.Scan(&id, &mark, &text); err != nil {
			rows.Close()
			return err
		}
		if marks[id] == nil {
			marks[id] = map[string]int64{}
		}
		marks[id][mark], _ = strconv.ParseInt(text, 10, 64)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	// Games with tokens to mail are looked at even if their log has not
	// grown: `taipan new` stores the tokens just after the game.
	tokens, err := column(d.Host.Store.Query(ctx, `SELECT DISTINCT game_id FROM mail_tokens`))
	if err != nil {
		return err
	}
	waiting := map[string]bool{}
	for _, id := range tokens {
		waiting[id] = true
	}
	d.mu.Lock()
	if d.seen == nil {
		d.seen = map[string]seen{}
	}
	d.mu.Unlock()
	now := d.now()
	var todo []owed
	for id, h := range heads {
		d.mu.Lock()
		prev, ok := d.seen[id]
		d.mu.Unlock()
		remind := !prev.check.IsZero() && !now.Before(prev.check)
		done := ok && prev.seq == h.seq && !waiting[id]
		if !done && ok && !waiting[id] && prev.closeAt == h.closeAt {
			if m, dl := marks[id]["deadline"], marks[id]["reported"]; m == h.seq && dl == h.closed {
				done = true // the change's own transaction queued what it owed
			}
		}
		if done && !remind {
			d.mu.Lock()
			d.seen[id] = seen{h.seq, prev.check, h.closeAt}
			d.mu.Unlock()
			// Reported, here or by another worker: nothing held is needed.
			d.Host.Reported(id, int(h.closed))
			continue
		}
		todo = append(todo, owed{id, h.seq, h.closeAt, done})
	}
	// A piece of each game's owed work in turn, so that a game far behind
	// holds up no other.
	for len(todo) > 0 {
		var again []owed
		for _, o := range todo {
			if err := ctx.Err(); err != nil {
				return err // stopping: what is left is the next start's
			}
			check, more, err := d.piece(ctx, o.id, o.done)
			if err != nil {
				return fmt.Errorf("game %s: %w", o.id, err)
			}
			if more {
				again = append(again, o)
				continue
			}
			d.mu.Lock()
			d.seen[o.id] = seen{o.seq, check, o.closeAt}
			d.mu.Unlock()
		}
		todo = again
	}
	return nil
}

// owed is a game Run looks at: its head as the games index said, and
// whether the change's own transaction queued its reports and notices.
type owed struct {
	id      string
	seq     int64
	closeAt string
	done    bool
}

// piece does a piece of what game id owes, in a transaction of its own:
// the reports of its next step owed, or, once it owes none (or done says
// its change queued them), its tokens, notices and reminders. A step at a
// time holds the game only for that long, so that a restart loses at most
// the step in hand and the game's incoming mail never waits behind a long
// catch-up. It says whether more is owed, and when the game needs a look
// again for a reminder.
func (d *Dispatcher) piece(ctx context.Context, id string, done bool) (check time.Time, more bool, err error) {
	err = d.Host.Store.Update(ctx, func(tx *events.Tx) error {
		// The game from the Host's cache when it is current (held until
		// tx ends: one worker at a time looks at a game, the way changes
		// to it are made), else replayed.
		g, err := d.Host.LoadTx(ctx, tx, id)
		if err != nil {
			return err
		}
		if !done {
			marks, err := marksOf(ctx, tx, id)
			if err != nil {
				return err
			}
			if more, err = d.dispatchTx(ctx, tx, g, nil, marks, 1); err != nil {
				return err
			}
			upTo := g.Last.Step
			if more {
				reported, _ := marks.get("reported")
				upTo = int(reported)
			}
			tx.OnCommit(func() { d.Host.Reported(id, upTo) })
			if more {
				return marks.write(ctx, tx)
			}
			if err := d.mailTokensTx(ctx, tx, g); err != nil {
				return err
			}
			if err := d.noticesTx(ctx, tx, g, marks); err != nil {
				return err
			}
			if err := d.signUpTx(ctx, tx, g); err != nil {
				return err
			}
			if err := marks.write(ctx, tx); err != nil {
				return err
			}
		}
		check, err = d.remindTx(ctx, tx, g)
		return err
	})
	return check, more, err
}

// remindTx queues a reminder to each player still awaited once the open
// step's deadline is near, once per (game, step, player). It returns when
// the game should be looked at again for a reminder (zero: not before its
// log changes).
func (d *Dispatcher) remindTx(ctx context.Context, tx *events.Tx, g *adjudicator.Game) (time.Time, error) {
	if g.Status.Finished || g.Paused || g.Deadline.IsZero() {
		// No deadline runs: none to remind of.
		return time.Time{}, nil
	}
	lead := time.Duration(g.Campaign.Reminder)
	if lead <= 0 {
		lead = d.Reminder
	}
	now := d.now()
	if lead <= 0 || !now.Before(g.Deadline) {
		return time.Time{}, nil
	}
	// Each player's reminder comes in their waking hours (ReminderAt):
	// the game is looked at again when the next one is due.
	var next time.Time
	for _, p := range g.Awaiting() {
		pl := g.Player(p)
		if pl == nil || pl.Email == "" {
			continue
		}
		if at := pl.ReminderAt(g.Deadline.Add(-lead), g.Deadline, now); now.Before(at) {
			if next.IsZero() || at.Before(next) {
				next = at
			}
			continue
		}
		res, err := tx.Exec(ctx,
			`INSERT INTO reminders (game_id, step, player, sent_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			g.ID, g.Step, p, now.Format(time.RFC3339Nano))
		if err != nil {
			return time.Time{}, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		due := adjudicator.FormatTime(g.Deadline)
		if local := pl.LocalTime(g.Deadline); local != "" {
			due += " (" + local + ", your time)"
		}
		body := fmt.Sprintf("A reminder from Taipan: your orders for step %d of %s (%s) are due by\n%s. Players who send nothing get the game's default orders.\n\n%s",
			g.Step, g.ID, g.Status.Phase, due, statusText(g, p))
		dr := &Draft{Game: g.ID, Kind: KindReminder, Step: g.Step, To: pl.Email,
			Subject:   gameSubject(g.ID, fmt.Sprintf("reminder: step %d orders due %s", g.Step, adjudicator.FormatTime(g.Deadline))),
			Body:      body,
			MessageID: newID(d.Domain, "reminder", g.ID, fmt.Sprint(g.Step), p),
			InReplyTo: threadRoot(d.Domain, g.ID, playerKey(p))}
		if _, err := d.Outbox.Enqueue(ctx, tx, dr); err != nil {
			return time.Time{}, err
		}
	}
	return next, nil
}

func (d *Dispatcher) now() time.Time { return now(d.Host.Now) }

// reportKey keys a report's Message-ID: the game, the step and the
// recipient, and after a rollback the timeline, so that a step played again
// is new mail (without a rollback the key is as it always was).
func reportKey(g *adjudicator.Game, step int, recipient string) []string {
	key := []string{g.ID, fmt.Sprint(step), recipient}
	if g.Rollbacks > 0 {
		key = append(key, fmt.Sprintf("timeline %d", g.Rollbacks))
	}
	return key
}
