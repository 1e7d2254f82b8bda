package shanghaitrader

// Help is the order syntax (taipan rules shanghai-trader).
func (Engine) Help() string {
	return `Shanghai Trader orders: one step is one Seasonal Turn. Every player in
the city sends one order file; the turn is then played in initiative
order, each player's orders applied when their segment comes. Money is
in $ooo. Ranked lists: the first entry that applies is used; any entry
may end with "if CONDITION".

Movement (one move each turn; default below):
  - move: Nanking Road        name a district and roll for the location
  - move: auto Shanghai Club  automatic move: your racket, a racket whose
                              owner allows you, an unowned racket whose
                              district's trading posts are all yours,
                              the Consulates, or (passport) the airfield
  - move: stay                only where an automatic move could take you
  - move: escape              the escape roll, at the airfield (1-3 escapes)
  - move: [auto Great Orient if cash >= 40, Kiangse Road]
  - reroll: 2                 on a railway station: roll again, up to twice
  - air-reroll: 1             landing on the airfield: roll again ($5ooo each
                              to the Transport Company's owner)
  - fan-tan: 30               a volunteer's Fan Tan wager, 10-50 (default 10)
  - opium: pay                a volunteer in the Opium Dens: pay the $40ooo
                              now, or gamble (default: pay if you can)
  - passport: [buy if cash >= 90, roll]   at the Consulates
  - bodyguards: [3, 2]        at the airfield: hire or upgrade
  - daily-mail: bob           at the North China Daily Mail: bob's money
After the move and any fine:
  - deposit: all but 40       at the Imperial Trading Banks, in lots of 50
  - withdraw: 100             (also: all, a multiple of 50)
  - buy: [trading-post, warehouse if cash >= 60, racket]   where you end
  - hire: {assassin: [bob, any]}   $40ooo: a passport holder at the airfield
Shipping (the Great Orient's owner; your warehouses):
  - docks: [Hongkew Wharves, Pootung Wharves]
  - no-service: [W-15a]
Standing orders (kept until changed; none clears):
  - allow: {Great Orient Shipping Line: [bob, carol]}   public
  - sell: [TP-02a, W-15a]     what to auction first if you cannot pay
  - bid: {TP-02a: 30, warehouse: 20, any: 10}   sealed bids in auctions

Conditions: LOCATION unowned|owned|mine|owned by NAME, cash|bank|year
>= N (also <=, <, >, =, !=), SEASON, last year, passport, [NAME] at
LOCATION, [NAME] in DISTRICT; not TEST; TEST and TEST.

Default when you send nothing: stay if you may; at the airfield, the
escape roll; in Old Chinatown, auto Consulates; else a roll for the
district you are in. Nothing optional is done unless ordered.

Example:
  orders:
    - move: [auto Great Orient if TP-04a mine and TP-04b mine, Nanking Road]
    - buy: [trading-post if cash >= 40, racket]
    - deposit: all but 40
    - reroll: 1
    - sell: [TP-02a]
    - bid: {warehouse: 20}
`
}
