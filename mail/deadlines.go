package mail

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
)

// Notices. Besides the step reports, the players of a game are told by
// mail of what happens to it between reports, whoever made it happen (a
// mail, the command line, the web site):
//
//   - press is relayed to its recipients from the games' address (see
//     relayPress);
//   - an absence is told to the other players and the GM;
//   - an offer put on the table for a player (engine.OpenOrders) is told
//     to that player alone, with how to answer it (see tellTable);
//   - a deadline the GM changed for the open step, and the GM's pause,
//     resume and grace, are told to the players. While a game is paused
//     no deadline notice goes out (none runs); the resume tells the
//     deadline the step then has.
//
// The mark "deadline" in mail_marks (named for the first of these) holds
// the last event looked at. The first time a game is looked at, its press,
// absences and GM notices of the open step are told, but not a deadline
// change made before (an old game's history is not mailed). Each notice's
// Message-ID is made of the event and the recipient, so that looking again
// queues nothing twice.

// Kinds of the notices.
const (
	KindPress    = "press"     // a press message relayed to one recipient
	KindAbsence  = "absence"   // a player's absence, told to the others
	KindGMNotice = "gm-notice" // the GM paused, resumed or set the grace
	KindDisorder = "disorder"  // the GM told that a player fell into civil disorder
	KindOffer    = "offer"     // a player told of an offer on the table that waits for their answer
)

// noticesTx queues the notices of g's events since the mark, and moves the
// mark to g's last event (in marks, for the caller to write).
func (d *Dispatcher) noticesTx(ctx context.Context, tx *events.Tx, g *adjudicator.Game, marks *gameMarks) error {
	last, known := marks.get("deadline")
	if known && last >= g.Seq {
		return nil
	}
	from := last
	if !known {
		// Never looked at: what came before the last close is in its
		// reports, but the grey press logged with the close is relayed
		// only now (see adjudicator/grey.go).
		from = g.Last.Seq
		if g.Last.From > 0 {
			from = g.Last.From - 1
		}
	}
	if g.TableSeq > from {
		if err := d.tellTable(ctx, tx, g); err != nil {
			return err
		}
	}
	if g.NoticeSeq <= from {
		// Nothing to tell since the mark (the game knows its last such
		// event): no need to read the log.
		marks.put("deadline", g.Seq)
		return nil
	}
	ns, err := d.Host.NoticesTx(ctx, tx, g.ID, from)
	if err != nil {
		return err
	}
	var deadline *adjudicator.Notice
	for i := range ns {
		n := &ns[i]
		switch n.Kind {
		case adjudicator.KindPress:
			err = d.relayPress(ctx, tx, g, n.Seq, *n.Press)
		case adjudicator.KindAbsence:
			err = d.tellAbsence(ctx, tx, g, n.Seq, *n.Absence)
		case adjudicator.KindDeadline:
			if known {
				deadline = n // several changes make one notice, of the last
			}
		case adjudicator.KindPause, adjudicator.KindResume, adjudicator.KindGrace:
			err = d.tellGMNotice(ctx, tx, g, n)
		}
		if err != nil {
			return err
		}
	}
	if deadline != nil && !g.Status.Finished && !g.Paused && deadline.Deadline.Step == g.Step {
		if err := d.tellDeadline(ctx, tx, g, deadline.Seq, *deadline.Deadline); err != nil {
			return err
		}
	}
	marks.put("deadline", g.Seq)
	return nil
}

// tellTable tells each player of g what waits on the table of the open
// step for their answer (engine.OpenOrders Awaiting), as their view words
// it. The Message-ID is made of the step, the player and the words, so
// that an offer is told once however often the table changes, and an
// offer changed is told anew. Nobody else is told anything: the offer is
// the two players' business.
func (d *Dispatcher) tellTable(ctx context.Context, tx *events.Tx, g *adjudicator.Game) error {
	oo, ok := g.Engine.(engine.OpenOrders)
	if !ok {
		return nil
	}
	for _, r := range players(g, "") {
		lines := oo.Awaiting(g.State, r.view)
		if len(lines) == 0 {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "On the table in game %s, step %d, waiting for your answer:\n\n", g.ID, g.Step)
		for _, l := range lines {
			b.WriteString("    " + l + "\n")
		}
		b.WriteString("\nAnswer in an order file (with your token) before the deadline: accept:\nor decline: the player, or make them a counter-offer with offer:. An offer\nyou do not answer lapses when the step closes.\n")
		id := append([]string{g.ID, strconv.Itoa(g.Step), r.key}, lines...)
		dr := &Draft{Game: g.ID, Kind: KindOffer, Step: g.Step, To: r.addr, Subject: gameSubject(g.ID, "an offer waits for your answer"),
			Body: b.String(), MessageID: newID(d.Domain, KindOffer, id...), InReplyTo: threadRoot(d.Domain, g.ID, r.key)}
		if _, err := d.Outbox.Enqueue(ctx, tx, dr); err != nil {
			return err
		}
	}
	return nil
}

