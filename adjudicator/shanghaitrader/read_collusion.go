package shanghaitrader

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The readings of the Collusion Phase's orders (§2.2): the police's and
// the monks' deployments (§3.3), the marines and the minder (§11.4), and
// the exchanges.

// readDeployment reads police and monks: where the Shanghai Club's police
// and the Monastery's monks are deployed in the Collusion Phase (§3.3,
// §2.2).
func (s *State) readDeployment(p int, pl *plan, verb string, v any) error {
	d := s.d()
	x := pl.makeCity()
	role, who := roleShanghaiClub, "the Shanghai Club's police"
	if verb == verbMonks {
		role, who = roleMonastery, "the Monastery's monks"
	}
	if s.ownerOfRole(role) != p {
		return fmt.Errorf("only the owner of the %s deploys %s (§2.3)", d.loc(d.role(role)).Name, who)
	}
	if s.contractorsOut() {
		return fmt.Errorf("in the last year %s are out of play (§10.2)", who)
	}
	return s.each(p, v, false, false, "list the districts of the International Settlement, one for each", func(t, _ string, _ cond) error {
		i, ok := d.findDistrict(t)
		switch {
		case !ok || !d.Districts[i].inside():
			return fmt.Errorf("%q is not a district of the International Settlement (§3.3)", t)
		case verb == verbPolice && i == d.distOf(d.role(roleMonastery)):
			return fmt.Errorf("the police are placed anywhere in the Settlement \"except Bubbling Well Road\" (§3.3)")
		case verb == verbPolice && len(x.Police) >= d.Police.Count:
			return fmt.Errorf("there are %d police counters", d.Police.Count)
		}
		if verb == verbPolice {
			x.Police = append(x.Police, i)
		} else {
			x.Monks = append(x.Monks, i)
		}
		return nil
	})
}

// readMarines reads marines: the warehouses and factories the Japanese
// marines guard (§11.4).
func (s *State) readMarines(p int, pl *plan, verb string, v any) error {
	d := s.d()
	x := pl.makeCity()
	if s.marinesOwner() != p {
		return fmt.Errorf("the marines are the Japanese player's, in the advanced game (§11.4)")
	}
	if s.contractorsOut() {
		return fmt.Errorf("in the last year the marines are out of play (§10.2)")
	}
	return s.each(p, v, false, false, "list the warehouses or factories of the dock districts they guard", func(t, _ string, _ cond) error {
		i, ok := d.findLoc(t)
		switch {
		case !ok || (d.loc(i).Type != typeWarehouse && d.loc(i).Type != typeFactory) || !d.district(i).Dock:
			return fmt.Errorf("%q is not a warehouse or factory of the four dock districts (§11.4)", t)
		case len(x.Marines) >= d.Marines.Count:
			return fmt.Errorf("there are %d marine detachments", d.Marines.Count)
		}
		x.Marines = append(x.Marines, i)
		return nil
	})
}

// readMinder reads minder: who the White Russian minder protects this year
// (§11.4).
func (s *State) readMinder(p int, pl *plan, verb string, v any) error {
	x := pl.makeCity()
	if s.minderOwner() != p {
		return fmt.Errorf("the minder is the White Russian player's, in the advanced game (§11.4)")
	}
	t, _ := text(v)
	q := s.seatFold(t)
	if strings.EqualFold(t, "me") || strings.EqualFold(t, "self") {
		q = p
	}
	if q < 0 || !s.Players[q].inCity() {
		return fmt.Errorf("%q is not a player in the city", t)
	}
	x.Minder = q
	return nil
}

// readExchange reads exchange: a transfer in the Collusion Phase's Exchange
// Segment (§2.2).
func (s *State) readExchange(p int, pl *plan, verb string, v any) error {
	x := pl.makeCity()
	return s.parseExchanges(p, x, v)
}

