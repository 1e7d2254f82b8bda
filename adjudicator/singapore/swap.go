package singapore

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/orders"
)

// Swap is the Tea or Porcelain choice: no swap, or the River card and the
// hand (Tea) or Seized (Porcelain) card to exchange.
type Swap struct {
	None  bool `json:"none,omitempty"`
	River Pat  `json:"river"`
	With  Pat  `json:"with"`
}

// tea is the Tea effect (singapore-1889.txt "Goods Effects"): "You may
// swap a Good in the River with a Good in your hand." tea: none | swap
// RIVER for HAND.
var tea verb = &teaVerb{verbInfo{name: verbTea, goods: goodsTea, rule: `"Goods Effects" (Tea); SG-X5`}}

type teaVerb struct{ verbInfo }

func (*teaVerb) read(s *State, it orders.Item, pl *Plan) (err error) {
	pl.Tea, err = s.parseSwap(it, "hand")
	return err
}

func (*teaVerb) has(pl *Plan) bool { return pl.Tea != nil }

// check holds the swap to the River after the take and the hand with the
// card taken.
func (*teaVerb) check(s *State, seat int, it orders.Item, pl *Plan, card Card, river []Card, others int) error {
	if pl.Tea.None {
		return nil
	}
	if riverPick(river, []Pat{pl.Tea.River}, -1) < 0 {
		return it.Errorf("there is no %s in the River after your take: it holds %s", pl.Tea.River, riverList(river))
	}
	hand := append(s.Players[seat].cards(), card)
	if cardPick(hand, []Pat{pl.Tea.With}) < 0 {
		return it.Errorf("you hold no %s: your hand after the take is %s", pl.Tea.With, cardsText(hand))
	}
	if ambiguous(hand, pl.Tea.With) {
		return it.Errorf("you hold both %s/M and %s/U: say which you give", data.Goods[pl.Tea.With.Type].Name, data.Goods[pl.Tea.With.Type].Name)
	}
	return nil
}

func (*teaVerb) effect(r *run, seat int, pl *Plan) { r.tea(seat, pl.Tea) }

func (*teaVerb) fill(s *State, left func(int) string, seen string) string {
	return "tea: not given: Tea swaps nothing."
}

// porcelain is the Porcelain effect (singapore-1889.txt "Goods Effects"):
// "You may swap a Good in the River with a Seized Good." porcelain: none
// | swap RIVER for SEIZED.
var porcelain verb = &porcelainVerb{verbInfo{name: verbPorcelain, goods: goodsPorcelain, rule: `"Goods Effects" (Porcelain); SG-X5`}}

type porcelainVerb struct{ verbInfo }

func (*porcelainVerb) read(s *State, it orders.Item, pl *Plan) (err error) {
	pl.Porcelain, err = s.parseSwap(it, "seized")
	return err
}

func (*porcelainVerb) has(pl *Plan) bool { return pl.Porcelain != nil }

// check holds the swap to the River after the take and the Seized goods.
func (*porcelainVerb) check(s *State, seat int, it orders.Item, pl *Plan, card Card, river []Card, others int) error {
	if pl.Porcelain.None {
		return nil
	}
	if riverPick(river, []Pat{pl.Porcelain.River}, -1) < 0 {
		return it.Errorf("there is no %s in the River after your take: it holds %s", pl.Porcelain.River, riverList(river))
	}
	if cardPick(s.Seized, []Pat{pl.Porcelain.With}) < 0 {
		return it.Errorf("no %s is seized: the Seized goods are %s", pl.Porcelain.With, cardsText(s.Seized))
	}
	if ambiguous(s.Seized, pl.Porcelain.With) {
		return it.Errorf("both %s/M and %s/U are seized: say which you swap", data.Goods[pl.Porcelain.With.Type].Name, data.Goods[pl.Porcelain.With.Type].Name)
	}
	return nil
}

func (*porcelainVerb) effect(r *run, seat int, pl *Plan) { r.porcelain(seat, pl.Porcelain) }

func (*porcelainVerb) fill(s *State, left func(int) string, seen string) string {
	return "porcelain: not given: Porcelain swaps nothing."
}

