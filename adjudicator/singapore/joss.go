package singapore

import (
	"strings"

	"taipan/orders"
)

// Pick is the Joss Paper choice: which of the two drawn cards is seized.
// Nth (1 or 2) picks by drawing order; else the first entry of Prefer that
// matches one of them (the first drawn on a tie); else the default.
type Pick struct {
	Nth    int   `json:"nth,omitempty"`
	Prefer []Pat `json:"prefer,omitempty"`
}

// joss is the Joss Paper effect (singapore-1889.txt "Goods Effects"):
// "Draw 2 cards, Seize 1 and place the other at the bottom of the deck"
// (SG-A15 for a short deck, SG-X9 for what others know of the card put
// back). joss-paper: seize 1 | seize 2 | [GOODS, ...].
var joss verb = &jossVerb{verbInfo{name: verbJoss, goods: goodsJoss, rule: `"Goods Effects" (Joss Paper); SG-A15, SG-X5, SG-X9`}}

type jossVerb struct{ verbInfo }

func (*jossVerb) read(s *State, it orders.Item, pl *Plan) (err error) {
	pl.Joss, err = s.parseJoss(it)
	return err
}

func (*jossVerb) has(pl *Plan) bool { return pl.Joss != nil }

func (*jossVerb) effect(r *run, seat int, pl *Plan) { r.joss(seat, pl.Joss) }

func (*jossVerb) fill(s *State, left func(int) string, seen string) string {
	return "joss-paper: not given: Joss Paper seizes the drawn card that raises " + seen + " most, the first drawn on a tie."
}

func (s *State) parseJoss(it orders.Item) (*Pick, error) {
	texts, err := stringsOf(it)
	if err != nil {
		return nil, it.Errorf("say which drawn card to seize: joss-paper: seize 1 (the first drawn), seize 2, or goods in order of preference, e.g. joss-paper: [Silk, Tea/M]")
	}
	first := strings.ToLower(texts[0])
	if w := strings.Fields(first); len(w) > 0 && w[0] == "seize" {
		texts[0] = strings.TrimSpace(strings.Join(w[1:], " "))
		if texts[0] == "" {
			texts = texts[1:]
		}
	}
	if len(texts) == 0 {
		return nil, it.Errorf("seize what? write seize 1, seize 2, or goods in order of preference")
	}
	if len(texts) == 1 {
		switch strings.ToLower(texts[0]) {
		case "1", "first", "1st":
			return &Pick{Nth: 1}, nil
		case "2", "second", "2nd":
			return &Pick{Nth: 2}, nil
		case "default":
			return &Pick{}, nil
		}
	}
	ps, err := s.pats(it, texts, false)
	if err != nil {
		return nil, err
	}
	return &Pick{Prefer: ps}, nil
}

// joss: "Draw 2 cards, Seize 1 and place the other at the bottom of the
// deck." (SG-A15 for a short deck.)
func (r *run) joss(seat int, pick *Pick) {
	s := r.s
	a, okA := r.drawTop()
	if !okA {
		r.say("Joss Paper: the deck is empty; no effect (SG-A15).")
		return
	}
	b, okB := r.drawTop()
	if !okB {
		r.seize(a.Card)
		r.say("Joss Paper: only one card was left in the deck; %s is seized (SG-A15).", a.Card)
		return
	}
	drawn := []Card{a.Card, b.Card}
	pair := []DeckCard{a, b}
	i := -1
	switch {
	case pick != nil && pick.Nth > 0:
		i = pick.Nth - 1
	case pick != nil && len(pick.Prefer) > 0:
		i = firstMatch(drawn, pick.Prefer)
	}
	if i < 0 {
		i = 0
		if s.gain(seat, drawn[1]) > s.gain(seat, drawn[0]) {
			i = 1
		}
	}
	kept, other := drawn[i], drawn[1-i]
	r.seize(kept)
	if s.rules().JossKeepsKnowledge {
		// Whoever knew the card put back still knows it: the seized one
		// is public, so they can tell which went to the bottom (SG-X9).
		d := pair[1-i]
		d.Seen = addSeat(d.Seen, seat)
		s.Deck = append(s.Deck, d)
	} else {
		r.putBottom(other, seat, false)
	}
	r.say("Joss Paper: %s drew 2 cards, seized %s and put the other at the bottom of the deck.", r.name(seat), kept)
	r.tell(seat, "Joss Paper: you drew %s and %s; %s went to the bottom of the deck (only you know).", a.Card, b.Card, other)
}

// firstMatch is the index of the first card matching the first pattern
// that matches any, or -1.
func firstMatch(cards []Card, ps []Pat) int {
	for _, p := range ps {
		for i, c := range cards {
			if p.matchCard(c) {
				return i
			}
		}
	}
	return -1
}
