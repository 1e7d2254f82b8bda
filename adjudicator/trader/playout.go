package trader

import (
	"math/bits"

	"taipan/adjudicator/engine"
)

// playout is a set of Trader in compact form, for the bot's rollouts: the
// rules of a turn and of the last sales as rules.go, buy.go, sell.go,
// joker.go, pass.go and marketclosed.go play them (TestPlayoutPlaysAsResolve
// holds the two together), without the happenings, the orders or a copy of
// any slice, so that a rollout to the end of the set costs a few
// microseconds. It is a value: assigning it copies it.
type playout struct {
	players int
	teams   bool
	partner [4]int // -1 without teams
	team    [4]int
	removed [4]bool
	money   [4]int
	// hand[p][colour][value] counts the stocks p holds; values[p][colour]
	// has bit v set when p holds a stock of value v of that colour, and
	// colours[p][colour] counts them, so that the best sales are found
	// without looking at every value.
	hand    [4][5][9]uint8
	values  [4][5]uint16
	colours [4][5]uint8
	held    [4]int
	// col[c][top[c]:end[c]] is column c, its available stock first; a
	// stock is packed as colour<<4 | value.
	col      [5][35]uint8
	top, end [5]int
	joker    [4]bool // per team: the Joker is used
	nteams   int
	market   int
	active   int
	passes   int
	phase    int // playTurn, playLastSale or playDone
	owes     [4]bool
	// prior is each team's total over the finished sets.
	prior [4]int
}

const (
	playTurn = iota
	playLastSale
	playDone
)

// move is one action in a playout: a purchase from col, a pair sale of a
// (held by seat) and b (held by owner: seat, or with 4 players the
// partner), a Joker sale of a held by owner, or a pass; mc is where the
// Market closed card goes (-1: its default place).
type move struct {
	kind  int
	col   int
	a, b  uint8
	owner int
	mc    int
}

const (
	moveBuy = iota
	moveSell
	moveJoker
	movePass
)

func pack(k Stock) uint8             { return uint8(k.Colour<<4 | k.Value) }
func colourOf(k uint8) int           { return int(k >> 4) }
func valueOf(k uint8) int            { return int(k & 15) }
func unpack(k uint8) Stock           { return Stock{Colour: colourOf(k), Value: valueOf(k)} }
func (p *playout) avail(c int) uint8 { return p.col[c][p.top[c]] }

// newPlayout is s in compact form; ok is false when s does not fit it
// (values above 8, more than 35 stocks in a column) or is not in a set's
// turns or last sales.
func newPlayout(s *State) (p playout, ok bool) {
	if s.Phase != phaseTurn && s.Phase != phaseLastSale {
		return p, false
	}
	p.players, p.teams, p.nteams = len(s.Players), s.teams(), len(s.Teams)
	for i, pl := range s.Players {
		p.partner[i] = -1
		if p.teams {
			p.partner[i] = s.partner(i)
		}
		p.team[i] = pl.Team
		p.removed[i] = pl.Removed
		p.money[i] = pl.Money
		for _, k := range pl.Stocks {
			if k.Value < 0 || k.Value > 8 || k.Colour < 0 || k.Colour > 4 {
				return p, false
			}
			p.give(i, pack(k))
		}
	}
	for c, col := range s.Columns {
		if len(col) > len(p.col[c]) {
			return p, false
		}
		for i, k := range col {
			if k.Value < 0 || k.Value > 8 || k.Colour < 0 || k.Colour > 4 {
				return p, false
			}
			p.col[c][i] = pack(k)
		}
		p.end[c] = len(col)
	}
	for ti, t := range s.Teams {
		p.joker[ti] = t.JokerUsed
	}
	for ti, tot := range s.teamTotals() {
		p.prior[ti] = tot
	}
	p.market, p.active, p.passes = s.Market, s.Active, s.Passes
	p.phase = playTurn
	if s.Phase == phaseLastSale {
		p.phase = playLastSale
		for _, q := range s.LastSale {
			p.owes[q] = true
		}
	}
	return p, true
}

func (p *playout) empty(c int) bool { return p.top[c] >= p.end[c] }

func (p *playout) emptyCount() int {
	n := 0
	for c := range p.top {
		if p.empty(c) {
			n++
		}
	}
	return n
}

