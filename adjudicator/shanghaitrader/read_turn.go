package shanghaitrader

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The readings of a Seasonal Turn's orders (§2.3: the move, Old
// Chinatown §7, the utilities §8, buying) and of the standing orders of
// the board: allow, sell and bid.

// readMove reads move: the ranked moves of §2.3 ("each player moves his
// counter"): a district to roll for, an automatic move, stay or the escape
// roll (§10.1).
func (s *State) readMove(p int, pl *plan, verb string, v any) error {
	pl.Move = make([]moveOpt, 0, entries(v))
	return s.each(p, v, false, true, "write a district, auto LOCATION, stay or escape, or a ranked list of them", func(what, text string, c cond) error {
		m, err := s.parseMove(p, what, text, c)
		pl.Move = append(pl.Move, m)
		return err
	})
}

// parseMove reads one move entry (what, with the condition c, as written
// in text) and refuses what can never be legal this turn.
func (s *State) parseMove(p int, what, text string, c cond) (moveOpt, error) {
	d := s.d()
	me := &s.Players[p]
	entry := text
	m := moveOpt{Text: text, If: c}
	if !plainWords(text) {
		m.Text = strings.Join(strings.Fields(text), " ")
	}
	switch {
	case lowerIs(what, "stay"):
		m.Kind = mvStay
	case lowerIs(what, "escape"):
		m.Kind = mvEscape
		if !me.Passport || me.At != d.airfield {
			return m, fmt.Errorf("escape: the escape roll is made at the airfield, with a passport (§10.1)")
		}
	case len(what) >= 5 && lowerIs(what[:5], "auto ") || lowerIs(what, "auto"):
		name := strings.TrimSpace(what[4:])
		i, ok := d.findLoc(name)
		if !ok {
			return m, fmt.Errorf("%q: no location %q%s", entry, name, d.locHint(name))
		}
		switch d.loc(i).Type {
		case typeConsulates:
		case typeAirfield:
			if !me.Passport {
				return m, fmt.Errorf("%q: only a passport holder moves automatically to the airfield (§10.1)", entry)
			}
		case typeRacket:
			if me.Passport {
				return m, fmt.Errorf("%q: once you have your passport you may never move elsewhere in the city (§10.1)", entry)
			}
		default:
			return m, fmt.Errorf("%q: automatic moves go to a racket, the International Consulates or the airfield (§2.3)", entry)
		}
		m.Kind, m.To = mvAuto, i
	default:
		i, ok := d.findDistrict(what)
		if !ok {
			if _, isLoc := d.findLoc(what); isLoc {
				return m, fmt.Errorf("%q is a location: name its district to roll for it, or write auto %s for an automatic move", what, what)
			}
			return m, fmt.Errorf("%q is not a district%s", what, d.districtHint(what))
		}
		if me.Passport {
			return m, fmt.Errorf("%q: once you have your passport you may never move elsewhere in the city; move auto Consulates, auto airfield or escape (§10.1)", entry)
		}
		m.Kind, m.To = mvRoll, i
	}
	return m, nil
}

// readReroll reads reroll and air-reroll: how often at most to roll again
// on a railway station (§8.5) or the airfield (§8.6).
func (s *State) readReroll(p int, pl *plan, verb string, v any) error {
	n, ok := number(v)
	if !ok || n < 0 || n > 20 {
		return fmt.Errorf("write how many times at most to roll again, 0 to 20")
	}
	if verb == verbReroll {
		pl.Reroll = n
	} else {
		pl.AirReroll = n
	}
	return nil
}

// readFanTan reads fan-tan: a volunteer's Fan Tan wager (§7.3).
func (s *State) readFanTan(p int, pl *plan, verb string, v any) error {
	d := s.d()
	n, ok := number(v)
	if !ok || n < d.FanTan.Min || n > d.FanTan.Max || n%d.Unit != 0 {
		return fmt.Errorf("a volunteer's wager is $%dooo to $%dooo, in steps of $%dooo (§7.3)", d.FanTan.Min, d.FanTan.Max, d.Unit)
	}
	pl.FanTan = n
	return nil
}

// readOpium reads opium: a volunteer's choice in the Opium Dens, pay or
// gamble (§7.6).
func (s *State) readOpium(p int, pl *plan, verb string, v any) error {
	d := s.d()
	me := &s.Players[p]
	if me.Hooked {
		return fmt.Errorf("you are hooked: having decided not to pay, you can't get the option in subsequent turns (§7.6)")
	}
	t, _ := text(v)
	switch strings.ToLower(t) {
	case "pay", "gamble":
		pl.Opium = strings.ToLower(t)
	default:
		return fmt.Errorf("write pay (the $%dooo fine now, free to move next turn) or gamble (roll 1-%d next turn) (§7.6)", d.Opium.Fine, d.Opium.Out)
	}
	return nil
}

