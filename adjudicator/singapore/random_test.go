package singapore

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// randomOrders builds a legal order list for the pending player, choosing
// at random among the choices the rules allow (sometimes leaving choices
// to the defaults, sometimes adding a plan for the next turn).
func randomOrders(s *State, r *rand.Rand) []orders.Item {
	var out []orders.Item
	filled := func(skip int) []int {
		var f []int
		for i, c := range s.River {
			if c != NoCard && i != skip {
				f = append(f, i)
			}
		}
		return f
	}
	slot := func(i int) string { return strconv.Itoa(i + 1) }
	plan := func() {
		if r.IntN(3) > 0 {
			return
		}
		var take []string
		for range 1 + r.IntN(3) {
			t := s.Types[r.IntN(len(s.Types))]
			name := data.Goods[t].Name
			switch r.IntN(3) {
			case 0:
				if data.Goods[t].Marked > 0 {
					name += "/M"
				}
			case 1:
				if data.Goods[t].Unmarked > 0 {
					name += "/U"
				}
			}
			take = append(take, name)
		}
		if r.IntN(2) == 0 {
			take = append(take, "any")
		}
		p := fmt.Sprintf("{take: [%s], silk: [%d], joss-paper: seize %d, salted-fish: %s, spices: %s, tea: none, move: [%d], chen: [1, 2]}",
			strings.Join(take, ", "), 1+r.IntN(4), 1+r.IntN(2), []string{"seize", "bottom", "default"}[r.IntN(3)], []string{"seize", "top", "default"}[r.IntN(3)], 1+r.IntN(4))
		items, err := orders.ParseList([]byte("- plan: " + p))
		if err != nil {
			panic(err)
		}
		out = append(out, items...)
	}
	switch s.Phase {
	case phaseStart:
		f := filled(-1)
		out = append(out, orders.With(verbStart, slot(f[r.IntN(len(f))])))
		plan()
	case phaseChen:
		f := filled(-1)
		r.Shuffle(len(f), func(i, j int) { f[i], f[j] = f[j], f[i] })
		n := min(2, len(f))
		args := make([]string, n)
		for i := range n {
			args[i] = slot(f[i])
		}
		out = append(out, orders.With(verbChen, args...))
	case phaseTurn:
		f := filled(-1)
		k := f[r.IntN(len(f))]
		card := s.River[k]
		out = append(out, orders.With(verbTake, slot(k)))
		rest := filled(k)
		if k == s.SS && len(rest) > 0 && r.IntN(4) > 0 {
			out = append(out, orders.With(verbMove, slot(rest[r.IntN(len(rest))])))
		}
		if !s.Plain && r.IntN(5) > 0 {
			hand := append(s.Players[s.Active].cards(), card)
			switch card.Name() {
			case goodsSilk:
				if len(rest) > 0 {
					out = append(out, orders.With(verbSilk, slot(rest[r.IntN(len(rest))])))
				}
			case goodsJoss:
				out = append(out, orders.With(verbJoss, "seize "+strconv.Itoa(1+r.IntN(2))))
			case goodsSalted:
				out = append(out, orders.With(verbSalted, []string{"seize", "bottom", "seize if Opium, " + data.Goods[s.Types[r.IntN(len(s.Types))]].Name}[r.IntN(3)]))
			case goodsSpices:
				out = append(out, orders.With(verbSpices, []string{"seize", "top", "seize if Opium"}[r.IntN(3)]))
			case goodsTea:
				if len(rest) > 0 && r.IntN(2) == 0 {
					out = append(out, orders.With(verbTea, fmt.Sprintf("swap %s for %s", slot(rest[r.IntN(len(rest))]), hand[r.IntN(len(hand))])))
				} else {
					out = append(out, orders.With(verbTea, "none"))
				}
			case goodsPorcelain:
				if len(rest) > 0 && len(s.Seized) > 0 && r.IntN(2) == 0 {
					out = append(out, orders.With(verbPorcelain, fmt.Sprintf("swap %s for %s", slot(rest[r.IntN(len(rest))]), s.Seized[r.IntN(len(s.Seized))])))
				} else {
					out = append(out, orders.With(verbPorcelain, "none"))
				}
			}
		}
		plan()
	}
	return orders.Renumber(out)
}