func (p *playout) activeCount() int {
	n := 0
	for i := 0; i < p.players; i++ {
		if !p.removed[i] {
			n++
		}
	}
	return n
}

// nextSeat is State.nextSeat.
func (p *playout) nextSeat(q int) int {
	for i := 1; i <= p.players; i++ {
		r := (q + i) % p.players
		if !p.removed[r] {
			return r
		}
	}
	return -1
}

// highest is q's highest stock of colour c (State.highest), 0 for none.
func (p *playout) highest(q, c int) uint8 {
	if p.values[q][c] == 0 {
		return 0
	}
	return uint8(c<<4 | (bits.Len16(p.values[q][c]) - 1))
}

// bestPair is State.bestPair: ok is false when seat has no pair sale.
func (p *playout) bestPair(seat int) (move, bool) {
	best, found, bestPay := move{kind: moveSell, col: -1, mc: -1}, false, 0
	q := seat
	if p.teams {
		q = p.partner[seat]
	}
	for c := 0; c < 5; c++ {
		var x, y uint8
		if q == seat {
			// The two highest of the colour.
			if p.colours[seat][c] < 2 {
				continue
			}
			y = p.highest(seat, c)
			x = y
			if p.hand[seat][c][valueOf(y)] < 2 {
				x = uint8(c<<4 | (bits.Len16(p.values[seat][c]&^(1<<valueOf(y))) - 1))
			}
		} else {
			if p.colours[seat][c] == 0 || p.colours[q][c] == 0 {
				continue
			}
			x, y = p.highest(seat, c), p.highest(q, c)
		}
		if pay := valueOf(x) * valueOf(y); !found || pay > bestPay {
			best.a, best.b, best.owner, found, bestPay = x, y, q, true, pay
		}
	}
	return best, found
}

// bestJoker is State.bestJoker.
func (p *playout) bestJoker(seat int) (move, bool) {
	m, found := move{kind: moveJoker, col: -1, mc: -1}, false
	if p.joker[p.team[seat]] {
		return m, false
	}
	best := func(q int) {
		for c := 0; c < 5; c++ {
			for v := 0; v <= 8; v++ {
				if p.hand[q][c][v] > 0 && (!found || v > valueOf(m.a)) {
					m.a, m.owner, found = uint8(c<<4|v), q, true
				}
			}
		}
	}
	best(seat)
	if p.teams {
		best(p.partner[seat])
	}
	return m, found
}

func (m move) pay() int {
	switch m.kind {
	case moveSell:
		return valueOf(m.a) * valueOf(m.b)
	case moveJoker:
		return data.Joker * valueOf(m.a)
	}
	return 0
}

// cheapestBuy is State.cheapestBuy.
func (p *playout) cheapestBuy(seat int, ignoreMC bool) (move, bool) {
	m, found, bestV := move{kind: moveBuy, col: -1, mc: -1}, false, 0
	for c := 0; c < 5; c++ {
		if p.empty(c) || c == p.market && !ignoreMC {
			continue
		}
		if v := valueOf(p.avail(c)); v <= p.money[seat] && (!found || v < bestV) {
			m.col, found, bestV = c, true, v
		}
	}
	return m, found
}

// bestTurnMove is State.bestTurnAction.
func (p *playout) bestTurnMove(seat int) (move, bool) {
	if m, ok := p.bestPair(seat); ok {
		return m, true
	}
	if m, ok := p.cheapestBuy(seat, false); ok {
		return m, true
	}
	return p.bestJoker(seat)
}

// bestLastSale is State.bestLastSale.
func (p *playout) bestLastSale(seat int) (move, bool) {
	m, okp := p.bestPair(seat)
	j, okj := p.bestJoker(seat)
	switch {
	case okp && okj && j.pay() > m.pay():
		return j, true
	case okp:
		return m, true
	}
	return j, okj
}

func (p *playout) canSell(seat int) bool {
	if p.held[seat] > 0 && !p.joker[p.team[seat]] {
		return true
	}
	if p.teams && p.held[p.partner[seat]] > 0 && !p.joker[p.team[seat]] {
		return true
	}
	_, ok := p.bestPair(seat)
	return ok
}

func (p *playout) stuck(seat int) bool {
	if p.canSell(seat) {
		return false
	}
	_, ok := p.cheapestBuy(seat, true)
	return !ok
}

