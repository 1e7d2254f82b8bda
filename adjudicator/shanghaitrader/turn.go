package shanghaitrader

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// season plays the open Seasonal Turn (§2.2): the standing orders sent
// with it take effect, then the Shipping Phase, the Event Phase and the
// Movement Phase, player by player in initiative order; then the turn
// ends, and with autumn the year.
func (r *run) season() {
	s := r.s
	last := ""
	if s.lastYear() {
		last = " (the last year)"
	}
	r.say("%s of year %d%s.", strings.ToUpper(s.seasonName()[:1])+s.seasonName()[1:], s.Year, last)
	r.standing()
	if s.book().Deals {
		r.loans()
		r.removalDeals()
	}
	s.Ships = nil
	if s.shippingYear() {
		r.shipping()
	}
	r.events()
	for _, p := range slices.Clone(s.Order) {
		if s.Players[p].inCity() {
			r.segment(p)
		}
	}
	if s.book().Contractors {
		s.Underworld.Fresh = nil
	}
	r.endOfTurn()
}

// standing applies the standing parts of the orders (allow, sell, bid)
// before anything is played, so that they are in force all turn (ST-X4).
func (r *run) standing() {
	s := r.s
	for p, pl := range r.plans {
		if pl == nil {
			continue
		}
		if pl.AllowSet {
			for i := range s.Estabs {
				if s.Estabs[i].Owner != p || s.d().loc(i).Type != typeRacket {
					continue
				}
				if pl.Allow == nil {
					s.Estabs[i].Allow = nil
				} else if seats, ok := pl.Allow[i]; ok {
					s.Estabs[i].Allow = slices.Clone(seats)
				}
				if len(s.Estabs[i].Allow) == 0 {
					s.Estabs[i].Allow = nil
				}
			}
		}
		if pl.SellSet {
			s.Players[p].Sell = slices.Clone(pl.Sell)
		}
		if pl.BidsSet {
			s.Players[p].Bids = slices.Clone(pl.Bids)
		}
		if s.book().Deals {
			r.standingDeals(p, pl)
		}
	}
}

// events is the Event Phase (§5). Version 1 plays no special events: the
// rackets that run them have no effect in it.
func (r *run) events() {
	if r.s.book().Events {
		r.specialEvent()
	}
}

