package shanghaitrader

import (
	"fmt"
	"slices"
	"strings"
)

// The readings of the contractors' orders (§3.3): hire, and the
// racket's special contractors (§6.2, §7.4, §7.5) and the spy (§11.4).

// readHire reads hire: one general contractor a turn, ranked — thug, mugger
// or assassin (§3.3).
func (s *State) readHire(p int, pl *plan, verb string, v any) error {
	x := pl.makeCity()
	return s.parseHires(p, x, v)
}

// hireKinds are the general contractors (§3.3).
var hireKinds = []string{"thug", "mugger", "assassin"}

// parseHires reads a general contractor, {KIND: TARGETS, if: COND}, or a
// ranked list of them: the first that can be carried out is hired (one a
// turn, §3.3).
func (s *State) parseHires(p int, x *cityOrders, v any) error {
	if isNone(v) {
		return nil
	}
	list, ok := asList(v)
	if !ok {
		list = []any{v}
	}
	for _, e := range list {
		h, err := s.parseContractor(p, e)
		if err != nil {
			return err
		}
		x.Hires = append(x.Hires, *h)
	}
	return nil
}

// parseContractor reads {thug|mugger|assassin: TARGETS, if: COND}.
func (s *State) parseContractor(p int, v any) (*hireOrder, error) {
	d := s.d()
	m, ok := v.(mapping)
	if !ok {
		if t, isText := text(v); isText {
			if f := strings.Fields(t); len(f) >= 2 {
				m = mapping{{f[0], strings.Join(f[1:], " ")}}
			}
		}
	}
	if m == nil {
		return nil, fmt.Errorf("write {thug: TRADING POSTS}, {mugger: PLAYERS} or {assassin: PLAYERS}, or a ranked list of them")
	}
	h := &hireOrder{}
	for _, e := range m {
		k := e.key
		kind := strings.ToLower(k)
		if kind == "if" {
			t, _ := text(e.val)
			c, err := s.parseCond(p, t)
			if err != nil {
				return nil, err
			}
			h.If = c
			continue
		}
		if !slices.Contains(hireKinds, kind) {
			return nil, fmt.Errorf("%q is not a general contractor: thug, mugger or assassin (§3.3)", k)
		}
		if h.Kind != "" {
			return nil, fmt.Errorf("you may hire one general contractor a turn (§3.3); give a ranked list to choose")
		}
		if kind != "assassin" && s.contractorsOut() {
			return nil, fmt.Errorf("in the last year all contractors but assassins, bodyguards and the minder are out of play (§10.2)")
		}
		h.Kind = kind
		ts, ok := texts(e.val)
		if !ok || len(ts) == 0 {
			return nil, fmt.Errorf("name the target, or a ranked list of targets")
		}
		for _, entry := range ts {
			t, cs, has := cutIf(entry)
			c, err := s.optCond(p, cs, has)
			if err != nil {
				return nil, err
			}
			h.Ifs = append(h.Ifs, c)
			switch {
			case kind == "thug":
				i, ok := d.findLoc(t)
				if !ok || d.loc(i).Type != typeTP {
					return nil, fmt.Errorf("%q is not a trading post: thugs kill coolies (§3.3)", t)
				}
				if s.owns(p, i) {
					return nil, fmt.Errorf("%s is your own", d.locName(i))
				}
				h.Targets = append(h.Targets, i)
			case strings.EqualFold(t, "any"):
				h.Targets = append(h.Targets, -1)
			default:
				q, err := s.otherPlayer(p, t)
				if err != nil {
					return nil, err
				}
				if kind == "assassin" {
					if err := s.assassinTarget(p, q); err != nil {
						return nil, err
					}
				}
				h.Targets = append(h.Targets, q)
			}
		}
	}
	if h.Kind == "" {
		return nil, fmt.Errorf("name the contractor: thug, mugger or assassin")
	}
	return h, nil
}

// readAssassin reads hire as version 1 does: an assassin, the only general
// contractor it plays (§3.3).
func (s *State) readAssassin(p int, pl *plan, verb string, v any) error {
	h, err := s.parseHire(p, v)
	pl.Hire = h
	return err
}

// parseHire reads {assassin: [bob, any], if: COND}.
func (s *State) parseHire(p int, v any) (*hireOrder, error) {
	m, ok := v.(mapping)
	if !ok {
		if t, isText := text(v); isText {
			f := strings.Fields(t)
			if len(f) >= 2 {
				m = mapping{{f[0], strings.Join(f[1:], " ")}}
			}
		}
	}
	if m == nil {
		return nil, fmt.Errorf("write {assassin: TARGETS} (a player or a ranked list; any for any target)")
	}
	h := &hireOrder{}
	for _, e := range m {
		k := e.key
		switch kind := strings.ToLower(k); kind {
		case "if":
			t, _ := text(e.val)
			c, err := s.parseCond(p, t)
			if err != nil {
				return nil, err
			}
			h.If = c
		case "assassin":
			if h.Kind != "" {
				return nil, fmt.Errorf("you may hire one general contractor a turn (§3.3)")
			}
			h.Kind = kind
			ts, ok := texts(e.val)
			if !ok || len(ts) == 0 {
				return nil, fmt.Errorf("name the target, or a ranked list of targets")
			}
			for _, t := range ts {
				if strings.EqualFold(t, "any") {
					h.Targets = append(h.Targets, -1)
					continue
				}
				q := s.seatFold(t)
				if q < 0 {
					return nil, fmt.Errorf("%q is not a player%s", t, s.playerHint(t))
				}
				if err := s.assassinTarget(p, q); err != nil {
					return nil, err
				}
				h.Targets = append(h.Targets, q)
			}
		case "thug", "mugger":
			return nil, fmt.Errorf("%ss are not adjudicated by this engine version (%s); hire an assassin", kind, Version)
		default:
			return nil, fmt.Errorf("%q is not a general contractor; the contractor is assassin", k)
		}
	}
	if h.Kind == "" {
		return nil, fmt.Errorf("name the contractor: {assassin: TARGETS}")
	}
	return h, nil
}

