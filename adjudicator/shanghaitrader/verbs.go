package shanghaitrader

import (
	"fmt"
	"strings"

	"taipan/adjudicator/engine"
)

// The verbs of an order file, as ORDERS.md and the rulebook name them.
const (
	// A Seasonal Turn: the player's segment (§2.3).
	verbMove       = "move"
	verbReroll     = "reroll"
	verbAirReroll  = "air-reroll"
	verbFanTan     = "fan-tan"
	verbOpium      = "opium"
	verbPassport   = "passport"
	verbBodyguards = "bodyguards"
	verbDeposit    = "deposit"
	verbWithdraw   = "withdraw"
	verbDailyMail  = "daily-mail"
	verbBuy        = "buy"
	verbHire       = "hire"
	verbDocks      = "docks"
	verbNoService  = "no-service"
	// Standing orders, sent with any step.
	verbAllow = "allow"
	verbSell  = "sell"
	verbBid   = "bid"
	// A Seasonal Turn: the racket's contractors and the events.
	verbTongs     = "tongs"
	verbCourtesan = "courtesan"
	verbLido      = "lido"
	verbRaid      = "raid"
	verbSpy       = "spy"
	verbTab       = "tab"
	// Standing orders, deals and loans, sent with any step.
	verbRoulette = "roulette"
	verbPicnic   = "picnic"
	verbExtort   = "extort"
	verbFees     = "fees"
	verbRefund   = "refund"
	verbOffer    = "offer"
	verbAsk      = "ask"
	verbCredit   = "credit"
	verbLend     = "lend"
	verbBorrow   = "borrow"
	// The Collusion Phase.
	verbPolice   = "police"
	verbMonks    = "monks"
	verbMarines  = "marines"
	verbMinder   = "minder"
	verbExchange = "exchange"
	verbAccept   = "accept"
	verbDecline  = "decline"
)

// A verb is one order of an order file: its name as ORDERS.md writes it,
// the rule it plays, the step that takes it, its reading, which checks
// it against the board now and writes what it orders into the plan, its
// choices for a form, and where its effect is played. A version of the rules is the
// verbs it picks (rulebook.verbs): the reading of a verb that changed
// between versions is another verb value of the same name.
type verb struct {
	name string
	// spellings are the other ways of writing it, normalised (norm).
	spellings []string
	// rule is the rulebook section (or rules-analysis ruling) it plays.
	rule string
	// step is the step that takes it.
	step verbStep
	// read checks the order's value v for seat p now and records it in
	// pl; verb is the name, for readings shared by two verbs.
	read func(s *State, p int, pl *plan, verb string, v any) error
	// effect names where the resolution carries the plan's order out,
	// in the rulebook's sequence of play: the function and its file.
	effect string
	// choices are the values the rules could allow seat p now, for a
	// form or a report (Options keeps those Check takes); nil when the
	// verb's values are not a short list.
	choices func(s *State, p int) []string
}

// verbStep says which step takes a verb.
type verbStep int

const (
	anyStep       verbStep = iota // standing orders, deals and loans
	seasonalTurn                  // the player's segment of a Seasonal Turn
	collusionStep                 // the Collusion Phase (§2.2)
)

