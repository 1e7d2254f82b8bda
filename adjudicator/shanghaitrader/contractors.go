package shanghaitrader

import (
	"fmt"
	"slices"
)

// control puts p's employee on location i (p = -1 takes it off): a
// purchase, a loss, an auction or an exchange. In version 2 a transfer
// (transfer true: an exchange or an auction to a bidder) leaves the
// customs inspector on the warehouse, the new overseer is never
// compromised, a racket gained cannot use its special contractor in the
// step (ST-A42), and a racket lost withdraws its contractors out on the
// job (§3.3, ST-A44).
func (r *run) control(i, p int, transfer bool) {
	s := r.s
	if !s.book().Contractors {
		s.setOwner(i, p)
		return
	}
	old := s.Estabs[i]
	s.setOwner(i, p)
	if transfer && p >= 0 {
		s.Estabs[i].Closed = old.Closed
	}
	s.Underworld.Courtesans = slices.DeleteFunc(s.Underworld.Courtesans, func(c Placed) bool { return c.Loc == i })
	if s.d().loc(i).Type != typeRacket || old.Owner == p {
		return
	}
	if old.Owner >= 0 {
		r.lostRacket(i)
	}
	if p >= 0 && !slices.Contains(s.Underworld.Fresh, i) {
		s.Underworld.Fresh = append(s.Underworld.Fresh, i)
	}
}

// lostRacket withdraws the contractors of racket i that are out on the
// job when its owner loses control: "any controlled contractor 'out on
// the job' is immediately withdrawn and cannot be used again until the
// next year" (§3.3, ST-A44).
func (r *run) lostRacket(i int) {
	s := r.s
	d := s.d()
	x := s.Underworld
	role := d.loc(i).Role
	out := ""
	switch role {
	case roleShanghaiClub:
		if x.Police != nil {
			x.Police, out = nil, "the police go back to the Shanghai Club"
		}
	case roleMonastery:
		if x.Monks != nil {
			x.Monks, out = nil, "the monks go back to the Monastery"
		}
	case roleLido:
		if x.Lido >= 0 {
			x.Lido, out = -1, "the Lido Courtesan gives up her race and goes back to the Lido"
		}
	case roleCustoms:
		for j := range s.Estabs {
			if s.Estabs[j].Closed {
				s.Estabs[j].Closed = false
				out = "the customs inspector is lifted from " + d.locName(j)
			}
		}
	}
	if out == "" {
		return
	}
	if !slices.Contains(x.Withdrawn, role) {
		x.Withdrawn = append(x.Withdrawn, role)
	}
	r.say("The %s has changed hands: %s, withdrawn until next year (§3.3, ST-A44).", d.loc(i).Name, out)
}

// leaveCity withdraws what a player leaving the city controlled beyond their
// establishments: "You automatically lose control of all on-board assets,
// including special contractors, and any benefits these provide" (§10.3):
// the general courtesans they hired, the minder, the marines, the spy's
// detentions; a minder leased to them goes home; a race against them ends.
func (r *run) leaveCity(p int) {
	s := r.s
	if !s.book().city() {
		return
	}
	d := s.d()
	x := s.Underworld
	for _, c := range x.Courtesans {
		if c.By == p {
			s.Estabs[c.Loc].Compromised = false
		}
	}
	x.Courtesans = slices.DeleteFunc(x.Courtesans, func(c Placed) bool { return c.By == p })
	nat := s.Players[p].Nationality
	switch {
	case x.Rules.Minder && nat == d.Minder.Nationality:
		x.Minder = -1
	case x.Minder == p:
		x.Minder = s.minderOwner()
	}
	if x.Rules.Marines && nat == d.Marines.Nationality {
		x.Marines = nil
	}
	if x.Rules.Spy && nat == d.Spy.Nationality {
		for q := range s.Players {
			s.Players[q].Detained = 0
		}
	}
	if x.Lido == p {
		x.Lido = -1
	}
	s.Players[p].Detained = 0
}

// hireContractor is step d of the rulebook's segment (§2.2 d, §3.3): at most one general
// contractor, the first of the ranked hire list that can be carried out;
// then the special contractors: the Tongs, a general courtesan, the
// customs inspector, the Lido Courtesan (and her race), the German spy;
// and the monks' extortion.
func (r *run) hireContractor(p int, pl *plan) {
	s := r.s
	if s.Players[p].inCity() {
		r.general(p, pl)
	}
	for _, f := range []func(int, *plan){r.tongs, r.courtesan, r.raid, r.lido, r.spy, r.extort} {
		if !s.Players[p].inCity() {
			return
		}
		f(p, pl)
	}
}

