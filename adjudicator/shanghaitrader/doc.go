// Package shanghaitrader is the engine of Shanghai Trader (Panther Games;
// rules: shanghai-trader.txt; analysis: rules-analysis.md part 1), for 3
// to 6 players, registered under the name "shanghai-trader". This version
// (shanghai-trader/1) plays part 1 of the game: the board, the year,
// movement, trade, banking, debt and escape. Rackets' own effects, special
// events, contractors other than the assassin, collusion and the advanced
// rules are part 2 (see "Part 2" below).
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
// Files: data.go (the components), state.go (the state), setup.go (the
// set-up and fixed positions), orders.go and cond.go (order files and their
// conditions), engine.go (the Engine contract), turn.go (the Seasonal
// Turn: shipping, movement segments, Old Chinatown, banking, purchases),
// escape.go (passports, bodyguards, the escape, assassins), year.go (the
// end of a turn and of a year, the Cycle Turn: revenue, pyramids,
// initiative, the end of the game), run.go (a resolution: happenings,
// dice, payments, debt and auctions), json.go (the state's JSON for the
// digest), view.go (what each player sees), help.go.
//
// # Steps
//
// One step is one Seasonal Turn (ST-X1). Every player still in the city
// owes one order file for it. Resolve plays the turn in the order of §2.2:
// the Shipping Phase (not in the first or the last year), the Event Phase
// (no events in this version), then each player's Movement Segment in
// initiative order: a. the move, with the passport, bodyguards, escape, Old
// Chinatown and the Daily Mail; b. any fine; then banking (ST-A27); c. a
// purchase; d. the general contractor. A step that ends a year also plays
// the next year's Cycle Turn: the Revenue Phase and the Initiative Phase.
// After the last year's autumn the game is over.
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
//     forced auction with standing sealed bids (no loans in this version);
//     ST-A40 a volunteer's 6 in Old Chinatown shanghais; ST-A43 "all but"
//     rounded down to lots; ST-A45 no voluntary action on credit; ST-A46
//     initiative by counters with roll-offs.
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
//     of part 2 will be a step of its own opened at that point.
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
//   - ST-X10 (part 1's rackets): the racket effects this version plays are
//     those its movement, revenue and den rules need: the Shanghai Club
//     bought by landing on it, the Great Orient's shipping (§2.3), the
//     Transport Company's airfield fee (§8.6) and factory fee (ST-G10), the
//     Temple's second chance (§7.2, ST-T6), the Casino's cut of Fan Tan
//     losses (§7.3, ST-T8) and the Emporium's ferry (ST-G8). A warehouse
//     under the customs inspector or a courtesan (placed by setup: until
//     part 2) is not serviced and does not function at the Revenue Phase,
//     and both markers go at its end (§3.3, ST-T3).
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
//     at the end of a year the initiative roll-offs.
//   - ST-X13 (money, §1.9): the bank never runs out. Every payment into or
//     out of it is a happening that names its amount and reason ("$40ooo
//     to the bank (opium fine)"), and the state keeps the totals by reason,
//     which the GM's view shows: the players' money is always what was
//     issued plus what was drawn less what was paid.
//   - ST-X14 (views, 1d): a player sees the board, every counter, owner,
//     permission, passport and bodyguard, the tracks and every public
//     payment; their own cash, bank, revenue, pyramids and standing
//     orders; another player's cash and bank only as the Daily Mail gave
//     them (with the season it did); at the end, everybody's.
//
// # Part 2
//
// The rules of part 2 fit the same steps and state: the Event Phase is
// the empty turn.go events; the Collusion Phase a new step opened by
// year.go's cycle after the Initiative Phase (the state's Season then
// marks the Cycle Turn); rackets' effects hang on the roles of data.yaml;
// contractors are more kinds for orders.go's hire (thug and mugger are
// refused by name now) and markers on Estab (Closed and Compromised are
// already honoured); deals extend the standing orders of ST-X4; the
// advanced rules are campaign options. Such changes alter replays, so they
// come as engine version shanghai-trader/2, keeping version 1 behind a
// switch (adjudicator.Versioned).
package shanghaitrader
