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
		b = engine.AppendJSONIntField(b, `"rules":`, s.Rules)
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
			b = engine.AppendJSONIntField(b, `,"space":`, p.Space)
			b = engine.AppendJSONIntField(b, `,"money":`, p.Money)
			b = append(b, `,"hand":`...)
			b = engine.AppendJSONTexts(b, p.Hand, Card.String)
			if p.Removed {
				b = append(b, `,"removed":true`...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = engine.AppendJSONIntField(b, `,"round":`, s.Round)
	b = engine.AppendJSONIntField(b, `,"lang_tsu":`, s.LangTsu)
	b = engine.AppendJSONIntField(b, `,"junk":`, s.Junk)
	b = engine.AppendJSONIntField(b, `,"determiner":`, s.Determiner)
	b = append(b, `,"pile":`...)
	b = engine.AppendJSONTexts(b, s.Pile, Card.String)
	b = append(b, `,"events":`...)
	b = engine.AppendJSONInts(b, s.Events)
	b = engine.AppendJSONIntField(b, `,"keeper":`, s.Keeper)
	b = engine.AppendJSONIntField(b, `,"bank":`, s.Bank)
	b = engine.AppendJSONIntField(b, `,"quiet":`, s.Quiet)
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
			b = engine.AppendJSONIntField(b, `{"round":`, e.Round)
			b = engine.AppendJSONIntField(b, `,"event":`, e.Event)
			b = engine.AppendJSONIntField(b, `,"chooser":`, e.Chooser)
			b = engine.AppendJSONIntField(b, `,"to":`, e.To)
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
	b = engine.AppendJSONIntField(b, `{"round":`, l.Round)
	b = engine.AppendJSONIntField(b, `,"time":`, l.Time)
	b = engine.AppendJSONIntField(b, `,"from":`, l.From)
	b = engine.AppendJSONIntField(b, `,"to":`, l.To)
	b = append(b, `,"bids":`...)
	if l.Bids == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, d := range l.Bids {
			if i > 0 {
				b = append(b, ',')
			}
			b = engine.AppendJSONIntField(b, `{"seat":`, d.Seat)
			b = engine.AppendJSONIntField(b, `,"amount":`, d.Amount)
			if d.Over {
				b = append(b, `,"over":true`...)
			}
			if d.Penalty != 0 {
				b = engine.AppendJSONIntField(b, `,"penalty":`, d.Penalty)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = engine.AppendJSONIntField(b, `,"chooser":`, l.Chooser)
	b = append(b, `,"how":`...)
	b = engine.AppendJSONString(b, l.How)
	b = engine.AppendJSONIntField(b, `,"paid":`, l.Paid)
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
			b = engine.AppendJSONIntField(b, `{"seat":`, p.Seat)
			b = append(b, `,"cards":`...)
			b = engine.AppendJSONTexts(b, p.Cards, Card.String)
			b = engine.AppendJSONIntField(b, `,"points":`, p.Points)
			b = engine.AppendJSONIntField(b, `,"from":`, p.From)
			b = engine.AppendJSONIntField(b, `,"to":`, p.To)
			b = append(b, `,"free":`...)
			b = strconv.AppendBool(b, p.Free)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = engine.AppendJSONIntField(b, `,"bought":`, l.Bought)
	if l.Card != nil {
		b = append(b, `,"card":`...)
		b = engine.AppendJSONString(b, l.Card.String())
	}
	if l.Event != nil {
		b = engine.AppendJSONIntField(b, `,"event":`, *l.Event)
	}
	return append(b, '}')
}
