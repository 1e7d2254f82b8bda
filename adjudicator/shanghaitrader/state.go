package shanghaitrader

import (
	"fmt"
	"maps"
	"slices"
	"taipan/adjudicator/engine"
)

// Why a player is no longer in the city (Player.Out).
const (
	outEscaped      = "escaped"
	outAssassinated = "assassinated"
	outRemoved      = "removed"
)

// State is the whole game: the engine's engine.State is a *State. Its
// JSON is hashed into every step's digest; the players' views are made
// from it by View.
type State struct {
	Year     int  `json:"year"`      // 1, 2, ...
	Season   int  `json:"season"`    // 0 winter, 1 spring, 2 summer, 3 autumn: the open step
	LastYear int  `json:"last_year"` // the game ends after this year's autumn
	Over     bool `json:"over,omitempty"`
	// Ended says why the game is over.
	Ended   string   `json:"ended,omitempty"`
	Players []Player `json:"players"` // in seat order
	// Order is the initiative order for the current year: the seats of the
	// players still in the city, the first moves first.
	Order []int `json:"order"`
	// Rolls says how the initiative order was decided, with its rolls.
	Rolls string `json:"rolls,omitempty"`
	// Estabs holds, per location of the map (in data order), its employee
	// and markers.
	Estabs estabs `json:"estabs"`
	// ShipRoll is this year's Shipping Table roll (0 before the first
	// shipping of the year, and in years without shipping).
	ShipRoll int `json:"ship_roll,omitempty"`
	// Ships are the docks (district indexes) where ships arrived this
	// season, in arrival order.
	Ships []int `json:"ships,omitempty"`
	// Dice are the fixed rolls of the set-up (dice: in setup), used in
	// order before the random stream; DiceUsed counts those used so far.
	Dice     []int `json:"dice,omitempty"`
	DiceUsed int   `json:"dice_used,omitempty"`
	// Issued is all the money the players held at the set-up; Paid and
	// Drawn are the money paid to the bank and drawn from it since, by
	// reason. Issued + Drawn - Paid is always what the players hold.
	Issued int            `json:"issued"`
	Paid   map[string]int `json:"paid,omitempty"`
	Drawn  map[string]int `json:"drawn,omitempty"`
	// Underworld is what the contractors, the events, the deals and the
	// Collusion Phase add to the city; nil in games of version 1, whose
	// rulebook plays none of them (its wire name is the one the logs'
	// digests were made with).
	Underworld *Underworld `json:"part2,omitempty"`
	// rules is the rulebook of the version the engine plays this state
	// with, set by each Engine method on the state it plays: the
	// engine's version decides, so that a game moved to a new version
	// plays by it. It is no part of the state's JSON or digest.
	rules *rulebook
	// Custom is the campaign's replacement of the embedded data, if any.
	// It is made from the campaign (the log's first event) at every
	// replay, so it is left out of the state's JSON and digest, like the
	// embedded data.
	Custom *components `json:"-"`
	// Start is the board as the step just resolved found it (laststep.go);
	// like Custom it is made again at every replay and left out of the
	// state's JSON and digest. Nil after the set-up.
	Start *StepStart `json:"-"`
}

// Player is one seat.
type Player struct {
	Name        string `json:"name"`
	Nationality string `json:"nationality"`
	Cash        int    `json:"cash"` // cash-in-hand (secret)
	Bank        int    `json:"bank"` // international bank account (secret)
	// At is the location of the player's counter, -1 once out of the city.
	At         int  `json:"at"`
	Passport   bool `json:"passport,omitempty"`
	Bodyguards int  `json:"bodyguards,omitempty"` // 0 to 3, at the airfield
	// Hooked: in the Opium Dens, the player must roll to get out (§7.6).
	Hooked bool `json:"hooked,omitempty"`
	// Shanghaied: dragged to Old Chinatown and not yet moved out.
	Shanghaied bool `json:"shanghaied,omitempty"`
	// Out is why the player left the city ("" while in it); OutWhen is
	// when ("summer, year 8").
	Out     string `json:"out,omitempty"`
	OutWhen string `json:"out_when,omitempty"`
	// Standing orders (secret): the establishments to auction first when
	// in debt, and sealed bids for others' establishments (ST-A39).
	Sell []int `json:"sell,omitempty"`
	Bids []Bid `json:"bids,omitempty"`
	// Known are the Daily Mail's disclosures to this player (secret).
	Known []Disclosure `json:"known,omitempty"`
	// Detained is how many more of the player's Movement Segments the
	// German spy's scandal keeps them in the Consulates (§11.4).
	Detained int `json:"detained,omitempty"`
	// Deals are the player's standing deals of part 2.
	Deals *Deals `json:"deals,omitempty"`
}

