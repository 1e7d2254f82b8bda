package sackson

import (
	"strconv"

	"taipan/adjudicator/engine"
)

var _ engine.JSONAppender = (*State)(nil)

// AppendJSON appends the state's JSON exactly as encoding/json writes it
// (compact, HTML escaping off), field by field in the order and under the
// wire names of State's struct tags, omitempty included: the digest of
// every step of a replay is of these bytes (engine.JSONAppender), so it
// must never differ from encoding/json's. TestAppendJSONIsEncodingJSON
// holds the two together.
func (s *State) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	if s.Rules != 0 {
		b = appendIntField(b, `"rules":`, s.Rules)
		b = append(b, ',')
	}
	b = append(b, `"players":`...)
	if s.Players == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range s.Players {
			if i > 0 {
				b = append(b, ',')
			}
			p := &s.Players[i]
			b = append(b, `{"name":`...)
			b = engine.AppendJSONString(b, p.Name)
			b = appendIntField(b, `,"space":`, p.Space)
			b = appendIntField(b, `,"money":`, p.Money)
			b = append(b, `,"hand":`...)
			b = appendCards(b, p.Hand)
			if p.Removed {
				b = append(b, `,"removed":true`...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendIntField(b, `,"round":`, s.Round)
	b = appendIntField(b, `,"lang_tsu":`, s.LangTsu)
	b = appendIntField(b, `,"junk":`, s.Junk)
	b = appendIntField(b, `,"determiner":`, s.Determiner)
	b = append(b, `,"pile":`...)
	b = appendCards(b, s.Pile)
	b = append(b, `,"events":`...)
	b = engine.AppendJSONInts(b, s.Events)
	b = appendIntField(b, `,"keeper":`, s.Keeper)
	b = appendIntField(b, `,"bank":`, s.Bank)
	b = appendIntField(b, `,"quiet":`, s.Quiet)
	if s.Last != nil {
		b = append(b, `,"last":`...)
		b = s.Last.appendJSON(b)
	}
	b = append(b, `,"events_done":`...)
	if s.EventsDone == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, e := range s.EventsDone {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendIntField(b, `{"round":`, e.Round)
			b = appendIntField(b, `,"event":`, e.Event)
			b = appendIntField(b, `,"chooser":`, e.Chooser)
			b = appendIntField(b, `,"to":`, e.To)
			b = append(b, `,"result":`...)
			b = engine.AppendJSONString(b, e.Result)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"over":`...)
	b = strconv.AppendBool(b, s.Over)
	if len(s.Winners) > 0 {
		b = append(b, `,"winners":`...)
		b = engine.AppendJSONInts(b, s.Winners)
	}
	if s.End != "" {
		b = append(b, `,"end":`...)
		b = engine.AppendJSONString(b, s.End)
	}
	if s.Ended != "" {
		b = append(b, `,"ended":`...)
		b = engine.AppendJSONString(b, s.Ended)
	}
	return append(b, '}')
}

func (l *RoundLog) appendJSON(b []byte) []byte {
	b = appendIntField(b, `{"round":`, l.Round)
	b = appendIntField(b, `,"time":`, l.Time)
	b = appendIntField(b, `,"from":`, l.From)
	b = appendIntField(b, `,"to":`, l.To)
	b = append(b, `,"bids":`...)
	if l.Bids == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, d := range l.Bids {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendIntField(b, `{"seat":`, d.Seat)
			b = appendIntField(b, `,"amount":`, d.Amount)
			if d.Over {
				b = append(b, `,"over":true`...)
			}
			if d.Penalty != 0 {
				b = appendIntField(b, `,"penalty":`, d.Penalty)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendIntField(b, `,"chooser":`, l.Chooser)
	b = append(b, `,"how":`...)
	b = engine.AppendJSONString(b, l.How)
	b = appendIntField(b, `,"paid":`, l.Paid)
	if l.Tie != "" {
		b = append(b, `,"tie":`...)
		b = engine.AppendJSONString(b, l.Tie)
	}
	b = append(b, `,"plays":`...)
	if l.Plays == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, p := range l.Plays {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendIntField(b, `{"seat":`, p.Seat)
			b = append(b, `,"cards":`...)
			b = appendCards(b, p.Cards)
			b = appendIntField(b, `,"points":`, p.Points)
			b = appendIntField(b, `,"from":`, p.From)
			b = appendIntField(b, `,"to":`, p.To)
			b = append(b, `,"free":`...)
			b = strconv.AppendBool(b, p.Free)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendIntField(b, `,"bought":`, l.Bought)
	if l.Card != nil {
		b = append(b, `,"card":`...)
		b = engine.AppendJSONString(b, l.Card.String())
	}
	if l.Event != nil {
		b = appendIntField(b, `,"event":`, *l.Event)
	}
	return append(b, '}')
}

// appendIntField appends a key (with its separator) and an integer.
func appendIntField(b []byte, key string, n int) []byte {
	return strconv.AppendInt(append(b, key...), int64(n), 10)
}

// appendCards appends cards as their text (Card.MarshalText), null for a
// nil list.
func appendCards(b []byte, cs []Card) []byte {
	if cs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = engine.AppendJSONString(b, c.String())
	}
	return append(b, ']')
}
