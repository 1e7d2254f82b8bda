package oldshanghai

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"sort"
	"strings"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// oracle is the test's own model of the cards and of what each player may
// know, written from rules-analysis 2d independently of the engine's
// bookkeeping. It follows the engine's physical card movements (the
// trace), giving every physical card an identity, and decides by itself
// who saw what.
type oracle struct {
	kind  map[int]Card
	next  int
	deck  []int
	hand  [][]int
	table []int
	disc  []int
	pos   []map[int]bool // p → card ids whose place in the deck p can follow
	held  [][][]int      // p → holder → kind → how many p knows holder holds
	out   []bool
	// v3 is old-shanghai/3: a Shanghai! put back where only its player
	// knows leaves what the others knew in fuzzy (a depth or one more),
	// except Shanghai! cards known on top.
	v3    bool
	fuzzy []map[int]bool // p → card ids whose place p knows to within a few depths
}

// follows reports whether p knows where card id is, exactly or roughly.
func (o *oracle) follows(p, id int) bool { return o.pos[p][id] || o.fuzzy[p][id] }

func newOracle(s *State) *oracle {
	n := len(s.Players)
	o := &oracle{kind: map[int]Card{}, hand: make([][]int, n), pos: make([]map[int]bool, n), held: make([][][]int, n), out: make([]bool, n),
		v3: s.rules().SecretPutShiftsKnowledge, fuzzy: make([]map[int]bool, n)}
	id := func(c Card) int { o.next++; o.kind[o.next] = c; return o.next }
	for _, c := range s.Deck {
		o.deck = append(o.deck, id(c))
	}
	for p, pl := range s.Players {
		for _, c := range pl.Hand {
			o.hand[p] = append(o.hand[p], id(c))
		}
		o.pos[p] = map[int]bool{}
		o.fuzzy[p] = map[int]bool{}
		o.held[p] = make([][]int, n)
		for q := range o.held[p] {
			o.held[p][q] = make([]int, numCards)
		}
		for _, f := range pl.Deck {
			o.pos[p][o.deck[f.Depth-1]] = true
		}
		o.out[p] = pl.Out
	}
	for _, c := range s.Discard {
		o.disc = append(o.disc, id(c))
	}
	return o
}

func without(ids []int, id int) []int {
	for i, x := range ids {
		if x == id {
			return append(ids[:i:i], ids[i+1:]...)
		}
	}
	panic(fmt.Sprintf("card %d not there", id))
}

// pick returns an id of kind c among ids.
func (o *oracle) pick(t *testing.T, ids []int, c Card, where string) int {
	for _, id := range ids {
		if o.kind[id] == c {
			return id
		}
	}
	t.Fatalf("oracle: no %s %s", c, where)
	return 0
}