// readPassport reads passport: buy or roll for a passport at the
// International Consulates (§8.4, §10.1).
func (s *State) readPassport(p int, pl *plan, verb string, v any) error {
	me := &s.Players[p]
	if me.Passport {
		return fmt.Errorf("you already hold a passport")
	}
	return s.each(p, v, false, true, "write buy or roll, or a ranked list such as [buy if cash >= 90, roll]", func(what, text string, c cond) error {
		switch strings.ToLower(what) {
		case "buy", "roll":
			pl.Passport = append(pl.Passport, passOpt{Buy: strings.EqualFold(what, "buy"), If: c})
			return nil
		}
		return fmt.Errorf("%q: write buy or roll, each with an optional if CONDITION", text)
	})
}

// readBodyguards reads bodyguards: how many to hire at the airfield, ranked
// (§3.3, §8.6).
func (s *State) readBodyguards(p int, pl *plan, verb string, v any) error {
	d := s.d()
	me := &s.Players[p]
	if !me.Passport {
		return fmt.Errorf("bodyguards are hired at the airfield, by passport holders (§3.3)")
	}
	return s.each(p, v, false, false, fmt.Sprintf("write how many bodyguards, 0 to %d, or a ranked list such as [3, 2]", len(d.Bodyguards)-1), func(t, _ string, _ cond) error {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 || n >= len(d.Bodyguards) {
			return fmt.Errorf("%q: bodyguards are 0 to %d", t, len(d.Bodyguards)-1)
		}
		pl.Bodyguards = append(pl.Bodyguards, n)
		return nil
	})
}

// readBanking reads deposit and withdraw: banking at the Imperial Trading
// Banks or the Currency Trader (§8.1, §8.2).
func (s *State) readBanking(p int, pl *plan, verb string, v any) error {
	me := &s.Players[p]
	a, err := s.parseAmount(v)
	if err != nil {
		return err
	}
	if verb == verbWithdraw {
		if !a.All && a.N > me.Bank {
			return fmt.Errorf("you have $%dooo in the bank", me.Bank)
		}
		pl.Withdraw = a
	} else {
		pl.Deposit = a
	}
	return nil
}

