package shanghaitrader

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"
)

// The state's JSON is hashed into the digest of every closed step, so a
// replay encodes it once a step. These encoders write exactly what
// encoding/json writes for the same values (TestStateJSON holds them to
// it), without its reflection. A field added to State, Player or Estab
// must be added here too.

// jw appends JSON to a buffer.
type jw struct{ b []byte }

func (w *jw) key(k string, first bool) { w.b = appendKey(w.b, k, first) }

// appendKey appends a key to b: the writers build on a local slice and
// store it in the writer once, since every store of the buffer's pointer
// while the collector runs costs a write barrier.
func appendKey(b []byte, k string, first bool) []byte {
	if !first {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, k...)
	return append(b, '"', ':')
}

func (w *jw) int(k string, n int, first bool) {
	w.b = strconv.AppendInt(appendKey(w.b, k, first), int64(n), 10)
}

func (w *jw) bool(k string, v bool) {
	w.key(k, false)
	w.b = strconv.AppendBool(w.b, v)
}

// str writes a JSON string as encoding/json does (without HTML escaping,
// as the digest's encoder is set): plain printable ASCII directly, else
// through encoding/json.
func (w *jw) str(k, v string, first bool) {
	w.key(k, first)
	w.strVal(v)
}

// strVal writes a JSON string value.
func (w *jw) strVal(v string) {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(v)
			w.b = append(w.b, bytes.TrimRight(buf.Bytes(), "\n")...)
			return
		}
	}
	w.b = append(w.b, '"')
	w.b = append(w.b, v...)
	w.b = append(w.b, '"')
}

// list writes a list of n entries, each by f, under key k (no key when k
// is "").
func (w *jw) list(k string, n int, first bool, f func(i int)) {
	if k != "" {
		w.key(k, first)
	}
	w.b = append(w.b, '[')
	for i := range n {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		f(i)
	}
	w.b = append(w.b, ']')
}

func (w *jw) ints(k string, xs []int, first bool) {
	w.key(k, first)
	if xs == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.list("", len(xs), true, func(i int) { w.b = strconv.AppendInt(w.b, int64(xs[i]), 10) })
}

// counts writes a map of counts, its keys sorted as encoding/json sorts
// them (sorted on the stack: a digest is made every step).
func (w *jw) counts(k string, m map[string]int) {
	w.key(k, false)
	w.countsVal(m)
}

func (w *jw) countsVal(m map[string]int) {
	var buf [48]string
	keys := buf[:0]
	for r := range m {
		keys = append(keys, r)
	}
	slices.Sort(keys)
	w.b = append(w.b, '{')
	for i, r := range keys {
		w.int(r, m[r], i == 0)
	}
	w.b = append(w.b, '}')
}

// MarshalJSON writes the state as encoding/json would.
func (s *State) MarshalJSON() ([]byte, error) { return s.AppendJSON(make([]byte, 0, 2048)), nil }

// AppendJSON appends the state's JSON, as encoding/json writes it, to b:
// the digest of every step writes it into its own buffer
// (engine.JSONAppender).
func (s *State) AppendJSON(b []byte) []byte {
	w := &jw{b: b}
	w.b = append(w.b, '{')
	w.int("year", s.Year, true)
	w.int("season", s.Season, false)
	w.int("last_year", s.LastYear, false)
	if s.Over {
		w.bool("over", true)
	}
	if s.Ended != "" {
		w.str("ended", s.Ended, false)
	}
	if s.Players == nil {
		w.key("players", false)
		w.b = append(w.b, "null"...)
	} else {
		w.list("players", len(s.Players), false, func(i int) { s.Players[i].appendJSON(w) })
	}
	w.ints("order", s.Order, false)
	if s.Rolls != "" {
		w.str("rolls", s.Rolls, false)
	}
	w.key("estabs", false)
	w.b = s.Estabs.appendJSON(w.b)
	if s.ShipRoll != 0 {
		w.int("ship_roll", s.ShipRoll, false)
	}
	if len(s.Ships) > 0 {
		w.ints("ships", s.Ships, false)
	}
	if len(s.Dice) > 0 {
		w.ints("dice", s.Dice, false)
	}
	if s.DiceUsed != 0 {
		w.int("dice_used", s.DiceUsed, false)
	}
	w.int("issued", s.Issued, false)
	if len(s.Paid) > 0 {
		w.counts("paid", s.Paid)
	}
	if len(s.Drawn) > 0 {
		w.counts("drawn", s.Drawn)
	}
	if s.Underworld != nil {
		w.key("part2", false)
		s.Underworld.appendJSON(w)
	}
	return append(w.b, '}')
}

