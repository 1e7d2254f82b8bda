package shanghaitrader

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// randomOrders builds a legal order file for seat p, choosing at random
// among the orders the rules allow; late in the game players head for
// the airfield.
func randomOrders(s *State, p int, r *rand.Rand) []orders.Item {
	if s.collusion() {
		return parseLines(append(randomCollusion(s, p, r), randomDeals(s, p, r)...))
	}
	d := s.d()
	me := &s.Players[p]
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	var districts, rackets []string
	for _, dist := range d.Districts {
		districts = append(districts, dist.Name)
	}
	for _, l := range d.locs {
		if l.Type == typeRacket {
			rackets = append(rackets, l.Name)
		}
	}
	var others []string
	for _, q := range s.inCity() {
		if q != p {
			others = append(others, s.Players[q].Name)
		}
	}
	conds := []string{"cash >= 40", "TP-02a unowned", "not passport", "year >= 3", "autumn", "not last year", "bank < 100", "in Nanking Road", "W-15a mine", "not at Airfield"}
	withCond := func(e string) string {
		if r.IntN(4) == 0 {
			return e + " if " + pick(conds)
		}
		return e
	}
	late := s.Year >= s.LastYear-1
	switch {
	case me.Passport:
		var opts []string
		if me.At == d.airfield {
			opts = append(opts, "escape", "escape", "auto Consulates")
			if r.IntN(2) == 0 {
				add("- bodyguards: [%d, %d]", r.IntN(4), r.IntN(4))
			}
		} else {
			opts = append(opts, "auto Airfield", "auto Airfield", "stay")
			add("- bodyguards: %d", r.IntN(4))
		}
		add("- move: [%s]", withCond(pick(opts)))
	case late && r.IntN(3) > 0:
		add("- move: [auto Consulates]")
		add("- passport: [%s]", pick([]string{"buy if cash >= 60", "roll", "buy", "roll if cash < 50"}))
	default:
		var opts []string
		for range 1 + r.IntN(3) {
			switch r.IntN(6) {
			case 0:
				opts = append(opts, withCond("auto "+pick(rackets)))
			case 1:
				opts = append(opts, withCond("stay"))
			case 2:
				opts = append(opts, "auto Consulates")
			default:
				opts = append(opts, withCond(pick(districts)))
			}
		}
		add("- move: [%s]", strings.Join(opts, ", "))
		if r.IntN(3) == 0 {
			add("- passport: %s", pick([]string{"roll", "buy"}))
		}
	}
	if r.IntN(3) > 0 {
		var buys []string
		for range 1 + r.IntN(3) {
			buys = append(buys, withCond(pick([]string{"trading-post", "warehouse", "factory", "racket", "any", "TP-02a", "W-15a", "F-16a"})))
		}
		add("- buy: [%s]", strings.Join(buys, ", "))
	}
	switch r.IntN(4) {
	case 0:
		add("- deposit: %s", pick([]string{"all", "all but 40", "50", "100", "all but 0"}))
	case 1:
		if me.Bank >= 50 {
			add("- withdraw: %s", pick([]string{"all", "50", "all but 50"}))
		}
	}
	if r.IntN(3) == 0 {
		add("- reroll: %d", r.IntN(3))
	}
	if r.IntN(3) == 0 {
		add("- air-reroll: %d", r.IntN(3))
	}
	if r.IntN(2) == 0 {
		add("- fan-tan: %d", 10+5*r.IntN(9))
	}
	if !me.Hooked && r.IntN(2) == 0 {
		add("- opium: %s", pick([]string{"pay", "gamble"}))
	}
	if len(others) > 0 && r.IntN(3) == 0 {
		add("- daily-mail: %s", pick(others))
	}
	if s.book().city() {
		lines = append(lines, randomCityOrders(s, p, r)...)
		lines = append(lines, randomDeals(s, p, r)...)
	} else if r.IntN(3) == 0 {
		add("- hire: {assassin: [any]}")
	}
	if s.ownerOfRole(roleGreatOrient) == p && s.shippingYear() && r.IntN(2) == 0 {
		docks := []string{"Hongkew Wharves", "Yangtszepoo Wharves", "Pootung Wharves", "Nantao Wharves"}
		r.Shuffle(len(docks), func(i, j int) { docks[i], docks[j] = docks[j], docks[i] })
		add("- docks: [%s]", strings.Join(docks[:1+r.IntN(2)], ", "))
	}
	var mine []string
	for i, e := range s.Estabs {
		if e.Owner == p && d.loc(i).Type == typeRacket && len(others) > 0 {
			mine = append(mine, fmt.Sprintf("%s: [%s]", d.loc(i).Name, pick(others)))
		}
	}
	if len(mine) > 0 && r.IntN(2) == 0 {
		add("- allow: {%s}", strings.Join(mine, ", "))
	}
	if r.IntN(4) == 0 {
		add("- sell: [%s]", pick([]string{"TP-02a", "W-15a", "R4", "none"}))
	}
	if r.IntN(4) == 0 {
		add("- bid: {%s: %d, any: %d}", pick([]string{"trading-post", "warehouse", "TP-02a"}), 5*(1+r.IntN(8)), 5*(1+r.IntN(4)))
	}
	return parseLines(lines)
}

