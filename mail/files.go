package mail

import (
	"context"
	"fmt"
	"strings"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/orders"
)

// takeFile takes in a player's order file: its press, its absence and its
// orders, all or nothing (a refusal of any part undoes the others), and
// answers it. With check: true it reads and checks all of them the same
// way, answers with the game's reading or the mistakes, and undoes
// everything: nothing is logged, relayed or counted.
func (in *Ingester) takeFile(ctx context.Context, tx *events.Tx, m *Inbound, env *orders.Envelope, seat *adjudicator.Seat, roster *adjudicator.Roster, res *Result, refuse refuser) (*Result, error) {
	subject := func(what string) string { return gameSubject(env.Game, what) }
	check := env.Check
	var r *adjudicator.Receipt
	var changed *adjudicator.Game // the game after its press or absence
	var notes []string            // what became of them, for the answer
	refused, err := in.savepoint(ctx, tx, env.Game, !check, func() error {
		if p := env.Press; p != nil {
			g, _, err := in.Host.PressTx(ctx, tx, env.Game, adjudicator.PressOrder{From: seat.Name, Token: env.Token, To: p.To, Text: p.Text, Grey: p.Grey}, adjudicator.SubmitOptions{})
			if err != nil {
				return err
			}
			changed = g
			notes = append(notes, pressNote(g, p, check))
		}
		if a := env.Absence; a != nil {
			g, err := in.Host.AbsentTx(ctx, tx, env.Game, seat.Name, env.Token, a.From, a.Until, a.Reason, adjudicator.SubmitOptions{})
			if err != nil {
				return err
			}
			changed = g
			notes = append(notes, absenceNote(g, seat.Name, a, check))
		}
		if env.HasList {
			var err error
			if r, err = in.Host.SubmitTx(ctx, tx, env, adjudicator.SubmitOptions{CheckOnly: check}); err != nil {
				return err
			}
		}
		if check {
			return nil
		}
		// Press and absences count as files too: each is mail to others.
		if r != nil {
			return in.countFile(ctx, tx, env.Game, r.Player, r.Step)
		}
		return in.countFile(ctx, tx, env.Game, seat.Name, changed.Step)
	})
	if err != nil {
		return nil, err
	}
	if refused != nil {
		lines := errLines(refused)
		if check {
			return refuse(roster, subject("checked: mistakes found"), "checked (check: true), nothing submitted: "+lines[0], lines[1:])
		}
		return refuse(roster, subject("orders refused"), lines[0], lines[1:])
	}
	if err := in.welcome(ctx, tx, m.From); err != nil {
		return nil, err
	}
	// The answer reads only the notes and the receipt, which nothing
	// changes once made (a later change to the game starts from a copy).
	body := func() string {
		var b strings.Builder
		for _, n := range notes {
			b.WriteString(n + "\n\n")
		}
		if r != nil {
			b.WriteString(adjudicator.Acknowledgement(r))
		}
		return strings.TrimRight(b.String(), "\n") + "\n"
	}
	what := fileSummary(env, r, seat.Name)
	if check {
		res.Outcome, res.Reason = Command, "checked, nothing submitted: "+what
		return res, in.reply(ctx, tx, m, env.Game, KindReply, subject("checked: "+what), body())
	}
	res.Outcome, res.Reason = Accepted, fmt.Sprintf("%s's %s of %s", seat.Name, what, env.Game)
	if r != nil {
		res.Closed = r.Closed
	}
	if err := in.acknowledge(ctx, tx, m, env.Game, subject(what+" accepted"), body); err != nil {
		return nil, err
	}
	if in.Dispatcher == nil {
		return res, nil
	}
	// The reports of the steps closed, press to relay, an absence to
	// tell; and the marks moved to the log's head, so that other workers
	// see at a glance that nothing is owed.
	g := changed
	if r != nil {
		g = r.Game
	}
	return res, in.Dispatcher.ChangedTx(ctx, tx, g)
}

// acknowledge queues the acknowledgement of m, an accepted file, whose
// text body writes. An acknowledgement is sent whatever the limits on
// answers (answer), so nothing in the transaction decides it: its text,
// which echoes the orders, is written on another goroutine while the
// transaction goes on with the next mail (Outbox.EnqueueDraft).
func (in *Ingester) acknowledge(ctx context.Context, tx *events.Tx, m *Inbound, game, summary string, body func() string) error {
	// The mail as it is now, secrets found: should the transaction fail,
	// the mail is taken again (and changed) while the draft is written.
	m.secrets()
	mail := *m
	return in.Outbox.EnqueueDraft(ctx, tx, func() *Draft {
		d := in.replyDraft(&mail, game, KindAck, summary, body())
		// No answer repeats a secret of the mail it answers (answer).
		d.Body = hideSecrets(d.Body, &mail)
		return d
	})
}

// fileSummary names what a file held, for subjects and the log:
// "orders: alice, step 3", "press", "absence", or several of them.
func fileSummary(env *orders.Envelope, r *adjudicator.Receipt, player string) string {
	var parts []string
	if env.Press != nil {
		parts = append(parts, "press")
	}
	if env.Absence != nil {
		parts = append(parts, "absence")
	}
	if r != nil {
		if r.Standing {
			parts = append(parts, "standing orders: "+player)
		} else {
			parts = append(parts, fmt.Sprintf("orders: %s, step %d", r.Player, r.Step))
		}
	}
	return strings.Join(parts, " and ")
}

// pressNote is what the answer says of the press in a file.
func pressNote(g *adjudicator.Game, p *orders.Press, check bool) string {
	to := "everyone in the game"
	if len(p.To) > 0 {
		to = engine.AndList(p.To)
	}
	how := ""
	if p.Grey {
		how = " unsigned (grey press: only the GM learns who sent it)"
	}
	if check {
		return fmt.Sprintf("Checked, not sent: your press to %s may go%s. Send the file again\nwithout check: true to send it.", to, how)
	}
	if p.Grey {
		return fmt.Sprintf("Your grey press to %s is held until step %d closes, and then relayed\nunsigned from the games' address, which never shows yours, and logged with\nthe close, so that neither its time nor its place in the log tells who\nsent it. Only the GM learns that you did.", to, g.Step)
	}
	return fmt.Sprintf("Your press to %s is relayed from the games' address,\nwhich never shows yours. It is in the reports of step %d.", to, g.Step)
}

// absenceNote is what the answer says of the absence in player's file: what
// the allowance covers of it, and when the allowance runs out.
func absenceNote(g *adjudicator.Game, player string, a *orders.Away, check bool) string {
	window := fmt.Sprintf("from %s to %s", adjudicator.FormatTime(a.From), adjudicator.FormatTime(a.Until))
	if check {
		return fmt.Sprintf("Checked, not recorded: your absence %s may be recorded.\nSend the file again without check: true to record it.", window)
	}
	deadline := "The open step has no deadline."
	switch {
	case g.Paused:
		deadline = "The game is paused: no deadline runs."
	case !g.Deadline.IsZero():
		deadline = fmt.Sprintf("The deadline of step %d is %s.", g.Step, adjudicator.FormatTime(g.Deadline))
	}
	cover := "Deadlines that fall in it move to its end, within the game's allowance."
	if pl := g.Player(player); pl != nil && len(pl.Absences) > 0 {
		cover = g.AbsenceCover(pl.Absences[len(pl.Absences)-1])
	}
	return fmt.Sprintf("Your absence %s is recorded.\n%s\n%s Everyone in the game is told.", window, engine.Wrap(cover, "", 72), deadline)
}