// general hires the first general contractor of p's list whose condition
// holds, that has a target, and that p can pay for.
func (r *run) general(p int, pl *plan) {
	s := r.s
	d := s.d()
	for _, h := range pl.city().Hires {
		if !h.If.holds(s, p) {
			continue
		}
		if h.Kind != "assassin" && s.contractorsOut() {
			continue
		}
		target := -1
		for k, t := range h.Targets {
			if !h.Ifs[k].holds(s, p) {
				continue
			}
			if target = r.pickTarget(p, h.Kind, t); target >= 0 {
				break
			}
		}
		if target < 0 {
			r.tell(p, "No target of your %s is in reach: no %s is hired.", h.Kind, h.Kind)
			continue
		}
		var cost int
		switch h.Kind {
		case "thug":
			cost = d.Thug.Cost
		case "mugger":
			cost = d.Mugger.Cost
		case "assassin":
			cost = d.Assassin.Cost
		}
		if s.Players[p].Cash < cost {
			r.tell(p, "You cannot afford the %s (%s).", h.Kind, money(cost))
			continue
		}
		switch h.Kind {
		case "thug":
			r.thug(p, target)
		case "mugger":
			r.mugger(p, target)
		default:
			r.assassinate(p, target)
		}
		return
	}
}

// pickTarget returns target t of a general contractor of kind if it can
// be struck now (any, -1: the first in the initiative order), else -1.
func (r *run) pickTarget(p int, kind string, t int) int {
	s := r.s
	d := s.d()
	ok := func(q int) bool {
		pq := &s.Players[q]
		if q == p || !pq.inCity() {
			return false
		}
		switch kind {
		case "mugger":
			// "Muggers cannot be used outside the International
			// Settlement" (§3.3).
			return d.district(pq.At).inside()
		case "assassin":
			return pq.Passport && pq.At == d.airfield
		}
		return false
	}
	if kind == "thug" {
		// "A 1-4 kills the coolie ... cannot be used outside the
		// International Settlement" (§3.3): another player's trading post.
		if o := s.Estabs[t].Owner; o >= 0 && o != p && d.district(t).inside() {
			return t
		}
		return -1
	}
	if t >= 0 {
		if ok(t) {
			return t
		}
		return -1
	}
	for _, q := range s.Order {
		if ok(q) {
			return q
		}
	}
	return -1
}

// modifier is what police or monks in district dist add to a thugging or
// mugging roll (§3.3: "no additional effect for having more than one").
func (s *State) modifier(dist int) (int, string) {
	d := s.d()
	switch {
	case s.policeIn(dist):
		return d.Police.Modifier, "the police"
	case s.monksIn(dist):
		return d.Monks.Modifier, "the monks"
	}
	return 0, ""
}

// thug: $10ooo; a 1-4 kills the coolie on trading post i, +2 with police
// or monks in the district (§3.3); a racket whose owner holds no trading
// post of its district any more goes at once (§3.2, ST-T14).
func (r *run) thug(p, i int) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	q := s.Estabs[i].Owner
	paid := r.toBank(p, d.Thug.Cost, "thug")
	v := r.die()
	mod, why := s.modifier(d.distOf(i))
	roll := rollText(v, mod, why)
	if v+mod > d.Thug.Hit {
		r.say("%s hires a thug against %s's coolie on %s (%s): rolls %s, botched (§3.3).", me.Name, s.Players[q].Name, r.where(i), paid, roll)
		return
	}
	r.control(i, -1, false)
	r.say("%s hires a thug against %s's coolie on %s (%s): rolls %s, the coolie is killed (§3.3).", me.Name, s.Players[q].Name, d.locName(i), paid, roll)
	r.checkRackets(q)
}

// rollText writes a roll and its modifier: "3 + 2 for the police = 5".
func rollText(v, mod int, why string) string {
	if mod == 0 {
		return fmt.Sprint(v)
	}
	return fmt.Sprintf("%d + %d for %s = %d", v, mod, why, v+mod)
}

