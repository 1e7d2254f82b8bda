package shanghaitrader

// Help is the order syntax (taipan rules shanghai-trader).
func (Engine) Help() string {
	return `Shanghai Trader orders (shanghai-trader/2). A step is one Seasonal Turn,
or the Collusion Phase before each winter after the first. Every player
in the city sends one order file; a turn is played in initiative order,
each player's orders applied when their segment comes. Money is in $ooo.
Ranked lists: the first entry that applies is used; any entry may end
with "if CONDITION".

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
  - deposit: all but 40       at the Imperial Trading Banks or the Currency
                              Trader (its owner's commission), lots of 50
  - withdraw: 100             (also: all, a multiple of 50)
  - buy: [trading-post, warehouse if cash >= 60, racket]   where you end
Contractors (one general contractor a turn; none but assassins in the
last year):
  - hire: {thug: [TP-03a]}    $10ooo: another player's coolie, 1-4
  - hire: [{mugger: [bob, any]}, {assassin: carol}]   mugger $30ooo: half
                              the cash of a player in the Settlement, 1-4;
                              assassin $40ooo: a passport holder at the
                              airfield, 1-4
  - tongs: [F-16a]            at the Terror of the Tongs, $20ooo: loot it
  - courtesan: [W-15a]        at the Brothels, $20ooo: compromise it
  - raid: [W-15a]             Customs Swindle's owner, once a year
  - lido: [bob]               Lido's owner, once a year: the Lido Courtesan
  - spy: [bob]                the German (advanced), once a year
  - tab: {bob: 30, carol: 20} French Club's owner, summer: up to $50ooo
Shipping (the Great Orient's owner; your warehouses):
  - docks: [Hongkew Wharves, Pootung Wharves]
  - no-service: [W-15a]
Collusion Phase (negotiate by press; these are played at its close):
  - police: [Nanking Road, Kiangse Road, Kiangse Road]   Shanghai Club
  - monks: [Honan Road, Racecourse, The Bund]   Monastery: first two free
  - marines: [W-17a, F-17a]   the Japanese (advanced), on the docks
  - minder: bob               the White Russian (advanced), for the year
  - exchange: {with: bob, give: [TP-02a, 10], get: [W-15a]}   made if bob
                              orders the same the other way
  - offer: {to: bob, give: [TP-02a, 10], get: [W-15a]}   shown to bob at
                              once; made if he accepts in this step
  - offer: {to: bob, lend: 20, get_waiver: [ferry]}   a loan (or borrow:)
                              and fee waivers (give_waiver: yours to bob),
                              with or without an exchange, as one deal
  - accept: alice             (or decline: alice) her offer as it stands;
                              accept: {from: bob, if_get: [TP-02a]} in advance
Loans, at any step: lend: {bob: 30} (made if bob orders borrow: {alice:
30}); credit: {to: {bob: 50}, from: {carol: 20}} (standing lines, used
before any auction).
Standing orders (kept until changed; none clears):
  - allow: {Great Orient Shipping Line: [bob, carol]}   public
  - fees: {fine: {bob: 0, any: 5}, commission: 5}   public, lower only:
                              fine, airfield, ferry, transport, commission,
                              gala, extortion
  - refund: {roulette: 50}    public: % of lost wagers paid back
  - offer: {lido: 20}         secret: the most you pay to avert (lido,
                              customs, spy) or end (inspector, courtesan)
  - ask: {customs: 25}        secret: the least you accept for it
  - roulette: 30              your Roulette Rouble wager, 10-50
  - picnic: withdraw if pool >= 60   Racetrack's owner (race, withdraw)
  - extort: off               Monastery's owner (default on)
  - sell: [TP-02a, W-15a]     what to auction first if you cannot pay
  - bid: {TP-02a: 30, warehouse: 20, any: 10}   sealed bids in auctions

Conditions: LOCATION unowned|owned|mine|owned by NAME, cash|bank|year
>= N (also <=, <, >, =, !=), SEASON, last year, passport, [NAME] at
LOCATION, [NAME] in DISTRICT; not TEST; TEST and TEST.

Defaults when you send nothing: stay if you may; at the airfield, the
escape roll; in Old Chinatown, auto Consulates; else a roll for the
district you are in. In the Collusion Phase: deployments where they
were, no exchange. Nothing optional is done unless ordered.

Example:
  orders:
    - move: [auto Great Orient if TP-04a mine and TP-04b mine, Nanking Road]
    - buy: [trading-post if cash >= 40, racket]
    - deposit: all but 40
    - reroll: 1
    - hire: {mugger: [bob if bob in Nanking Road, any]}
    - offer: {lido: 20}
    - sell: [TP-02a]
    - bid: {warehouse: 20}
`
}
