package shanghaitrader

import (
	"fmt"
	"slices"
	"strings"

	"taipan/orders"
)

// collusion plays the Collusion Phase (§2.2, §2.3), a step of its own
// between the Cycle Turn's Initiative Phase and the winter turn (ST-X15).
// The Negotiations Segment is the press players send each other through
// Taipan while the step is open; this resolution plays what they agreed
// in their orders: standing orders and loans, then the Deployment Segment
// (police, monks, the minder, the marines) and the Exchange Segment.
func (r *run) collusion() {
	s := r.s
	r.say("The Collusion Phase of year %d.", s.Year)
	r.standing()
	r.loans()
	r.removalDeals()
	r.deploy()
	r.exchanges()
	s.Underworld.Collusion = false
	s.Underworld.Fresh = nil
}

// collusionDefault is p's default order file for the Collusion Phase: the
// deployments p must make, as they stand now (or as the rules' defaults
// say), and no exchange. It reads only the board and p's nationality.
func (s *State) collusionDefault(p int) []orders.Item {
	d := s.d()
	var items []orders.Item
	names := func(ds []int) []string {
		var out []string
		for _, x := range ds {
			out = append(out, d.Districts[x].Name)
		}
		return out
	}
	if !s.contractorsOut() {
		if s.ownerOfRole(roleShanghaiClub) == p && !s.withdrawn(roleShanghaiClub) {
			items = append(items, orders.With(verbPolice, names(s.policeDefault())...))
		}
		if s.ownerOfRole(roleMonastery) == p && !s.withdrawn(roleMonastery) {
			items = append(items, orders.With(verbMonks, names(s.monksDefault())...))
		}
		if s.marinesOwner() == p {
			var locs []string
			for _, i := range s.marinesDefault(p) {
				locs = append(locs, d.loc(i).ID)
			}
			items = append(items, orders.With(verbMarines, locs...))
		}
	}
	if s.minderOwner() == p {
		items = append(items, orders.With(verbMinder, s.Players[p].Name))
	}
	return append(items, orders.With(verbExchange, "none"))
}

// policeDefault is where the police go without an order (rules-analysis
// D2): where they were last year, else all in the Shanghai Club's own
// district, which has no coolies (ST-A7: all must be placed).
func (s *State) policeDefault() []int {
	d := s.d()
	if len(s.Underworld.Police) == d.Police.Count {
		return slices.Clone(s.Underworld.Police)
	}
	home := d.distOf(d.role(roleShanghaiClub))
	out := make([]int, d.Police.Count)
	for i := range out {
		out[i] = home
	}
	return out
}

// monksDefault is the monks' ranked list without an order (D3): last
// year's districts, then Bubbling Well Road for each gang (the police may
// never go there, so the list always fills).
func (s *State) monksDefault() []int {
	d := s.d()
	out := slices.Clone(s.Underworld.Monks)
	home := d.distOf(d.role(roleMonastery))
	for range d.Monks.Count {
		out = append(out, home)
	}
	return out
}

// marinesDefault is where the marines go without an order: where they
// were, else on the Japanese player's own warehouses and factories of the
// docks, else on the first of the docks.
func (s *State) marinesDefault(p int) []int {
	d := s.d()
	if len(s.Underworld.Marines) > 0 {
		return slices.Clone(s.Underworld.Marines)
	}
	var own, all []int
	for i := range s.Estabs {
		l := d.loc(i)
		if (l.Type == typeWarehouse || l.Type == typeFactory) && d.district(i).Dock {
			all = append(all, i)
			if s.owns(p, i) {
				own = append(own, i)
			}
		}
	}
	out := append(own, all...)
	return out[:min(len(out), d.Marines.Count)]
}

