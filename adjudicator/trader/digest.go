package trader

import (
	"strconv"

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
	b = engine.AppendJSONInts(b, s.Values)
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
			b = engine.AppendJSONString(b, t.Name)
			b = append(b, `,"members":`...)
			b = engine.AppendJSONInts(b, t.Members)
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
	b = engine.AppendJSONString(b, s.Phase)
	b = append(b, `,"active":`...)
	b = strconv.AppendInt(b, int64(s.Active), 10)
	b = append(b, `,"first":`...)
	b = strconv.AppendInt(b, int64(s.First), 10)
	b = append(b, `,"first1":`...)
	b = strconv.AppendInt(b, int64(s.First1), 10)
	b = append(b, `,"last_sale":`...)
	b = engine.AppendJSONInts(b, s.LastSale)
	b = append(b, `,"passes":`...)
	b = strconv.AppendInt(b, int64(s.Passes), 10)
	b = append(b, `,"scores":`...)
	if s.Scores == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		from := 0
		if s.scoresRows == len(s.Scores) {
			b, from = append(b, s.scoresJSON...), s.scoresRows
		}
		for i := from; i < len(s.Scores); i++ {
			if i > 0 {
				b = append(b, ',')
			}
			b = engine.AppendJSONInts(b, s.Scores[i])
		}
		b = append(b, ']')
	}
	if s.Ended != "" {
		b = append(b, `,"ended":`...)
		b = engine.AppendJSONString(b, s.Ended)
	}
	return append(b, '}')
}

// appendJSON appends the player as encoding/json writes a Player.
func (p *Player) appendJSON(b []byte) []byte {
	b = append(b, `{"name":`...)
	b = engine.AppendJSONString(b, p.Name)
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
		b = engine.AppendJSONEncoded(b, p.Plan)
	}
	return append(b, '}')
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
