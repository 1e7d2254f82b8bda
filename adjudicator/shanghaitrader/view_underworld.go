package shanghaitrader

import (
	"fmt"
	"slices"
	"strings"
)

// Part2View is the underworld's part of the View: the advanced rules in
// play, the step, this turn's special event, the rackets and their
// effects, the contractors on the board and the public notices of fees
// and refunds. All of it is public (rules-analysis 1d: every counter on
// the board is). Games of version 1 have none (nil). Its name is the one
// report templates (templates/shanghai-trader.tmpl, and any a GM copied
// from it) test for, so it keeps it.
type Part2View struct {
	// Rules lists the parts of the advanced game in play, in words.
	Rules []string `json:"rules"`
	// Collusion: the open step is the Collusion Phase.
	Collusion bool `json:"collusion"`
	// Event is the special event of the open Seasonal Turn, in words ("":
	// none, or the Collusion Phase).
	Event string `json:"event,omitempty"`
	// Rackets are the twelve rackets (§6): who controls each, and what
	// it does.
	Rackets     []RacketView    `json:"rackets"`
	Contractors ContractorsView `json:"contractors"`
	// Notices are the players' public fees and refunds (ST-A1, ST-X4).
	Notices []string `json:"notices"`
}

// RacketView is one racket and its card (§6.2).
type RacketView struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	District   string `json:"district"`
	DistrictID string `json:"district_id"`
	Owner      string `json:"owner"` // "" uncontrolled
	// Only is the nationality that alone may control it (§11.4).
	Only   string `json:"only,omitempty"`
	Effect string `json:"effect"`
	// Status says what of its effect stands this year.
	Status []string `json:"status,omitempty"`
}

// ContractorsView is the contractors on the board (§3.3, §11.4), all in
// plain sight. A picture can draw them from here: districts and
// locations are named as in establishments[].
type ContractorsView struct {
	// Police and Monks are the districts they are deployed to this year
	// (a district once per counter); empty while at home.
	Police []string `json:"police"`
	Monks  []string `json:"monks"`
	// Marines are the locations (ids) the Japanese marines guard.
	Marines []string `json:"marines"`
	// Minder is who the White Russian minder protects ("" none or not in
	// the game); MinderDead once he took a bullet.
	Minder     string `json:"minder,omitempty"`
	MinderDead bool   `json:"minder_dead,omitempty"`
	// Inspector is the warehouse (id) the customs inspector has closed.
	Inspector []string `json:"inspector"`
	// Courtesans are the general courtesans at work: the location (id)
	// and who hired her.
	Courtesans []PlacedView `json:"courtesans"`
	// Lido is the player the Lido Courtesan is racing to the Daily Mail.
	Lido string `json:"lido,omitempty"`
	// Detained are the players the German spy's scandal keeps in the
	// Consulates, with the turns left.
	Detained map[string]int `json:"detained"`
}

// PlacedView is a contractor on an establishment.
type PlacedView struct {
	At string `json:"at"`
	By string `json:"by,omitempty"`
}

// rulesWords are the advanced rules in play.
func (s *State) rulesWords() []string {
	r := s.Underworld.Rules
	out := []string{}
	if r.SuddenFrom > 0 {
		out = append(out, fmt.Sprintf("sudden death: a roll of %d-6 at the start of years %d to %d ends the game with that year (§11.2)", r.Threshold, r.SuddenFrom, r.SuddenTo))
	}
	if r.Length > 0 {
		out = append(out, fmt.Sprintf("a game of %d years (§11.3)", r.Length))
	}
	for _, n := range []struct {
		on   bool
		text string
	}{
		{r.Exclusive, "exclusive rackets (§11.4)"}, {r.Marines, "Japanese marines (§11.4)"},
		{r.Minder, "the White Russian minder (§11.4)"}, {r.Spy, "the German spy (§11.4)"},
	} {
		if n.on {
			out = append(out, n.text)
		}
	}
	return out
}