// deploy is the Deployment Segment (§2.3): the Shanghai Club's owner
// places the police in the Settlement, except Bubbling Well Road; the
// Monastery's owner the monks, where there are no police; the minder goes
// to whoever he minds; the Japanese player places the marines (§11.4).
// In the last year only the minder stays in play (§10.2).
func (r *run) deploy() {
	s := r.s
	d := s.d()
	x := s.Underworld
	if !s.contractorsOut() {
		x.Police, x.Monks, x.Marines = nil, nil, nil
		if o := s.ownerOfRole(roleShanghaiClub); o >= 0 && !s.withdrawn(roleShanghaiClub) {
			police := slices.Clone(r.plans[o].city().Police)
			if len(police) == 0 {
				police = s.policeDefault()
			}
			for len(police) < d.Police.Count {
				police = append(police, police[len(police)-1])
			}
			x.Police = police
			r.say("Deployment: %s places the police in %s (§3.3).", s.Players[o].Name, s.districtList(police))
		}
		if o := s.ownerOfRole(roleMonastery); o >= 0 && !s.withdrawn(roleMonastery) {
			var monks, skipped []int
			for _, dist := range append(slices.Clone(r.plans[o].city().Monks), s.monksDefault()...) {
				switch {
				case len(monks) == d.Monks.Count:
				case slices.Contains(x.Police, dist):
					if !slices.Contains(skipped, dist) {
						skipped = append(skipped, dist)
					}
				default:
					monks = append(monks, dist)
				}
			}
			x.Monks = monks
			t := fmt.Sprintf("Deployment: %s places the monks in %s (§3.3)", s.Players[o].Name, s.districtList(monks))
			if len(skipped) > 0 && len(r.plans[o].city().Monks) > 0 {
				t += fmt.Sprintf("; they cannot enter %s, under police protection", s.districtList(skipped))
			}
			r.say("%s.", t)
		}
	}
	if o := s.minderOwner(); o >= 0 {
		to := o
		if m := r.plans[o].city().Minder; m >= 0 && s.Players[m].inCity() {
			to = m
		}
		x.Minder = to
		if to == o {
			r.say("Deployment: the White Russian minder stays with %s this year (§11.4).", s.Players[o].Name)
		} else {
			r.say("Deployment: %s leases the White Russian minder to %s for the year (§11.4).", s.Players[o].Name, s.Players[to].Name)
		}
	}
	if o := s.marinesOwner(); o >= 0 && !s.contractorsOut() {
		m := slices.Clone(r.plans[o].city().Marines)
		if len(m) == 0 {
			m = s.marinesDefault(o)
		}
		x.Marines = m
		var names []string
		for _, i := range m {
			names = append(names, d.locName(i))
		}
		r.say("Deployment: %s places the Japanese marines on %s (§11.4).", s.Players[o].Name, andList(names))
	}
}

// districtList names districts: "Nanking Road (2) and The Bund".
func (s *State) districtList(ds []int) string {
	var names []string
	var seen []int
	for _, x := range ds {
		if slices.Contains(seen, x) {
			continue
		}
		seen = append(seen, x)
		n := 0
		for _, y := range ds {
			if y == x {
				n++
			}
		}
		t := s.d().Districts[x].Name
		if n > 1 {
			t += fmt.Sprintf(" (%d)", n)
		}
		names = append(names, t)
	}
	return andList(names)
}

// mirrors reports whether two sides of an exchange are the same exchange
// seen from each side.
func mirrors(a, b exchange) bool {
	return slices.Equal(a.Give, b.Get) && slices.Equal(a.Get, b.Give) && a.GiveCash == b.GetCash && a.GetCash == b.GiveCash
}

// exchanges is the Exchange Segment (§2.3, §6.1): a transfer takes effect
// only when both players ordered the same exchange; pairs are carried out
// in the initiative order of the first of the two. An exchange is refused
// when a side no longer holds what it gives or lacks the cash, or when a
// racket would end with a player who holds none of its district's trading
// posts (ST-A18, ST-X16).
func (r *run) exchanges() {
	s := r.s
	done := map[[2]int]bool{}
	for _, p := range slices.Clone(s.Order) {
		if r.plans[p] == nil {
			continue
		}
		for _, ex := range r.plans[p].city().Exchanges {
			q := ex.With
			key := [2]int{min(p, q), max(p, q)}
			if done[key] {
				continue
			}
			done[key] = true
			var other *exchange
			if pq := r.plans[q]; pq != nil {
				for k := range pq.city().Exchanges {
					if pq.city().Exchanges[k].With == p {
						other = &pq.city().Exchanges[k]
					}
				}
			}
			if other == nil || !mirrors(ex, *other) {
				r.tellTwo(p, q, "The exchange between %s and %s is not made: the two did not order the same exchange (§6.1 \"Upon agreement\").", s.Players[p].Name, s.Players[q].Name)
				continue
			}
			if why := r.exchangeRefused(p, ex); why != "" {
				r.tellTwo(p, q, "The exchange between %s and %s is refused: %s.", s.Players[p].Name, s.Players[q].Name, why)
				continue
			}
			r.exchange(p, ex)
		}
	}
	for p, pl := range r.plans {
		if pl == nil {
			continue
		}
		for _, ex := range pl.city().Exchanges {
			if key := [2]int{min(p, ex.With), max(p, ex.With)}; !done[key] {
				done[key] = true
				r.tell(p, "The exchange with %s is not made: they are no longer in the city or ordered none.", s.Players[ex.With].Name)
			}
		}
	}
	if len(s.Underworld.Table) > 0 {
		r.tableDeals(done)
	}
}

