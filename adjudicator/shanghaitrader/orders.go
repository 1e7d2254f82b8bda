package shanghaitrader

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/orders"
)

// An order file is read once (Read, parse) into a plan: each verb's
// reading (verbs.go) checks its value against the board now and records
// it, and the player's segment carries the plan out when it comes.

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

	// City are the orders of the contractors, the events, the deals
	// and the Collusion Phase; nil while the file gives none (most files
	// of a Seasonal Turn), so that a plan is small. Read it with city,
	// fill it with makeCity.
	City *cityOrders
}

// noCityOrders is the city orders of a plan that gives none: read only.
var noCityOrders = cityOrders{Minder: -1}

// city is pl's city orders to read: noCityOrders when the file gives
// none. Nothing is ever written through it.
func (pl *plan) city() *cityOrders {
	if pl.City == nil {
		return &noCityOrders
	}
	return pl.City
}

// makeCity is pl's city orders to fill in, made on first use.
func (pl *plan) makeCity() *cityOrders {
	if pl.City == nil {
		pl.City = &cityOrders{Minder: -1}
	}
	return pl.City
}

// cityOrders is the part of a plan the underworld's verbs write: the
// contractors, the events, the deals and the Collusion Phase.
type cityOrders struct {
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
	// Offered are the deals offered to other players (To: the addressee;
	// Seq and From are set when ApplyOpen puts them on the table) and
	// Answers the answers to theirs (offer.go).
	Offered []tableOffer
	Answers []tableAnswer
}

// parse reads and checks seat p's orders for the open step. Everything
// that can be known now is checked now (ST-A45 and the issue's "refused
// when they arrive"); what depends on the turn's events is decided when
// the player's segment comes.
func (s *State) parse(p int, items []orders.Item) (*plan, error) {
	pl := &plan{DailyMail: -1}
	var errs orders.List
	seen := make([]*verb, 0, 16)
	table := s.rules.verbs
	for _, it := range items {
		v, ok := table.lookup(it.Verb)
		if !ok {
			errs = append(errs, it.Errorf("%s", table.unknown(it.Verb)))
			continue
		}
		if s.rules.Collusion {
			if err := s.takes(v); err != nil {
				errs = append(errs, it.Errorf("%v", err))
				continue
			}
		}
		if slices.Contains(seen, v) {
			errs = append(errs, it.Errorf("given twice; give each order once (a list where several choices are ranked)"))
			continue
		}
		seen = append(seen, v)
		val, err := generic(it)
		if err != nil {
			errs = append(errs, orders.Errors(err)...)
			continue
		}
		if err := v.read(s, p, pl, v.name, val); err != nil {
			errs = append(errs, it.Errorf("%v", err))
		}
	}
	if pl.Deposit != nil && pl.Withdraw != nil {
		errs = append(errs, orders.Errorf(0, "orders", "deposit or withdraw, not both"))
	}
	if err := s.oneDealEach(pl.city()); err != nil {
		errs = append(errs, orders.Errorf(0, "orders", "%v", err))
	}
	return pl, errs.Err()
}

// generic is an order item's value as the log stores it (Item.Generic),
// read straight from the YAML nodes or the logged text: strings are taken
// as they are, other scalars decoded as Generic decodes them, mappings
// read as a mapping. A mapping whose keys are not all plain names, or
// that repeats one, is returned as a badMap, which no order takes.
func generic(it orders.Item) (any, error) {
	if !it.HasValue() {
		return nil, nil
	}
	if it.Value == nil {
		return loggedValue(it) // read from the log (logged.go)
	}
	return nodeValue(it, it.Value, 0)
}

// badMap stands for a mapping no order takes.
type badMap struct{}

// mapping is a mapping of an order's value: its entries sorted by key,
// in the order the readers take them (and the log writes them). A map,
// its keys then sorted, was made of every mapping of every order a
// replay reads.
type mapping []mapEntry

// mapEntry is one key of a mapping and its value.
type mapEntry struct {
	key string
	val any
}

// sortMapping sorts m's entries by key, in place; ok is false when a key
// repeats.
func sortMapping(m mapping) (mapping, bool) {
	if !slices.IsSortedFunc(m, compareKeys) {
		slices.SortStableFunc(m, compareKeys)
	}
	for i := 1; i < len(m); i++ {
		if m[i].key == m[i-1].key {
			return nil, false
		}
	}
	return m, true
}

func compareKeys(a, b mapEntry) int { return strings.Compare(a.key, b.key) }

// get is the value of key k.
func (m mapping) get(k string) (any, bool) {
	for _, e := range m {
		if e.key == k {
			return e.val, true
		}
	}
	return nil, false
}

// plainMapping is v, a value as encoding/json decodes it, with its maps
// as mappings, as the readers take them.
func plainMapping(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(mapping, 0, len(x))
		for k, e := range x {
			out = append(out, mapEntry{k, plainMapping(e)})
		}
		m, _ := sortMapping(out) // a map has no key twice
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plainMapping(e)
		}
		return out
	}
	return v
}

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
		if plainStrings(n) {
			out := make(strList, len(n.Content))
			for i, c := range n.Content {
				out[i] = c.Value
			}
			return out, nil
		}
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
		out := make(mapping, 0, len(n.Content)/2)
		bad := false
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.Tag != "!!str" {
				bad = true
				continue
			}
			v, err := nodeValue(it, n.Content[i+1], depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, mapEntry{k.Value, v})
		}
		if m, ok := sortMapping(out); ok && !bad {
			return m, nil
		}
		return badMap{}, nil
	}
	return nil, it.Errorf("not an order value")
}

// strList is a list of strings as nodeValue reads a sequence of strings
// alone: the same values as a []any of them, without boxing each (every
// list of every order file of a replay is read). asList reads it as a
// []any where a list may hold other values.
type strList []string

// plainStrings reports whether sequence n holds strings alone.
func plainStrings(n *yaml.Node) bool {
	for _, c := range n.Content {
		if c.Kind != yaml.ScalarNode || c.Tag != "!!str" {
			return false
		}
	}
	return true
}

// asList is v as a list, and whether it is one.
func asList(v any) ([]any, bool) {
	switch l := v.(type) {
	case []any:
		return l, true
	case strList:
		out := make([]any, len(l))
		for i, e := range l {
			out[i] = e
		}
		return out, true
	}
	return nil, false
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
	if l, ok := v.(strList); ok {
		// Trimmed as text trims them, in place: the list is this
		// reading's own.
		for i := range l {
			l[i] = strings.TrimSpace(l[i])
		}
		return l, true
	}
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

// entries is how many entries each finds in v: the length of a list,
// else one, so that a reader's list is made at its size.
func entries(v any) int {
	switch l := v.(type) {
	case strList:
		return len(l)
	case []any:
		return len(l)
	}
	return 1
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
	if l, ok := v.(strList); ok {
		return len(l) == 0 || len(l) == 1 && isNone(l[0])
	}
	t, ok := text(v)
	return ok && (strings.EqualFold(t, "none") || t == "")
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
