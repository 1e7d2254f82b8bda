package mail

import (
	"context"
	"fmt"
	"strings"

	"taipan/adjudicator"
	"taipan/events"
)

// warnLeak tells a player, and the game's GM, that a mail carried the
// player's right token from another address. Each is told once an hour
// at most (the Message-ID is made of the hour), within the limits on
// answers; the GM's daily digest lists every such mail.
func (in *Ingester) warnLeak(ctx context.Context, tx *events.Tx, m *Inbound, game string, seat *adjudicator.Seat, roster *adjudicator.Roster) error {
	hour := hourOf(in.now())
	domain := domainOf(in.Address)
	type notice struct{ to, key, subject, body string }
	var notices []notice
	if seat.Email != "" {
		notices = append(notices, notice{seat.Email, playerKey(seat.Name), gameSubject(game, "a mail with your token came from another address"),
			fmt.Sprintf("Taipan refused a mail for game %s that carried your token but came from %s,\nnot from your address on record (%s).\n\nIf it was you, send your orders from %s. If it was not, your token\nhas leaked: send `command: token` from %s for a new one, or ask the GM.\n(Taipan tells you of such mail once an hour at most.)\n",
				game, m.From, seat.Email, seat.Email, seat.Email)})
	}
	if roster.GM != "" && !strings.EqualFold(roster.GM, seat.Email) {
		notices = append(notices, notice{roster.GM, "gm", gameSubject(game, fmt.Sprintf("%s's token came from another address", seat.Name)),
			fmt.Sprintf("Taipan refused a mail for game %s that carried %s's right token but came\nfrom %s, not from %s's address on record (%s). %s has been told.\n\nIf the token has leaked, issue a new one:\n    taipan gm %s token %s --reason \"token leaked\"\n(Taipan tells you of such mail once an hour at most; your daily digest of\nrefusals lists them all.)\n",
				game, seat.Name, m.From, seat.Name, seat.Email, seat.Name, game, seat.Name)})
	}
	for _, n := range notices {
		what := fmt.Sprintf("a mail with %s's token came from %s", seat.Name, m.From)
		_, err := in.answer(ctx, tx, m, KindNotice, n.to, what, func() (*Draft, error) {
			return &Draft{Game: game, Kind: KindNotice, Step: -1, To: n.to, Subject: n.subject, Body: n.body,
				MessageID: newID(domain, KindNotice, game, seat.Name, strings.ToLower(n.to), hour),
				InReplyTo: threadRoot(domain, game, n.key)}, nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
