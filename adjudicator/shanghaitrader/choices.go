package shanghaitrader

import (
	"fmt"
	"strconv"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

var _ engine.Optioner = Engine{}

// Options lists player's decisions for the open step (engine.Optioner):
// for each verb of the version's table that offers choices (verb.choices)
// and that the step takes, the choices its own reading accepts now, each
// kept only if Check takes it and it can apply from where the player is
// (engine.KeepLegal, CheckArrival). Every decision may be left out: the
// move's default is Default's, the rest do nothing.
func (e Engine) Options(as engine.State, player string) []engine.Decision {
	s := e.at(as)
	p := s.seat(player)
	if p < 0 || s.Over || !s.Players[p].inCity() {
		return nil
	}
	// A choice made at a place (a deposit, a wager at Fan Tan) is kept
	// when one of the moves the form offers can take the player there:
	// the form is filled in as one file, so the arrival sees them
	// together. reach is the last move that did, tried first.
	var moves []orders.Item
	reach := 0
	check := func(items []orders.Item) error {
		if err := e.Check(as, player, items); err != nil {
			return err
		}
		err := e.CheckArrival(as, player, items)
		if err == nil || len(items) != 1 || items[0].Verb == verbMove {
			return err
		}
		for k := range moves {
			i := (reach + k) % len(moves)
			if e.CheckArrival(as, player, orders.Renumber([]orders.Item{moves[i], items[0]})) == nil {
				reach = i
				return nil
			}
		}
		return err
	}
	var out []engine.Decision
	for _, name := range s.rules.verbs.list {
		v := s.rules.verbs.named(name)
		if v.choices == nil || s.rules.Collusion && s.takes(v) != nil {
			continue
		}
		var cands []engine.Choice
		for _, o := range v.choices(s, p) {
			cands = append(cands, engine.Choice{Order: v.name + ": " + o, Text: s.choiceText(p, v.name, o)})
		}
		legal := engine.KeepLegal(check, nil, cands)
		if len(legal) == 0 {
			continue
		}
		prompt := v.rule
		if what, ok := decisionPrompts[v.name]; ok {
			prompt = what + " (" + v.rule + ")"
		}
		d := engine.Decision{Name: v.name, Prompt: prompt, Choices: legal, Optional: true}
		if v.name == verbMove {
			d.Default = "move: " + s.defaultMove(p).Text
			for _, c := range legal {
				if items, err := engine.ChoiceItems(c.Order); err == nil && len(items) == 1 {
					moves = append(moves, items[0])
				}
			}
		}
		out = append(out, d)
	}
	return out
}

// decisionPrompts say what each decision of the form decides, before the
// rule it plays; a verb without one is prompted by its rule alone.
var decisionPrompts = map[string]string{
	verbMove:       "Where you move (an order file may rank several moves, each with if CONDITION)",
	verbFanTan:     "Your wager if you land at Fan Tan Gambling",
	verbOpium:      "In the Opium Dens: pay the fine or gamble",
	verbPassport:   "At the International Consulates: buy a passport or roll for one",
	verbBodyguards: "How many bodyguards you have at the airfield",
	verbDailyMail:  "Whose money the Daily Mail tells you, if you land there",
	verbBuy:        "What you buy where you land, if you can pay",
	verbLido:       "Whom the Lido Courtesan races",
	verbSpy:        "Whom the spy targets",
	verbRoulette:   "Your Roulette Rouble wager",
	verbPicnic:     "The Picnic Races: race or withdraw",
	verbExtort:     "The monks' extortion",
	verbMinder:     "Whom the minder protects",
}

// choiceText says what the choice o of verb does for p from where p is:
// where a roll for a district lands, by the die, with the fines and the
// prices; whose an automatic move's place is; what a purchase costs.
func (s *State) choiceText(p int, verb, o string) string {
	d := s.d()
	switch verb {
	case verbMove:
		text := ""
		if o == s.defaultMove(p).Text {
			text = "the default; "
		}
		switch {
		case o == "stay":
			return text + "stay at " + d.locName(s.Players[p].At)
		case o == "escape":
			return text + "the escape roll from the airfield (§10.1)"
		case strings.HasPrefix(o, "auto "):
			i, ok := d.findLoc(strings.TrimPrefix(o, "auto "))
			if !ok {
				return strings.TrimSuffix(text, "; ")
			}
			text += "to " + d.locName(i) + " in " + d.district(i).Name
			if q := s.Estabs[i].Owner; q >= 0 && q != p {
				text += fmt.Sprintf(", %s's: fine %s", s.Players[q].Name, money(s.fee(q, feeFine, p, d.Fine)))
			}
			return text
		}
		if dist, ok := d.findDistrict(o); ok {
			return text + "roll: " + strings.Join(s.landings(p, dist), "; ")
		}
	case verbBuy:
		if c, ok := d.Costs[o]; ok {
			return fmt.Sprintf("%s, you have %s", money(c), money(s.Players[p].Cash))
		}
	}
	return ""
}

// moveChoices are the single moves: stay, the escape roll, an automatic
// move to any location, or a district to roll for (§2.3, §10.1).
func (s *State) moveChoices(p int) []string {
	d := s.d()
	// The default move first, so that a filled-in order file (a report's
	// skeleton) moves as sending nothing would; then only what may apply
	// from where p is (fills.go: a stay or an automatic move that can
	// never apply this turn is left out).
	def := s.defaultMove(p).Text
	out := []string{def}
	if def != "stay" && s.neverMove(p, moveOpt{Kind: mvStay}) == "" {
		out = append(out, "stay")
	}
	if def != "escape" {
		out = append(out, "escape")
	}
	for _, dist := range d.Districts {
		if dist.Name != def {
			out = append(out, dist.Name)
		}
	}
	for i, l := range d.locs {
		if t := "auto " + l.Name; t != def && s.neverMove(p, moveOpt{Kind: mvAuto, To: i}) == "" {
			out = append(out, t)
		}
	}
	return out
}

// passportChoices: buy or roll at the Consulates (§8.4).
func (s *State) passportChoices(int) []string { return []string{"buy", "roll"} }

// opiumChoices: pay or gamble in the Opium Dens (§7.6).
func (s *State) opiumChoices(int) []string { return []string{"pay", "gamble"} }

// bodyguardsChoices: how many bodyguards, as the airfield's table offers
// them (§3.3).
func (s *State) bodyguardsChoices(int) []string {
	var out []string
	for n := range s.d().Bodyguards {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// fanTanChoices: the volunteer's wagers (§7.3).
func (s *State) fanTanChoices(int) []string {
	return wagers(s.d().FanTan.Min, s.d().FanTan.Max, s.d().Unit)
}

// rouletteChoices: the Roulette Rouble wagers (§5.3).
func (s *State) rouletteChoices(int) []string {
	return wagers(s.d().Roulette.Min, s.d().Roulette.Max, s.d().Unit)
}

// wagers are the sums from least to most in steps of unit.
func wagers(least, most, unit int) []string {
	var out []string
	for n := least; n <= most && unit > 0; n += unit {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// buyChoices: a kind of establishment, or any (§2.3, §3.2).
func (s *State) buyChoices(int) []string {
	return []string{"trading-post", "warehouse", "factory", "racket", "any"}
}

// otherPlayerChoices are the other players in the city: whom the Daily
// Mail is asked about (§8.3), or the minder protects (§11.4, with the
// player's own seat).
func (s *State) otherPlayerChoices(p int) []string {
	var out []string
	for q := range s.Players {
		if q != p && s.Players[q].inCity() {
			out = append(out, s.Players[q].Name)
		}
	}
	return out
}

// minderChoices: any player in the city, the White Russian included.
func (s *State) minderChoices(p int) []string {
	return append([]string{"me"}, s.otherPlayerChoices(p)...)
}

// picnicChoices: race or withdraw (§5.5).
func (s *State) picnicChoices(int) []string { return []string{"race", "withdraw"} }

// extortChoices: on or off (§3.3).
func (s *State) extortChoices(int) []string { return []string{"on", "off"} }
