package shanghaitrader

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The verbs part 2 of the rules (version 2) adds (ORDERS.md).
const (
	// Seasonal Turns: special contractors and the events.
	verbTongs     = "tongs"
	verbCourtesan = "courtesan"
	verbLido      = "lido"
	verbRaid      = "raid"
	verbSpy       = "spy"
	verbTab       = "tab"
	// Standing orders and deals, sent with any step.
	verbRoulette = "roulette"
	verbPicnic   = "picnic"
	verbExtort   = "extort"
	verbFees     = "fees"
	verbRefund   = "refund"
	verbOffer    = "offer"
	verbAsk      = "ask"
	verbCredit   = "credit"
	verbLend     = "lend"
	verbBorrow   = "borrow"
	// The Collusion Phase.
	verbPolice   = "police"
	verbMonks    = "monks"
	verbMarines  = "marines"
	verbMinder   = "minder"
	verbExchange = "exchange"
)

// verbs2 maps the normalised spellings to the verbs of version 2.
var verbs2 = func() map[string]string {
	m := maps.Clone(verbs)
	for _, v := range verbList2() {
		m[norm(v)] = v
	}
	m["customs"] = verbRaid
	m["lidocourtesan"] = verbLido
	m["monk"] = verbMonks
	m["marine"] = verbMarines
	m["fee"] = verbFees
	m["refunds"] = verbRefund
	m["offers"] = verbOffer
	m["asks"] = verbAsk
	m["exchanges"] = verbExchange
	return m
}()

// verbList2 lists the verbs of version 2, as Check's message names them.
func verbList2() []string {
	return append(verbList(), verbTongs, verbCourtesan, verbLido, verbRaid, verbSpy, verbTab, verbRoulette, verbPicnic, verbExtort,
		verbFees, verbRefund, verbOffer, verbAsk, verbCredit, verbLend, verbBorrow, verbPolice, verbMonks, verbMarines, verbMinder, verbExchange)
}

// collusionVerb and seasonVerb say in which steps a verb of version 2 may
// be given; the others (standing orders, deals and loans) go with any.
func collusionVerb(v string) bool {
	switch v {
	case verbPolice, verbMonks, verbMarines, verbMinder, verbExchange:
		return true
	}
	return false
}

func seasonVerb(v string) bool {
	switch v {
	case verbMove, verbReroll, verbAirReroll, verbFanTan, verbOpium, verbPassport, verbBodyguards, verbDeposit, verbWithdraw,
		verbDailyMail, verbBuy, verbHire, verbDocks, verbNoService, verbTongs, verbCourtesan, verbLido, verbRaid, verbSpy, verbTab:
		return true
	}
	return false
}

// target is one entry of a ranked list of targets: a location or a seat,
// with an optional condition.
type target struct {
	Who int
	If  cond
}

// loanOrder is one side of a loan (§9.1): to or from Seat, N now.
type loanOrder struct {
	Seat int
	N    int
}

// exchange is one side of a transfer in the Exchange Segment: what this
// player gives With and gets from them (establishments and cash).
type exchange struct {
	With     int
	Give     []int // locations, sorted
	Get      []int
	GiveCash int
	GetCash  int
	Text     string
}

// plan2 is the part of a plan that only version 2 reads.
type plan2 struct {
	Hires     []hireOrder // ranked: the first that can be carried out
	Tongs     []target
	Courtesan []target
	Raid      []target
	Lido      []target
	Spy       []target
	Tab       []loanOrder // the Bastille tab: who pays how much
	Lend      []loanOrder
	Borrow    []loanOrder

	RouletteSet, PicnicSet, ExtortSet, FeesSet, RefundsSet, OffersSet, AsksSet, CreditSet bool
	Roulette                                                                              int
	Withdraw                                                                              bool
	WithdrawAt                                                                            int
	NoExtort                                                                              bool
	Fees, Refunds                                                                         []Fee
	Offers, Asks                                                                          map[string]int
	Credit                                                                                []Credit

	Police, Monks, Marines []int
	Minder                 int // seat; -1 when not given
	Exchanges              []exchange
}

