package singapore

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/orders"
)

// Peek is the Salted Fish or Spices choice for the card looked at.
type Peek struct {
	// Mode is "seize", "back" (bottom for Salted Fish, top for Spices),
	// "if" (seize when the card matches If, else back) or "default".
	Mode string `json:"mode"`
	If   []Pat  `json:"if,omitempty"`
}

// saltedFish is the Salted Fish effect (singapore-1889.txt "Goods
// Effects"): "Look at the top card of the deck. Seize it or place it at
// the bottom of the deck." salted-fish: seize | bottom | seize if GOODS.
var saltedFish verb = &saltedFishVerb{verbInfo{name: verbSalted, goods: goodsSalted, rule: `"Goods Effects" (Salted Fish); SG-X5`}}

type saltedFishVerb struct{ verbInfo }

func (*saltedFishVerb) read(s *State, it orders.Item, pl *Plan) (err error) {
	pl.Salted, err = s.parsePeek(it, "bottom")
	return err
}

func (*saltedFishVerb) has(pl *Plan) bool { return pl.Salted != nil }

func (*saltedFishVerb) effect(r *run, seat int, pl *Plan) { r.peek(seat, pl.Salted, false) }

func (*saltedFishVerb) fill(s *State, left func(int) string, seen string) string {
	return "salted-fish: not given: Salted Fish seizes the top card only if that raises " + seen + "; else it goes to the bottom."
}

// spices is the Spices effect (singapore-1889.txt "Goods Effects"): "Look
// at the bottom card of the deck. Seize it or place it at the top of the
// deck." spices: seize | top | seize if GOODS.
var spices verb = &spicesVerb{verbInfo{name: verbSpices, goods: goodsSpices, rule: `"Goods Effects" (Spices); SG-X5`}}

type spicesVerb struct{ verbInfo }

func (*spicesVerb) read(s *State, it orders.Item, pl *Plan) (err error) {
	pl.Spices, err = s.parsePeek(it, "top")
	return err
}

func (*spicesVerb) has(pl *Plan) bool { return pl.Spices != nil }

func (*spicesVerb) effect(r *run, seat int, pl *Plan) { r.peek(seat, pl.Spices, true) }

func (*spicesVerb) fill(s *State, left func(int) string, seen string) string {
	return "spices: not given: Spices seizes the bottom card only if that raises " + seen + "; else it goes on top."
}

func (s *State) parsePeek(it orders.Item, back string) (*Peek, error) {
	usage := fmt.Sprintf("write seize, %s, or seize if GOODS (e.g. %s: seize if Silk, Tea/M)", back, verbOf(it.Verb))
	if it.Value != nil && it.Value.Kind == yaml.MappingNode {
		if len(it.Value.Content) != 2 || normName(it.Value.Content[0].Value) != "seize" && normName(it.Value.Content[0].Value) != "seizeif" {
			return nil, it.Errorf("%s", usage)
		}
		sub := orders.Item{Index: it.Index, Line: it.Value.Content[1].Line, Verb: it.Verb, Value: it.Value.Content[1]}
		ps, err := s.patList(sub, false)
		if err != nil {
			return nil, err
		}
		return &Peek{Mode: "if", If: ps}, nil
	}
	texts, err := stringsOf(it)
	if err != nil {
		return nil, it.Errorf("%s", usage)
	}
	w := strings.Fields(strings.ToLower(texts[0]))
	if len(texts) == 1 && len(w) >= 1 && len(w) <= 2 {
		switch strings.Join(w, " ") {
		case "seize", "seize it":
			return &Peek{Mode: "seize"}, nil
		case back, "back", "put back", "return", "place", back + " of deck", "keep":
			return &Peek{Mode: "back"}, nil
		case "default":
			return &Peek{Mode: "default"}, nil
		}
	}
	if len(w) == 0 || w[0] != "seize" {
		return nil, it.Errorf("%q: %s", strings.Join(texts, ", "), usage)
	}
	w = w[1:]
	if len(w) > 0 && w[0] == "if" {
		w = w[1:]
	}
	texts[0] = strings.Join(w, " ")
	if texts[0] == "" {
		texts = texts[1:]
	}
	if len(texts) == 0 {
		return nil, it.Errorf("%s", usage)
	}
	ps, err := s.pats(it, texts, false)
	if err != nil {
		return nil, err
	}
	return &Peek{Mode: "if", If: ps}, nil
}

// peek: Salted Fish ("Look at the top card of the deck. Seize it or place
// it at the bottom of the deck.") or Spices ("Look at the bottom card of the
// deck. Seize it or place it at the top of the deck.").
func (r *run) peek(seat int, pk *Peek, spices bool) {
	s := r.s
	what, where, back := "Salted Fish", "top", "at the bottom of the deck"
	draw := r.drawTop
	if spices {
		what, where, back, draw = "Spices", "bottom", "on top of the deck", r.drawBottom
	}
	d, ok := draw()
	if !ok {
		r.say("%s: the deck is empty; no effect.", what)
		return
	}
	mode := "default"
	if pk != nil {
		mode = pk.Mode
	}
	seize := false
	switch mode {
	case "seize":
		seize = true
	case "if":
		seize = firstMatch([]Card{d.Card}, pk.If) == 0
	case "default":
		seize = s.gain(seat, d.Card) > 0
	}
	if seize {
		r.seize(d.Card)
		r.say("%s: %s looked at the %s card of the deck and seized it: %s.", what, r.name(seat), where, d.Card)
		return
	}
	d.Seen = addSeat(d.Seen, seat)
	if spices {
		s.Deck = append([]DeckCard{d}, s.Deck...)
	} else {
		s.Deck = append(s.Deck, d)
	}
	r.say("%s: %s looked at the %s card of the deck and put it %s.", what, r.name(seat), where, back)
	r.tell(seat, "%s: the %s card was %s; you put it %s.", what, where, d.Card, back)
}