// shipping is the Shipping Phase (§2.3): in winter the Great Orient's
// owner, or else the first in the initiative order, rolls on the Shipping
// Table for the year; each season the ships arrive at the docks the owner
// chose (else by the schedule) and service the overseers there.
func (r *run) shipping() {
	s := r.s
	d := s.d()
	owner := s.ownerOfRole(roleGreatOrient)
	if s.ShipRoll == 0 {
		roller, why := owner, "the owner of the Great Orient Shipping Line"
		if roller < 0 && len(s.Order) > 0 {
			roller, why = s.Order[0], "first in the initiative order, the Great Orient being unowned"
		}
		v := r.die()
		s.ShipRoll = v
		row := d.Shipping[v-1]
		name := "The bank"
		if roller >= 0 {
			name = s.Players[roller].Name
		}
		r.say("Shipping: %s (%s) rolls %d on the Shipping Table: %d ships this year (winter %d, spring %d, summer %d, autumn %d).",
			name, why, v, row[0]+row[1]+row[2]+row[3], row[0], row[1], row[2], row[3])
	}
	n := d.Shipping[s.ShipRoll-1][s.Season]
	if n == 0 {
		r.say("No ship arrives this %s.", s.seasonName())
		return
	}
	var docks []int
	how := "by the schedule"
	if owner >= 0 {
		if pl := r.plans[owner]; pl != nil {
			docks = slices.Clone(pl.Docks[:min(n, len(pl.Docks))])
		}
		switch {
		case len(docks) == 0:
			how = "by the schedule, " + s.Players[owner].Name + " having named no dock"
		case len(docks) < n:
			how = "sent by " + s.Players[owner].Name + " (the rest by the schedule)"
		default:
			how = "sent by " + s.Players[owner].Name
		}
	}
	for _, dk := range d.schedule[s.Season] {
		if len(docks) < n && !slices.Contains(docks, dk) {
			docks = append(docks, dk)
		}
	}
	s.Ships = docks
	var names []string
	for _, dk := range docks {
		names = append(names, d.Districts[dk].Name)
	}
	r.say("%d %s at %s, %s.", n, plural(n, "ship arrives", "ships arrive"), strings.Join(names, " and "), how)
	for _, dk := range docks {
		first, end := d.span(dk)
		for i := first; i < end; i++ {
			e := &s.Estabs[i]
			if d.loc(i).Type != typeWarehouse || e.Owner < 0 || e.Serviced {
				continue
			}
			switch {
			case e.Closed:
				r.say("%s is closed by the customs inspector and is not serviced.", d.locName(i))
			case e.Compromised:
				r.say("%s's overseer is compromised and is not serviced.", d.locName(i))
			case r.plans[e.Owner] != nil && slices.Contains(r.plans[e.Owner].NoService, i):
				r.say("%s does not want %s serviced.", s.Players[e.Owner].Name, d.locName(i))
			default:
				e.Serviced = true
				r.say("%s's overseer at %s is serviced.", s.Players[e.Owner].Name, d.locName(i))
			}
		}
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// segment is one player's Movement Segment (§2.2 a-d, ST-A27): move
// (with the passport, bodyguards, Old Chinatown and the Daily Mail), pay
// any fine, bank, purchase, hire.
func (r *run) segment(p int) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	pl := r.plans[p]
	moved := true
	r.vol = -1
	if me.Detained > 0 {
		// §11.4: "the target must spend his/her next turn in the
		// Consulates doing nothing (though they can still hire
		// contractors)" (ST-A33, ST-A34).
		me.Detained--
		moved = false
		r.say("%s spends the turn in the International Consulates doing nothing, after the diplomatic scandal (§11.4)%s.", me.Name, map[bool]string{true: fmt.Sprintf("; %d more to go", me.Detained), false: ""}[me.Detained > 0])
	} else if me.Hooked {
		v := r.die()
		if v <= d.Opium.Out {
			me.Hooked = false
			r.say("%s rolls %d in the Opium Dens and gets out (1-%d): a normal move at once (§7.6).", me.Name, v, d.Opium.Out)
		} else {
			moved = false
			r.say("%s rolls %d in the Opium Dens: hooked for another turn (§7.6).", me.Name, v)
		}
	}
	if moved {
		r.move(p, pl)
		if !me.inCity() {
			return
		}
		r.dailyMail(p, pl)
		if o := s.Estabs[me.At].Owner; o >= 0 && o != p {
			if fine := s.fee(o, feeFine, p, d.Fine); fine > 0 || !s.book().Deals {
				r.owe(p, o, fine, "fine", fmt.Sprintf("landing on %s, %s's (§2.3)", d.locName(me.At), s.Players[o].Name))
			} else {
				r.say("%s waives the fine for landing on %s (§2.3 \"unless otherwise agreed\").", s.Players[o].Name, d.locName(me.At))
			}
		}
		r.bank(p, pl)
		r.purchase(p, pl)
	}
	if s.book().Contractors {
		r.hireContractor(p, pl)
		return
	}
	r.hire(p, pl)
}

// chooseMove is the first move of p's ranked list whose condition holds
// and that is legal now; without one, the default move (ST-X2).
func (r *run) chooseMove(p int, pl *plan) moveOpt {
	s := r.s
	me := &s.Players[p]
	for _, m := range pl.Move {
		if !m.If.holds(s, p) {
			continue
		}
		ok := false
		switch m.Kind {
		case mvStay:
			ok = s.stayOK(p)
		case mvAuto:
			ok = s.autoOK(p, m.To) && (m.To != me.At || s.stayOK(p))
		case mvEscape:
			ok = me.Passport && me.At == s.d().airfield
		case mvRoll:
			ok = !me.Passport
		}
		if ok {
			return m
		}
	}
	def := s.defaultMove(p)
	if len(pl.Move) > 0 {
		r.tell(p, "None of your moves applied now; the default move is made: %s.", def.Text)
	}
	return def
}

// move is step a: the move itself and what comes with it.
func (r *run) move(p int, pl *plan) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	from := me.At
	m := r.chooseMove(p, pl)
	shanghaied := false
	switch m.Kind {
	case mvStay:
		r.say("%s stays at %s.", me.Name, r.where(me.At))
	case mvEscape:
		r.escape(p, pl)
		return
	case mvAuto:
		if me.At == d.airfield && m.To == d.consul && me.Bodyguards > 0 {
			r.say("%s's bodyguards are dismissed.", me.Name)
		}
		if m.To == d.consul {
			me.Bodyguards = 0
		}
		me.At = m.To
		if !r.silent {
			r.sayText(me.Name + " moves automatically to " + r.where(me.At) + ".")
		}
	case mvRoll:
		shanghaied = r.rollMove(p, m.To, pl)
	}
	if from >= 0 && d.distOf(from) == d.chinatown && d.distOf(me.At) != d.chinatown {
		me.Shanghaied = false
	}
	if !shanghaied && from >= 0 {
		r.ferry(p, from)
	}
	if s.book().Contractors && s.Underworld.Lido == p && m.Kind == mvRoll && me.At == d.mail {
		// ST-G9: the target wins the race by landing on the Daily Mail.
		s.Underworld.Lido = -1
		r.say("%s reaches the %s before the Lido Courtesan: no scandal; she goes back to the Lido (ST-G9).", me.Name, d.locName(d.mail))
	}
	switch d.loc(me.At).Type {
	case typeConsulates:
		r.passport(p, pl)
	case typeAirfield:
		if me.Passport && m.Kind == mvAuto {
			r.bodyguards(p, pl)
		}
	}
}