// feeKinds are the fees a payee may vary (§9.3, ST-A1), with their
// printed amounts (percent for the commission).
func (d *components) feeKinds() map[string]int {
	return map[string]int{
		feeFine: d.Fine, feeAirfield: d.AirfieldFee, feeFerry: d.FerryCharge, feeTransport: d.TransportFee,
		feeCommission: d.Commission, feeGala: d.Gala.Fee, feeExtortion: d.Monks.Extortion,
	}
}

// dealKinds are the deals of the registry (ST-A2).
var dealKinds = []string{dealLido, dealCustoms, dealSpy, dealInspector, dealCourtesan}

// parseItem2 reads an order of version 2 that version 1 does not have.
func (s *State) parseItem2(p int, pl *plan, verb string, v any) error {
	d := s.d()
	x := &pl.P2
	switch verb {
	case verbHire:
		return s.parseHires(p, x, v)
	case verbTongs, verbCourtesan:
		if s.contractorsOut() {
			return fmt.Errorf("in the last year all contractors but assassins, bodyguards and the minder are out of play (§10.2)")
		}
		list := &x.Tongs
		if verb == verbCourtesan {
			list = &x.Courtesan
		}
		return s.each(p, v, true, true, "list the warehouses or factories to target, each with an optional if CONDITION", func(what, _ string, c cond) error {
			i, ok := d.findLoc(what)
			if !ok || (d.loc(i).Type != typeWarehouse && d.loc(i).Type != typeFactory) {
				return fmt.Errorf("%q is not a warehouse or factory (§3.3)", what)
			}
			if s.owns(p, i) {
				return fmt.Errorf("%s is your own", d.locName(i))
			}
			*list = append(*list, target{Who: i, If: c})
			return nil
		})
	case verbRaid:
		if err := s.canUse(p, roleCustoms, dealCustoms, "the customs inspector"); err != nil {
			return err
		}
		return s.each(p, v, true, true, "list the warehouses to raid, each with an optional if CONDITION", func(what, _ string, c cond) error {
			i, ok := d.findLoc(what)
			if !ok || d.loc(i).Type != typeWarehouse {
				return fmt.Errorf("%q is not a warehouse: the inspector raids warehouses (§3.3)", what)
			}
			if s.owns(p, i) {
				return fmt.Errorf("%s is your own", d.locName(i))
			}
			x.Raid = append(x.Raid, target{Who: i, If: c})
			return nil
		})
	case verbLido, verbSpy:
		list := &x.Lido
		if verb == verbSpy {
			list = &x.Spy
			if s.spyOwner() != p {
				return fmt.Errorf("the spy is the German player's, in the advanced game (§11.4)")
			}
			if s.contractorsOut() {
				return fmt.Errorf("in the last year the spy is out of play (§10.2)")
			}
			if s.used(dealSpy) {
				return fmt.Errorf("the spy can be used once a year (§11.4); he has been")
			}
		} else if err := s.canUse(p, roleLido, dealLido, "the Lido Courtesan"); err != nil {
			return err
		}
		return s.each(p, v, true, true, "name the target, or a ranked list of players, each with an optional if CONDITION", func(what, _ string, c cond) error {
			q, err := s.otherPlayer(p, what)
			if err != nil {
				return err
			}
			*list = append(*list, target{Who: q, If: c})
			return nil
		})
	case verbTab:
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
	case verbLend, verbBorrow:
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
	case verbRoulette:
		n, ok := number(v)
		if !ok || n < d.Roulette.Min || n > d.Roulette.Max || n%d.Unit != 0 {
			return fmt.Errorf("the roulette wager is $%dooo to $%dooo, in steps of $%dooo (§5.3)", d.Roulette.Min, d.Roulette.Max, d.Unit)
		}
		x.RouletteSet, x.Roulette = true, n
	case verbPicnic:
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
	case verbExtort:
		t, _ := text(v)
		switch strings.ToLower(t) {
		case "on", "true", "yes":
		case "off", "false", "no":
			x.NoExtort = true
		default:
			return fmt.Errorf("write on or off (§3.3: the monks \"can extract $%dooo from each coolie\")", d.Monks.Extortion)
		}
		x.ExtortSet = true
	case verbFees, verbRefund:
		return s.parseFees(p, x, verb, v)
	case verbOffer, verbAsk:
		m, err := s.parseDeals(v)
		if err != nil {
			return err
		}
		if verb == verbOffer {
			x.OffersSet, x.Offers = true, m
		} else {
			x.AsksSet, x.Asks = true, m
		}
	case verbCredit:
		return s.parseCredit(p, x, v)
	case verbPolice, verbMonks:
		role, who := roleShanghaiClub, "the Shanghai Club's police"
		if verb == verbMonks {
			role, who = roleMonastery, "the Monastery's monks"
		}
		if s.ownerOfRole(role) != p {
			return fmt.Errorf("only the owner of the %s deploys %s (§2.3)", d.loc(d.role(role)).Name, who)
		}
		if s.contractorsOut() {
			return fmt.Errorf("in the last year %s are out of play (§10.2)", who)
		}
		return s.each(p, v, false, false, "list the districts of the International Settlement, one for each", func(t, _ string, _ cond) error {
			i, ok := d.findDistrict(t)
			switch {
			case !ok || !d.Districts[i].inside():
				return fmt.Errorf("%q is not a district of the International Settlement (§3.3)", t)
			case verb == verbPolice && i == d.distOf(d.role(roleMonastery)):
				return fmt.Errorf("the police are placed anywhere in the Settlement \"except Bubbling Well Road\" (§3.3)")
			case verb == verbPolice && len(x.Police) >= d.Police.Count:
				return fmt.Errorf("there are %d police counters", d.Police.Count)
			}
			if verb == verbPolice {
				x.Police = append(x.Police, i)
			} else {
				x.Monks = append(x.Monks, i)
			}
			return nil
		})
	case verbMarines:
		if s.marinesOwner() != p {
			return fmt.Errorf("the marines are the Japanese player's, in the advanced game (§11.4)")
		}
		if s.contractorsOut() {
			return fmt.Errorf("in the last year the marines are out of play (§10.2)")
		}
		return s.each(p, v, false, false, "list the warehouses or factories of the dock districts they guard", func(t, _ string, _ cond) error {
			i, ok := d.findLoc(t)
			switch {
			case !ok || (d.loc(i).Type != typeWarehouse && d.loc(i).Type != typeFactory) || !d.district(i).Dock:
				return fmt.Errorf("%q is not a warehouse or factory of the four dock districts (§11.4)", t)
			case len(x.Marines) >= d.Marines.Count:
				return fmt.Errorf("there are %d marine detachments", d.Marines.Count)
			}
			x.Marines = append(x.Marines, i)
			return nil
		})
	case verbMinder:
		if s.minderOwner() != p {
			return fmt.Errorf("the minder is the White Russian player's, in the advanced game (§11.4)")
		}
		t, _ := text(v)
		q := s.seatFold(t)
		if strings.EqualFold(t, "me") || strings.EqualFold(t, "self") {
			q = p
		}
		if q < 0 || !s.Players[q].inCity() {
			return fmt.Errorf("%q is not a player in the city", t)
		}
		x.Minder = q
	case verbExchange:
		return s.parseExchanges(p, x, v)
	}
	return nil
}

