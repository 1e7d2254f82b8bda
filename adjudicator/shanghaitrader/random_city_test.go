package shanghaitrader

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"taipan/adjudicator/engine"
	"testing"
)

// partner is p's partner for random deals this year: seats paired 0-1,
// 2-3, 4-5 in odd years and 1-2, 3-4, 5-0 in even ones, when both are in
// the city; both sides compute the same pair from the public board.
func partner(s *State, p int) int {
	n := len(s.Players)
	q := p ^ 1
	if s.Year%2 == 0 {
		q = (p + 1) % n
		if p%2 == 1 {
			q = (p + n - 1) % n
		}
		if p == n-1 && n%2 == 1 || p == 0 && n%2 == 1 {
			return -1
		}
	}
	if q >= n || q == p || !s.Players[q].inCity() || !s.Players[p].inCity() {
		return -1
	}
	return q
}

// firstOwned is the first establishment p controls, or -1.
func firstOwned(s *State, p int, types ...string) int {
	for i, e := range s.Estabs {
		if e.Owner == p && (len(types) == 0 || strings.Contains(strings.Join(types, " "), s.d().loc(i).Type)) {
			return i
		}
	}
	return -1
}

// othersOwned lists the ids of establishments of the given types that
// others control.
func othersOwned(s *State, p int, types ...string) []string {
	var out []string
	for i, e := range s.Estabs {
		if e.Owner >= 0 && e.Owner != p && strings.Contains(strings.Join(types, " "), s.d().loc(i).Type) {
			out = append(out, s.d().loc(i).ID)
		}
	}
	return out
}

// randomCollusion is a random legal order file for the Collusion Phase:
// deployments for those who make them, and an exchange and a loan with
// this year's partner, which the partner mirrors.
func randomCollusion(s *State, p int, r *rand.Rand) []string {
	d := s.d()
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	inside := func() string {
		for {
			dist := d.Districts[r.IntN(len(d.Districts))]
			if dist.inside() {
				return dist.Name
			}
		}
	}
	if !s.contractorsOut() {
		if s.ownerOfRole(roleShanghaiClub) == p && !s.withdrawn(roleShanghaiClub) && r.IntN(3) > 0 {
			var ds []string
			for len(ds) < 1+r.IntN(3) {
				if n := inside(); n != "Bubbling Well Road" {
					ds = append(ds, n)
				}
			}
			add("- police: [%s]", strings.Join(ds, ", "))
		}
		if s.ownerOfRole(roleMonastery) == p && !s.withdrawn(roleMonastery) && r.IntN(3) > 0 {
			add("- monks: [%s, %s, %s]", inside(), inside(), inside())
		}
		if s.marinesOwner() == p && r.IntN(2) == 0 {
			ws := []string{"W-15a", "W-15b", "W-16a", "F-16a", "F-16b", "W-17a", "W-17b", "F-17a", "W-18a", "F-18a"}
			add("- marines: [%s, %s]", ws[r.IntN(len(ws))], ws[r.IntN(len(ws))])
		}
	}
	if s.minderOwner() == p && r.IntN(2) == 0 {
		q := s.inCity()[r.IntN(len(s.inCity()))]
		add("- minder: %s", s.Players[q].Name)
	}
	if q := partner(s, p); q >= 0 && r.IntN(2) == 0 {
		mine, theirs := firstOwned(s, p, typeTP, typeWarehouse, typeFactory), firstOwned(s, q, typeTP, typeWarehouse, typeFactory)
		var give, get []string
		if mine >= 0 {
			give = append(give, d.loc(mine).ID)
		}
		if theirs >= 0 {
			get = append(get, d.loc(theirs).ID)
		}
		// The lower seat pays $5ooo when it has it; the other side
		// cannot know, so such an exchange may not match.
		if p < q && s.Players[p].Cash >= 5 {
			give = append(give, "5")
		}
		if p > q {
			get = append(get, "5")
		}
		if len(give)+len(get) > 0 {
			add("- exchange: {with: %s, give: [%s], get: [%s]}", s.Players[q].Name, strings.Join(give, ", "), strings.Join(get, ", "))
		}
	}
	if len(lines) == 0 {
		add("- exchange: none")
	}
	return lines
}