// parseAmount reads N, all, or all but N; N is whole lots (ST-A43).
func (s *State) parseAmount(v any) (*amount, error) {
	lot := s.d().Lot
	t, ok := text(v)
	if !ok {
		return nil, fmt.Errorf("write an amount in lots of $%dooo, all, or all but N", lot)
	}
	f := strings.Fields(strings.ToLower(t))
	switch {
	case len(f) == 1 && f[0] == "all":
		return &amount{All: true}, nil
	case len(f) == 3 && f[0] == "all" && f[1] == "but":
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 0 || n > 1e9 {
			return nil, fmt.Errorf("all but N: N is a sum in $ooo")
		}
		return &amount{All: true, But: n}, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil || n <= 0 || n%lot != 0 || n > 1e9 {
		return nil, fmt.Errorf("%q: money moves in lots of $%dooo (§2.3): write a multiple of %d, all, or all but N", t, lot, lot)
	}
	return &amount{N: n}, nil
}

// readDailyMail reads daily-mail: whose cash and account to ask about at
// the North China Daily Mail (§8.3).
func (s *State) readDailyMail(p int, pl *plan, verb string, v any) error {
	t, _ := text(v)
	q := s.seatFold(t)
	switch {
	case q < 0:
		return fmt.Errorf("%q is not a player%s", t, s.playerHint(t))
	case q == p:
		return fmt.Errorf("name another player")
	case !s.Players[q].inCity():
		return fmt.Errorf("%s is no longer in Shanghai", s.Players[q].Name)
	}
	pl.DailyMail = q
	return nil
}

// readBuy reads buy: what to buy where the move ends, ranked (§2.3, §3.2).
func (s *State) readBuy(p int, pl *plan, verb string, v any) error {
	d := s.d()
	pl.Buy = make([]buyOpt, 0, entries(v))
	return s.each(p, v, true, true, "write what you would buy where you end: trading-post, warehouse, factory, racket, any, or an establishment, each with an optional if CONDITION", func(what, _ string, c cond) error {
		o := buyOpt{Loc: -1, If: c}
		switch strings.TrimSuffix(norm(what), "s") {
		case "tradingpost", "tp", "coolie":
			o.Type = typeTP
		case "warehouse", "overseer":
			o.Type = typeWarehouse
		case "factory", "factorie", "manager":
			o.Type = typeFactory
		case "racket", "racketeer":
			o.Type = typeRacket
		case "any", "anything":
			o.Type = "any"
		default:
			i, ok := d.findLoc(what)
			if !ok || !buyable(d.loc(i).Type) {
				return fmt.Errorf("%q is neither a kind of establishment nor one that can be bought", what)
			}
			o.Loc = i
		}
		pl.Buy = append(pl.Buy, o)
		return nil
	})
}

// readDocks reads docks: where the Great Orient's owner sends the ships
// (§2.3 shipping).
func (s *State) readDocks(p int, pl *plan, verb string, v any) error {
	d := s.d()
	if o := s.ownerOfRole(roleGreatOrient); o != p {
		return fmt.Errorf("only the owner of the Great Orient Shipping Line sends the ships (§2.3)")
	}
	if !s.shippingYear() {
		return fmt.Errorf("there is no shipping this year (§2.4, §10.2)")
	}
	return s.each(p, v, false, false, "list the docks, first ship first", func(t, _ string, _ cond) error {
		i, ok := d.findDistrict(t)
		switch {
		case !ok || !d.Districts[i].Dock:
			return fmt.Errorf("%q is not a dock district", t)
		case slices.Contains(pl.Docks, i):
			return fmt.Errorf("%q is listed twice: two ships go to separate docks", t)
		}
		pl.Docks = append(pl.Docks, i)
		return nil
	})
}

// readNoService reads no-service: the warehouses the ships must not service
// (§2.3 shipping).
func (s *State) readNoService(p int, pl *plan, verb string, v any) error {
	d := s.d()
	return s.each(p, v, true, false, "list your warehouses that the ships must not service", func(t, _ string, _ cond) error {
		i, ok := d.findLoc(t)
		if !ok || d.loc(i).Type != typeWarehouse || !s.owns(p, i) {
			return fmt.Errorf("%q is not one of your warehouses", t)
		}
		pl.NoService = append(pl.NoService, i)
		return nil
	})
}

// readAllow reads allow: who may move automatically to the player's rackets
// (§2.3, standing and public).
func (s *State) readAllow(p int, pl *plan, verb string, v any) error {
	return s.parseAllow(p, pl, v)
}

// parseAllow reads {RACKET: [players] | none} or none.
func (s *State) parseAllow(p int, pl *plan, v any) error {
	d := s.d()
	pl.AllowSet = true
	if isNone(v) {
		return nil
	}
	m, ok := v.(mapping)
	if !ok {
		return fmt.Errorf("write {RACKET: [players]} for each of your rackets (none to allow nobody)")
	}
	pl.Allow = map[int][]int{}
	for _, e := range m {
		k := e.key
		i, ok := d.findLoc(k)
		if !ok || d.loc(i).Type != typeRacket || !s.owns(p, i) {
			return fmt.Errorf("%q is not one of your rackets", k)
		}
		seats := []int{}
		if !isNone(e.val) {
			ts, ok := texts(e.val)
			if !ok {
				return fmt.Errorf("%s: list players", k)
			}
			for _, t := range ts {
				q := s.seatFold(t)
				if q < 0 || q == p {
					return fmt.Errorf("%s: %q is not another player", k, t)
				}
				if !slices.Contains(seats, q) {
					seats = append(seats, q)
				}
			}
		}
		slices.Sort(seats)
		pl.Allow[i] = seats
	}
	return nil
}

// readSell reads sell: what to auction first when the player cannot pay
// (§9.2, standing).
func (s *State) readSell(p int, pl *plan, verb string, v any) error {
	d := s.d()
	pl.SellSet = true
	return s.each(p, v, true, false, "list the establishments to auction first if you cannot pay", func(t, _ string, _ cond) error {
		i, ok := d.findLoc(t)
		if !ok || !buyable(d.loc(i).Type) {
			return fmt.Errorf("%q is not an establishment%s", t, d.locHint(t))
		}
		pl.Sell = append(pl.Sell, i)
		return nil
	})
}

// readBid reads bid: standing sealed bids in others' forced auctions (§9.2).
func (s *State) readBid(p int, pl *plan, verb string, v any) error {
	return s.parseBids(pl, v)
}

// parseBids reads {ESTABLISHMENT|TYPE|any: N} or none.
func (s *State) parseBids(pl *plan, v any) error {
	d := s.d()
	pl.BidsSet = true
	if isNone(v) {
		return nil
	}
	m, ok := v.(mapping)
	if !ok {
		return fmt.Errorf("write {ESTABLISHMENT or trading-post, warehouse, factory, racket, any: highest bid}")
	}
	for _, e := range m {
		k := e.key
		b := Bid{Loc: -1}
		switch t := strings.TrimSuffix(norm(k), "s"); t {
		case "tradingpost":
			b.Type = typeTP
		case "warehouse", "factory", "racket":
			b.Type = t
		case "factorie":
			b.Type = typeFactory
		case "any":
			b.Type = "any"
		default:
			i, ok := d.findLoc(k)
			if !ok || !buyable(d.loc(i).Type) {
				return fmt.Errorf("%q is not an establishment or a kind of establishment%s", k, s.d().locHint(k))
			}
			b.Loc = i
		}
		n, ok := number(e.val)
		if !ok || n <= 0 || n%d.Unit != 0 {
			return fmt.Errorf("%s: a bid is a positive multiple of $%dooo", k, d.Unit)
		}
		b.Max = n
		pl.Bids = append(pl.Bids, b)
	}
	return nil
}
