package shanghaitrader

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"taipan/adjudicator/engine"
)

//go:embed data.yaml
var dataYAML []byte

// Location types (data.yaml).
const (
	typeTP         = "trading-post"
	typeWarehouse  = "warehouse"
	typeFactory    = "factory"
	typeRacket     = "racket"
	typeBanks      = "banks"
	typeDailyMail  = "daily-mail"
	typeConsulates = "consulates"
	typeStation    = "station"
	typeAirfield   = "airfield"
	typeDen        = "den"
)

// Racket and den roles (data.yaml) that the rules give an effect.
const (
	roleShanghaiClub = "shanghai-club"
	roleGreatOrient  = "great-orient"
	roleTransport    = "transport"
	roleTemple       = "temple"
	roleCasino       = "casino"
	roleFerry        = "ferry"
	roleLido         = "lido"
	roleCustoms      = "customs-swindle"
	roleMonastery    = "monastery"
	roleRacetrack    = "racetrack"
	roleFrenchClub   = "french-club"
	roleCurrency     = "currency-trader"
	roleFanTan       = "fan-tan"
	roleBrothels     = "brothels"
	roleTongs        = "tongs"
	roleOpium        = "opium"
)

// Zones of the map (§1.6).
const (
	zoneBritish = "british"
	zoneFrench  = "french"
	zoneOutside = "outside"
)

// Location is one place a player counter can stand on: an establishment,
// a utility, the Consulates, a station, the airfield or a den.
type Location struct {
	ID      string   `yaml:"id" json:"id"`
	Name    string   `yaml:"name" json:"name,omitempty"` // defaults to the id
	Type    string   `yaml:"type" json:"type"`
	Role    string   `yaml:"role" json:"role,omitempty"` // which racket or den
	Cost    int      `yaml:"cost" json:"cost,omitempty"` // a racket's racketeer (its card)
	Dice    [2]int   `yaml:"dice" json:"dice"`           // the printed die range
	Aliases []string `yaml:"aliases" json:"aliases,omitempty"`
}

// District is one of the 19 districts.
type District struct {
	ID        string     `yaml:"id" json:"id"`
	Name      string     `yaml:"name" json:"name"`
	Zone      string     `yaml:"zone" json:"zone"`
	Dock      bool       `yaml:"dock" json:"dock,omitempty"`
	Across    bool       `yaml:"across" json:"across,omitempty"` // across the river (ferry)
	Chinatown bool       `yaml:"chinatown" json:"chinatown,omitempty"`
	Aliases   []string   `yaml:"aliases" json:"aliases,omitempty"`
	Locations []Location `yaml:"locations" json:"locations"`
}

// inside reports whether the district is in the International Settlement.
func (d *District) inside() bool { return d.Zone != zoneOutside }

// eventData is one special event of the Turn Track (§5): its name and
// the role of the racket that runs it.
type eventData struct {
	Name   string `yaml:"name" json:"name"`
	Racket string `yaml:"racket" json:"racket"`
}

// Hire is a contractor's price and the highest (modified) roll with which
// it succeeds (§3.3).
type Hire struct {
	Cost int `yaml:"cost" json:"cost"`
	Hit  int `yaml:"hit" json:"hit"`
}

// Revenue is the Revenue Chart (ST-G4).
type Revenue struct {
	TradingPost       int `yaml:"trading_post" json:"trading_post"`
	Warehouse         int `yaml:"warehouse" json:"warehouse"`
	WarehouseServiced int `yaml:"warehouse_serviced" json:"warehouse_serviced"`
	Factory           int `yaml:"factory" json:"factory"`
	FactoryServiced   int `yaml:"factory_serviced" json:"factory_serviced"`
	Floor             int `yaml:"floor" json:"floor"`
}