func (p *Player) appendJSON(w *jw) {
	w.b = append(w.b, '{')
	w.str("name", p.Name, true)
	w.str("nationality", p.Nationality, false)
	w.int("cash", p.Cash, false)
	w.int("bank", p.Bank, false)
	w.int("at", p.At, false)
	if p.Passport {
		w.bool("passport", true)
	}
	if p.Bodyguards != 0 {
		w.int("bodyguards", p.Bodyguards, false)
	}
	if p.Hooked {
		w.bool("hooked", true)
	}
	if p.Shanghaied {
		w.bool("shanghaied", true)
	}
	if p.Out != "" {
		w.str("out", p.Out, false)
	}
	if p.OutWhen != "" {
		w.str("out_when", p.OutWhen, false)
	}
	if len(p.Sell) > 0 {
		w.ints("sell", p.Sell, false)
	}
	if len(p.Bids) > 0 {
		w.list("bids", len(p.Bids), false, func(i int) {
			b := p.Bids[i]
			w.b = append(w.b, '{')
			w.int("loc", b.Loc, true)
			if b.Type != "" {
				w.str("type", b.Type, false)
			}
			w.int("max", b.Max, false)
			w.b = append(w.b, '}')
		})
	}
	if len(p.Known) > 0 {
		w.list("known", len(p.Known), false, func(i int) {
			k := p.Known[i]
			w.b = append(w.b, '{')
			w.int("of", k.Of, true)
			w.int("cash", k.Cash, false)
			w.int("bank", k.Bank, false)
			w.int("year", k.Year, false)
			w.int("season", k.Season, false)
			w.b = append(w.b, '}')
		})
	}
	if p.Detained != 0 {
		w.int("detained", p.Detained, false)
	}
	if p.Deals != nil {
		w.key("deals", false)
		p.Deals.appendJSON(w)
	}
	w.b = append(w.b, '}')
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
	w := &jw{b: b}
	w.list("", len(es), true, func(i int) {
		e := es[i]
		w.b = append(w.b, '{')
		w.int("owner", e.Owner, true)
		if e.Serviced {
			w.bool("serviced", true)
		}
		if e.Closed {
			w.bool("closed", true)
		}
		if e.Compromised {
			w.bool("compromised", true)
		}
		if len(e.Allow) > 0 {
			w.ints("allow", e.Allow, false)
		}
		w.b = append(w.b, '}')
	})
	return w.b
}