func (o *oracle) apply(t *testing.T, m move) {
	n := len(o.hand)
	switch {
	case m.Mode == "cut":
		o.deck = append(append([]int(nil), o.deck[m.Depth:]...), o.deck[:m.Depth]...)
		for p := range o.pos {
			o.pos[p], o.fuzzy[p] = map[int]bool{}, map[int]bool{}
		}
		return
	case m.From.Kind == "deck":
		id := o.deck[0]
		if o.kind[id] != m.Card {
			t.Fatalf("oracle: top card is %s, engine drew %s", o.kind[id], m.Card)
		}
		o.deck = o.deck[1:]
		if m.To.Kind == "table" {
			o.table = append(o.table, id)
		} else {
			q := m.To.Seat
			o.hand[q] = append(o.hand[q], id)
			if m.Mode != "shell" {
				for k := 0; k < n; k++ {
					if k != q && o.follows(k, id) {
						o.held[k][q][m.Card]++
					}
				}
			}
		}
		for k := range o.pos {
			delete(o.pos[k], id)
			delete(o.fuzzy[k], id)
		}
	case m.To.Kind == "deck":
		var id int
		switch m.From.Kind {
		case "hand":
			id = o.pick(t, o.hand[m.From.Seat], m.Card, "in hand to put back")
			o.hand[m.From.Seat] = without(o.hand[m.From.Seat], id)
		case "table":
			id = o.pick(t, o.table, m.Card, "on the table to put back")
			o.table = without(o.table, id)
		}
		// The Shanghai! cards each player follows on top of the deck, before
		// a secret put-back (a run that stays known under old-shanghai/3).
		run := make([]int, n)
		for k := range run {
			for run[k] < len(o.deck) && o.kind[o.deck[run[k]]] == cShanghai && o.follows(k, o.deck[run[k]]) {
				run[k]++
			}
		}
		d := m.Depth - 1
		o.deck = append(o.deck[:d:d], append([]int{id}, o.deck[d:]...)...)
		for k := 0; k < n; k++ {
			switch {
			case m.Mode == "public" || k == m.By:
				o.pos[k][id] = true
			case m.Mode == "secret" && o.v3:
				for x := range o.pos[k] {
					o.fuzzy[k][x] = true
				}
				o.pos[k] = map[int]bool{}
				for _, x := range o.deck[:run[k]] {
					o.pos[k][x] = true
				}
			case m.Mode == "secret":
				o.pos[k], o.fuzzy[k] = map[int]bool{}, map[int]bool{} // where it went is secret
			}
		}
	case m.From.Kind == "hand" && m.To.Kind == "hand":
		v, tk := m.From.Seat, m.To.Seat
		id := o.pick(t, o.hand[v], m.Card, "to take")
		o.hand[v] = without(o.hand[v], id)
		o.hand[tk] = append(o.hand[tk], id)
		for k := 0; k < n; k++ {
			switch k {
			case v:
				o.held[k][tk][m.Card]++
			case tk:
				if o.held[k][v][m.Card] > 0 {
					o.held[k][v][m.Card]--
				}
			default:
				o.held[k][v] = make([]int, numCards)
			}
		}
	case m.From.Kind == "hand":
		p := m.From.Seat
		id := o.pick(t, o.hand[p], m.Card, "to play")
		o.hand[p] = without(o.hand[p], id)
		if m.To.Kind == "table" {
			o.table = append(o.table, id)
		} else {
			o.disc = append(o.disc, id)
		}
		for k := 0; k < n; k++ {
			if o.held[k][p][m.Card] > 0 {
				o.held[k][p][m.Card]--
			}
		}
	case m.From.Kind == "table":
		id := o.pick(t, o.table, m.Card, "on the table")
		o.table = without(o.table, id)
		if m.To.Kind == "hand" {
			o.hand[m.To.Seat] = append(o.hand[m.To.Seat], id)
		} else {
			o.disc = append(o.disc, id)
		}
	default:
		t.Fatalf("oracle: unknown move %+v", m)
	}
}

func (o *oracle) kinds(ids []int) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = o.kind[id].String()
	}
	return out
}

func sortedNames(xs []string) []string {
	out := append([]string(nil), xs...)
	sort.Strings(out)
	return out
}

