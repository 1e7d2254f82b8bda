package adjudicator

import (
	"context"
	"fmt"
	"strings"

	"taipan/events"
)

// KindReportFormat is a player's choice of how their reports are mailed
// (payload ReportFormatSet, actor = the player). It is about delivery, not
// play: a rollback keeps it, and it tells nobody anything.
const KindReportFormat = "report-format"

// ReportFormatSet is the payload of KindReportFormat.
type ReportFormatSet struct {
	Player string `json:"player"`
	Format string `json:"format"` // FormatHTML or FormatPlain
}

// SetReportFormatTx records, inside the caller's transaction, that player
// wants their reports of game mailed as format (FormatPlain: plain text
// only; FormatHTML: text, HTML and picture). The caller has authenticated
// the player (a mail command from the address on record, with the token).
// Choosing the format the player has already is no event.
func (h *Host) SetReportFormatTx(ctx context.Context, tx *events.Tx, game, player, format string) (*Game, error) {
	g, err := h.loadTx(ctx, tx, game)
	if err != nil {
		return nil, err
	}
	pl := g.Player(player)
	if pl == nil {
		return nil, Errorf(ENOTFOUND, "game %s has no player %q; the players are %s", g.ID, player, strings.Join(g.Names(), ", "))
	}
	format = strings.ToLower(strings.TrimSpace(format))
	if format != FormatHTML && format != FormatPlain {
		return nil, Errorf(EINVALID, "report format %q: write plain (text only) or html (text, HTML and picture)", format)
	}
	if pl.ReportFormat == format {
		return g, nil
	}
	return g, h.append(ctx, tx, g, KindReportFormat, pl.Name, ReportFormatSet{Player: pl.Name, Format: format}, nil)
}

// SetReportFormat is SetReportFormatTx in a transaction of its own.
func (h *Host) SetReportFormat(ctx context.Context, game, player, format string) (*Game, error) {
	var g *Game
	err := h.Store.Update(ctx, func(tx *events.Tx) error {
		var err error
		g, err = h.SetReportFormatTx(ctx, tx, game, player, format)
		return err
	})
	return g, err
}

// applyReportFormat replays a KindReportFormat event.
func (g *Game) applyReportFormat(e events.Event) error {
	var p ReportFormatSet
	if err := e.Decode(&p); err != nil {
		return err
	}
	pl := g.player(p.Player)
	if pl == nil {
		return fmt.Errorf("no player %q", p.Player)
	}
	if p.Format != FormatHTML && p.Format != FormatPlain {
		return fmt.Errorf("report format %q is neither %s nor %s", p.Format, FormatHTML, FormatPlain)
	}
	pl.ReportFormat = p.Format
	return nil
}