// The verbs, each once. A verb's reading is a method of State named
// read and the verb (readMove): search for the name to find it.
var (
	moveVerb       = verb{name: verbMove, rule: "§2.3 the move, §10.1 the escape roll", step: seasonalTurn, read: (*State).readMove, choices: (*State).moveChoices, effect: "(*run).move, turn.go"}
	rerollVerb     = verb{name: verbReroll, rule: "§8.5 Railway Stations", step: seasonalTurn, read: (*State).readReroll, effect: "(*run).rollMove, turn.go"}
	airRerollVerb  = verb{name: verbAirReroll, spellings: []string{"airfieldreroll"}, rule: "§8.6 Airfield", step: seasonalTurn, read: (*State).readReroll, effect: "(*run).rollMove, turn.go"}
	fanTanVerb     = verb{name: verbFanTan, rule: "§7.3 Fan Tan Gambling", step: seasonalTurn, read: (*State).readFanTan, choices: (*State).fanTanChoices, effect: "(*run).volunteer, turn.go"}
	opiumVerb      = verb{name: verbOpium, rule: "§7.6 Opium Dens", step: seasonalTurn, read: (*State).readOpium, choices: (*State).opiumChoices, effect: "(*run).segment (the Opium Dens), turn.go"}
	passportVerb   = verb{name: verbPassport, rule: "§8.4 International Consulates, §10.1", step: seasonalTurn, read: (*State).readPassport, choices: (*State).passportChoices, effect: "(*run).passport, escape.go"}
	bodyguardsVerb = verb{name: verbBodyguards, spellings: []string{"bodyguard"}, rule: "§3.3 Contractors (bodyguards), §8.6", step: seasonalTurn, read: (*State).readBodyguards, choices: (*State).bodyguardsChoices, effect: "(*run).bodyguards, escape.go"}
	depositVerb    = verb{name: verbDeposit, rule: "§8.1 Imperial Trading Banks, §8.2 Currency Trader", step: seasonalTurn, read: (*State).readBanking, effect: "(*run).bank and (*run).currencyTrader, turn.go"}
	withdrawVerb   = verb{name: verbWithdraw, rule: "§8.1 Imperial Trading Banks, §8.2 Currency Trader", step: seasonalTurn, read: (*State).readBanking, effect: "(*run).bank and (*run).currencyTrader, turn.go"}
	dailyMailVerb  = verb{name: verbDailyMail, spellings: []string{"mail"}, rule: "§8.3 North China Daily Mail", step: seasonalTurn, read: (*State).readDailyMail, choices: (*State).otherPlayerChoices, effect: "(*run).dailyMail, turn.go"}
	buyVerb        = verb{name: verbBuy, rule: "§2.3 buying, §3.2 Employees", step: seasonalTurn, read: (*State).readBuy, choices: (*State).buyChoices, effect: "(*run).purchase, turn.go"}
	docksVerb      = verb{name: verbDocks, rule: "§2.3 shipping (the Great Orient)", step: seasonalTurn, read: (*State).readDocks, effect: "(*run).shipping, turn.go"}
	noServiceVerb  = verb{name: verbNoService, rule: "§2.3 shipping", step: seasonalTurn, read: (*State).readNoService, effect: "(*run).shipping, turn.go"}
	allowVerb      = verb{name: verbAllow, rule: "§2.3 automatic moves (standing, public)", step: anyStep, read: (*State).readAllow, effect: "(*run).standing, turn.go"}
	sellVerb       = verb{name: verbSell, rule: "§9.2 Auctions (standing)", step: anyStep, read: (*State).readSell, effect: "(*run).standing; (*run).auction, run.go"}
	bidVerb        = verb{name: verbBid, spellings: []string{"bids"}, rule: "§9.2 Auctions (standing)", step: anyStep, read: (*State).readBid, effect: "(*run).standing; (*run).auction, run.go"}

	// hire reads every general contractor of §3.3; assassinVerb, the
	// assassin alone, is version 1's hire.
	hireVerb     = verb{name: verbHire, rule: "§3.3 Contractors (thug, mugger, assassin)", step: seasonalTurn, read: (*State).readHire, effect: "(*run).general, contractors.go"}
	assassinVerb = verb{name: verbHire, rule: "§3.3 Contractors (the assassin)", step: seasonalTurn, read: (*State).readAssassin, effect: "(*run).hire, escape.go"}

	tongsVerb     = verb{name: verbTongs, rule: "§7.5 Terror of the Tongs", step: seasonalTurn, read: (*State).readDenContractor, effect: "(*run).tongs, contractors.go"}
	courtesanVerb = verb{name: verbCourtesan, rule: "§7.4 Brothels", step: seasonalTurn, read: (*State).readDenContractor, effect: "(*run).courtesan, contractors.go"}
	lidoVerb      = verb{name: verbLido, spellings: []string{"lidocourtesan"}, rule: "§6.2 the Lido Courtesan, ST-G9", step: seasonalTurn, read: (*State).readRaceOrSpy, choices: (*State).otherPlayerChoices, effect: "(*run).lido, contractors.go"}
	raidVerb      = verb{name: verbRaid, spellings: []string{"customs"}, rule: "§6.2 the Customs Swindle, §3.3", step: seasonalTurn, read: (*State).readRaid, effect: "(*run).raid, contractors.go"}
	spyVerb       = verb{name: verbSpy, rule: "§11.4 National Differences (the German spy)", step: seasonalTurn, read: (*State).readRaceOrSpy, choices: (*State).otherPlayerChoices, effect: "(*run).spy, contractors.go"}
	tabVerb       = verb{name: verbTab, rule: "§5.4 Bastille Day Bash", step: seasonalTurn, read: (*State).readTab, effect: "(*run).bastille, events.go"}
	rouletteVerb  = verb{name: verbRoulette, rule: "§5.3 Roulette Rouble (standing)", step: anyStep, read: (*State).readRoulette, choices: (*State).rouletteChoices, effect: "(*run).standingDeals, deals.go; (*run).roulette, events.go"}
	picnicVerb    = verb{name: verbPicnic, rule: "§5.5 Picnic Races (standing)", step: anyStep, read: (*State).readPicnic, choices: (*State).picnicChoices, effect: "(*run).standingDeals, deals.go; (*run).picnic, events.go"}
	extortVerb    = verb{name: verbExtort, rule: "§3.3 the monks' extortion (standing)", step: anyStep, read: (*State).readExtort, choices: (*State).extortChoices, effect: "(*run).standingDeals, deals.go; (*run).extort, contractors.go"}
	feesVerb      = verb{name: verbFees, spellings: []string{"fee"}, rule: "§9.3 Deals, ST-A1 (standing, public)", step: anyStep, read: (*State).readFees, effect: "(*run).standingDeals, deals.go; State.fee, underworld.go"}
	refundVerb    = verb{name: verbRefund, spellings: []string{"refunds"}, rule: "§9.3 Deals, ST-A1 (standing, public)", step: anyStep, read: (*State).readFees, effect: "(*run).standingDeals, deals.go; State.refund, underworld.go"}
	offerVerb     = verb{name: verbOffer, spellings: []string{"offers"}, rule: "§9.3 Deals, ST-A2 (standing, secret); to a player in the Collusion Phase, §2.3 the Exchange Segment", step: anyStep, read: (*State).readOffer, effect: "(*run).standingDeals and (*run).deal, deals.go; Engine.ApplyOpen and (*run).tableDeals, offer.go"}
	askVerb       = verb{name: verbAsk, spellings: []string{"asks"}, rule: "§9.3 Deals, ST-A2 (standing, secret)", step: anyStep, read: (*State).readDeal, effect: "(*run).standingDeals and (*run).deal, deals.go"}
	creditVerb    = verb{name: verbCredit, rule: "§9.1 Loans, ST-A39 (standing)", step: anyStep, read: (*State).readCredit, effect: "(*run).standingDeals and (*run).useCredit, deals.go"}
	lendVerb      = verb{name: verbLend, rule: "§9.1 Loans", step: anyStep, read: (*State).readLoan, effect: "(*run).loans, deals.go"}
	borrowVerb    = verb{name: verbBorrow, rule: "§9.1 Loans", step: anyStep, read: (*State).readLoan, effect: "(*run).loans, deals.go"}
	policeVerb    = verb{name: verbPolice, rule: "§3.3 the Shanghai Club's police, §2.2 the Collusion Phase", step: collusionStep, read: (*State).readDeployment, effect: "(*run).deploy, collusion.go"}
	monksVerb     = verb{name: verbMonks, spellings: []string{"monk"}, rule: "§3.3 the Monastery's monks, §2.2 the Collusion Phase", step: collusionStep, read: (*State).readDeployment, effect: "(*run).deploy, collusion.go"}
	marinesVerb   = verb{name: verbMarines, spellings: []string{"marine"}, rule: "§11.4 National Differences (the Japanese marines)", step: collusionStep, read: (*State).readMarines, effect: "(*run).deploy, collusion.go"}
	minderVerb    = verb{name: verbMinder, rule: "§11.4 National Differences (the White Russian minder)", step: collusionStep, read: (*State).readMinder, choices: (*State).minderChoices, effect: "(*run).deploy, collusion.go"}
	acceptVerb    = verb{name: verbAccept, rule: "§2.3 the Exchange Segment (\"upon agreement\")", step: collusionStep, read: (*State).readAnswer, choices: (*State).offerChoices, effect: "Engine.ApplyOpen and (*run).tableDeals, offer.go"}
	declineVerb   = verb{name: verbDecline, rule: "§2.3 the Exchange Segment (\"upon agreement\")", step: collusionStep, read: (*State).readAnswer, choices: (*State).offerChoices, effect: "Engine.ApplyOpen and (*run).tableDeals, offer.go"}
	exchangeVerb  = verb{name: verbExchange, spellings: []string{"exchanges"}, rule: "§2.2 the Collusion Phase's Exchange Segment", step: collusionStep, read: (*State).readExchange, effect: "(*run).exchanges, collusion.go"}
)