// mugger: $30ooo; a 1-4 takes half the target's cash (rounded up), +2
// with police or monks in the district or +3 with the minder, not
// cumulative (§3.3, ST-A31); half the take (rounded up) goes to the
// Temple's owner, the rest to the bank (ST-T5).
func (r *run) mugger(p, q int) {
	s := r.s
	d := s.d()
	me, t := &s.Players[p], &s.Players[q]
	paid := r.toBank(p, d.Mugger.Cost, "mugger")
	v := r.die()
	mod, why := s.modifier(d.distOf(t.At))
	if s.minded(q) {
		mod, why = d.Minder.Modifier, "the minder"
	}
	roll := rollText(v, mod, why)
	if v+mod > d.Mugger.Hit {
		r.say("%s hires a mugger against %s at %s (%s): rolls %s, a failure (§3.3).", me.Name, t.Name, r.where(t.At), paid, roll)
		return
	}
	take := min(t.Cash, d.ceilUnit(t.Cash, 2))
	r.say("%s hires a mugger against %s at %s (%s): rolls %s, mugged: %s loses half their cash, %s (§3.3).", me.Name, t.Name, r.where(t.At), paid, roll, t.Name, money(take))
	temple := s.ownerOfRole(roleTemple)
	if temple < 0 {
		r.say("The take goes to the bank, the Temple being uncontrolled: %s.", r.toBank(q, take, "mugging"))
		return
	}
	tithe := min(take, d.ceilUnit(take, 2))
	t.Cash -= tithe
	s.Players[temple].Cash += tithe
	r.say("Half the take, %s, goes to %s, owner of the Temple of the Jade Buddha, and the rest to the bank: %s.", money(tithe), s.Players[temple].Name, r.toBank(q, take-tithe, "mugging"))
}

// assassinate: $40ooo; a 1-4 kills the target at the airfield, +1 for
// each bodyguard (§3.3); after a hit the minder saves the target on 1-4,
// and dies either way (§11.4, ST-A32).
func (r *run) assassinate(p, target int) {
	s := r.s
	d := s.d()
	me := &s.Players[p]
	t := &s.Players[target]
	paid := r.toBank(p, d.Assassin.Cost, "assassin")
	v := r.die()
	mod := v + t.Bodyguards
	roll := ""
	if t.Bodyguards > 0 {
		roll = " + " + itoa(t.Bodyguards) + " for " + plural(t.Bodyguards, "the bodyguard", "the bodyguards")
	}
	if mod > d.Assassin.Hit {
		r.say("%s hires an assassin against %s at the airfield (%s): rolls %d%s = %d, a miss (§3.3).", me.Name, t.Name, paid, v, roll, mod)
		return
	}
	if s.minded(target) {
		w := r.die()
		s.Underworld.Minder, s.Underworld.MinderDead = -1, true
		if w <= d.Minder.Save {
			r.say("%s hires an assassin against %s at the airfield (%s): rolls %d%s = %d, a hit; the minder rolls %d and takes the bullet: the minder dies, %s is unhurt (§11.4).",
				me.Name, t.Name, paid, v, roll, mod, w, t.Name)
			return
		}
		r.say("%s hires an assassin against %s at the airfield (%s): rolls %d%s = %d, a hit; the minder rolls %d: the minder bites the bullet, and alas so does %s (§11.4).",
			me.Name, t.Name, paid, v, roll, mod, w, t.Name)
		r.leave(target, outAssassinated)
		r.say("%s is out of the game - that's Shanghai (§3.3); every asset of theirs is uncontrolled.", t.Name)
		return
	}
	r.leave(target, outAssassinated)
	r.say("%s hires an assassin against %s at the airfield (%s): rolls %d%s = %d, a hit. %s is out of the game - that's Shanghai (§3.3); every asset of theirs is uncontrolled.",
		me.Name, t.Name, paid, v, roll, mod, t.Name)
}

// firstTarget is the first location of list whose condition holds and
// that ok accepts, or -1.
func (r *run) firstTarget(p int, list []target, ok func(int) bool) int {
	for _, t := range list {
		if t.If.holds(r.s, p) && ok(t.Who) {
			return t.Who
		}
	}
	return -1
}