// where describes location i with its district and owner.
func (r *run) where(i int) string {
	s := r.s
	d := s.d()
	l := d.loc(i)
	t := d.locName(i)
	if l.Name == l.ID || l.Type == typeRacket {
		t += " in " + d.district(i).Name
	}
	if o := s.Estabs[i].Owner; o >= 0 {
		t += ", " + s.Players[o].Name + "'s"
	}
	return t
}

// rollMove names a district and rolls for the location (§2.3), with the
// re-rolls of the railway stations and the airfield (§8.5, §8.6; ST-A5,
// ST-A6), and the 6 that shanghais outside the Settlement. It reports
// whether p was shanghaied.
func (r *run) rollMove(p, dist int, pl *plan) bool {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	district := d.Districts[dist]
	v := r.die()
	intro := me.Name + " moves to " + district.Name + " and rolls " + strconv.Itoa(v)
	rail, air := pl.Reroll, pl.AirReroll
	for {
		if !district.inside() && v == 6 {
			return r.shanghai(p, intro)
		}
		me.At = d.landing(dist, v)
		if !r.silent {
			r.sayText(intro + ": " + r.where(me.At) + ".")
		}
		switch t := d.loc(me.At).Type; {
		case t == typeStation && rail > 0:
			rail--
			v = r.die()
			intro = fmt.Sprintf("%s rolls again from the %s: %d", me.Name, d.locName(me.At), v)
		case t == typeAirfield && air > 0 && r.airFee(p):
			air--
			v = r.die()
			intro = fmt.Sprintf("%s rolls again from the airfield: %d", me.Name, v)
		default:
			if d.district(me.At).Chinatown {
				r.vol = p
				r.volunteer(p, pl)
			}
			return false
		}
	}
}

// airFee pays the Transport Company's fee for an extra roll at the
// airfield, waived when it is unowned or p's own (§8.6); a fee p cannot
// pay means no extra roll (ST-A45).
func (r *run) airFee(p int) bool {
	s := r.s
	d := s.d()
	o := s.ownerOfRole(roleTransport)
	fee := s.fee(o, feeAirfield, p, d.AirfieldFee)
	if o < 0 || o == p || fee == 0 {
		return true
	}
	me := &s.Players[p]
	if me.Cash < fee {
		r.tell(p, "You cannot pay the %s airfield fee: no extra roll.", money(fee))
		return false
	}
	me.Cash -= fee
	s.Players[o].Cash += fee
	r.say("%s pays %s %s for an extra roll at the airfield (§8.6).", me.Name, s.Players[o].Name, money(fee))
	return true
}

