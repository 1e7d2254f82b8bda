package shanghaitrader

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"taipan/adjudicator"
)

// Layout is the optional fixed position (campaign key setup), for
// transcribed games and tests. Every key is optional: without any, the
// game starts as §2.1 says. A position is the start of the given season's
// step: for a later year, that year's Cycle Turn is taken as done.
type Layout struct {
	Year   int    `json:"year"`   // default 1
	Season string `json:"season"` // default winter
	// Nationalities fixes players' nationalities (also players.NAME.
	// nationality); the others are drawn from the cup (ST-A4).
	Nationalities map[string]string `json:"nationalities"`
	// Initiative is the order of the players in the city, first first;
	// without it the year's initiative is rolled (year 1) or counted.
	Initiative []string               `json:"initiative"`
	Players    map[string]PlayerSetup `json:"players"`
	// Owners gives establishments to players (also players.NAME.owns).
	Owners      map[string]string   `json:"owners"`
	Serviced    []string            `json:"serviced"`    // serviced warehouses
	Closed      []string            `json:"closed"`      // under the customs inspector
	Compromised []string            `json:"compromised"` // under a courtesan
	Allow       map[string][]string `json:"allow"`       // racket → players its owner lets in
	// ShipRoll is this year's Shipping Table roll, when the position is
	// after this year's winter shipping.
	ShipRoll int `json:"ship_roll"`
	// Dice are die rolls to use, in order, before the random stream: the
	// way to replay a face-to-face game's dice, or to script a test.
	Dice []int `json:"dice"`
}

// PlayerSetup is one player's part of a Layout.
type PlayerSetup struct {
	Nationality string `json:"nationality"`
	Cash        *int   `json:"cash"` // default $100ooo
	Bank        *int   `json:"bank"`
	At          string `json:"at"`       // a location (default the Consulates)
	Location    string `json:"location"` // the same as at
	// District places the player in a district of one location (Garden
	// Bridge); elsewhere name the location with at.
	District   string   `json:"district"`
	Owns       []string `json:"owns"`
	Passport   bool     `json:"passport"`
	Bodyguards int      `json:"bodyguards"` // at the airfield
	Hooked     bool     `json:"hooked"`     // in the Opium Dens
	Shanghaied bool     `json:"shanghaied"` // in Old Chinatown
	// Out: escaped or assassinated (out of the city); Escaped: true is
	// the same as out: escaped.
	Out     string         `json:"out"`
	Escaped bool           `json:"escaped"`
	Sell    []string       `json:"sell"`
	Bids    map[string]int `json:"bids"`
}