// recipient is someone told of an event: the key of their thread of the
// game ("player:NAME", "observer:ADDR" or "gm"), their address, and the
// view they read the game with (a player's name, engine.Observer, or
// "" for the GM).
type recipient struct{ key, addr, view string }

// players are g's players still in the game, with an address, but skip.
func players(g *adjudicator.Game, skip string) []recipient {
	var out []recipient
	for _, pl := range g.Players {
		if pl.Email != "" && !pl.Removed && pl.Name != skip {
			out = append(out, recipient{playerKey(pl.Name), pl.Email, pl.Name})
		}
	}
	return out
}

// gm is g's GM as a recipient, if the campaign names the GM's address.
func gm(g *adjudicator.Game) []recipient {
	if g.Campaign.GM == "" {
		return nil
	}
	return []recipient{{"gm", g.Campaign.GM, ""}}
}

// tell queues one notice of the event seq of g to each recipient.
func (d *Dispatcher) tell(ctx context.Context, tx *events.Tx, g *adjudicator.Game, kind string, seq int64, to []recipient, subject string, body func(r recipient) string) error {
	for _, r := range to {
		dr := &Draft{Game: g.ID, Kind: kind, Step: g.Step, To: r.addr, Subject: subject, Body: body(r),
			MessageID: newID(d.Domain, kind, g.ID, strconv.FormatInt(seq, 10), r.key),
			InReplyTo: threadRoot(d.Domain, g.ID, r.key)}
		if _, err := d.Outbox.Enqueue(ctx, tx, dr); err != nil {
			return err
		}
	}
	return nil
}

// relayPress relays one press message from the games' address to each of
// its recipients: the players it names, or for press to everyone every
// other player, the observers and the GM. Nothing of the mail shows the
// sender's address; grey press names its sender to none of them but the
// GM, in no header either: the Message-ID is made of the game, the event
// and the recipient, it threads under the recipient's own thread of the
// game, and it has no Reply-To.
func (d *Dispatcher) relayPress(ctx context.Context, tx *events.Tx, g *adjudicator.Game, seq int64, item adjudicator.PressItem) error {
	from := item.From
	var to []recipient
	if item.Public() {
		to = players(g, from)
		for _, o := range g.Campaign.Observers {
			to = append(to, recipient{"observer:" + strings.ToLower(o), o, engine.Observer})
		}
		if from != adjudicator.ActorGM {
			to = append(to, gm(g)...)
		}
	} else {
		for _, r := range players(g, from) {
			if slices.Contains(item.To, r.view) {
				to = append(to, r)
			}
		}
	}
	subject := gameSubject(g.ID, "press")
	if item.Grey {
		subject = gameSubject(g.ID, "grey press")
	}
	return d.tell(ctx, tx, g, KindPress, seq, to, subject, func(r recipient) string {
		return pressText(g, item, r.view)
	})
}

// pressText is a press message as its recipient view reads it.
func pressText(g *adjudicator.Game, p adjudicator.PressItem, view string) string {
	var b strings.Builder
	sender := p.SenderFor(view)
	if sender == adjudicator.ActorGM {
		sender = "the GM"
	}
	to := "everyone in the game"
	if !p.Public() {
		to = engine.AndList(p.To)
	}
	fmt.Fprintf(&b, "Press in game %s, step %d, from %s to %s:\n\n", g.ID, p.Step, sender, to)
	for _, l := range strings.Split(strings.TrimRight(p.Text, "\n"), "\n") {
		b.WriteString("    " + l + "\n")
	}
	b.WriteString("\n")
	switch {
	case view == engine.Observer:
		b.WriteString("(Observers read the public press; they send none.)\n")
	case p.Grey && view != "":
		b.WriteString("Grey press: Taipan does not say who sent it, to you or to anyone but the\nGM. It cannot be answered privately.\n")
	default:
		fmt.Fprintf(&b, "Taipan relays press from the games' address, never from the sender's. To\nanswer, put in an order file (with your token):\n\n    press: {to: [%s], text: \"…\"}\n", p.From)
	}
	return b.String()
}

