package shanghaitrader

import (
	"encoding/json"
	"strconv"

	"taipan/adjudicator/engine"
)

// The state's JSON is hashed into the digest of every closed step, so a
// replay encodes it once a step. These encoders write exactly what
// encoding/json writes for the same values (TestStateJSON holds them to
// it), without its reflection. A field added to State, Player or Estab
// must be added here too.
//
// Each encoder takes the buffer and returns it grown, as append does:
// the buffer stays in the encoders' registers and stack, where storing
// it costs no write barrier while the collector runs (a replay's digests
// run while it does).

// appendKey appends a key to b, after a comma unless it is the first.
func appendKey(b []byte, k string, first bool) []byte {
	if !first {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, k...)
	return append(b, '"', ':')
}

// appendIntField appends "k":n.
func appendIntField(b []byte, k string, n int, first bool) []byte {
	return strconv.AppendInt(appendKey(b, k, first), int64(n), 10)
}

// appendTrueField appends "k":true (a flag's omitempty form when set).
func appendTrueField(b []byte, k string, first bool) []byte {
	return append(appendKey(b, k, first), "true"...)
}

// appendStrField appends "k":"v".
func appendStrField(b []byte, k, v string, first bool) []byte {
	return engine.AppendJSONString(appendKey(b, k, first), v)
}

// appendIntsField appends "k":[…].
func appendIntsField(b []byte, k string, xs []int, first bool) []byte {
	return engine.AppendJSONInts(appendKey(b, k, first), xs)
}

// appendCounts writes a map of counts, its keys sorted as encoding/json
// sorts them. The map is walked once into pairs on the stack and sorted
// there by insertion (a digest is made every step, of maps of a few keys:
// a lookup per key of a vocabulary cost more).
func appendCounts(b []byte, m map[string]int) []byte {
	type count struct {
		k string
		n int
	}
	var buf [16]count
	cs := buf[:0]
	for k, n := range m {
		cs = append(cs, count{k, n})
		for i := len(cs) - 1; i > 0 && cs[i].k < cs[i-1].k; i-- {
			cs[i], cs[i-1] = cs[i-1], cs[i]
		}
	}
	b = append(b, '{')
	for i, c := range cs {
		b = appendIntField(b, c.k, c.n, i == 0)
	}
	return append(b, '}')
}

// MarshalJSON writes the state as encoding/json would.
func (s *State) MarshalJSON() ([]byte, error) { return s.AppendJSON(make([]byte, 0, 2048)), nil }

// AppendJSON appends the state's JSON, as encoding/json writes it, to b:
// the digest of every step writes it into its own buffer
// (engine.JSONAppender).
func (s *State) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	b = appendIntField(b, "year", s.Year, true)
	b = appendIntField(b, "season", s.Season, false)
	b = appendIntField(b, "last_year", s.LastYear, false)
	if s.Over {
		b = appendTrueField(b, "over", false)
	}
	if s.Ended != "" {
		b = appendStrField(b, "ended", s.Ended, false)
	}
	b = appendKey(b, "players", false)
	if s.Players == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range s.Players {
			if i > 0 {
				b = append(b, ',')
			}
			b = s.Players[i].appendJSON(b)
		}
		b = append(b, ']')
	}
	b = appendIntsField(b, "order", s.Order, false)
	if s.Rolls != "" {
		b = appendStrField(b, "rolls", s.Rolls, false)
	}
	b = appendKey(b, "estabs", false)
	b = s.Estabs.appendJSON(b)
	if s.ShipRoll != 0 {
		b = appendIntField(b, "ship_roll", s.ShipRoll, false)
	}
	if len(s.Ships) > 0 {
		b = appendIntsField(b, "ships", s.Ships, false)
	}
	if len(s.Dice) > 0 {
		b = appendIntsField(b, "dice", s.Dice, false)
	}
	if s.DiceUsed != 0 {
		b = appendIntField(b, "dice_used", s.DiceUsed, false)
	}
	b = appendIntField(b, "issued", s.Issued, false)
	if len(s.Paid) > 0 {
		b = appendCounts(appendKey(b, "paid", false), s.Paid)
	}
	if len(s.Drawn) > 0 {
		b = appendCounts(appendKey(b, "drawn", false), s.Drawn)
	}
	if s.Underworld != nil {
		b = s.Underworld.appendJSON(appendKey(b, "part2", false))
	}
	return append(b, '}')
}