// Setup seats the players: nationalities from the cup, counters at Garden
// Bridge, $100ooo each, and the year-1 initiative by die roll (§2.1,
// §2.4), or the position of setup.
func (Engine) Setup(cfg adjudicator.Config, rng *adjudicator.Rand) (adjudicator.State, error) {
	n := len(cfg.Players)
	if n < 3 || n > 6 {
		return nil, fmt.Errorf("the game is for 3 to 6 players, not %d (§1.1: Shanghai Trader \"can be played by 3-6 players\")", n)
	}
	seen := map[string]bool{}
	for _, p := range cfg.Players {
		if strings.TrimSpace(p) == "" || seen[norm(p)] || norm(p) == "me" || norm(p) == "any" {
			return nil, fmt.Errorf("player names must be distinct (ignoring case), not empty, not me or any: %q", p)
		}
		seen[norm(p)] = true
	}
	var opt Options
	if err := adjudicator.DecodeStrict(cfg.Options, &opt); err != nil {
		return nil, fmt.Errorf("options: %v (the option is data)", err)
	}
	s := &State{Year: 1}
	if opt.Data != nil {
		raw, err := json.Marshal(opt.Data)
		if err != nil {
			return nil, fmt.Errorf("options: data: %v", err)
		}
		if s.Custom, err = customData(raw); err != nil {
			return nil, fmt.Errorf("options: %v", err)
		}
	}
	d := s.d()
	var lay Layout
	if err := adjudicator.DecodeStrict(cfg.Setup, &lay); err != nil {
		return nil, fmt.Errorf("setup: %v (the keys are year, season, nationalities, initiative, players, owners, serviced, closed, compromised, allow, ship_roll and dice)", err)
	}
	s.LastYear = d.Years[n-3]
	for _, name := range cfg.Players {
		s.Players = append(s.Players, Player{Name: name, Cash: d.StartCash, At: d.consul})
	}
	s.Estabs = make(estabs, len(d.locs))
	for i := range s.Estabs {
		s.Estabs[i].Owner = -1
	}
	if err := s.layout(&lay); err != nil {
		return nil, fmt.Errorf("setup: %v", err)
	}
	if err := s.drawNationalities(lay, rng); err != nil {
		return nil, fmt.Errorf("setup: %v", err)
	}
	s.Issued = s.total()
	r := &run{s: s, rng: rng}
	switch {
	case lay.Initiative != nil:
		var order []int
		for _, name := range lay.Initiative {
			p := s.seat(name)
			if p < 0 || !s.Players[p].inCity() || slices.Contains(order, p) {
				return nil, fmt.Errorf("setup: initiative: %q is not a player in the city, or is listed twice", name)
			}
			order = append(order, p)
		}
		if len(order) != len(s.inCity()) {
			return nil, fmt.Errorf("setup: initiative: list every player in the city once")
		}
		s.Order = order
	case s.Year == 1:
		// §2.4: "initiative is determined by each player rolling a die".
		s.Rolls = "Initiative for year 1 by die roll: " + r.rank(s.inCity(), make([]int, n)) + "."
	default:
		r.initiative()
	}
	if len(s.inCity()) == 0 {
		return nil, fmt.Errorf("setup: nobody is left in the city")
	}
	return s, nil
}

