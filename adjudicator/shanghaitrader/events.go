package shanghaitrader

import (
	"fmt"
	"strings"
)

// specialEvent is the Event Phase (§5, rulebook.Events): the Turn Track's event
// of the season (ST-A15), run by its racket's owner, with every player in
// the city taking part wherever they are (§5.1, ST-A13); none in the
// first and the last year (ST-A14), nor when the racket is uncontrolled
// (§2.3 "If the appropriate racket is unowned, the event does not take
// place").
func (r *run) specialEvent() {
	s := r.s
	d := s.d()
	if !s.eventYear() {
		return
	}
	ev := d.Events[s.Season]
	o := s.ownerOfRole(ev.Racket)
	if o < 0 {
		r.say("No %s this %s: the %s is uncontrolled (§2.3).", ev.Name, s.seasonName(), d.loc(d.role(ev.Racket)).Name)
		return
	}
	switch ev.Racket {
	case roleLido:
		r.gala(o, ev.Name)
	case roleCasino:
		r.roulette(o, ev.Name)
	case roleFrenchClub:
		r.bastille(o, ev.Name)
	case roleRacetrack:
		r.picnic(o, ev.Name)
	default:
		r.say("The %s has no rules in this engine: no event.", ev.Name)
	}
}

// gala is the Gala Performance (§5.2): every player but the owner rolls;
// a 1-2 causes a scene, and the owner's fee ($20ooo unless he varies it,
// ST-A1) is an obligatory payment to him.
func (r *run) gala(o int, name string) {
	s := r.s
	d := s.d()
	r.say("%s at the %s, %s's (§5.2).", name, d.loc(d.role(roleLido)).Name, s.Players[o].Name)
	for _, p := range s.Order {
		if p == o {
			continue
		}
		me := &s.Players[p]
		v := r.die()
		if v > d.Gala.Scene {
			r.say("%s rolls %d: no scene.", me.Name, v)
			continue
		}
		fee := s.fee(o, feeGala, p, d.Gala.Fee)
		if fee == 0 {
			r.say("%s rolls %d and causes a scene; %s waives the fee (§9.3).", me.Name, v, s.Players[o].Name)
			continue
		}
		r.say("%s rolls %d and causes a scene.", me.Name, v)
		r.owe(p, o, fee, "gala", "suppressing the scene at the Gala Performance (§5.2)")
	}
}

// wagerOf is p's roulette wager (§5.3, ST-A9, ST-A10): the standing
// wager, else the minimum; the owner wagers only by a standing order. A
// wager is cut to the cash in hand rounded down to $5ooo, never below the
// minimum (ST-X7); 0 means no wager.
func (s *State) wagerOf(p, owner int) int {
	d := s.d()
	w := 0
	if dl := s.Players[p].Deals; dl != nil {
		w = dl.Roulette
	}
	if w == 0 {
		if p == owner {
			return 0
		}
		w = d.Roulette.Min
	}
	if cash := s.Players[p].Cash / d.Unit * d.Unit; w > cash {
		w = max(d.Roulette.Min, cash)
	}
	return w
}

// roulette is the Roulette Rouble (§5.3): every player but the owner
// wagers (the owner may, ST-A9) and rolls: 1 collects twice the wager
// from the bank, 2 the wager, 3 nothing, 4-6 pays the wager to the owner
// (the owner to the bank); the owner's roll is one less (never below 1).
// The owner's standing refund pays part of a loss back (§9.3).
func (r *run) roulette(o int, name string) {
	s := r.s
	d := s.d()
	r.say("%s at the %s, %s's (§5.3).", name, d.loc(d.role(roleCasino)).Name, s.Players[o].Name)
	for _, p := range s.Order {
		me := &s.Players[p]
		w := s.wagerOf(p, o)
		if w == 0 {
			continue
		}
		v := r.die()
		roll := fmt.Sprint(v)
		if p == o {
			m := max(1, v+d.Roulette.Owner)
			roll = fmt.Sprintf("%d, less one for the owner: %d", v, m)
			v = m
		}
		pays := d.Roulette.Pays[v-1]
		switch {
		case pays > 0:
			r.say("%s wagers %s and rolls %s: %s.", me.Name, money(w), roll, r.fromBank(p, pays*w, "roulette"))
		case pays == 0:
			r.say("%s wagers %s and rolls %s: even, no effect.", me.Name, money(w), roll)
		case p == o:
			r.say("%s wagers %s and rolls %s: lost.", me.Name, money(w), roll)
			r.owe(p, -1, w, "roulette", "the lost wager")
		default:
			r.say("%s wagers %s and rolls %s: lost.", me.Name, money(w), roll)
			r.owe(p, o, w, "roulette", "the lost wager")
			r.refund(o, p, refundRoulette, w)
		}
	}
}

