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

// Mail commands a player may send instead of orders, in the same envelope:
//
//	game: bourse-1
//	player: alice
//	token: 7f3c...
//	command: status        # or report, history, rules, hours ZONE QUIET
//
// and, without a token, from the address on record, `command: token` for a
// code mailed to that address only, and `command: token CODE` with it for
// a new token, mailed there (see tokens.go).
//
// The GM sends GM actions the same way, as player gm with the GM's token,
// from the GM's address on record, and a reason line:
//
//	game: bourse-1
//	player: gm
//	token: GM-TOKEN
//	command: gm extend 24h  # any action of `taipan gm GAME ACTION ARGS`:
//	reason: alice is travelling  # also gm pause, gm resume, gm grace 12h, gm rollback 3
//
// and, from any address a game knows, `command: games` (games.go).
const commandHelp = `The mail commands are status, report (your latest report again),
history (all your reports so far), rules (the game's order syntax),
hours (your time zone and quiet hours: command: hours Europe/Berlin
22:00-07:30),
token (a new token: a code to confirm it is mailed to your address on
record, and command: token CODE from there makes it; no token needed) and
games (the games of your address; no game, player or token needed).`

// maxHistory is the most reports one history mail carries.
const maxHistory = 50

type refuser func(r *adjudicator.Roster, subject, why string, detail []string) (*Result, error)

// command answers a player's mail command.
func (in *Ingester) command(ctx context.Context, tx *events.Tx, m *Inbound, env *orders.Envelope, player string, res *Result, refuse refuser, roster *adjudicator.Roster) (*Result, error) {
	subject := func(what string) string { return gameSubject(env.Game, what) }
	g, err := in.Host.GameTx(ctx, tx, env.Game)
	if err != nil {
		return nil, err
	}
	var evs []events.Event // read once, if a report before the last is asked for
	var body string
	if g.Forming() && env.Command != "status" {
		return refuse(roster, subject("command refused"), fmt.Sprintf("field command: game %s has not started: it is in %s; only command: status tells of it now", g.ID, g.Status.Phase), nil)
	}
	switch env.Command {
	case "status":
		if g.Forming() {
			body = signUpText(g, "")
			break
		}
		body = statusText(g, player)
	case "report":
		gs, err := in.Host.AtCloseTx(ctx, tx, g, g.Last.Step, evs)
		if err != nil {
			return nil, err
		}
		if body, err = in.Renderer.Text(gs, player); err != nil {
			return nil, err
		}
	case "history":
		var b strings.Builder
		last := g.Last.Step
		first := max(0, last-maxHistory+1)
		if first > 0 {
			fmt.Fprintf(&b, "(Steps 0 to %d are left out: one mail carries at most %d reports.)\n\n", first-1, maxHistory)
		}
		if first < last {
			if evs, err = tx.Events(ctx, env.Game); err != nil {
				return nil, err
			}
		}
		for s := first; s <= last; s++ {
			gs, err := in.Host.AtCloseTx(ctx, tx, g, s, evs)
			if err != nil {
				return nil, err
			}
			text, err := in.Renderer.Text(gs, player)
			if err != nil {
				return nil, err
			}
			b.WriteString(text + "\n")
		}
		body = b.String()
	case "rules":
		body = g.Engine.Help() + "\n"
	case "hours":
		var refusal string
		if body, refusal, err = in.hoursCommand(ctx, tx, g, env, player); err != nil {
			return nil, err
		} else if refusal != "" {
			return refuse(roster, subject("command refused"), refusal, nil)
		}
	default:
		return refuse(roster, subject("command refused"), fmt.Sprintf("field command: unknown command %q. %s", oneLineText(env.Command, 32), commandHelp), nil)
	}
	res.Outcome, res.Reason = Command, env.Command
	if err := in.welcome(ctx, tx, m.From); err != nil {
		return nil, err
	}
	return res, in.reply(ctx, tx, m, env.Game, KindReply, subject(env.Command+" for "+player), body)
}