// check compares the engine with the oracle after a step: the GM view
// against the cards, and each player's view against what they may know.
func (o *oracle) check(t *testing.T, e Engine, s *State, where string) {
	t.Helper()
	gm := e.View(s, "").(View)
	if fmt.Sprint(gm.Deck) != fmt.Sprint(o.kinds(o.deck)) {
		t.Fatalf("%s: deck %v, oracle %v", where, gm.Deck, o.kinds(o.deck))
	}
	if fmt.Sprint(sortedNames(gm.Discard)) != fmt.Sprint(sortedNames(o.kinds(o.disc))) || fmt.Sprint(sortedNames(gm.Table)) != fmt.Sprint(sortedNames(o.kinds(o.table))) {
		t.Fatalf("%s: discard/table differ from the oracle", where)
	}
	// Cards are conserved.
	count := make([]int, numCards)
	add := func(cs []Card) {
		for _, c := range cs {
			count[c]++
		}
	}
	add(s.Deck)
	add(s.Discard)
	add(s.Table)
	add(s.OutOfPlay)
	for _, p := range s.Players {
		add(p.Hand)
	}
	for c := range count {
		if count[c] != s.Counts[c] {
			t.Fatalf("%s: %d %s in the game, want %d", where, count[c], Card(c), s.Counts[c])
		}
	}
	if n := len(s.Deck) + len(s.Table); s.Stage != stOver && n-countOf(s.Deck, cShanghai)-countOf(s.Table, cShanghai) < 0 {
		t.Fatalf("%s: bad deck", where)
	}
	if got := countOf(s.Deck, cShanghai) + countOf(s.Table, cShanghai) + countInHands(s, cShanghai); got != len(s.Players) {
		t.Fatalf("%s: %d Shanghai! cards in play, want one per player", where, got)
	}
	for p, pl := range s.Players {
		if fmt.Sprint(sortedNames(gm.Players[p].Hand)) != fmt.Sprint(sortedNames(o.kinds(o.hand[p]))) {
			t.Fatalf("%s: %s's hand %v, oracle %v", where, pl.Name, gm.Players[p].Hand, o.kinds(o.hand[p]))
		}
		v := e.View(s, pl.Name).(View)
		b, _ := json.Marshal(v)
		if v.Deck != nil || strings.Contains(string(b), `"deck":`) {
			t.Fatalf("%s: %s sees the deck", where, pl.Name)
		}
		for q, pv := range v.Players {
			if pv.Hand != nil || pv.Orders != nil || pv.Known != nil || pv.Held != nil {
				t.Fatalf("%s: %s sees %s's private data", where, pl.Name, pv.Name)
			}
			if pv.Cards != len(o.hand[q]) {
				t.Fatalf("%s: %s sees %d cards for %s", where, pl.Name, pv.Cards, pv.Name)
			}
		}
		if fmt.Sprint(sortedNames(v.Hand)) != fmt.Sprint(sortedNames(o.kinds(o.hand[p]))) {
			t.Fatalf("%s: %s's own hand is wrong", where, pl.Name)
		}
		if len(v.Shell) > 0 && (s.Stage != stKeep || s.Active != p) {
			t.Fatalf("%s: %s sees Old Shell-Back cards", where, pl.Name)
		}
		for _, k := range v.Known {
			// A card of that kind, which p followed, at one of the depths
			// claimed (exactly one when Deeper is 0).
			ok := k.Deeper >= 0 && (k.Deeper == 0 || o.v3)
			found := false
			for d := k.Depth - 1; ok && d >= 0 && d <= k.Depth-1+k.Deeper && d < len(o.deck); d++ {
				found = found || o.kind[o.deck[d]].String() == k.Card && o.follows(p, o.deck[d])
			}
			if !found {
				t.Fatalf("%s: %s claims to know %s at depth %d (+%d); the oracle says they cannot (deck %v)", where, pl.Name, k.Card, k.Depth, k.Deeper, o.kinds(o.deck))
			}
		}
		claims := map[string]int{}
		for _, h := range v.KnownHeld {
			claims[h.Player+"|"+h.Card]++
		}
		for key, n := range claims {
			name, card, _ := strings.Cut(key, "|")
			q := s.seat(name)
			c, _ := cardOf(card)
			if q < 0 || q == p || n > o.held[p][q][c] || n > s.count(q, c) {
				t.Fatalf("%s: %s claims %s holds %d %s; the oracle allows %d", where, pl.Name, name, n, card, o.held[p][q][c])
			}
		}
	}
}

func countOf(cs []Card, c Card) int {
	n := 0
	for _, x := range cs {
		if x == c {
			n++
		}
	}
	return n
}

func countInHands(s *State, c Card) int {
	n := 0
	for p := range s.Players {
		n += s.count(p, c)
	}
	return n
}

// secretRE finds public happenings that would name a hidden card.
var secretRE = regexp.MustCompile(`(drew|took|kept|put back) (a |an )?(Heart of Gold|Drink Up!|Old Shell-Back|Drunken Sailor|Southenders|Sydney Cove|Dragons|Boss|Harbor Police)`)