// fromDen reports whether p, who ordered a contractor of the den of role
// (the targets list), may hire it: only when p moved this segment
// voluntarily and successfully to that den, "you must voluntarily and
// successfully move to their establishment" (§3.3), which a shanghaied
// player did not; and not in the last year. It tells p why not.
func (r *run) fromDen(p int, list []target, role, what string) bool {
	s := r.s
	if len(list) == 0 || s.contractorsOut() {
		return false
	}
	if r.vol != p || s.d().loc(s.Players[p].At).Role != role {
		r.tell(p, "You did not move voluntarily and successfully to the %s this turn: no %s (§3.3).", s.d().locName(s.d().role(role)), what)
		return false
	}
	return true
}

// tongs: at the Terror of the Tongs, $20ooo against a warehouse or
// factory: a 1-4 loots it (+3 with marines); a 5-6 sends them to the
// location of a second roll in the target's district, looted if it is a
// warehouse or factory with an employee and no marines; a 6 sends them
// home (§3.3, §11.4; ST-A28, ST-T13).
func (r *run) tongs(p int, pl *plan) {
	s := r.s
	d := s.d()
	if !r.fromDen(p, pl.city().Tongs, roleTongs, "Tongs") {
		return
	}
	i := r.firstTarget(p, pl.city().Tongs, func(i int) bool { o := s.Estabs[i].Owner; return o >= 0 && o != p })
	switch {
	case i < 0:
		r.tell(p, "None of your targets for the Tongs has an employee of another player: no Tongs.")
		return
	case s.Players[p].Cash < d.Tongs.Cost:
		r.tell(p, "You cannot afford the Tongs (%s).", money(d.Tongs.Cost))
		return
	}
	me := &s.Players[p]
	paid := r.toBank(p, d.Tongs.Cost, "tongs")
	v := r.die()
	mod, why := 0, ""
	if s.guarded(i) {
		mod, why = d.Marines.Modifier, "the marines"
	}
	intro := fmt.Sprintf("%s hires the Tongs against %s (%s): rolls %s", me.Name, r.where(i), paid, rollText(v, mod, why))
	if v+mod <= d.Tongs.Hit {
		r.say("%s: looted (§3.3).", intro)
		r.loot(i)
		return
	}
	w := r.die()
	if w == 6 {
		r.say("%s, the wrong address; the second roll is 6: they decide the fee wasn't enough and go back to Old Chinatown (§3.3).", intro)
		return
	}
	j := d.landing(d.distOf(i), w)
	l := d.loc(j)
	switch {
	case (l.Type != typeWarehouse && l.Type != typeFactory) || s.Estabs[j].Owner < 0:
		r.say("%s, the wrong address; the second roll is %d: they go to %s and find nothing to loot (§3.3).", intro, w, d.locName(j))
	case s.guarded(j):
		r.say("%s, the wrong address; the second roll is %d: they go to %s, where the marines send them packing back to Old Chinatown (§11.4).", intro, w, d.locName(j))
	default:
		r.say("%s, the wrong address; the second roll is %d: they go to %s and loot it (§3.3, ST-A28).", intro, w, r.where(j))
		r.loot(j)
	}
}

// loot removes the overseer or manager of location i: "the owner losing
// control of the warehouse or factory" (§3.3).
func (r *run) loot(i int) {
	s := r.s
	q := s.Estabs[i].Owner
	r.control(i, -1, false)
	r.say("%s's employee on %s is killed or chased off: %s is uncontrolled.", s.Players[q].Name, s.d().locName(i), s.d().locName(i))
}

// courtesan: at the Brothels, $20ooo against an overseer or manager: a 1-4
// compromises it until the end of the next Revenue Phase; only three in
// play at once (§3.3, ST-A30).
func (r *run) courtesan(p int, pl *plan) {
	s := r.s
	d := s.d()
	if !r.fromDen(p, pl.city().Courtesan, roleBrothels, "courtesan") {
		return
	}
	inPlay := 0
	for _, e := range s.Estabs {
		if e.Compromised {
			inPlay++
		}
	}
	i := r.firstTarget(p, pl.city().Courtesan, func(i int) bool {
		e := s.Estabs[i]
		return e.Owner >= 0 && e.Owner != p && !e.Compromised
	})
	switch {
	case inPlay >= d.Courtesan.Count:
		r.tell(p, "All %d general courtesans are at work: none can be hired (§3.3).", d.Courtesan.Count)
		return
	case i < 0:
		r.tell(p, "None of your targets for a courtesan has an overseer or manager of another player free: no courtesan.")
		return
	case s.Players[p].Cash < d.Courtesan.Cost:
		r.tell(p, "You cannot afford a courtesan (%s).", money(d.Courtesan.Cost))
		return
	}
	paid := r.toBank(p, d.Courtesan.Cost, "courtesan")
	v := r.die()
	intro := fmt.Sprintf("%s hires a courtesan against %s (%s): rolls %d", s.Players[p].Name, r.where(i), paid, v)
	if v > d.Courtesan.Hit {
		r.say("%s: her charms have not worked; back to the Brothels (§3.3).", intro)
		return
	}
	s.Estabs[i].Compromised = true
	s.Underworld.Courtesans = append(s.Underworld.Courtesans, Placed{Loc: i, By: p})
	r.say("%s: compromised until the end of the next Revenue Phase (§3.3).", intro)
}