// canUse refuses a racket's once-a-year contractor to p unless p controls
// the racket of role, and the contractor is in play and unused.
func (s *State) canUse(p int, role, kind, what string) error {
	d := s.d()
	i := d.role(role)
	switch {
	case i < 0 || s.Estabs[i].Owner != p:
		return fmt.Errorf("%s is controlled by the owner of the %s (§3.3)", what, d.loc(i).Name)
	case s.contractorsOut():
		return fmt.Errorf("in the last year %s is out of play (§10.2)", what)
	case s.used(kind):
		return fmt.Errorf("%s can be used once a year (§3.3); she or he has been", what)
	case s.withdrawn(role):
		return fmt.Errorf("%s was withdrawn when the %s changed hands and cannot be used until next year (§3.3)", what, d.loc(i).Name)
	}
	return nil
}

// otherPlayer reads another player in the city.
func (s *State) otherPlayer(p int, t string) (int, error) {
	q := s.seatFold(t)
	switch {
	case q < 0:
		return -1, fmt.Errorf("%q is not a player", t)
	case q == p:
		return -1, fmt.Errorf("not yourself")
	case !s.Players[q].inCity():
		return -1, fmt.Errorf("%s is no longer in Shanghai", s.Players[q].Name)
	}
	return q, nil
}