// tellAbsence tells the other players and the GM of a player's absence.
func (d *Dispatcher) tellAbsence(ctx context.Context, tx *events.Tx, g *adjudicator.Game, seq int64, a adjudicator.Absence) error {
	to := players(g, a.Player)
	if away := g.Player(a.Player); away == nil || !strings.EqualFold(away.Email, g.Campaign.GM) {
		to = append(to, gm(g)...) // unless the GM is the player away, who knows
	}
	reason := ""
	if a.Reason != "" {
		reason = " (" + a.Reason + ")"
	}
	return d.tell(ctx, tx, g, KindAbsence, seq, to, gameSubject(g.ID, a.Player+" will be away"), func(r recipient) string {
		return paragraph(fmt.Sprintf("%s will be away from %s to %s%s.", a.Player, adjudicator.FormatTime(a.From), adjudicator.FormatTime(a.Until), reason)) +
			"\n" + paragraph(g.AbsenceCover(a)) + "\n\n" + statusText(g, r.view)
	})
}

// paragraph is text wrapped to the width of a mail's lines, so that a long
// reason or note is read whole in any mail client.
func paragraph(text string) string { return engine.Wrap(text, "", 72) }

// tellGMNotice tells the players that the GM paused or resumed the game, or
// set its grace period.
func (d *Dispatcher) tellGMNotice(ctx context.Context, tx *events.Tx, g *adjudicator.Game, n *adjudicator.Notice) error {
	var what, subject string
	switch n.Kind {
	case adjudicator.KindPause:
		subject = "paused"
		what = fmt.Sprintf("The GM has paused game %s: no deadline runs, and no reminder is sent, until the GM resumes it. Orders are still taken.", g.ID)
	case adjudicator.KindResume:
		subject = "resumed"
		what = fmt.Sprintf("The GM has resumed game %s: the deadline runs again with the time that was left when it was paused.", g.ID)
	case adjudicator.KindGrace:
		subject = "grace period " + adjudicator.FormatDuration(n.Grace)
		what = fmt.Sprintf("The GM has set the grace period of game %s to %s: orders that come that long after a deadline are still taken (the report names who was late); after it, the defaults apply.", g.ID, adjudicator.FormatDuration(n.Grace))
		if n.Grace == 0 {
			what = fmt.Sprintf("The GM has ended the grace period of game %s: at the deadline, the defaults apply.", g.ID)
		}
	}
	reason := n.Reason
	return d.tell(ctx, tx, g, KindGMNotice, n.Seq, players(g, ""), gameSubject(g.ID, subject), func(r recipient) string {
		return paragraph(what) + "\n" + paragraph("The GM's reason: "+reason) + "\n\n" + statusText(g, r.view)
	})
}

// tellDeadline queues the notice of one deadline change to every player
// still in the game.
func (d *Dispatcher) tellDeadline(ctx context.Context, tx *events.Tx, g *adjudicator.Game, seq int64, p adjudicator.DeadlineSet) error {
	when := "no deadline any more: the step closes once everyone's orders are in, or when the GM closes it"
	if !p.Deadline.IsZero() {
		when = "the new deadline is " + adjudicator.FormatTime(p.Deadline)
	}
	return d.tell(ctx, tx, g, KindDeadline, seq, players(g, ""), gameSubject(g.ID, fmt.Sprintf("step %d: deadline changed", p.Step)), func(r recipient) string {
		return paragraph(fmt.Sprintf("The GM has changed the deadline of step %d of %s: %s.", p.Step, g.ID, when)) + "\n" +
			paragraph("The GM's reason: "+p.Reason) + "\n\n" + statusText(g, r.view)
	})
}

// tellDisorder tells the GM that players fell into civil disorder at the
// close of step (gs is the game at that close).
func (d *Dispatcher) tellDisorder(ctx context.Context, tx *events.Tx, gs *adjudicator.Game, step int) error {
	if len(gs.Last.Disorder) == 0 || gs.Campaign.GM == "" {
		return nil
	}
	key := reportKey(gs, step, "disorder")
	dr := &Draft{Game: gs.ID, Kind: KindDisorder, Step: step, To: gs.Campaign.GM,
		Subject:   gameSubject(gs.ID, fmt.Sprintf("civil disorder: %s", engine.AndList(gs.Last.Disorder))),
		Body:      disorderText(gs, step),
		MessageID: newID(d.Domain, KindDisorder, key...),
		InReplyTo: threadRoot(d.Domain, gs.ID, "gm")}
	_, err := d.Outbox.Enqueue(ctx, tx, dr)
	return err
}

