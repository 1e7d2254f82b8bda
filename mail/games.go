package mail

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator"
	"taipan/events"
)

// `command: games` is asked of an address, not of a seat:
//
//	command: games
//
// (game, player and token may be left out) lists the games in which the
// sender's address plays, observes or is the GM, each with its open step,
// its deadline and whether the sender is awaited. It is answered to that
// address only, so that a forged From learns nothing; an address no game
// knows is not answered.

// mailCommand is the command of an order file ("" when it has none, or
// cannot be read), read without the envelope's other rules, so that a
// command that needs no game is found in a file without one.
func mailCommand(file []byte) string {
	var doc map[string]any
	if err := yaml.NewDecoder(bytes.NewReader(file)).Decode(&doc); err != nil {
		return ""
	}
	for k, v := range doc {
		if strings.EqualFold(k, "command") {
			s, ok := v.(string)
			if !ok {
				return ""
			}
			f := strings.Fields(strings.ToLower(s))
			if len(f) == 1 {
				return f[0]
			}
		}
	}
	return ""
}

// gamesCommand answers `command: games`.
func (in *Ingester) gamesCommand(ctx context.Context, tx *events.Tx, m *Inbound, res *Result) (*Result, error) {
	ms, err := in.Host.MembershipsTx(ctx, tx, m.From)
	if err != nil {
		return nil, err
	}
	var mine []string
	for _, ms := range ms {
		if !slices.Contains(mine, ms.Game) {
			mine = append(mine, ms.Game)
		}
	}
	open, err := in.openGamesText(ctx, tx)
	if err != nil {
		return nil, err
	}
	if len(mine) == 0 && open == "" {
		res.Outcome, res.Reason = Ignored, "command: games from an address no game knows (not answered)"
		return res, nil
	}
	var b strings.Builder
	if open != "" {
		b.WriteString(open + "\n")
	}
	if len(mine) > 0 {
		fmt.Fprintf(&b, "The games in which %s plays, observes or is the GM:\n\n", m.From)
	}
	for _, id := range mine {
		g, err := in.Host.GameTx(ctx, tx, id)
		if err != nil {
			fmt.Fprintf(&b, "%s: this build cannot read it (%s).\n\n", id, oneLineText(err.Error(), 200))
			continue
		}
		b.WriteString(gameLines(g, m.From))
		b.WriteString("\n")
	}
	b.WriteString("For a game's full status, send `command: status` for it with your token;\nfor your latest report, `command: report`.\n")
	res.Outcome, res.Reason = Command, "games"
	if err := in.welcome(ctx, tx, m.From); err != nil {
		return nil, err
	}
	return res, in.reply(ctx, tx, m, "", KindReply, "[taipan] your games", b.String())
}

// gameLines is one game of the answer to `command: games`, for the
// address addr.
func gameLines(g *adjudicator.Game, addr string) string {
	var b strings.Builder
	var seats []*adjudicator.Player
	for i := range g.Players {
		if p := &g.Players[i]; strings.EqualFold(p.Email, addr) && !p.Removed {
			seats = append(seats, p)
		}
	}
	var roles []string
	for _, p := range seats {
		roles = append(roles, "play "+p.Name)
	}
	if strings.EqualFold(g.Campaign.GM, addr) {
		roles = append(roles, "are the GM")
	}
	if slices.ContainsFunc(g.Campaign.Observers, func(o string) bool { return strings.EqualFold(o, addr) }) {
		roles = append(roles, "observe")
	}
	fmt.Fprintf(&b, "%s (%s): you %s.\n", g.ID, g.Engine.Name(), strings.Join(roles, " and "))
	if g.Forming() {
		return b.String() + signUpText(g, addr)
	}
	if g.Status.Finished {
		fmt.Fprintf(&b, "  The game is over after step %d. Winner: %s.\n", g.Last.Step, orNobody(g.Status.Winners))
		return b.String()
	}
	fmt.Fprintf(&b, "  Step %d is open (%s); waiting for %s.\n", g.Step, g.Status.Phase, orNobody(g.Awaiting()))
	switch {
	case g.Paused:
		b.WriteString("  The GM has paused the game: no deadline runs.\n")
	case g.Deadline.IsZero():
		b.WriteString("  No deadline: the step closes once everyone's orders are in, or when the GM closes it.\n")
	case g.Grace > 0:
		fmt.Fprintf(&b, "  Deadline: %s (late orders taken for %s after it).\n", adjudicator.FormatTime(g.Deadline), adjudicator.FormatDuration(g.Grace))
	default:
		fmt.Fprintf(&b, "  Deadline: %s.\n", adjudicator.FormatTime(g.Deadline))
	}
	for _, p := range seats {
		_, in := g.Open[p.Name]
		switch {
		case p.Resigned:
			fmt.Fprintf(&b, "  %s has resigned: the default orders are played for the seat.\n", p.Name)
		case p.Disorder && g.PlayedByBot(p.Name):
			fmt.Fprintf(&b, "  %s is in civil disorder: the game's bot plays the seat without waiting; any file from you brings you back.\n", p.Name)
		case p.Disorder:
			fmt.Fprintf(&b, "  %s is in civil disorder: the default orders are played without waiting; any file from you brings you back.\n", p.Name)
		case in:
			fmt.Fprintf(&b, "  %s's orders are in; you may still replace them.\n", p.Name)
		case slices.Contains(g.Awaiting(), p.Name):
			fmt.Fprintf(&b, "  You are awaited: %s's orders are due.\n", p.Name)
		default:
			fmt.Fprintf(&b, "  This step does not wait for %s.\n", p.Name)
		}
	}
	return b.String()
}