// randomStanding is a random set of standing orders as a player writes
// them. full leaves no decision to ask about.
func randomStanding(r *rand.Rand, names []string, me string, full bool) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	other := me
	for other == me {
		other = names[r.IntN(len(names))]
	}
	var b strings.Builder
	line := func(verb, v string) {
		if !full && r.IntN(4) == 0 {
			return // left out: ask
		}
		fmt.Fprintf(&b, "- %s: %s\n", verb, v)
	}
	line("heart", pick("always", "never", "{unless: have police}", "{if: players <= 3}", "{if: hand >= 3 and not top safe}"))
	line("police", pick("always", "never", "{if: by boss}", "{unless: hand <= 1}", "{if: shanghaier "+other+"}"))
	line("finish", pick("all", "none", "{who: all, with: boss-first}", "{who: ["+other+"], with: gangs}", "{who: all, with: gangs-first, if: players <= 3}", other))
	line("put-back", pick("top", "bottom", "random", "3", "for next", "for "+other, "[{at: for next, if: drawer me}, random]", "[{at: 1, if: shanghaier me}, bottom]"))
	line("keep", pick("[police, heart, boss]", "[drink-up, shell-back, drunken-sailor, police, heart, boss, southenders, sydney-cove, dragons, shanghai]", "[shanghai, police]", "[heart, police, boss, drink-up, drunken-sailor, shell-back, dragons, southenders, sydney-cove, shanghai]"))
	rules := []string{"{play: drink-up, if: top shanghai}", "{play: drunken-sailor, at: most-cards, if: shanghai within 1}", "{play: shell-back, if: deck <= 8}",
		"drink-up", "drunken-sailor at left", "drunken-sailor at " + other, "shell-back", "{play: drink-up, unless: top safe}", "{play: drunken-sailor, at: fewest-cards, if: top unknown and have 2 drunken-sailor}"}
	var skip []string
	for i := r.IntN(4); i > 0; i-- {
		skip = append(skip, rules[r.IntN(len(rules))])
	}
	if full || r.IntN(3) > 0 {
		skip = append(skip, "draw")
	} else if r.IntN(2) == 0 {
		skip = append(skip, "ask")
	}
	if len(skip) > 0 {
		fmt.Fprintf(&b, "- skip: [%s]\n", strings.Join(skip, ", "))
	}
	return b.String()
}

func parse(t *testing.T, text string) []orders.Item {
	t.Helper()
	items, err := orders.ParseList([]byte(text))
	if err != nil {
		t.Fatalf("%v in\n%s", err, text)
	}
	return orders.Renumber(items)
}

// answers lists candidate one-off answers to the open decision.
func answers(s *State, p int) []string {
	var out []string
	switch s.Stage {
	case stTurn:
		out = append(out, "draw", "drink-up", "shell-back")
		for _, q := range s.alive() {
			if q != p {
				out = append(out, "{drunken-sailor: "+s.name(q)+"}")
			}
		}
	case stKeep:
		out = append(out, s.Shell[0].ID(), s.Shell[1].ID())
	case stHeart, stPolice:
		out = append(out, "yes", "no")
	case stFinish:
		out = append(out, "no", "boss", "gangs", "southenders", "sydney-cove", "dragons")
	case stPutBack:
		out = append(out, "top", "bottom", "random", fmt.Sprint(1+len(s.Deck)/2))
		for _, q := range s.alive() {
			if q != p {
				out = append(out, "for "+s.name(q))
			}
		}
	}
	return out
}

// gameStats is what one random game measured.
type gameStats struct {
	steps, decisions, turns, asks, reviews int
	winners                                int
	stalemate                              bool
}

