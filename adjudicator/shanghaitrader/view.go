package shanghaitrader

import (
	"fmt"
	"strings"
	"taipan/adjudicator/engine"
)

// View is what one player (or, for the viewer "", the GM) may see. Its
// JSON is an object (the contract of `taipan state --json`); the report
// template "shanghai-trader-view" draws it. The board, the tracks and
// every counter are public; a player's cash and bank are the player's
// own, and the GM's, until the game ends (rules-analysis 1d), except
// what the Daily Mail disclosed.
type View struct {
	Viewer   string   `json:"viewer,omitempty"` // "" for the GM
	Status   string   `json:"status"`
	Year     int      `json:"year"`
	Season   string   `json:"season"`
	LastYear int      `json:"last_year"`
	Finished bool     `json:"finished"`
	Winners  []string `json:"winners,omitempty"`
	Ended    string   `json:"ended,omitempty"`
	Pending  []string `json:"pending"`
	// Initiative is the order the players in the city move in this
	// year, first first; Rolls says how it was decided.
	Initiative []string `json:"initiative"`
	Rolls      string   `json:"initiative_rolls,omitempty"`
	// ShipRoll is this year's Shipping Table roll (0: none yet); Ships
	// are the docks ships reached in the season just played.
	ShipRoll       int          `json:"ship_roll,omitempty"`
	ShipsPerSeason []int        `json:"ships_per_season,omitempty"`
	Ships          []string     `json:"ships"`
	Players        []PlayerView `json:"players"`
	Establishments []EstabView  `json:"establishments"`
	// Owners maps each controlled establishment's id to its owner (the
	// same as establishments[].owner, for quick reading).
	Owners map[string]string `json:"owners"`
	// Allowed maps each racket whose owner lets others move there
	// automatically to those players (public).
	Allowed  map[string][]string `json:"allowed"`
	Finances []FinanceView       `json:"finances"` // the viewer's (the GM: everybody's)
	Standing []StandingView      `json:"standing,omitempty"`
	// Ledger is the bank's side (GM only): what the players held at the
	// set-up, and what was paid to and drawn from the bank since, by
	// reason.
	Ledger *LedgerView `json:"ledger,omitempty"`
	// Moves are the players' counters that moved in the step just played,
	// in seat order, and Changed the establishments that changed hands in
	// it, in map order (laststep.go); none after the set-up.
	Moves   []MoveView   `json:"moves,omitempty"`
	Changed []ChangeView `json:"changed,omitempty"`
	// Decision is the viewer's YOUR DECISION panel while the open step
	// waits for their orders (decision_panel.go); in their view alone.
	Decision []string `json:"decision,omitempty"`
	// Offers are the exchanges on the table of the open Collusion Phase
	// (offer.go) that the viewer made or is offered, with how
	// to answer them; the GM sees all of them, with their answers.
	Offers []string `json:"offers,omitempty"`
	// Part2View holds what version 2 adds (its keys are at the top level
	// of the JSON: rules, collusion, event, rackets, contractors,
	// notices); nil in games of version 1.
	*Part2View
}

// PlayerView is one player as the viewer sees them.
type PlayerView struct {
	Name        string `json:"name"`
	Nationality string `json:"nationality"`
	// Cash and Bank are absent when the viewer may not see them; when
	// Disclosed is set they are the Daily Mail's figures of that time.
	Cash       *int   `json:"cash,omitempty"`
	Bank       *int   `json:"bank,omitempty"`
	Disclosed  string `json:"disclosed,omitempty"`
	District   string `json:"district"`              // "" once out of the city
	DistrictID string `json:"district_id,omitempty"` // D01 ... D19
	Location   string `json:"location"`
	LocationID string `json:"location_id,omitempty"`
	Escaped    bool   `json:"escaped"`
	Shanghaied bool   `json:"shanghaied"`
	Hooked     bool   `json:"hooked"`
	Passport   bool   `json:"passport"`
	Bodyguards int    `json:"bodyguards"`
	// Out is escaped, assassinated or removed, with OutWhen.
	Out     string `json:"out,omitempty"`
	OutWhen string `json:"out_when,omitempty"`
	// Initiative is the player's place (1 first), 0 out of the city.
	Initiative int `json:"initiative"`
	Counters   int `json:"counters"` // player and employee counters on the board
	// Minded: the White Russian minder protects the player; Detained: the
	// turns the German spy's scandal keeps them in the Consulates.
	Minded   bool `json:"minded,omitempty"`
	Detained int  `json:"detained,omitempty"`
}

