package trader

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// cand is a candidate order as the random player builds it; the test
// computes the money it moves by itself, from the rules.
type cand struct {
	kind string
	col  int
	a, b Stock
	mc   int // -1: leave to the default
}

func (c cand) items() []orders.Item {
	var out []orders.Item
	switch c.kind {
	case kindBuy:
		out = append(out, orders.With("buy", data.Capitals[c.col]))
	case kindSell:
		out = append(out, orders.With("sell", c.a.String(), c.b.String()))
	case kindJoker:
		out = append(out, orders.With("joker", c.a.String()))
	default:
		out = append(out, orders.Bare("pass"))
	}
	if c.mc >= 0 {
		out = append(out, orders.With("market-closed", data.Capitals[c.mc]))
	}
	return orders.Renumber(out)
}

// candOf reads back the test's own simple order forms (used for defaults).
func candOf(t *testing.T, items []orders.Item) cand {
	c := cand{col: -1, mc: -1}
	for _, it := range items {
		g, err := it.Generic()
		if err != nil {
			t.Fatal(err)
		}
		var args []string
		if m, ok := g.(map[string]any); ok {
			switch v := m[it.Verb].(type) {
			case string:
				args = []string{v}
			case []any:
				for _, x := range v {
					args = append(args, x.(string))
				}
			}
		}
		stock := func(s string) Stock {
			k, msg := parseStock(s)
			if msg != "" {
				t.Fatal(msg)
			}
			return k
		}
		switch it.Verb {
		case "buy":
			c.kind, c.col = kindBuy, capitalIndex(args[0])
		case "sell":
			c.kind, c.a, c.b = kindSell, stock(args[0]), stock(args[1])
		case "joker":
			c.kind, c.a = kindJoker, stock(args[0])
		case "pass":
			c.kind = kindPass
		case "market-closed":
			c.mc = capitalIndex(args[0])
		default:
			t.Fatalf("unexpected default verb %q", it.Verb)
		}
	}
	return c
}

// gain is the money the order moves to the one who gives it.
func gain(s *State, c cand) int {
	switch c.kind {
	case kindBuy:
		return -s.Columns[c.col][0].Value
	case kindSell:
		return c.a.Value * c.b.Value
	case kindJoker:
		return 2 * c.a.Value
	}
	return 0
}

func distinct(ks []Stock) []Stock {
	var out []Stock
	for i, k := range ks {
		if i == 0 || k != ks[i-1] {
			out = append(out, k)
		}
	}
	return out
}

// candidates lists every order worth trying for seat, unfiltered.
func candidates(s *State, seat int) []cand {
	var out []cand
	for c := range data.Capitals {
		out = append(out, cand{kind: kindBuy, col: c, mc: -1})
	}
	own := s.Players[seat].Stocks
	other := own
	if s.teams() {
		other = s.Players[s.partner(seat)].Stocks
	}
	for _, a := range distinct(own) {
		for _, b := range distinct(other) {
			// Different colours are tried now and then only: Check's
			// refusal of them is tested by the cases, and it is slow.
			if a.Colour == b.Colour || (a.Value+b.Value)%7 == 0 {
				out = append(out, cand{kind: kindSell, a: a, b: b, col: -1, mc: -1})
			}
		}
	}
	for _, a := range distinct(append(append([]Stock(nil), own...), other...)) {
		out = append(out, cand{kind: kindJoker, a: a, col: -1, mc: -1})
	}
	return append(out, cand{kind: kindPass, col: -1, mc: -1})
}

func conserved(t *testing.T, s *State, where string) {
	t.Helper()
	count := map[Stock]int{}
	n := 0
	add := func(ks []Stock) {
		for _, k := range ks {
			count[k]++
			n++
		}
	}
	for _, c := range s.Columns {
		add(c)
	}
	for _, p := range s.Players {
		add(p.Stocks)
	}
	add(s.Sold)
	for _, k := range s.deck() {
		count[k]--
	}
	for k, v := range count {
		if v != 0 {
			t.Fatalf("%s: stock %s counted %+d times too many (total %d)", where, k, v, n)
		}
	}
	if n != 35 {
		t.Fatalf("%s: %d stocks", where, n)
	}
}