// randomCityOrders is the part of a random Seasonal Turn's orders that
// version 2 adds: general and special contractors and the Bastille tab.
func randomCityOrders(s *State, p int, r *rand.Rand) []string {
	d := s.d()
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	var others []string
	for _, q := range s.inCity() {
		if q != p {
			others = append(others, s.Players[q].Name)
		}
	}
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	var hires []string
	if !s.contractorsOut() {
		if tps := othersOwned(s, p, typeTP); len(tps) > 0 && r.IntN(3) == 0 {
			hires = append(hires, fmt.Sprintf("{thug: [%s]}", pick(tps)))
		}
		if len(others) > 0 && r.IntN(3) == 0 {
			hires = append(hires, fmt.Sprintf("{mugger: [%s, any]}", pick(others)))
		}
		if wf := othersOwned(s, p, typeWarehouse, typeFactory); len(wf) > 0 {
			if r.IntN(2) == 0 {
				add("- tongs: [%s]", pick(wf))
			}
			if r.IntN(2) == 0 {
				add("- courtesan: [%s, %s]", pick(wf), pick(wf))
			}
		}
		if ws := othersOwned(s, p, typeWarehouse); len(ws) > 0 && s.canUse(p, roleCustoms, dealCustoms, "") == nil && r.IntN(2) == 0 {
			add("- raid: [%s]", pick(ws))
		}
		if len(others) > 0 && s.canUse(p, roleLido, dealLido, "") == nil && r.IntN(2) == 0 {
			add("- lido: %s", pick(others))
		}
		if len(others) > 0 && s.spyOwner() == p && !s.used(dealSpy) && r.IntN(2) == 0 {
			add("- spy: [%s]", pick(others))
		}
	}
	if r.IntN(4) == 0 {
		hires = append(hires, "{assassin: [any]}")
	}
	if len(hires) > 0 {
		add("- hire: [%s]", strings.Join(hires, ", "))
	}
	if s.ownerOfRole(roleFrenchClub) == p && s.eventYear() && d.Events[s.Season].Racket == roleFrenchClub && len(others) > 0 && r.IntN(2) == 0 {
		add("- tab: {%s: %d}", pick(others), 5*(1+r.IntN(10)))
	}
	return lines
}

// randomDeals are random standing deals and loans, for any step of
// version 2: the loans go to this year's partner, who mirrors them.
func randomDeals(s *State, p int, r *rand.Rand) []string {
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	if r.IntN(4) == 0 {
		add("- roulette: %d", 10+5*r.IntN(9))
	}
	if r.IntN(5) == 0 {
		add("- picnic: %s", []string{"race", "withdraw", "withdraw if pool >= 60"}[r.IntN(3)])
	}
	if r.IntN(6) == 0 {
		add("- extort: %s", []string{"on", "off"}[r.IntN(2)])
	}
	if r.IntN(6) == 0 {
		add("- fees: {fine: %d, commission: %d, gala: {any: %d}}", 5*r.IntN(2), r.IntN(11), 5*r.IntN(5))
	}
	if r.IntN(8) == 0 {
		add("- refund: {roulette: %d, picnic: %d}", 10*r.IntN(11), 50*r.IntN(3))
	}
	if r.IntN(4) == 0 {
		add("- offer: {lido: %d, customs: %d, spy: %d, inspector: %d, courtesan: %d}", 5*r.IntN(8), 5*r.IntN(8), 5*r.IntN(8), 5*r.IntN(8), 5*r.IntN(8))
	}
	if r.IntN(4) == 0 {
		add("- ask: {lido: %d, customs: %d, spy: %d, inspector: %d, courtesan: %d}", 5*r.IntN(8), 5*r.IntN(8), 5*r.IntN(8), 5*r.IntN(8), 5*r.IntN(8))
	}
	if q := partner(s, p); q >= 0 {
		if r.IntN(5) == 0 {
			add("- credit: {to: {%s: %d}, from: {%s: %d}}", s.Players[q].Name, 5*(1+r.IntN(10)), s.Players[q].Name, 5*(1+r.IntN(10)))
		}
		// The lower seat lends $10ooo in odd steps' winter and collusion,
		// when it has it; the higher borrows.
		if s.Season == 0 && r.IntN(2) == 0 {
			if p < q && s.Players[p].Cash >= 10 {
				add("- lend: {%s: 10}", s.Players[q].Name)
			}
			if p > q {
				add("- borrow: {%s: 10}", s.Players[q].Name)
			}
		}
	}
	return lines
}