// ferry charges the Soochow Creek Emporium's ferry for a move across the
// river (ST-G8): waived when it is unowned or p's own, and never for the
// shanghaied (§7.2).
func (r *run) ferry(p, from int) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	if d.district(from).Across == d.district(me.At).Across || d.FerryCharge == 0 {
		return
	}
	o := s.ownerOfRole(roleFerry)
	if o < 0 || o == p {
		return
	}
	if fee := s.fee(o, feeFerry, p, d.FerryCharge); fee > 0 {
		r.owe(p, o, fee, "ferry", "the ferry across the river (ST-G8)")
	}
}

// shanghai drags p to Old Chinatown (§7.2): the Temple's owner first
// rolls for a second chance; then the den roll and the den's effect. It
// reports whether p was shanghaied.
func (r *run) shanghai(p int, intro string) bool {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	if t := d.role(roleTemple); t >= 0 && s.Estabs[t].Owner == p {
		v := r.die()
		if v != 6 {
			me.At = t
			r.say("%s; as owner of the %s, %s rolls again for a second chance: %d, and moves automatically to the Temple (§7.2).", intro, d.locName(t), me.Name, v)
			return false
		}
		r.say("%s; as owner of the %s, %s rolls again for a second chance: %d, another 6.", intro, d.locName(t), me.Name, v)
		intro = "So"
	}
	v := r.die()
	me.At = d.landing(d.chinatown, v)
	me.Shanghaied = true
	r.say("%s: %s is shanghaied to Old Chinatown! The den roll is %d: %s (§7.2).", intro, me.Name, v, d.locName(me.At))
	r.den(p)
	return true
}

// den applies the effect of the den a shanghaied player is dragged to
// (§7.3-§7.6; payees ST-A26).
func (r *run) den(p int) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	switch d.loc(me.At).Role {
	case roleFanTan:
		wager := min(me.Cash, d.ceilUnit(me.Cash, 2))
		v := r.die()
		if v >= d.FanTan.ShanghaiedWin {
			r.say("%s must wager half their cash, %s, at Fan Tan and rolls %d: doubled, %s.", me.Name, money(wager), v, r.fromBank(p, wager, "fan tan"))
			return
		}
		cut := min(wager, d.ceilUnit(wager, 2))
		casino := s.ownerOfRole(roleCasino)
		if casino < 0 {
			r.say("%s must wager half their cash, %s, at Fan Tan and rolls %d: lost, %s.", me.Name, money(wager), v, r.toBank(p, wager, "fan tan"))
			return
		}
		rest := wager - cut
		if casino == p {
			r.say("%s must wager half their cash, %s, at Fan Tan and rolls %d: lost; as the Casino's owner they pocket half themselves and pay the rest, %s.", me.Name, money(wager), v, r.toBank(p, rest, "fan tan"))
			return
		}
		me.Cash -= cut
		s.Players[casino].Cash += cut
		r.say("%s must wager half their cash, %s, at Fan Tan and rolls %d: lost; %s to %s, owner of the Frenchtown Casino, and %s.", me.Name, money(wager), v, money(cut), s.Players[casino].Name, r.toBank(p, rest, "fan tan"))
	case roleBrothels:
		v := r.die()
		pct := d.Brothels[v-1]
		loss := min(me.Cash, d.ceilUnit(me.Cash*pct, 100))
		if loss == 0 {
			r.say("%s rolls %d in the Brothels: they liked you, nothing lost.", me.Name, v)
			return
		}
		r.say("%s rolls %d in the Brothels and loses %d%% of their cash to the pimp: %s.", me.Name, v, pct, r.toBank(p, loss, "brothels"))
	case roleTongs:
		loss := min(me.Cash, d.ceilUnit(me.Cash, 2))
		r.say("The Tongs take half of %s's cash: %s.", me.Name, r.toBank(p, loss, "tongs"))
	case roleOpium:
		r.owe(p, -1, d.Opium.Fine, "opium fine", "the Opium Dens' once only fine (§7.6)")
		me.Hooked = true
	}
}

