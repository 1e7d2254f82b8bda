// Package singapore is the engine of Singapore 1889 (rules:
// singapore-1889.txt; analysis: rules-analysis.md part 5), for 2 to 6
// players, with the Plain Goods, Ordinance Enacted and Influential Figures
// variants as campaign options (plain-goods, ordinance,
// influential-figures), combinable.
//
// The components (the seven goods with their Marked/Unmarked counts and
// effects, hand size, River size, seizure threshold, Ordinance depth, the
// six Merchant cards and their numbers) are in the embedded data.yaml.
// [New] returns the [Engine]; its state is a *[State], and its View is a
// [View], drawn for reports by templates/singapore-1889.tmpl. A step is one
// player's turn; the set-up choice of the Secret Society's start slot and
// Rival Chen's picks at the end are steps of their own. Help and ORDERS.md
// give the order syntax.
//
// # Finding a rule
//
// Each choice of a turn is a verb: a type in the file named for its rule,
// with its reading (read, into a Plan: this turn's or a standing plan's),
// its check against the River the take leaves (check), its effect
// (effect) and what leaving it out does (fill, for Fills). A goods
// card's effect ("Goods Effects") is in the file of the goods: silk.go,
// joss.go, peek.go (Salted Fish and Spices), swap.go (Tea and Porcelain);
// the Merchant phase's take and the Secret Society card's move are
// take.go, Rival Chen's picks chen.go. The table of verbs and the switches
// on which versions differ are the ruleset (ruleset.go); orders.go reads a
// file once with it (Read), and rules.go plays a turn (turn: the take,
// the move, the effect of the card taken, the Secret Society phase). For
// example, Joss Paper's "Draw 2 cards, Seize 1 and place the other at the
// bottom of the deck" is joss in joss.go, and SG-X9 (what others knew of
// the card put back) is Rules.JossKeepsKnowledge there.
//
// # Versions
//
// A game is played to its end by the rules it started with; the state of
// a singapore-1889/2 game records it (rules: 2). Each version is a ruleset
// (ruleset.go, versions), and what singapore-1889/1 plays differently is
// listed there, in one place (its Differs): SG-X2 and SG-X5 (defaults
// worked out from public information only) and SG-X9 (Joss Paper keeps
// what others knew of the card it puts back), each a named switch of
// Rules.
//
// # Rulings followed
//
// From rules-analysis.md part 5 (quoted there with the rule sentences):
//
//   - SG-G1: all 8 Opium are Marked (data.yaml).
//   - SG-G2: 2 to 6 players.
//   - SG-G3 / SG-A4: "Randomly pick a number of Goods types equal to 1
//     more than number of players" among the 6 non-Opium types, capped at
//     6; Opium always joins.
//   - SG-G4: an empty deck leaves River slots empty; Marked goods are still
//     counted; no seizure when the slot under the Secret Society card is
//     empty; the game ends when the River and the deck are both empty.
//   - SG-G5: slots 1 to 4 from the left; refills fill empty slots left to
//     right.
//   - SG-G6 / 5h: ties are a shared win.
//   - SG-A1: effects are compulsory except Porcelain and Tea ("You may").
//   - SG-A2: Opium in hand is worth n+1 when n >= 1 Opium are seized, else
//     0; under the Ordinance 2r-1 when r >= 1 are reclaimed, else 0.
//   - SG-A3: the Secret Society start slot is chosen by the player to the
//     first player's right, who plays last; play goes to the left (seat
//     order).
//   - SG-A5: whenever the Ordinance card would be drawn, revealed, looked at
//     or seized (refills, Joss Paper, Salted Fish, Spices), it is set aside
//     and the next card replaces it in the same action; its scoring applies
//     at the end regardless.
//   - SG-A6: Elite Huang counts the single best type; 6 or 7 copies give +9.
//   - SG-A7: Collector Lee is left out of the Merchant deck with fewer than
//     4 players; 6 or 7 types give +6.
//   - SG-A8: Resourceful Lin: floor(count/2) pairs per type, +3 each.
//   - SG-A9: Lackey Zhang uses each card's value after the Opium and
//     Ordinance rules: 3 or more gets +1, the others 0.
//   - SG-A10: Calculating Wang wins outright on exactly 13 or 22 under the
//     scoring in force.
//   - SG-A11: Rival Chen takes 2 cards of the final River, without effects,
//     and scores 9 cards.
//   - SG-A12: Plain Goods ignores Opium's scoring effect too.
//   - SG-A13: the Secret Society card moves first, then the effect resolves.
//   - SG-A14: Silk, Porcelain and Tea may target any River card (the one
//     under the Secret Society card too); Porcelain any Seized card; Tea any
//     hand card, the one just taken too.
//   - SG-A15: Joss Paper with one deck card seizes it; with none, nothing.
//   - SG-A16: only the River's Marked goods count for the seizure.
//   - SG-A17: variants combine; Merchant cards use the scoring in force.
//   - 5d: hands, Merchant cards and deck knowledge are private (SG-X9).
//
// Rulings of this implementation:
//
//   - SG-X1 (5e): the random draws of the set-up (step 0 of the stream),
//     in this order: the goods types (the 6 non-Opium types in data order,
//     shuffled with Rand.Shuffle, the first N+1 kept), the deck (the chosen
//     cards in component order, shuffled), the first player (Rand.Intn,
//     "a seeded draw"), the Merchant cards (the deck of 6, or 5 without
//     Collector Lee, shuffled and dealt in seat order). The River is the top
//     4 cards; then the Ordinance card goes on top of the bottom 5; then one
//     card to each player in seat order, then the first Seized card. A
//     fixed setup skips the draws it fixes. Turns use no randomness.
//   - SG-X2 (5c "Defaults"; issue 11: "Choose defaults from public
//     information only"): the default turn takes the River card that
//     raises the player's running total most, the leftmost on ties, where
//     the running total counts only what everybody can see: the hand's
//     open cards, without the hidden dealt card and without the Merchant
//     card (everybody sees the take, so a take chosen with hidden cards
//     would show them); the default start slot is the current one (slot
//     1). Under singapore-1889/1 the whole hand and the Merchant card were
//     counted.
//   - SG-X3 (5c G3, G4 "the first legal option in slot or deck order"): a
//     missing move puts the Secret Society card above the leftmost other
//     River card; a missing Silk choice sends the leftmost River card.
//   - SG-X4 ("you must move the Secret Society card such that it is above
//     another Goods card"): when no other card is in the River (empty
//     deck), the card stays where it is.
//   - SG-X5 (5c "least harmful legal choice"): a missing Joss Paper choice
//     seizes the drawn card that raises the player's running total most,
//     the first drawn on a tie; a missing Salted Fish or Spices choice
//     seizes the card only if that raises the running total, else puts it
//     back (bottom, resp. top); the running total counted as in SG-X2 (the
//     seizure is public). Rival Chen's default picks count the Merchant
//     card, public by then. Tea and Porcelain default to no swap. The
//     acknowledgement of a file lists what it leaves to these defaults.
//   - SG-X6 (design: "an illegal choice is rejected before the turn
//     resolves"): a turn's orders are checked against the River, hand and
//     Seized area as they will be when each choice is made (after the take,
//     before the refill): a move when the card under the Secret Society
//     card is not taken, an effect order for another card than the one
//     taken (or any effect order under Plain Goods), a target that is not
//     there, and a name matching both a Marked and an Unmarked card in hand
//     or Seized area are refused. In the River, goods named without a mark
//     mean the leftmost such card. Joss Paper, Salted Fish and Spices
//     choices depend on hidden cards, so they are preferences: seize 1 or
//     seize 2 (drawing order), ranked goods, or seize if GOODS.
//   - SG-X7 (issue: "a ranked plan for the player's next turn"): plan:
//     in a turn's (or the start step's) orders is stored, private to the
//     player, for their next turn. When that turn comes, within the same
//     resolution, the plan plays it if one of its take entries matches a
//     River card; its other choices are ranked too, and what does not apply
//     gets the defaults (no swap for a swap that does not fit). A plan that
//     does not cover the turn is dropped and the player is asked (a private
//     happening says so). A plan is used once; plan: none cancels it. A
//     player may also send a file holding only plan: while it is not their
//     turn (engine.StandingOrders): it replaces their plan at once.
//     Plans name only public things (slots, goods) and the player's own
//     hand.
//   - SG-X8 (SG-A11): Rival Chen's picks are a step of their own at the
//     end, owed by the holder; with 2 or fewer River cards they are taken
//     without asking. This step is public, so it shows who holds Rival Chen
//     just before the hands are revealed: the rule itself has the holder act
//     in view of all ("before scoring, choose 2 Goods in the River and take
//     them"), and nobody decides anything after it, so the one pause that
//     follows a hidden card tells nobody anything they could still use. The default picks the pair that
//     raises the holder's total most, the lowest slots on ties.
//   - SG-X9 (5d): a hand card is open when everyone saw it arrive (taken
//     from the River, Tea, Rival Chen); the dealt card is hidden. Other
//     players see a hand as its open cards and a count of hidden ones.
//     When Tea gives a card of which the hand holds an open and a hidden
//     copy, the open copy goes. Deck knowledge: Silk's card is public; the
//     Joss Paper card put at the bottom, the Salted Fish card put at the
//     bottom and the Spices card put on top are known only to their player
//     (as positions from the top and the bottom). Whoever knew a card that
//     Joss Paper draws and puts back at the bottom still knows it, since
//     the seized card is public (a card Silk sent down stays public; under
//     singapore-1889/1 only the Joss Paper player knew it). Merchant cards and plans
//     are private. At the end every hand, Merchant card and score is shown.
//   - SG-X10: a player who holds 7 goods takes no more turns (possible
//     only in a laid-out game); the game ends when nobody still in the
//     game takes turns. GM action remove: the player takes no more turns
//     and cannot win; their hand stays out of play; if it was their step,
//     play moves on (the start slot stays, Rival Chen's picks are skipped).
//   - SG-X11: the campaign's setup may fix the first player, the types, the
//     deck order (top first, dealt as in SG-X1; rest: true completes it in
//     component order) and the Merchant cards, or describe a game under way
//     (river, ss, seized, hands, turn, deck, bottom, rest or rest_seized,
//     ordinance_aside). Every card of the chosen goods must be placed
//     exactly once, or the setup is refused.
//   - SG-X13 (SG-X7): on the player's own turn a file needs the turn's
//     take, also when it carries a plan; one holding only a plan is
//     refused with that hint. The views' deck count is of goods cards: the
//     Societies Ordinance card, while in the deck, is named beside it.
//   - SG-X12 (5i SG-T5): the running score ("if the game ended now") in
//     each player's view is their own only; the GM sees all.
//
// # Bot
//
// [Engine.BotOrders] plays a seat (engine.Bot) from what the seat sees
// alone: it reads the state only through [Engine.Redeal], which deals the
// cards the seat does not know (the others' hidden dealt cards, the deck
// cards neither public nor seen by the seat) and the Merchant cards it
// does not see anew from the bot's own stream, and drops the others'
// standing plans (redeal.go). The bot lists its candidate orders
// (botcandidates.go: each take, each move of the Secret Society card,
// each Silk target, Tea and Porcelain swap; for Joss Paper, Salted Fish
// and Spices, whose cards nobody sees yet, one ranked preference worked
// out from its own hand against the others' open cards), every one read
// as Check reads it. It plays each candidate with the engine's Resolve in
// the same redealt worlds, to the end of the game: its own later turns by
// a quick policy that foresees the Secret Society phase's seizure in the
// world's deck, the others by their defaults (botplayout.go). It keeps
// the candidate with the best mean outcome (its share of the win, plus a
// fifth of a win per point of margin over the best other total),
// dropping the worst half of the candidates round by round (bot.go), in
// at most 64 worlds and 3,000 Resolve steps a decision (about 20 ms of
// processor time, BenchmarkBotDecision). It writes no plans. It cannot see the others' hidden cards, Merchant
// cards or plans, nor the deck's order, and it guesses at them only by
// dealing them at random: it draws no inference from what the others
// did.
package singapore