// components is the parsed form of data.yaml (or of a campaign's
// replacement). It is built once and never modified afterwards, so states
// share it.
type components struct {
	StartCash     int            `yaml:"start_cash" json:"start_cash"`
	Years         []int          `yaml:"years" json:"years"` // for 3, 4, 5 and 6 players
	Nationalities []string       `yaml:"nationalities" json:"nationalities"`
	Seasons       []string       `yaml:"seasons" json:"seasons"`
	Unit          int            `yaml:"unit" json:"unit"`
	Costs         map[string]int `yaml:"costs" json:"costs"`
	Fine          int            `yaml:"fine" json:"fine"`
	AirfieldFee   int            `yaml:"airfield_fee" json:"airfield_fee"`
	FerryCharge   int            `yaml:"ferry_charge" json:"ferry_charge"`
	TransportFee  int            `yaml:"transport_fee" json:"transport_fee"`
	Lot           int            `yaml:"lot" json:"lot"`
	Passport      struct {
		Cost     int `yaml:"cost" json:"cost"`
		FreeRoll int `yaml:"free_roll" json:"free_roll"`
	} `yaml:"passport" json:"passport"`
	Escape     int   `yaml:"escape" json:"escape"`
	Bodyguards []int `yaml:"bodyguards" json:"bodyguards"`
	Assassin   struct {
		Cost int `yaml:"cost" json:"cost"`
		Hit  int `yaml:"hit" json:"hit"`
	} `yaml:"assassin" json:"assassin"`
	Opium struct {
		Fine int `yaml:"fine" json:"fine"`
		Out  int `yaml:"out" json:"out"`
	} `yaml:"opium" json:"opium"`
	FanTan struct {
		Min           int `yaml:"min" json:"min"`
		Max           int `yaml:"max" json:"max"`
		ShanghaiedWin int `yaml:"shanghaied_win" json:"shanghaied_win"`
		VolunteerWin  int `yaml:"volunteer_win" json:"volunteer_win"`
	} `yaml:"fantan" json:"fantan"`
	Brothels  []int       `yaml:"brothels" json:"brothels"`
	Revenue   Revenue     `yaml:"revenue" json:"revenue"`
	Shipping  [][]int     `yaml:"shipping" json:"shipping"`
	Schedule  [][]string  `yaml:"schedule" json:"schedule"`
	Districts []*District `yaml:"districts" json:"districts"`

	// The underworld: the events, the contractors, the advanced game.
	Events []eventData `yaml:"events" json:"events"`
	Gala   struct {
		Fee   int `yaml:"fee" json:"fee"`
		Scene int `yaml:"scene" json:"scene"`
	} `yaml:"gala" json:"gala"`
	Roulette struct {
		Min   int   `yaml:"min" json:"min"`
		Max   int   `yaml:"max" json:"max"`
		Pays  []int `yaml:"pays" json:"pays"`
		Owner int   `yaml:"owner" json:"owner"`
	} `yaml:"roulette" json:"roulette"`
	Bastille int `yaml:"bastille" json:"bastille"`
	Picnic   struct {
		Flutter  int `yaml:"flutter" json:"flutter"`
		Bonus    int `yaml:"bonus" json:"bonus"`
		Withdraw int `yaml:"withdraw" json:"withdraw"`
		Owner    int `yaml:"owner" json:"owner"`
	} `yaml:"picnic" json:"picnic"`
	Thug      Hire `yaml:"thug" json:"thug"`
	Mugger    Hire `yaml:"mugger" json:"mugger"`
	Tongs     Hire `yaml:"tongs" json:"tongs"`
	Courtesan struct {
		Hire  `yaml:",inline"`
		Count int `yaml:"count" json:"count"`
	} `yaml:"courtesan" json:"courtesan"`
	Customs struct {
		Hit int `yaml:"hit" json:"hit"`
	} `yaml:"customs" json:"customs"`
	Police struct {
		Count    int `yaml:"count" json:"count"`
		Modifier int `yaml:"modifier" json:"modifier"`
	} `yaml:"police" json:"police"`
	Monks struct {
		Count     int `yaml:"count" json:"count"`
		Modifier  int `yaml:"modifier" json:"modifier"`
		Extortion int `yaml:"extortion" json:"extortion"`
	} `yaml:"monks" json:"monks"`
	Commission int               `yaml:"commission" json:"commission"` // percent
	Interest   int               `yaml:"interest" json:"interest"`     // percent
	Exclusive  map[string]string `yaml:"exclusive" json:"exclusive"`   // racket role → nationality
	Marines    struct {
		Count       int    `yaml:"count" json:"count"`
		Modifier    int    `yaml:"modifier" json:"modifier"`
		Nationality string `yaml:"nationality" json:"nationality"`
	} `yaml:"marines" json:"marines"`
	Minder struct {
		Modifier    int    `yaml:"modifier" json:"modifier"`
		Save        int    `yaml:"save" json:"save"`
		Nationality string `yaml:"nationality" json:"nationality"`
	} `yaml:"minder" json:"minder"`
	Spy struct {
		Turns       []int  `yaml:"turns" json:"turns"`
		Nationality string `yaml:"nationality" json:"nationality"`
	} `yaml:"spy" json:"spy"`
	SuddenDeath struct {
		Threshold int `yaml:"threshold" json:"threshold"`
		Rolls     int `yaml:"rolls" json:"rolls"` // years with a roll, before the last
	} `yaml:"sudden_death" json:"sudden_death"`

	locs      []*Location    // every location, district by district
	locDist   []int          // the district of each location
	spans     [][2]int       // each district's locations: first, end
	byName    map[string]int // normalised id, name or alias → location
	distName  map[string]int // normalised id, name or alias → district
	roles     map[string]int // racket or den role → location
	schedule  [][]int        // district indexes
	chinatown int            // the Old Chinatown district
	consul    int            // the International Consulates
	airfield  int            // the airfield
	banks     int            // the Imperial Trading Banks
	mail      int            // the North China Daily Mail
}

