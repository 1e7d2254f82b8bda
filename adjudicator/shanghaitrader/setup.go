package shanghaitrader

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"taipan/adjudicator/engine"
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

	// Part 2 (version 2). Collusion: the position is the year's Collusion
	// Phase (after its Cycle Turn), not yet its winter.
	Collusion bool `json:"collusion"`
	// Police and Monks are districts (the police's must be three unless
	// empty), Marines warehouses or factories of the docks, all deployed
	// this year; Minder is who the White Russian minder protects (none:
	// he is dead).
	Police  []string `json:"police"`
	Monks   []string `json:"monks"`
	Marines []string `json:"marines"`
	Minder  string   `json:"minder"`
	// Courtesans maps an overseer's or manager's establishment to the
	// player who hired the general courtesan on it (compromised).
	Courtesans map[string]string `json:"courtesans"`
	// Lido is the player the Lido Courtesan races to the Daily Mail.
	Lido string `json:"lido"`
	// Used are this year's once-a-year contractors already used (lido,
	// customs, spy); Withdrawn the rackets whose contractors were
	// withdrawn until next year.
	Used      []string `json:"used"`
	Withdrawn []string `json:"withdrawn"`
	// Loans are the debts between players.
	Loans []LoanSetup `json:"loans"`
}

// LoanSetup is a debt of a Layout: To owes From N.
type LoanSetup struct {
	From string `json:"from"`
	To   string `json:"to"`
	N    int    `json:"n"`
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

	// Part 2 (version 2): turns left detained by the spy, and standing
	// deals written as their orders are (offer, ask, credit, roulette,
	// picnic, extort, fees, refund).
	Detained int            `json:"detained"`
	Offers   map[string]any `json:"offer"`
	Asks     map[string]any `json:"ask"`
	Credit   map[string]any `json:"credit"`
	Roulette int            `json:"roulette"`
	Picnic   string         `json:"picnic"`
	Extort   string         `json:"extort"`
	Fees     map[string]any `json:"fees"`
	Refunds  map[string]any `json:"refund"`
}