// underworldView is the Part2View of the state.
func (s *State) underworldView() *Part2View {
	d := s.d()
	x := s.Underworld
	v := &Part2View{Rules: s.rulesWords(), Collusion: x.Collusion, Notices: []string{}}
	if !x.Collusion && s.eventYear() && !s.Over {
		ev := d.Events[s.Season]
		if o := s.ownerOfRole(ev.Racket); o >= 0 {
			v.Event = fmt.Sprintf("%s, run by %s (%s)", ev.Name, s.Players[o].Name, d.loc(d.role(ev.Racket)).Name)
		} else {
			v.Event = fmt.Sprintf("none: the %s, which runs the %s, is uncontrolled", d.loc(d.role(ev.Racket)).Name, ev.Name)
		}
	}
	for i, l := range d.locs {
		if l.Type != typeRacket {
			continue
		}
		dist := d.district(i)
		rv := RacketView{ID: l.ID, Name: l.Name, District: dist.Name, DistrictID: dist.ID, Effect: s.effect(l.Role)}
		if o := s.Estabs[i].Owner; o >= 0 {
			rv.Owner = s.Players[o].Name
		}
		if x.Rules.Exclusive {
			rv.Only = d.Exclusive[l.Role]
		}
		rv.Status = s.racketStatus(i)
		v.Rackets = append(v.Rackets, rv)
	}
	c := &v.Contractors
	c.Police, c.Monks, c.Marines, c.Inspector, c.Courtesans, c.Detained = []string{}, []string{}, []string{}, []string{}, []PlacedView{}, map[string]int{}
	for _, dist := range x.Police {
		c.Police = append(c.Police, d.Districts[dist].Name)
	}
	for _, dist := range x.Monks {
		c.Monks = append(c.Monks, d.Districts[dist].Name)
	}
	for _, i := range x.Marines {
		c.Marines = append(c.Marines, d.loc(i).ID)
	}
	if x.Minder >= 0 {
		c.Minder = s.Players[x.Minder].Name
	}
	c.MinderDead = x.MinderDead
	for i, e := range s.Estabs {
		if e.Closed {
			c.Inspector = append(c.Inspector, d.loc(i).ID)
		}
		if e.Compromised {
			pv := PlacedView{At: d.loc(i).ID}
			for _, cp := range x.Courtesans {
				if cp.Loc == i && cp.By >= 0 {
					pv.By = s.Players[cp.By].Name
				}
			}
			c.Courtesans = append(c.Courtesans, pv)
		}
	}
	if x.Lido >= 0 {
		c.Lido = s.Players[x.Lido].Name
	}
	for _, p := range s.Players {
		if p.Detained > 0 {
			c.Detained[p.Name] = p.Detained
		}
	}
	for p := range s.Players {
		v.Notices = append(v.Notices, s.notices(p)...)
	}
	return v
}

// effect is a racket's card, in one line (ST-G2, §3.3, §5, §7.2, §8).
func (s *State) effect(role string) string {
	d := s.d()
	switch role {
	case roleShanghaiClub:
		return fmt.Sprintf("Controls the %d police: deployed each year in the Settlement (not Bubbling Well Road), +%d to thugs and muggers there, no monks; gained by landing on it, never lost", d.Police.Count, d.Police.Modifier)
	case roleCurrency:
		return fmt.Sprintf("Banking like the Banks, automatic moves with the owner's leave, %d%% commission to the owner; the owner earns %d%% interest on his account each Revenue Phase", d.Commission, d.Interest)
	case roleCustoms:
		return fmt.Sprintf("The customs inspector raids one warehouse a year: 1-%d closes it (+%d with marines) until the end of the next Revenue Phase", d.Customs.Hit, d.Marines.Modifier)
	case roleGreatOrient:
		return "Rolls on the Shipping Table each winter and sends the ships to the docks"
	case roleMonastery:
		return fmt.Sprintf("Controls the %d monks: deployed each year where there are no police, they take %s a turn from each coolie there and add +%d to thugs and muggers", d.Monks.Count, money(d.Monks.Extortion), d.Monks.Modifier)
	case roleRacetrack:
		return fmt.Sprintf("The Picnic Races each autumn: %s from every player, the pool raised %d%%; the owner adds %d to his roll or takes %d%% and withdraws", money(d.Picnic.Flutter), d.Picnic.Bonus, d.Picnic.Owner, d.Picnic.Withdraw)
	case roleTemple:
		return "The owner's second chance against being shanghaied; half of every mugger's take"
	case roleFerry:
		return fmt.Sprintf("The ferry across the river: %s a crossing to the owner", money(d.FerryCharge))
	case roleCasino:
		return fmt.Sprintf("Roulette Rouble each spring (wagers %s-%s; the owner rolls one less); half of the shanghaied's Fan Tan losses", money(d.Roulette.Min), money(d.Roulette.Max))
	case roleFrenchClub:
		return fmt.Sprintf("The Bastille Day Bash each summer: guests the owner singles out pay a tab of up to %s", money(d.Bastille))
	case roleLido:
		return fmt.Sprintf("The Gala Performance each winter (1-%d: %s to the owner); the Lido Courtesan once a year", d.Gala.Scene, money(d.Gala.Fee))
	case roleTransport:
		return fmt.Sprintf("%s for each extra roll at the airfield; %s for each functioning factory each Revenue Phase", money(d.AirfieldFee), money(d.TransportFee))
	}
	return ""
}

