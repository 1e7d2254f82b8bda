package shanghaitrader

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/orders"
)

// The verbs of a season's order file (ORDERS.md).
const (
	verbMove       = "move"
	verbReroll     = "reroll"
	verbAirReroll  = "air-reroll"
	verbFanTan     = "fan-tan"
	verbOpium      = "opium"
	verbPassport   = "passport"
	verbBodyguards = "bodyguards"
	verbDeposit    = "deposit"
	verbWithdraw   = "withdraw"
	verbDailyMail  = "daily-mail"
	verbBuy        = "buy"
	verbHire       = "hire"
	verbDocks      = "docks"
	verbNoService  = "no-service"
	verbAllow      = "allow"
	verbSell       = "sell"
	verbBid        = "bid"
)

// verbs maps the normalised spellings to the verbs.
var verbs = func() map[string]string {
	m := map[string]string{}
	for _, v := range []string{verbMove, verbReroll, verbAirReroll, verbFanTan, verbOpium, verbPassport, verbBodyguards,
		verbDeposit, verbWithdraw, verbDailyMail, verbBuy, verbHire, verbDocks, verbNoService, verbAllow, verbSell, verbBid} {
		m[norm(v)] = v
	}
	m["airfieldreroll"] = verbAirReroll
	m["bodyguard"] = verbBodyguards
	m["mail"] = verbDailyMail
	m["bids"] = verbBid
	return m
}()

// Kinds of move.
const (
	mvRoll   = iota // name a district and roll for the location
	mvAuto          // an automatic move to a location
	mvStay          // stay put (as an automatic move to where you are)
	mvEscape        // the escape roll at the airfield
)

// moveOpt is one entry of the ranked move list.
type moveOpt struct {
	Kind int
	To   int // the district (roll) or location (auto)
	If   cond
	Text string // as written, for reports
}

// passOpt is one entry of the passport list: buy or roll.
type passOpt struct {
	Buy bool
	If  cond
}

// buyOpt is one entry of the buy list: a type (or any), or a location.
type buyOpt struct {
	Type string // trading-post, warehouse, factory, racket, any; "" for Loc
	Loc  int
	If   cond
}

// amount is a deposit or withdrawal: N, all, or all but N.
type amount struct {
	All bool
	But int
	N   int
}

// hireOrder is the general contractor to hire (§3.3): only assassins are
// adjudicated by this version.
type hireOrder struct {
	Kind    string
	Targets []int // seats (a thug's: trading posts); -1 for any
	If      cond
	// Ifs are the conditions of each target (version 2), nil where none.
	Ifs []cond
}

// plan is one player's orders for a Seasonal Turn, as read by parse. The
// standing parts (allow, sell, bid) replace the player's standing orders
// when the step is resolved.
type plan struct {
	Move       []moveOpt
	Reroll     int
	AirReroll  int
	FanTan     int    // 0: the minimum
	Opium      string // "", pay, gamble
	Passport   []passOpt
	Bodyguards []int
	Deposit    *amount
	Withdraw   *amount
	DailyMail  int // seat, -1 none
	Buy        []buyOpt
	Hire       *hireOrder
	Docks      []int
	NoService  []int

	AllowSet bool
	Allow    map[int][]int // racket → seats; with AllowSet and nil, none
	SellSet  bool
	Sell     []int
	BidsSet  bool
	Bids     []Bid

	P2 plan2 // the orders of version 2
}

// generic is an order item's value as the log stores it (Item.Generic),
// read straight from the YAML nodes: strings are taken as they are, other
// scalars decoded as Generic decodes them. A mapping whose keys are not
// all plain names, or that repeats one, is returned as a badMap, which no
// order takes.
func generic(it orders.Item) (any, error) {
	if !it.HasValue() {
		return nil, nil
	}
	return nodeValue(it, it.Value, 0)
}

// badMap stands for a mapping no order takes.
type badMap struct{}

