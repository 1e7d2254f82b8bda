package mail

import (
	"context"
	"strings"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/orders"
)

// hoursCommand answers `command: hours [ZONE [QUIET]]`: with no argument,
// the player's time zone and quiet hours as Taipan has them; with a zone
// (and quiet hours, HH:MM-HH:MM or none), it records them, so that times
// are shown in that zone and reminders come in waking hours. A zone or
// hours that do not read are refused with the field (refusal), changing
// nothing.
func (in *Ingester) hoursCommand(ctx context.Context, tx *events.Tx, g *adjudicator.Game, env *orders.Envelope, player string) (body, refusal string, err error) {
	if player == "" {
		return "", "field command: the GM has no hours of a player; hours are set by each player for themselves", nil
	}
	if len(env.Args) > 2 {
		return "", "field command: write command: hours ZONE QUIET, e.g. command: hours Europe/Berlin 22:00-07:30 (or none for no quiet hours)", nil
	}
	if len(env.Written) > 0 {
		zone, quiet := env.Written[0], ""
		if len(env.Written) == 2 {
			quiet = env.Written[1]
		}
		if g, err = in.Host.SetHoursTx(ctx, tx, env.Game, player, zone, quiet); err != nil {
			if adjudicator.ErrorCode(err) == adjudicator.EINVALID {
				return "", "field command: " + err.Error(), nil
			}
			return "", "", err
		}
	}
	pl := g.Player(player)
	var b strings.Builder
	if len(env.Args) > 0 {
		b.WriteString("Recorded. ")
	}
	b.WriteString("Your time zone in " + g.ID + " is ")
	if pl.Zone == "" {
		b.WriteString("UTC (the one Taipan writes times in)")
	} else {
		b.WriteString(pl.Zone)
	}
	b.WriteString(", and ")
	if pl.Quiet == "" {
		b.WriteString("you have no quiet hours: reminders come whenever they are due.")
	} else {
		b.WriteString("your quiet hours are " + pl.Quiet + ": a reminder that falls in them comes before they begin.")
	}
	if !g.Deadline.IsZero() && !g.Paused && !g.Status.Finished {
		b.WriteString("\n\nThe open step's deadline: " + adjudicator.FormatTime(g.Deadline))
		if local := pl.LocalTime(g.Deadline); local != "" {
			b.WriteString(" (" + local + ", your time)")
		}
		b.WriteString(".")
	}
	b.WriteString("\n\nTo change them: command: hours ZONE QUIET, e.g. command: hours Europe/Berlin 22:00-07:30 (or none).\n")
	return b.String(), "", nil
}
