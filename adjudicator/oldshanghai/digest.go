package oldshanghai

import (
	"strconv"

	"taipan/adjudicator/engine"
)

var _ engine.JSONAppender = (*State)(nil)

// AppendJSON appends the state's JSON exactly as encoding/json writes it
// (compact, HTML escaping off), field by field in the order and under the
// wire names of the struct tags, omitempty included: the digest of every
// step of a replay is of these bytes (engine.JSONAppender), so it must
// never differ from encoding/json's. TestAppendJSONIsEncodingJSON and the
// random games hold the two together.
func (s *State) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	if s.Rules != 0 {
		b = engine.AppendJSONIntField(b, `"rules":`, s.Rules)
		b = append(b, ',')
	}
	b = append(b, `"counts":`...)
	b = engine.AppendJSONInts(b, s.Counts)
	b = append(b, `,"boss_return":`...)
	b = engine.AppendJSONString(b, s.BossReturn)
	b = engine.AppendJSONIntField(b, `,"stalemate":`, s.Stalemate)
	b = engine.AppendJSONIntField(b, `,"round_turns":`, s.RoundTurns)
	b = append(b, `,"review_on_elimination":`...)
	b = strconv.AppendBool(b, s.ReviewOnElim)
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
	b = append(b, `,"deck":`...)
	b = appendCards(b, s.Deck)
	b = append(b, `,"discard":`...)
	b = appendCards(b, s.Discard)
	b = append(b, `,"out_of_play":`...)
	b = appendCards(b, s.OutOfPlay)
	b = append(b, `,"table":`...)
	b = appendCards(b, s.Table)
	b = append(b, `,"stage":`...)
	b = engine.AppendJSONString(b, s.Stage)
	b = engine.AppendJSONIntField(b, `,"active":`, s.Active)
	b = engine.AppendJSONIntField(b, `,"turn":`, s.Turn)
	b = engine.AppendJSONIntField(b, `,"quiet":`, s.Quiet)
	b = engine.AppendJSONIntField(b, `,"since":`, s.Since)
	if sh := s.Sh; sh != nil {
		b = engine.AppendJSONIntField(b, `,"shanghai":{"drawer":`, sh.Drawer)
		b = engine.AppendJSONIntField(b, `,"shanghaier":`, sh.Shanghaier)
		b = append(b, `,"with":`...)
		b = appendCards(b, sh.With)
		b = engine.AppendJSONIntField(b, `,"putter":`, sh.Putter)
		b = append(b, `,"outcome":`...)
		b = engine.AppendJSONString(b, sh.Outcome)
		b = append(b, '}')
	}
	if len(s.Shell) > 0 {
		b = append(b, `,"shell":`...)
		b = appendCards(b, s.Shell)
	}
	b = append(b, `,"asked":`...)
	b = engine.AppendJSONInts(b, s.Asked)
	if s.Review {
		b = append(b, `,"review":true`...)
	}
	if s.Ended != "" {
		b = append(b, `,"ended":`...)
		b = engine.AppendJSONString(b, s.Ended)
	}
	if len(s.Winners) > 0 {
		b = append(b, `,"winners":`...)
		b = engine.AppendJSONInts(b, s.Winners)
	}
	b = engine.AppendJSONIntField(b, `,"decisions":`, s.Decisions)
	b = engine.AppendJSONIntField(b, `,"asks":`, s.Asks)
	return append(b, '}')
}