// Setup seats the players: nationalities from the cup, counters at Garden
// Bridge, $100ooo each, and the year-1 initiative by die roll (§2.1,
// §2.4), or the position of setup.
func (e Engine) Setup(cfg engine.Config, rng *engine.Rand) (engine.State, error) {
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
	if !e.rules().Advanced {
		var o1 optionsV1
		if err := engine.DecodeStrict(cfg.Options, &o1); err != nil {
			return nil, fmt.Errorf("options: %v (the option is data)", err)
		}
		opt.Data = o1.Data
	} else if err := engine.DecodeStrict(cfg.Options, &opt); err != nil {
		return nil, fmt.Errorf("options: %v (the options are data, advanced, sudden_death, length, national, exclusive_rackets, marines, minder and spy)", err)
	}
	s := &State{Year: 1, rules: e.rules()}
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
	if err := engine.DecodeStrict(cfg.Setup, &lay); err != nil {
		return nil, fmt.Errorf("setup: %v (the keys are year, season, nationalities, initiative, players, owners, serviced, closed, compromised, allow, ship_roll and dice; from version 2 also collusion, police, monks, marines, minder, courtesans, lido, used, withdrawn and loans)", err)
	}
	s.LastYear = d.Years[n-3]
	if s.rules.city() {
		rules, err := opt.rules(d, s.LastYear)
		if err != nil {
			return nil, fmt.Errorf("options: %v", err)
		}
		if rules.Length > 0 {
			s.LastYear = rules.Length
		}
		s.Underworld = newUnderworld()
		s.Underworld.Rules = rules
	}
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
	if err := s.layoutCity(&lay); err != nil {
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
			if err := s.parseBids(&pl, plainMapping(v)); err != nil {
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
func (s *State) drawNationalities(lay Layout, rng *engine.Rand) error {
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

// layoutCity applies the parts of a fixed position that version 2 adds.
func (s *State) layoutCity(lay *Layout) error {
	d := s.d()
	if s.Underworld == nil {
		if lay.Collusion || lay.Police != nil || lay.Monks != nil || lay.Marines != nil || lay.Minder != "" || lay.Courtesans != nil ||
			lay.Lido != "" || lay.Used != nil || lay.Withdrawn != nil || lay.Loans != nil {
			return fmt.Errorf("the keys of part 2 (collusion, police, monks, marines, minder, courtesans, lido, used, withdrawn, loans) need shanghai-trader/2")
		}
		for _, name := range slices.Sorted(maps.Keys(lay.Players)) {
			ps := lay.Players[name]
			if ps.Detained != 0 || ps.Offers != nil || ps.Asks != nil || ps.Credit != nil || ps.Roulette != 0 || ps.Picnic != "" || ps.Extort != "" || ps.Fees != nil || ps.Refunds != nil {
				return fmt.Errorf("players: %s: the deals and detentions of part 2 need shanghai-trader/2", name)
			}
		}
		return nil
	}
	x := s.Underworld
	x.Minder = s.minderOwner()
	for i, e := range s.Estabs {
		if e.Owner >= 0 && d.loc(i).Type == typeRacket && !s.mayControl(e.Owner, i) {
			return fmt.Errorf("only the %s player may control the %s (§11.4)", d.Exclusive[d.loc(i).Role], d.loc(i).Name)
		}
	}
	if lay.Collusion {
		if s.Year == 1 || s.Season != 0 {
			return fmt.Errorf("collusion: the Collusion Phase comes before the winter of a year after the first")
		}
		x.Collusion = true
	}
	districts := func(names []string, what string) ([]int, error) {
		var out []int
		for _, n := range names {
			i, ok := d.findDistrict(n)
			if !ok || !d.Districts[i].inside() {
				return nil, fmt.Errorf("%s: %q is not a district of the International Settlement", what, n)
			}
			out = append(out, i)
		}
		return out, nil
	}
	var err error
	if x.Police, err = districts(lay.Police, "police"); err != nil {
		return err
	}
	if x.Monks, err = districts(lay.Monks, "monks"); err != nil {
		return err
	}
	switch {
	case len(x.Police) > 0 && (len(x.Police) != d.Police.Count || s.ownerOfRole(roleShanghaiClub) < 0):
		return fmt.Errorf("police: the Shanghai Club's owner places all %d", d.Police.Count)
	case slices.Contains(x.Police, d.distOf(d.role(roleMonastery))):
		return fmt.Errorf("police: not in Bubbling Well Road (§3.3)")
	case len(x.Monks) > d.Monks.Count || len(x.Monks) > 0 && s.ownerOfRole(roleMonastery) < 0:
		return fmt.Errorf("monks: the Monastery's owner places at most %d", d.Monks.Count)
	case slices.ContainsFunc(x.Monks, func(m int) bool { return slices.Contains(x.Police, m) }):
		return fmt.Errorf("monks: not where the police are (§3.3)")
	}
	for _, n := range lay.Marines {
		i, ok := d.findLoc(n)
		if !ok || (d.loc(i).Type != typeWarehouse && d.loc(i).Type != typeFactory) || !d.district(i).Dock {
			return fmt.Errorf("marines: %q is not a warehouse or factory of the docks", n)
		}
		x.Marines = append(x.Marines, i)
	}
	if len(x.Marines) > 0 && (s.marinesOwner() < 0 || len(x.Marines) > d.Marines.Count) {
		return fmt.Errorf("marines: the Japanese player's %d, in a game with the marines (options: marines)", d.Marines.Count)
	}
	if lay.Minder != "" {
		switch q := s.seat(lay.Minder); {
		case strings.EqualFold(lay.Minder, "none"):
			x.Minder, x.MinderDead = -1, true
		case s.minderOwner() < 0:
			return fmt.Errorf("minder: only in a game with the minder and a White Russian player (options: minder)")
		case q < 0 || !s.Players[q].inCity():
			return fmt.Errorf("minder: %q is not a player in the city", lay.Minder)
		default:
			x.Minder = q
		}
	}
	for _, name := range slices.Sorted(maps.Keys(lay.Courtesans)) {
		i, ok := d.findLoc(name)
		q := s.seat(lay.Courtesans[name])
		switch {
		case !ok || (d.loc(i).Type != typeWarehouse && d.loc(i).Type != typeFactory) || s.Estabs[i].Owner < 0:
			return fmt.Errorf("courtesans: %q is not a controlled warehouse or factory", name)
		case q < 0 || q == s.Estabs[i].Owner:
			return fmt.Errorf("courtesans: %s: %q is not another player", name, lay.Courtesans[name])
		}
		s.Estabs[i].Compromised = true
		x.Courtesans = append(x.Courtesans, Placed{Loc: i, By: q})
	}
	// Courtesans placed by compromised: have no hirer.
	for i, e := range s.Estabs {
		if e.Compromised && !slices.ContainsFunc(x.Courtesans, func(c Placed) bool { return c.Loc == i }) {
			x.Courtesans = append(x.Courtesans, Placed{Loc: i, By: -1})
		}
	}
	if n := len(x.Courtesans); n > d.Courtesan.Count {
		return fmt.Errorf("courtesans: only %d general courtesans, not %d", d.Courtesan.Count, n)
	}
	x.Lido = -1
	if lay.Lido != "" {
		q := s.seat(lay.Lido)
		o := s.ownerOfRole(roleLido)
		if q < 0 || o < 0 || q == o || !s.Players[q].inCity() {
			return fmt.Errorf("lido: %q is not a player in the city other than the Lido's owner", lay.Lido)
		}
		x.Lido = q
		x.Used = append(x.Used, dealLido)
	}
	for _, u := range lay.Used {
		if !slices.Contains([]string{dealLido, dealCustoms, dealSpy}, u) {
			return fmt.Errorf("used: lido, customs or spy, not %q", u)
		}
		if !slices.Contains(x.Used, u) {
			x.Used = append(x.Used, u)
		}
	}
	for _, n := range lay.Withdrawn {
		i, ok := d.findLoc(n)
		if !ok || d.loc(i).Type != typeRacket {
			return fmt.Errorf("withdrawn: %q is not a racket", n)
		}
		x.Withdrawn = append(x.Withdrawn, d.loc(i).Role)
	}
	for _, l := range lay.Loans {
		from, to := s.seat(l.From), s.seat(l.To)
		if from < 0 || to < 0 || from == to || l.N <= 0 {
			return fmt.Errorf("loans: from and to are two players, n a positive sum")
		}
		(&run{s: s}).lent(from, to, l.N)
	}
	for _, name := range slices.Sorted(maps.Keys(lay.Players)) {
		if err := s.playerDealsLayout(s.seat(name), lay.Players[name]); err != nil {
			return fmt.Errorf("players: %s: %v", name, err)
		}
	}
	return nil
}

// playerDealsLayout applies a player's detention and standing deals, read as
// their orders are.
func (s *State) playerDealsLayout(p int, ps PlayerSetup) error {
	me := &s.Players[p]
	if ps.Detained < 0 || ps.Detained > 0 && (me.At != s.d().consul || !me.inCity()) {
		return fmt.Errorf("detained: a number of turns, for a player in the Consulates")
	}
	me.Detained = ps.Detained
	pl := &plan{}
	read := func(verb string, v any, set bool) error {
		if !set {
			return nil
		}
		if err := s.rules.verbs.named(verb).read(s, p, pl, verb, plainMapping(v)); err != nil {
			return fmt.Errorf("%s: %v", verb, err)
		}
		return nil
	}
	for _, f := range []struct {
		verb string
		v    any
		set  bool
	}{
		{verbOffer, ps.Offers, ps.Offers != nil}, {verbAsk, ps.Asks, ps.Asks != nil}, {verbCredit, ps.Credit, ps.Credit != nil},
		{verbRoulette, ps.Roulette, ps.Roulette != 0}, {verbPicnic, ps.Picnic, ps.Picnic != ""}, {verbExtort, ps.Extort, ps.Extort != ""},
		{verbFees, ps.Fees, ps.Fees != nil}, {verbRefund, ps.Refunds, ps.Refunds != nil},
	} {
		if err := read(f.verb, f.v, f.set); err != nil {
			return err
		}
	}
	(&run{s: s}).standingDeals(p, pl)
	return nil
}