// parseSwap reads tea or porcelain: none, swap RIVER for OTHER, [RIVER,
// OTHER] or {river: RIVER, hand/seized: OTHER}.
func (s *State) parseSwap(it orders.Item, other string) (*Swap, error) {
	example := "Tea/M"
	if other == "hand" {
		example = "Joss Paper/U"
	}
	usage := fmt.Sprintf("write none, or swap RIVER for %s (e.g. %s: swap 2 for %s), or {river: 2, %s: %s}",
		strings.ToUpper(other), verbOf(it.Verb), example, other, example)
	var rt, ot string
	switch {
	case it.Value != nil && it.Value.Kind == yaml.MappingNode:
		c := it.Value.Content
		for i := 0; i+1 < len(c); i += 2 {
			if c[i+1].Kind != yaml.ScalarNode {
				return nil, orders.Errorf(c[i+1].Line, it.Field(), "%s needs a single value", c[i].Value)
			}
			switch k := normName(c[i].Value); {
			case k == "river":
				rt = c[i+1].Value
			case k == other || k == "with" || k == "for":
				ot = c[i+1].Value
			default:
				return nil, orders.Errorf(c[i].Line, it.Field(), "unknown key %q: %s", c[i].Value, usage)
			}
		}
		if rt == "" || ot == "" {
			return nil, it.Errorf("%s", usage)
		}
	default:
		texts, err := it.Strings()
		if err != nil {
			return nil, it.Errorf("%s", usage)
		}
		if len(texts) == 1 {
			t := strings.ToLower(strings.TrimSpace(texts[0]))
			switch t {
			case "none", "no", "pass", "no swap", "nothing", "default":
				return &Swap{None: true}, nil
			}
			t = strings.TrimSpace(strings.TrimPrefix(t, "swap"))
			for _, sep := range []string{" for ", " with ", " and ", ","} {
				if a, b, ok := strings.Cut(t, sep); ok {
					texts = []string{a, b}
					break
				}
			}
		}
		if len(texts) != 2 {
			return nil, it.Errorf("%s", usage)
		}
		rt, ot = texts[0], texts[1]
	}
	rp, err := s.pats(it, []string{rt}, true)
	if err != nil {
		return nil, err
	}
	op, err := s.pats(it, []string{ot}, false)
	if err != nil {
		return nil, err
	}
	if op[0].Type < 0 {
		return nil, it.Errorf("name the %s card by its goods, e.g. Tea/M, not %q", other, ot)
	}
	return &Swap{River: rp[0], With: op[0]}, nil
}

// tea: "You may swap a Good in the River with a Good in your hand."
func (r *run) tea(seat int, sw *Swap) {
	s := r.s
	p := &s.Players[seat]
	if sw == nil || sw.None {
		r.say("Tea: %s made no swap.", p.Name)
		return
	}
	j := riverPick(s.River, []Pat{sw.River}, -1)
	hand := p.cards()
	h := cardPick(hand, []Pat{sw.With})
	if j < 0 || h < 0 {
		r.say("Tea: %s's planned swap does not apply (%s for %s); no swap.", p.Name, sw.River, sw.With)
		return
	}
	give := hand[h]
	// Give an open copy of that card if there is one: identical cards,
	// and the hidden one stays hidden.
	for i, hc := range p.Hand {
		if hc.Card == give && hc.Open {
			h = i
			break
		}
	}
	got := s.River[j]
	p.Hand = append(p.Hand[:h:h], p.Hand[h+1:]...)
	p.Hand = append(p.Hand, HandCard{Card: got, Open: true})
	s.River[j] = give
	r.say("Tea: %s swapped %s from slot %d for %s from their hand.", p.Name, got, j+1, give)
}

// porcelain: "You may swap a Good in the River with a Seized Good."
func (r *run) porcelain(seat int, sw *Swap) {
	s := r.s
	if sw == nil || sw.None {
		r.say("Porcelain: %s made no swap.", r.name(seat))
		return
	}
	j := riverPick(s.River, []Pat{sw.River}, -1)
	h := cardPick(s.Seized, []Pat{sw.With})
	if j < 0 || h < 0 {
		r.say("Porcelain: %s's planned swap does not apply (%s for %s); no swap.", r.name(seat), sw.River, sw.With)
		return
	}
	got := s.River[j]
	s.River[j], s.Seized[h] = s.Seized[h], got
	r.say("Porcelain: %s swapped %s from slot %d with the seized %s.", r.name(seat), got, j+1, s.River[j])
}
