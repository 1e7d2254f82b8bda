package trader

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"taipan/adjudicator/engine"
)

var _ engine.JSONAppender = (*State)(nil)

// AppendJSON appends the state's JSON exactly as encoding/json writes it
// (compact, HTML escaping off), field by field in the order and under the
// wire names of State's struct tags: the digest of every step of a replay
// is of these bytes (engine.JSONAppender), so it must never differ from
// encoding/json's. TestAppendJSONIsEncodingJSON holds the two together.
func (s *State) AppendJSON(b []byte) []byte {
	b = append(b, `{"values":`...)
	b = appendInts(b, s.Values)
	b = append(b, `,"start":`...)
	b = strconv.AppendInt(b, int64(s.Start), 10)
	b = append(b, `,"sets":`...)
	b = strconv.AppendInt(b, int64(s.Sets), 10)
	b = append(b, `,"set":`...)
	b = strconv.AppendInt(b, int64(s.Set), 10)
	b = append(b, `,"players":`...)
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
	b = append(b, `,"teams":`...)
	if s.Teams == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, t := range s.Teams {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"name":`...)
			b = appendString(b, t.Name)
			b = append(b, `,"members":`...)
			b = appendInts(b, t.Members)
			b = append(b, `,"joker_used":`...)
			b = strconv.AppendBool(b, t.JokerUsed)
			b = append(b, `,"joker_by":`...)
			b = strconv.AppendInt(b, int64(t.JokerBy), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"columns":`...)
	if s.Columns == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, col := range s.Columns {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendStocks(b, col)
		}
		b = append(b, ']')
	}
	b = append(b, `,"market":`...)
	b = strconv.AppendInt(b, int64(s.Market), 10)
	b = append(b, `,"sold":`...)
	b = appendStocks(b, s.Sold)
	b = append(b, `,"phase":`...)
	b = appendString(b, s.Phase)
	b = append(b, `,"active":`...)
	b = strconv.AppendInt(b, int64(s.Active), 10)
	b = append(b, `,"first":`...)
	b = strconv.AppendInt(b, int64(s.First), 10)
	b = append(b, `,"first1":`...)
	b = strconv.AppendInt(b, int64(s.First1), 10)
	b = append(b, `,"last_sale":`...)
	b = appendInts(b, s.LastSale)
	b = append(b, `,"passes":`...)
	b = strconv.AppendInt(b, int64(s.Passes), 10)
	b = append(b, `,"scores":`...)
	if s.Scores == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, sc := range s.Scores {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendInts(b, sc)
		}
		b = append(b, ']')
	}
	if s.Ended != "" {
		b = append(b, `,"ended":`...)
		b = appendString(b, s.Ended)
	}
	return append(b, '}')
}

// appendJSON appends the player as encoding/json writes a Player.
func (p *Player) appendJSON(b []byte) []byte {
	b = append(b, `{"name":`...)
	b = appendString(b, p.Name)
	b = append(b, `,"money":`...)
	b = strconv.AppendInt(b, int64(p.Money), 10)
	b = append(b, `,"stocks":`...)
	b = appendStocks(b, p.Stocks)
	b = append(b, `,"team":`...)
	b = strconv.AppendInt(b, int64(p.Team), 10)
	if p.Removed {
		b = append(b, `,"removed":true`...)
	}
	if p.Plan != nil {
		// Plans are rare and small: encoding/json writes them.
		b = append(b, `,"plan":`...)
		b = appendEncoded(b, p.Plan)
	}
	return append(b, '}')
}

func appendInts(b []byte, xs []int) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

func appendStocks(b []byte, ks []Stock) []byte {
	if ks == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, k := range ks {
		if i > 0 {
			b = append(b, ',')
		}
		js, _ := k.MarshalJSON()
		b = append(b, js...)
	}
	return append(b, ']')
}

// appendString appends s as a JSON string as encoding/json writes it with
// HTML escaping off: as it is when it needs no escape (printable ASCII
// without quotes or backslashes, or valid UTF-8 without the line
// separators), else by encoding/json itself.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return appendEncoded(b, s)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendEncoded appends v as a json.Encoder writes it with HTML escaping
// off, without its newline.
func appendEncoded(b []byte, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("trader: a state that does not encode: " + err.Error())
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})...)
}