// raid: the Customs Swindle's owner raids one warehouse a year: unless a
// deal is struck, a 1-4 (+3 with marines) closes it until the end of the
// next Revenue Phase (§3.3, ST-A29, ST-T12).
func (r *run) raid(p int, pl *plan) {
	s := r.s
	d := s.d()
	if len(pl.city().Raid) == 0 {
		return
	}
	if why := r.unusable(p, roleCustoms, dealCustoms, "customs inspector"); why != "" {
		r.tell(p, "%s", why)
		return
	}
	for i, e := range s.Estabs {
		if e.Closed {
			r.tell(p, "The customs inspector is still on %s: no raid.", d.locName(i))
			return
		}
	}
	i := r.firstTarget(p, pl.city().Raid, func(i int) bool { o := s.Estabs[i].Owner; return o >= 0 && o != p })
	if i < 0 {
		r.tell(p, "None of your targets for the customs inspector is another player's warehouse: no raid.")
		return
	}
	q := s.Estabs[i].Owner
	s.Underworld.Used = append(s.Underworld.Used, dealCustoms)
	r.say("%s sends the customs inspector to raid %s.", s.Players[p].Name, r.where(i))
	if r.deal(q, p, dealCustoms, "the raid is called off") {
		return
	}
	v := r.die()
	mod, why := 0, ""
	if s.guarded(i) {
		mod, why = d.Marines.Modifier, "the marines"
	}
	if v+mod > d.Customs.Hit {
		r.say("The customs roll is %s: insufficient evidence, no effect (§3.3).", rollText(v, mod, why))
		return
	}
	s.Estabs[i].Closed = true
	r.say("The customs roll is %s: illicit goods! %s is closed down until the end of the next Revenue Phase (§3.3).", rollText(v, mod, why), d.locName(i))
}

// unusable says why p cannot use the special contractor of the racket of
// role this turn, or "".
func (r *run) unusable(p int, role, kind, what string) string {
	s := r.s
	i := s.d().role(role)
	switch {
	case i < 0 || s.Estabs[i].Owner != p:
		return fmt.Sprintf("You no longer control the %s: no %s.", s.d().loc(i).Name, what)
	case s.contractorsOut():
		return fmt.Sprintf("In the last year the %s is out of play (§10.2).", what)
	case s.fresh(i):
		return fmt.Sprintf("You cannot employ the %s on the turn you gained the racket (§6.1).", what)
	case s.used(kind):
		return fmt.Sprintf("The %s has been used this year (§3.3).", what)
	case s.withdrawn(role):
		return fmt.Sprintf("The %s was withdrawn until next year (§3.3).", what)
	}
	return ""
}

// lido: the Lido Nightclub's owner sends the Lido Courtesan after one
// player a year: unless a deal is struck, she races the target to the
// North China Daily Mail, the owner rolling for her at once and in each of
// his later segments of the year, arriving on the Daily Mail's numbers;
// if she gets there first, the target loses half their cash to the bank
// (§3.3, ST-G9, ST-A25).
func (r *run) lido(p int, pl *plan) {
	s := r.s
	d := s.d()
	x := s.Underworld
	if x.Lido >= 0 && s.ownerOfRole(roleLido) == p {
		r.lidoRoll(p)
		return
	}
	if len(pl.city().Lido) == 0 {
		return
	}
	if why := r.unusable(p, roleLido, dealLido, "Lido Courtesan"); why != "" {
		r.tell(p, "%s", why)
		return
	}
	q := r.firstTarget(p, pl.city().Lido, func(q int) bool { return q != p && s.Players[q].inCity() })
	if q < 0 {
		r.tell(p, "None of your targets for the Lido Courtesan is in the city.")
		return
	}
	x.Used = append(x.Used, dealLido)
	r.say("%s sends the Lido Courtesan after %s: a sex scandal if she reaches the %s first (§3.3).", s.Players[p].Name, s.Players[q].Name, d.locName(d.mail))
	if r.deal(q, p, dealLido, "the Lido Courtesan stays at home") {
		return
	}
	x.Lido = q
	r.lidoRoll(p)
}