// volunteer applies the effect of a den a player moved to voluntarily
// (§7.3-§7.6). The Brothels' courtesans and the Tongs are hired as
// contractors, which this version does not adjudicate.
func (r *run) volunteer(p int, pl *plan) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	me.Shanghaied = false
	switch d.loc(me.At).Role {
	case roleFanTan:
		wager := pl.FanTan
		if wager == 0 {
			wager = d.FanTan.Min
		}
		// A wager is cut to the cash in hand, never below the minimum
		// (ST-X7).
		if cash := me.Cash / d.Unit * d.Unit; wager > cash {
			wager = max(d.FanTan.Min, cash)
		}
		v := r.die()
		if v >= d.FanTan.VolunteerWin {
			r.say("%s wagers %s at Fan Tan and rolls %d: doubled, %s.", me.Name, money(wager), v, r.fromBank(p, wager, "fan tan"))
			return
		}
		r.say("%s wagers %s at Fan Tan and rolls %d: lost (§7.3).", me.Name, money(wager), v)
		r.owe(p, -1, wager, "fan tan", "the lost wager")
	case roleOpium:
		choice := pl.Opium
		if choice == "" {
			choice = "gamble"
			if me.Cash >= d.Opium.Fine {
				choice = "pay"
			}
		}
		if choice == "pay" && me.Cash >= d.Opium.Fine {
			r.say("%s pays the Opium Dens' fine, %s, and may move freely next turn (§7.6).", me.Name, r.toBank(p, d.Opium.Fine, "opium fine"))
			return
		}
		if choice == "pay" {
			r.tell(p, "You cannot pay the Opium Dens' fine from your cash: you take your chances instead.")
		}
		me.Hooked = true
		r.say("%s does not pay the Opium Dens' fine and must roll 1-%d to get out next turn (§7.6).", me.Name, d.Opium.Out)
	}
}

// dailyMail: at the North China Daily Mail, the named player tells p
// their cash and bank (§8.3); only p learns the sums.
func (r *run) dailyMail(p int, pl *plan) {
	s := r.s
	me := &s.Players[p]
	q := pl.DailyMail
	switch {
	case q < 0:
		return
	case me.At != s.d().mail:
		r.tell(p, "You are not at the North China Daily Mail: no enquiry about %s.", s.Players[q].Name)
		return
	case !s.Players[q].inCity():
		r.tell(p, "%s has left Shanghai: no enquiry.", s.Players[q].Name)
		return
	}
	t := &s.Players[q]
	k := Disclosure{Of: q, Cash: t.Cash, Bank: t.Bank, Year: s.Year, Season: s.Season}
	me.Known = slices.DeleteFunc(me.Known, func(x Disclosure) bool { return x.Of == q })
	me.Known = append(me.Known, k)
	r.say("%s asks the North China Daily Mail about %s's money (§8.3).", me.Name, t.Name)
	r.tell(p, "The Daily Mail: %s has %s in cash and %s in the bank.", t.Name, money(t.Cash), money(t.Bank))
}

// bank moves money between p's cash and international account at the
// Imperial Trading Banks, in lots (§8.1, ST-A43); nobody else learns the
// sums.
func (r *run) bank(p int, pl *plan) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	if pl.Deposit == nil && pl.Withdraw == nil {
		return
	}
	if s.book().CurrencyTrader && me.At == d.role(roleCurrency) {
		r.currencyTrader(p, pl)
		return
	}
	if me.At != d.banks {
		r.tell(p, "You are not at the Imperial Trading Banks: no banking this turn.")
		return
	}
	lots := func(a *amount, have int) int {
		n := a.N
		if a.All {
			n = have - a.But
		}
		return max(0, min(n, have)) / d.Lot * d.Lot
	}
	if a := pl.Deposit; a != nil {
		n := lots(a, me.Cash)
		me.Cash -= n
		me.Bank += n
		r.tell(p, "You deposit %s: cash %s, bank %s.", money(n), money(me.Cash), money(me.Bank))
	}
	if a := pl.Withdraw; a != nil {
		n := lots(a, me.Bank)
		me.Bank -= n
		me.Cash += n
		r.tell(p, "You withdraw %s: cash %s, bank %s.", money(n), money(me.Cash), money(me.Bank))
	}
}