// checkContractors fails unless the contractors of part 2 are within
// their limits and where the rules allow them.
func checkContractors(t *testing.T, s *State) {
	t.Helper()
	d := s.d()
	x := s.Underworld
	bwr := d.distOf(d.role(roleMonastery))
	switch {
	case len(x.Police) != 0 && len(x.Police) != d.Police.Count:
		t.Fatalf("%d police on the board", len(x.Police))
	case len(x.Monks) > d.Monks.Count, len(x.Marines) > d.Marines.Count:
		t.Fatalf("monks %v, marines %v", x.Monks, x.Marines)
	case slices.Contains(x.Police, bwr):
		t.Fatalf("police in Bubbling Well Road")
	case slices.ContainsFunc(x.Monks, func(m int) bool { return slices.Contains(x.Police, m) }):
		t.Fatalf("monks %v where the police %v are", x.Monks, x.Police)
	case len(x.Police) > 0 && s.ownerOfRole(roleShanghaiClub) < 0, len(x.Monks) > 0 && s.ownerOfRole(roleMonastery) < 0:
		t.Fatalf("police %v or monks %v of an uncontrolled racket", x.Police, x.Monks)
	case s.lastYear() && !x.Collusion && (len(x.Police)+len(x.Monks)+len(x.Marines) > 0):
		t.Fatalf("contractors in the last year: %v %v %v", x.Police, x.Monks, x.Marines)
	case x.Minder >= 0 && !s.Players[x.Minder].inCity():
		t.Fatalf("the minder protects %s, out of the city", s.Players[x.Minder].Name)
	case x.Lido >= 0 && (!s.Players[x.Lido].inCity() || s.ownerOfRole(roleLido) < 0):
		t.Fatalf("the Lido Courtesan races %d", x.Lido)
	}
	closed, compromised := 0, 0
	for i, e := range s.Estabs {
		if e.Closed {
			closed++
			if d.loc(i).Type != typeWarehouse {
				t.Fatalf("the inspector on %s", d.loc(i).ID)
			}
		}
		if e.Compromised {
			compromised++
		}
		if (e.Closed || e.Compromised) && e.Owner < 0 {
			t.Fatalf("a marker on uncontrolled %s", d.loc(i).ID)
		}
	}
	if closed > 1 || compromised > d.Courtesan.Count || len(x.Courtesans) != compromised {
		t.Fatalf("%d warehouses closed, %d compromised (%d courtesans listed)", closed, compromised, len(x.Courtesans))
	}
	for _, p := range s.Players {
		if p.Detained > 0 && p.At != d.consul {
			t.Fatalf("%s detained away from the Consulates", p.Name)
		}
	}
	for _, l := range x.Loans {
		if l.N <= 0 || l.From == l.To {
			t.Fatalf("loan %+v", l)
		}
	}
}

// figures counts what random games did, by the words of the happenings.
type figures struct {
	counts map[string]int
}

// figureWords are the happenings counted, by a phrase each has.
var figureWords = []struct{ name, phrase string }{
	{"collusion phases", "The Collusion Phase of year"},
	{"police deployments", "places the police"},
	{"monk deployments", "places the monks"},
	{"marine deployments", "places the Japanese marines"},
	{"minder leases", "leases the White Russian minder"},
	{"exchanges", "Exchange:"},
	{"loans", "(§9.1)."},
	{"credit used", "On the line of credit"},
	{"deals struck", "strike a deal"},
	{"galas", "Gala Performance at"},
	{"roulettes", "Roulette Rouble at"},
	{"bastille days", "Bastille Day Bash at"},
	{"picnic races", "Picnic Races at"},
	{"thugs", "hires a thug"},
	{"muggers", "hires a mugger"},
	{"assassins", "hires an assassin"},
	{"tongs", "hires the Tongs"},
	{"courtesans", "hires a courtesan"},
	{"raids", "sends the customs inspector"},
	{"lido courtesans", "sends the Lido Courtesan"},
	{"scandals", "A sex scandal!"},
	{"spies", "'s spy targets"},
	{"extortions", "monks' protection"},
	{"minder saves", "the minder dies"},
	{"sudden deaths", "is the last year; the game ends"},
	{"auctions", "Auction of"},
	{"racket losses", "the racketeer of the"},
	{"withdrawals", "withdrawn until next year"},
}

func (f *figures) add(hs []engine.Happening) {
	if f == nil {
		return
	}
	if f.counts == nil {
		f.counts = map[string]int{}
	}
	for _, h := range hs {
		for _, w := range figureWords {
			if strings.Contains(h.Text, w.phrase) {
				f.counts[w.name]++
			}
		}
	}
}

func (f *figures) String() string {
	var parts []string
	for _, w := range figureWords {
		parts = append(parts, fmt.Sprintf("%s %d", w.name, f.counts[w.name]))
	}
	return strings.Join(parts, ", ")
}

// randomSetup is a random position at the start of year 2: each
// district of the Settlement held by a random player, or by none, with its
// racket (the Shanghai Club too), and the warehouses and factories shared
// out; so that random games see every racket at work.
func randomSetup(players []string, r *rand.Rand) string {
	owners := map[string]string{}
	for _, dist := range data.Districts {
		k := r.IntN(len(players) + 2)
		for _, l := range dist.Locations {
			if !buyable(l.Type) {
				continue
			}
			switch {
			case dist.inside() && k < len(players):
				owners[l.ID] = players[k]
			case !dist.inside() && r.IntN(2) == 0:
				owners[l.ID] = players[r.IntN(len(players))]
			}
		}
	}
	// The exclusive rackets go only to their nationality (§11.4): the
	// players take the first nationalities in seat order.
	nat := map[string]string{}
	for i, p := range players {
		nat[p] = data.Nationalities[i]
	}
	for _, l := range data.locs {
		if n, ok := data.Exclusive[l.Role]; ok && owners[l.ID] != "" && nat[owners[l.ID]] != n {
			delete(owners, l.ID)
		}
	}
	b, _ := json.Marshal(map[string]any{"year": 2, "season": "winter", "owners": owners, "nationalities": nat})
	return string(b)
}