// EstabView is one location of the map.
type EstabView struct {
	ID          string   `json:"id"`
	District    string   `json:"district"`
	DistrictID  string   `json:"district_id"`
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Dice        string   `json:"dice"`           // "1-2"
	Cost        int      `json:"cost,omitempty"` // its employee's price
	Owner       string   `json:"owner"`          // "" uncontrolled or not for sale
	Serviced    bool     `json:"serviced,omitempty"`
	Closed      bool     `json:"closed,omitempty"`
	Compromised bool     `json:"compromised,omitempty"`
	Allow       []string `json:"allow,omitempty"`   // who may move here automatically
	Players     []string `json:"players,omitempty"` // counters standing here
	zone        string
	aliases     []string // the location's other names, for the picture's short labels
}

// FinanceView is one player's money and the revenue their establishments
// would give at a Revenue Phase now.
type FinanceView struct {
	Name      string   `json:"name"`
	Cash      int      `json:"cash"`
	Bank      int      `json:"bank"`
	Revenue   int      `json:"revenue"` // before the Transport fee
	Fee       int      `json:"fee,omitempty"`
	Pyramids  []string `json:"pyramids"`  // each pyramid, in words
	Income    string   `json:"income"`    // the whole revenue, in words
	Holdings  []string `json:"holdings"`  // the establishments controlled
	Disclosed []string `json:"disclosed"` // what the Daily Mail told this player
	// MayUse is what the player may still use this year, and Deals their
	// standing deals and debts, in words (version 2).
	MayUse []string `json:"may_use,omitempty"`
	Deals  []string `json:"deals,omitempty"`
}

// StandingView is a player's standing orders (own view, and the GM's).
type StandingView struct {
	Name string   `json:"name"`
	Sell []string `json:"sell,omitempty"`
	Bids []string `json:"bids,omitempty"`
}

// LedgerView is the bank's account of the money (GM only).
type LedgerView struct {
	Issued int            `json:"issued"`
	Paid   map[string]int `json:"paid"`
	Drawn  map[string]int `json:"drawn"`
	Held   int            `json:"held"` // what the players hold now
}

// View returns what player may see; "" is the GM's full view.
func (e Engine) View(as engine.State, player string) any {
	s := e.at(as)
	d := s.d()
	st := Engine{}.Status(s)
	me := -1
	if player != "" {
		me = s.seat(player)
	}
	gm := player == ""
	v := View{
		Viewer: player, Status: st.Phase, Year: s.Year, Season: s.seasonName(), LastYear: s.LastYear,
		Finished: s.Over, Winners: st.Winners, Ended: s.Ended, Pending: st.Pending, Initiative: s.names(s.Order),
		Rolls: s.Rolls, ShipRoll: s.ShipRoll, Ships: []string{}, Finances: []FinanceView{},
	}
	if v.Pending == nil {
		v.Pending = []string{}
	}
	if s.ShipRoll > 0 {
		v.ShipsPerSeason = d.Shipping[s.ShipRoll-1]
	}
	for _, dk := range s.Ships {
		v.Ships = append(v.Ships, d.Districts[dk].Name)
	}
	for p := range s.Players {
		v.Players = append(v.Players, s.playerView(p, me, gm))
	}
	v.Owners, v.Allowed = map[string]string{}, map[string][]string{}
	for i := range s.Estabs {
		ev := s.estabView(i)
		v.Establishments = append(v.Establishments, ev)
		if ev.Owner != "" {
			v.Owners[ev.ID] = ev.Owner
		}
		if len(ev.Allow) > 0 {
			v.Allowed[ev.ID] = ev.Allow
		}
	}
	for p := range s.Players {
		if gm || p == me {
			v.Finances = append(v.Finances, s.finance(p))
			pl := &s.Players[p]
			if len(pl.Sell)+len(pl.Bids) > 0 {
				v.Standing = append(v.Standing, s.standingView(p))
			}
		}
	}
	if gm {
		v.Ledger = &LedgerView{Issued: s.Issued, Paid: nonNil(s.Paid), Drawn: nonNil(s.Drawn), Held: s.total()}
	}
	v.Moves, v.Changed = s.lastStep()
	if s.book().city() {
		v.Part2View = s.underworldView()
		v.Offers = s.tableView(me, gm)
	}
	if me >= 0 && !s.Over && s.Players[me].inCity() {
		v.Decision = s.decisionLines(me)
	}
	return v
}

func nonNil(m map[string]int) map[string]int {
	if m == nil {
		return map[string]int{}
	}
	return m
}