// parseLines reads order lines as a mailed file's orders.
func parseLines(lines []string) []orders.Item {
	items, err := orders.ParseList([]byte(strings.Join(lines, "\n")))
	if err != nil {
		panic(fmt.Sprint(err, "\n", strings.Join(lines, "\n")))
	}
	return orders.Renumber(items)
}

// bankPhrase matches the phrase every payment to or from the bank carries.
var bankPhraseRE = regexp.MustCompile(`\$(\d+)(?:ooo)? (to|from) the bank \(([^)]+)\)`)

// checkInvariants fails unless the state is sound: money conserved and
// accounted for, nothing negative, the board consistent.
func checkInvariants(t *testing.T, before, s *State, hs []engine.Happening) {
	t.Helper()
	d := s.d()
	sum := func(m map[string]int) int {
		n := 0
		for _, v := range m {
			n += v
		}
		return n
	}
	if held := s.total(); held != s.Issued+sum(s.Drawn)-sum(s.Paid) {
		t.Fatalf("money not conserved: players hold %d, issued %d + drawn %d - paid %d", held, s.Issued, sum(s.Drawn), sum(s.Paid))
	}
	// Every payment to or from the bank is a named happening.
	paid, drawn := map[string]int{}, map[string]int{}
	for _, h := range hs {
		for _, m := range bankPhraseRE.FindAllStringSubmatch(h.Text, -1) {
			n, _ := strconv.Atoi(m[1])
			if m[2] == "to" {
				paid[m[3]] += n
			} else {
				drawn[m[3]] += n
			}
		}
	}
	for _, k := range []struct {
		name     string
		got, was map[string]int
		told     map[string]int
	}{{"paid", s.Paid, before.Paid, paid}, {"drawn", s.Drawn, before.Drawn, drawn}} {
		keys := map[string]bool{}
		for r := range k.got {
			keys[r] = true
		}
		for r := range k.told {
			keys[r] = true
		}
		for r := range keys {
			if k.got[r]-k.was[r] != k.told[r] {
				t.Fatalf("%s for %q: the ledger moved by %d, the happenings say %d:\n%v", k.name, r, k.got[r]-k.was[r], k.told[r], hs)
			}
		}
	}
	inCity := 0
	for _, p := range s.Players {
		if p.Cash < 0 || p.Bank < 0 {
			t.Fatalf("%s has cash %d, bank %d", p.Name, p.Cash, p.Bank)
		}
		if p.inCity() != (p.At >= 0) {
			t.Fatalf("%s is out %q but at %d", p.Name, p.Out, p.At)
		}
		if p.inCity() {
			inCity++
		}
		if p.Bodyguards > 0 && (p.At != d.airfield || !p.Passport) {
			t.Fatalf("%s has bodyguards away from the airfield", p.Name)
		}
		if p.Hooked && (p.At < 0 || d.loc(p.At).Role != roleOpium) {
			t.Fatalf("%s is hooked outside the Opium Dens", p.Name)
		}
	}
	if !s.Over && len(s.Order) != inCity {
		t.Fatalf("initiative order %v for %d players in the city", s.Order, inCity)
	}
	if s.Underworld != nil {
		checkContractors(t, s)
	}
	for i, e := range s.Estabs {
		if e.Owner < 0 {
			continue
		}
		if !buyable(d.loc(i).Type) || !s.Players[e.Owner].inCity() {
			t.Fatalf("%s is controlled by %s", d.loc(i).ID, s.Players[e.Owner].Name)
		}
		if d.loc(i).Type == typeRacket {
			if all, mine := s.tradingPosts(d.distOf(i), e.Owner); all > 0 && mine == 0 {
				t.Fatalf("%s keeps the %s without a trading post", s.Players[e.Owner].Name, d.loc(i).Name)
			}
		}
	}
}