// appendJSON writes the underworld's part of the state as encoding/json
// would.
func (x *Underworld) appendJSON(w *jw) {
	w.b = append(w.b, '{')
	w.key("rules", true)
	r := x.Rules
	w.b = append(w.b, '{')
	first := true
	for _, f := range []struct {
		k string
		n int
	}{{"sudden_from", r.SuddenFrom}, {"sudden_to", r.SuddenTo}, {"threshold", r.Threshold}, {"length", r.Length}} {
		if f.n != 0 {
			w.int(f.k, f.n, first)
			first = false
		}
	}
	for _, f := range []struct {
		k string
		v bool
	}{{"exclusive", r.Exclusive}, {"marines", r.Marines}, {"minder", r.Minder}, {"spy", r.Spy}} {
		if f.v {
			w.key(f.k, first)
			w.b = append(w.b, "true"...)
			first = false
		}
	}
	w.b = append(w.b, '}')
	if x.Collusion {
		w.bool("collusion", true)
	}
	for _, f := range []struct {
		k  string
		xs []int
	}{{"police", x.Police}, {"monks", x.Monks}, {"marines", x.Marines}} {
		if len(f.xs) > 0 {
			w.ints(f.k, f.xs, false)
		}
	}
	w.int("minder", x.Minder, false)
	if x.MinderDead {
		w.bool("minder_dead", true)
	}
	if len(x.Courtesans) > 0 {
		w.list("courtesans", len(x.Courtesans), false, func(i int) {
			c := x.Courtesans[i]
			w.b = append(w.b, '{')
			w.int("loc", c.Loc, true)
			w.int("by", c.By, false)
			w.b = append(w.b, '}')
		})
	}
	w.int("lido", x.Lido, false)
	for _, f := range []struct {
		k  string
		xs []string
	}{{"used", x.Used}, {"withdrawn", x.Withdrawn}} {
		if len(f.xs) > 0 {
			w.list(f.k, len(f.xs), false, func(i int) { w.strVal(f.xs[i]) })
		}
	}
	if len(x.Fresh) > 0 {
		w.ints("fresh", x.Fresh, false)
	}
	if len(x.Loans) > 0 {
		w.list("loans", len(x.Loans), false, func(i int) {
			l := x.Loans[i]
			w.b = append(w.b, '{')
			w.int("from", l.From, true)
			w.int("to", l.To, false)
			w.int("n", l.N, false)
			w.b = append(w.b, '}')
		})
	}
	// The table is filled only while a Collusion Phase is open, never in
	// the state a step closes with: encoding/json writes it.
	for _, f := range []struct {
		k string
		v any
		n int
	}{{"table", x.Table, len(x.Table)}, {"answers", x.Answers, len(x.Answers)}} {
		if f.n > 0 {
			b, _ := json.Marshal(f.v)
			w.key(f.k, false)
			w.b = append(w.b, b...)
		}
	}
	w.b = append(w.b, '}')
}

// appendJSON writes a player's deals as encoding/json would.
func (x *Deals) appendJSON(w *jw) {
	w.b = append(w.b, '{')
	first := true
	next := func(k string) {
		w.key(k, first)
		first = false
	}
	for _, f := range []struct {
		k string
		m map[string]int
	}{{"offers", x.Offers}, {"asks", x.Asks}} {
		if len(f.m) > 0 {
			next(f.k)
			w.countsVal(f.m)
		}
	}
	if len(x.Credit) > 0 {
		next("credit")
		w.list("", len(x.Credit), true, func(i int) {
			c := x.Credit[i]
			w.b = append(w.b, '{')
			w.int("seat", c.Seat, true)
			w.int("n", c.N, false)
			if c.Lend {
				w.bool("lend", true)
			}
			w.b = append(w.b, '}')
		})
	}
	if x.Roulette != 0 {
		next("roulette")
		w.b = strconv.AppendInt(w.b, int64(x.Roulette), 10)
	}
	if x.Withdraw {
		next("withdraw")
		w.b = append(w.b, "true"...)
	}
	if x.WithdrawAt != 0 {
		next("withdraw_at")
		w.b = strconv.AppendInt(w.b, int64(x.WithdrawAt), 10)
	}
	if x.NoExtort {
		next("no_extort")
		w.b = append(w.b, "true"...)
	}
	for _, f := range []struct {
		k  string
		fs []Fee
	}{{"fees", x.Fees}, {"refunds", x.Refunds}} {
		if len(f.fs) > 0 {
			next(f.k)
			w.list("", len(f.fs), true, func(i int) {
				e := f.fs[i]
				w.b = append(w.b, '{')
				w.str("kind", e.Kind, true)
				w.int("to", e.To, false)
				w.int("n", e.N, false)
				w.b = append(w.b, '}')
			})
		}
	}
	w.b = append(w.b, '}')
}
