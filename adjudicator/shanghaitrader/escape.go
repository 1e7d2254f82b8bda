package shanghaitrader

// passport: at the International Consulates, buy the passport or roll for
// it, as the ranked passport list says (§10.1); nothing unless ordered.
func (r *run) passport(p int, pl *plan) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	if me.Passport {
		return
	}
	for _, o := range pl.Passport {
		if !o.If.holds(s, p) {
			continue
		}
		if o.Buy {
			if me.Cash < d.Passport.Cost {
				r.tell(p, "You cannot afford the passport (%s).", money(d.Passport.Cost))
				continue
			}
			me.Passport = true
			r.say("%s buys a passport: %s.", me.Name, r.toBank(p, d.Passport.Cost, "passport"))
			return
		}
		v := r.die()
		if v == d.Passport.FreeRoll {
			me.Passport = true
			r.say("%s rolls %d for a passport: a %d, the passport is free (§10.1).", me.Name, v, d.Passport.FreeRoll)
		} else {
			r.say("%s rolls %d for a passport: no passport; still in the queue (§10.1).", me.Name, v)
		}
		return
	}
}

// bodyguards hires or upgrades p's bodyguards at the airfield to the first
// level of the ranked list that p can pay the difference for (§3.3).
func (r *run) bodyguards(p int, pl *plan) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	for _, n := range pl.Bodyguards {
		if n <= me.Bodyguards {
			return
		}
		diff := d.Bodyguards[n] - d.Bodyguards[me.Bodyguards]
		if me.Cash < diff {
			r.tell(p, "You cannot afford %d bodyguards (%s more).", n, money(diff))
			continue
		}
		me.Bodyguards = n
		r.say("%s hires %d %s at the airfield: %s.", me.Name, n, plural(n, "bodyguard", "bodyguards"), r.toBank(p, diff, "bodyguards"))
		return
	}
}

// escape is the escape roll at the airfield (§10.1), after any bodyguard
// upgrade (ST-T15): a 1-3 escapes, losing all cash-in-hand and control of
// every asset but keeping the international account (§10.3).
func (r *run) escape(p int, pl *plan) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	r.bodyguards(p, pl)
	v := r.die()
	if v > d.Escape {
		r.say("%s rolls %d for the escape: no plane; still at the airfield (§10.1).", me.Name, v)
		return
	}
	lost := ""
	if me.Cash > 0 {
		lost = "; their cash-in-hand is illegal tender now, " + r.toBank(p, me.Cash, "illegal tender")
	}
	r.leave(p, outEscaped)
	r.say("%s rolls %d for the escape and flies out of Shanghai (§10.1)%s; every asset left behind is uncontrolled (§10.3).", me.Name, v, lost)
}

// hire is step d: the general contractor. This version adjudicates the
// assassin (§3.3): the first target of the ranked list (any: the first in
// the initiative order) who holds a passport and stands at the airfield.
func (r *run) hire(p int, pl *plan) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	h := pl.Hire
	if h == nil || !h.If.holds(s, p) {
		return
	}
	target := -1
	ok := func(q int) bool {
		t := &s.Players[q]
		return q != p && t.inCity() && t.Passport && t.At == d.airfield
	}
	for _, q := range h.Targets {
		if q >= 0 && ok(q) {
			target = q
			break
		}
		if q < 0 {
			for _, x := range s.Order {
				if ok(x) {
					target = x
					break
				}
			}
			if target >= 0 {
				break
			}
		}
	}
	if target < 0 {
		r.tell(p, "No target of your assassin is at the airfield: nobody is hired.")
		return
	}
	if me.Cash < d.Assassin.Cost {
		r.tell(p, "You cannot afford the assassin (%s).", money(d.Assassin.Cost))
		return
	}
	r.assassinate(p, target)
}
