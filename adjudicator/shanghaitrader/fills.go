package shanghaitrader

import (
	"fmt"
	"slices"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Fills says, in the acknowledgement, what the position the file sees
// shows of it (engine.Filler): what it leaves to the defaults (no move:
// the default move; the choices made only at a place one of the moves
// can reach, placeDefaults; in the Collusion Phase, the deployments it
// leaves out), and the orders that will do nothing this turn, or nothing
// unless something else happens first.
//
// Check takes such orders: Check agrees with Read (engine.Reader), Read
// is what the close applies to every logged file, and the hidden-rule
// scenarios send exactly such orders to show the default taking over.
// The host refuses on arrival those that can never apply (CheckArrival,
// arrival.go), so a file it acknowledges carries only the ones that wait
// on what others do; Fills still names the others for any caller that
// does not ask CheckArrival.
//
// A player's own position does not change before their move, and nobody
// buys or opens a racket to them but the players who move earlier, so:
//   - stay applies only where an automatic move could go (§2.3: "You can
//     stay put only if you could make an automatic move to that
//     location"): never on a trading post, warehouse, factory, the Banks,
//     the Daily Mail, a station, a den or the airfield;
//   - an automatic move to a racket one may not enter now applies only if
//     a player who moves earlier buys it and allows one in;
//   - banking needs the Banks (or the Currency Trader) in reach of one of
//     the moves;
//   - an assassin against a player in the Consulates who moves before you
//     strikes only if that player moves to the airfield first (§3.3).
func (e Engine) Fills(as engine.State, player string, items []orders.Item) []string {
	s := e.at(as)
	p := s.seat(player)
	if p < 0 || s.Over || !s.Players[p].inCity() {
		return nil
	}
	got, err := e.Read(as, player, items)
	if err != nil {
		return nil
	}
	pl := got.(*plan)
	given := map[string]bool{}
	for _, it := range items {
		if v, ok := s.rules.verbs.lookup(it.Verb); ok {
			given[v.name] = true
		}
	}
	if s.collusion() {
		var out []string
		for _, it := range s.collusionDefault(p) {
			v, ok := s.rules.verbs.lookup(it.Verb)
			if !ok || given[v.name] {
				continue
			}
			if args, err := it.Strings(); err == nil {
				out = append(out, fmt.Sprintf("%s: not given: by default %s.", v.name, strings.Join(args, ", ")))
			}
		}
		return out
	}
	var out []string
	if len(pl.Move) == 0 {
		out = append(out, fmt.Sprintf("move: not given: the default move is made (%s).", s.defaultMove(p).Text))
	} else if why := s.neverMoves(p, pl.Move); why != "" {
		out = append(out, fmt.Sprintf("move: this will do nothing: %s; the default move is made instead (%s).", why, s.defaultMove(p).Text))
	} else if why := s.unlessMoves(p, pl.Move); why != "" {
		out = append(out, "move: "+why)
	}
	moves := s.reachMoves(p, pl)
	for _, verb := range []string{verbDeposit, verbWithdraw} {
		if given[verb] && !s.bankInReach(p, moves) {
			out = append(out, fmt.Sprintf("%s: this will do nothing: none of your moves can take you to %s this turn (§8.1).", verb, s.bankNames()))
		}
	}
	if given[verbDailyMail] && pl.DailyMail >= 0 && !s.inReach(p, moves, true, func(i int) bool { return i == s.d().mail }) {
		out = append(out, fmt.Sprintf("daily-mail: this will do nothing: none of your moves can take you to %s this turn (§8.3).", s.d().locName(s.d().mail)))
	}
	out = append(out, s.placeDefaults(p, moves, given)...)
	hires := pl.city().Hires
	if pl.Hire != nil {
		hires = append(hires, *pl.Hire)
	}
	d := s.d()
	for _, h := range hires {
		if h.Kind != "assassin" {
			continue
		}
		for _, q := range h.Targets {
			if q >= 0 && q != p && s.Players[q].At == d.consul {
				out = append(out, fmt.Sprintf("hire: the assassin against %s will do nothing unless %s moves to %s before you act: assassins cannot be used against a player in the International Consulates (§3.3).", s.Players[q].Name, s.Players[q].Name, d.locName(d.airfield)))
			}
		}
	}
	return out
}

// unlessMoves says, when every one of moves waits on what players who move
// earlier do, what it waits on; "" when one may apply by itself.
func (s *State) unlessMoves(p int, moves []moveOpt) string {
	d := s.d()
	var wait []string
	for _, m := range moves {
		switch {
		case m.Kind == mvAuto && d.loc(m.To).Type == typeRacket && !s.autoOK(p, m.To):
			wait = append(wait, "auto "+d.locName(m.To))
		case m.Kind == mvStay && !s.stayOK(p) && s.Players[p].At >= 0 && d.loc(s.Players[p].At).Type == typeRacket:
			wait = append(wait, "stay")
		default:
			return ""
		}
	}
	return fmt.Sprintf("%s will do nothing unless a player who moves before you buys the racket and allows you in (§2.3); otherwise the default move is made (%s).", strings.Join(wait, ", "), s.defaultMove(p).Text)
}

// neverMoves says why none of moves can apply this turn, or "" when one
// may.
func (s *State) neverMoves(p int, moves []moveOpt) string {
	if len(moves) == 0 {
		return ""
	}
	var why string
	for _, m := range moves {
		w := s.neverMove(p, m)
		if w == "" {
			return ""
		}
		if why == "" {
			why = w
		}
	}
	if len(moves) > 1 {
		return "none of these moves can apply this turn (the first: " + why + ")"
	}
	return why
}

// neverMove says why m can never apply this turn, or "".
func (s *State) neverMove(p int, m moveOpt) string {
	d := s.d()
	me := &s.Players[p]
	switch m.Kind {
	case mvStay:
		if s.stayOK(p) || me.At < 0 {
			return ""
		}
		switch d.loc(me.At).Type {
		case typeRacket:
			if s.earlierMover(p) {
				return ""
			}
		case typeConsulates:
			return ""
		}
		return fmt.Sprintf("stay: you are at %s, and you can stay put only where you could make an automatic move to (§2.3)", d.locName(me.At))
	case mvAuto:
		if s.autoOK(p, m.To) || d.loc(m.To).Type != typeRacket || s.earlierMover(p) {
			return ""
		}
		return fmt.Sprintf("auto %s: you may move automatically only to a racket you own, one whose owner allows you, or one of a district whose trading posts are all yours (§2.3), and nobody moves before you this turn to change that", d.locName(m.To))
	}
	return ""
}

// earlierMover reports whether another player moves before p this turn
// (and might buy or open a racket to p before p moves).
func (s *State) earlierMover(p int) bool {
	for _, q := range s.Order {
		if q == p {
			return false
		}
		if s.Players[q].inCity() {
			return true
		}
	}
	return false
}

// bankInReach reports whether one of moves can end where p may bank: the
// Imperial Trading Banks or, in the advanced game, the Currency Trader.
func (s *State) bankInReach(p int, moves []moveOpt) bool {
	d := s.d()
	return s.inReach(p, moves, true, func(i int) bool {
		return i == d.banks || (s.book().CurrencyTrader && i == d.role(roleCurrency))
	})
}

// inReach reports whether one of moves can end p's move at a location
// want takes. With onward, a roll for a district with a railway station
// or the airfield in it may go on anywhere (§8.5, §8.6); without, only
// the rolled district's locations count.
func (s *State) inReach(p int, moves []moveOpt, onward bool, want func(i int) bool) bool {
	d := s.d()
	me := &s.Players[p]
	for _, m := range moves {
		switch m.Kind {
		case mvStay:
			if me.At >= 0 && want(me.At) {
				return true
			}
		case mvAuto:
			if want(m.To) {
				return true
			}
		case mvRoll:
			first, end := d.span(m.To)
			for i := first; i < end; i++ {
				if t := d.loc(i).Type; want(i) || onward && (t == typeStation || t == typeAirfield) {
					return true
				}
			}
		}
	}
	return false
}

// placeDefaults names, for each choice made only at a place (the
// passport at the Consulates, the bodyguards at the airfield, the wager
// at Fan Tan, the fine in the Opium Dens) that the file leaves out while
// one of moves goes there or rolls for its district, what the default
// does there (a roll that goes on by rail or air is not counted: it could
// go anywhere, and the list would name every place).
func (s *State) placeDefaults(p int, moves []moveOpt, given map[string]bool) []string {
	d := s.d()
	me := &s.Players[p]
	var out []string
	at := func(i int) func(int) bool { return func(j int) bool { return i >= 0 && j == i } }
	if !me.Passport && !given[verbPassport] && s.inReach(p, moves, false, at(d.consul)) {
		out = append(out, fmt.Sprintf("passport: not given: at %s you neither buy a passport nor roll for one (§8.4).", d.locName(d.consul)))
	}
	if me.Passport && !given[verbBodyguards] && slices.ContainsFunc(moves, func(m moveOpt) bool { return m.Kind == mvAuto && m.To == d.airfield }) {
		out = append(out, fmt.Sprintf("bodyguards: not given: at %s you hire no more bodyguards (§3.3).", d.locName(d.airfield)))
	}
	if fan := d.role(roleFanTan); !given[verbFanTan] && s.inReach(p, moves, false, at(fan)) {
		out = append(out, fmt.Sprintf("fan-tan: not given: should you land at %s, you wager the minimum, %s (§7.3).", d.locName(fan), money(d.FanTan.Min)))
	}
	if den := d.role(roleOpium); !given[verbOpium] && s.inReach(p, moves, false, at(den)) {
		out = append(out, fmt.Sprintf("opium: not given: should you land in %s, you pay the fine if your cash covers it (§7.6).", d.locName(den)))
	}
	return out
}

// bankNames names where one may bank in this game.
func (s *State) bankNames() string {
	d := s.d()
	if s.book().CurrencyTrader && d.role(roleCurrency) >= 0 {
		return d.locName(d.banks) + " or " + d.locName(d.role(roleCurrency))
	}
	return d.locName(d.banks)
}
