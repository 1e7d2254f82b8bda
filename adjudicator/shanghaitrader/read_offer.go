package shanghaitrader

import (
	"fmt"
	"slices"
	"strings"

	"taipan/adjudicator/engine"
)

// The readings of deals in one round (offer.go): offer: to a
// player, and accept: and decline:.

// readOffer reads offer: a deal offered to another player in the
// Collusion Phase, {to: PLAYER, give: [...], get: [...], lend: N,
// borrow: N, give_waiver: [FEES], get_waiver: [FEES]} or a list of them;
// any other value is an offer of the registry's deals (readDeal, §9.3).
func (s *State) readOffer(p int, pl *plan, verb string, v any) error {
	if !toPlayer(v) {
		return s.readDeal(p, pl, verb, v)
	}
	if !s.collusion() {
		return fmt.Errorf("an offer to a player is a deal of the Collusion Phase, the step before each winter turn (§2.2); the registry's deals are {lido|customs|spy|inspector|courtesan: AMOUNT}")
	}
	list, ok := asList(v)
	if !ok {
		list = []any{v}
	}
	cash := 0
	for _, e := range list {
		o, err := s.readTableOffer(p, e)
		if err != nil {
			return fmt.Errorf("offer: %v", err)
		}
		if slices.ContainsFunc(pl.city().Offered, func(x tableOffer) bool { return x.To == o.To }) {
			return fmt.Errorf("offer: one offer to %s: put everything in it", s.Players[o.To].Name)
		}
		cash += o.GiveCash + o.Lend
		pl.makeCity().Offered = append(pl.makeCity().Offered, o)
	}
	if cash > s.Players[p].Cash {
		return fmt.Errorf("offer: you have %s in cash to give and lend", money(s.Players[p].Cash))
	}
	return nil
}

// offerUsage is how an offer to a player is written.
const offerUsage = "write {to: PLAYER, give: [ESTABLISHMENTS and cash], get: [...], lend: AMOUNT, borrow: AMOUNT, give_waiver: [FEES], get_waiver: [FEES]}"

// readTableOffer reads one offer to a player: its exchange by
// parseExchanges, its loan and its waivers here.
func (s *State) readTableOffer(p int, v any) (tableOffer, error) {
	d := s.d()
	m, ok := v.(mapping)
	if !ok {
		return tableOffer{}, fmt.Errorf("%s", offerUsage)
	}
	var o tableOffer
	ex := make(mapping, 0, len(m))
	trades, named := false, false
	for _, e := range m {
		switch k := strings.ToLower(e.key); k {
		case "to":
			named = true
			ex = append(ex, mapEntry{"with", e.val})
		case "with":
			return o, fmt.Errorf("name the player with to:, not with:")
		case "give", "get":
			trades = trades || !isNone(e.val)
			ex = append(ex, e)
		case "lend", "borrow":
			n, ok := number(e.val)
			if !ok || n <= 0 || n%d.Unit != 0 || n > 1e6 {
				return o, fmt.Errorf("%s: a loan is a positive multiple of $%dooo (§9.1)", k, d.Unit)
			}
			if k == "lend" {
				o.Lend = n
			} else {
				o.Borrow = n
			}
		case "give_waiver", "get_waiver":
			if isNone(e.val) {
				continue
			}
			ts, ok := texts(e.val)
			if !ok {
				return o, fmt.Errorf("%s: list the fees waived (fine, airfield, ferry, transport, commission, gala, extortion)", k)
			}
			for _, t := range ts {
				kind := strings.ToLower(t)
				if _, ok := d.feeTop(kind, false); !ok {
					return o, fmt.Errorf("%s: %q is not a fee: the fees are fine, airfield, ferry, transport, commission, gala and extortion (§9.3)%s", k, t, engine.DidYouMeanAside(t, []string{feeFine, feeAirfield, feeFerry, feeTransport, feeCommission, feeGala, feeExtortion}))
				}
				if k == "give_waiver" {
					o.GiveWaiver = append(o.GiveWaiver, kind)
				} else {
					o.GetWaiver = append(o.GetWaiver, kind)
				}
			}
		default:
			return o, fmt.Errorf("the keys are to, give, get, lend, borrow, give_waiver and get_waiver, not %q%s", e.key, engine.DidYouMeanAside(e.key, []string{"to", "give", "get", "lend", "borrow", "give_waiver", "get_waiver"}))
		}
	}
	if !named {
		return o, fmt.Errorf("name the other player (to:)")
	}
	if o.Lend > 0 && o.Borrow > 0 {
		return o, fmt.Errorf("lend or borrow, not both: a loan goes one way")
	}
	var terms []string
	if trades {
		ex, _ = sortMapping(ex)
		var got cityOrders
		if err := s.parseExchanges(p, &got, []any{ex}); err != nil {
			return o, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "exchange: "))
		}
		x := got.Exchanges[0]
		o.To, o.Give, o.Get, o.GiveCash, o.GetCash = x.With, x.Give, x.Get, x.GiveCash, x.GetCash
		terms = append(terms, x.Text)
	} else {
		for _, e := range ex {
			if e.key == "with" {
				t, _ := text(e.val)
				q, err := s.otherPlayer(p, t)
				if err != nil {
					return o, err
				}
				o.To = q
			}
		}
	}
	slices.Sort(o.GiveWaiver)
	o.GiveWaiver = slices.Compact(o.GiveWaiver)
	slices.Sort(o.GetWaiver)
	o.GetWaiver = slices.Compact(o.GetWaiver)
	if o.Lend > 0 {
		terms = append(terms, "a loan of "+money(o.Lend)+" to "+s.Players[o.To].Name)
	}
	if o.Borrow > 0 {
		terms = append(terms, "a loan of "+money(o.Borrow)+" from "+s.Players[o.To].Name)
	}
	if len(o.GiveWaiver) > 0 {
		terms = append(terms, fmt.Sprintf("%s's %s waived", s.Players[o.To].Name, feeWords(o.GiveWaiver)))
	}
	if len(o.GetWaiver) > 0 {
		terms = append(terms, fmt.Sprintf("%s waived by %s", feeWords(o.GetWaiver), s.Players[o.To].Name))
	}
	if len(terms) == 0 {
		return o, fmt.Errorf("to %s: nothing changes hands; %s", s.Players[o.To].Name, offerUsage)
	}
	o.Text = strings.Join(terms, "; ")
	return o, nil
}

// feeWords names fee kinds as the rulebook does, in a list.
func feeWords(kinds []string) string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		switch k {
		case feeFine:
			names[i] = "fines"
		case feeFerry:
			names[i] = "ferry charge"
		case feeCommission, feeExtortion:
			names[i] = k
		default:
			names[i] = k + " fee"
		}
	}
	return andList(names)
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
		if slices.ContainsFunc(pl.city().Answers, func(o tableAnswer) bool { return o.From == a.From }) {
			return fmt.Errorf("one answer to %s: accept or decline, once", s.Players[a.From].Name)
		}
		pl.makeCity().Answers = append(pl.makeCity().Answers, a)
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
		if o.exchanges() && slices.ContainsFunc(x.Exchanges, func(e exchange) bool { return e.With == o.To }) {
			return fmt.Errorf("one exchange with %s: an exchange: or an offer:, not both", s.Players[o.To].Name)
		}
	}
	return nil
}