// playRandom plays one complete game with random legal orders and checks
// the invariants after every step. It returns the number of steps.
//
// With plans, players now and then send random standing plans, alone or
// with their turn's orders; each Resolve is then checked against a shadow
// game without plans in which the test itself plays the turns the plans
// should play (the first entry Check accepts at that moment), one Resolve
// per turn (TR-X11).
func playRandom(t *testing.T, e Engine, players []string, sets int, seed string, r *rand.Rand, remove, plans bool) (int, *State) {
	t.Helper()
	opts := fmt.Sprintf(`{"sets": %d}`, sets)
	as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(opts), Setup: json.RawMessage("null")}, engine.NewRand([]byte(seed), 0))
	if err != nil {
		t.Fatal(err)
	}
	s := as.(*State)
	expect := make([]int, len(players))
	for i := range expect {
		expect[i] = s.Start
	}
	var setMoney [][]int
	tplans := map[int]*tplan{} // the plans the engine should hold
	planTurns, drops := 0, 0
	removeAt := -1
	if remove {
		removeAt = r.IntN(60)
	}
	const bound = 300 // steps per set: 35 purchases, at most 35 sales, passes
	step := 0
	for ; s.Phase != phaseOver; step++ {
		where := fmt.Sprintf("%s step %d (%s)", seed, step, s.phaseText())
		if step > bound*sets {
			t.Fatalf("%s: the game did not end within %d steps", where, bound*sets)
		}
		if step == removeAt {
			// Plans would play turns inside the correction; the cases
			// test that, so here they are cleared first.
			s = stripPlans(s)
			clear(tplans)
			victim := players[r.IntN(len(players))]
			ns, _, err := e.Correct(s, engine.Correction{Action: "remove", Player: victim})
			if err != nil {
				t.Fatalf("%s: remove: %v", where, err)
			}
			s = ns.(*State)
			if s.Phase == phaseOver {
				break
			}
		}
		if plans && s.Phase == phaseTurn {
			for i, p := range s.Players {
				if i == s.Active || p.Removed || r.IntN(5) != 0 {
					continue
				}
				tp, it := randomPlan(t, s, i, r)
				items := orders.Renumber([]orders.Item{it})
				if err := e.CheckStanding(s, p.Name, items); err != nil {
					t.Fatalf("%s: standing plan of %s refused: %v", where, p.Name, err)
				}
				ns, err := e.ApplyStanding(s, p.Name, items)
				if err != nil {
					t.Fatal(err)
				}
				s = ns.(*State)
				if tp == nil {
					delete(tplans, i)
				} else {
					tplans[i] = tp
				}
			}
		}
		if plans && s.Phase == phaseLastSale {
			for _, p := range players {
				if e.CheckStanding(s, p, mustItems(t, "- plan: none")) == nil {
					t.Fatalf("%s: a plan is accepted at the last sales", where)
				}
			}
		}
		st := e.Status(s)
		var subs []engine.Submission
		var picks []cand
		var sentPlan *tplan
		sendsPlan := false
		for _, name := range st.Pending {
			seat := s.seat(name)
			def := e.Default(s, name)
			if err := e.Check(s, name, def); err != nil {
				t.Fatalf("%s: Default %v for %s refused: %v", where, def, name, err)
			}
			if r.IntN(10) == 0 {
				subs = append(subs, engine.Submission{Player: name, Items: def, Default: true})
				picks = append(picks, candOf(t, def))
				continue
			}
			var legal []cand
			for _, c := range candidates(s, seat) {
				if e.Check(s, name, c.items()) == nil {
					legal = append(legal, c)
				}
			}
			if len(legal) == 0 {
				t.Fatalf("%s: %s has no legal order", where, name)
			}
			c := legal[r.IntN(len(legal))]
			if s.Phase == phaseTurn && s.Market >= 0 && r.IntN(4) > 0 {
				var mcs []int
				for col := range data.Capitals {
					c.mc = col
					if e.Check(s, name, c.items()) == nil {
						mcs = append(mcs, col)
					}
				}
				c.mc = -1
				if len(mcs) > 0 {
					c.mc = mcs[r.IntN(len(mcs))]
				}
			}
			items := c.items()
			if plans && s.Phase == phaseTurn && r.IntN(3) == 0 {
				tp, it := randomPlan(t, s, seat, r)
				items = orders.Renumber(append(items, it))
				if err := e.Check(s, name, items); err != nil {
					t.Fatalf("%s: orders with a plan refused: %v", where, err)
				}
				sentPlan, sendsPlan = tp, true
			}
			subs = append(subs, engine.Submission{Player: name, Items: items})
			picks = append(picks, c)
		}
		// The money each order moves, by the rules, before resolving.
		if s.Phase == phaseTurn {
			expect[s.Active] += gain(s, picks[0])
		} else if !s.teams() {
			for i, sub := range subs {
				expect[s.seat(sub.Player)] += gain(s, picks[i])
			}
		} else {
			for ti := range s.Teams {
				done := false
				for round := 0; round < 2 && !done; round++ {
					for i, sub := range subs {
						p := s.seat(sub.Player)
						if s.Players[p].Team == ti && picks[i].kind != kindPass && sub.Default == (round == 1) {
							expect[p] += gain(s, picks[i])
							done = true
							break
						}
					}
				}
				if !done {
					for _, sub := range subs {
						p := s.seat(sub.Player)
						if s.Players[p].Team == ti {
							expect[p] += gain(s, candOf(t, e.Default(s, sub.Player)))
							break
						}
					}
				}
			}
		}
		before := len(s.Scores)
		rng := func() *engine.Rand { return engine.NewRand([]byte(seed), step+1) }
		// Resolve changes the state it is given: the shadow below and the
		// checks after read the state before the step.
		ns, hs, err := e.Resolve(s.clone(), subs, rng())
		if err != nil {
			t.Fatalf("%s: Resolve: %v", where, err)
		}
		if plans {
			// The shadow game: the same step without plans, then the
			// turns the plans should play, one Resolve each.
			wasTurn, active := s.Phase == phaseTurn, s.Active
			shadowSubs := make([]engine.Submission, len(subs))
			for i, sub := range subs {
				shadowSubs[i] = sub
				if wasTurn && sendsPlan {
					shadowSubs[i].Items = picks[i].items()
				}
			}
			sh, _, err := e.Resolve(stripPlans(s), shadowSubs, rng())
			if err != nil {
				t.Fatalf("%s: shadow Resolve: %v", where, err)
			}
			shadow := sh.(*State)
			if sendsPlan {
				tplans[active] = sentPlan
			}
			wantPlayed, wantDrop := 0, 0
			for shadow.Phase == phaseTurn && tplans[shadow.Active] != nil {
				if shadow.Phase != phaseTurn || len(shadow.Scores) != before {
					break
				}
				a := shadow.Active
				tp := tplans[a]
				delete(tplans, a)
				c, ok := planTurn(e, shadow, a, tp)
				if !ok {
					wantDrop++
					break
				}
				expect[a] += gain(shadow, c)
				sh, _, err := e.Resolve(shadow, []engine.Submission{{Player: shadow.Players[a].Name, Items: c.items()}}, rng())
				if err != nil {
					t.Fatalf("%s: shadow Resolve of a planned turn: %v", where, err)
				}
				shadow = sh.(*State)
				wantPlayed++
			}
			if shadow.Phase != phaseTurn || len(shadow.Scores) != before {
				clear(tplans) // the set's end drops every plan
			}
			got := ns.(*State)
			gotJSON, _ := json.Marshal(stripPlans(got))
			wantJSON, _ := json.Marshal(stripPlans(shadow))
			if string(gotJSON) != string(wantJSON) {
				t.Fatalf("%s: the plans played otherwise than the test expects:\n got %s\nwant %s\nhappenings %v", where, gotJSON, wantJSON, hs)
			}
			for i, p := range got.Players {
				if (p.Plan != nil) != (tplans[i] != nil) {
					t.Fatalf("%s: %s holds plan %v, test expects %v", where, p.Name, p.Plan, tplans[i] != nil)
				}
			}
			played, dropped := 0, 0
			for _, h := range hs {
				if strings.Contains(h.Text, "by their standing plan") {
					played++
				}
				if strings.Contains(h.Text, "None of the entries of your standing plan") {
					dropped++
					if len(h.To) != 1 {
						t.Fatalf("%s: %q is not private", where, h.Text)
					}
				}
			}
			if played != wantPlayed || dropped != wantDrop {
				t.Fatalf("%s: %d planned turns and %d dropped plans reported, want %d and %d: %v", where, played, dropped, wantPlayed, wantDrop, hs)
			}
			planTurns += wantPlayed
			drops += wantDrop
		}
		if len(hs) == 0 {
			t.Fatalf("%s: no happenings", where)
		}
		if len(ns.(*State).Scores) == before {
			for _, h := range hs {
				// Nothing reveals a balance while a set is played.
				if strings.Contains(h.Text, "money") || strings.Contains(h.Text, " has ") {
					t.Fatalf("%s: %q may reveal money", where, h.Text)
				}
			}
		}
		s = ns.(*State)
		if len(s.Scores) > before {
			got := s.Scores[len(s.Scores)-1]
			for i := range expect {
				if got[i] != expect[i] {
					t.Fatalf("%s: set score of %s is %d, want %d", where, players[i], got[i], expect[i])
				}
				if s.Phase != phaseOver {
					expect[i] = s.Start
				}
			}
			setMoney = append(setMoney, append([]int(nil), got...))
		}
		for i, p := range s.Players {
			if p.Money != expect[i] || p.Money < 0 {
				t.Fatalf("%s: %s has %d million, want %d", where, p.Name, p.Money, expect[i])
			}
		}
		conserved(t, s, where)
		empty := len(s.emptyColumns())
		if s.Phase == phaseTurn && empty >= 3 {
			t.Fatalf("%s: three columns empty but still playing", where)
		}
		if s.Market >= 0 && (len(players) != 3 || empty >= 2 || len(s.Columns[s.Market]) == 0) {
			t.Fatalf("%s: Market closed on %d with %d empty", where, s.Market, empty)
		}
		if step%25 == 0 || plans && step%10 == 0 {
			checkViews(t, e, s, where)
		}
	}
	if plans && testing.Verbose() && seed == "det" {
		t.Logf("%s: %d planned turns, %d plans dropped", seed, planTurns, drops)
	}
	checkViews(t, e, s, "end")
	// Winners: the best totals among teams with someone still playing.
	if len(setMoney) != len(s.Scores) {
		t.Fatalf("%s: %d sets scored, %d seen", seed, len(s.Scores), len(setMoney))
	}
	best := -1
	var want []string
	for _, tm := range s.Teams {
		sum, in := 0, false
		for _, m := range tm.Members {
			in = in || !s.Players[m].Removed
			for _, sc := range setMoney {
				sum += sc[m]
			}
		}
		switch {
		case !in:
		case sum > best:
			best, want = sum, []string{tm.Name}
		case sum == best:
			want = append(want, tm.Name)
		}
	}
	if got := e.Status(s).Winners; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: winners %v, want %v", seed, got, want)
	}
	return step, s
}