// playRandom plays a whole game with random legal orders, checking the
// invariants at every step; it returns the final state, and adds what
// happened to tally (when not nil).
func playRandom(t *testing.T, players []string, options, setup, seed string, r *rand.Rand, tally *figures) *State {
	t.Helper()
	e := New()
	as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(options), Setup: json.RawMessage(setup)}, engine.NewRand([]byte(seed), 0))
	if err != nil {
		t.Fatal(err)
	}
	s := state(as)
	limit := 5*s.LastYear + 1
	for step := 1; !e.Status(s).Finished; step++ {
		if step > limit {
			t.Fatalf("game %s does not end after %d steps", seed, limit)
		}
		var subs []engine.Submission
		for _, name := range e.Status(s).Pending {
			p := s.seat(name)
			sub := adjadjSubmission(e, s, name, r.IntN(5) > 0, func() []orders.Item { return randomOrders(s, p, r) })
			if err := e.Check(s, name, sub.Items); err != nil {
				t.Fatalf("game %s step %d: random orders of %s refused: %v\n%s", seed, step, name, err, itemsText(sub.Items))
			}
			subs = append(subs, sub)
		}
		// Resolve changes the state in place: the invariants compare
		// the state before with a resolved copy.
		ns, hs, err := e.Resolve(s.clone(), subs, engine.NewRand([]byte(seed), step))
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, s, state(ns), hs)
		tally.add(hs)
		s = state(ns)
	}
	w := e.Status(s).Winners
	best := -1
	for _, p := range s.Players {
		if p.Out == outEscaped {
			best = max(best, p.Bank)
		}
	}
	for _, name := range w {
		if p := &s.Players[s.seat(name)]; p.Out != outEscaped || p.Bank != best {
			t.Fatalf("winner %s escaped %v with %d, the best being %d", name, p.Out, p.Bank, best)
		}
	}
	if best < 0 && len(w) > 0 || best >= 0 && len(w) == 0 {
		t.Fatalf("winners %v with the best escaped account %d", w, best)
	}
	return s
}

// adjadjSubmission is the player's random orders, or (without them) the
// default, as the host would play them.
func adjadjSubmission(e Engine, s *State, name string, send bool, orders func() []orders.Item) engine.Submission {
	if send {
		return engine.Submission{Player: name, Items: orders()}
	}
	return engine.Submission{Player: name, Items: e.Default(s, name), Default: true}
}

func itemsText(items []orders.Item) string {
	g, _ := orders.Generic(items)
	b, _ := json.Marshal(g)
	return string(b)
}

// randomOptions are the campaign options random games cycle through: the
// basic game, the whole advanced game, and parts of it alone.
var randomOptions = []string{`{}`, `{"advanced": true}`, `{"national": true}`, `{"sudden_death": {"threshold": 4}, "length": 6}`, `{"advanced": true, "spy": false}`}

