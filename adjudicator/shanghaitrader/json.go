package shanghaitrader

import (
	"bytes"
	"encoding/json"
	"maps"
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

func (w *jw) key(k string, first bool) {
	if !first {
		w.b = append(w.b, ',')
	}
	w.b = append(w.b, '"')
	w.b = append(w.b, k...)
	w.b = append(w.b, '"', ':')
}

func (w *jw) int(k string, n int, first bool) {
	w.key(k, first)
	w.b = strconv.AppendInt(w.b, int64(n), 10)
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

// raw writes v with encoding/json, as the digest's encoder does (no HTML
// escaping): for the parts of the state that only version 2 has, which
// are small.
func (w *jw) raw(k string, v any) {
	w.key(k, false)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	w.b = append(w.b, bytes.TrimRight(buf.Bytes(), "\n")...)
}

func (w *jw) ints(k string, xs []int, first bool) {
	w.key(k, first)
	if xs == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.list("", len(xs), true, func(i int) { w.b = strconv.AppendInt(w.b, int64(xs[i]), 10) })
}

func (w *jw) counts(k string, m map[string]int) {
	w.key(k, false)
	w.b = append(w.b, '{')
	for i, r := range slices.Sorted(maps.Keys(m)) {
		w.int(r, m[r], i == 0)
	}
	w.b = append(w.b, '}')
}

// MarshalJSON writes the state as encoding/json would.
func (s *State) MarshalJSON() ([]byte, error) {
	w := &jw{b: make([]byte, 0, 2048)}
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
	if s.P2 != nil {
		w.raw("part2", s.P2)
	}
	return append(w.b, '}'), nil
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
		w.raw("deals", p.Deals)
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
