package shanghaitrader

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The readings of the events' orders (§5) and of the deals, loans and
// fees (§9): standing orders and loans sent with any step.

// readTab reads tab: who picks up the Bastille Day tab, the French Club's
// owner's (§5.4).
func (s *State) readTab(p int, pl *plan, verb string, v any) error {
	d := s.d()
	x := pl.makeCity()
	o := s.ownerOfRole(roleFrenchClub)
	switch {
	case o != p:
		return fmt.Errorf("only the owner of the French Club sets the Bastille Day tab (§5.4)")
	case s.Season != slices.IndexFunc(d.Events, func(e eventData) bool { return e.Racket == roleFrenchClub }) || !s.eventYear():
		return fmt.Errorf("the Bastille Day Bash is this year's %s event; there is none this turn (§5.1)", d.Seasons[slices.IndexFunc(d.Events, func(e eventData) bool { return e.Racket == roleFrenchClub })])
	}
	tab, err := s.seatAmounts(p, v, "write {PLAYER: AMOUNT} for the guests who pick up the tab")
	if err != nil {
		return err
	}
	sum := 0
	for _, t := range tab {
		sum += t.N
	}
	if sum > d.Bastille {
		return fmt.Errorf("the tab is at most %s in all (§5.4, ST-A12), not %s", money(d.Bastille), money(sum))
	}
	x.Tab = tab
	return nil
}

// seatAmounts reads {PLAYER: AMOUNT, ...}: other players in the city and
// positive sums in $5ooo steps, in seat order.
func (s *State) seatAmounts(p int, v any, usage string) ([]loanOrder, error) {
	d := s.d()
	if isNone(v) {
		return nil, nil
	}
	m, ok := v.(mapping)
	if !ok {
		return nil, fmt.Errorf("%s", usage)
	}
	var out []loanOrder
	for _, e := range m {
		k := e.key
		q, err := s.otherPlayer(p, k)
		if err != nil {
			return nil, err
		}
		n, ok := number(e.val)
		if !ok || n <= 0 || n%d.Unit != 0 {
			return nil, fmt.Errorf("%s: a positive multiple of $%dooo", k, d.Unit)
		}
		if slices.ContainsFunc(out, func(l loanOrder) bool { return l.Seat == q }) {
			return nil, fmt.Errorf("%s is named twice", s.Players[q].Name)
		}
		out = append(out, loanOrder{Seat: q, N: n})
	}
	slices.SortFunc(out, func(a, b loanOrder) int { return a.Seat - b.Seat })
	return out, nil
}

// readRoulette reads roulette: the standing Roulette Rouble wager (§5.3).
func (s *State) readRoulette(p int, pl *plan, verb string, v any) error {
	d := s.d()
	x := pl.makeCity()
	n, ok := number(v)
	if !ok || n < d.Roulette.Min || n > d.Roulette.Max || n%d.Unit != 0 {
		return fmt.Errorf("the roulette wager is $%dooo to $%dooo, in steps of $%dooo (§5.3)", d.Roulette.Min, d.Roulette.Max, d.Unit)
	}
	x.RouletteSet, x.Roulette = true, n
	return nil
}

// readPicnic reads picnic: the Racetrack's owner's standing choice in the
// Picnic Races (§5.5).
func (s *State) readPicnic(p int, pl *plan, verb string, v any) error {
	x := pl.makeCity()
	t, _ := text(v)
	low := strings.Join(strings.Fields(strings.ToLower(t)), " ")
	x.PicnicSet = true
	switch {
	case low == "race":
	case low == "withdraw":
		x.Withdraw = true
	case strings.HasPrefix(low, "withdraw if pool >= "):
		n, err := strconv.Atoi(strings.TrimPrefix(low, "withdraw if pool >= "))
		if err != nil || n < 0 || n > 1e6 {
			return fmt.Errorf("withdraw if pool >= N: N is a sum in $ooo")
		}
		x.Withdraw, x.WithdrawAt = true, n
	default:
		return fmt.Errorf("write race, withdraw, or withdraw if pool >= N (§5.5)")
	}
	return nil
}

// readExtort reads extort: whether the Monastery's monks take their
// extortion (§3.3).
func (s *State) readExtort(p int, pl *plan, verb string, v any) error {
	d := s.d()
	x := pl.makeCity()
	t, _ := text(v)
	switch strings.ToLower(t) {
	case "on", "true", "yes":
	case "off", "false", "no":
		x.NoExtort = true
	default:
		return fmt.Errorf("write on or off (§3.3: the monks \"can extract $%dooo from each coolie\")", d.Monks.Extortion)
	}
	x.ExtortSet = true
	return nil
}

// readLoan reads lend and borrow: a loan between two players, made when
// both order it (§9.1).
func (s *State) readLoan(p int, pl *plan, verb string, v any) error {
	x := pl.makeCity()
	l, err := s.seatAmounts(p, v, "write {PLAYER: AMOUNT}")
	if err != nil {
		return err
	}
	if verb == verbLend {
		sum := 0
		for _, e := range l {
			sum += e.N
		}
		if sum > s.Players[p].Cash {
			return fmt.Errorf("you have %s in cash (§9.1)", money(s.Players[p].Cash))
		}
		x.Lend = l
	} else {
		x.Borrow = l
	}
	return nil
}

// readCredit reads credit: the standing lines of credit given and accepted
// (§9.1, ST-A39).
func (s *State) readCredit(p int, pl *plan, verb string, v any) error {
	x := pl.makeCity()
	return s.parseCredit(p, x, v)
}