// data is the embedded components (read-only after start-up).
var data = mustLoad(dataYAML)

func mustLoad(b []byte) *components {
	var c components
	engine.MustLoadData("shanghaitrader", b, &c)
	if err := c.prepare(); err != nil {
		panic("shanghaitrader: data.yaml: " + err.Error())
	}
	return &c
}

// customData returns the components with the top-level keys of raw (JSON,
// from the campaign's options.data) replacing the embedded ones. What is
// not replaced is shared with the embedded components, which nothing
// writes to.
func customData(raw json.RawMessage) (*components, error) {
	var over map[string]json.RawMessage
	if err := json.Unmarshal(raw, &over); err != nil {
		return nil, fmt.Errorf("data must be a mapping of the keys of data.yaml: %v", err)
	}
	c := *data
	v := reflect.ValueOf(&c).Elem()
	fields := map[string]int{}
	for i := 0; i < v.NumField(); i++ {
		if tag, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ","); tag != "" && tag != "-" {
			fields[tag] = i
		}
	}
	for _, k := range slices.Sorted(maps.Keys(over)) {
		i, ok := fields[k]
		if !ok {
			return nil, fmt.Errorf("data: unknown key %q", k)
		}
		fresh := reflect.New(v.Field(i).Type())
		dec := json.NewDecoder(bytes.NewReader(over[k]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(fresh.Interface()); err != nil {
			return nil, fmt.Errorf("data: %s: %v", k, err)
		}
		v.Field(i).Set(fresh.Elem())
	}
	if err := c.prepare(); err != nil {
		return nil, fmt.Errorf("data: %v", err)
	}
	return &c, nil
}

// norm is how names are compared: lower case, ASCII letters and digits
// only.
func norm(s string) string {
	var buf [64]byte
	return string(normKey(buf[:0], s))
}

// normKey appends s normalised as norm does to buf, so that a map lookup
// with string(normKey(...)) need not allocate.
func normKey(buf []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'A' && c <= 'Z':
			buf = append(buf, c+'a'-'A')
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			buf = append(buf, c)
		}
	}
	return buf
}

