package shanghaitrader

import "taipan/adjudicator/engine"

// A rulebook is what one version of the engine plays: the verbs it reads
// and the parts of the rulebook its resolution plays, each a switch named
// for the rule it plays. The engine and every state it plays hold the
// rulebook of their version; no code asks which version it is.
type rulebook struct {
	// verbs are the orders the version reads.
	verbs *verbTable
	// Contractors: every general contractor of §3.3 and the racket's
	// special contractors (§6.2: the police, the monks, the Lido
	// Courtesan, the customs inspector, the courtesans, the Tongs) and
	// their state; without it, the assassin is the only contractor and a
	// racket has no effect but on movement.
	Contractors bool
	// CurrencyTrader: banking at the Currency Trader, with its owner's
	// commission (§8.2).
	CurrencyTrader bool
	// Events: the special event of each Seasonal Turn (§5).
	Events bool
	// Deals: loans (§9.1), deals of the registry and varied fees (§9.3),
	// lines of credit (ST-A39).
	Deals bool
	// Collusion: the Collusion Phase, a step of its own before each
	// winter turn (§2.2, ST-X15).
	Collusion bool
	// Advanced: the advanced game's options (§11).
	Advanced bool
	// ReadDefault: a player without a submission plays Default's orders
	// as read, whole; without it, the default move alone.
	ReadDefault bool
}

// city reports whether the version keeps what the rulebook's city holds
// beyond the board, the trading and the assassins (Underworld).
func (b *rulebook) city() bool {
	return b.Contractors || b.Events || b.Deals || b.Collusion || b.Advanced
}

// boardVerbs are the orders of the player's segment every version reads
// (the move, Old Chinatown, the utilities, buying), and tradeVerbs the
// shipping's and the standing orders of the board; with hire between
// them, in the order Check's message lists them.
var boardVerbs = []verb{moveVerb, rerollVerb, airRerollVerb, passportVerb, bodyguardsVerb, fanTanVerb, opiumVerb, dailyMailVerb,
	depositVerb, withdrawVerb, buyVerb}

// tradeVerbs: see boardVerbs.
var tradeVerbs = []verb{docksVerb, noServiceVerb, allowVerb, sellVerb, bidVerb}

// cityVerbs are the verbs of the contractors, the events, the deals and
// the Collusion Phase.
var cityVerbs = []verb{tongsVerb, courtesanVerb, lidoVerb, raidVerb, spyVerb, tabVerb, rouletteVerb, picnicVerb, extortVerb,
	feesVerb, refundVerb, offerVerb, askVerb, creditVerb, lendVerb, borrowVerb, policeVerb, monksVerb, marinesVerb, minderVerb, exchangeVerb, acceptVerb, declineVerb}

// versions are the rules this engine plays, oldest first: a game is
// played to its end by the version it began with (engine.Versioned).
var versions = engine.Versions[*rulebook]{Game: "shanghai-trader", Rulesets: []engine.Ruleset[*rulebook]{
	{
		Number: 1,
		Differs: []string{
			"plays the assassin alone of the contractors (§3.3): hire takes {assassin: TARGETS} only; no thug or mugger, no Tongs, courtesans, customs raids, Lido Courtesan, police or monks (§6.2, §7.4, §7.5)",
			"rackets have no effect but on movement (§6.2), and the Currency Trader does no banking (§8.2)",
			"no special events (§5)",
			"no loans, deals, varied fees or lines of credit (§9.1, §9.3; ST-A1, ST-A2, ST-A39)",
			"no Collusion Phase (§2.2): the year goes from the Cycle Turn straight to winter",
			"no advanced game (§11): the only campaign option is data",
			"a player Resolve is given no submission for plays the default move alone (§2.3 the move; D16), not Default's orders",
		},

		Rules: &rulebook{verbs: newVerbTable(append(append(append([]verb{}, boardVerbs...), assassinVerb), tradeVerbs...)...)},
	},
	{
		Number: 2,
		Rules: &rulebook{
			verbs:       newVerbTable(append(append(append(append([]verb{}, boardVerbs...), hireVerb), tradeVerbs...), cityVerbs...)...),
			Contractors: true, CurrencyTrader: true, Events: true, Deals: true, Collusion: true, Advanced: true, ReadDefault: true,
		},
	},
}}