// defaultMove is Engine.Default as a move.
func (p *playout) defaultMove(seat int) move {
	if p.phase == playLastSale {
		if m, ok := p.bestLastSale(seat); ok {
			return m
		}
		return move{kind: movePass, col: -1, mc: -1}
	}
	m, ok := p.bestTurnMove(seat)
	if !ok {
		m = move{kind: movePass, col: -1, mc: -1}
	}
	m.mc = p.defaultMCAfter(m)
	return m
}

// defaultMCAfter is State.defaultMCAfter: where the card goes after m
// when the player does not say, -1 when it leaves the game.
func (p *playout) defaultMCAfter(m move) int {
	if p.market < 0 {
		return -1
	}
	empty := p.emptyCount()
	if m.kind == moveBuy && p.end[m.col]-p.top[m.col] == 1 {
		empty++
	}
	if empty >= 2 {
		return -1
	}
	best, bestV := -1, -1
	for c := 0; c < 5; c++ {
		if c == p.market {
			continue
		}
		top := p.top[c]
		if m.kind == moveBuy && m.col == c {
			top++
		}
		if top < p.end[c] && valueOf(p.col[c][top]) > bestV {
			best, bestV = c, valueOf(p.col[c][top])
		}
	}
	return best
}

// legalMoves are seat's legal moves, each once, in buf, without the
// Market closed card: in a turn every purchase it can afford, every pair
// sale and Joker sale, or pass when there is none (TR-G5); in the last
// sales every sale and pass. They are the action choices Options offers.
func (p *playout) legalMoves(seat int, buf []move) []move {
	out := buf[:0]
	if p.phase == playTurn {
		for c := 0; c < 5; c++ {
			if !p.empty(c) && c != p.market && valueOf(p.avail(c)) <= p.money[seat] {
				out = append(out, move{kind: moveBuy, col: c, mc: -1})
			}
		}
	}
	q := seat
	if p.teams {
		q = p.partner[seat]
	}
	for c := 0; c < 5; c++ {
		if p.colours[seat][c] == 0 || p.colours[q][c] == 0 {
			continue
		}
		for x := 0; x <= 8; x++ {
			if p.hand[seat][c][x] == 0 {
				continue
			}
			for y := 0; y <= 8; y++ {
				if p.hand[q][c][y] == 0 || q == seat && (y < x || y == x && p.hand[seat][c][x] < 2) {
					continue
				}
				out = append(out, move{kind: moveSell, col: -1, a: uint8(c<<4 | x), b: uint8(c<<4 | y), owner: q, mc: -1})
			}
		}
	}
	if !p.joker[p.team[seat]] {
		for c := 0; c < 5; c++ {
			if p.colours[seat][c] == 0 && p.colours[q][c] == 0 {
				continue
			}
			for v := 0; v <= 8; v++ {
				switch {
				case p.hand[seat][c][v] > 0:
					out = append(out, move{kind: moveJoker, col: -1, a: uint8(c<<4 | v), owner: seat, mc: -1})
				case q != seat && p.hand[q][c][v] > 0:
					out = append(out, move{kind: moveJoker, col: -1, a: uint8(c<<4 | v), owner: q, mc: -1})
				}
			}
		}
	}
	if len(out) == 0 || p.phase == playLastSale {
		out = append(out, move{kind: movePass, col: -1, mc: -1})
	}
	return out
}

// mcTargets are the columns the Market closed card may go to after m
// (TR-A7), in buf; none when m takes it out of the game or it is out.
func (p *playout) mcTargets(m move, buf []int) []int {
	out := buf[:0]
	empty := p.emptyCount()
	if m.kind == moveBuy && p.end[m.col]-p.top[m.col] == 1 {
		empty++
	}
	if p.market < 0 || empty >= 2 {
		return out
	}
	for c := 0; c < 5; c++ {
		if c == p.market || p.empty(c) || m.kind == moveBuy && m.col == c && p.end[c]-p.top[c] == 1 {
			continue
		}
		out = append(out, c)
	}
	return out
}

func (p *playout) take(q int, k uint8) {
	c, v := colourOf(k), valueOf(k)
	p.hand[q][c][v]--
	if p.hand[q][c][v] == 0 {
		p.values[q][c] &^= 1 << v
	}
	p.colours[q][c]--
	p.held[q]--
}

