// Package shanghaitrader is the engine of Shanghai Trader (Panther Games;
// rules: shanghai-trader.txt; analysis: rules-analysis.md part 1), for 3
// to 6 players, registered under the name "shanghai-trader". It plays the
// whole rulebook, sections 1 to 11, as engine version shanghai-trader/2:
// the board, the year, movement, trade, banking, debt and escape (part 1),
// and the rackets' effects, special events, contractors, the Collusion
// Phase, deals and loans, and the advanced game (part 2), with the
// Collusion Phase's exchanges settled in one step (offer, accept). Games
// begun with shanghai-trader/1, which played part 1 alone, go on playing
// it (see "Versions" below).
//
// The map, the Costs, Revenue and Shipping tables and the racket cards,
// which the rulebook refers to but does not print, are the
// reconstructions ST-G1 to ST-G11 of the rules analysis, in the embedded
// data.yaml; a campaign may replace any of its top-level keys with
// options: {data: {...}} (taipan new also reads options.data: FILE). [New]
// returns the [Engine]; its state is a *[State], its View a [View], drawn
// for reports by templates/shanghai-trader.tmpl. Help and ORDERS.md give
// the orders.
//
// Files: data.go (the components), state.go and underworld.go (the
// state), options.go (the advanced game's options), setup.go (the set-up
// and fixed positions), ruleset.go (the versions: what each plays),
// verbs.go (the table of orders), orders.go and cond.go (reading an order
// file into a plan, and its conditions), read_turn.go,
// read_contractors.go, read_deals.go and read_collusion.go (each verb's
// reading, by part of the rulebook), engine.go (the Engine contract),
// turn.go (the Seasonal Turn: shipping, movement segments, Old Chinatown,
// banking, purchases), events.go (the special events), contractors.go
// (general and special contractors, control of rackets), collusion.go
// (the Collusion Phase), offer.go and read_offer.go (deals in one
// round: the table of offers and answers), deals.go (standing deals, loans, the deal
// registry), escape.go (passports, bodyguards, the escape, assassins),
// year.go (the end of a turn and of a year, the Cycle Turn: sudden death,
// revenue, pyramids, initiative, the end of the game), run.go (a
// resolution: happenings, dice, payments, debt and auctions), json.go
// (the state's JSON for the digest), view.go and view_underworld.go (what
// each player sees), help.go.
//
// # Finding a rule
//
// An order is a verb of verbs.go: one value per verb, named as ORDERS.md
// names it, citing the rule it plays, with the step that takes it, its
// reading (the method read+Verb of State, in read_turn.go,
// read_contractors.go, read_deals.go or read_collusion.go, which checks
// it against the board now and records it in the plan), its choices for
// a form (choices.go) and its effect: the function of the resolution that
// carries it out where the rulebook's sequence of play puts it (the
// Movement Segment's a.–d. in turn.go, the events in events.go, the
// contractors in contractors.go, the Collusion Phase in collusion.go),
// each citing its section. Every section the engine plays is cited in the
// code as §N.N, every ruling by its id: grep the section or the id, or
// the verb's name in verbs.go.
//
// For example, §8.2, the Currency Trader's commission: grep §8.2 and find
// depositVerb and withdrawVerb in verbs.go ("§8.1 Imperial Trading Banks,
// §8.2 Currency Trader"), whose line names the reading, readBanking
// (read_turn.go), and the effect, "(*run).bank and (*run).currencyTrader,
// turn.go", played behind the rulebook's CurrencyTrader switch;
// ruleset.go says in one line that version 1 does no banking there.
//
// # Steps
//
// One step is one Seasonal Turn (ST-X1), or one Collusion Phase (ST-X15).
// Every player still in the city owes one order file for each. Resolve
// plays a Seasonal Turn in the order of §2.2: the standing orders and
// loans sent with it, removal deals, the Shipping Phase (not in the first
// or the last year), the Event Phase (the Turn Track's event, ST-A15; not
// in the first or the last year), then each player's Movement Segment in
// initiative order: a. the move, with the passport, bodyguards, escape,
// Old Chinatown and the Daily Mail; b. any fine; then banking (ST-A27); c.
// a purchase; d. the contractors (ST-X21). A step that ends a year also
// plays the next year's Cycle Turn: the sudden-death roll, the Revenue
// Phase and the Initiative Phase; then the Collusion Phase is the open
// step: standing orders and loans, Deployment and Exchange. After the last
// year's autumn the game is over.
//
// # Deals in one round
//
// §2.3 makes an exchange "upon agreement", which exchange: orders as two
// mirror images, seen to differ only when the step has closed. With
// offer: one side offers and the other answers in the same step. The offer must reach its addressee before the
// step closes, and the host's only path for that is the state: an order
// file is kept aside until the close, press never reaches the engine, and
// standing orders (engine.StandingOrders) are for players the step does
// not wait for, while in the Collusion Phase it waits for everybody. So
// the engine implements engine.OpenOrders: when a pending player's file
// is logged (and at every replay of it) ApplyOpen puts its offers: and
// answers on the table (Underworld.Table and Answers), replacing those of
// the player's earlier file. View shows an offer to its maker and to its
// addressee alone, with how to answer it (the secrecy twin test); the
// GM sees the table whole. An answer holds for the offer as it stood
// (its terms are kept with it), so an offer changed after its acceptance
// needs a new one; accept: {from: P, if_get: [...]} answers any offer of
// P that gives all it names; a counter-offer put on the table after an
// offer answers (declines) it too. An offer may carry a loan and fee
// waivers too (ST-X31). Awaiting words
// what waits for a player's answer, which the host mails them; a file the
// GM voids takes its offers and answers off the table. While
// an offer on the table is unanswered its addressee is in
// Status.Answering, and the host waits for their new file as for a file
// not sent (until the deadline): the one public trace of an offer is that
// the step waits for that player. At the close the Exchange Segment makes
// the mirror exchanges first, then each accepted offer in the initiative
// order of its maker, one exchange a pair, each checked as a mirror
// exchange is (exchangeRefused); an offer unanswered at the close lapses.
// Version 2 took this on without a new version, because no log it wrote
// can change: offer: to a player, accept: and decline: were refused on
// arrival before, and a file without them puts nothing on the table, so
// Status.Answering stays empty; version 1 has no Collusion Phase.
//
// # Versions
//
// A game is adjudicated by the version it began with (engine.Versioned).
// The versions are values, in one place (versions, ruleset.go): each
// picks its verbs (a table of verbs.go's values) and the parts of the
// rulebook its resolution plays, a rulebook's switches named for the rule
// (Contractors, CurrencyTrader, Events, Deals, Collusion, Advanced), and the older
// version lists, rule by rule with its section, what it plays
// differently (Ruleset.Differs). shanghai-trader/1 plays the board, the
// trade and the assassins alone: no Collusion Phase, no special events,
// no contractors but the assassin (thugs and muggers are refused by
// name), banking at the Imperial Trading Banks only, and of the rackets
// only the effects movement, revenue and the dens need (ST-X10). Its
// state has no Underworld, so its state's JSON, its reports and its
// frozen golden log are unchanged. A version-1 game moved to version 2 by
// the GM plays the basic game with an empty underworld from the open
// step on.
//
// # Bot
//
// The engine plays a seat itself (engine.Bot, bot.go): for a seat in
// civil disorder, a bot seat or a practice game. It sees only what its
// seat sees: it reads the state through Redeal (redeal.go), which keeps
// the seat's own money, orders and Daily Mail figures and the public
// board, and draws the rest anew: the others' cash and bank are guessed
// from what the seat was told and from their public holdings, jittered
// from the bot's stream (engine.NewBotRand); their sell orders, bids and
// secret deals are the defaults; loans between two others, the offers
// on the Collusion Phase's table that are not its own or made to it, the
// others' answers, the GM's ledger and the set-up's dice still to come
// are dropped. For each of six
// such states, with dice of its own but the same for every candidate, it
// resolves the open step with the engine's own Resolve once per
// candidate (every legal move but Old Chinatown's, each with the same
// standing orders; the others on their defaults) and keeps the move of
// the best mean value (bot_value.go): its chance of getting out before
// the end times what getting out is worth, the account and what it may
// still add (cash to bank, the revenue of the years it can still bank,
// its rackets). While trading it buys trading posts, warehouses,
// factories and rackets that pay for themselves in the years left,
// keeping a small reserve, deposits what is over it, and sets the
// Bastille Day tab as the French Club's owner. With nine to twelve turns
// left it weighs starting the run for the airfield, and with nine it
// starts it: the passport (bought, else rolled), the airfield with as many
// bodyguards as the cash buys, an assassin on a rival passport holder at
// the airfield, and the escape roll until out; a last try at the banks
// first if its account is empty. The Collusion Phase plays the default
// deployments and offers nothing; each offer made to it is accepted when
// the phase resolved with it accepted leaves it better off in those
// states than with it declined, and declined else (botAnswers: the host
// asks the bot again when an offer comes after its file). It never
// hires thugs, muggers, the Tongs or courtesans, nor makes deals of its
// own. Score (bot_score.go)
// is the account, nothing for one who does not get out; DecodeState
// (bot_decode.go) reads a state back from its JSON for a practice fork.
//
// # Rulings followed
//
// From rules-analysis.md part 1, quoted there with the rule sentences:
//
//   - ST-G1 the map (19 districts, their locations and die ranges, the
//     zones, Old Chinatown, the docks, Pootung across the river); ST-G2 the
//     rackets, their districts and racketeer costs; ST-G3 the Costs Chart;
//     ST-G4 the Revenue Chart with the $20ooo floor; ST-G5 the Shipping
//     Table and the default schedule ("each turn" read per season); ST-G7
//     unlimited counters and bank, money in $ooo in $5ooo steps; ST-G8 the
//     ferry charge ($5ooo to the Soochow Creek Emporium's owner, waived
//     when unowned, never for the shanghaied); ST-G10 the Transport
//     Company's $10ooo per functioning factory; ST-G11 fees and losses to
//     the bank.
//   - ST-A4 the cup holds the nationalities in use; ST-A5 and ST-A6
//     re-rolls at the railway stations and the airfield stay in the
//     district, and a 6 on one shanghais; ST-A16 no automatic move to an
//     unowned Shanghai Club; ST-A17 a racket landed on by roll may be
//     bought with all its district's trading posts; ST-A18 a racket goes
//     only to a player with one of its district's trading posts; ST-A19
//     the fine is due wherever another player's employee stands, however
//     the player got there; ST-A20 the pyramids that pay most after the
//     Transport fee; ST-A22 service lasts to the end of the next Revenue
//     Phase and belongs to the counter; ST-A23; ST-A26 the Old Chinatown
//     payees; ST-A27 the order of a segment; ST-A33 the hooked may still
//     hire; ST-A35 passport holders move only between the Consulates and
//     the airfield, the escape roll being the move, and bodyguards go on
//     the way back; ST-A36 and ST-A37 the last and first years; ST-A39 the
//     forced auction with standing sealed bids, lines of credit first
//     (version 2; version 1 has no loans);
//     ST-A40 a volunteer's 6 in Old Chinatown shanghais; ST-A43 "all but"
//     rounded down to lots; ST-A45 no voluntary action on credit; ST-A46
//     initiative by counters with roll-offs.
//   - Part 2: ST-G2 the racket cards (summarised in the reports); ST-G6
//     and ST-A15 the Turn Track's events (winter Gala, spring Roulette,
//     summer Bastille Day, autumn Picnic Races); ST-G9 the Lido
//     Courtesan's race to the Daily Mail, rolled at once and in each later
//     segment of the owner that year, arriving on the Daily Mail's numbers;
//     ST-A1 only the variable items may be varied (fine, airfield fee,
//     ferry, Transport fee, commission, Gala fee, extortion, refunds of the
//     Roulette and the Picnic Races), never Old Chinatown's losses, the
//     employees', general contractors' and passports' prices; ST-A2 the deal
//     registry; ST-A3 negotiation is free at any time (press), transfers
//     only in the Exchange Segment, loans at any time; ST-A7 all three
//     police placed, stacking allowed, not in Bubbling Well Road, and none
//     in effect before the first deployment; ST-A8 the monks' extortion in
//     the Monastery owner's step d, his own coolies exempt, once per
//     district; ST-A9 the Casino's owner may wager, rolling one less (never
//     below 1), losing to the bank; ST-A11 every player has a flutter, the
//     pool +50% rounded up, the owner's withdrawal, roll-offs among the
//     tied, the owner's +2 on every roll; ST-A12 one Bastille tab of at
//     most $50ooo, split as the owner orders; ST-A13 everybody in the city
//     takes part in events wherever they are, obligatory sums by auction;
//     ST-A14 no events in the first and the last year; ST-A16 the Shanghai
//     Club transferable in the basic game only; ST-A18 (and ST-X16); ST-A24
//     the Currency Trader: automatic moves with the owner's leave, landing
//     by roll needs none, 10% commission rounded up unless varied, the
//     owner banks only there and then; ST-A25 the Lido scandal's loss to the
//     bank; ST-A28 the Tongs' second roll; ST-A29 the raid in the owner's
//     step d, once a year; ST-A30 one courtesan per player per turn, three
//     in play, none while all three work; ST-A31 the largest mugging
//     modifier, not the sum; ST-A32 the minder dies either way, assassins
//     only at the airfield; ST-A34 the spy in the German's step d, his
//     detention counting the target's next segments, this turn's if not yet
//     played; ST-A36 the minder stays in play in the last year, the other
//     contractors leave after its Revenue Phase; ST-A37 the Lido Courtesan
//     and the inspector may be used in year 1; ST-A38 the sudden-death roll
//     first in the Cycle Turn, a hit making the whole year the last, the
//     threshold and years configurable; ST-A42 a racket's special
//     contractor not in the turn it is gained; ST-A44 contractors out on the
//     job withdrawn on a loss of control until next year.
//   - 1h: the largest international account among the escaped wins, equal
//     accounts share, nobody escaping means nobody wins, and the final
//     report reveals every account; "the only one to escape" wins with an
//     empty account.
//   - 1d: the board, tracks and payments are public; cash and bank are
//     their owner's; the Daily Mail tells the enquirer alone; deposits are
//     not declared.
//
// # Rulings of this implementation
//
//   - ST-X1 (§2.2, the "A Seasonal Turn is one step"): the Cycle
//     Turn of year Y+1 is resolved in the step of year Y's autumn, so that
//     the revenue and the new initiative order are in that step's report
//     and the winter orders are written knowing them. The Collusion Phase
//     (version 2) is a step of its own opened at that point (ST-X15).
//   - ST-X2 (rules-analysis D16 "STAY if legal, else MOVE to the current
//     district"): the default move is to stay where an automatic move could
//     go; at the airfield the escape roll (ST-A35 "The escape roll is the
//     move", §10.1 "forego an escape roll and instead move back": staying
//     at the airfield without rolling is not a move); in Old Chinatown, and
//     for a passport holder anywhere but the Consulates or the airfield, the
//     automatic move to the Consulates (rolling in Old Chinatown again
//     would be a visit with its 6 that shanghais; §0's "least harmful
//     legal choice"); anywhere else, a roll for the district the player is
//     in. Defaults read only the player's own position and passport and
//     the board.
//   - ST-X3 (§2.3 "When escaping you can move automatically to the
//     International Consulates"; ST-A35 "A player without a passport may
//     leave the queue"): anybody may move automatically to the Consulates,
//     so staying there is always legal.
//   - ST-X4 (§2.3 "if they allow you", D24): a racket's owner allows
//     players with the standing order allow:, which is public (a notice on
//     the racket's door), so that no view or default depends on a secret.
//     Standing orders (allow, sell, bid) sent with a turn take effect at
//     its start, before shipping, and last until changed.
//   - ST-X5 (rules-analysis §0, conditional orders): a ranked list is
//     carried out at the player's segment: the first entry whose condition
//     holds and which is legal at that moment; a move list none of whose
//     entries applies gives the default move, and says so to the player
//     alone. Conditions test only what their writer sees: the board, the
//     tracks, where players are, the writer's own money and passport.
//   - ST-X6 (the issue's "refused when they arrive, with the line and the
//     reason"): Check refuses what could not be carried out at any moment
//     of the turn: unknown places and players, an automatic move to a
//     place automatic moves never reach, a passport holder's move into the
//     city, an escape or bodyguards without a passport, a withdrawal beyond
//     the account, amounts not in lots of $50ooo (all but N is rounded down,
//     ST-A43), a volunteer's Fan Tan wager outside $10-50ooo or not in
//     steps of $5ooo (refused rather than raised or cut as ST-A10 says,
//     because the order file can be corrected in time), docks sent by
//     anyone but the Great Orient's owner or in a year without shipping,
//     allow for a racket the player does not control, opium: pay from a
//     hooked player (§7.6 "you can't get the option in subsequent turns"),
//     version 2's orders out of their step (ST-X15), contractors out of
//     play in the last year (§10.2), a racket's contractor from a player
//     who does not hold it, or used this year, deployments from anyone but
//     the racket's owner or the nationality, police in Bubbling Well Road,
//     marines off the docks, fees above the printed amount, a Bastille tab
//     over $50ooo or out of summer, exchanges of what a side does not hold
//     or of an exclusive racket, loans and exchanges beyond the cash,
//     and an assassin's target without a passport, or neither at the
//     airfield nor moving before the hirer (§3.3 "cannot be used against a
//     player in the International Consulates").
//   - ST-X7 (§7.3 "must wager a minimum of $10ooo"): a volunteer's wager is
//     cut to the cash in hand rounded down to $5ooo, but never below the
//     minimum; a lost wager beyond the cash is an obligatory payment (§9.2).
//   - ST-X8 (§10.3 "You cannot re-enter or participate in further play"):
//     when nobody is left in the city the game ends at once.
//   - ST-X9 (§3.3 "Once hit by an assassin a player is out of the game"):
//     the assassinated player leaves the board and the initiative track,
//     every establishment of theirs becomes uncontrolled, and their money
//     stays on record but never counts.
//   - ST-X10 (part 1's rackets): the racket effects version 1 plays are
//     those its movement, revenue and den rules need: the Shanghai Club
//     bought by landing on it, the Great Orient's shipping (§2.3), the
//     Transport Company's airfield fee (§8.6) and factory fee (ST-G10), the
//     Temple's second chance (§7.2, ST-T6), the Casino's cut of Fan Tan
//     losses (§7.3, ST-T8) and the Emporium's ferry (ST-G8). A warehouse
//     under the customs inspector or a courtesan (in version 1 placed by
//     setup: only) is not serviced and does not function at the Revenue
//     Phase, and both markers go at its end (§3.3, ST-T3).
//   - ST-X11 (§9.2, ST-A39): when a player cannot pay a fine or an
//     obligatory payment, their establishments are auctioned one at a time,
//     first those of their standing sell order, else the cheapest (then
//     the first on the map); the highest standing sealed bid the bidder can
//     pay from cash at that moment wins (ties: initiative order), else the
//     bank pays half the price (rounded up to $5ooo). A racket whose last
//     trading post is sold goes at once (§3.2). The Shanghai Club may be
//     auctioned: a sale is not the loss §6.1 forbids.
//   - ST-X12 (provable dice): every roll is drawn from the step's stream
//     after the set-up's fixed dice (setup: dice:) are used up; the state
//     counts the fixed dice used. The set-up draws the nationalities
//     (Rand.Shuffle of the cup, only when some are drawn) and then the
//     year-1 initiative rolls, in seat order, each tie re-rolled in seat
//     order, the higher ties first. A step draws, in this order: the winter
//     Shipping Table roll; then, segment by segment in initiative order,
//     the Opium Dens' exit roll, the move roll and its re-rolls, the
//     Temple's second chance, the den roll, Fan Tan's or the Brothels'
//     roll, the passport roll, the escape roll and the assassin's roll; and
//     at the end of a year the initiative roll-offs. A roll-off (rank) is
//     rolled in seat order, those still tied rolling again at once, the
//     tie nearest the top of the order first. The Shipping Table is rolled
//     once a year, in winter: a set-up after the winter of a year with
//     shipping gives the roll as ship_roll, and a new game without it is
//     refused (CheckSetup), as its next Shipping Phase would spend a die
//     on it mid-year; Setup still takes such a set-up, for the logs that
//     hold one.
//   - ST-X13 (money, §1.9): the bank never runs out. Every payment into or
//     out of it is a happening that names its amount and reason ("$40ooo
//     to the bank (opium fine)"), and the state keeps the totals by reason,
//     which the GM's view shows: the players' money is always what was
//     issued plus what was drawn less what was paid.
//   - ST-X14 (views, 1d): a player sees the board, every counter, owner,
//     permission, passport and bodyguard, the tracks and every public
//     payment; their own cash, bank, revenue, pyramids and standing
//     orders; another player's cash and bank only as the Daily Mail gave
//     them (with the season it did); at the end, everybody's. Version 2
//     adds the rackets with their cards and what of their effect stands,
//     the contractors on the board (police, monks, marines, the minder, the
//     inspector, the courtesans and their hirers, the Lido Courtesan's
//     race, the spy's detentions), the fees and refunds agreed, this
//     turn's event and the advanced rules in play, all public; and the
//     player's own deals, debts, and what they may still use this year.
//
// Rulings of version 2:
//
//   - ST-X15 (§2.2 "Collusion Phase - a. Negotiations Segment - b.
//     Deployment Segment - c. Exchange Segment"; issue 16 "the phase is a
//     step with its own deadline"): the Collusion Phase is a step of its
//     own, every year but the first (the last included: exchanges, loans
//     and the minder), between the Cycle Turn and the winter. Negotiation is
//     the press players send through Taipan while it is open (ST-A3: never
//     limited); its resolution plays the standing orders and loans, the
//     removal deals, the Deployment Segment (police, monks, the minder,
//     the marines) and the Exchange Segment. Its default order deploys
//     what the player must (ST-X24) and exchanges nothing.
//   - ST-X16 (§6.1 "Upon agreement"; rules-analysis D6 "It executes only if
//     the two records match exactly"; ST-A18): an exchange is made when
//     both players ordered it, with the same establishments and cash each
//     way (one exchange per pair), in the initiative order of the first of
//     the two; it is refused when either side no longer holds what it
//     gives or lacks the cash, when an exclusive racket would change hands
//     (§11.4), or when any racket either side holds afterwards would lack
//     one of its district's trading posts (§3.2: its racketeer would go at
//     once; the giver's case, too, "no party intends that"). The Shanghai
//     Club, without trading posts, is exempt. Only the two learn why, and
//     the cash.
//   - ST-X17 (ST-A10, ST-T10 "A standing order ROULETTE 5 is raised to
//     10"): a roulette wager outside $10-50ooo or not in $5ooo steps is
//     refused when it arrives, as Fan Tan's are (ST-X6), so that it can be
//     corrected; at the event it is cut to the cash in hand, never below
//     the minimum (ST-X7). The Casino's owner wagers only by a standing
//     roulette order (ST-A9 "may").
//   - ST-X18 (§9.1; rules-analysis D7 "Both parties must file it"): a loan
//     is lend: {NAME: N} from the lender and borrow: {NAME: M} from the
//     borrower in the same step, made at its start for the smaller sum if
//     the lender has it; a line of credit is credit: {to: {NAME: N}} from
//     the lender and credit: {from: {NAME: M}} from the borrower, standing,
//     lending up to the smaller sum when the borrower cannot pay a fine or
//     an obligatory payment, before any auction (ST-A39 step 1), lenders in
//     initiative order as far as their cash goes. Loans are the two
//     players' business: only they are told, and they see the net debt
//     between them (the rulebook enforces no repayment: repaying is a loan
//     back).
//   - ST-X19 (ST-A1; §9.3 "You are free to vary or waive fines, charges and
//     commissions"): fees: and refund: are a payee's standing public
//     notices, like allow (ST-X4), for one player or for anybody; a fee
//     may only be lowered, from the printed amount to nothing (the
//     commission from 10% to 0), since raising it would need the payer's
//     agreement; a refund pays back a percentage of a lost Roulette wager
//     or Picnic flutter, rounded up to $5ooo, as far as the owner's cash
//     goes. The Bastille tab is the owner's order of the summer (§5.4).
//   - ST-X20 (ST-A2; §3.3 "If a deal cannot be struck", "the parties can do
//     a deal to remove the inspector", courtesans "earlier if the parties
//     do a deal"; §11.4 the spy): offer: and ask: are secret standing
//     records, by kind: lido, customs, spy (to avert the attack, looked up
//     when it is announced; the contractor is used all the same) and
//     inspector, courtesan (to end the work, looked up at the start of each
//     step). The price is the ask; everybody learns that a deal was struck,
//     the two the price, nobody the offer.
//   - ST-X21 (§2.2 d "These can be hired and used in any order you wish";
//     ST-A27): step d plays, in this order, the general contractor (the
//     first of the ranked hire list whose condition holds, whose target is
//     in reach and that the player can pay: one a turn), the Tongs, a
//     general courtesan, the customs raid, the Lido Courtesan (her
//     announcement, or her roll in a race under way), the spy, and the
//     monks' extortion. A thug targets another player's coolie; a mugger a
//     player standing in the Settlement (any: the first in the initiative
//     order); the Tongs, a courtesan and the inspector another player's
//     warehouse or factory (the inspector warehouses only), the Tongs and
//     courtesans only after a voluntary, successful move to their den that
//     segment (a shanghaied player's den does not count).
//   - ST-X22 (§3.3, ST-A42, ST-A44): contractors out on the job are the
//     deployed police and monks, the racing Lido Courtesan and the
//     inspector on a warehouse; any loss of control withdraws them until
//     next year (a thug's or the Tongs' work, an exchange, an auction, an
//     escape). A transfer leaves the inspector on the warehouse (he closed
//     the premises) but a new overseer is never compromised (the courtesan
//     goes home). A racket gained in any way cannot use its special
//     contractor in that step; Check refuses the Lido Courtesan, the raid
//     and the spy to a player who does not hold them when the orders
//     arrive, so a racket bought this turn cannot be used this turn.
//   - ST-X23 (§10.3 "You automatically lose control of all on-board assets,
//     including special contractors, and any benefits these provide"): a
//     player who leaves the city takes their general courtesans off the
//     board; the minder leaves play with the Russian, and a minder leased
//     to a leaving player goes back to him; the marines leave with the
//     Japanese; the spy's detentions end with the German; a race against a
//     leaving target ends.
//   - ST-X24 (rules-analysis D2, D3; §0 "A mandatory action takes the least
//     harmful legal choice"): without orders the police go where they were
//     last year, else all to the Shanghai Club's own district (no coolies);
//     the monks where they were unless the police are there now, else to
//     Bubbling Well Road (never under police); the marines where they were,
//     else on the Japanese player's own warehouses and factories of the
//     docks, else on the first of the docks; the minder stays with the
//     Russian. A list of fewer than three police repeats its last district;
//     a monks' list is ranked, the first two not under police taken.
//   - ST-X25 (§11; issue 16 "options: {advanced: true} turns on all of §11,
//     and each part can be chosen alone"): the options are advanced,
//     sudden_death (true, or {from: YEAR, threshold: ROLL}), length,
//     national, and exclusive_rackets, marines, minder and spy, each of
//     which may also turn a part off under advanced. The sudden-death
//     rolls come at the start of the years before the last (years 6 and 7
//     of 8, 8 and 9 of 10; with another length as many years before its
//     end, §11.3), from: moves the first. The marines, the minder and the
//     spy exist only with a Japanese, White Russian or German player
//     (§1.1); with exclusive rackets, a racket reserved to a nationality
//     cannot be bought, won at auction or exchanged by another.
//   - ST-X26 (§11.4 "doing nothing (though they can still hire
//     contractors)"): a player the spy detains is moved to the Consulates
//     at once (bodyguards dismissed, no longer hooked or shanghaied) and in
//     each of the segments counted plays step d only.
//   - ST-X27 (ST-G9): the Lido Courtesan arrives on the die range of the
//     North China Daily Mail on the map; the target wins only by landing
//     there by a roll move after the announcement; the race ends with the
//     year, a deal, a loss of the Lido, or the target leaving the city.
//   - ST-X28 (§8.2, ST-A24): at the Currency Trader a deposit is cut by
//     lots until its commission can be paid from the cash; a withdrawal's
//     commission comes out of the cash withdrawn; the sums are told to the
//     depositor and the owner alone (1d). The owner's interest, 10% of his
//     account rounded up to $5ooo, is told to him alone, the sum telling
//     his account.
//   - ST-X29 (§5.5, ST-A11): a flutter is obligatory (auctions, §9.2); if
//     the owner withdraws and nobody is left to race, the rest of the pool
//     goes back to the bank; roll-offs are in the initiative order.
//   - ST-X30 (provable dice, ST-X12 extended): a step of version 2 draws,
//     in this order: the winter Shipping Table roll; the event's rolls (the
//     Gala's, each player but the owner in the initiative order; the
//     Roulette's, each wagering player in the initiative order; the
//     Picnic Races', each runner in the initiative order, then the
//     roll-offs); then, segment by segment in initiative order, the rolls
//     of part 1 and those of step d in the order of ST-X21: the general
//     contractor's roll and the minder's, the Tongs' roll and its second
//     roll, the courtesan's, the customs roll, the Lido Courtesan's, the
//     spy's; and at the end of a year the sudden-death roll before the
//     initiative roll-offs. The Collusion Phase rolls no die.
//   - ST-X31 (§9.1 "You may freely borrow from and lend money to other
//     players at any time"; §9.3 "You are free to vary or waive fines,
//     charges and commissions"; §2.3 the Exchange Segment): an offer to a
//     player may carry, with its exchange or alone, a loan (lend:,
//     borrow:, one way) and fee waivers (give_waiver: the maker's to the
//     addressee, get_waiver: the addressee's to the maker), and is carried
//     out whole or not at all, in the Exchange Segment, the lender needing
//     the cash of the exchange and the loan together. A loan or a waiver
//     alone is not the pair's one exchange of the year, which §2.3 counts
//     in transfers of establishments and cash. A waiver made is announced
//     and becomes the payee's standing public fee, as fees: {KIND:
//     {PLAYER: 0}} would be (ST-X19: fees are public notices, and a fee
//     charged is seen anyway); the terms of the deal stay the two
//     players'; a later fees: of the payee replaces it, as it replaces any
//     notice.
package shanghaitrader
