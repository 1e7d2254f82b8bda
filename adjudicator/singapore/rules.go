package singapore

import (
	"fmt"
	"strconv"
	"strings"
	"taipan/adjudicator/engine"
)

// run resolves one step, collecting what happened.
type run struct {
	s  *State
	hs []engine.Happening
	// silent: no happening is written (ResolveSilently); nothing the
	// rules decide may depend on one.
	silent bool
}

func (r *run) say(format string, args ...any) {
	if !r.silent {
		r.sayText(fmt.Sprintf(format, args...))
	}
}

// sayText is say of a text built without fmt, for the happenings of every
// turn.
func (r *run) sayText(text string) {
	if !r.silent {
		r.hs = append(r.hs, engine.Happening{Text: text})
	}
}

// tell is a happening only seat may see (private knowledge of deck cards).
func (r *run) tell(seat int, format string, args ...any) {
	if r.silent {
		return
	}
	r.hs = append(r.hs, engine.Happening{Text: fmt.Sprintf(format, args...), To: []string{r.s.Players[seat].Name}})
}

func (r *run) name(seat int) string { return r.s.Players[seat].Name }

// drawTop takes the top card of the deck. The Ordinance card, whenever it
// would be drawn or looked at, is set aside and the next card replaces it
// (SG-A5).
func (r *run) drawTop() (DeckCard, bool) {
	s := r.s
	for len(s.Deck) > 0 {
		d := s.Deck[0]
		s.Deck = s.Deck[1:]
		if d.Card == OrdinanceCard {
			r.setAside()
			continue
		}
		return d, true
	}
	return DeckCard{}, false
}

// drawBottom takes the bottom card of the deck (Spices), with the same
// Ordinance rule as drawTop.
func (r *run) drawBottom() (DeckCard, bool) {
	s := r.s
	for len(s.Deck) > 0 {
		d := s.Deck[len(s.Deck)-1]
		s.Deck = s.Deck[:len(s.Deck)-1]
		if d.Card == OrdinanceCard {
			r.setAside()
			continue
		}
		return d, true
	}
	return DeckCard{}, false
}

func (r *run) setAside() {
	r.s.Aside = true
	r.say("The Societies Ordinance card came up: it is set aside and the next card replaces it; its scoring will apply at the end.")
}

// putBottom puts a card at the bottom of the deck, known to seat (or to
// everybody when public).
func (r *run) putBottom(c Card, seat int, public bool) {
	r.s.Deck = append(r.s.Deck, DeckCard{Card: c, Public: public, Seen: seenBy(seat, public)})
}

func seenBy(seat int, public bool) []int {
	if public {
		return nil
	}
	return []int{seat}
}

// refill fills the empty River slots from the top of the deck, left to
// right (SG-G5); an empty deck leaves them empty (SG-G4).
func (r *run) refill() {
	s := r.s
	var filled []int
	short := false
	for i := range s.River {
		if s.River[i] != NoCard {
			continue
		}
		d, ok := r.drawTop()
		if !ok {
			short = true
			break
		}
		s.River[i] = d.Card
		filled = append(filled, i)
	}
	if len(filled) > 0 {
		text := []byte("The River is refilled: ")
		for n, i := range filled {
			if n > 0 {
				text = append(text, ", "...)
			}
			text = append(text, "slot "...)
			text = strconv.AppendInt(text, int64(i+1), 10)
			text = append(text, ' ')
			text = append(text, s.River[i].String()...)
		}
		r.sayText(string(append(text, '.')))
	}
	if short {
		r.say("The deck is empty: the River stays short of %s (SG-G4).", plural(data.River-s.riverCount(), "card"))
	}
}

// seize puts a card in the Seized area.
func (r *run) seize(c Card) { r.s.Seized = append(r.s.Seized, c) }