// exchangeRefused says why p's exchange ex cannot be made now, or "".
func (r *run) exchangeRefused(p int, ex exchange) string {
	s := r.s
	d := s.d()
	q := ex.With
	for _, side := range []struct {
		who   int
		items []int
		cash  int
	}{{p, ex.Give, ex.GiveCash}, {q, ex.Get, ex.GetCash}} {
		for _, i := range side.items {
			if !s.owns(side.who, i) {
				return fmt.Sprintf("%s no longer controls %s", s.Players[side.who].Name, d.locName(i))
			}
			if d.loc(i).Type == typeRacket && s.exclusive(i) {
				return fmt.Sprintf("control of the %s can never be transferred (§11.4)", d.loc(i).Name)
			}
		}
		if s.Players[side.who].Cash < side.cash {
			return fmt.Sprintf("%s has not the cash", s.Players[side.who].Name)
		}
	}
	// The board as the exchange would leave it: every racket either side
	// holds must keep one of its district's trading posts (§3.2, ST-A18).
	owner := func(i int) int {
		switch {
		case slices.Contains(ex.Give, i):
			return q
		case slices.Contains(ex.Get, i):
			return p
		}
		return s.Estabs[i].Owner
	}
	for i := range s.Estabs {
		o := owner(i)
		if (o != p && o != q) || d.loc(i).Type != typeRacket {
			continue
		}
		all, mine := 0, 0
		first, end := d.span(d.distOf(i))
		for j := first; j < end; j++ {
			if d.loc(j).Type == typeTP {
				all++
				if owner(j) == o {
					mine++
				}
			}
		}
		if all > 0 && mine == 0 {
			return fmt.Sprintf("%s would hold the %s without a trading post of %s, and its racketeer would be removed at once (§3.2, ST-A18)", s.Players[o].Name, d.loc(i).Name, d.district(i).Name)
		}
	}
	return ""
}

// exchange carries out p's exchange ex with its partner.
func (r *run) exchange(p int, ex exchange) {
	s := r.s
	d := s.d()
	q := ex.With
	var parts []string
	for _, side := range []struct {
		from, to int
		items    []int
	}{{p, q, ex.Give}, {q, p, ex.Get}} {
		if len(side.items) == 0 {
			continue
		}
		var names []string
		for _, i := range side.items {
			names = append(names, d.locName(i))
			r.control(i, side.to, true)
		}
		parts = append(parts, fmt.Sprintf("%s gives %s to %s", s.Players[side.from].Name, andList(names), s.Players[side.to].Name))
	}
	if len(parts) > 0 {
		r.say("Exchange: %s (§2.3).", strings.Join(parts, "; "))
	} else {
		r.say("Exchange: %s and %s settle a deal in cash.", s.Players[p].Name, s.Players[q].Name)
	}
	for _, c := range []struct{ from, to, n int }{{p, q, ex.GiveCash}, {q, p, ex.GetCash}} {
		if c.n == 0 {
			continue
		}
		s.Players[c.from].Cash -= c.n
		s.Players[c.to].Cash += c.n
		r.tellTwo(p, q, "In the exchange %s pays %s %s.", s.Players[c.from].Name, s.Players[c.to].Name, money(c.n))
	}
}