// prepare checks the components and builds the indexes. The checks are
// what the engine relies on: every die roll of a move lands somewhere, and
// the places the rules name exist once.
func (c *components) prepare() error {
	fail := func(format string, args ...any) error { return fmt.Errorf(format, args...) }
	if c.StartCash < 0 || c.Unit <= 0 || c.Lot <= 0 {
		return fail("start_cash, unit and lot must be positive")
	}
	if len(c.Years) != 4 || slices.Min(c.Years) < 1 {
		return fail("years: give the length of a game of 3, 4, 5 and 6 players")
	}
	if len(c.Nationalities) < 6 || len(c.Seasons) != 4 {
		return fail("need 6 nationalities and 4 seasons")
	}
	for _, k := range []string{typeTP, typeWarehouse, typeFactory} {
		if c.Costs[k] <= 0 {
			return fail("costs: %s needs a price", k)
		}
	}
	if len(c.Bodyguards) < 1 || c.Bodyguards[0] != 0 || len(c.Brothels) != 6 || len(c.Shipping) != 6 || len(c.Schedule) != 4 {
		return fail("bodyguards start at 0; brothels has 6 entries, shipping 6 rows, schedule 4 seasons")
	}
	for i, row := range c.Shipping {
		if len(row) != 4 {
			return fail("shipping row %d: give the ships of the 4 seasons", i+1)
		}
		for _, n := range row {
			if n < 0 || n > 2 {
				return fail("shipping row %d: there are only two ships", i+1)
			}
		}
	}
	c.byName, c.distName, c.roles = map[string]int{}, map[string]int{}, map[string]int{}
	c.locs, c.locDist, c.spans = nil, nil, nil
	c.chinatown, c.consul, c.airfield, c.banks, c.mail = -1, -1, -1, -1, -1
	addName := func(m map[string]int, key string, i int, what string) error {
		k := norm(key)
		if k == "" {
			return fail("%s: an empty name", what)
		}
		if j, ok := m[k]; ok && j != i {
			return fail("the name %q is used twice", key)
		}
		m[k] = i
		return nil
	}
	for di, d := range c.Districts {
		if d == nil {
			return fail("district %d is empty", di+1)
		}
		if d.Zone != zoneBritish && d.Zone != zoneFrench && d.Zone != zoneOutside {
			return fail("district %s: zone is british, french or outside", d.ID)
		}
		for _, n := range append([]string{d.ID, d.Name}, d.Aliases...) {
			if err := addName(c.distName, n, di, "district "+d.ID); err != nil {
				return err
			}
		}
		if d.Chinatown {
			if c.chinatown >= 0 || d.inside() {
				return fail("one Old Chinatown, outside the Settlement")
			}
			c.chinatown = di
		}
		c.spans = append(c.spans, [2]int{len(c.locs), len(c.locs) + len(d.Locations)})
		covered := [7]int{}
		for li := range d.Locations {
			l := &d.Locations[li]
			if l.Name == "" {
				l.Name = l.ID
			}
			i := len(c.locs)
			c.locs = append(c.locs, l)
			c.locDist = append(c.locDist, di)
			for _, n := range append([]string{l.ID, l.Name}, l.Aliases...) {
				if err := addName(c.byName, n, i, "location "+l.ID); err != nil {
					return err
				}
			}
			if l.Dice[0] < 1 || l.Dice[1] > 6 || l.Dice[0] > l.Dice[1] {
				return fail("location %s: dice is a range within 1-6", l.ID)
			}
			for v := l.Dice[0]; v <= l.Dice[1]; v++ {
				covered[v]++
			}
			switch l.Type {
			case typeTP, typeWarehouse, typeFactory:
				if l.Role != "" {
					return fail("location %s: only rackets and dens have a role", l.ID)
				}
			case typeRacket:
				if !d.inside() || l.Cost <= 0 || l.Role == "" {
					return fail("racket %s: inside the Settlement, with a cost and a role", l.ID)
				}
			case typeDen:
				if !d.Chinatown {
					return fail("den %s must be in Old Chinatown", l.ID)
				}
			case typeConsulates, typeAirfield, typeBanks, typeDailyMail:
				p := map[string]*int{typeConsulates: &c.consul, typeAirfield: &c.airfield, typeBanks: &c.banks, typeDailyMail: &c.mail}[l.Type]
				if *p >= 0 {
					return fail("only one %s", l.Type)
				}
				*p = i
			case typeStation:
			default:
				return fail("location %s: unknown type %q", l.ID, l.Type)
			}
			if l.Role != "" {
				if _, dup := c.roles[l.Role]; dup {
					return fail("the role %s is given twice", l.Role)
				}
				c.roles[l.Role] = i
			}
		}
		// Every roll must land somewhere: 1-6 inside the Settlement and in
		// Old Chinatown, 1-5 elsewhere outside (a 6 there shanghais).
		top := 6
		if !d.inside() && !d.Chinatown {
			top = 5
		}
		for v := 1; v <= 6; v++ {
			want := 0
			if v <= top {
				want = 1
			}
			if covered[v] != want {
				return fail("district %s: each roll 1-%d must name exactly one location (roll %d names %d)", d.ID, top, v, covered[v])
			}
		}
	}
	if c.chinatown < 0 || c.consul < 0 || c.airfield < 0 || c.banks < 0 || c.mail < 0 {
		return fail("the map needs Old Chinatown, the Consulates, the airfield, the Banks and the Daily Mail")
	}
	for _, r := range []string{roleFanTan, roleBrothels, roleTongs, roleOpium} {
		if _, ok := c.roles[r]; !ok {
			return fail("Old Chinatown needs the den %s", r)
		}
	}
	if _, ok := c.roles[roleShanghaiClub]; !ok {
		return fail("the map needs the Shanghai Club")
	}
	c.schedule = make([][]int, 4)
	for si, row := range c.Schedule {
		if len(row) != 2 {
			return fail("schedule: two docks each season")
		}
		for _, name := range row {
			d, ok := c.distName[norm(name)]
			if !ok || !c.Districts[d].Dock {
				return fail("schedule: %q is not a dock district", name)
			}
			c.schedule[si] = append(c.schedule[si], d)
		}
		if c.schedule[si][0] == c.schedule[si][1] {
			return fail("schedule: two ships go to separate docks")
		}
	}
	return c.prepareCity()
}