func (p *Player) appendJSON(b []byte) []byte {
	b = append(b, `{"name":`...)
	b = engine.AppendJSONString(b, p.Name)
	b = append(b, `,"hand":`...)
	b = appendCards(b, p.Hand)
	if p.Out {
		b = append(b, `,"out":true`...)
	}
	if p.Removed {
		b = append(b, `,"removed":true`...)
	}
	if p.OutTurn != 0 {
		b = engine.AppendJSONIntField(b, `,"out_turn":`, p.OutTurn)
	}
	b = append(b, `,"orders":`...)
	b = p.Orders.appendJSON(b)
	b = append(b, `,"deck":`...)
	if p.Deck == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, f := range p.Deck {
			if i > 0 {
				b = append(b, ',')
			}
			b = engine.AppendJSONIntField(b, `{"depth":`, f.Depth)
			b = append(b, `,"card":`...)
			b = engine.AppendJSONString(b, f.Card.ID())
			if f.Deeper != 0 {
				b = engine.AppendJSONIntField(b, `,"deeper":`, f.Deeper)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"held":`...)
	if p.Held == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, h := range p.Held {
			if i > 0 {
				b = append(b, ',')
			}
			b = engine.AppendJSONIntField(b, `{"holder":`, h.Holder)
			b = append(b, `,"card":`...)
			b = engine.AppendJSONString(b, h.Card.ID())
			b = append(b, `,"how":`...)
			b = engine.AppendJSONString(b, h.How)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func (o *Standing) appendJSON(b []byte) []byte {
	b = append(b, '{')
	sep := func(b []byte) []byte {
		if b[len(b)-1] != '{' {
			b = append(b, ',')
		}
		return b
	}
	if o.Heart != nil {
		b = append(b, `"heart":`...)
		b = o.Heart.appendJSON(b)
	}
	if o.Police != nil {
		b = append(sep(b), `"police":`...)
		b = o.Police.appendJSON(b)
	}
	if f := o.Finish; f != nil {
		b = append(sep(b), `"finish":{`...)
		if f.Never {
			b = append(b, `"never":true,`...)
		}
		if len(f.Who) > 0 {
			b = append(b, `"who":`...)
			b = engine.AppendJSONInts(b, f.Who)
			b = append(b, ',')
		}
		b = append(b, `"with":`...)
		b = engine.AppendJSONString(b, f.With)
		b = appendMode(b, f.Mode, f.Cond)
		b = append(b, '}')
	}
	if len(o.PutBack) > 0 {
		b = append(sep(b), `"put_back":[`...)
		for i, r := range o.PutBack {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"at":{"kind":`...)
			b = engine.AppendJSONString(b, r.At.Kind)
			if r.At.Depth != 0 {
				b = engine.AppendJSONIntField(b, `,"depth":`, r.At.Depth)
			}
			if r.At.Seat != 0 {
				b = engine.AppendJSONIntField(b, `,"seat":`, r.At.Seat)
			}
			b = append(b, '}')
			b = appendMode(b, r.Mode, r.Cond)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(o.Keep) > 0 {
		b = append(sep(b), `"keep":`...)
		b = appendCards(b, o.Keep)
	}
	if len(o.Skip) > 0 {
		b = append(sep(b), `"skip":[`...)
		for i, r := range o.Skip {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"play":`...)
			b = engine.AppendJSONString(b, r.Play)
			b = append(b, `,"target":{`...)
			if r.Target.Kind != "" {
				b = append(b, `"kind":`...)
				b = engine.AppendJSONString(b, r.Target.Kind)
			}
			if r.Target.Seat != 0 {
				if r.Target.Kind != "" {
					b = append(b, ',')
				}
				b = engine.AppendJSONIntField(b, `"seat":`, r.Target.Seat)
			}
			b = append(b, '}')
			b = appendMode(b, r.Mode, r.Cond)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func (y *YesNo) appendJSON(b []byte) []byte {
	b = append(b, `{"mode":`...)
	b = engine.AppendJSONString(b, y.Mode)
	if len(y.Cond) > 0 {
		b = append(b, `,"cond":`...)
		b = y.Cond.appendJSON(b)
	}
	return append(b, '}')
}

// appendMode appends the omitempty mode and cond of a rule, each after a
// comma.
func appendMode(b []byte, mode string, c Cond) []byte {
	if mode != "" {
		b = append(b, `,"mode":`...)
		b = engine.AppendJSONString(b, mode)
	}
	if len(c) > 0 {
		b = append(b, `,"cond":`...)
		b = c.appendJSON(b)
	}
	return b
}

func (c Cond) appendJSON(b []byte) []byte {
	b = append(b, '[')
	for i, a := range c {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		if a.Not {
			b = append(b, `"not":true,`...)
		}
		b = append(b, `"kind":`...)
		b = engine.AppendJSONString(b, a.Kind)
		if a.What != "" {
			b = append(b, `,"what":`...)
			b = engine.AppendJSONString(b, a.What)
		}
		b = append(b, `,"card":`...)
		b = engine.AppendJSONString(b, a.Card.ID())
		if a.Op != "" {
			b = append(b, `,"op":`...)
			b = engine.AppendJSONString(b, a.Op)
		}
		if a.N != 0 {
			b = engine.AppendJSONIntField(b, `,"n":`, a.N)
		}
		if a.Seat != 0 {
			b = engine.AppendJSONIntField(b, `,"seat":`, a.Seat)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendCards appends cards as AppendJSONTexts of Card.ID writes them,
// from their ids written as JSON once (components.quotedID).
func appendCards(b []byte, cs []Card) []byte {
	if cs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		if int(c) < len(data.quotedID) {
			b = append(b, data.quotedID[c]...)
		} else {
			b = engine.AppendJSONString(b, c.ID())
		}
	}
	return append(b, ']')
}