// assassinTarget refuses a target that cannot be at the airfield when p
// hires: assassins act only there, against passport holders, never at the
// Consulates (§3.3); a target who moves after p this turn is still where
// he is now.
func (s *State) assassinTarget(p, q int) error {
	t := &s.Players[q]
	switch {
	case q == p:
		return fmt.Errorf("not yourself")
	case !t.inCity():
		return fmt.Errorf("%s is no longer in Shanghai", t.Name)
	case !t.Passport:
		return fmt.Errorf("%s holds no passport: assassins only strike escaping players at the airfield (§3.3)", t.Name)
	case t.At != s.d().airfield && s.rank(q) > s.rank(p):
		return fmt.Errorf("%s is not at the airfield and moves after you this turn: assassins cannot be used against a player in the International Consulates (§3.3)", t.Name)
	}
	return nil
}

// readDenContractor reads tongs and courtesan: the warehouses or factories
// the Terror of the Tongs loots or a courtesan compromises, after a
// voluntary move there (§7.4, §7.5).
func (s *State) readDenContractor(p int, pl *plan, verb string, v any) error {
	d := s.d()
	x := pl.makeCity()
	if s.contractorsOut() {
		return fmt.Errorf("in the last year all contractors but assassins, bodyguards and the minder are out of play (§10.2)")
	}
	list := &x.Tongs
	if verb == verbCourtesan {
		list = &x.Courtesan
	}
	return s.each(p, v, true, true, "list the warehouses or factories to target, each with an optional if CONDITION", func(what, _ string, c cond) error {
		i, ok := d.findLoc(what)
		if !ok || (d.loc(i).Type != typeWarehouse && d.loc(i).Type != typeFactory) {
			return fmt.Errorf("%q is not a warehouse or factory (§3.3)", what)
		}
		if s.owns(p, i) {
			return fmt.Errorf("%s is your own", d.locName(i))
		}
		*list = append(*list, target{Who: i, If: c})
		return nil
	})
}

// readRaid reads raid: the warehouses the Customs Swindle's inspector
// raids, once a year (§6.2, §3.3).
func (s *State) readRaid(p int, pl *plan, verb string, v any) error {
	d := s.d()
	x := pl.makeCity()
	if err := s.canUse(p, roleCustoms, dealCustoms, "the customs inspector"); err != nil {
		return err
	}
	return s.each(p, v, true, true, "list the warehouses to raid, each with an optional if CONDITION", func(what, _ string, c cond) error {
		i, ok := d.findLoc(what)
		if !ok || d.loc(i).Type != typeWarehouse {
			return fmt.Errorf("%q is not a warehouse: the inspector raids warehouses (§3.3)", what)
		}
		if s.owns(p, i) {
			return fmt.Errorf("%s is your own", d.locName(i))
		}
		x.Raid = append(x.Raid, target{Who: i, If: c})
		return nil
	})
}

// readRaceOrSpy reads lido and spy: the player the Lido Courtesan races to
// the Daily Mail (§6.2, ST-G9) or the German spy detains (§11.4), once a
// year.
func (s *State) readRaceOrSpy(p int, pl *plan, verb string, v any) error {
	x := pl.makeCity()
	list := &x.Lido
	if verb == verbSpy {
		list = &x.Spy
		if s.spyOwner() != p {
			return fmt.Errorf("the spy is the German player's, in the advanced game (§11.4)")
		}
		if s.contractorsOut() {
			return fmt.Errorf("in the last year the spy is out of play (§10.2)")
		}
		if s.used(dealSpy) {
			return fmt.Errorf("the spy can be used once a year (§11.4); he has been")
		}
	} else if err := s.canUse(p, roleLido, dealLido, "the Lido Courtesan"); err != nil {
		return err
	}
	return s.each(p, v, true, true, "name the target, or a ranked list of players, each with an optional if CONDITION", func(what, _ string, c cond) error {
		q, err := s.otherPlayer(p, what)
		if err != nil {
			return err
		}
		*list = append(*list, target{Who: q, If: c})
		return nil
	})
}

// canUse refuses a racket's once-a-year contractor to p unless p controls
// the racket of role, and the contractor is in play and unused.
func (s *State) canUse(p int, role, kind, what string) error {
	d := s.d()
	i := d.role(role)
	switch {
	case i < 0 || s.Estabs[i].Owner != p:
		return fmt.Errorf("%s is controlled by the owner of the %s (§3.3)", what, d.loc(i).Name)
	case s.contractorsOut():
		return fmt.Errorf("in the last year %s is out of play (§10.2)", what)
	case s.used(kind):
		return fmt.Errorf("%s can be used once a year (§3.3); she or he has been", what)
	case s.withdrawn(role):
		return fmt.Errorf("%s was withdrawn when the %s changed hands and cannot be used until next year (§3.3)", what, d.loc(i).Name)
	}
	return nil
}

// otherPlayer reads another player in the city.
func (s *State) otherPlayer(p int, t string) (int, error) {
	q := s.seatFold(t)
	switch {
	case q < 0:
		return -1, fmt.Errorf("%q is not a player%s", t, s.playerHint(t))
	case q == p:
		return -1, fmt.Errorf("not yourself")
	case !s.Players[q].inCity():
		return -1, fmt.Errorf("%s is no longer in Shanghai", s.Players[q].Name)
	}
	return q, nil
}
