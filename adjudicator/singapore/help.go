package singapore

// Help is the order syntax.
func (e Engine) Help() string {
	counted := `counted on your open hand cards (not the card dealt to you, nor
  your Merchant card), since everybody sees what a default does`
	if !e.ruleset().Rules.DefaultsSeePublicOnly {
		counted = `counted on your whole hand and your Merchant card`
	}
	return `Singapore 1889 orders: one step is one player's turn.

River slots are 1 to 4 from the left. Goods are written Silk/M (Marked,
with the Union Jack), Silk/U (Unmarked) or Silk (either); "Marked Silk",
"silk m" and "British Silk" work too. Where a list is allowed, it is
ranked: the first entry that applies is used.

Set-up (the player to the first player's right):
  - start: 3                  the Secret Society card starts above slot 3

Your turn (a file on your turn needs take:, also when it has a plan:):
  - take: 2                   take the card in slot 2 (or take: Silk/U,
                              or a ranked list: take: [Silk/U, Tea, 4, any];
                              any is whatever card is there, the leftmost)
  - move: 4                   optional, when you take the card under the
                              Secret Society card: where it goes (another
                              card of the River; left out, the leftmost)
  then the choice of the effect of the card you take:
  - silk: 3                   Silk: River card sent to the deck bottom
                              (a slot or goods; default the leftmost)
  - joss-paper: seize 2       Joss Paper: seize the 1st or 2nd card drawn,
                              or goods by preference: [Silk, Tea/M]
  - salted-fish: seize        Salted Fish: seize, bottom, or
                              seize if Silk, Tea/M (else bottom)
  - spices: top               Spices: seize, top, or seize if Opium
  - tea: swap 2 for Joss Paper/U
                              Tea: swap a River card for one of your hand
                              (or {river: 2, hand: Joss Paper/U}); none
  - porcelain: swap 1 for Tea/M
                              Porcelain: swap a River card with a Seized
                              one (or {river: 1, seized: Tea/M}); none
  Left out, Joss Paper seizes the card that raises your running total
  most (the first drawn on a tie); Salted Fish and Spices seize only if
  that raises your running total; Tea and Porcelain swap nothing.
  A player who sends nothing takes the River card that raises the
  running total most, the leftmost on ties. Running totals here are
  ` + counted + `.

A plan for your next turn, so the game need not wait for you:
  - plan:
      take: [Silk/U, Silk, Tea, any]
      move: [Opium, any]
      silk: [Opium/M, 1]
      joss-paper: [Silk, Tea]
      salted-fish: seize if Silk
      spices: top
      tea: none
      porcelain: swap Tea/M for Silk/U
  When your next turn comes, the plan plays it at once if one of its take
  entries is in the River (what it leaves out gets the defaults; a swap or
  move that does not fit is skipped); else it is dropped and you are asked.
  plan: none cancels it. Only you see your plan.

At the end, with Rival Chen (Influential Figures):
  - chen: [1, 3]              the 2 River goods you take before scoring

Example:
  orders:
    - take: 2
    - move: 4
    - silk: Opium/M
    - plan:
        take: [Silk, Tea/U, any]
        joss-paper: [Silk]
`
}