// inCity reports whether the player is still in Shanghai.
func (p *Player) inCity() bool { return p.Out == "" }

// Bid is a standing sealed bid in forced auctions (ST-A39): up to Max for
// an establishment (Loc >= 0) or any of a type (Type: trading-post,
// warehouse, factory, racket or any).
type Bid struct {
	Loc  int    `json:"loc"` // -1 for a type
	Type string `json:"type,omitempty"`
	Max  int    `json:"max"`
}

// Disclosure is what the North China Daily Mail told a player about
// another's money (§8.3), and when.
type Disclosure struct {
	Of     int `json:"of"` // seat
	Cash   int `json:"cash"`
	Bank   int `json:"bank"`
	Year   int `json:"year"`
	Season int `json:"season"`
}

// Estab is one location's counters: the employee (its owner's) and the
// markers on it.
type Estab struct {
	Owner int `json:"owner"` // seat; -1 when uncontrolled
	// Serviced: the overseer was flipped by a ship since the last Revenue
	// Phase (ST-A22).
	Serviced bool `json:"serviced,omitempty"`
	// Closed: the customs inspector is on it; Compromised: a courtesan is.
	// Either stops the warehouse or factory being serviced or functioning
	// until the end of the next Revenue Phase (§3.3, §4.1).
	Closed      bool `json:"closed,omitempty"`
	Compromised bool `json:"compromised,omitempty"`
	// Allow lists the seats the racket's owner lets move here
	// automatically (§2.3 "if they allow you"); public.
	Allow []int `json:"allow,omitempty"`
}

// estabs is the board's employees and markers, location by location.
type estabs []Estab

func state(s engine.State) *State {
	st, ok := s.(*State)
	if !ok || st == nil {
		panic(fmt.Sprintf("shanghaitrader: state of type %T", s))
	}
	return st
}

// d is the game's components.
func (s *State) d() *components {
	if s.Custom != nil {
		return s.Custom
	}
	return data
}

// clone returns a deep copy; the components are shared (read-only).
func (s *State) clone() *State {
	c := *s
	c.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		p.Sell = slices.Clone(p.Sell)
		p.Bids = slices.Clone(p.Bids)
		p.Known = slices.Clone(p.Known)
		p.Deals = p.Deals.clone()
		c.Players[i] = p
	}
	c.Order = slices.Clone(s.Order)
	c.Estabs = make(estabs, len(s.Estabs))
	for i, e := range s.Estabs {
		e.Allow = slices.Clone(e.Allow)
		c.Estabs[i] = e
	}
	c.Ships = slices.Clone(s.Ships)
	c.Dice = slices.Clone(s.Dice)
	c.Paid = maps.Clone(s.Paid)
	c.Drawn = maps.Clone(s.Drawn)
	c.Underworld = s.Underworld.clone()
	return &c
}

// seat returns the seat of the named player, or -1.
func (s *State) seat(name string) int {
	for i := range s.Players {
		if s.Players[i].Name == name {
			return i
		}
	}
	return -1
}

// seatFold finds a player by name, ignoring case, or -1.
func (s *State) seatFold(name string) int {
	if i := s.seat(name); i >= 0 {
		return i
	}
	for i := range s.Players {
		if norm(s.Players[i].Name) == norm(name) {
			return i
		}
	}
	return -1
}

// seasonName names the season of the open step.
func (s *State) seasonName() string { return s.d().Seasons[s.Season] }