// gmMail carries out a GM action sent by mail.
func (in *Ingester) gmMail(ctx context.Context, tx *events.Tx, m *Inbound, env *orders.Envelope, roster *adjudicator.Roster, res *Result, refuse refuser) (*Result, error) {
	subject := func(what string) string { return gameSubject(env.Game, what) }
	if roster.GM == "" || !strings.EqualFold(roster.GM, m.From) {
		return refuse(roster, subject("GM action refused"), fmt.Sprintf("field player: GM mail is only taken from the GM's address on record (gm: in the campaign file); this one comes from %s", m.From), nil)
	}
	if env.Command == "token" {
		return refuse(roster, subject("GM action refused"), fmt.Sprintf("field command: the GM's token is not made anew by mail; on the machine that runs Taipan, `%s` makes a new one and prints it once (ask whoever runs Taipan for game %s)", gmTokenCommand(env.Game), env.Game), nil)
	}
	ok, err := adjudicator.TokenMatches(ctx, tx, env.Game, "", env.Token)
	if err != nil {
		return nil, err
	}
	if !ok {
		return refuse(roster, subject("GM action refused"), "field token: wrong or missing GM token for game "+env.Game, nil)
	}
	m.authentic = true // the GM's token from the GM's address: its answers are owed
	if env.Command == "" {
		return refuse(roster, subject("GM action refused"), "field command: the GM sends actions, not orders: command: gm ACTION ARGS, with a reason: line", nil)
	}
	if env.Command != "gm" {
		// The GM may use the players' commands too, seeing the GM's view.
		return in.command(ctx, tx, m, env, "", res, refuse, roster)
	}
	if len(env.Args) == 0 {
		return refuse(roster, subject("GM action refused"), "field command: write the action after gm, e.g. command: gm extend 24h", nil)
	}
	if strings.TrimSpace(m.Reason) == "" {
		return refuse(roster, subject("GM action refused"), "field reason: missing: add a line 'reason: TEXT'; it is shown to the players", nil)
	}
	a := adjudicator.GMAction{Action: env.Args[0], Args: env.Args[1:], Reason: m.Reason}
	var r *adjudicator.GMResult
	refused, err := in.savepoint(ctx, tx, env.Game, true, func() (err error) {
		r, err = in.Host.GMTx(ctx, tx, env.Game, a)
		return err
	})
	if err != nil {
		return nil, err
	}
	if refused != nil {
		lines := errLines(refused)
		return refuse(roster, subject("GM action refused"), lines[0], lines[1:])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Done: gm %s (reason: %s).\n", strings.TrimSpace(a.String()), a.Reason)
	var secrets []string
	if r.Token != "" {
		fmt.Fprintf(&b, "New token (keep it safe; only its hash is stored, and this mail keeps it\nonly until it is sent): %s\n", r.Token)
		secrets = append(secrets, r.Token)
	}
	for _, s := range r.Closed {
		fmt.Fprintf(&b, "Step %d is resolved; the reports follow.\n", s)
	}
	b.WriteString("\n" + statusText(r.Game, ""))
	res.Outcome, res.Reason, res.Closed = Command, "gm "+a.String(), r.Closed
	if err := in.welcome(ctx, tx, m.From); err != nil {
		return nil, err
	}
	_, err = in.answer(ctx, tx, m, KindReply, m.From, "done: gm "+a.String(), func() (*Draft, error) {
		d := in.replyDraft(m, env.Game, KindReply, subject("GM action done: "+a.Action), b.String())
		d.Secrets = secrets
		return d, nil
	})
	if err != nil {
		return nil, err
	}
	if in.Dispatcher != nil {
		// The reports of the steps it closed or rolled back to, and the
		// notices of a pause, a resume, a grace or a deadline.
		return res, in.Dispatcher.ChangedTx(ctx, tx, r.Game)
	}
	return res, nil
}

// statusText is the answer to `command: status`.
func statusText(g *adjudicator.Game, player string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Game %s (%s); players %s.\n", g.ID, g.Engine.Name(), strings.Join(g.Names(), ", "))
	if g.Status.Finished {
		fmt.Fprintf(&b, "The game is over after step %d. Winner: %s.\n", g.Step-1, strings.Join(g.Status.Winners, " and "))
		return b.String()
	}
	fmt.Fprintf(&b, "Step %d is open: %s.\n", g.Step, g.Status.Phase)
	var in []string
	for _, p := range g.Status.Pending {
		if _, ok := g.Open[p]; ok {
			in = append(in, p)
		}
	}
	fmt.Fprintf(&b, "Orders in from: %s.\n", orNobody(in))
	fmt.Fprintf(&b, "Waiting for: %s.\n", orNobody(g.Awaiting()))
	if g.Deadline.IsZero() {
		b.WriteString("Deadline: none.\n")
	} else {
		fmt.Fprintf(&b, "Deadline: %s.\n", adjudicator.FormatTime(g.Deadline))
	}
	if at := g.CloseAt(); !at.IsZero() && g.Grace > 0 {
		fmt.Fprintf(&b, "Closes: %s (late orders are taken for the %s grace period after the deadline).\n", adjudicator.FormatTime(at), adjudicator.FormatDuration(g.Grace))
	}
	if player != "" {
		if _, ok := g.Open[player]; ok {
			b.WriteString("Your orders for this step are in; you may still replace them.\n")
		} else if g.IsPending(player) {
			b.WriteString("Your orders for this step are due.\n")
		}
	}
	for _, n := range g.Notes {
		b.WriteString(engine.Wrap(n.Text, n.Label()+": ", 72) + "\n")
	}
	return b.String()
}

func orNobody(names []string) string {
	if len(names) == 0 {
		return "nobody"
	}
	return strings.Join(names, ", ")
}