func nodeValue(it orders.Item, n *yaml.Node, depth int) (any, error) {
	if depth > 32 {
		return nil, it.Errorf("nested too deeply")
	}
	switch n.Kind {
	case yaml.AliasNode:
		return nodeValue(it, n.Alias, depth+1)
	case yaml.ScalarNode:
		if n.Tag == "!!str" {
			return n.Value, nil
		}
		if n.Tag == "!!int" && plainDecimal(n.Value) {
			// What Decode gives for a plain decimal, without a decoder.
			return strconv.Atoi(n.Value)
		}
		var v any
		if err := n.Decode(&v); err != nil {
			return nil, it.Errorf("%v", err)
		}
		return v, nil
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := nodeValue(it, c, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		bad := false
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.Tag != "!!str" {
				bad = true
				continue
			}
			if _, dup := out[k.Value]; dup {
				bad = true
			}
			v, err := nodeValue(it, n.Content[i+1], depth+1)
			if err != nil {
				return nil, err
			}
			out[k.Value] = v
		}
		if bad {
			return badMap{}, nil
		}
		return out, nil
	}
	return nil, it.Errorf("not an order value")
}

// plainDecimal reports whether v is a decimal number YAML reads as the
// int strconv.Atoi reads: 0, or an optional minus and up to 18 digits
// without a leading zero.
func plainDecimal(v string) bool {
	d := strings.TrimPrefix(v, "-")
	if d == "0" {
		return v == "0"
	}
	if len(d) == 0 || len(d) > 18 || d[0] == '0' {
		return false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	return true
}

// text returns a scalar as text.
func text(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x), true
	case int:
		return strconv.Itoa(x), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case uint64:
		return strconv.FormatUint(x, 10), true
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatInt(int64(x), 10), true
		}
		return strconv.FormatFloat(x, 'g', -1, 64), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

// texts returns a scalar or a list of scalars as texts.
func texts(v any) ([]string, bool) {
	if l, ok := v.([]any); ok {
		out := make([]string, 0, len(l))
		for _, e := range l {
			t, ok := text(e)
			if !ok {
				return nil, false
			}
			out = append(out, t)
		}
		return out, true
	}
	t, ok := text(v)
	if !ok {
		return nil, false
	}
	return []string{t}, true
}

// number reads a whole number.
func number(v any) (int, bool) {
	t, ok := text(v)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(t)
	return n, err == nil && n >= -1e9 && n <= 1e9
}

// isNone reports whether v is none (or empty).
func isNone(v any) bool {
	if v == nil {
		return true
	}
	if l, ok := v.([]any); ok {
		return len(l) == 0 || len(l) == 1 && isNone(l[0])
	}
	t, ok := text(v)
	return ok && (strings.EqualFold(t, "none") || t == "")
}

// parse reads and checks seat p's orders for the open step. Everything
// that can be known now is checked now (ST-A45 and the issue's "refused
// when they arrive"); what depends on the turn's events is decided when
// the player's segment comes.
func (s *State) parse(p int, items []orders.Item) (*plan, error) {
	pl := &plan{DailyMail: -1}
	pl.P2.Minder = -1
	var errs orders.List
	seen := make([]string, 0, 16)
	table, list := verbs, verbList
	if s.V >= 2 {
		table, list = verbs2, verbList2
	}
	for _, it := range items {
		var buf [32]byte
		verb, ok := table[string(normKey(buf[:0], it.Verb))]
		if !ok {
			errs = append(errs, it.Errorf("unknown order; the orders are %s", strings.Join(list(), ", ")))
			continue
		}
		if s.V >= 2 {
			if err := s.stepVerb(verb); err != nil {
				errs = append(errs, it.Errorf("%v", err))
				continue
			}
		}
		if slices.Contains(seen, verb) {
			errs = append(errs, it.Errorf("given twice; give each order once (a list where several choices are ranked)"))
			continue
		}
		seen = append(seen, verb)
		v, err := generic(it)
		if err != nil {
			errs = append(errs, orders.Errors(err)...)
			continue
		}
		if s.V >= 2 && (verb == verbHire || !isV1Verb(verb)) {
			err = s.parseItem2(p, pl, verb, v)
		} else {
			err = s.parseItem(p, pl, verb, v)
		}
		if err != nil {
			errs = append(errs, it.Errorf("%v", err))
		}
	}
	if pl.Deposit != nil && pl.Withdraw != nil {
		errs = append(errs, orders.Errorf(0, "orders", "deposit or withdraw, not both"))
	}
	return pl, errs.Err()
}