// lidoRoll rolls for the Lido Courtesan in her race (ST-G9).
func (r *run) lidoRoll(p int) {
	s := r.s
	d := s.d()
	q := s.Underworld.Lido
	t := &s.Players[q]
	v := r.die()
	mail := d.loc(d.mail).Dice
	if v < mail[0] || v > mail[1] {
		r.say("%s rolls %d for the Lido Courtesan: she has not reached the %s yet (ST-G9).", s.Players[p].Name, v, d.locName(d.mail))
		return
	}
	s.Underworld.Lido = -1
	loss := min(t.Cash, d.ceilUnit(t.Cash, 2))
	r.say("%s rolls %d for the Lido Courtesan: she reaches the %s before %s. A sex scandal! %s loses half their cash: %s (§3.3).",
		s.Players[p].Name, v, d.locName(d.mail), t.Name, t.Name, r.toBank(q, loss, "scandal"))
}

// spy: the German player targets one player a year: unless a deal is
// struck, a diplomatic scandal places the target in the Consulates at
// once, to spend their next 1-3 segments there, by the German's roll
// (§11.4, ST-A34).
func (r *run) spy(p int, pl *plan) {
	s := r.s
	d := s.d()
	if len(pl.city().Spy) == 0 || s.spyOwner() != p || s.contractorsOut() || s.used(dealSpy) {
		return
	}
	q := r.firstTarget(p, pl.city().Spy, func(q int) bool { return q != p && s.Players[q].inCity() })
	if q < 0 {
		r.tell(p, "None of your targets for the spy is in the city.")
		return
	}
	s.Underworld.Used = append(s.Underworld.Used, dealSpy)
	t := &s.Players[q]
	r.say("%s's spy targets %s (§11.4).", s.Players[p].Name, t.Name)
	if r.deal(q, p, dealSpy, "the diplomatic scandal is hushed up") {
		return
	}
	v := r.die()
	n := d.Spy.Turns[v-1]
	if t.At == d.airfield && t.Bodyguards > 0 {
		r.say("%s's bodyguards are dismissed.", t.Name)
	}
	t.At, t.Hooked, t.Shanghaied, t.Bodyguards = d.consul, false, false, 0
	t.Detained = n
	r.say("A diplomatic scandal! %s is placed in the International Consulates at once; %s rolls %d: %s spends the next %d %s there doing nothing (§11.4).",
		t.Name, s.Players[p].Name, v, t.Name, n, plural(n, "turn", "turns"))
}

// extort: in the Monastery owner's segment the monks take $5ooo from the
// owner of each coolie in their districts, the owner's own excepted, once
// a district however many monks are there (§3.3, ST-A8).
func (r *run) extort(p int, pl *plan) {
	s := r.s
	d := s.d()
	if s.ownerOfRole(roleMonastery) != p || len(s.Underworld.Monks) == 0 || s.contractorsOut() {
		return
	}
	if dl := s.Players[p].Deals; dl != nil && dl.NoExtort {
		return
	}
	var seen []int
	for _, dist := range s.Underworld.Monks {
		if slices.Contains(seen, dist) {
			continue
		}
		seen = append(seen, dist)
		first, end := d.span(dist)
		for i := first; i < end; i++ {
			q := s.Estabs[i].Owner
			if d.loc(i).Type != typeTP || q < 0 || q == p || !s.Players[q].inCity() {
				continue
			}
			fee := s.fee(p, feeExtortion, q, d.Monks.Extortion)
			if fee == 0 {
				continue
			}
			r.owe(q, p, fee, "extortion", "the monks' protection of the coolie on "+d.locName(i)+" (§3.3)")
		}
	}
}