// recount scores a hand from the rulebook, independently of the engine:
// hand and seized are cards as the views write them ("Silk/M").
func recount(hand, seized []string, plain, ordinance bool, merchant string) (total int, wang bool) {
	kind := func(c string) (string, bool) {
		t, m, _ := strings.Cut(c, "/")
		return t, m == "M"
	}
	seizedAll, seizedMarked, seizedPlain := map[string]int{}, map[string]int{}, map[string]int{}
	for _, c := range seized {
		t, m := kind(c)
		seizedAll[t]++
		if m {
			seizedMarked[t]++
		} else {
			seizedPlain[t]++
		}
	}
	var worth []int
	copies := map[string]int{}
	for _, c := range hand {
		t, m := kind(c)
		copies[t]++
		v := 0
		switch {
		case !ordinance && t == "Opium" && !plain:
			if seizedAll[t] > 0 {
				v = seizedAll[t] + 1
			}
		case !ordinance:
			v = seizedAll[t]
		case m && t == "Opium" && !plain:
			if seizedMarked[t] > 0 {
				v = 2*seizedMarked[t] - 1
			}
		case m:
			v = 2 * seizedMarked[t]
		default:
			v = seizedPlain[t]
		}
		worth = append(worth, v)
	}
	base := 0
	for _, v := range worth {
		base += v
	}
	switch merchant {
	case "Calculating Wang":
		return base, base == 13 || base == 22
	case "Collector Lee":
		bonus := map[int]int{3: 1, 4: 3, 5: 6, 6: 6, 7: 6}
		return base + bonus[len(copies)], false
	case "Elite Huang":
		most := 0
		for _, n := range copies {
			most = max(most, n)
		}
		bonus := map[int]int{3: 3, 4: 5, 5: 9, 6: 9, 7: 9, 8: 9, 9: 9}
		return base + bonus[most], false
	case "Lackey Zhang":
		t := 0
		for _, v := range worth {
			if v >= 3 {
				t += v + 1
			}
		}
		return t, false
	case "Resourceful Lin":
		for _, n := range copies {
			base += 3 * (n / 2)
		}
	}
	return base, false
}

// checkConserved fails unless every card of the game is somewhere exactly
// once.
func checkConserved(t *testing.T, s *State) {
	t.Helper()
	want := componentCards(s.Types)
	if s.Ordinance {
		want = append(want, OrdinanceCard)
	}
	got := s.allCards()
	sortCards := func(cs []Card) { sort.Slice(cs, func(i, j int) bool { return cs[i] < cs[j] }) }
	sortCards(want)
	sortCards(got)
	if !slices.Equal(want, got) {
		t.Fatalf("cards not conserved: %d cards, want %d", len(got), len(want))
	}
	if len(want) != s.Total+btoi(s.Ordinance) || (len(s.Types) == 7) != (s.Total == 68) {
		t.Fatalf("game of %d cards with %d types", s.Total, len(s.Types))
	}
}

// gameOptions are the player count and the campaign options of the g-th
// of a run of test games: 2 to 6 players in turn, every combination of the
// variants in turn of five games.
func gameOptions(g int) (players int, options string) {
	var vs []string
	for b, v := range []string{"plain-goods", "ordinance", "influential-figures"} {
		if (g/5)>>b&1 == 1 {
			vs = append(vs, `"`+v+`"`)
		}
	}
	return 2 + g%5, `{"variants": [` + strings.Join(vs, ",") + `]}`
}

// checkDefaultsWeigh checks the defaults' weighing, worked out on tallies
// (defaultTake, gain), against score counting the cards themselves, for
// every seat and River card of s.
func checkDefaultsWeigh(t *testing.T, g int, s *State) {
	t.Helper()
	for seat := range s.Players {
		m, hand := s.basis(seat)
		before := s.score(m, hand, s.Seized).Total
		want, best := -1, 0
		for i, c := range s.River {
			if c == NoCard {
				continue
			}
			if v := s.score(m, append(slices.Clone(hand), c), s.Seized).Total; want < 0 || v > best {
				want, best = i, v
			}
			after := s.score(m, hand, append(slices.Clone(s.Seized), c)).Total
			if got := s.gain(seat, c); got != after-before {
				t.Fatalf("game %d: seizing %s gains %s %d by the tallies, %d by score", g, c, s.Players[seat].Name, got, after-before)
			}
		}
		if got := s.defaultTake(seat); got != want {
			t.Fatalf("game %d: %s's defaults take slot %d by the tallies, %d by score", g, s.Players[seat].Name, got, want)
		}
	}
}

