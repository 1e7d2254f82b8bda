// Package trader is the engine of Trader, the stock card game
// (rules: trader.txt; analysis: rules-analysis.md part 4), for 2 players,
// 3 players (with the "Market closed" card) and 4 players in two teams.
//
// The components (capitals, colours, the 7 values of each colour, the
// Joker's worth, starting money per player count) are in the embedded
// data.yaml. [New] returns the [Engine]; its state is a *[State], and its
// View is a [View], drawn for reports by templates/trader.tmpl. ORDERS.md is
// the order reference for players; Help lists
// the orders: buy: COLUMN, sell: [STOCK, STOCK], joker: STOCK, pass and,
// with 3 players, market-closed: COLUMN; and plan: [ENTRY, ...], a
// standing plan for the player's next turn (TR-X11), which the Engine
// also takes, alone, from a player whose turn it is not
// (engine.StandingOrders).
//
// # Finding a rule
//
// Each order of the rulebook is a verb: a type in the file named for the
// rule it plays, with everything the engine does with it — how it is read
// and checked (read), what the form and the report offer (offer, for
// Options), its effect (play, and sale for the two sales), and how it is
// read and played as an entry of a standing plan. The table of verbs is
// the ruleset (ruleset.go: Rules.Verbs, one ruleset per version in
// versions); orders.go reads a file with it, once (Read: Check judges that
// reading and Resolve plays it), and rules.go plays a turn in the
// rulebook's order. For example, "It is forbidden to purchase the Stock
// covered by the Market closed card" ("Option for 3 Players") is in
// buy.go, readBuy; where the card goes after the turn is in
// marketclosed.go (moveMarketClosed, TR-A7, TR-X1); the Joker sale of
// "Using the Joker Stock" is joker.go. Trader has one version, trader/2.
//
// # Rulings followed
//
// From rules-analysis.md part 4 (quoted there with the rule sentences):
//
//   - TR-G1 / TR-A1: each colour is 2, 3, 3, 4, 5, 5, 6 ("7 different value
//     cards from 2 to 6"); option values: "2..8" gives 2, 3, 4, 5, 6, 7, 8.
//   - TR-G2: the colours are red, blue, green, yellow and black.
//   - TR-G3 / TR-G4: money is whole millions; the bank never runs out.
//   - TR-G5 / TR-A10: a player who can neither buy nor sell passes; pass is
//     refused while any purchase, pair sale or Joker sale is possible.
//   - TR-G6: Paris … Brussels are columns 1 … 5; London is the central one.
//   - TR-G7: the last sales are one simultaneous step.
//   - TR-A2: a column "has no more available Stocks" when it is empty.
//   - TR-A3: every player, the one who ended the game included, may make
//     one last sale (pair or Joker) or pass.
//   - TR-A4: with 4 players each team must make one last sale (see TR-X5).
//   - TR-A5: with 4 players a sale is one of your stocks and one of your
//     partner's of the same colour; two of your own may not be sold
//     together; the partner's consent is not needed.
//   - TR-A6: one Joker per team, used by either partner with a stock of
//     either; the money goes to the user.
//   - TR-A7 / TR-A8: the Market closed card moves to the available stock of
//     another non-empty column; once two columns are empty it leaves the
//     game instead of moving.
//   - TR-A9: a Joker has no colour and only sells through the Joker rule.
//   - TR-A11: each set's final money is recorded and summed.
//   - TR-A12: the first player is setup.first (self-declared), else the
//     first listed; each new set the next seat begins ("switch the first
//     player"): with 2 players they alternate.
//   - TR-A13: 4 players sit A1, B1, A2, B2: seats 1 and 3 against 2 and 4;
//     a team is named "alice+carol".
//   - TR-A14: a purchase needs the money for it.
//   - 4c: the default orders (see Engine.Default and TR-X1, TR-X2); the
//     "script of future turns" is the standing plan (TR-X11).
//   - 4d: a player's view shows only their own money (TR-X7).
//   - 4h: ties, in money or in totals over several sets, are a shared win.
//
// Rulings of this implementation:
//
//   - TR-X1 (4c T2, "He cannot leave it on the same column"): when the
//     active player of a 3-player game does not say where the Market
//     closed card goes, it goes, after the action, to the non-empty column
//     other than its current one whose available stock is worth most, the
//     first in capital order on ties. The card moves after a pass too
//     (every turn ends with a move), so a player it blocks is not blocked
//     for ever by nobody's choice. A market-closed order is refused once
//     the card is out of the game, and accepted but moot when the action
//     itself empties the second column.
//   - TR-X2 (4c, TR-G5): the default turn is the best pair sale, else the
//     cheapest affordable stock (lowest column on ties), else, because a
//     Joker sale is an operation and pass would be illegal, the Joker sale
//     of the most valuable stock, else pass. The default last sale is the
//     best sale with or without the Joker (a pair on ties), else pass.
//   - TR-X3 (TR-G5, "The game ends as soon as 3 columns have no more
//     available Stocks"): when no player still in the game could buy or
//     sell even without the Market closed card, nothing can change any
//     more and the set ends at once; and after two full rounds in which
//     nobody bought or sold (possible only when the Market closed card
//     keeps covering a player's one affordable stock) the set ends too.
//     Either way the last sales follow as usual.
//   - TR-X4 ("Each player can then choose to carry out a last sales
//     operation"): the last-sale step waits only for players who hold
//     something they could sell; when nobody does, the set is scored at
//     once.
//   - TR-X5 (TR-A4 "by either partner"): with 4 players both partners of
//     a team that can sell owe a last-sale order. The team makes one sale:
//     the first sale order sent (in seat order) beats a default; if both
//     partners pass, the best team sale is still made, for the first of
//     them in seat order, because the sale is compulsory.
//   - TR-X6 (GM action remove): a removed player takes no more turns, owes
//     no last sale and cannot win; their stocks and money stay where they
//     are, so with 4 players the partner may still sell with their stocks
//     and use the team's Joker, and the team can still win. A removed
//     player's final money still appears in the set scores. If everybody
//     leaves, the game ends without a winner.
//   - TR-X7 ("the players keep their money in their hand without showing
//     their opponent"): views show a player only their own money, not even
//     their partner's; happenings give the amount of each purchase and
//     sale (public) but never a balance, until the money is counted at the
//     end of each set ("The players then count their money"); once the
//     game is over, every view shows everybody's money.
//   - TR-X8 (TR-A5): with 4 players sell: [A, B] means A is yours and B
//     your partner's; if only the reverse reading is possible it is taken.
//     sell: {mine: A, partner: B} is never reversed. joker: A uses your own
//     A if you hold one, else your partner's.
//   - TR-X9 (4e): with no fixed layout, the 35 stocks in data order
//     (colours in order, values in order) are shuffled with
//     engine.Rand.Shuffle and dealt 7 to each column in capital order,
//     the first stock dealt to a column being its available one. Each new
//     set is dealt the same way from the random stream of the step that
//     ends the previous set; money, holdings, Jokers and the Market closed
//     card start afresh.
//   - TR-X10: setup may describe a game under way (hands, sold, rest_sold,
//     money, jokers_used, market_closed), for tests or to continue a game
//     begun face to face. It applies to set 1 only, must account for all
//     35 stocks, and may not leave three columns empty.
//   - TR-X11 (4c: "Each mail round may therefore carry a script of future
//     turns, each conditional on the opponent's previous action. The
//     engine keeps running turns until a player's script has no
//     applicable line, and then waits for that player's next mail."):
//     plan: [ENTRY, ...] is a ranked list of actions for the player's next
//     turn. Entries are the turn's verbs (buy COLUMN or STOCK, sell
//     [A, B], joker STOCK, pass) and buy: cheapest (the cheapest stock the
//     player can afford, lowest column on ties, as in TR-X2) and sell:
//     best (the best-paying pair, 4 players: own + partner's, TR-A5).
//     With 3 players an entry may carry market-closed: beside it (one
//     column or a ranked list), and a line market-closed: [...] of its own
//     ranks the columns for every entry without one; the first column
//     legal after the action is used, else the default place (TR-X1), so
//     the card never makes an entry illegal. When the player's turn comes,
//     within the same resolution, the first entry legal at that moment
//     (checked exactly as the same order mailed then; an unaffordable
//     buy, a stock no longer held, a used Joker or a pass while an action
//     is possible is not legal) is played, announced "by their standing
//     plan"; turns chain while the next player's plan covers their turn.
//     A buy: STOCK entry takes the first column, in capital order, where
//     that stock is available and may be bought. A plan is used for one
//     turn: the "script" is the player's answer to the position they see,
//     and a plan kept until it had no legal entry would replay a generic
//     entry such as buy: cheapest for the rest of the game, playing both
//     sides to the end unattended; one turn per plan already halves the
//     mail rounds of a two-player game, and each new plan answers the
//     opponent's previous action. A plan with no legal entry is dropped
//     and its player asked (a happening only they see quotes it). plan:
//     none cancels. A plan may come with the turn's orders (it is for the
//     next turn, not this one) or alone, from a player whose turn it is
//     not (engine.StandingOrders), replacing their plan at once.
//     Plans are private (the owner's and the GM's views show them; there
//     is nothing else secret for them to refer to but the player's own
//     money). The set's end drops every plan (its owner is told), and no
//     plan is taken at the last-sale step: plans are for turns, and each
//     set starts afresh. A removed player's plan is dropped; when the GM's
//     removal hands the turn on, the next player's plan plays it at once.
//   - TR-X12 (issue 11: "Choose defaults from public information only, in
//     every game"; 4c: "full information (apart from money, which can be
//     derived)"): the defaults (TR-X2, TR-X1) choose from the columns and
//     the holdings, which are face up, and from whether the player can
//     afford the cheapest available stock. Money is hidden in the views
//     (TR-X7) but anyone can work it out from the starting money and the
//     public sales, purchases and GM corrections, and a purchase shows
//     anyway that the buyer had the money (TR-A14); so no default tells a
//     player anything the table does not. The acknowledgement of a turn
//     says where the Market closed card goes when the file does not, and
//     that without a plan the next turn waits (Fills).
//   - TR-X13 ("The players decide together whether communication between
//     partners is allowed"; the campaign issue: "partners may not talk
//     unless the campaign allows it"): with 4 players, private press
//     between partners is refused unless the campaign's options say
//     partner_talk: true. Public press, which the other team reads too,
//     is always allowed. The option is read by the press check alone and
//     kept nowhere in the state, so games with and without it replay alike.
//
// # Bot
//
// The Engine plays a seat itself (engine.Bot: an empty seat, civil
// disorder, practice). It sees the game only through Redeal, which keeps
// what the seat sees (the columns, every holding, the sold pile, the
// Jokers, its own money) and draws the rest: the others' money is worked
// out from the table as any player can (everybody's start, less what the
// stocks held and sold cost, plus what the sold pile paid), its split
// among them shared out evenly, and their standing plans are unknown and
// taken as none. The deal is face up, so nothing else is hidden.
//
// For each of its legal actions the bot plays the set to its end many
// times: the action itself through the engine's own Resolve, the rest in
// a playout (playout.go, a compact copy of the set's rules that
// TestPlayoutPlaysAsResolve holds to Resolve step by step), the others
// playing now as a random player, now as the defaults, and itself by the
// defaults but buying what pairs with a stock it holds. It keeps the
// action that wins most often, by the widest margin, narrowing the field
// by halves over the same sampled futures; with 3 players it then picks
// the Market closed card's place the same way. It draws its chance from
// its own stream only. It cannot know which kind of player it faces, nor
// a money correction by the GM, nor, when a Joker sale lies beside a pair
// of its colour on the sold pile, which was which.
package trader
