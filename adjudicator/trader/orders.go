package trader

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Action kinds.
const (
	kindBuy   = "buy"
	kindSell  = "sell"
	kindJoker = "joker"
	kindPass  = "pass"
	verbMC    = "market-closed"
	verbPlan  = "plan"
)

// action is one player's checked orders for the open step.
type action struct {
	kind   string
	col    int      // buy: the column
	stocks [2]Stock // sell: both stocks; joker: stocks[0]
	owners [2]int   // seats holding stocks[0] and stocks[1]
	mc     int      // market-closed target; -1 when not given
	item   orders.Item
	// plan is the standing plan sent with the orders, for the player's
	// next turn (TR-X11); clearPlan says plan: none.
	plan      *Plan
	clearPlan bool
}

func (a action) pay() int {
	switch a.kind {
	case kindSell:
		return a.stocks[0].Value * a.stocks[1].Value
	case kindJoker:
		return data.Joker * a.stocks[0].Value
	}
	return 0
}

// verbOf normalises the spellings of the orders' verbs.
func verbOf(v string) string {
	switch strings.ReplaceAll(strings.ReplaceAll(v, "_", "-"), " ", "-") {
	case "buy", "purchase":
		return kindBuy
	case "sell", "sale":
		return kindSell
	case "joker":
		return kindJoker
	case "pass":
		return kindPass
	case "market-closed", "marketclosed", "mc":
		return verbMC
	case "plan", "standing-plan":
		return verbPlan
	}
	return ""
}

// parse checks seat's orders against s and returns the action they ask for.
func (s *State) parse(seat int, items []orders.Item) (action, error) {
	a := action{col: -1, mc: -1, owners: [2]int{seat, seat}}
	switch {
	case s.Phase == phaseOver:
		return a, orders.Errorf(0, "orders", "the game is over; no more orders are taken")
	case !s.pending(seat):
		return a, orders.Errorf(0, "orders", "%s", s.notPendingMsg(seat))
	}
	var errs orders.List
	var act, mcItem, planItem *orders.Item
	for i := range items {
		it := &items[i]
		switch verbOf(it.Verb) {
		case kindBuy, kindSell, kindJoker, kindPass:
			if act != nil {
				errs = append(errs, it.Errorf("only one action per turn: %s already says %s", act.Field(), act.Verb))
				continue
			}
			act = it
		case verbMC:
			if mcItem != nil {
				errs = append(errs, it.Errorf("the Market closed card is moved only once: %s already moves it", mcItem.Field()))
				continue
			}
			mcItem = it
			if err := s.parseMC(it, &a); err != nil {
				errs = append(errs, orders.Errors(err)...)
			}
		case verbPlan:
			if planItem != nil {
				errs = append(errs, it.Errorf("only one plan: %s already gives one", planItem.Field()))
				continue
			}
			planItem = it
			if s.Phase == phaseLastSale {
				errs = append(errs, it.Errorf("%s", planAtLastSale))
				continue
			}
			pl, clear, err := s.parsePlan(seat, *it)
			if err != nil {
				errs = append(errs, orders.Errors(err)...)
			}
			a.plan, a.clearPlan = pl, clear
		default:
			errs = append(errs, it.Errorf("unknown order %q: %s", it.Verb, s.verbList()))
		}
	}
	if len(errs) > 0 {
		return a, errs
	}
	if act == nil {
		line := 0
		if mcItem != nil {
			line = mcItem.Line
		}
		if planItem != nil {
			return a, orders.Errorf(planItem.Line, "orders", "no action for this turn (plan: is for your next turn): %s", s.verbList())
		}
		return a, orders.Errorf(line, "orders", "no action: %s", s.verbList())
	}
	a.item = *act
	a.kind = verbOf(act.Verb)
	var err error
	switch a.kind {
	case kindBuy:
		err = s.checkBuy(seat, *act, &a)
	case kindSell:
		err = s.checkSell(seat, *act, &a)
	case kindJoker:
		err = s.checkJoker(seat, *act, &a)
	case kindPass:
		err = s.checkPass(seat, *act)
	}
	if err != nil {
		return a, err
	}
	if mcItem != nil {
		if err := s.checkMCTarget(*mcItem, &a); err != nil {
			return a, err
		}
	}
	return a, nil
}