func disorderText(gs *adjudicator.Game, step int) string {
	var b strings.Builder
	who := engine.AndList(gs.Last.Disorder)
	fmt.Fprintf(&b, "At the close of step %d of %s, %s fell into civil disorder: %d steps\nmissed in a row (the campaign's civil_disorder: %d).\n\n", step, gs.ID, who, gs.Campaign.CivilDisorder, gs.Campaign.CivilDisorder)
	if gs.Campaign.CivilDisorderPlay == adjudicator.DisorderBot {
		b.WriteString("From now on the game's bot plays for them without waiting\n(civil_disorder_play: bot); any file of theirs brings them back. To hand\na seat to someone else, mail\n\n")
	} else {
		b.WriteString("From now on the default orders are played for them without waiting; any\nfile of theirs brings them back. To hand a seat to someone else, mail\n\n")
	}
	fmt.Fprintf(&b, "    game: %s\n    player: gm\n    token: YOUR-GM-TOKEN\n    command: gm replace %s NEWNAME NEW@ADDRESS\n    reason: …\n\nor run `taipan gm %s replace %s NEWNAME NEW@ADDRESS --reason …`.\n", gs.ID, gs.Last.Disorder[0], gs.ID, gs.Last.Disorder[0])
	return b.String()
}

// markOf reads a number the mail gateway keeps for a game (see
// mail_marks); known is false when it has none yet.
func markOf(ctx context.Context, tx *events.Tx, game, mark string) (v int64, known bool, err error) {
	var text string
	err = tx.QueryRow(ctx, `SELECT value FROM mail_marks WHERE game_id = ? AND mark = ?`, game, mark).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	v, err = strconv.ParseInt(text, 10, 64)
	return v, err == nil, err
}

// gameMarks are the numbers the mail gateway keeps for a game, as read,
// and those to write: all of them in one statement at the end.
type gameMarks struct {
	game string
	v    map[string]int64
	set  []string // marks changed, in order
}

// marksOf reads all the numbers the mail gateway keeps for a game.
// While tx holds the game, they are read once: the marks of every later
// change to the game in tx are those the earlier ones left (the same
// gameMarks).
func marksOf(ctx context.Context, tx *events.Tx, game string) (*gameMarks, error) {
	if m, ok := tx.Local(marksKey{game}).(*gameMarks); ok && tx.Holds(game) {
		return m, nil
	}
	rows, err := tx.Query(ctx, `SELECT mark, value FROM mail_marks WHERE game_id = ?`, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	m := &gameMarks{game: game, v: map[string]int64{}}
	for rows.Next() {
		var mark, text string
		if err := rows.Scan(&mark, &text); err != nil {
			return nil, err
		}
		v, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("mail mark %s of %s: %q", mark, game, text)
		}
		m.v[mark] = v
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if tx.Holds(game) {
		tx.SetRead(marksKey{game}, m)
	}
	return m, nil
}

// marksKey keys a game's marks as a transaction holding the game has read
// and changed them (Tx.Local).
type marksKey struct{ game string }

// get is a mark; known is false when it has none yet.
func (m *gameMarks) get(mark string) (v int64, known bool) {
	v, known = m.v[mark]
	return v, known
}

// put sets a mark, to be written by write.
func (m *gameMarks) put(mark string, v int64) {
	if old, ok := m.v[mark]; ok && old == v {
		return
	}
	m.v[mark] = v
	if !slices.Contains(m.set, mark) {
		m.set = append(m.set, mark)
	}
}

// write writes the marks put since they were read, in one statement.
func (m *gameMarks) write(ctx context.Context, tx *events.Tx) error {
	if len(m.set) == 0 {
		return nil
	}
	values := make([]string, len(m.set))
	args := make([]any, 0, 3*len(m.set))
	for i, mark := range m.set {
		values[i] = "(?, ?, ?)"
		args = append(args, m.game, mark, strconv.FormatInt(m.v[mark], 10))
	}
	err := tx.Later(ctx, `INSERT INTO mail_marks (game_id, mark, value) VALUES `+strings.Join(values, ", ")+`
		ON CONFLICT (game_id, mark) DO UPDATE SET value = excluded.value`, args...)
	m.set = m.set[:0]
	return err
}

// setMark keeps a number for a game.
func setMark(ctx context.Context, tx *events.Tx, game, mark string, v int64) error {
	if m, ok := tx.Local(marksKey{game}).(*gameMarks); ok {
		m.v[mark] = v
	}
	_, err := tx.Exec(ctx, `INSERT INTO mail_marks (game_id, mark, value) VALUES (?, ?, ?)
		ON CONFLICT (game_id, mark) DO UPDATE SET value = excluded.value`, game, mark, strconv.FormatInt(v, 10))
	return err
}
