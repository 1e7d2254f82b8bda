package mail

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"taipan/adjudicator"
	"taipan/events"
)

// The web site hands mail to the gateway through the Dispatcher, which has
// the methods of the site's Notifier and TokenMailer (this package does not
// import the site; `taipan serve` connects the two). Each is called inside
// the transaction of the change it mails about, so that the mail is queued
// with the change or not at all.

// Acknowledged queues the acknowledgement of orders taken by the web
// site's form, text, to the player's address, as a mail of orders would
// have got it; the player thus hears of orders given in their name
// wherever they came from.
func (d *Dispatcher) Acknowledged(ctx context.Context, tx *events.Tx, r *adjudicator.Receipt, text string) error {
	g := r.Game
	p := g.Player(r.Player)
	if p == nil || p.Email == "" || r.Checked {
		return nil
	}
	key := []string{g.ID, r.Player, strconv.Itoa(r.Step)}
	for _, e := range r.Events {
		key = append(key, strconv.FormatInt(e.Seq, 10))
	}
	what := fmt.Sprintf("orders: %s, step %d", r.Player, r.Step)
	if r.Standing {
		what = "standing orders: " + r.Player
	}
	dr := &Draft{Game: g.ID, Kind: KindAck, Step: -1, To: p.Email,
		Subject:   gameSubject(g.ID, what+" accepted (web)"),
		Body:      "These orders came through the game's web site.\n\n" + text,
		MessageID: newID(d.Domain, KindAck, append([]string{"web"}, key...)...),
		InReplyTo: threadRoot(d.Domain, g.ID, playerKey(r.Player))}
	_, err := d.Outbox.Enqueue(ctx, tx, dr)
	return err
}

// Changed queues what a change the web site made to g owes by mail
// (ChangedTx): reports, press, notices.
func (d *Dispatcher) Changed(ctx context.Context, tx *events.Tx, g *adjudicator.Game) error {
	return d.ChangedTx(ctx, tx, g)
}

// MailToken mails a new token to player of g (player "" or "gm": the GM),
// at the address on record, for the GM's replace and token actions on the
// web site, whose pages never show a token. The outbox keeps the mail
// without it once sent.
func (d *Dispatcher) MailToken(ctx context.Context, tx *events.Tx, g *adjudicator.Game, player, token string) error {
	to, who, key := g.Campaign.GM, "GM", "gm"
	if player != "" && !strings.EqualFold(player, adjudicator.ActorGM) {
		p := g.Player(player)
		if p == nil {
			return adjudicator.Errorf(adjudicator.ENOTFOUND, "game %s has no player %q", g.ID, player)
		}
		to, who, key = p.Email, p.Name, playerKey(p.Name)
	}
	if to == "" {
		return adjudicator.Errorf(adjudicator.ECONFLICT, "game %s has no address for %s: the new token cannot be mailed", g.ID, who)
	}
	dr := &Draft{Game: g.ID, Kind: KindToken, Step: -1, To: to,
		Subject:   gameSubject(g.ID, "your new token"),
		Body:      tokenText(g.ID, who, token, "The GM has made you a new token; the one you had no longer works."),
		MessageID: newID(d.Domain, KindToken, g.ID, key, token[:min(8, len(token))]),
		InReplyTo: threadRoot(d.Domain, g.ID, key),
		Secrets:   []string{token}}
	_, err := d.Outbox.Enqueue(ctx, tx, dr)
	return err
}