// racketStatus says what of racket i's effect stands this year.
func (s *State) racketStatus(i int) []string {
	d := s.d()
	x := s.Underworld
	role := d.loc(i).Role
	var out []string
	if s.withdrawn(role) {
		out = append(out, "its contractors are withdrawn until next year")
	}
	if s.fresh(i) {
		out = append(out, "gained this turn")
	}
	switch role {
	case roleLido:
		switch {
		case x.Lido >= 0:
			out = append(out, "the Lido Courtesan races "+s.Players[x.Lido].Name+" to the Daily Mail")
		case s.used(dealLido):
			out = append(out, "the Lido Courtesan has been used this year")
		}
	case roleCustoms:
		if s.used(dealCustoms) {
			out = append(out, "the customs inspector has raided this year")
		}
	case roleShanghaiClub:
		if len(x.Police) > 0 {
			out = append(out, "police in "+s.districtList(x.Police))
		}
	case roleMonastery:
		if len(x.Monks) > 0 {
			out = append(out, "monks in "+s.districtList(x.Monks))
		}
	}
	return out
}

// notices are p's public fees and refunds, in words.
func (s *State) notices(p int) []string {
	dl := s.Players[p].Deals
	if dl == nil {
		return nil
	}
	var out []string
	for _, set := range []struct {
		fees []Fee
		what string
	}{{dl.Fees, "fee"}, {dl.Refunds, "refund"}} {
		for _, f := range set.fees {
			who := "anybody"
			if f.To >= 0 {
				who = s.Players[f.To].Name
			}
			n := money(f.N)
			if f.Kind == feeCommission || set.what == "refund" {
				n = fmt.Sprintf("%d%%", f.N)
			}
			verb := "charges"
			if set.what == "refund" {
				verb = "refunds"
			}
			out = append(out, fmt.Sprintf("%s %s %s %s (%s)", s.Players[p].Name, verb, who, n, f.Kind))
		}
	}
	return out
}

// mayUse is what p may still use this year, in words (the issue's "what
// each player may still use this year").
func (s *State) mayUse(p int) []string {
	d := s.d()
	x := s.Underworld
	me := &s.Players[p]
	if !me.inCity() || s.Over {
		return nil
	}
	var out []string
	if s.contractorsOut() {
		out = append(out, fmt.Sprintf("an assassin each turn (%s)", money(d.Assassin.Cost)))
	} else {
		out = append(out, fmt.Sprintf("one general contractor each turn: thug %s, mugger %s or assassin %s", money(d.Thug.Cost), money(d.Mugger.Cost), money(d.Assassin.Cost)))
		out = append(out, fmt.Sprintf("the Tongs (%s) or a general courtesan (%s), from their dens in Old Chinatown", money(d.Tongs.Cost), money(d.Courtesan.Cost)))
	}
	own := func(role string) bool { return s.ownerOfRole(role) == p }
	if own(roleLido) && !s.contractorsOut() {
		switch {
		case x.Lido >= 0:
			out = append(out, "the Lido Courtesan, racing "+s.Players[x.Lido].Name+" to the Daily Mail")
		case !s.used(dealLido) && !s.withdrawn(roleLido):
			out = append(out, "the Lido Courtesan, once this year")
		}
	}
	if own(roleCustoms) && !s.contractorsOut() && !s.used(dealCustoms) && !s.withdrawn(roleCustoms) {
		out = append(out, "the customs inspector's raid, once this year")
	}
	if own(roleMonastery) && len(x.Monks) > 0 {
		out = append(out, "the monks' extortion in "+s.districtList(x.Monks)+", each turn")
	}
	if s.spyOwner() == p && !s.contractorsOut() && !s.used(dealSpy) {
		out = append(out, "the spy, once this year")
	}
	if s.minderOwner() == p && x.Minder >= 0 {
		out = append(out, "the minder, with "+s.Players[x.Minder].Name+" this year")
	}
	if s.marinesOwner() == p && len(x.Marines) > 0 {
		var ids []string
		for _, i := range x.Marines {
			ids = append(ids, d.loc(i).ID)
		}
		out = append(out, "the marines, on "+strings.Join(ids, " and "))
	}
	return out
}