// A verbTable is the verbs a version reads, found by any spelling.
type verbTable struct {
	byKey map[string]*verb // by normalised spelling
	list  []string         // the names, as Check's message lists them
}

// newVerbTable is the table of vs, listed in their order.
func newVerbTable(vs ...verb) *verbTable {
	t := &verbTable{byKey: map[string]*verb{}}
	for i := range vs {
		v := &vs[i]
		t.byKey[norm(v.name)] = v
		for _, sp := range v.spellings {
			t.byKey[sp] = v
		}
		t.list = append(t.list, v.name)
	}
	return t
}

// lookup is the verb written word, however it is spelt (normKey), if
// the table has it; the spelling is normalised on the stack, as every
// order of a replay is looked up.
func (t *verbTable) lookup(word string) (*verb, bool) {
	var buf [32]byte
	v, ok := t.byKey[string(normKey(buf[:0], word))]
	return v, ok
}

// named is the verb of a name (verbMove), which the table must have.
func (t *verbTable) named(name string) *verb { return t.byKey[norm(name)] }

// unknown is Check's message for a verb the table does not have.
func (t *verbTable) unknown(word string) string {
	return "unknown order" + engine.DidYouMean(word, t.list) + "; the orders are " + strings.Join(t.list, ", ")
}

// takes refuses a verb the open step does not take, in a version that
// plays the Collusion Phase: it takes deployments, exchanges, loans and
// standing orders; a Seasonal Turn all but deployments and exchanges.
func (s *State) takes(v *verb) error {
	switch collusion := s.collusion(); {
	case collusion && v.step == seasonalTurn:
		return fmt.Errorf("this step is the Collusion Phase: it takes deployments (police, monks, marines, minder), exchanges, loans and standing orders; %s is for a Seasonal Turn", v.name)
	case !collusion && v.step == collusionStep:
		return fmt.Errorf("%s is an order of the Collusion Phase, the step before each winter turn (§2.2)", v.name)
	}
	return nil
}