// playRandom plays one game to the end with random standing orders and
// answers, checking the oracle after every step.
func playRandom(t *testing.T, e Engine, names []string, opts, seed string, r *rand.Rand, full, remove bool) gameStats {
	e.traced = true // the card movements, for the knowledge oracle
	t.Helper()
	as, err := e.Setup(engine.Config{Players: names, Options: json.RawMessage(opts), Setup: json.RawMessage("null")}, engine.NewRand([]byte(seed), 0))
	if err != nil {
		t.Fatal(err)
	}
	s := as.(*State)
	o := newOracle(s)
	o.check(t, e, s, seed+" set-up")
	var st gameStats
	removeAt := -1
	if remove {
		removeAt = 1 + r.IntN(30)
	}
	for step := 1; s.Stage != stOver; step++ {
		where := fmt.Sprintf("%s step %d (%s)", seed, step, s.phaseText())
		if step > 2000 {
			t.Fatalf("%s: the game does not end", where)
		}
		if step == removeAt {
			alive := s.alive()
			ns, _, err := e.Correct(s, engine.Correction{Action: "remove", Player: s.name(alive[r.IntN(len(alive))])})
			if err != nil {
				t.Fatalf("%s: remove: %v", where, err)
			}
			s = ns.(*State)
			for _, m := range s.trace {
				o.apply(t, m)
			}
			o.check(t, e, s, where+" after remove")
			adjtest.SameJSON(t, where+" after remove", s)
			if s.Stage == stOver {
				break
			}
		}
		if s.Stage == stReview {
			st.reviews++
		}
		var subs []engine.Submission
		for _, name := range e.Status(s).Pending {
			p := s.seat(name)
			def := e.Default(s, name)
			if err := e.Check(s, name, def); err != nil {
				t.Fatalf("%s: Default %v of %s refused: %v", where, def, name, err)
			}
			var text string
			switch {
			case r.IntN(8) == 0 && !(full && s.Stage == stReview):
				subs = append(subs, engine.Submission{Player: name, Items: def, Default: true})
				continue
			case s.Stage == stReview:
				if full || r.IntN(3) > 0 {
					text = randomStanding(r, names, name, full)
				} else {
					text = "[]"
				}
			default:
				var legal []string
				for _, a := range answers(s, p) {
					txt := "- now: " + a + "\n"
					if e.Check(s, name, parse(t, txt)) == nil {
						legal = append(legal, txt)
					}
				}
				if len(legal) == 0 {
					t.Fatalf("%s: %s has no legal answer", where, name)
				}
				text = legal[r.IntN(len(legal))]
				if r.IntN(3) == 0 {
					text += randomStanding(r, names, name, full)
				}
			}
			items := parse(t, text)
			if err := e.Check(s, name, items); err != nil {
				if s.Stage == stReview {
					t.Fatalf("%s: %s's standing orders refused: %v\n%s", where, name, err, text)
				}
				items = def
			}
			subs = append(subs, engine.Submission{Player: name, Items: items})
		}
		ns, hs, err := e.Resolve(s, subs, engine.NewRand([]byte(seed), step))
		if err != nil {
			t.Fatalf("%s: Resolve: %v", where, err)
		}
		s = ns.(*State)
		st.steps++
		for _, m := range s.trace {
			o.apply(t, m)
		}
		for _, h := range hs {
			if len(h.To) == 0 && secretRE.MatchString(h.Text) {
				t.Fatalf("%s: public happening %q names a hidden card", where, h.Text)
			}
		}
		o.check(t, e, s, where)
		adjtest.SameJSON(t, where, s)
		if step%50 == 0 {
			if _, err := json.Marshal(e.View(s, "")); err != nil {
				t.Fatal(err)
			}
		}
	}
	stt := e.Status(s)
	if !stt.Finished || len(stt.Winners) == 0 {
		t.Fatalf("%s: finished %v, winners %v", seed, stt.Finished, stt.Winners)
	}
	stale := strings.Contains(s.Ended, "stalemate")
	if !stale && len(stt.Winners) != 1 {
		t.Fatalf("%s: %d winners without the stalemate rule", seed, len(stt.Winners))
	}
	if stale && s.Quiet < s.Stalemate {
		t.Fatalf("%s: stalemate after %d quiet turns", seed, s.Quiet)
	}
	st.decisions, st.turns, st.asks, st.winners, st.stalemate = s.Decisions, s.Turn, s.Asks, len(stt.Winners), stale
	return st
}