func (s *State) verbList() string {
	if s.Phase == phaseLastSale {
		return "the set has ended, so write one last sale (sell or joker) or pass"
	}
	if s.Market >= 0 {
		return "write one of buy, sell, joker or pass, and market-closed: COLUMN to move the Market closed card (and plan: for your next turn)"
	}
	return "write one of buy, sell, joker or pass (and plan: for your next turn)"
}

func (s *State) notPendingMsg(seat int) string {
	if seat >= 0 && s.Players[seat].Removed {
		return "you have left the game"
	}
	if s.Phase == phaseLastSale {
		if len(s.LastSale) == 0 {
			return "nobody owes a last sale; the set is closing"
		}
		return "you have no last sale to make: you hold nothing you could sell"
	}
	return fmt.Sprintf("it is not your turn: it is %s's turn", s.Players[s.Active].Name)
}

// pending reports whether seat owes orders for the open step.
func (s *State) pending(seat int) bool {
	if seat < 0 || s.Players[seat].Removed {
		return false
	}
	switch s.Phase {
	case phaseTurn:
		return seat == s.Active
	case phaseLastSale:
		for _, p := range s.LastSale {
			if p == seat {
				return true
			}
		}
	}
	return false
}

func (s *State) parseMC(it *orders.Item, a *action) error {
	switch {
	case len(s.Players) != 3:
		return it.Errorf("there is no Market closed card with %d players", len(s.Players))
	case s.Phase == phaseLastSale:
		return it.Errorf("the Market closed card plays no part in the last sales; leave this order out")
	case s.Market < 0:
		return it.Errorf("the Market closed card is out of the game since two columns are empty; leave this order out")
	}
	name, err := it.String()
	if err != nil {
		return err
	}
	c := capitalIndex(name)
	if c < 0 {
		return it.Errorf("%q is not a column: the columns are %s", name, capitalList())
	}
	a.mc = c
	return nil
}

// checkMCTarget checks the market-closed order against the columns as they
// will be after the action (TR-A7).
func (s *State) checkMCTarget(it orders.Item, a *action) error {
	emptyAfter := len(s.emptyColumns())
	if a.kind == kindBuy && len(s.Columns[a.col]) == 1 {
		emptyAfter++
	}
	if emptyAfter >= 2 {
		return nil // the card leaves the game instead; the order is moot (TR-A7)
	}
	switch {
	case a.mc == s.Market:
		return it.Errorf("the Market closed card must move to another column than %s", data.Capitals[a.mc])
	case len(s.Columns[a.mc]) == 0:
		return it.Errorf("%s is empty: the Market closed card must go on an available stock", data.Capitals[a.mc])
	case a.kind == kindBuy && a.col == a.mc && len(s.Columns[a.mc]) == 1:
		return it.Errorf("%s will be empty after your purchase: the Market closed card must go on an available stock", data.Capitals[a.mc])
	}
	return nil
}

func (s *State) checkBuy(seat int, it orders.Item, a *action) error {
	if s.Phase != phaseTurn {
		return it.Errorf("the set has ended: only a last sale (sell or joker) or pass is allowed now")
	}
	name, err := it.String()
	if err != nil {
		return it.Errorf("name the column to buy from, e.g. buy: London")
	}
	c := capitalIndex(name)
	if c < 0 {
		k, msg := parseStock(name)
		if msg != "" {
			return it.Errorf("%q is not a column: the columns are %s", name, capitalList())
		}
		var at []int
		for i, col := range s.Columns {
			if len(col) > 0 && col[0] == k {
				at = append(at, i)
			}
		}
		switch len(at) {
		case 0:
			for i, col := range s.Columns {
				for _, x := range col[min(1, len(col)):] {
					if x == k {
						return it.Errorf("%s is not available: only the bottom stock of a column can be bought, and %s's is %s", k, data.Capitals[i], col[0])
					}
				}
			}
			return it.Errorf("%s is not available: no column has it at the bottom", k)
		case 1:
			c = at[0]
		default:
			return it.Errorf("%s is available in %s; name the column instead, e.g. buy: %s", k, columnNames(at), data.Capitals[at[0]])
		}
	}
	a.col = c
	col := s.Columns[c]
	switch {
	case len(col) == 0:
		return it.Errorf("%s is empty", data.Capitals[c])
	case c == s.Market:
		return it.Errorf("%s's available stock, %s, is covered by the Market closed card and cannot be bought", data.Capitals[c], col[0])
	case col[0].Value > s.Players[seat].Money:
		return it.Errorf("%s's available stock is %s, which costs %d million; you have %d million", data.Capitals[c], col[0], col[0].Value, s.Players[seat].Money)
	}
	return nil
}