// isV1Verb reports whether verb is one of version 1's.
func isV1Verb(verb string) bool { return verbs[norm(verb)] == verb }

func verbList() []string {
	return []string{verbMove, verbReroll, verbAirReroll, verbPassport, verbBodyguards, verbFanTan, verbOpium, verbDailyMail,
		verbDeposit, verbWithdraw, verbBuy, verbHire, verbDocks, verbNoService, verbAllow, verbSell, verbBid}
}

func (s *State) parseItem(p int, pl *plan, verb string, v any) error {
	d := s.d()
	me := &s.Players[p]
	switch verb {
	case verbMove:
		return s.each(p, v, false, true, "write a district, auto LOCATION, stay or escape, or a ranked list of them", func(what, text string, c cond) error {
			m, err := s.parseMove(p, what, text, c)
			pl.Move = append(pl.Move, m)
			return err
		})
	case verbReroll, verbAirReroll:
		n, ok := number(v)
		if !ok || n < 0 || n > 20 {
			return fmt.Errorf("write how many times at most to roll again, 0 to 20")
		}
		if verb == verbReroll {
			pl.Reroll = n
		} else {
			pl.AirReroll = n
		}
	case verbFanTan:
		n, ok := number(v)
		if !ok || n < d.FanTan.Min || n > d.FanTan.Max || n%d.Unit != 0 {
			return fmt.Errorf("a volunteer's wager is $%dooo to $%dooo, in steps of $%dooo (§7.3)", d.FanTan.Min, d.FanTan.Max, d.Unit)
		}
		pl.FanTan = n
	case verbOpium:
		if me.Hooked {
			return fmt.Errorf("you are hooked: having decided not to pay, you can't get the option in subsequent turns (§7.6)")
		}
		t, _ := text(v)
		switch strings.ToLower(t) {
		case "pay", "gamble":
			pl.Opium = strings.ToLower(t)
		default:
			return fmt.Errorf("write pay (the $%dooo fine now, free to move next turn) or gamble (roll 1-%d next turn) (§7.6)", d.Opium.Fine, d.Opium.Out)
		}
	case verbPassport:
		if me.Passport {
			return fmt.Errorf("you already hold a passport")
		}
		return s.each(p, v, false, true, "write buy or roll, or a ranked list such as [buy if cash >= 90, roll]", func(what, text string, c cond) error {
			switch strings.ToLower(what) {
			case "buy", "roll":
				pl.Passport = append(pl.Passport, passOpt{Buy: strings.EqualFold(what, "buy"), If: c})
				return nil
			}
			return fmt.Errorf("%q: write buy or roll, each with an optional if CONDITION", text)
		})
	case verbBodyguards:
		if !me.Passport {
			return fmt.Errorf("bodyguards are hired at the airfield, by passport holders (§3.3)")
		}
		return s.each(p, v, false, false, fmt.Sprintf("write how many bodyguards, 0 to %d, or a ranked list such as [3, 2]", len(d.Bodyguards)-1), func(t, _ string, _ cond) error {
			n, err := strconv.Atoi(t)
			if err != nil || n < 0 || n >= len(d.Bodyguards) {
				return fmt.Errorf("%q: bodyguards are 0 to %d", t, len(d.Bodyguards)-1)
			}
			pl.Bodyguards = append(pl.Bodyguards, n)
			return nil
		})
	case verbDeposit, verbWithdraw:
		a, err := s.parseAmount(v)
		if err != nil {
			return err
		}
		if verb == verbWithdraw {
			if !a.All && a.N > me.Bank {
				return fmt.Errorf("you have $%dooo in the bank", me.Bank)
			}
			pl.Withdraw = a
		} else {
			pl.Deposit = a
		}
	case verbDailyMail:
		t, _ := text(v)
		q := s.seatFold(t)
		switch {
		case q < 0:
			return fmt.Errorf("%q is not a player", t)
		case q == p:
			return fmt.Errorf("name another player")
		case !s.Players[q].inCity():
			return fmt.Errorf("%s is no longer in Shanghai", s.Players[q].Name)
		}
		pl.DailyMail = q
	case verbBuy:
		return s.each(p, v, true, true, "write what you would buy where you end: trading-post, warehouse, factory, racket, any, or an establishment, each with an optional if CONDITION", func(what, _ string, c cond) error {
			o := buyOpt{Loc: -1, If: c}
			switch strings.TrimSuffix(norm(what), "s") {
			case "tradingpost", "tp", "coolie":
				o.Type = typeTP
			case "warehouse", "overseer":
				o.Type = typeWarehouse
			case "factory", "factorie", "manager":
				o.Type = typeFactory
			case "racket", "racketeer":
				o.Type = typeRacket
			case "any", "anything":
				o.Type = "any"
			default:
				i, ok := d.findLoc(what)
				if !ok || !buyable(d.loc(i).Type) {
					return fmt.Errorf("%q is neither a kind of establishment nor one that can be bought", what)
				}
				o.Loc = i
			}
			pl.Buy = append(pl.Buy, o)
			return nil
		})
	case verbHire:
		h, err := s.parseHire(p, v)
		pl.Hire = h
		return err
	case verbDocks:
		if o := s.ownerOfRole(roleGreatOrient); o != p {
			return fmt.Errorf("only the owner of the Great Orient Shipping Line sends the ships (§2.3)")
		}
		if !s.shippingYear() {
			return fmt.Errorf("there is no shipping this year (§2.4, §10.2)")
		}
		return s.each(p, v, false, false, "list the docks, first ship first", func(t, _ string, _ cond) error {
			i, ok := d.findDistrict(t)
			switch {
			case !ok || !d.Districts[i].Dock:
				return fmt.Errorf("%q is not a dock district", t)
			case slices.Contains(pl.Docks, i):
				return fmt.Errorf("%q is listed twice: two ships go to separate docks", t)
			}
			pl.Docks = append(pl.Docks, i)
			return nil
		})
	case verbNoService:
		return s.each(p, v, true, false, "list your warehouses that the ships must not service", func(t, _ string, _ cond) error {
			i, ok := d.findLoc(t)
			if !ok || d.loc(i).Type != typeWarehouse || !s.owns(p, i) {
				return fmt.Errorf("%q is not one of your warehouses", t)
			}
			pl.NoService = append(pl.NoService, i)
			return nil
		})
	case verbAllow:
		return s.parseAllow(p, pl, v)
	case verbSell:
		pl.SellSet = true
		return s.each(p, v, true, false, "list the establishments to auction first if you cannot pay", func(t, _ string, _ cond) error {
			i, ok := d.findLoc(t)
			if !ok || !buyable(d.loc(i).Type) {
				return fmt.Errorf("%q is not an establishment", t)
			}
			pl.Sell = append(pl.Sell, i)
			return nil
		})
	case verbBid:
		return s.parseBids(pl, v)
	}
	return nil
}

