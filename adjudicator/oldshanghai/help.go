package oldshanghai

// Help is the order syntax.
func (e Engine) Help() string {
	asked := `A file with any standing order replaces all your standing orders
(those it leaves out become "ask", except skip: without skip orders you
draw at your turns); a file with only now: (or none) keeps them. A
decision left to "ask" is asked whether or not you hold the card it is
about (a Heart of Gold, Harbor Police, a Boss or a pair), so that the
question shows nobody your hand; then answer now: no if you cannot.`
	if !e.ruleset().Rules.AskEveryone {
		asked = `A file with any standing order replaces all your standing orders
(those it leaves out become "ask"); a file with only now: (or none)
keeps them. A decision about a card is asked only of its holder.`
	}
	return `The Old Shanghai Game: standing orders answer decisions in advance.
A mail round plays on until someone faces a decision their orders do
not cover; then the game waits for that player alone. You may send
new standing orders at any time, also while the game waits for others.

` + asked + `

  - heart: always | never | ask | {if: COND} | {unless: COND}
      play your Heart of Gold when you draw a Shanghai!
  - police: always | never | ask | {if: COND} | {unless: COND}
      play Harbor Police when someone finishes your Shanghai!
  - finish: all | none | ask | PLAYER | [PLAYER, ...]
  - finish: {who: all, with: boss-first, if: COND}
      finish others' Shanghai!s; with: boss-first, gangs-first,
      boss or gangs. The first willing player clockwise from the
      drawer's left is the Shanghaier.
  - put-back: top | bottom | random | DEPTH | for PLAYER | ask
  - put-back: [{at: for next, if: COND}, random]
      where you put a Shanghai! back (1 = top; for PLAYER: the
      card that player draws next if nobody skips; for next)
  - keep: [police, heart, boss, drink-up]
      Old Shell-Back: keep the first listed of your two cards
  - skip: [RULE, ...]   before drawing, the first rule that applies:
      draw | ask | drink-up | shell-back | drunken-sailor at TARGET
      | {play: CARD, at: TARGET, if: COND} (a rule for a card you do
      not hold is passed over; when none applies you draw)
      TARGET: PLAYER, left, right, most-cards or fewest-cards
  - now: ANSWER   answers the question waiting for you, once:
      draw, drink-up, shell-back, {drunken-sailor: PLAYER}; a card
      to keep; yes or no (heart or police answer only their own
      question); boss, gangs, a gang or no; a position
  - clear         forget all your standing orders

COND tests only what you know; join tests with "and", and start one
with "not" to negate it: top shanghai (you know the top card is a
Shanghai!), top safe, top unknown, top CARD, shanghai within N,
have [N] CARD, no CARD, hand/deck/players OP N (OP: < <= = >= >),
drawer PLAYER|me|left|right, shanghaier PLAYER|me, by boss, by gangs.

Cards: shanghai, heart, drink-up, shell-back, drunken-sailor,
southenders, sydney-cove, dragons, boss, police.

Example:
  orders:
    - heart: {unless: have police}
    - police: always
    - finish: {who: all, with: gangs-first}
    - put-back: [{at: for next, if: players <= 3}, random]
    - keep: [police, heart, boss, drink-up, drunken-sailor]
    - skip:
        - {play: drink-up, if: top shanghai}
        - {play: drunken-sailor, at: most-cards, if: shanghai within 1}
        - {play: shell-back, if: deck <= 8}
        - draw
`
}
