package shanghaitrader

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

func itoa(n int) string { return strconv.Itoa(n) }

// endOfTurn advances the Turn Track; after autumn the year ends, and
// either the game (after the last year) or the next year's Cycle Turn
// follows (ST-X1).
func (r *run) endOfTurn() {
	s := r.s
	if r.checkEnd() {
		return
	}
	if s.Season+1 < len(s.d().Seasons) {
		s.Season++
		return
	}
	if s.book().Contractors && s.Underworld.Lido >= 0 {
		// ST-G9: "If the target wins, or the year ends first, she
		// returns."
		s.Underworld.Lido = -1
		r.say("The year ends before the Lido Courtesan reaches the %s: she goes back to the Lido (ST-G9).", s.d().locName(s.d().mail))
	}
	if s.lastYear() {
		var lost []string
		for _, p := range s.inCity() {
			lost = append(lost, s.Players[p].Name)
		}
		end := fmt.Sprintf("the revolution comes at the end of year %d", s.Year)
		if len(lost) > 0 {
			end += "; " + andList(lost) + " did not get out and " + plural(len(lost), "loses", "lose") + " everything (§1.3)"
		}
		r.finish(end)
		return
	}
	s.Year++
	s.Season = 0
	s.ShipRoll = 0
	r.cycle()
}

// checkEnd ends the game when nobody is left in the city (ST-X8).
func (r *run) checkEnd() bool {
	if r.s.Over || len(r.s.inCity()) > 0 {
		return r.s.Over
	}
	r.finish(fmt.Sprintf("nobody is left in Shanghai (%s)", r.s.when()))
	return true
}

// finish ends the game: the escaped player with the largest international
// bank account wins (§2.3), equal accounts share (rules-analysis 1h).
func (r *run) finish(why string) {
	s := r.s
	s.Over, s.Ended = true, why
	s.Ships = nil
	r.say("The game is over: %s.", why)
	w := s.winners()
	switch len(w) {
	case 0:
		r.say("Nobody escaped: nobody wins.")
	default:
		var parts []string
		for _, p := range s.Players {
			if p.Out == outEscaped {
				parts = append(parts, fmt.Sprintf("%s %s", p.Name, money(p.Bank)))
			}
		}
		r.say("The escaped and their international accounts: %s. %s %s.", strings.Join(parts, ", "), andList(w), plural(len(w), "wins", "share the win"))
	}
}