func (p *playout) give(q int, k uint8) {
	c, v := colourOf(k), valueOf(k)
	p.hand[q][c][v]++
	p.values[q][c] |= 1 << v
	p.colours[q][c]++
	p.held[q]++
}

// sale is State.sale: the stocks leave their owners, seat is paid.
func (p *playout) sale(seat int, m move) {
	switch m.kind {
	case moveSell:
		p.take(seat, m.a)
		p.take(m.owner, m.b)
	case moveJoker:
		p.take(m.owner, m.a)
		p.joker[p.team[seat]] = true
	}
	p.money[seat] += m.pay()
}

// turn is State.turn for the active player.
func (p *playout) turn(m move) {
	seat := p.active
	switch m.kind {
	case moveBuy:
		k := p.avail(m.col)
		p.top[m.col]++
		p.money[seat] -= valueOf(k)
		p.give(seat, k)
	case moveSell, moveJoker:
		p.sale(seat, m)
	}
	if m.kind == movePass {
		p.passes++
	} else {
		p.passes = 0
	}
	empty := p.emptyCount()
	if empty >= 3 {
		p.endSet()
		return
	}
	if p.market >= 0 {
		switch {
		case empty >= 2:
			p.market = -1
		case m.mc >= 0:
			p.market = m.mc
		default:
			p.market = p.defaultMCNow()
		}
	}
	stuck := true
	for i := 0; i < p.players; i++ {
		if !p.removed[i] && !p.stuck(i) {
			stuck = false
			break
		}
	}
	if stuck || p.passes >= 2*p.activeCount() {
		p.endSet()
		return
	}
	p.active = p.nextSeat(seat)
}

// defaultMCNow is State.defaultMC after the action.
func (p *playout) defaultMCNow() int {
	best, bestV := -1, -1
	for c := 0; c < 5; c++ {
		if c != p.market && !p.empty(c) && valueOf(p.avail(c)) > bestV {
			best, bestV = c, valueOf(p.avail(c))
		}
	}
	return best
}

// endSet is State.endSet: the last sales, or the end at once.
func (p *playout) endSet() {
	p.phase, p.passes, p.market = playLastSale, 0, -1
	any := false
	for i := 0; i < p.players; i++ {
		p.owes[i] = !p.removed[i] && p.canSell(i)
		any = any || p.owes[i]
	}
	if !any {
		p.phase = playDone
	}
}

// lastSales is State.lastSales: acts[i] is seat i's last sale (for the
// seats that owe one), sent says it was sent rather than defaulted.
func (p *playout) lastSales(acts *[4]move, sent *[4]bool) {
	if !p.teams {
		for i := 0; i < p.players; i++ {
			if p.owes[i] && acts[i].kind != movePass {
				p.sale(i, acts[i])
			}
		}
		p.phase = playDone
		return
	}
	for ti := 0; ti < p.nteams; ti++ {
		chosen := -1
		for round := 0; round < 2 && chosen < 0; round++ {
			for i := 0; i < p.players; i++ {
				if p.owes[i] && p.team[i] == ti && acts[i].kind != movePass && sent[i] == (round == 0) {
					chosen = i
					break
				}
			}
		}
		if chosen >= 0 {
			p.sale(chosen, acts[chosen])
			continue
		}
		for i := 0; i < p.players; i++ {
			if p.owes[i] && p.team[i] == ti {
				if m, ok := p.bestLastSale(i); ok {
					p.sale(i, m)
				}
				break
			}
		}
	}
	p.phase = playDone
}

// value is valueFor on the playout's money: the win (shared on ties) and
// a hundredth for every million of lead.
func (p *playout) value(seat int) float64 {
	var totals [4]int
	for ti := 0; ti < p.nteams; ti++ {
		totals[ti] = p.prior[ti]
	}
	var in [4]bool
	for i := 0; i < p.players; i++ {
		totals[p.team[i]] += p.money[i]
		in[p.team[i]] = in[p.team[i]] || !p.removed[i]
	}
	return lead(totals[:p.nteams], in[:p.nteams], p.team[seat])
}