// parseCredit reads credit: {to: {PLAYER: AMOUNT}, from: {PLAYER: AMOUNT}}
// or none: the lines of credit the player gives and accepts.
func (s *State) parseCredit(p int, x *cityOrders, v any) error {
	x.CreditSet = true
	if isNone(v) {
		return nil
	}
	m, ok := v.(mapping)
	if !ok {
		return fmt.Errorf("write {to: {PLAYER: AMOUNT}, from: {PLAYER: AMOUNT}}: lines of credit you give and accept")
	}
	for _, e := range m {
		k := e.key
		lend := strings.EqualFold(k, "to")
		if !lend && !strings.EqualFold(k, "from") {
			return fmt.Errorf("credit: the keys are to (lines you give) and from (lines you accept), not %q", k)
		}
		l, err := s.seatAmounts(p, e.val, "credit: "+k+": write {PLAYER: AMOUNT}")
		if err != nil {
			return err
		}
		for _, e := range l {
			x.Credit = append(x.Credit, Credit{Seat: e.Seat, N: e.N, Lend: lend})
		}
	}
	return nil
}

// readFees reads fees and refund: the standing, public fees a payee lowers
// and the refunds of lost wagers (§9.3, ST-A1).
func (s *State) readFees(p int, pl *plan, verb string, v any) error {
	x := pl.makeCity()
	return s.parseFees(p, x, verb, v)
}

// feeTop is the printed amount (percent for the commission) of kind, a
// fee a payee may vary (§9.3, ST-A1), and whether it is one; with refund,
// of kind, a wager that is refunded (in percent).
func (d *components) feeTop(kind string, refund bool) (int, bool) {
	if refund {
		switch kind {
		case refundRoulette, refundPicnic:
			return 100, true
		}
		return 0, false
	}
	switch kind {
	case feeFine:
		return d.Fine, true
	case feeAirfield:
		return d.AirfieldFee, true
	case feeFerry:
		return d.FerryCharge, true
	case feeTransport:
		return d.TransportFee, true
	case feeCommission:
		return d.Commission, true
	case feeGala:
		return d.Gala.Fee, true
	case feeExtortion:
		return d.Monks.Extortion, true
	}
	return 0, false
}

// parseFees reads fees: {KIND: N | {PLAYER: N, any: N}} or refund: the
// same with roulette and picnic in percent.
func (s *State) parseFees(p int, x *cityOrders, verb string, v any) error {
	d := s.d()
	usage := "write {fine|airfield|ferry|transport|commission|gala|extortion: AMOUNT, or {PLAYER: AMOUNT, any: AMOUNT}}"
	if verb == verbRefund {
		usage = "write {roulette|picnic: PERCENT, or {PLAYER: PERCENT, any: PERCENT}}"
		x.RefundsSet = true
	} else {
		x.FeesSet = true
	}
	var out []Fee
	if !isNone(v) {
		m, ok := v.(mapping)
		if !ok {
			return fmt.Errorf("%s", usage)
		}
		for _, e := range m {
			k := e.key
			kind := strings.ToLower(k)
			top, ok := d.feeTop(kind, verb == verbRefund)
			if !ok {
				return fmt.Errorf("%q: %s", k, usage)
			}
			read := func(who int, val any) error {
				n, ok := number(val)
				unit := d.Unit
				if kind == feeCommission || verb == verbRefund {
					unit = 1
				}
				if !ok || n < 0 || n > top || n%unit != 0 {
					if verb == verbRefund {
						return fmt.Errorf("%s: a percentage of the lost wager, 0 to 100 (§9.3)", k)
					}
					return fmt.Errorf("%s: waive or reduce it, 0 to %d, in steps of %d (§9.3)", k, top, unit)
				}
				out = append(out, Fee{Kind: kind, To: who, N: n})
				return nil
			}
			if sub, isMap := e.val.(mapping); isMap {
				for _, se := range sub {
					name := se.key
					who := -1
					if !strings.EqualFold(name, "any") {
						q := s.seatFold(name)
						if q < 0 || q == p {
							return fmt.Errorf("%s: %q is not another player", k, name)
						}
						who = q
					}
					if err := read(who, se.val); err != nil {
						return err
					}
				}
				continue
			}
			if err := read(-1, e.val); err != nil {
				return err
			}
		}
	}
	if verb == verbRefund {
		x.Refunds = out
	} else {
		x.Fees = out
	}
	return nil
}

// readDeal reads offer and ask: the standing, secret deals of the registry
// (§9.3, ST-A2).
func (s *State) readDeal(p int, pl *plan, verb string, v any) error {
	x := pl.makeCity()
	m, err := s.parseDeals(v)
	if err != nil {
		return err
	}
	if verb == verbOffer {
		x.OffersSet, x.Offers = true, m
	} else {
		x.AsksSet, x.Asks = true, m
	}
	return nil
}

// dealKinds are the deals of the registry (ST-A2).
var dealKinds = []string{dealLido, dealCustoms, dealSpy, dealInspector, dealCourtesan}

// parseDeals reads offer: or ask: {lido|customs|spy|inspector|courtesan:
// AMOUNT} or none.
func (s *State) parseDeals(v any) (map[string]int, error) {
	d := s.d()
	if isNone(v) {
		return nil, nil
	}
	m, ok := v.(mapping)
	if !ok {
		return nil, fmt.Errorf("write {%s: AMOUNT}", strings.Join(dealKinds, "|"))
	}
	out := map[string]int{}
	for _, e := range m {
		k := e.key
		kind := strings.ToLower(k)
		if !slices.Contains(dealKinds, kind) {
			return nil, fmt.Errorf("%q: the deals are %s (ST-A2)", k, strings.Join(dealKinds, ", "))
		}
		n, ok := number(e.val)
		if !ok || n < 0 || n%d.Unit != 0 || n > 1e6 {
			return nil, fmt.Errorf("%s: a sum in $ooo, a multiple of %d", k, d.Unit)
		}
		out[kind] = n
	}
	return out, nil
}
