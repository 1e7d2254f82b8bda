package shanghaitrader

import (
	"fmt"
	"slices"
	"strings"
)

// The readings of deals in one round (offer.go): offer: to a
// player, and accept: and decline:.

// readOffer reads offer: an exchange offered to another player in the
// Collusion Phase, {to: PLAYER, give: [...], get: [...]} or a list of
// them; any other value is an offer of the registry's deals (readDeal,
// §9.3).
func (s *State) readOffer(p int, pl *plan, verb string, v any) error {
	if !toPlayer(v) {
		return s.readDeal(p, pl, verb, v)
	}
	if !s.collusion() {
		return fmt.Errorf("an offer to a player is an exchange, made in the Collusion Phase, the step before each winter turn (§2.2); the registry's deals are {lido|customs|spy|inspector|courtesan: AMOUNT}")
	}
	list, ok := asList(v)
	if !ok {
		list = []any{v}
	}
	var with []any
	for _, e := range list {
		m, ok := e.(mapping)
		if !ok {
			return fmt.Errorf("write {to: PLAYER, give: [ESTABLISHMENTS and cash], get: [...]}")
		}
		c := make(mapping, 0, len(m))
		for _, e := range m {
			switch strings.ToLower(e.key) {
			case "to":
				c = append(c, mapEntry{"with", e.val})
			case "with":
				return fmt.Errorf("offer: name the player with to:, not with:")
			default:
				c = append(c, e)
			}
		}
		c, _ = sortMapping(c)
		with = append(with, c)
	}
	var got cityOrders
	if err := s.parseExchanges(p, &got, with); err != nil {
		return fmt.Errorf("offer: %v", strings.TrimPrefix(err.Error(), "exchange: "))
	}
	pl.City.Offered = got.Exchanges
	return nil
}

// toPlayer reports whether an offer: value is addressed to a player
// (has a to: key, or with: as an exchange has) rather than to the
// registry.
func toPlayer(v any) bool {
	if list, ok := asList(v); ok && len(list) > 0 {
		v = list[0]
	}
	m, ok := v.(mapping)
	if !ok {
		return false
	}
	for _, e := range m {
		if strings.EqualFold(e.key, "to") || strings.EqualFold(e.key, "with") {
			return true
		}
	}
	return false
}

// readAnswer reads accept: and decline: in the Collusion Phase: a player
// (or a list of them) whose offer on the table is answered as it stands
// now, or, for accept:, a standing answer {from: PLAYER, if_get:
// [ESTABLISHMENTS]} that accepts any offer of theirs giving all it names.
func (s *State) readAnswer(p int, pl *plan, verb string, v any) error {
	d := s.d()
	accept := verb == verbAccept
	list, ok := asList(v)
	if !ok {
		list = []any{v}
	}
	for _, e := range list {
		a := tableAnswer{By: p, Accept: accept}
		if m, ok := e.(mapping); ok {
			if !accept {
				return fmt.Errorf("decline: name the player whose offer you decline; an offer you do not accept lapses anyway")
			}
			a.Standing, a.From = true, -1
			for _, en := range m {
				k := en.key
				switch strings.ToLower(k) {
				case "from":
					t, _ := text(en.val)
					q, err := s.otherPlayer(p, t)
					if err != nil {
						return fmt.Errorf("from: %v", err)
					}
					a.From = q
				case "if_get", "ifget":
					if isNone(en.val) {
						continue
					}
					ts, ok := texts(en.val)
					if !ok {
						return fmt.Errorf("if_get: list the establishments the offer must give you")
					}
					for _, t := range ts {
						i, ok := d.findLoc(t)
						if !ok || !buyable(d.loc(i).Type) {
							return fmt.Errorf("if_get: %q is not an establishment", t)
						}
						a.IfGet = append(a.IfGet, i)
					}
				default:
					return fmt.Errorf("accept: the keys of a standing answer are from and if_get, not %q", k)
				}
			}
			if a.From < 0 {
				return fmt.Errorf("accept: name the player whose offers you accept (from:)")
			}
			slices.Sort(a.IfGet)
		} else {
			t, _ := text(e)
			q, err := s.otherPlayer(p, t)
			if err != nil {
				return err
			}
			a.From = q
			terms, ok := s.termsToAnswer(p, q)
			if !ok {
				return fmt.Errorf("%s has made you no offer in this step (answer one made later with accept: {from: %s, if_get: [...]})", s.Players[q].Name, s.Players[q].Name)
			}
			a.Terms = terms
		}
		if slices.ContainsFunc(pl.City.Answers, func(o tableAnswer) bool { return o.From == a.From }) {
			return fmt.Errorf("one answer to %s: accept or decline, once", s.Players[a.From].Name)
		}
		pl.City.Answers = append(pl.City.Answers, a)
	}
	return nil
}

// termsToAnswer are the terms of q's offer to p that p's answer now
// answers: the offer on the table, or, when q has withdrawn it since, the
// terms p's earlier file answered (so that a file accepted stays legal
// until the step closes).
func (s *State) termsToAnswer(p, q int) (string, bool) {
	for _, o := range s.Underworld.Table {
		if o.From == q && o.To == p {
			return o.Text, true
		}
	}
	for _, a := range s.Underworld.Answers {
		if a.By == p && a.From == q && !a.Standing {
			return a.Terms, true
		}
	}
	return "", false
}

// offerChoices are the players whose offers to p are on the table, for
// accept: and decline:.
func (s *State) offerChoices(p int) []string {
	var out []string
	if s.Underworld == nil {
		return nil
	}
	for _, o := range s.Underworld.Table {
		if o.To == p && !slices.Contains(out, s.Players[o.From].Name) {
			out = append(out, s.Players[o.From].Name)
		}
	}
	return out
}

// oneDealEach refuses a file that both orders an exchange with a player
// and offers them one: one exchange a pair (§2.3).
func (s *State) oneDealEach(x *cityOrders) error {
	for _, o := range x.Offered {
		if slices.ContainsFunc(x.Exchanges, func(e exchange) bool { return e.With == o.With }) {
			return fmt.Errorf("one exchange with %s: an exchange: or an offer:, not both", s.Players[o.With].Name)
		}
	}
	return nil
}