// TestRandomGames plays 240 complete games with random legal orders, 3 to
// 6 players, the basic and the advanced game, and counts how they end and
// what happened on the way.
func TestRandomGames(t *testing.T) {
	games := 240
	if testing.Short() {
		games = 40
	}
	won, none, escaped, killed := 0, 0, 0, 0
	tally := &figures{}
	for g := range games {
		n := 3 + g%4
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n]
		opts := randomOptions[(g/4)%len(randomOptions)]
		setup := "null"
		if g%2 == 1 {
			setup = randomSetup(players, rand.New(rand.NewPCG(uint64(g), 4)))
		}
		s := playRandom(t, players, opts, setup, "random "+strconv.Itoa(g), rand.New(rand.NewPCG(uint64(g), 3)), tally)
		if len(Engine{}.Status(s).Winners) > 0 {
			won++
		} else {
			none++
		}
		for _, p := range s.Players {
			switch p.Out {
			case outEscaped:
				escaped++
			case outAssassinated:
				killed++
			}
		}
	}
	t.Logf("%d games: %d with a winner, %d without; %d players escaped, %d were assassinated", games, won, none, escaped, killed)
	t.Logf("happened: %s", tally)
}

// Resolve changes the state in place: the digests are those of the copy
// every step made before, in the basic and the advanced game.
func TestResolveInPlaceKeepsTheDigests(t *testing.T) {
	adjtest.InPlaceKeepsDigests(t, New(), (*State).clone, []int{3, 4, 6}, `{}`)
	adjtest.InPlaceKeepsDigests(t, New(), (*State).clone, []int{3, 6}, `{"advanced": true}`)
}

// The plan Read hands Resolve (engine.Reader) resolves a step exactly as
// Resolve's own reading of the same items does, over random games of the
// basic and the advanced game.
func TestReadingIsWhatResolveReads(t *testing.T) {
	e := New()
	for g, opts := range []string{`{}`, `{"advanced": true}`} {
		players := []string{"ann", "ben", "cat", "dan", "eve"}
		as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(opts), Setup: json.RawMessage(randomSetup(players, rand.New(rand.NewPCG(uint64(g), 21))))}, engine.NewRand([]byte("reading"), 0))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(g), 22))
		for step := 1; !e.Status(as).Finished; step++ {
			s := state(as)
			var plain, read []engine.Submission
			for _, name := range e.Status(s).Pending {
				items := randomOrders(s, s.seat(name), r)
				reading, err := e.Read(s, name, items)
				if err != nil {
					t.Fatalf("step %d: %s: %v", step, name, err)
				}
				plain = append(plain, engine.Submission{Player: name, Items: items})
				read = append(read, engine.Submission{Player: name, Items: items, Reading: reading})
			}
			want, _, err := e.Resolve(s.clone(), plain, engine.NewRand([]byte("reading"), step))
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := e.Resolve(s, read, engine.NewRand([]byte("reading"), step))
			if err != nil {
				t.Fatal(err)
			}
			a, _ := adjudicator.Digest(want)
			b, _ := adjudicator.Digest(got)
			if a != b {
				t.Fatalf("game %d step %d: resolved with Read's plans the digest is %s, with Resolve's own reading %s", g, step, b, a)
			}
			as = got
		}
	}
}

// A replay resolves every step but its last silently
// (engine.SilentResolver): over random games of the basic and the
// advanced game, from 3 to 6 players, the silent step reaches the state
// the told one does.
func TestSilentResolvesAsTold(t *testing.T) {
	e := New()
	for g, opts := range []string{`{}`, `{"advanced": true}`, `{"advanced": true}`, `{"national": true}`} {
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:3+g]
		setup := randomSetup(players, rand.New(rand.NewPCG(uint64(g), 31)))
		as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(opts), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("silent"), 0))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(g), 32))
		adjtest.SilentResolvesAsTold(t, e, state(as), fmt.Sprint("silent ", g), func(s *State, p string) []orders.Item {
			return randomOrders(s, s.seat(p), r)
		})
	}
}