// when writes the open step's time: "spring, year 3".
func (s *State) when() string {
	if s.collusion() {
		return fmt.Sprintf("the Collusion Phase, year %d", s.Year)
	}
	return fmt.Sprintf("%s, year %d", s.seasonName(), s.Year)
}

// firstYear and lastYear: the provisions of §2.4 and §10.2.
func (s *State) firstYear() bool { return s.Year == 1 }
func (s *State) lastYear() bool  { return s.Year >= s.LastYear }

// shippingYear: no shipping in the first and the last year (§2.4, §10.2).
func (s *State) shippingYear() bool { return !s.firstYear() && !s.lastYear() }

// eventYear: no special events in the first and the last year (§2.4,
// §5.1, §10.2; ST-A14).
func (s *State) eventYear() bool { return !s.firstYear() && !s.lastYear() }

// owns reports whether seat p controls location i.
func (s *State) owns(p, i int) bool { return s.Estabs[i].Owner == p }

// setOwner places p's employee on location i (p = -1 removes it). A new
// employee starts unserviced, with no markers and no permissions.
func (s *State) setOwner(i, p int) {
	s.Estabs[i] = Estab{Owner: p}
}

// counters is the number of player and employee counters p has on the
// board (§2.3 initiative; ST-A46).
func (s *State) counters(p int) int {
	if !s.Players[p].inCity() {
		return 0
	}
	n := 1
	for _, e := range s.Estabs {
		if e.Owner == p {
			n++
		}
	}
	return n
}

// tradingPosts counts the trading posts of district d, and those p controls.
func (s *State) tradingPosts(d, p int) (all, mine int) {
	first, end := s.d().span(d)
	for i := first; i < end; i++ {
		if s.d().locs[i].Type == typeTP {
			all++
			if s.Estabs[i].Owner == p {
				mine++
			}
		}
	}
	return all, mine
}

// ownerOfRole returns the seat controlling the racket of role r, or -1.
func (s *State) ownerOfRole(r string) int {
	i := s.d().role(r)
	if i < 0 {
		return -1
	}
	return s.Estabs[i].Owner
}

// allowed reports whether p may move automatically to racket i owned by
// another player.
func (s *State) allowed(i, p int) bool { return slices.Contains(s.Estabs[i].Allow, p) }

// autoOK reports whether seat p may make an automatic move to location i
// now (§2.3 and §10.1; ST-A16, ST-A35).
func (s *State) autoOK(p, i int) bool {
	pl := &s.Players[p]
	d := s.d()
	l := d.loc(i)
	switch l.Type {
	case typeConsulates:
		return true
	case typeAirfield:
		return pl.Passport
	case typeRacket:
		if pl.Passport {
			return false
		}
		e := &s.Estabs[i]
		switch {
		case e.Owner == p:
			return true
		case e.Owner >= 0:
			return s.allowed(i, p)
		}
		all, mine := s.tradingPosts(d.distOf(i), p)
		return all > 0 && mine == all
	}
	return false
}

// stayOK reports whether p may stay where they are this turn (§2.3 "You
// can stay put only if you could make an automatic move to that
// location"). At the airfield the move is the escape roll or the way back
// (ST-A35), so staying there is not a move.
func (s *State) stayOK(p int) bool {
	at := s.Players[p].At
	return at >= 0 && s.d().loc(at).Type != typeAirfield && s.autoOK(p, at)
}

// names lists the seats' names.
func (s *State) names(seats []int) []string {
	out := make([]string, len(seats))
	for i, p := range seats {
		out[i] = s.Players[p].Name
	}
	return out
}

// inCity lists the seats still in the city, in seat order.
func (s *State) inCity() []int {
	var out []int
	for i := range s.Players {
		if s.Players[i].inCity() {
			out = append(out, i)
		}
	}
	return out
}

// rank is p's place in the initiative order (0 first), or len(Order).
func (s *State) rank(p int) int {
	if i := slices.Index(s.Order, p); i >= 0 {
		return i
	}
	return len(s.Order)
}

// total is the money the players hold, cash and bank.
func (s *State) total() int {
	n := 0
	for _, p := range s.Players {
		n += p.Cash + p.Bank
	}
	return n
}
