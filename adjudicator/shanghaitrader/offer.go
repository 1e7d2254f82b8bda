package shanghaitrader

import (
	"cmp"
	"fmt"
	"slices"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Deals in one round: in the Collusion Phase a player puts an
// exchange on the table with offer: {to: PLAYER, give: [...], get: [...]},
// and its addressee answers it in the same step with accept: or decline:,
// or a counter-offer of their own; a standing answer (accept: {from:
// PLAYER, if_get: [...]}) accepts any offer of that player that gives
// all it names. Each file is put on the table as soon as it is logged
// (engine.OpenOrders), so the addressee's view shows the offer, and
// only theirs; the step then waits for the addressee's answer
// (engine.Status.Answering) until its deadline. The Exchange Segment
// carries out each accepted offer as it carries out two mirror
// exchanges (§2.3: "transfers ... upon agreement", §6.1).

// A tableOffer is an exchange a player offered another in the open
// Collusion Phase: From gives Give and GiveCash for Get and GetCash. Seq
// counts the files put on the table before it, so that a counter-offer
// is told from the offer it answers.
type tableOffer struct {
	Seq      int    `json:"seq"`
	From     int    `json:"from"`
	To       int    `json:"to"`
	Give     []int  `json:"give,omitempty"`
	Get      []int  `json:"get,omitempty"`
	GiveCash int    `json:"give_cash,omitempty"`
	GetCash  int    `json:"get_cash,omitempty"`
	Text     string `json:"text"`
}

// A tableAnswer is By's answer to From's offer: Terms is the offer's
// text as By answered it (an answer holds only while the offer stands
// as it was), or, for a standing answer, IfGet the establishments any
// offer of From must give By to be accepted.
type tableAnswer struct {
	By       int    `json:"by"`
	From     int    `json:"from"`
	Accept   bool   `json:"accept,omitempty"`
	Terms    string `json:"terms,omitempty"`
	Standing bool   `json:"standing,omitempty"`
	IfGet    []int  `json:"if_get,omitempty"`
}

// exchange is the offer as the Exchange Segment carries it out, seen
// from its maker.
func (o tableOffer) exchange() exchange {
	return exchange{With: o.To, Give: o.Give, Get: o.Get, GiveCash: o.GiveCash, GetCash: o.GetCash, Text: o.Text}
}

// covers reports whether answer a answers offer o, and then whether it
// accepts it.
func (a tableAnswer) covers(o tableOffer) (answers, accepts bool) {
	if a.By != o.To || a.From != o.From {
		return false, false
	}
	if a.Standing {
		for _, i := range a.IfGet {
			if !slices.Contains(o.Give, i) {
				return false, false
			}
		}
		return true, true
	}
	if a.Terms != o.Text {
		return false, false
	}
	return true, a.Accept
}

// answered reports whether o's addressee has answered it: accepted or
// declined it as it stands, accepted it by a standing answer, or made
// its maker a counter-offer since; and whether the answer accepts it.
func (x *Underworld) answered(o tableOffer) (answered, accepted bool) {
	for _, a := range x.Answers {
		if ok, yes := a.covers(o); ok {
			return true, yes
		}
	}
	for _, c := range x.Table {
		if c.From == o.To && c.To == o.From && c.Seq > o.Seq {
			return true, false
		}
	}
	return false, false
}

var _ engine.OpenOrders = Engine{}

// ApplyOpen puts player's offers and answers on the table as soon as
// their file is logged, in place of those of their earlier file, so that
// the offers' addressees see them before the step closes. Version 1 has
// no Collusion Phase, and outside it there is no table.
func (e Engine) ApplyOpen(as engine.State, player string, items []orders.Item) (engine.State, error) {
	s := e.at(as)
	p := s.seat(player)
	if !s.book().Collusion || !s.collusion() || p < 0 {
		return s, nil
	}
	pl, err := s.parse(p, items)
	if err != nil {
		return s, err
	}
	c := *s
	c.Underworld = s.Underworld.clone()
	s = &c
	x := s.Underworld
	seq := 1
	for _, o := range x.Table {
		seq = max(seq, o.Seq+1)
	}
	x.Table = slices.DeleteFunc(x.Table, func(o tableOffer) bool { return o.From == p })
	x.Answers = slices.DeleteFunc(x.Answers, func(a tableAnswer) bool { return a.By == p })
	for _, ex := range pl.City.Offered {
		x.Table = append(x.Table, tableOffer{Seq: seq, From: p, To: ex.With, Give: ex.Give, Get: ex.Get, GiveCash: ex.GiveCash, GetCash: ex.GetCash, Text: ex.Text})
	}
	x.Answers = append(x.Answers, pl.City.Answers...)
	slices.SortStableFunc(x.Table, func(a, b tableOffer) int { return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To)) })
	slices.SortStableFunc(x.Answers, func(a, b tableAnswer) int { return cmp.Or(cmp.Compare(a.By, b.By), cmp.Compare(a.From, b.From)) })
	if len(x.Table) == 0 {
		x.Table = nil
	}
	if len(x.Answers) == 0 {
		x.Answers = nil
	}
	return s, nil
}