// lead is how good totals are for team mine: 1 for the lead alone, 1/k
// for a lead shared by k teams, 0 behind, plus a hundredth of a point for
// every million of lead over the best other team still in the game
// (negative when behind; with nobody else left, the lead over nothing).
func lead(totals []int, in []bool, mine int) float64 {
	const none = -1 << 30
	bestOther, ties := none, 1
	for ti, tot := range totals {
		if ti == mine || !in[ti] {
			continue
		}
		switch {
		case tot > bestOther:
			bestOther, ties = tot, 1
		case tot == bestOther:
			ties++
		}
	}
	if bestOther == none {
		bestOther = 0
	}
	margin := totals[mine] - bestOther
	win := 0.0
	switch {
	case margin > 0:
		win = 1
	case margin == 0:
		win = 1 / float64(ties+1)
	}
	return win + float64(margin)/100
}

// randomMove is what a player choosing at random (engine.RandomOrders)
// might do: any legal move at even odds, and with 3 players the Market
// closed card to a legal place at random half the time, else to its
// default place.
func (p *playout) randomMove(seat int, rng *engine.Rand, buf []move, cols []int) move {
	moves := p.legalMoves(seat, buf)
	m := moves[rng.Intn(len(moves))]
	if p.phase == playTurn && p.market >= 0 {
		m.mc = p.defaultMCAfter(m)
		if targets := p.mcTargets(m, cols); len(targets) > 0 && rng.Intn(2) == 0 {
			m.mc = targets[rng.Intn(len(targets))]
		}
	}
	return m
}

// run plays the playout to the end of the set, seat by pairingMove, every other seat q as kinds[q] (modelRandom or
// modelDefaults) with choices from rng, and returns its value for seat.
func (p *playout) run(seat int, kinds *[4]int, rng *engine.Rand) float64 {
	var buf [64]move
	var cols [5]int
	choose := func(q int) move {
		if q == seat {
			return p.pairingMove(q)
		}
		if kinds[q] == modelDefaults {
			return p.defaultMove(q)
		}
		return p.randomMove(q, rng, buf[:0], cols[:0])
	}
	for steps := 0; p.phase == playTurn && steps < 1000; steps++ {
		p.turn(choose(p.active))
	}
	if p.phase == playLastSale {
		var acts [4]move
		var sent [4]bool
		for q := 0; q < p.players; q++ {
			if p.owes[q] {
				acts[q] = choose(q)
				sent[q] = q == seat || kinds[q] != modelDefaults
			}
		}
		p.lastSales(&acts, &sent)
	}
	return p.value(seat)
}

// action is m, played by seat, as the engine's reading of an order.
func (p *playout) action(seat int, m move) action {
	a := action{col: -1, mc: m.mc, owners: [2]int{seat, seat}}
	switch m.kind {
	case moveBuy:
		a.verb, a.col = buy, m.col
	case moveSell:
		a.verb, a.stocks, a.owners[1] = sell, [2]Stock{unpack(m.a), unpack(m.b)}, m.owner
	case moveJoker:
		a.verb, a.stocks[0], a.owners[0] = joker, unpack(m.a), m.owner
	default:
		a.verb = pass
	}
	return a
}

// pairingMove is how the bot expects to play its later turns: the best
// pair sale, else the purchase that pairs with a held stock of its
// colour for the best sale (the cheapest when none pairs), else the best
// Joker sale; at the last sales, the best sale.
func (p *playout) pairingMove(seat int) move {
	if p.phase != playTurn {
		return p.defaultMove(seat)
	}
	m, ok := p.bestPair(seat)
	if !ok {
		m, ok = p.bestPairingBuy(seat)
	}
	if !ok {
		m, ok = p.bestJoker(seat)
	}
	if !ok {
		m = move{kind: movePass, col: -1, mc: -1}
	}
	m.mc = p.defaultMCAfter(m)
	return m
}

// bestPairingBuy is the affordable purchase whose stock makes the best
// pair with one seat (or, with 4 players, the partner) holds, else the
// cheapest.
func (p *playout) bestPairingBuy(seat int) (move, bool) {
	m, found, best := move{kind: moveBuy, col: -1, mc: -1}, false, -1
	q := seat
	if p.teams {
		q = p.partner[seat]
	}
	for c := 0; c < 5; c++ {
		if p.empty(c) || c == p.market {
			continue
		}
		k := p.avail(c)
		v := valueOf(k)
		if v > p.money[seat] {
			continue
		}
		score := 0
		if h := p.highest(q, colourOf(k)); h != 0 {
			score = 100 + v*valueOf(h)
		} else {
			score = 50 - v
		}
		if score > best {
			m.col, found, best = c, true, score
		}
	}
	return m, found
}
