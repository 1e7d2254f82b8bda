package singapore

import (
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
	b = append(b, `"types":`...)
	b = engine.AppendJSONInts(b, s.Types)
	if s.Plain {
		b = append(b, `,"plain_goods":true`...)
	}
	if s.Ordinance {
		b = append(b, `,"ordinance":true`...)
	}
	if s.Figures {
		b = append(b, `,"influential_figures":true`...)
	}
	b = engine.AppendJSONIntField(b, `,"total":`, s.Total)
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
	b = engine.AppendJSONIntField(b, `,"first":`, s.First)
	b = append(b, `,"phase":`...)
	b = engine.AppendJSONString(b, s.Phase)
	b = engine.AppendJSONIntField(b, `,"active":`, s.Active)
	b = engine.AppendJSONIntField(b, `,"turn":`, s.Turn)
	b = append(b, `,"river":`...)
	b = appendCardsJSON(b, s.River)
	b = engine.AppendJSONIntField(b, `,"ss":`, s.SS)
	b = append(b, `,"seized":`...)
	b = appendCardsJSON(b, s.Seized)
	b = append(b, `,"deck":`...)
	if s.Deck == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, d := range s.Deck {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"card":`...)
			b = appendCardJSON(b, d.Card)
			if d.Public {
				b = append(b, `,"public":true`...)
			}
			if len(d.Seen) > 0 {
				b = append(b, `,"seen":`...)
				b = engine.AppendJSONInts(b, d.Seen)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if s.Aside {
		b = append(b, `,"ordinance_aside":true`...)
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
	b = append(b, `,"hand":`...)
	if p.Hand == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, h := range p.Hand {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"card":`...)
			b = appendCardJSON(b, h.Card)
			if h.Open {
				b = append(b, `,"open":true`...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if p.Merchant != "" {
		b = append(b, `,"merchant":`...)
		b = engine.AppendJSONString(b, p.Merchant)
	}
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
