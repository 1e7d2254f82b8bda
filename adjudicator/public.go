package adjudicator

import (
	"slices"

	"taipan/events"
)

// What the public may see of a game's log is decided here, once, for the
// public export (`taipan export --public`, the web site's download) and the
// web site's log page alike.
//
// While a game runs, the secrets' payloads are withheld and only their
// salted commitments kept, so that anyone can check the chain, and check
// the full log against it once the game is over. Then everything is shown
// but grey press, whose payload names its sender: it stays withheld for
// good, unless the campaign says grey_senders: revealed (see grey.go). A
// running game in log format 1 shows no payload and no hash at all: its
// commitments are plain hashes, against which guesses of the withheld
// orders can be tested.

// Why the public log withholds an event's payload.
const (
	WithheldUntilOver = "until the game is over" // a secret of a running game
	WithheldForGood   = "for good"               // grey press, whose payload names its sender
	// WithheldWithHash is a running game of log format 1: the payload
	// and the hashes, a plain hash of a secret being open to guesses.
	WithheldWithHash = "with its hash, until the game is over"
)

// secretKinds are the events a public export withholds until the game is
// over: the campaign (it holds the fixed deal and the players' addresses),
// the seed, orders (which may show a hidden hand or plan), step closings
// (their digests cover the hidden state), hand-overs (a new address) and
// a player's hours (when they sleep).
var secretKinds = map[string]bool{
	KindCreated: true, KindSeed: true, KindOrders: true, KindStanding: true, KindClosed: true, KindReplace: true,
	KindHours: true, KindOpened: true, KindSignedUp: true, KindTaken: true, KindTakeAsked: true,
}

// PublicEvent is one event of a game's log as the public may see it.
type PublicEvent struct {
	// Event is the event as the public export holds it: when Withheld,
	// without its payload and salt (its salted commitment kept); for a
	// running game of log format 1, without its hashes either.
	events.Event
	Withheld string // why its payload is withheld (WithheldUntilOver, …); "" when it is shown
	VoidedBy int64  // the rollback that voided the event; 0: none
}

// PublicLog is a game's log as the public may see it, and what it
// withholds and why.
type PublicLog struct {
	Game   string
	Events []PublicEvent
	// Note says to the reader what is withheld and why; "" when nothing is.
	Note string
}

// Publish is the log evs of game g (its replay) as the public may see it,
// event by event: the public export (Public), or for a running game of log
// format 1, which has none, the events without payloads or hashes.
func Publish(g *Game, evs []events.Event) *PublicLog {
	// The voided marks are read from the whole log: the public one
	// withholds the closings that say where a rollback cuts, though not
	// which events it voided.
	voided := Voided(evs)
	l := &PublicLog{Game: g.ID}
	export, err := Public(g, evs)
	if err != nil {
		l.Note = "This game is written in log format 1: until it is over, neither its payloads nor its hashes are shown, since a plain hash of a withheld order can be tested against guesses. Its full log is given once the game is over."
		for _, e := range evs {
			e = e.Redact()
			e.Hash, e.PrevHash, e.PayloadHash = "", "", ""
			l.Events = append(l.Events, PublicEvent{Event: e, Withheld: WithheldWithHash, VoidedBy: voided[e.Seq]})
		}
		return l
	}
	forGood := false
	for i, e := range export {
		pe := PublicEvent{Event: e, VoidedBy: voided[e.Seq]}
		if e.Redacted() {
			pe.Withheld = WithheldUntilOver
			if greyPress(evs[i]) && g.Campaign.GreySenders != GreyRevealed {
				pe.Withheld, forGood = WithheldForGood, true
			}
		}
		l.Events = append(l.Events, pe)
	}
	switch {
	case !g.Status.Finished:
		l.Note = "While the game runs, the campaign, the seed, the orders, private and grey press and the step digests are withheld; each keeps its salted commitment, so the chain checks now and the full log can be checked against it once the game is over. Grey press is logged with the close of its step, so that neither its place nor its time tells who sent it."
	case forGood:
		l.Note = "Grey press stays withheld after the game, so that nobody learns who sent it: each message keeps its salted commitment, so the chain checks, and the audit replays the game without it (press changes nothing in play)."
	}
	return l
}

// Public is the public export of the log evs of game g (its replay): while
// g runs, every secret event's payload (and that of private and grey
// press) is withheld, its salted commitment kept so that the chain checks;
// once it is over, that of grey press alone, unless the campaign says
// grey_senders: revealed. A running game of log format 1 has none (an
// ECONFLICT error says why).
func Public(g *Game, evs []events.Event) ([]events.Event, error) {
	if g.Status.Finished {
		if g.Campaign.GreySenders == GreyRevealed {
			return evs, nil
		}
		out := slices.Clone(evs)
		for i, e := range out {
			if greyPress(e) {
				out[i] = e.Redact()
			}
		}
		return out, nil
	}
	if g.Format < events.Format2 {
		return nil, Errorf(ECONFLICT, "game %s is written in log format 1, whose public export would let anyone test guesses of the withheld orders against their hashes; its public export is the full log, once the game is over", g.ID)
	}
	out := make([]events.Event, len(evs))
	for i, e := range evs {
		if secretKinds[e.Kind] || (e.Kind == KindPress && !publicPress(e)) {
			e = e.Redact()
		}
		out[i] = e
	}
	return out, nil
}

// publicPress reports whether a press event is one everybody reads with
// its sender's name: to everyone, not grey. Private press is for its
// sender and recipients, and grey press hides its sender from all but
// the GM, so while the game runs a public export withholds both (the
// event's actor, which the chain needs, still names the sender).
func publicPress(e events.Event) bool {
	var p PressPayload
	return e.Decode(&p) == nil && len(p.To) == 0 && !p.Grey
}

// ExportWithheld finds, in an export, the first event whose payload was
// withheld, and says why: "a public export of a running game", or "grey
// press, which a public export withholds for good" when nothing else is
// withheld. found is false for a full log.
func ExportWithheld(evs []events.Event) (e events.Event, why string, found bool) {
	first := slices.IndexFunc(evs, func(e events.Event) bool { return e.Redacted() })
	if first < 0 {
		return events.Event{}, "", false
	}
	if slices.ContainsFunc(evs, func(e events.Event) bool { return e.Redacted() && e.Kind != KindPress }) {
		return evs[first], "a public export of a running game", true
	}
	return evs[first], "grey press, which a public export withholds for good", true
}