// basis is the hand and Merchant card the defaults of seat's choices are
// worked out with. With DefaultsSeePublicOnly (SG-X2, SG-X5) it is only what
// everybody knows, since everybody sees what a default does: the hand's
// open cards (not the hidden dealt one), and the Merchant card only once it
// is public (at Rival Chen's picks); else the whole hand
// and the Merchant card.
func (s *State) basis(seat int) (merchant string, hand []Card) {
	p := &s.Players[seat]
	if !s.rules().DefaultsSeePublicOnly {
		return p.Merchant, p.cards()
	}
	for _, h := range p.Hand {
		if h.Open {
			hand = append(hand, h.Card)
		}
	}
	if s.Phase == phaseChen {
		merchant = p.Merchant
	}
	return merchant, hand
}

// basisTally is basis tallied: the Merchant card the defaults count for
// seat (nil: none) and the hand they see, for total.
func (s *State) basisTally(seat int) (*merchant, handTally) {
	public := s.rules().DefaultsSeePublicOnly
	h := s.handOf(seat, public)
	if !public || s.Phase == phaseChen {
		return merchantByName(s.Players[seat].Merchant), h
	}
	return nil, h
}

// gain is how much seat's running total, as the defaults see it (basis),
// would change if c were seized.
func (s *State) gain(seat int, c Card) int {
	m, h := s.basisTally(seat)
	seized := tallyOf(s.Seized)
	before := s.total(m, &h, seized)
	with := handTally(*seized) // the same counts, by type and mark
	with.add(c, 1)
	after := s.total(m, &h, (*tally)(&with))
	return after - before
}

// defaultTake is the River slot whose card raises seat's running total, as
// the defaults see it (basis), the most, the leftmost on ties (SG-X2).
// It is worked out on tallies (total), as the bot's playouts play every
// seat by it.
func (s *State) defaultTake(seat int) int {
	m, h := s.basisTally(seat)
	seized := tallyOf(s.Seized)
	best, at := 0, -1
	for i, c := range s.River {
		if c == NoCard {
			continue
		}
		with := h
		with.add(c, 1)
		if v := s.total(m, &with, seized); at < 0 || v > best {
			best, at = v, i
		}
	}
	return at
}

// leftmost is the leftmost River slot holding a card, other than skip, or -1.
func (s *State) leftmost(skip int) int {
	for i, c := range s.River {
		if i != skip && c != NoCard {
			return i
		}
	}
	return -1
}

// start places the Secret Society card (set-up step 7).
func (r *run) start(seat, slot int) {
	s := r.s
	if slot == s.SS {
		r.say("%s left the Secret Society card above slot %d (%s).", r.name(seat), slot+1, s.River[slot])
	} else {
		r.say("%s moved the Secret Society card above slot %d (%s).", r.name(seat), slot+1, s.River[slot])
	}
	s.SS = slot
	s.Phase, s.Active = phaseTurn, s.First
	if s.done(s.First) {
		s.Active = s.nextSeat(s.First)
	}
}

// turn plays seat's turn with the choices of pl (checked orders, or a
// standing plan that covers the turn; what pl leaves open gets the
// defaults of the package documentation).
func (r *run) turn(seat int, pl *Plan, how string) {
	s := r.s
	p := &s.Players[seat]
	s.Turn++
	k := riverPick(s.River, pl.Take, -1)
	if k < 0 {
		k = s.defaultTake(seat)
	}
	card := s.River[k]
	s.River[k] = NoCard
	p.Hand = append(p.Hand, HandCard{Card: card, Open: true})
	r.sayText("Turn " + strconv.Itoa(s.Turn) + ": " + p.Name + " took " + card.String() + " from slot " + strconv.Itoa(k+1) + how + ".")
	if k == s.SS {
		t := riverPick(s.River, pl.Move, k)
		if t < 0 {
			t = s.leftmost(k)
		}
		if t < 0 {
			r.say("No other card is in the River: the Secret Society card stays above slot %d (SG-X4).", k+1)
		} else {
			s.SS = t
			r.sayText("The Secret Society card moves above slot " + strconv.Itoa(t+1) + " (" + s.River[t].String() + ").")
		}
	}
	// "Then, resolve the effect of the Goods card you just took": its
	// verb's effect (Opium's is in the scoring).
	if v := s.rules().effectOf(card.Type()); v != nil && s.effects() {
		v.effect(r, seat, pl)
	}
	r.refill()
	// The Secret Society phase.
	m := s.marked()
	switch {
	case m < data.Threshold:
		r.sayText("Secret Society phase: " + strconv.Itoa(m) + " Marked goods in the River; no seizure.")
	case s.River[s.SS] == NoCard:
		r.say("Secret Society phase: %d Marked goods in the River, but slot %d under the Secret Society card is empty; no seizure (SG-G4).", m, s.SS+1)
	default:
		c := s.River[s.SS]
		s.River[s.SS] = NoCard
		r.seize(c)
		r.sayText("Secret Society phase: " + strconv.Itoa(m) + " Marked goods in the River; the Secret Society seizes " + c.String() + " from slot " + strconv.Itoa(s.SS+1) + ".")
		r.refill()
	}
	r.advance(seat)
}