// stockArg parses one stock of an order and checks its value exists.
func (s *State) stockArg(it orders.Item, text string) (Stock, error) {
	k, msg := parseStock(text)
	if msg != "" {
		return k, it.Errorf("%s", msg)
	}
	if !s.validValue(k.Value) {
		vals := make([]string, 0, len(s.Values))
		for i, v := range s.Values {
			if i == 0 || v != s.Values[i-1] {
				vals = append(vals, strconv.Itoa(v))
			}
		}
		return k, it.Errorf("there is no %s: the values are %s", k, engine.AndList(vals))
	}
	return k, nil
}

func (s *State) checkSell(seat int, it orders.Item, a *action) error {
	x, y, explicit, err := s.sellArgs(it)
	if err != nil {
		return err
	}
	return s.checkSellHeld(seat, it, a, x, y, explicit)
}

// sellArgs reads the two stocks of a sale order and checks that they exist
// and are of one colour; explicit says the mapping form {mine, partner}.
func (s *State) sellArgs(it orders.Item) (x, y Stock, explicit bool, err error) {
	const how = "a sale is two stocks of the same colour, e.g. sell: [red 4, red 5]; to sell one stock with the Joker write joker: red 4"
	var texts []string
	switch {
	case !it.HasValue():
		return x, y, false, it.Errorf("%s", how)
	case it.Value.Kind == yaml.MappingNode:
		if !s.teams() {
			return x, y, false, it.Errorf("with %d players there is no partner: write sell: [red 4, red 5]", len(s.Players))
		}
		texts = make([]string, 2)
		n := it.Value.Content
		for i := 0; i+1 < len(n); i += 2 {
			k, v := n[i], n[i+1]
			idx := -1
			switch strings.ToLower(strings.TrimSpace(k.Value)) {
			case "mine", "me", "own", "my":
				idx = 0
			case "partner", "partner's", "partners":
				idx = 1
			}
			if idx < 0 || k.Kind != yaml.ScalarNode {
				return x, y, false, it.Errorf("a sale written as a mapping has the keys mine and partner, e.g. sell: {mine: red 4, partner: red 5}")
			}
			if v.Kind != yaml.ScalarNode {
				return x, y, false, it.Errorf("%s: give one stock, e.g. red 4", k.Value)
			}
			if texts[idx] != "" {
				return x, y, false, it.Errorf("%s is given twice", k.Value)
			}
			texts[idx] = strings.TrimSpace(v.Value)
		}
		if texts[0] == "" || texts[1] == "" {
			return x, y, false, it.Errorf("a sale written as a mapping needs both keys, e.g. sell: {mine: red 4, partner: red 5}")
		}
		explicit = true
	case it.Value.Kind == yaml.ScalarNode:
		texts = splitStocks(it.Value.Value)
		if texts == nil {
			texts = []string{strings.TrimSpace(it.Value.Value)}
		}
	default:
		if texts, err = it.Strings(); err != nil {
			return x, y, false, err
		}
	}
	if len(texts) != 2 {
		if len(texts) == 1 {
			if _, err := s.stockArg(it, texts[0]); err != nil {
				return x, y, false, err
			}
		}
		return x, y, false, it.Errorf("%s", how)
	}
	if x, err = s.stockArg(it, texts[0]); err != nil {
		return x, y, false, err
	}
	if y, err = s.stockArg(it, texts[1]); err != nil {
		return x, y, false, err
	}
	if x.Colour != y.Colour {
		return x, y, false, it.Errorf("%s and %s are different colours", x, y)
	}
	return x, y, explicit, nil
}