// prepareCity checks the components of the underworld (events,
// contractors, the advanced game): what the rulebook's switches rely on.
func (c *components) prepareCity() error {
	fail := func(format string, args ...any) error { return fmt.Errorf(format, args...) }
	if len(c.Events) != 4 {
		return fail("events: one special event for each of the 4 seasons")
	}
	for _, e := range c.Events {
		if i, ok := c.roles[e.Racket]; !ok || c.locs[i].Type != typeRacket || e.Name == "" {
			return fail("events: %q needs a name and the role of a racket", e.Name)
		}
	}
	if len(c.Roulette.Pays) != 6 || c.Roulette.Min <= 0 || c.Roulette.Max < c.Roulette.Min {
		return fail("roulette: min <= max, and pays for each roll 1 to 6")
	}
	if len(c.Spy.Turns) != 6 || c.SuddenDeath.Rolls < 1 {
		return fail("spy: turns for each roll 1 to 6; sudden_death: at least one roll")
	}
	if c.SuddenDeath.Threshold < 1 || c.SuddenDeath.Threshold > 6 {
		return fail("sudden_death: threshold is a roll 1-6")
	}
	for _, h := range []Hire{c.Thug, c.Mugger, c.Tongs, c.Courtesan.Hire} {
		if h.Cost < 0 || h.Hit < 1 {
			return fail("thug, mugger, tongs and courtesan need a cost and a hit")
		}
	}
	if c.Police.Count < 1 || c.Monks.Count < 1 || c.Marines.Count < 1 || c.Courtesan.Count < 1 {
		return fail("police, monks, marines and courtesans: at least one counter each")
	}
	nat := func(n string) bool { return slices.Contains(c.Nationalities, n) }
	for role, n := range c.Exclusive {
		if i, ok := c.roles[role]; !ok || c.locs[i].Type != typeRacket || !nat(n) {
			return fail("exclusive: %s is not a racket or %s not a nationality", role, n)
		}
	}
	if !nat(c.Marines.Nationality) || !nat(c.Minder.Nationality) || !nat(c.Spy.Nationality) {
		return fail("marines, minder and spy: the nationality that controls them")
	}
	return nil
}

// loc returns location i.
func (c *components) loc(i int) *Location { return c.locs[i] }

// district returns the district of location i.
func (c *components) district(i int) *District { return c.Districts[c.locDist[i]] }

// distOf is the index of location i's district.
func (c *components) distOf(i int) int { return c.locDist[i] }

// span is the range of district d's locations: first, end.
func (c *components) span(d int) (int, int) { return c.spans[d][0], c.spans[d][1] }

// role returns the location of a racket or den role, or -1.
func (c *components) role(r string) int {
	if i, ok := c.roles[r]; ok {
		return i
	}
	return -1
}

// roll returns the location of district d that a die roll v lands on, or
// -1 (a 6 outside the Settlement).
func (c *components) landing(d, v int) int {
	first, end := c.span(d)
	for i := first; i < end; i++ {
		if l := c.locs[i]; v >= l.Dice[0] && v <= l.Dice[1] {
			return i
		}
	}
	return -1
}

// cost is the purchase price of location i (0 when it cannot be bought).
func (c *components) cost(i int) int {
	l := c.locs[i]
	if l.Type == typeRacket {
		return l.Cost
	}
	return c.Costs[l.Type]
}

// buyable reports whether location i takes an employee.
func buyable(t string) bool {
	return t == typeTP || t == typeWarehouse || t == typeFactory || t == typeRacket
}

// locName names location i as reports write it: "TP-02a (Nanking Road)" for
// the numbered establishments, else its name.
func (c *components) locName(i int) string {
	l := c.locs[i]
	if l.Name == l.ID {
		return l.ID
	}
	return l.Name
}

// findLoc finds a location by id, name or alias.
func (c *components) findLoc(s string) (int, bool) {
	var buf [64]byte
	i, ok := c.byName[string(normKey(buf[:0], s))]
	return i, ok
}

// findDistrict finds a district by id, name or alias.
func (c *components) findDistrict(s string) (int, bool) {
	var buf [64]byte
	i, ok := c.distName[string(normKey(buf[:0], s))]
	return i, ok
}

// ceilUnit rounds num/den up to the nearest unit ("rounding up to the
// nearest $5ooo").
func (c *components) ceilUnit(num, den int) int {
	if num <= 0 {
		return 0
	}
	u := c.Unit * den
	return (num + u - 1) / u * c.Unit
}