// each calls f for each entry of v, a text or a list of texts: with conds,
// each entry is cut at "if" and its condition read (f gets the entry, the
// whole text and the condition); with noneOK, none or an empty list gives
// no entry, else usage is the error.
func (s *State) each(p int, v any, noneOK, conds bool, usage string, f func(what, text string, c cond) error) error {
	if noneOK && isNone(v) {
		return nil
	}
	ts, ok := texts(v)
	if !ok || len(ts) == 0 {
		return errors.New(usage)
	}
	for _, t := range ts {
		what, c := t, cond(nil)
		if conds {
			w, cs, has := cutIf(t)
			var err error
			if c, err = s.optCond(p, cs, has); err != nil {
				return err
			}
			what = w
		}
		if err := f(what, t, c); err != nil {
			return err
		}
	}
	return nil
}

// optCond reads an optional condition.
func (s *State) optCond(p int, text string, has bool) (cond, error) {
	if !has {
		return nil, nil
	}
	return s.parseCond(p, text)
}

// parseMove reads one move entry (what, with the condition c, as written
// in text) and refuses what can never be legal this turn.
func (s *State) parseMove(p int, what, text string, c cond) (moveOpt, error) {
	d := s.d()
	me := &s.Players[p]
	entry := text
	m := moveOpt{Text: strings.Join(strings.Fields(text), " "), If: c}
	low := strings.ToLower(what)
	switch {
	case low == "stay":
		m.Kind = mvStay
	case low == "escape":
		m.Kind = mvEscape
		if !me.Passport || me.At != d.airfield {
			return m, fmt.Errorf("escape: the escape roll is made at the airfield, with a passport (§10.1)")
		}
	case strings.HasPrefix(low, "auto ") || low == "auto":
		name := strings.TrimSpace(what[4:])
		i, ok := d.findLoc(name)
		if !ok {
			return m, fmt.Errorf("%q: no location %q", entry, name)
		}
		switch d.loc(i).Type {
		case typeConsulates:
		case typeAirfield:
			if !me.Passport {
				return m, fmt.Errorf("%q: only a passport holder moves automatically to the airfield (§10.1)", entry)
			}
		case typeRacket:
			if me.Passport {
				return m, fmt.Errorf("%q: once you have your passport you may never move elsewhere in the city (§10.1)", entry)
			}
		default:
			return m, fmt.Errorf("%q: automatic moves go to a racket, the International Consulates or the airfield (§2.3)", entry)
		}
		m.Kind, m.To = mvAuto, i
	default:
		i, ok := d.findDistrict(what)
		if !ok {
			if _, isLoc := d.findLoc(what); isLoc {
				return m, fmt.Errorf("%q is a location: name its district to roll for it, or write auto %s for an automatic move", what, what)
			}
			return m, fmt.Errorf("%q is not a district", what)
		}
		if me.Passport {
			return m, fmt.Errorf("%q: once you have your passport you may never move elsewhere in the city; move auto Consulates, auto airfield or escape (§10.1)", entry)
		}
		m.Kind, m.To = mvRoll, i
	}
	return m, nil
}

