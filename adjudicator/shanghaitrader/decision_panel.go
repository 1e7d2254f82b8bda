package shanghaitrader

import (
	"fmt"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/adjudicator/picture"
)

// The "YOUR DECISION" panel: what the player whose orders are due decides
// now, from where they are, in a few lines, for the picture (View.Decision,
// drawn by drawDecision) and the text and HTML reports (Engine.Decision,
// engine.Decider). It holds the player's own cash and bank, so it is in
// that player's view alone: the GM's, the observers' and the other
// players' have none.

var _ engine.Decider = Engine{}

// Decision is player's YOUR DECISION panel (engine.Decider): nil unless
// the open step waits for their orders.
func (e Engine) Decision(as engine.State, player string) []string {
	s := e.at(as)
	p := s.seat(player)
	if p < 0 || s.Over || !s.Players[p].inCity() {
		return nil
	}
	return s.decisionLines(p)
}

// decisionLines is the panel of p, whose orders the open step waits for.
func (s *State) decisionLines(p int) []string {
	d := s.d()
	me := &s.Players[p]
	if s.collusion() {
		out := []string{fmt.Sprintf("The Collusion Phase of year %d: negotiate by press, then send your deployments (police:, monks:, marines:, minder:), any exchange: of establishments or contractors, and loans (lend:, borrow:).", s.Year)}
		var left []string
		for _, it := range s.collusionDefault(p) {
			if args, err := it.Strings(); err == nil && it.Verb != verbExchange {
				left = append(left, it.Verb+": "+strings.Join(args, ", "))
			}
		}
		return append(out, "Left out: "+strings.Join(append(left, "no exchange, no loan"), "; ")+".")
	}
	where := "outside the city"
	if me.At >= 0 {
		where = d.locName(me.At) + " in " + d.district(me.At).Name
	}
	out := []string{fmt.Sprintf("You are at %s, with %s in cash and %s in the bank; you move %s of %d this turn.",
		where, money(me.Cash), money(me.Bank), ordinal(s.rank(p)+1), len(s.Order))}
	def := s.defaultMove(p)
	out = append(out, "move: ranked moves, the first that applies is made; left out: "+s.moveWords(def)+".")
	if def.Kind == mvRoll {
		out = append(out, fmt.Sprintf("A roll for %s lands on: %s.", d.Districts[def.To].Name, strings.Join(s.landings(p, def.To), "; ")))
	}
	if me.Passport {
		out = append(out, fmt.Sprintf("You hold a passport: move: auto %s, then escape from there (§10.1).", d.loc(d.airfield).Name))
	}
	out = append(out, "buy: what to buy where you land, if you can pay (e.g. buy: [trading-post, any]); deposit: or withdraw: at "+s.bankNames()+"; hire: a contractor. Leave out what you do not want.")
	return out
}

// moveWords says what move m does.
func (s *State) moveWords(m moveOpt) string {
	d := s.d()
	switch m.Kind {
	case mvStay:
		return "stay where you are"
	case mvEscape:
		return "the escape roll"
	case mvAuto:
		return "the automatic move to " + d.locName(m.To)
	}
	return "a roll for " + d.Districts[m.To].Name
}

// landings lists where a roll for district dist can put p, by the die:
// "1-2 TP-02a (bob's: fine $5ooo)", "3 TP-02b (free: $40ooo to buy)".
func (s *State) landings(p, dist int) []string {
	d := s.d()
	first, end := d.span(dist)
	var out []string
	for i := first; i < end; i++ {
		l := d.loc(i)
		die := strconv.Itoa(l.Dice[0])
		if l.Dice[1] != l.Dice[0] {
			die += "-" + strconv.Itoa(l.Dice[1])
		}
		line := die + " " + d.locName(i)
		switch o := s.Estabs[i].Owner; {
		case o == p:
			line += " (yours)"
		case o >= 0:
			line += fmt.Sprintf(" (%s's: fine %s)", s.Players[o].Name, money(s.fee(o, feeFine, p, d.Fine)))
		case buyable(l.Type) && d.cost(i) > 0:
			line += fmt.Sprintf(" (free: %s to buy)", money(d.cost(i)))
		case l.Type == typeStation || l.Type == typeAirfield:
			line += " (a reroll: may go on)"
		}
		out = append(out, line)
	}
	return out
}

// ordinal is 1st, 2nd, 3rd, 4th, ….
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		return strconv.Itoa(n) + "st"
	case n%10 == 2:
		return strconv.Itoa(n) + "nd"
	case n%10 == 3:
		return strconv.Itoa(n) + "rd"
	}
	return strconv.Itoa(n) + "th"
}

// drawDecision draws the viewer's YOUR DECISION panel, when their orders
// are due, and returns the y below.
func (v View) drawDecision(c *picture.Canvas, y int) int {
	if len(v.Decision) == 0 {
		return y
	}
	return c.Decision(y+10, v.Decision)
}