// playerView is seat p as viewer me (or the GM) sees them.
func (s *State) playerView(p, me int, gm bool) PlayerView {
	d := s.d()
	pl := &s.Players[p]
	pv := PlayerView{
		Name: pl.Name, Nationality: pl.Nationality, Escaped: pl.Out == outEscaped, Shanghaied: pl.Shanghaied,
		Hooked: pl.Hooked, Passport: pl.Passport, Bodyguards: pl.Bodyguards, Out: pl.Out, OutWhen: pl.OutWhen,
		Counters: s.counters(p), Minded: s.minded(p), Detained: pl.Detained,
	}
	if k := s.rank(p); k < len(s.Order) {
		pv.Initiative = k + 1
	}
	if pl.At >= 0 {
		dist := d.district(pl.At)
		pv.District, pv.DistrictID = dist.Name, dist.ID
		pv.Location, pv.LocationID = d.locName(pl.At), d.loc(pl.At).ID
	}
	switch {
	case gm || p == me || s.Over:
		cash, bank := pl.Cash, pl.Bank
		pv.Cash, pv.Bank = &cash, &bank
	case me >= 0:
		for _, k := range s.Players[me].Known {
			if k.Of == p {
				cash, bank := k.Cash, k.Bank
				pv.Cash, pv.Bank = &cash, &bank
				pv.Disclosed = fmt.Sprintf("%s, year %d", d.Seasons[k.Season], k.Year)
			}
		}
	}
	return pv
}

// estabView is location i.
func (s *State) estabView(i int) EstabView {
	d := s.d()
	l := d.loc(i)
	dist := d.district(i)
	e := &s.Estabs[i]
	ev := EstabView{
		ID: l.ID, District: dist.Name, DistrictID: dist.ID, Name: l.Name, Type: l.Type, Dice: dice(l.Dice),
		Serviced: e.Serviced, Closed: e.Closed, Compromised: e.Compromised, Allow: s.names(e.Allow), zone: dist.Zone,
		aliases: l.Aliases,
	}
	if buyable(l.Type) {
		ev.Cost = d.cost(i)
	}
	if e.Owner >= 0 {
		ev.Owner = s.Players[e.Owner].Name
	}
	if len(ev.Allow) == 0 {
		ev.Allow = nil
	}
	for _, p := range s.Players {
		if p.At == i {
			ev.Players = append(ev.Players, p.Name)
		}
	}
	return ev
}

func dice(r [2]int) string {
	if r[0] == r[1] {
		return fmt.Sprint(r[0])
	}
	return fmt.Sprintf("%d-%d", r[0], r[1])
}

// finance is seat p's money, revenue and holdings.
func (s *State) finance(p int) FinanceView {
	d := s.d()
	pl := &s.Players[p]
	f := FinanceView{Name: pl.Name, Cash: pl.Cash, Bank: pl.Bank, Pyramids: []string{}, Holdings: []string{}, Disclosed: []string{}}
	if pl.inCity() {
		in := s.income(p)
		f.Revenue, f.Fee, f.Income = in.Revenue, in.Fee, s.describeIncome(in)
		for _, py := range in.Pyramids {
			f.Pyramids = append(f.Pyramids, s.describeIncome(income{Pyramids: []pyramid{py}, Gross: py.Value, Revenue: py.Value}))
		}
	}
	for i, e := range s.Estabs {
		if e.Owner == p {
			h := d.locName(i)
			if e.Serviced {
				h += " (serviced)"
			}
			f.Holdings = append(f.Holdings, h)
		}
	}
	for _, k := range pl.Known {
		f.Disclosed = append(f.Disclosed, fmt.Sprintf("%s: cash %s, bank %s (%s, year %d)", s.Players[k.Of].Name, money(k.Cash), money(k.Bank), d.Seasons[k.Season], k.Year))
	}
	if s.book().city() {
		f.MayUse, f.Deals = s.mayUse(p), s.dealsWords(p)
	}
	return f
}

// standingView is seat p's standing orders.
func (s *State) standingView(p int) StandingView {
	d := s.d()
	pl := &s.Players[p]
	sv := StandingView{Name: pl.Name}
	for _, i := range pl.Sell {
		sv.Sell = append(sv.Sell, d.locName(i))
	}
	for _, b := range pl.Bids {
		what := b.Type
		if b.Loc >= 0 {
			what = d.locName(b.Loc)
		}
		sv.Bids = append(sv.Bids, fmt.Sprintf("%s up to %s", what, money(b.Max)))
	}
	return sv
}

// Wrap wraps text for the template, under 72 characters.
func (View) Wrap(prefix, s string) string { return engine.Wrap(s, prefix, 71) }

// Money writes a sum: "$45ooo".
func (View) Money(n int) string { return money(n) }

// Join joins words with commas.
func (View) Join(words []string) string { return strings.Join(words, ", ") }