// parseAmount reads N, all, or all but N; N is whole lots (ST-A43).
func (s *State) parseAmount(v any) (*amount, error) {
	lot := s.d().Lot
	t, ok := text(v)
	if !ok {
		return nil, fmt.Errorf("write an amount in lots of $%dooo, all, or all but N", lot)
	}
	f := strings.Fields(strings.ToLower(t))
	switch {
	case len(f) == 1 && f[0] == "all":
		return &amount{All: true}, nil
	case len(f) == 3 && f[0] == "all" && f[1] == "but":
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 0 || n > 1e9 {
			return nil, fmt.Errorf("all but N: N is a sum in $ooo")
		}
		return &amount{All: true, But: n}, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil || n <= 0 || n%lot != 0 || n > 1e9 {
		return nil, fmt.Errorf("%q: money moves in lots of $%dooo (§2.3): write a multiple of %d, all, or all but N", t, lot, lot)
	}
	return &amount{N: n}, nil
}

// parseHire reads {assassin: [bob, any], if: COND}.
func (s *State) parseHire(p int, v any) (*hireOrder, error) {
	m, ok := v.(map[string]any)
	if !ok {
		if t, isText := text(v); isText {
			f := strings.Fields(t)
			if len(f) >= 2 {
				m = map[string]any{f[0]: strings.Join(f[1:], " ")}
			}
		}
	}
	if m == nil {
		return nil, fmt.Errorf("write {assassin: TARGETS} (a player or a ranked list; any for any target)")
	}
	h := &hireOrder{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		switch kind := strings.ToLower(k); kind {
		case "if":
			t, _ := text(m[k])
			c, err := s.parseCond(p, t)
			if err != nil {
				return nil, err
			}
			h.If = c
		case "assassin":
			if h.Kind != "" {
				return nil, fmt.Errorf("you may hire one general contractor a turn (§3.3)")
			}
			h.Kind = kind
			ts, ok := texts(m[k])
			if !ok || len(ts) == 0 {
				return nil, fmt.Errorf("name the target, or a ranked list of targets")
			}
			for _, t := range ts {
				if strings.EqualFold(t, "any") {
					h.Targets = append(h.Targets, -1)
					continue
				}
				q := s.seatFold(t)
				if q < 0 {
					return nil, fmt.Errorf("%q is not a player", t)
				}
				if err := s.assassinTarget(p, q); err != nil {
					return nil, err
				}
				h.Targets = append(h.Targets, q)
			}
		case "thug", "mugger":
			return nil, fmt.Errorf("%ss are not adjudicated by this engine version (%s); hire an assassin", kind, Version)
		default:
			return nil, fmt.Errorf("%q is not a general contractor; the contractor is assassin", k)
		}
	}
	if h.Kind == "" {
		return nil, fmt.Errorf("name the contractor: {assassin: TARGETS}")
	}
	return h, nil
}

// assassinTarget refuses a target that cannot be at the airfield when p
// hires: assassins act only there, against passport holders, never at the
// Consulates (§3.3); a target who moves after p this turn is still where
// he is now.
func (s *State) assassinTarget(p, q int) error {
	t := &s.Players[q]
	switch {
	case q == p:
		return fmt.Errorf("not yourself")
	case !t.inCity():
		return fmt.Errorf("%s is no longer in Shanghai", t.Name)
	case !t.Passport:
		return fmt.Errorf("%s holds no passport: assassins only strike escaping players at the airfield (§3.3)", t.Name)
	case t.At != s.d().airfield && s.rank(q) > s.rank(p):
		return fmt.Errorf("%s is not at the airfield and moves after you this turn: assassins cannot be used against a player in the International Consulates (§3.3)", t.Name)
	}
	return nil
}

// parseAllow reads {RACKET: [players] | none} or none.
func (s *State) parseAllow(p int, pl *plan, v any) error {
	d := s.d()
	pl.AllowSet = true
	if isNone(v) {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("write {RACKET: [players]} for each of your rackets (none to allow nobody)")
	}
	pl.Allow = map[int][]int{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		i, ok := d.findLoc(k)
		if !ok || d.loc(i).Type != typeRacket || !s.owns(p, i) {
			return fmt.Errorf("%q is not one of your rackets", k)
		}
		seats := []int{}
		if !isNone(m[k]) {
			ts, ok := texts(m[k])
			if !ok {
				return fmt.Errorf("%s: list players", k)
			}
			for _, t := range ts {
				q := s.seatFold(t)
				if q < 0 || q == p {
					return fmt.Errorf("%s: %q is not another player", k, t)
				}
				if !slices.Contains(seats, q) {
					seats = append(seats, q)
				}
			}
		}
		slices.Sort(seats)
		pl.Allow[i] = seats
	}
	return nil
}

// parseBids reads {ESTABLISHMENT|TYPE|any: N} or none.
func (s *State) parseBids(pl *plan, v any) error {
	d := s.d()
	pl.BidsSet = true
	if isNone(v) {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("write {ESTABLISHMENT or trading-post, warehouse, factory, racket, any: highest bid}")
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		b := Bid{Loc: -1}
		switch t := strings.TrimSuffix(norm(k), "s"); t {
		case "tradingpost":
			b.Type = typeTP
		case "warehouse", "factory", "racket":
			b.Type = t
		case "factorie":
			b.Type = typeFactory
		case "any":
			b.Type = "any"
		default:
			i, ok := d.findLoc(k)
			if !ok || !buyable(d.loc(i).Type) {
				return fmt.Errorf("%q is not an establishment or a kind of establishment", k)
			}
			b.Loc = i
		}
		n, ok := number(m[k])
		if !ok || n <= 0 || n%d.Unit != 0 {
			return fmt.Errorf("%s: a bid is a positive multiple of $%dooo", k, d.Unit)
		}
		b.Max = n
		pl.Bids = append(pl.Bids, b)
	}
	return nil
}