// TestRandomPlay plays 1,200 complete games (2 to 6 players) with random
// standing orders and answers: cards are conserved, views agree with the
// oracle, every game ends with one sailor or by the stalemate rule.
func TestRandomPlay(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 30
	}
	all := []string{"alice", "bob", "carol", "dave", "erin", "frank"}
	for run := 0; run < 2*5; run++ {
		// The current rules, then a quarter as many games of
		// old-shanghai/2, which old games keep.
		n, e, games := 2+run%5, New(), games
		if run >= 5 {
			e, games = New().AtVersion("old-shanghai/2").(Engine), games/4
		}
		t.Run(fmt.Sprintf("%s/%dp", e.Version(), n), func(t *testing.T) {
			stale, played := 0, games+games/5*btoi(n == 4)
			for g := 0; g < played; g++ {
				r := rand.New(rand.NewPCG(uint64(n), uint64(g)))
				opts := `{}`
				if g%7 == 3 {
					opts = `{"boss_return": "top-then-cut"}`
				}
				st := playRandom(t, e, all[:n], opts, fmt.Sprintf("random-%d-%d", n, g), r, g%2 == 0, g%25 == 7)
				if st.stalemate {
					stale++
				}
			}
			t.Logf("%d players: %d games, %d ended by the stalemate rule", n, played, stale)
		})
	}
}

// TestMailRounds measures how many mail rounds (steps) a typical 4-player
// game needs with standing orders, against one round per decision (and
// per turn) without them. Run with -v to see the figures.
func TestMailRounds(t *testing.T) {
	const games = 200
	e := New()
	names := []string{"alice", "bob", "carol", "dave"}
	for _, full := range []bool{true, false} {
		var steps, decisions, turns, reviews int
		for g := 0; g < games; g++ {
			r := rand.New(rand.NewPCG(99, uint64(g)))
			st := playRandom(t, e, names, `{}`, fmt.Sprintf("rounds-%d", g), r, full, false)
			steps += st.steps
			decisions += st.decisions
			turns += st.turns
			reviews += st.reviews
		}
		what := "full standing orders"
		if !full {
			what = "random, partial standing orders"
		}
		t.Logf("4 players, %s: %.1f mail rounds per game (%.1f of them standing-order rounds for everybody), against %.1f at one round per decision (%.1f turns)",
			what, float64(steps)/games, float64(reviews)/games, float64(decisions)/games, float64(turns)/games)
	}
}

// A replay resolves every step but its last silently
// (engine.SilentResolver): over random games of 3 to 6 players, standing
// orders and answers drawn at random, the silent step reaches the state
// the told one does.
func TestSilentResolvesAsTold(t *testing.T) {
	e := New()
	for n := 3; n <= 6; n++ {
		names := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n]
		as, err := e.Setup(engine.Config{Players: names, Options: json.RawMessage(`{}`), Setup: json.RawMessage("null")}, engine.NewRand([]byte(fmt.Sprint("silent ", n)), 0))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(n), 41))
		adjtest.SilentResolvesAsTold(t, e, as.(*State), fmt.Sprint("silent ", n), func(s *State, name string) []orders.Item {
			if s.Stage == stReview {
				return parse(t, randomStanding(r, names, name, r.IntN(2) == 0))
			}
			var legal [][]orders.Item
			for _, a := range answers(s, s.seat(name)) {
				if items := parse(t, "- now: "+a+"\n"); e.Check(s, name, items) == nil {
					legal = append(legal, items)
				}
			}
			if len(legal) == 0 || r.IntN(8) == 0 {
				return e.Default(s, name)
			}
			return legal[r.IntN(len(legal))]
		})
	}
}

// Resolve changes the state in place, after normalize: the digests are
// those of the copy every step made before.
func TestResolveInPlaceKeepsTheDigests(t *testing.T) {
	adjtest.InPlaceKeepsDigests(t, New(), (*State).clone, []int{3, 4, 5, 6}, `{}`)
}