// checkSellHeld checks that the stocks of a sale are held as the rules
// ask (TR-A5, TR-X8) and fills in the action.
func (s *State) checkSellHeld(seat int, it orders.Item, a *action, x, y Stock, explicit bool) error {
	a.stocks = [2]Stock{x, y}
	if !s.teams() {
		if x == y {
			switch s.count(seat, x) {
			case 0:
				return it.Errorf("you hold no %s", x)
			case 1:
				return it.Errorf("you hold only one %s", x)
			}
			return nil
		}
		if s.count(seat, x) == 0 {
			return it.Errorf("you hold no %s", x)
		}
		if s.count(seat, y) == 0 {
			return it.Errorf("you hold no %s", y)
		}
		return nil
	}
	q := s.partner(seat)
	pn := s.Players[q].Name
	a.owners = [2]int{seat, q}
	if s.count(seat, x) > 0 && s.count(q, y) > 0 {
		return nil
	}
	if !explicit && s.count(seat, y) > 0 && s.count(q, x) > 0 {
		a.stocks = [2]Stock{y, x}
		return nil
	}
	switch {
	case s.count(seat, x) == 0:
		return it.Errorf("you hold no %s", x)
	case s.count(seat, y) > 0 && (x != y || s.count(seat, x) > 1):
		return it.Errorf("with 4 players you cannot sell two of your own stocks: the second must be your partner %s's, and %s holds no %s", pn, pn, y)
	}
	return it.Errorf("your partner %s holds no %s: with 4 players a sale pairs one of your stocks with one of your partner's of the same colour", pn, y)
}

func (s *State) checkJoker(seat int, it orders.Item, a *action) error {
	t := s.Teams[s.Players[seat].Team]
	if t.JokerUsed {
		if !s.teams() {
			return it.Errorf("you have already used your Joker")
		}
		by := ""
		switch {
		case t.JokerBy == seat:
			by = " (by you)"
		case t.JokerBy >= 0:
			by = " (by " + s.Players[t.JokerBy].Name + ")"
		}
		return it.Errorf("your team's Joker has already been used%s; each team has one Joker for the whole set", by)
	}
	text, err := it.String()
	if err != nil {
		return it.Errorf("name the one stock to sell with the Joker, e.g. joker: red 4")
	}
	k, err := s.stockArg(it, text)
	if err != nil {
		return err
	}
	a.stocks[0] = k
	if s.count(seat, k) > 0 {
		return nil
	}
	if s.teams() {
		q := s.partner(seat)
		if s.count(q, k) > 0 {
			a.owners[0] = q
			return nil
		}
		return it.Errorf("neither you nor your partner %s holds %s", s.Players[q].Name, k)
	}
	return it.Errorf("you hold no %s", k)
}

func (s *State) checkPass(seat int, it orders.Item) error {
	if it.HasValue() {
		return it.Errorf("pass takes no value")
	}
	if s.Phase != phaseTurn {
		return nil // a last sale is optional (TR-A3); with 4 players see TR-X5
	}
	if d, ok := s.bestTurnAction(seat); ok {
		return it.Errorf("you cannot pass: pass is only allowed when you can neither buy nor sell, and you could %s", d.describe(s))
	}
	return nil
}

// describe says what the action would do, for error messages.
func (a action) describe(s *State) string {
	switch a.kind {
	case kindBuy:
		k := s.Columns[a.col][0]
		return fmt.Sprintf("buy %s from %s for %d million", k, data.Capitals[a.col], k.Value)
	case kindSell:
		return fmt.Sprintf("sell %s and %s for %d million", a.stocks[0], a.stocks[1], a.pay())
	case kindJoker:
		return fmt.Sprintf("sell %s with the Joker for %d million", a.stocks[0], a.pay())
	}
	return "pass"
}