// answering are the players an offer on the table waits for: its
// addressees who have not answered it as it stands.
func (s *State) answering() []string {
	x := s.Underworld
	if x == nil {
		return nil
	}
	var out []string
	for _, o := range x.Table {
		if ok, _ := x.answered(o); !ok && !slices.Contains(out, s.Players[o.To].Name) {
			out = append(out, s.Players[o.To].Name)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Compare(s.seat(a), s.seat(b)) })
	return out
}

// tableDeals carries out the accepted offers of the table in the
// Exchange Segment, in the initiative order of their makers, after the
// mirror exchanges; done are the pairs of players already settled, and
// an offer between them is not considered: one exchange a pair (§2.3).
func (r *run) tableDeals(done map[[2]int]bool) {
	s := r.s
	x := s.Underworld
	for _, p := range slices.Clone(s.Order) {
		for _, o := range x.Table {
			if o.From != p {
				continue
			}
			q := o.To
			key := [2]int{min(p, q), max(p, q)}
			answered, accepted := x.answered(o)
			switch {
			case done[key]:
				r.tellTwo(p, q, "%s's offer to %s (%s) is not considered: the two have already settled their exchange this year (§2.3).", s.Players[p].Name, s.Players[q].Name, o.Text)
				continue
			case !answered:
				r.tellTwo(p, q, "%s's offer to %s (%s) lapses: %s did not answer it (§2.3 \"upon agreement\").", s.Players[p].Name, s.Players[q].Name, o.Text, s.Players[q].Name)
				continue
			case !accepted:
				r.tellTwo(p, q, "%s declines %s's offer (%s).", s.Players[q].Name, s.Players[p].Name, o.Text)
				continue
			}
			done[key] = true
			ex := o.exchange()
			if why := r.exchangeRefused(p, ex); why != "" {
				r.tellTwo(p, q, "%s accepts %s's offer, but the exchange is refused: %s.", s.Players[q].Name, s.Players[p].Name, why)
				continue
			}
			r.tellTwo(p, q, "%s accepts %s's offer (%s).", s.Players[q].Name, s.Players[p].Name, o.Text)
			r.exchange(p, ex)
		}
	}
	x.Table, x.Answers = nil, nil
}

// tableView is what of the table player p may see: the offers p made
// and those made to p, with whether p's side has answered, and p's own
// answers. The GM (p < 0 with gm) sees it all; no one else sees any.
func (s *State) tableView(p int, gm bool) []string {
	x := s.Underworld
	if x == nil {
		return nil
	}
	var out []string
	for _, o := range x.Table {
		from, to := s.Players[o.From].Name, s.Players[o.To].Name
		answered, accepted := x.answered(o)
		state := "not answered yet"
		switch {
		case accepted:
			state = "accepted"
		case answered:
			state = "declined"
		}
		switch {
		case gm:
			out = append(out, fmt.Sprintf("%s offers %s: %s (%s).", from, to, o.Text, state))
		case o.To == p:
			if !answered {
				state = fmt.Sprintf("answer it with accept: %s or decline: %s", from, from)
			} else {
				state = "you have " + state + " it"
			}
			out = append(out, fmt.Sprintf("%s offers you %s (%s).", from, o.Text, state))
		case o.From == p:
			out = append(out, fmt.Sprintf("You offer %s %s.", to, o.Text))
		}
	}
	return out
}