// layout applies a fixed position.
func (s *State) layout(lay *Layout) error {
	d := s.d()
	if lay.Year != 0 {
		if lay.Year < 1 || lay.Year > s.LastYear {
			return fmt.Errorf("year: 1 to %d", s.LastYear)
		}
		s.Year = lay.Year
	}
	if lay.Season != "" {
		i := slices.Index(d.Seasons, strings.ToLower(lay.Season))
		if i < 0 {
			return fmt.Errorf("season: one of %s", strings.Join(d.Seasons, ", "))
		}
		s.Season = i
	}
	if lay.ShipRoll != 0 {
		if lay.ShipRoll < 1 || lay.ShipRoll > 6 || !s.shippingYear() || s.Season == 0 {
			return fmt.Errorf("ship_roll: a roll 1-6, in a year with shipping, after its winter")
		}
		s.ShipRoll = lay.ShipRoll
	}
	for _, v := range lay.Dice {
		if v < 1 || v > 6 {
			return fmt.Errorf("dice: %d is not a roll of a die", v)
		}
	}
	s.Dice = slices.Clone(lay.Dice)
	estab := func(name, what string) (int, error) {
		i, ok := d.findLoc(name)
		if !ok || !buyable(d.loc(i).Type) {
			return 0, fmt.Errorf("%s: %q is not an establishment", what, name)
		}
		return i, nil
	}
	owner := func(i int, name, what string) error {
		p := s.seat(name)
		if p < 0 {
			return fmt.Errorf("%s: %q is not a player", what, name)
		}
		if o := s.Estabs[i].Owner; o >= 0 && o != p {
			return fmt.Errorf("%s: %s is given to %s and %s", what, d.locName(i), s.Players[o].Name, name)
		}
		s.Estabs[i].Owner = p
		return nil
	}
	for _, name := range slices.Sorted(maps.Keys(lay.Owners)) {
		i, err := estab(name, "owners")
		if err != nil {
			return err
		}
		if err := owner(i, lay.Owners[name], "owners"); err != nil {
			return err
		}
	}
	for _, name := range slices.Sorted(maps.Keys(lay.Players)) {
		p := s.seat(name)
		if p < 0 {
			return fmt.Errorf("players: %q is not a player", name)
		}
		ps := lay.Players[name]
		me := &s.Players[p]
		if ps.Cash != nil {
			me.Cash = *ps.Cash
		}
		if ps.Bank != nil {
			me.Bank = *ps.Bank
		}
		if me.Cash < 0 || me.Bank < 0 {
			return fmt.Errorf("players: %s: cash and bank cannot be negative", name)
		}
		for _, e := range ps.Owns {
			i, err := estab(e, "players: "+name+": owns")
			if err != nil {
				return err
			}
			if err := owner(i, name, "players: "+name+": owns"); err != nil {
				return err
			}
		}
		at := ps.At
		for _, alt := range []string{ps.Location, ps.District} {
			if at == "" {
				at = alt
			}
		}
		if at != "" {
			i, ok := d.findLoc(at)
			if !ok {
				dist, isDist := d.findDistrict(at)
				first, end := d.span(dist)
				if !isDist || end-first != 1 {
					var names []string
					for j := first; isDist && j < end; j++ {
						names = append(names, d.loc(j).ID)
					}
					hint := "name the location, e.g. TP-02a"
					if isDist {
						hint = "name the location in " + d.Districts[dist].Name + ": " + strings.Join(names, ", ")
					}
					return fmt.Errorf("players: %s: at: %q is not a location (%s)", name, at, hint)
				}
				i = first
			}
			me.At = i
		}
		if ps.Escaped {
			if ps.Out != "" && ps.Out != outEscaped {
				return fmt.Errorf("players: %s: escaped and %s", name, ps.Out)
			}
			ps.Out = outEscaped
		}
		me.Passport, me.Bodyguards, me.Hooked, me.Shanghaied = ps.Passport, ps.Bodyguards, ps.Hooked, ps.Shanghaied
		switch {
		case ps.Bodyguards < 0 || ps.Bodyguards >= len(d.Bodyguards):
			return fmt.Errorf("players: %s: bodyguards: 0 to %d", name, len(d.Bodyguards)-1)
		case ps.Bodyguards > 0 && (me.At != d.airfield || !me.Passport):
			return fmt.Errorf("players: %s: bodyguards protect a passport holder at the airfield", name)
		case ps.Hooked && d.loc(me.At).Role != roleOpium:
			return fmt.Errorf("players: %s: hooked: only in the Opium Dens", name)
		case ps.Shanghaied && d.distOf(me.At) != d.chinatown:
			return fmt.Errorf("players: %s: shanghaied: only in Old Chinatown", name)
		}
		switch ps.Out {
		case "":
		case outEscaped, outAssassinated:
			if at != "" {
				return fmt.Errorf("players: %s: a player out of the city is nowhere (no at)", name)
			}
			me.Out, me.OutWhen, me.At = ps.Out, "before the set-up", -1
			me.Passport, me.Bodyguards, me.Hooked, me.Shanghaied = ps.Out == outEscaped, 0, false, false
		default:
			return fmt.Errorf("players: %s: out is escaped or assassinated", name)
		}
		for _, e := range ps.Sell {
			i, err := estab(e, "players: "+name+": sell")
			if err != nil {
				return err
			}
			me.Sell = append(me.Sell, i)
		}
		if ps.Bids != nil {
			raw, _ := json.Marshal(ps.Bids)
			var v map[string]any
			_ = json.Unmarshal(raw, &v)
			var pl plan
			if err := s.parseBids(&pl, v); err != nil {
				return fmt.Errorf("players: %s: bids: %v", name, err)
			}
			me.Bids = pl.Bids
		}
	}
	for i, e := range s.Estabs {
		if e.Owner >= 0 && !s.Players[e.Owner].inCity() {
			return fmt.Errorf("%s is out of the city and controls nothing (%s)", s.Players[e.Owner].Name, d.locName(i))
		}
	}
	for i := range s.Estabs {
		if s.Estabs[i].Owner >= 0 && d.loc(i).Type == typeRacket {
			l := d.loc(i)
			if all, mine := s.tradingPosts(d.distOf(i), s.Estabs[i].Owner); all > 0 && mine == 0 {
				return fmt.Errorf("%s's racketeer on the %s needs one of the trading posts of %s (§3.2)", s.Players[s.Estabs[i].Owner].Name, l.Name, d.district(i).Name)
			}
		}
	}
	flags := []struct {
		names []string
		what  string
		set   func(e *Estab)
	}{
		{lay.Serviced, "serviced", func(e *Estab) { e.Serviced = true }},
		{lay.Closed, "closed", func(e *Estab) { e.Closed = true }},
		{lay.Compromised, "compromised", func(e *Estab) { e.Compromised = true }},
	}
	for _, f := range flags {
		for _, name := range f.names {
			i, err := estab(name, f.what)
			if err != nil {
				return err
			}
			t := d.loc(i).Type
			if s.Estabs[i].Owner < 0 || t != typeWarehouse && (f.what != "compromised" || t != typeFactory) {
				what := "a controlled warehouse"
				if f.what == "compromised" {
					what += " or factory"
				}
				return fmt.Errorf("%s: %s must be %s", f.what, name, what)
			}
			f.set(&s.Estabs[i])
		}
	}
	for _, name := range slices.Sorted(maps.Keys(lay.Allow)) {
		i, ok := d.findLoc(name)
		if !ok || d.loc(i).Type != typeRacket || s.Estabs[i].Owner < 0 {
			return fmt.Errorf("allow: %q is not a controlled racket", name)
		}
		for _, who := range lay.Allow[name] {
			q := s.seat(who)
			if q < 0 || q == s.Estabs[i].Owner {
				return fmt.Errorf("allow: %s: %q is not another player", name, who)
			}
			if !slices.Contains(s.Estabs[i].Allow, q) {
				s.Estabs[i].Allow = append(s.Estabs[i].Allow, q)
			}
		}
		slices.Sort(s.Estabs[i].Allow)
	}
	return nil
}