// employeeOf is the employee placed on an establishment of type t
// bought (§3.2), as the purchase's line names them.
func employeeOf(t string) string {
	switch t {
	case typeTP:
		return "a coolie"
	case typeWarehouse:
		return "an overseer"
	case typeFactory:
		return "a manager"
	case typeRacket:
		return "a racketeer"
	}
	return ""
}

// purchase is step c: buying the uncontrolled establishment p ends on, as
// the buy list says (§2.3, §6.1; ST-A17).
func (r *run) purchase(p int, pl *plan) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	i := me.At
	l := d.loc(i)
	if !buyable(l.Type) || s.Estabs[i].Owner >= 0 {
		return
	}
	for _, o := range pl.Buy {
		if o.Loc >= 0 && o.Loc != i || o.Loc < 0 && o.Type != "any" && o.Type != l.Type || !o.If.holds(s, p) {
			continue
		}
		if l.Type == typeRacket && !s.mayControl(p, i) {
			r.tell(p, "Only the %s player may control the %s (§11.4).", d.Exclusive[l.Role], l.Name)
			return
		}
		if l.Type == typeRacket && l.Role != roleShanghaiClub {
			if all, mine := s.tradingPosts(d.distOf(i), p); all == 0 || mine < all {
				r.tell(p, "You cannot buy the %s: you must first control all the trading posts of %s (§2.3).", l.Name, d.district(i).Name)
				return
			}
		}
		cost := d.cost(i)
		if me.Cash < cost {
			r.tell(p, "You cannot afford %s (%s).", d.locName(i), money(cost))
			continue
		}
		employee := employeeOf(l.Type)
		what := r.where(i)
		r.control(i, p, false)
		r.say("%s buys %s, placing %s: %s.", me.Name, what, employee, r.toBank(p, cost, "purchase"))
		return
	}
}

// lots is what an amount (N, all, all but N) comes to out of have, in
// whole lots (ST-A43).
func (d *components) lots(a *amount, have int) int {
	n := a.N
	if a.All {
		n = have - a.But
	}
	return max(0, min(n, have)) / d.Lot * d.Lot
}

// currencyTrader is banking at the Currency Trader (§8.2): as at the
// Banks, but the owner, unless it is p, takes a commission on each
// transaction (10% rounded up to $5ooo, or what he varies it to, ST-A24);
// a deposit is cut by lots until the commission can be paid from cash.
// The sums are p's and the owner's business (rules-analysis 1d).
func (r *run) currencyTrader(p int, pl *plan) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	o := s.ownerOfRole(roleCurrency)
	pct := 0
	if o >= 0 && o != p {
		pct = s.fee(o, feeCommission, p, d.Commission)
	}
	commission := func(n int) int { return d.ceilUnit(n*pct, 100) }
	move := func(n int, deposit bool) {
		c := commission(n)
		verb := "withdraws"
		if deposit {
			verb = "deposits"
			me.Cash -= n
			me.Bank += n
		} else {
			me.Bank -= n
			me.Cash += n
		}
		me.Cash -= c
		if o >= 0 && c > 0 {
			s.Players[o].Cash += c
		}
		text := fmt.Sprintf("At the %s %s %s %s", d.loc(d.role(roleCurrency)).Name, me.Name, verb, money(n))
		if c > 0 {
			text += fmt.Sprintf(" and pays %s %s commission", s.Players[o].Name, money(c))
		}
		r.tell(p, "%s: cash %s, bank %s.", text, money(me.Cash), money(me.Bank))
		if o >= 0 && o != p {
			r.tell(o, "%s.", text)
		}
	}
	if a := pl.Deposit; a != nil {
		n := d.lots(a, me.Cash)
		for n > 0 && n+commission(n) > me.Cash {
			n -= d.Lot
		}
		move(n, true)
	}
	if a := pl.Withdraw; a != nil {
		move(d.lots(a, me.Bank), false)
	}
}