// refund pays p back the owner's standing share of a lost wager (§9.3
// "the owner can always pay back to the hapless players all or part of
// any money wagered"), as far as the owner's cash goes.
func (r *run) refund(o, p int, kind string, wager int) {
	s := r.s
	pct := s.refund(o, kind, p)
	if pct == 0 {
		return
	}
	n := min(s.Players[o].Cash/s.d().Unit*s.d().Unit, s.d().ceilUnit(wager*pct, 100))
	if n <= 0 {
		return
	}
	s.Players[o].Cash -= n
	s.Players[p].Cash += n
	r.say("%s pays %s back %s of the wager (§9.3).", s.Players[o].Name, s.Players[p].Name, money(n))
}

// bastille is the Bastille Day Bash (§5.4): the French Club's owner
// singles out guests to pick up the tab, at most $50ooo in all (ST-A12),
// an obligatory payment to the owner.
func (r *run) bastille(o int, name string) {
	s := r.s
	d := s.d()
	tab := r.plans[o].city().Tab
	if len(tab) == 0 {
		r.say("%s at the %s, %s's: the owner picks up the tab (§5.4).", name, d.loc(d.role(roleFrenchClub)).Name, s.Players[o].Name)
		return
	}
	r.say("%s at the %s, %s's: guests are singled out to pick up the tab (§5.4).", name, d.loc(d.role(roleFrenchClub)).Name, s.Players[o].Name)
	for _, p := range s.Order {
		for _, t := range tab {
			if t.Seat == p && p != o {
				r.owe(p, o, t.N, "bastille", "the Bastille Day tab")
			}
		}
	}
}

// picnic is the Picnic Races (§5.5, ST-A11): every player in the city puts
// a $10ooo flutter in the pool, which the bank raises by 50% (rounded up
// to $5ooo); the owner may take 50% of the pool (rounded up) and withdraw,
// else races; every runner rolls, the owner adding 2, the highest winning
// the pool, ties rolling again. The owner's standing refund pays part of
// the losers' flutters back (§9.3).
func (r *run) picnic(o int, name string) {
	s := r.s
	d := s.d()
	pc := d.Picnic
	r.say("%s at the %s, %s's (§5.5).", name, d.loc(d.role(roleRacetrack)).Name, s.Players[o].Name)
	pool := 0
	var runners []int
	for _, p := range s.Order {
		paid := r.collect(p, pc.Flutter, "the flutter on the Picnic Races")
		pool += paid
		runners = append(runners, p)
	}
	bonus := d.ceilUnit(pool*pc.Bonus, 100)
	r.say("The players put %s in the pool; the bank adds %d%%: %s; the pool is %s.", money(pool), pc.Bonus, r.draw(bonus, "picnic"), money(pool+bonus))
	pool += bonus
	if dl := s.Players[o].Deals; dl != nil && dl.Withdraw && pool >= dl.WithdrawAt {
		take := min(pool, d.ceilUnit(pool*pc.Withdraw, 100))
		s.Players[o].Cash += take
		pool -= take
		r.say("%s takes %d%% of the pool, %s, and withdraws from the race.", s.Players[o].Name, pc.Withdraw, money(take))
		runners = deleteSeat(runners, o)
	}
	if len(runners) == 0 {
		r.say("Nobody is left to race: %s.", r.pay(pool, "picnic"))
		return
	}
	winner := runners[0]
	for len(runners) > 1 {
		best := -1
		var rolls []string
		var top []int
		for _, p := range runners {
			v := r.die()
			t := fmt.Sprintf("%s %d", s.Players[p].Name, v)
			if p == o {
				t = fmt.Sprintf("%s %d+%d=%d", s.Players[p].Name, v, pc.Owner, v+pc.Owner)
				v += pc.Owner
			}
			rolls = append(rolls, t)
			switch {
			case v > best:
				best, top = v, []int{p}
			case v == best:
				top = append(top, p)
			}
		}
		r.say("The race: %s.", strings.Join(rolls, ", "))
		runners = top
		if len(top) > 1 {
			r.say("A tie at %d: %s roll again.", best, andList(s.names(top)))
		}
		winner = top[0]
	}
	s.Players[winner].Cash += pool
	r.say("%s wins the pool, %s.", s.Players[winner].Name, money(pool))
	for _, p := range s.Order {
		if p != winner && p != o {
			r.refund(o, p, refundPicnic, pc.Flutter)
		}
	}
}

func deleteSeat(xs []int, p int) []int {
	out := xs[:0:0]
	for _, x := range xs {
		if x != p {
			out = append(out, x)
		}
	}
	return out
}