func (p *Player) appendJSON(b []byte) []byte {
	b = append(b, '{')
	b = appendStrField(b, "name", p.Name, true)
	b = appendStrField(b, "nationality", p.Nationality, false)
	b = appendIntField(b, "cash", p.Cash, false)
	b = appendIntField(b, "bank", p.Bank, false)
	b = appendIntField(b, "at", p.At, false)
	if p.Passport {
		b = appendTrueField(b, "passport", false)
	}
	if p.Bodyguards != 0 {
		b = appendIntField(b, "bodyguards", p.Bodyguards, false)
	}
	if p.Hooked {
		b = appendTrueField(b, "hooked", false)
	}
	if p.Shanghaied {
		b = appendTrueField(b, "shanghaied", false)
	}
	if p.Out != "" {
		b = appendStrField(b, "out", p.Out, false)
	}
	if p.OutWhen != "" {
		b = appendStrField(b, "out_when", p.OutWhen, false)
	}
	if len(p.Sell) > 0 {
		b = appendIntsField(b, "sell", p.Sell, false)
	}
	if len(p.Bids) > 0 {
		b = append(appendKey(b, "bids", false), '[')
		for i, bid := range p.Bids {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			b = appendIntField(b, "loc", bid.Loc, true)
			if bid.Type != "" {
				b = appendStrField(b, "type", bid.Type, false)
			}
			b = appendIntField(b, "max", bid.Max, false)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(p.Known) > 0 {
		b = append(appendKey(b, "known", false), '[')
		for i, k := range p.Known {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			b = appendIntField(b, "of", k.Of, true)
			b = appendIntField(b, "cash", k.Cash, false)
			b = appendIntField(b, "bank", k.Bank, false)
			b = appendIntField(b, "year", k.Year, false)
			b = appendIntField(b, "season", k.Season, false)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if p.Detained != 0 {
		b = appendIntField(b, "detained", p.Detained, false)
	}
	if p.Deals != nil {
		b = p.Deals.appendJSON(appendKey(b, "deals", false))
	}
	return append(b, '}')
}

// MarshalJSON writes the list as encoding/json would.
func (es estabs) MarshalJSON() ([]byte, error) {
	if es == nil {
		return []byte("null"), nil
	}
	return es.appendJSON(make([]byte, 0, 14*len(es)+2)), nil
}

func (es estabs) appendJSON(b []byte) []byte {
	if es == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range es {
		e := &es[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		b = appendIntField(b, "owner", e.Owner, true)
		if e.Serviced {
			b = appendTrueField(b, "serviced", false)
		}
		if e.Closed {
			b = appendTrueField(b, "closed", false)
		}
		if e.Compromised {
			b = appendTrueField(b, "compromised", false)
		}
		if len(e.Allow) > 0 {
			b = appendIntsField(b, "allow", e.Allow, false)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendJSON writes the underworld's part of the state as encoding/json
// would.
func (x *Underworld) appendJSON(b []byte) []byte {
	b = append(appendKey(append(b, '{'), "rules", true), '{')
	r := x.Rules
	first := true
	for _, f := range [...]struct {
		k string
		n int
	}{{"sudden_from", r.SuddenFrom}, {"sudden_to", r.SuddenTo}, {"threshold", r.Threshold}, {"length", r.Length}} {
		if f.n != 0 {
			b = appendIntField(b, f.k, f.n, first)
			first = false
		}
	}
	for _, f := range [...]struct {
		k string
		v bool
	}{{"exclusive", r.Exclusive}, {"marines", r.Marines}, {"minder", r.Minder}, {"spy", r.Spy}} {
		if f.v {
			b = appendTrueField(b, f.k, first)
			first = false
		}
	}
	b = append(b, '}')
	if x.Collusion {
		b = appendTrueField(b, "collusion", false)
	}
	for _, f := range [...]struct {
		k  string
		xs []int
	}{{"police", x.Police}, {"monks", x.Monks}, {"marines", x.Marines}} {
		if len(f.xs) > 0 {
			b = appendIntsField(b, f.k, f.xs, false)
		}
	}
	b = appendIntField(b, "minder", x.Minder, false)
	if x.MinderDead {
		b = appendTrueField(b, "minder_dead", false)
	}
	if len(x.Courtesans) > 0 {
		b = append(appendKey(b, "courtesans", false), '[')
		for i, c := range x.Courtesans {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			b = appendIntField(b, "loc", c.Loc, true)
			b = appendIntField(b, "by", c.By, false)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendIntField(b, "lido", x.Lido, false)
	for _, f := range [...]struct {
		k  string
		xs []string
	}{{"used", x.Used}, {"withdrawn", x.Withdrawn}} {
		if len(f.xs) > 0 {
			b = append(appendKey(b, f.k, false), '[')
			for i, s := range f.xs {
				if i > 0 {
					b = append(b, ',')
				}
				b = engine.AppendJSONString(b, s)
			}
			b = append(b, ']')
		}
	}
	if len(x.Fresh) > 0 {
		b = appendIntsField(b, "fresh", x.Fresh, false)
	}
	if len(x.Loans) > 0 {
		b = append(appendKey(b, "loans", false), '[')
		for i, l := range x.Loans {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			b = appendIntField(b, "from", l.From, true)
			b = appendIntField(b, "to", l.To, false)
			b = appendIntField(b, "n", l.N, false)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	// The table is filled only while a Collusion Phase is open, never in
	// the state a step closes with: encoding/json writes it.
	for _, f := range []struct {
		k string
		v any
		n int
	}{{"table", x.Table, len(x.Table)}, {"answers", x.Answers, len(x.Answers)}} {
		if f.n > 0 {
			enc, _ := json.Marshal(f.v)
			b = append(appendKey(b, f.k, false), enc...)
		}
	}
	return append(b, '}')
}

// appendJSON writes a player's deals as encoding/json would.
func (x *Deals) appendJSON(b []byte) []byte {
	b = append(b, '{')
	first := true
	for _, f := range [...]struct {
		k string
		m map[string]int
	}{{"offers", x.Offers}, {"asks", x.Asks}} {
		if len(f.m) > 0 {
			b = appendCounts(appendKey(b, f.k, first), f.m)
			first = false
		}
	}
	if len(x.Credit) > 0 {
		b = append(appendKey(b, "credit", first), '[')
		first = false
		for i, c := range x.Credit {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			b = appendIntField(b, "seat", c.Seat, true)
			b = appendIntField(b, "n", c.N, false)
			if c.Lend {
				b = appendTrueField(b, "lend", false)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if x.Roulette != 0 {
		b = appendIntField(b, "roulette", x.Roulette, first)
		first = false
	}
	if x.Withdraw {
		b = appendTrueField(b, "withdraw", first)
		first = false
	}
	if x.WithdrawAt != 0 {
		b = appendIntField(b, "withdraw_at", x.WithdrawAt, first)
		first = false
	}
	if x.NoExtort {
		b = appendTrueField(b, "no_extort", first)
		first = false
	}
	for _, f := range [...]struct {
		k  string
		fs []Fee
	}{{"fees", x.Fees}, {"refunds", x.Refunds}} {
		if len(f.fs) > 0 {
			b = append(appendKey(b, f.k, first), '[')
			first = false
			for i, e := range f.fs {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, '{')
				b = appendStrField(b, "kind", e.Kind, true)
				b = appendIntField(b, "to", e.To, false)
				b = appendIntField(b, "n", e.N, false)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
	}
	return append(b, '}')
}