// TestRandomGames plays 1,200 complete games with random legal orders,
// 2 to 6 players, every combination of variants.
func TestRandomGames(t *testing.T) {
	e := New()
	games := 1200
	if testing.Short() {
		games = 120
	}
	for g := range games {
		n, opts := gameOptions(g)
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n]
		seed := "random " + strconv.Itoa(g)
		as := setupGame(t, players, opts, `null`, seed)
		r := rand.New(rand.NewPCG(uint64(g), 7))
		if g%97 == 0 {
			// Now and then a player leaves.
			ns, _, err := e.Correct(as, engine.Correction{Action: "remove", Player: players[r.IntN(n)]})
			if err != nil {
				t.Fatal(err)
			}
			as = ns
		}
		steps := 0
		for !e.Status(as).Finished {
			s := state(as)
			checkConserved(t, s)
			checkDefaultsWeigh(t, g, s)
			if steps++; steps > 100 {
				t.Fatalf("game %d does not end: %s", g, e.Status(as).Phase)
			}
			p := e.Status(as).Pending[0]
			items := randomOrders(s, r)
			def := false
			if r.IntN(6) == 0 {
				items, def = e.Default(s, p), true
			}
			var before []byte
			sample := steps%8 == 0
			if sample {
				before, _ = json.Marshal(s)
			}
			if err := e.Check(s, p, items); err != nil {
				gen, _ := orders.Generic(items)
				t.Fatalf("game %d: legal orders %v refused: %v", g, gen, err)
			}
			if sample {
				if after, _ := json.Marshal(s); string(before) != string(after) {
					t.Fatal("Check changed the state")
				}
			}
			ns, hs, err := e.Resolve(e.Clone(s), []engine.Submission{{Player: p, Items: items, Default: def}}, engine.NewRand([]byte(seed), steps))
			if err != nil {
				t.Fatalf("game %d: %v", g, err)
			}
			if sample {
				if after, _ := json.Marshal(s); string(before) != string(after) {
					t.Fatal("Resolve changed its input state")
				}
			}
			for _, h := range hs {
				if len(h.To) == 0 && strings.Contains(h.Text, " you ") {
					t.Fatalf("a public happening speaks to one player: %q", h.Text)
				}
				if len(h.To) > 1 {
					t.Fatalf("a private happening for several players: %q", h.Text)
				}
			}
			as = ns
			for _, pl := range state(as).Players {
				if len(pl.Hand) > data.Hand+2 || len(pl.Hand) > data.Hand && pl.Merchant != merchChen {
					t.Fatalf("game %d: %s holds %d goods", g, pl.Name, len(pl.Hand))
				}
			}
		}
		s := state(as)
		checkConserved(t, s)
		// Every player still in holds 7 goods, unless the River and the deck ran out (SG-G4).
		if !strings.Contains(s.Ended, "empty") {
			for _, pl := range s.Players {
				if !pl.Removed && len(pl.Hand) < data.Hand {
					t.Fatalf("game %d ended (%s) with %s holding %d goods", g, s.Ended, pl.Name, len(pl.Hand))
				}
			}
		}
		// Independent recount of the scores and the winners.
		v := e.View(s, "").(View)
		var winners []string
		best := -1
		wang := ""
		for _, pv := range v.Players {
			total, w := recount(pv.Hand, v.Seized, s.Plain, s.Ordinance, pv.Merchant)
			if pv.Score.Total != total {
				t.Fatalf("game %d: %s scores %d, recount %d (hand %v, seized %v, %s)", g, pv.Name, pv.Score.Total, total, pv.Hand, v.Seized, pv.Merchant)
			}
			if pv.Removed {
				continue
			}
			if w {
				wang = pv.Name
			}
			switch {
			case total > best:
				winners, best = []string{pv.Name}, total
			case total == best:
				winners = append(winners, pv.Name)
			}
		}
		if wang != "" {
			winners = []string{wang}
		}
		if got := e.Status(s).Winners; fmt.Sprint(got) != fmt.Sprint(winners) {
			t.Fatalf("game %d: winners %v, recount %v", g, got, winners)
		}
	}
}

// Resolve changes the state in place, after normalize: the digests are
// those of the copy every step made before.
func TestResolveInPlaceKeepsTheDigests(t *testing.T) {
	adjtest.InPlaceKeepsDigests(t, New(), (*State).clone, []int{2, 3, 4, 5, 6}, `{}`)
}

// A replay resolves every step but its last silently
// (engine.SilentResolver): over random games of every option set, the
// silent step reaches the state the told one does.
func TestSilentResolvesAsTold(t *testing.T) {
	for g := range 24 {
		n, opts := gameOptions(g)
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n]
		as := setupGame(t, players, opts, `null`, fmt.Sprint("silent ", g))
		r := rand.New(rand.NewPCG(uint64(g), 43))
		adjtest.SilentResolvesAsTold(t, New(), state(as), fmt.Sprint("silent ", g), func(s *State, _ string) []orders.Item {
			return randomOrders(s, r)
		})
	}
}