// seatAmounts reads {PLAYER: AMOUNT, ...}: other players in the city and
// positive sums in $5ooo steps, in seat order.
func (s *State) seatAmounts(p int, v any, usage string) ([]loanOrder, error) {
	d := s.d()
	if isNone(v) {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s", usage)
	}
	var out []loanOrder
	for _, k := range slices.Sorted(maps.Keys(m)) {
		q, err := s.otherPlayer(p, k)
		if err != nil {
			return nil, err
		}
		n, ok := number(m[k])
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

// hireKinds are the general contractors (§3.3).
var hireKinds = []string{"thug", "mugger", "assassin"}

// parseHires reads a general contractor, {KIND: TARGETS, if: COND}, or a
// ranked list of them: the first that can be carried out is hired (one a
// turn, §3.3).
func (s *State) parseHires(p int, x *plan2, v any) error {
	if isNone(v) {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	for _, e := range list {
		h, err := s.parseHire2(p, e)
		if err != nil {
			return err
		}
		x.Hires = append(x.Hires, *h)
	}
	return nil
}

// parseHire2 reads {thug|mugger|assassin: TARGETS, if: COND}.
func (s *State) parseHire2(p int, v any) (*hireOrder, error) {
	d := s.d()
	m, ok := v.(map[string]any)
	if !ok {
		if t, isText := text(v); isText {
			if f := strings.Fields(t); len(f) >= 2 {
				m = map[string]any{f[0]: strings.Join(f[1:], " ")}
			}
		}
	}
	if m == nil {
		return nil, fmt.Errorf("write {thug: TRADING POSTS}, {mugger: PLAYERS} or {assassin: PLAYERS}, or a ranked list of them")
	}
	h := &hireOrder{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		kind := strings.ToLower(k)
		if kind == "if" {
			t, _ := text(m[k])
			c, err := s.parseCond(p, t)
			if err != nil {
				return nil, err
			}
			h.If = c
			continue
		}
		if !slices.Contains(hireKinds, kind) {
			return nil, fmt.Errorf("%q is not a general contractor: thug, mugger or assassin (§3.3)", k)
		}
		if h.Kind != "" {
			return nil, fmt.Errorf("you may hire one general contractor a turn (§3.3); give a ranked list to choose")
		}
		if kind != "assassin" && s.contractorsOut() {
			return nil, fmt.Errorf("in the last year all contractors but assassins, bodyguards and the minder are out of play (§10.2)")
		}
		h.Kind = kind
		ts, ok := texts(m[k])
		if !ok || len(ts) == 0 {
			return nil, fmt.Errorf("name the target, or a ranked list of targets")
		}
		for _, entry := range ts {
			t, cs, has := cutIf(entry)
			c, err := s.optCond(p, cs, has)
			if err != nil {
				return nil, err
			}
			h.Ifs = append(h.Ifs, c)
			switch {
			case kind == "thug":
				i, ok := d.findLoc(t)
				if !ok || d.loc(i).Type != typeTP {
					return nil, fmt.Errorf("%q is not a trading post: thugs kill coolies (§3.3)", t)
				}
				if s.owns(p, i) {
					return nil, fmt.Errorf("%s is your own", d.locName(i))
				}
				h.Targets = append(h.Targets, i)
			case strings.EqualFold(t, "any"):
				h.Targets = append(h.Targets, -1)
			default:
				q, err := s.otherPlayer(p, t)
				if err != nil {
					return nil, err
				}
				if kind == "assassin" {
					if err := s.assassinTarget(p, q); err != nil {
						return nil, err
					}
				}
				h.Targets = append(h.Targets, q)
			}
		}
	}
	if h.Kind == "" {
		return nil, fmt.Errorf("name the contractor: thug, mugger or assassin")
	}
	return h, nil
}

// parseFees reads fees: {KIND: N | {PLAYER: N, any: N}} or refund: the
// same with roulette and picnic in percent.
func (s *State) parseFees(p int, x *plan2, verb string, v any) error {
	d := s.d()
	kinds := d.feeKinds()
	usage := "write {fine|airfield|ferry|transport|commission|gala|extortion: AMOUNT, or {PLAYER: AMOUNT, any: AMOUNT}}"
	if verb == verbRefund {
		kinds = map[string]int{refundRoulette: 100, refundPicnic: 100}
		usage = "write {roulette|picnic: PERCENT, or {PLAYER: PERCENT, any: PERCENT}}"
		x.RefundsSet = true
	} else {
		x.FeesSet = true
	}
	var out []Fee
	if !isNone(v) {
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s", usage)
		}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			kind := strings.ToLower(k)
			top, ok := kinds[kind]
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
			if sub, isMap := m[k].(map[string]any); isMap {
				for _, name := range slices.Sorted(maps.Keys(sub)) {
					who := -1
					if !strings.EqualFold(name, "any") {
						q := s.seatFold(name)
						if q < 0 || q == p {
							return fmt.Errorf("%s: %q is not another player", k, name)
						}
						who = q
					}
					if err := read(who, sub[name]); err != nil {
						return err
					}
				}
				continue
			}
			if err := read(-1, m[k]); err != nil {
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

// parseDeals reads offer: or ask: {lido|customs|spy|inspector|courtesan:
// AMOUNT} or none.
func (s *State) parseDeals(v any) (map[string]int, error) {
	d := s.d()
	if isNone(v) {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("write {%s: AMOUNT}", strings.Join(dealKinds, "|"))
	}
	out := map[string]int{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		kind := strings.ToLower(k)
		if !slices.Contains(dealKinds, kind) {
			return nil, fmt.Errorf("%q: the deals are %s (ST-A2)", k, strings.Join(dealKinds, ", "))
		}
		n, ok := number(m[k])
		if !ok || n < 0 || n%d.Unit != 0 || n > 1e6 {
			return nil, fmt.Errorf("%s: a sum in $ooo, a multiple of %d", k, d.Unit)
		}
		out[kind] = n
	}
	return out, nil
}

// parseCredit reads credit: {to: {PLAYER: AMOUNT}, from: {PLAYER: AMOUNT}}
// or none: the lines of credit the player gives and accepts.
func (s *State) parseCredit(p int, x *plan2, v any) error {
	x.CreditSet = true
	if isNone(v) {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("write {to: {PLAYER: AMOUNT}, from: {PLAYER: AMOUNT}}: lines of credit you give and accept")
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		lend := strings.EqualFold(k, "to")
		if !lend && !strings.EqualFold(k, "from") {
			return fmt.Errorf("credit: the keys are to (lines you give) and from (lines you accept), not %q", k)
		}
		l, err := s.seatAmounts(p, m[k], "credit: "+k+": write {PLAYER: AMOUNT}")
		if err != nil {
			return err
		}
		for _, e := range l {
			x.Credit = append(x.Credit, Credit{Seat: e.Seat, N: e.N, Lend: lend})
		}
	}
	return nil
}

// parseExchanges reads exchange: {with: PLAYER, give: [...], get: [...]},
// a list of them, or none. Items are establishments and sums of cash.
func (s *State) parseExchanges(p int, x *plan2, v any) error {
	d := s.d()
	if isNone(v) {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	usage := "write {with: PLAYER, give: [ESTABLISHMENTS and cash], get: [...]}"
	cash := 0
	for _, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			return fmt.Errorf("%s", usage)
		}
		var ex exchange
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(m)) {
			switch strings.ToLower(k) {
			case "with":
				t, _ := text(m[k])
				q, err := s.otherPlayer(p, t)
				if err != nil {
					return err
				}
				ex.With = q + 1
			case "give", "get":
				give := strings.EqualFold(k, "give")
				if isNone(m[k]) {
					continue
				}
				ts, ok := texts(m[k])
				if !ok {
					return fmt.Errorf("%s: list establishments and sums of cash", k)
				}
				for _, t := range ts {
					num := strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(t), "cash"), " ")
					if n, err := strconv.Atoi(strings.TrimPrefix(num, "$")); err == nil {
						if n <= 0 || n%d.Unit != 0 || n > 1e6 {
							return fmt.Errorf("%s: cash is a positive multiple of $%dooo", k, d.Unit)
						}
						if give {
							ex.GiveCash += n
						} else {
							ex.GetCash += n
						}
						continue
					}
					i, ok := d.findLoc(t)
					if !ok || !buyable(d.loc(i).Type) {
						return fmt.Errorf("%s: %q is neither an establishment nor a sum of cash", k, t)
					}
					if give {
						ex.Give = append(ex.Give, i)
					} else {
						ex.Get = append(ex.Get, i)
					}
				}
			default:
				return fmt.Errorf("exchange: the keys are with, give and get, not %q", k)
			}
		}
		if ex.With == 0 {
			return fmt.Errorf("exchange: name the other player (with:)")
		}
		ex.With--
		q := ex.With
		for _, i := range ex.Give {
			switch {
			case !s.owns(p, i):
				return fmt.Errorf("you do not control %s", d.locName(i))
			case d.loc(i).Type == typeRacket && s.exclusive(i):
				return fmt.Errorf("control of the %s can never be transferred (§11.4)", d.loc(i).Name)
			}
		}
		for _, i := range ex.Get {
			switch {
			case !s.owns(q, i):
				return fmt.Errorf("%s does not control %s", s.Players[q].Name, d.locName(i))
			case d.loc(i).Type == typeRacket && s.exclusive(i):
				return fmt.Errorf("control of the %s can never be transferred (§11.4)", d.loc(i).Name)
			}
		}
		if len(ex.Give)+len(ex.Get) == 0 && ex.GiveCash+ex.GetCash == 0 {
			return fmt.Errorf("exchange with %s: nothing changes hands", s.Players[q].Name)
		}
		slices.Sort(ex.Give)
		slices.Sort(ex.Get)
		if slices.ContainsFunc(x.Exchanges, func(o exchange) bool { return o.With == q }) {
			return fmt.Errorf("one exchange with %s: put everything in it", s.Players[q].Name)
		}
		cash += ex.GiveCash
		for _, i := range ex.Give {
			parts = append(parts, d.locName(i))
		}
		if ex.GiveCash > 0 {
			parts = append(parts, money(ex.GiveCash))
		}
		what := strings.Join(parts, " and ")
		parts = nil
		for _, i := range ex.Get {
			parts = append(parts, d.locName(i))
		}
		if ex.GetCash > 0 {
			parts = append(parts, money(ex.GetCash))
		}
		if what == "" {
			what = "nothing"
		}
		if len(parts) == 0 {
			parts = []string{"nothing"}
		}
		ex.Text = fmt.Sprintf("%s for %s", what, strings.Join(parts, " and "))
		x.Exchanges = append(x.Exchanges, ex)
	}
	if cash > s.Players[p].Cash {
		return fmt.Errorf("you have %s in cash to give", money(s.Players[p].Cash))
	}
	return nil
}

// stepVerb refuses a verb the open step does not take: the Collusion
// Phase takes deployments, exchanges, loans and standing orders; a
// Seasonal Turn all but deployments and exchanges.
func (s *State) stepVerb(verb string) error {
	if s.P2 != nil && s.P2.Collusion && seasonVerb(verb) {
		return fmt.Errorf("this step is the Collusion Phase: it takes deployments (police, monks, marines, minder), exchanges, loans and standing orders; %s is for a Seasonal Turn", verb)
	}
	if (s.P2 == nil || !s.P2.Collusion) && collusionVerb(verb) {
		return fmt.Errorf("%s is an order of the Collusion Phase, the step before each winter turn (§2.2)", verb)
	}
	return nil
}