// drawNationalities draws each player's nationality from the cup: the
// first N of §1.1's list for N players (ST-A4), less those fixed.
func (s *State) drawNationalities(lay Layout, rng *adjudicator.Rand) error {
	d := s.d()
	fixed := map[int]string{}
	add := func(name, nat, what string) error {
		p := s.seat(name)
		if p < 0 {
			return fmt.Errorf("%s: %q is not a player", what, name)
		}
		k := slices.IndexFunc(d.Nationalities, func(x string) bool { return norm(x) == norm(nat) || norm(x) == "white"+norm(nat) })
		if k < 0 {
			return fmt.Errorf("%s: %q is not a nationality (%s)", what, nat, strings.Join(d.Nationalities[:6], ", "))
		}
		if old, ok := fixed[p]; ok && old != d.Nationalities[k] {
			return fmt.Errorf("%s: %s is given two nationalities", what, name)
		}
		fixed[p] = d.Nationalities[k]
		return nil
	}
	for _, name := range slices.Sorted(maps.Keys(lay.Nationalities)) {
		if err := add(name, lay.Nationalities[name], "nationalities"); err != nil {
			return err
		}
	}
	for _, name := range slices.Sorted(maps.Keys(lay.Players)) {
		if nat := lay.Players[name].Nationality; nat != "" {
			if err := add(name, nat, "players: "+name+": nationality"); err != nil {
				return err
			}
		}
	}
	var cup []string
	for _, nat := range d.Nationalities[:len(s.Players)] {
		taken := false
		for _, f := range fixed {
			taken = taken || f == nat
		}
		if !taken {
			cup = append(cup, nat)
		}
	}
	for p, f := range fixed {
		for q, g := range fixed {
			if p != q && f == g {
				return fmt.Errorf("nationalities: %s and %s are both %s", s.Players[min(p, q)].Name, s.Players[max(p, q)].Name, f)
			}
		}
	}
	if len(fixed) < len(s.Players) {
		if rng == nil {
			return fmt.Errorf("drawing the nationalities needs a random stream")
		}
		rng.Shuffle(len(cup), func(i, j int) { cup[i], cup[j] = cup[j], cup[i] })
	}
	k := 0
	for p := range s.Players {
		if f, ok := fixed[p]; ok {
			s.Players[p].Nationality = f
			continue
		}
		s.Players[p].Nationality = cup[k]
		k++
	}
	return nil
}