func checkViews(t *testing.T, e Engine, s *State, where string) {
	t.Helper()
	for _, p := range s.Players {
		b, err := json.Marshal(e.View(s, p.Name))
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Players []map[string]any `json:"players"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		over := e.Status(s).Finished // then the money has been counted openly
		for i, q := range v.Players {
			_, has := q["money"]
			if has != (q["name"] == p.Name || over) {
				t.Fatalf("%s: %s's view shows money of %v: %v", where, p.Name, q["name"], has)
			}
			// Plans are private (TR-X11).
			if _, has := q["plan"]; has != (q["name"] == p.Name && s.Players[i].Plan != nil) {
				t.Fatalf("%s: %s's view shows the plan of %v: %v", where, p.Name, q["name"], has)
			}
		}
	}
	if _, err := json.Marshal(e.View(s, "")); err != nil {
		t.Fatal(err)
	}
}

// TestRandomPlay plays complete games with random legal orders for each
// player count (1,000 each; 100 with -short).
func TestRandomPlay(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	e := New()
	names := []string{"alice", "bob", "carol", "dave"}
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			steps, finals := 0, 0
			for g := 0; g < games; g++ {
				r := rand.New(rand.NewPCG(uint64(n), uint64(g)))
				sets := 1
				if g%5 == 0 {
					sets = 2
				}
				k, s := playRandom(t, e, names[:n], sets, fmt.Sprintf("random-%d-%d", n, g), r, g%25 == 3, g%4 == 1)
				steps += k
				if len(e.Status(s).Winners) > 0 {
					finals++
				}
			}
			t.Logf("%d games, %d steps, %d with a winner", games, steps, finals)
		})
	}
}

// TestDeterministic replays a game and compares every state.
func TestDeterministic(t *testing.T) {
	e := New()
	for n := 2; n <= 4; n++ {
		var out [2]string
		for i := range out {
			r := rand.New(rand.NewPCG(7, uint64(n)))
			_, s := playRandom(t, e, []string{"a", "b", "c", "d"}[:n], 2, "det", r, false, true)
			b, _ := json.Marshal(s)
			out[i] = string(b)
		}
		if out[0] != out[1] {
			t.Fatalf("%d players: two replays differ", n)
		}
	}
}

// Resolve changes the state in place, after normalize: the digests are
// those of the copy every step made before.
func TestResolveInPlaceKeepsTheDigests(t *testing.T) {
	adjtest.InPlaceKeepsDigests(t, New(), (*State).clone, []int{2, 3, 4}, `{"sets": 2}`)
}