func addSeat(seen []int, seat int) []int {
	out := make([]int, 0, len(seen)+1)
	added := false
	for _, x := range seen {
		if x == seat {
			return seen
		}
		if !added && x > seat {
			out = append(out, seat)
			added = true
		}
		out = append(out, x)
	}
	if !added {
		out = append(out, seat)
	}
	return out
}

// advance ends seat's turn: the end check, else the next player to the
// left.
func (r *run) advance(seat int) {
	s := r.s
	switch {
	case s.activeCount() == 0:
		r.finish("everybody has left the game")
	case s.nextSeat(seat) < 0:
		r.end(fmt.Sprintf("every player holds %d goods", data.Hand))
	case s.riverCount() == 0 && len(s.Deck) == 0:
		r.end("the River and the deck are empty (SG-G4)")
	default:
		s.Phase, s.Active = phaseTurn, s.nextSeat(seat)
	}
}

// end closes the play: Rival Chen's picks (SG-A11), then scoring.
func (r *run) end(reason string) {
	s := r.s
	s.Ended = reason
	r.say("The game ends: %s.", reason)
	if c := s.chenSeat(); s.Figures && c >= 0 && !s.Players[c].Removed && s.riverCount() > 0 {
		picks := merchantByName(merchChen).Picks
		if s.riverCount() <= picks {
			var took []string
			for i, card := range s.River {
				if card != NoCard {
					took = append(took, card.String())
					s.Players[c].Hand = append(s.Players[c].Hand, HandCard{Card: card, Open: true})
					s.River[i] = NoCard
				}
			}
			r.say("Rival Chen: %s takes the last River goods: %s.", r.name(c), strings.Join(took, ", "))
		} else {
			s.Phase, s.Active = phaseChen, c
			r.say("Rival Chen: %s takes %d River goods before scoring.", r.name(c), picks)
			return
		}
	}
	r.finish(reason)
}

// finish scores the game and reveals every hand.
func (r *run) finish(reason string) {
	s := r.s
	s.Phase, s.Ended = phaseOver, reason
	for i, p := range s.Players {
		for j := range s.Players[i].Hand {
			s.Players[i].Hand[j].Open = true
		}
		s.Players[i].Plan = nil
		sc := s.playerScore(i)
		line := fmt.Sprintf("%s reveals %s: %s", p.Name, cardsText(p.cards()), plural(sc.Base, "point"))
		if p.Merchant != "" {
			line += fmt.Sprintf("; %s: total %d", p.Merchant, sc.Total)
			if sc.Wang {
				line += ", exactly the Calculating Wang total: an outright win"
			}
		}
		if p.Removed {
			line += " (has left the game)"
		}
		r.say("%s.", line)
	}
	if s.Ordinance {
		var rec []Card
		for _, c := range s.Seized {
			if c.Marked() {
				rec = append(rec, c)
			}
		}
		r.say("The Societies Ordinance: the seized Marked goods are Reclaimed: %s.", cardsText(rec))
	}
	var names []string
	for _, w := range s.winners() {
		names = append(names, s.Players[w].Name)
	}
	switch len(names) {
	case 0:
		r.say("Nobody wins.")
	case 1:
		r.say("%s wins.", names[0])
	default:
		r.say("Shared win: %s.", engine.AndList(names))
	}
}