// parseExchanges reads exchange: {with: PLAYER, give: [...], get: [...]},
// a list of them, or none. Items are establishments and sums of cash.
func (s *State) parseExchanges(p int, x *cityOrders, v any) error {
	d := s.d()
	if isNone(v) {
		return nil
	}
	list, ok := asList(v)
	if !ok {
		list = []any{v}
	}
	usage := "write {with: PLAYER, give: [ESTABLISHMENTS and cash], get: [...]}"
	cash := 0
	for _, e := range list {
		m, ok := e.(mapping)
		if !ok {
			return fmt.Errorf("%s", usage)
		}
		var ex exchange
		var parts []string
		for _, e := range m {
			k := e.key
			switch strings.ToLower(k) {
			case "with":
				t, _ := text(e.val)
				q, err := s.otherPlayer(p, t)
				if err != nil {
					return err
				}
				ex.With = q + 1
			case "give", "get":
				give := strings.EqualFold(k, "give")
				if isNone(e.val) {
					continue
				}
				ts, ok := texts(e.val)
				if !ok {
					return fmt.Errorf("%s: list establishments and sums of cash", k)
				}
				for _, t := range ts {
					num := strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(t), "cash"), " ")
					if n, err := strconv.Atoi(strings.TrimPrefix(num, "$")); err == nil {
						if n <= 0 || n%d.Unit != 0 || n > 1e6 {
							return fmt.Errorf("%s: cash is a positive multiple of $%dooo", k, d.Unit)
						}
						if give {
							ex.GiveCash += n
						} else {
							ex.GetCash += n
						}
						continue
					}
					i, ok := d.findLoc(t)
					if !ok || !buyable(d.loc(i).Type) {
						return fmt.Errorf("%s: %q is neither an establishment nor a sum of cash", k, t)
					}
					if give {
						ex.Give = append(ex.Give, i)
					} else {
						ex.Get = append(ex.Get, i)
					}
				}
			default:
				return fmt.Errorf("exchange: the keys are with, give and get, not %q", k)
			}
		}
		if ex.With == 0 {
			return fmt.Errorf("exchange: name the other player (with:)")
		}
		ex.With--
		q := ex.With
		for _, i := range ex.Give {
			switch {
			case !s.owns(p, i):
				return fmt.Errorf("you do not control %s", d.locName(i))
			case d.loc(i).Type == typeRacket && s.exclusive(i):
				return fmt.Errorf("control of the %s can never be transferred (§11.4)", d.loc(i).Name)
			}
		}
		for _, i := range ex.Get {
			switch {
			case !s.owns(q, i):
				return fmt.Errorf("%s does not control %s", s.Players[q].Name, d.locName(i))
			case d.loc(i).Type == typeRacket && s.exclusive(i):
				return fmt.Errorf("control of the %s can never be transferred (§11.4)", d.loc(i).Name)
			}
		}
		if len(ex.Give)+len(ex.Get) == 0 && ex.GiveCash+ex.GetCash == 0 {
			return fmt.Errorf("exchange with %s: nothing changes hands", s.Players[q].Name)
		}
		slices.Sort(ex.Give)
		slices.Sort(ex.Get)
		if slices.ContainsFunc(x.Exchanges, func(o exchange) bool { return o.With == q }) {
			return fmt.Errorf("one exchange with %s: put everything in it", s.Players[q].Name)
		}
		cash += ex.GiveCash
		for _, i := range ex.Give {
			parts = append(parts, d.locName(i))
		}
		if ex.GiveCash > 0 {
			parts = append(parts, money(ex.GiveCash))
		}
		what := strings.Join(parts, " and ")
		parts = nil
		for _, i := range ex.Get {
			parts = append(parts, d.locName(i))
		}
		if ex.GetCash > 0 {
			parts = append(parts, money(ex.GetCash))
		}
		if what == "" {
			what = "nothing"
		}
		if len(parts) == 0 {
			parts = []string{"nothing"}
		}
		ex.Text = fmt.Sprintf("%s for %s", what, strings.Join(parts, " and "))
		x.Exchanges = append(x.Exchanges, ex)
	}
	if cash > s.Players[p].Cash {
		return fmt.Errorf("you have %s in cash to give", money(s.Players[p].Cash))
	}
	return nil
}