// dealsWords are p's standing deals and debts, in words (p's own).
func (s *State) dealsWords(p int) []string {
	var out []string
	name := func(q int) string { return s.Players[q].Name }
	if dl := s.Players[p].Deals; dl != nil {
		for _, k := range dealKinds {
			if n, ok := dl.Offers[k]; ok {
				out = append(out, fmt.Sprintf("offer up to %s against the %s", money(n), k))
			}
		}
		for _, k := range dealKinds {
			if n, ok := dl.Asks[k]; ok {
				out = append(out, fmt.Sprintf("ask at least %s for the %s", money(n), k))
			}
		}
		for _, c := range dl.Credit {
			if c.Lend {
				out = append(out, fmt.Sprintf("a line of credit of %s to %s", money(c.N), name(c.Seat)))
			} else {
				out = append(out, fmt.Sprintf("a line of credit of %s accepted from %s", money(c.N), name(c.Seat)))
			}
		}
		if dl.Roulette > 0 {
			out = append(out, "roulette wager "+money(dl.Roulette))
		}
		if dl.Withdraw {
			out = append(out, fmt.Sprintf("withdraw from the Picnic Races when the pool is at least %s", money(dl.WithdrawAt)))
		}
		if dl.NoExtort {
			out = append(out, "the monks take nothing")
		}
	}
	for _, l := range s.Underworld.Loans {
		switch p {
		case l.From:
			out = append(out, fmt.Sprintf("%s owes you %s", name(l.To), money(l.N)))
		case l.To:
			out = append(out, fmt.Sprintf("you owe %s %s", name(l.From), money(l.N)))
		}
	}
	return out
}

// Line describes a racket in one line: owner, card and what stands.
func (rv RacketView) Line() string {
	t := rv.Name + " (" + rv.District + "): "
	if rv.Owner != "" {
		t += rv.Owner
	} else {
		t += "uncontrolled"
	}
	if rv.Only != "" {
		t += ", " + rv.Only + " only"
	}
	t += ". " + rv.Effect + "."
	if len(rv.Status) > 0 {
		t += " Now: " + strings.Join(rv.Status, "; ") + "."
	}
	return t
}

// Lines are the contractors on the board, one line each.
func (c ContractorsView) Lines() []string {
	var out []string
	list := func(what string, xs []string) {
		if len(xs) > 0 {
			out = append(out, what+": "+strings.Join(xs, ", "))
		}
	}
	list("Police", c.Police)
	list("Monks", c.Monks)
	list("Japanese marines", c.Marines)
	switch {
	case c.Minder != "":
		out = append(out, "The White Russian minder protects "+c.Minder)
	case c.MinderDead:
		out = append(out, "The White Russian minder is dead")
	}
	list("The customs inspector closes", c.Inspector)
	var cs []string
	for _, p := range c.Courtesans {
		t := p.At
		if p.By != "" {
			t += " (hired by " + p.By + ")"
		}
		cs = append(cs, t)
	}
	list("General courtesans compromise", cs)
	if c.Lido != "" {
		out = append(out, "The Lido Courtesan races "+c.Lido+" to the Daily Mail")
	}
	var ds []string
	for _, name := range sortedKeys(c.Detained) {
		ds = append(ds, fmt.Sprintf("%s (%d)", name, c.Detained[name]))
	}
	list("Detained in the Consulates by the spy", ds)
	if len(out) == 0 {
		out = append(out, "none on the board")
	}
	return out
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