// andList joins names: "a, b and c".
func andList(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// cycle is the Cycle Turn that starts every year after the first (§2.2):
// the Revenue Phase and the Initiative Phase; in version 2 first the
// sudden-death roll (§11.2, ST-A38), and after them the Collusion Phase,
// a step of its own (ST-X15).
func (r *run) cycle() {
	s := r.s
	if s.book().Collusion {
		x := s.Underworld
		x.Used, x.Withdrawn = nil, nil
		r.say("Year %d begins with the Cycle Turn.", s.Year)
		if rl := x.Rules; rl.SuddenFrom > 0 && s.Year >= rl.SuddenFrom && s.Year <= rl.SuddenTo && !s.lastYear() {
			v := r.die()
			if v >= rl.Threshold {
				s.LastYear = s.Year
				r.say("The sudden-death roll is %d: year %d is the last year; the game ends with its autumn (§11.2).", v, s.Year)
			} else {
				r.say("The sudden-death roll is %d: the game goes on (%d-6 would end it, §11.2).", v, rl.Threshold)
			}
		}
		if s.lastYear() {
			r.say("The last year: no shipping, no special events, and no contractors but assassins, bodyguards and the minder (§10.2).")
		}
		r.revenue()
		r.initiative()
		if s.lastYear() {
			r.lastYearOut()
		}
		x.Collusion = true
		r.say("The Collusion Phase follows: negotiate by press, and send deployments, exchanges and loans as orders (§2.3).")
		return
	}
	last := ""
	if s.lastYear() {
		last = " (the last year: no shipping, no special events)"
	}
	r.say("Year %d begins with the Cycle Turn%s.", s.Year, last)
	r.revenue()
	r.initiative()
}

// lastYearOut takes the contractors out of play after the last year's
// Revenue Phase: the police, the monks, the marines and the spy's
// detentions (§10.2, ST-A36); the minder stays.
func (r *run) lastYearOut() {
	s := r.s
	x := s.Underworld
	if x.Police == nil && x.Monks == nil && x.Marines == nil && !slices.ContainsFunc(s.Players, func(p Player) bool { return p.Detained > 0 }) {
		return
	}
	x.Police, x.Monks, x.Marines = nil, nil, nil
	for p := range s.Players {
		s.Players[p].Detained = 0
	}
	r.say("The police, the monks, the marines and the spy leave the board for the last year (§10.2).")
}

// pyramid is one trading pyramid (§4.1): two trading posts and a
// warehouse, and a factory for a factory pyramid (Factory -1 otherwise).
type pyramid struct {
	TPs      [2]int
	W        int
	Factory  int
	Serviced bool
	Value    int
}

// income is what a player would receive at a Revenue Phase now.
type income struct {
	Independent []int // trading posts not in a pyramid
	Pyramids    []pyramid
	Gross       int // the chart's sum
	Revenue     int // after the floor
	Fee         int // the Transport Company's fee
	FeeTo       int // its owner, -1 when waived
	Factories   int // the factories in pyramids
}

// income works out p's revenue (§2.3, §4.1, ST-G4): functioning trading
// posts, warehouses and factories (not closed by the customs inspector nor
// compromised) are put together in the pyramids that give the most after
// the Transport Company's fee (ST-A20); the floor applies to the chart's
// sum.
func (s *State) income(p int) income {
	d := s.d()
	rv := d.Revenue
	var tps, ws, fs []int
	for i, e := range s.Estabs {
		if e.Owner != p {
			continue
		}
		switch d.loc(i).Type {
		case typeTP:
			tps = append(tps, i)
		case typeWarehouse:
			if !e.Closed && !e.Compromised {
				ws = append(ws, i)
			}
		case typeFactory:
			if !e.Closed && !e.Compromised {
				fs = append(fs, i)
			}
		}
	}
	// Serviced warehouses first, each group in map order.
	sort.SliceStable(ws, func(a, b int) bool { return s.Estabs[ws[a]].Serviced && !s.Estabs[ws[b]].Serviced })
	nS := 0
	for _, w := range ws {
		if s.Estabs[w].Serviced {
			nS++
		}
	}
	nU := len(ws) - nS
	feeTo := s.ownerOfRole(roleTransport)
	fee := s.fee(feeTo, feeTransport, p, d.TransportFee)
	if feeTo == p || feeTo < 0 {
		feeTo, fee = -1, 0
	}
	best := income{Revenue: -1 << 30, FeeTo: -1}
	var bks, bku, bfs, bfu int
	for ks := 0; ks <= nS; ks++ {
		for ku := 0; ku <= nU; ku++ {
			k := ks + ku
			if 2*k > len(tps) {
				continue
			}
			for fS := 0; fS <= ks; fS++ {
				for fU := 0; fU <= ku && fS+fU <= len(fs); fU++ {
					gross := rv.TradingPost*(len(tps)-2*k) + (ks-fS)*rv.WarehouseServiced + fS*rv.FactoryServiced + (ku-fU)*rv.Warehouse + fU*rv.Factory
					net := max(gross, rv.Floor) - fee*(fS+fU)
					if net > best.Revenue-best.Fee {
						best = income{Gross: gross, Revenue: max(gross, rv.Floor), Fee: fee * (fS + fU), FeeTo: feeTo, Factories: fS + fU}
						bks, bku, bfs, bfu = ks, ku, fS, fU
					}
				}
			}
		}
	}
	if best.Fee == 0 {
		best.FeeTo = -1
	}
	// The pyramids: trading posts in map order, the chosen serviced and
	// unserviced warehouses, factories to the serviced ones first.
	chosen := append(slices.Clone(ws[:bks]), ws[nS:nS+bku]...)
	fi := 0
	for j, w := range chosen {
		py := pyramid{TPs: [2]int{tps[2*j], tps[2*j+1]}, W: w, Factory: -1, Serviced: s.Estabs[w].Serviced}
		if j < bks && j < bfs || j >= bks && j-bks < bfu {
			py.Factory = fs[fi]
			fi++
		}
		switch {
		case py.Factory >= 0 && py.Serviced:
			py.Value = rv.FactoryServiced
		case py.Factory >= 0:
			py.Value = rv.Factory
		case py.Serviced:
			py.Value = rv.WarehouseServiced
		default:
			py.Value = rv.Warehouse
		}
		best.Pyramids = append(best.Pyramids, py)
	}
	best.Independent = tps[2*len(chosen):]
	return best
}

// describe writes an income for the reports.
func (s *State) describeIncome(in income) string {
	d := s.d()
	var parts []string
	if n := len(in.Independent); n > 0 {
		parts = append(parts, fmt.Sprintf("%d independent trading %s (%s)", n, plural(n, "post", "posts"), money(n*d.Revenue.TradingPost)))
	}
	for _, py := range in.Pyramids {
		kind := "warehouse pyramid"
		elems := []string{d.locName(py.TPs[0]), d.locName(py.TPs[1]), d.locName(py.W)}
		if py.Factory >= 0 {
			kind = "factory pyramid"
			elems = append(elems, d.locName(py.Factory))
		}
		sv := "not serviced"
		if py.Serviced {
			sv = "serviced"
		}
		parts = append(parts, fmt.Sprintf("%s %s, %s (%s)", kind, strings.Join(elems, " + "), sv, money(py.Value)))
	}
	if len(parts) == 0 {
		parts = append(parts, "nothing")
	}
	t := strings.Join(parts, "; ")
	if in.Revenue > in.Gross {
		t += fmt.Sprintf("; raised to the %s floor", money(d.Revenue.Floor))
	}
	return t
}

// revenue is the Revenue Phase (§2.3, §4.1): each player in the city
// receives the chart's revenue and pays the Transport Company for each
// factory in a functioning pyramid; then ships' service ends and the
// customs inspector and the courtesans go (ST-A22, §3.3).
func (r *run) revenue() {
	s := r.s
	for _, p := range s.Order {
		me := &s.Players[p]
		in := s.income(p)
		r.say("Revenue: %s receives %s: %s.", me.Name, r.fromBank(p, in.Revenue, "revenue"), s.describeIncome(in))
		if in.Fee > 0 {
			n := in.Factories
			r.owe(p, in.FeeTo, in.Fee, "transport fee", fmt.Sprintf("the Transport Company's fee for %d %s (ST-G10)", n, plural(n, "factory", "factories")))
		}
	}
	if s.book().Deals {
		r.interest()
	}
	if s.book().Contractors {
		s.Underworld.Courtesans = nil
	}
	for i := range s.Estabs {
		e := &s.Estabs[i]
		e.Serviced, e.Closed, e.Compromised = false, false, false
	}
}

// interest pays the Currency Trader's owner 10% of his international
// account as cash from the bank (§8.2), rounded up to $5ooo; only he
// learns it, the sum telling his account.
func (r *run) interest() {
	s := r.s
	d := s.d()
	o := s.ownerOfRole(roleCurrency)
	if o < 0 || s.Players[o].Bank == 0 || d.Interest == 0 {
		return
	}
	n := d.ceilUnit(s.Players[o].Bank*d.Interest, 100)
	r.tell(o, "As owner of the %s you receive %d%% interest on your account: %s.", d.loc(d.role(roleCurrency)).Name, d.Interest, r.fromBank(o, n, "interest"))
}

// initiative is the Initiative Phase (§2.3, ST-A46): the most player and
// employee counters on the board goes first; ties are rolled off.
func (r *run) initiative() {
	s := r.s
	players := s.inCity()
	count := make([]int, len(s.Players))
	for _, p := range players {
		count[p] = s.counters(p)
	}
	rolls := r.rank(players, count)
	var parts []string
	for _, p := range s.Order {
		parts = append(parts, fmt.Sprintf("%s (%d)", s.Players[p].Name, count[p]))
	}
	t := "Initiative by counters on the board: " + strings.Join(parts, ", ")
	if rolls != "" {
		t += "; ties rolled off: " + rolls
	}
	s.Rolls = t + "."
	r.say("%s", s.Rolls)
}

// rank orders players by key, highest first, rolling off ties in seat
// order, again among those still tied (§2.3, §2.4); it sets the
// initiative order and returns the rolls in words.
func (r *run) rank(players []int, key []int) string {
	var rolls []string
	var roll func(group []int) []int
	roll = func(group []int) []int {
		if len(group) < 2 {
			return group
		}
		v := make([]int, len(r.s.Players))
		var words []string
		for _, p := range group {
			v[p] = r.die()
			words = append(words, fmt.Sprintf("%s %d", r.s.Players[p].Name, v[p]))
		}
		rolls = append(rolls, strings.Join(words, ", "))
		return r.order(group, v, roll)
	}
	r.s.Order = r.order(slices.Clone(players), key, roll)
	return strings.Join(rolls, "; then ")
}

// order sorts group by key, highest first, settling each tied group with
// tie (which returns it ordered).
func (r *run) order(group, key []int, tie func([]int) []int) []int {
	sort.SliceStable(group, func(a, b int) bool { return key[group[a]] > key[group[b]] })
	var out []int
	for i := 0; i < len(group); {
		j := i
		for j < len(group) && key[group[j]] == key[group[i]] {
			j++
		}
		out = append(out, tie(slices.Clone(group[i:j]))...)
		i = j
	}
	return out
}