// Board draws the map, district by district: each location with its die
// range, its owner and the counters on it.
func (v View) Board() []string {
	var out []string
	zone, dist := "", ""
	zones := map[string]string{zoneBritish: "THE INTERNATIONAL SETTLEMENT, BRITISH ZONE", zoneFrench: "THE INTERNATIONAL SETTLEMENT, FRENCH ZONE", zoneOutside: "OUTSIDE THE SETTLEMENT (a 6 there shanghais)"}
	for _, e := range v.Establishments {
		if e.zone != zone {
			zone = e.zone
			out = append(out, zones[zone])
		}
		if e.DistrictID != dist {
			dist = e.DistrictID
			t := fmt.Sprintf("  %s %s", e.DistrictID, e.District)
			for _, sh := range v.Ships {
				if sh == e.District {
					t += "  [ship]"
				}
			}
			if c := v.contractors(); c != nil {
				for _, k := range []struct {
					where []string
					what  string
				}{{c.Police, "police"}, {c.Monks, "monks"}} {
					if n := count(k.where, e.District); n > 0 {
						t += fmt.Sprintf("  [%s x%d]", k.what, n)
					}
				}
			}
			out = append(out, t)
		}
		name := e.Name
		if e.Name == e.ID {
			name = e.ID + " " + strings.ReplaceAll(e.Type, "-", " ")
		}
		var marks []string
		if e.Owner != "" {
			marks = append(marks, e.Owner)
		} else if e.Cost > 0 {
			marks = append(marks, "("+money(e.Cost)+")")
		}
		if e.Serviced {
			marks = append(marks, "serviced")
		}
		if e.Closed {
			marks = append(marks, "closed")
		}
		if e.Compromised {
			marks = append(marks, "compromised")
		}
		if c := v.contractors(); c != nil {
			if n := count(c.Marines, e.ID); n > 0 {
				marks = append(marks, "marines")
			}
		}
		if len(e.Allow) > 0 {
			marks = append(marks, "open to "+strings.Join(e.Allow, " "))
		}
		rest := strings.Join(marks, ", ")
		if len(e.Players) > 0 {
			rest += "  <" + strings.Join(e.Players, " ") + ">"
		}
		if rest == "" {
			out = append(out, fmt.Sprintf("    %-4s %s", e.Dice, name))
			continue
		}
		out = append(out, engine.Wrap(rest, fmt.Sprintf("    %-4s %-29s ", e.Dice, name), 71))
	}
	return out
}

// Line describes a player in one line.
func (p PlayerView) Line() string {
	t := fmt.Sprintf("%s (%s)", p.Name, p.Nationality)
	switch {
	case p.Out == outEscaped:
		t += ", escaped (" + p.OutWhen + ")"
	case p.Out != "":
		t += ", " + p.Out + " (" + p.OutWhen + ")"
	default:
		t += fmt.Sprintf(": %s, %s", p.Location, p.District)
		if p.Shanghaied {
			t += ", shanghaied"
		}
		if p.Hooked {
			t += ", hooked"
		}
		if p.Passport {
			t += ", passport"
		}
		if p.Bodyguards > 0 {
			t += fmt.Sprintf(", %d %s", p.Bodyguards, plural(p.Bodyguards, "bodyguard", "bodyguards"))
		}
		if p.Minded {
			t += ", minded"
		}
		if p.Detained > 0 {
			t += fmt.Sprintf(", detained %d %s", p.Detained, plural(p.Detained, "turn", "turns"))
		}
		t += fmt.Sprintf("; %d %s", p.Counters, plural(p.Counters, "counter", "counters"))
	}
	if p.Cash != nil {
		t += fmt.Sprintf("; cash %s, bank %s", money(*p.Cash), money(*p.Bank))
		if p.Disclosed != "" {
			t += " (the Daily Mail, " + p.Disclosed + ")"
		}
	}
	return t
}

// InitiativeLine lists the initiative order.
func (v View) InitiativeLine() string {
	var parts []string
	for i, n := range v.Initiative {
		parts = append(parts, fmt.Sprintf("%d %s", i+1, n))
	}
	return strings.Join(parts, ", ")
}

// ShippingLine says this year's shipping.
func (v View) ShippingLine() string {
	if v.ShipRoll == 0 {
		return ""
	}
	t := fmt.Sprintf("Shipping roll %d this year: ships in winter %d, spring %d, summer %d, autumn %d.", v.ShipRoll, v.ShipsPerSeason[0], v.ShipsPerSeason[1], v.ShipsPerSeason[2], v.ShipsPerSeason[3])
	if len(v.Ships) > 0 {
		t += " Last season's ships: " + strings.Join(v.Ships, ", ") + "."
	}
	return t
}

// contractors is the view's contractors, or nil (version 1).
func (v View) contractors() *ContractorsView {
	if v.Part2View == nil {
		return nil
	}
	return &v.Contractors
}

// count counts x in xs.
func count(xs []string, x string) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}
