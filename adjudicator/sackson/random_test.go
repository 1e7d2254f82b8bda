package sackson

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// randomOrders builds a random order list for seat, in the many forms the
// syntax allows; most are legal, and the caller checks them.
// A timid player (SS-G13's stalls) mostly plays no card.
func randomOrders(s *State, seat int, r *rand.Rand, timid bool) []orders.Item {
	var lines []string
	me := s.Players[seat]
	switch k := r.IntN(20); {
	case k < 7:
		lines = append(lines, "- bid: 0")
	case k == 7:
		lines = append(lines, fmt.Sprintf("- bid: %d", (me.Money/10+1+r.IntN(5))*10)) // over-bid
	case k < 19:
		lines = append(lines, fmt.Sprintf("- bid: %d", 10*(1+r.IntN(max(1, min(me.Money, 300)/10)))))
	}
	opts := options(s.LangTsu)
	switch r.IntN(3) {
	case 0:
		lines = append(lines, fmt.Sprintf("- go: %d", opts[r.IntN(4)]))
	case 1:
		lines = append(lines, fmt.Sprintf("- go: [%d, %d]", opts[r.IntN(4)], opts[r.IntN(4)]))
	}
	byDest := map[int][]string{}
	for _, c := range me.Hand {
		if s.isOption(c.Dest()) {
			byDest[c.Dest()] = append(byDest[c.Dest()], c.String())
		}
	}
	pick := r.IntN(6)
	if timid && r.IntN(10) > 0 {
		pick = 1
	}
	switch pick {
	case 0:
		lines = append(lines, "- play: best")
	case 1:
		lines = append(lines, "- play: none")
	case 2: // a flat list
		var all []string
		for _, d := range opts {
			cs := byDest[d]
			r.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
			all = append(all, cs[:min(len(cs), r.IntN(4))]...)
		}
		lines = append(lines, "- play: ["+strings.Join(all, ", ")+"]")
	default: // per destination
		lines = append(lines, "- play:")
		for _, d := range opts {
			switch r.IntN(4) {
			case 0:
			case 1:
				lines = append(lines, fmt.Sprintf("    %d: best", d))
			default:
				cs := byDest[d]
				r.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
				lines = append(lines, fmt.Sprintf("    %s: [%s]", data.Destinations[d-1], strings.Join(cs[:min(len(cs), r.IntN(4))], ", ")))
			}
		}
		if lines[len(lines)-1] == "- play:" {
			lines[len(lines)-1] = "- play: {}"
		}
	}
	if r.IntN(3) == 0 {
		lines = append(lines, "- buy: yes")
	}
	switch r.IntN(5) {
	case 0:
		lines = append(lines, "- event: take")
	case 1:
		lines = append(lines, "- event: give leader")
	case 2:
		lines = append(lines, "- event: give last")
	case 3:
		others := s.clockwise(seat)
		if q := others[r.IntN(len(others))]; q != seat {
			lines = append(lines, "- event: give "+s.name(q))
		}
	}
	items, err := orders.ParseList([]byte(strings.Join(lines, "\n")))
	if err != nil {
		panic(fmt.Sprintf("random orders %q: %v", lines, err))
	}
	return items
}

func conserved(t *testing.T, s *State, total int, where string) {
	t.Helper()
	sum := s.Keeper + s.Bank
	for _, p := range s.Players {
		if p.Money < 0 {
			t.Fatalf("%s: %s has %d", where, p.Name, p.Money)
		}
		if p.Space < 0 || p.Space > data.Track {
			t.Fatalf("%s: %s on space %d", where, p.Name, p.Space)
		}
		sum += p.Money
	}
	if sum != total {
		t.Fatalf("%s: money %d, want %d", where, sum, total)
	}
	// Every card once in the hands and the pile, every event card once
	// in the event pile (what DecodeState also holds a state to).
	if err := s.wellFormed(); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if s.Junk < 1 || s.Junk > data.JunkMax {
		t.Fatalf("%s: junk unit %d", where, s.Junk)
	}
}

// playRandom plays one complete game with random legal orders and checks
// the invariants after every round. It returns the number of rounds.
func playRandom(t *testing.T, e Engine, players []string, seed string, r *rand.Rand, remove, timid bool) (int, *State) {
	t.Helper()
	as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(`{}`), Setup: json.RawMessage("null")}, engine.NewRand([]byte(seed), 0))
	if err != nil {
		t.Fatal(err)
	}
	s := as.(*State)
	total := data.Money * len(players)
	removeAt := -1
	if remove {
		removeAt = r.IntN(30)
	}
	const bound = 2000 // SS-G13 ends every game long before
	step := 0
	for ; !s.Over; step++ {
		where := fmt.Sprintf("%s round %d", seed, s.Round)
		if step > bound {
			t.Fatalf("%s: the game did not end within %d rounds", where, bound)
		}
		if step == removeAt {
			ns, _, err := e.Correct(s, engine.Correction{Action: "remove", Player: players[r.IntN(len(players))]})
			if err != nil {
				t.Fatalf("%s: remove: %v", where, err)
			}
			s = ns.(*State)
			conserved(t, s, total, where+" after remove")
			if s.Over {
				break
			}
		}
		var subs []engine.Submission
		for _, name := range e.Status(s).Pending {
			seat := s.seat(name)
			def := e.Default(s, name)
			if err := e.Check(s, name, def); err != nil {
				t.Fatalf("%s: Default %v for %s refused: %v", where, def, name, err)
			}
			if !timid && r.IntN(8) == 0 {
				subs = append(subs, engine.Submission{Player: name, Items: def, Default: true})
				continue
			}
			items := randomOrders(s, seat, r, timid)
			if err := e.Check(s, name, items); err != nil {
				g, _ := orders.Generic(items)
				b, _ := yaml.Marshal(g)
				t.Fatalf("%s: random orders of %s refused: %v\n%s", where, name, err, b)
			}
			subs = append(subs, engine.Submission{Player: name, Items: items})
		}
		before, _ := json.Marshal(s)
		ns, hs, err := e.Resolve(e.Clone(s), subs, engine.NewRand([]byte(seed), step+1))
		if err != nil {
			t.Fatalf("%s: Resolve: %v", where, err)
		}
		if after, _ := json.Marshal(s); string(before) != string(after) {
			t.Fatalf("%s: Resolve changed the state it was handed", where)
		}
		if len(hs) == 0 {
			t.Fatalf("%s: no happenings", where)
		}
		s = ns.(*State)
		conserved(t, s, total, where)
		if step%10 == 0 || s.Over {
			checkViews(t, e, s, where)
		}
	}
	checkWinners(t, s, seed)
	return step, s
}

// checkWinners recomputes the winners from the final positions (3h, SS-G13).
func checkWinners(t *testing.T, s *State, seed string) {
	t.Helper()
	if s.activeCount() == 0 {
		if len(s.Winners) != 0 {
			t.Fatalf("%s: winners without players", seed)
		}
		return
	}
	type cand struct{ seat, dist, money int }
	var past, behind []cand
	for q, p := range s.Players {
		if p.Removed {
			continue
		}
		if p.Space >= s.junkLow() {
			past = append(past, cand{q, max(0, p.Space-s.junkHigh()), p.Money})
		} else {
			behind = append(behind, cand{q, s.junkLow() - p.Space, p.Money})
		}
	}
	cs := past
	if len(past) == 0 {
		if s.End != endStuck {
			t.Fatalf("%s: ended %q with nobody at the junk", seed, s.Ended)
		}
		cs = behind
	}
	var want []int
	for _, c := range cs {
		if len(want) == 0 {
			want = []int{c.seat}
			continue
		}
		w := cs[0]
		for _, x := range cs {
			if x.seat == want[0] {
				w = x
			}
		}
		switch {
		case c.dist < w.dist || c.dist == w.dist && c.money > w.money:
			want = []int{c.seat}
		case c.dist == w.dist && c.money == w.money:
			want = append(want, c.seat)
		}
	}
	if fmt.Sprint(want) != fmt.Sprint(s.Winners) {
		t.Fatalf("%s: winners %v, want %v (%s)", seed, s.Winners, want, s.Ended)
	}
}

// checkViews checks that no player's view holds another's hand, or the
// card another bought, and that every view encodes.
func checkViews(t *testing.T, e Engine, s *State, where string) {
	t.Helper()
	public := map[string]bool{}
	if s.Last != nil {
		for _, p := range s.Last.Plays {
			for _, c := range p.Cards {
				public[c.String()] = true
			}
		}
	}
	for i, p := range s.Players {
		b, err := json.Marshal(e.View(s, p.Name))
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Players []map[string]any `json:"players"`
			Pile    []any            `json:"pile_cards"`
			Order   []any            `json:"event_order"`
			Last    *struct {
				Card string `json:"card"`
			} `json:"last"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if v.Pile != nil || v.Order != nil {
			t.Fatalf("%s: %s sees the piles", where, p.Name)
		}
		for j, q := range v.Players {
			if _, has := q["hand"]; has != (j == i) {
				t.Fatalf("%s: %s's view shows the hand of %v: %v", where, p.Name, q["name"], has)
			}
		}
		if v.Last != nil && v.Last.Card != "" && (s.Last.Bought != i) {
			t.Fatalf("%s: %s sees the card %s bought", where, p.Name, s.name(s.Last.Bought))
		}
		text := string(b)
		for j, o := range s.Players {
			if j == i {
				continue
			}
			for _, c := range o.Hand {
				if !public[c.String()] && strings.Contains(text, `"`+c.String()+`"`) {
					t.Fatalf("%s: %s's view shows %s of %s's hand", where, p.Name, c, o.Name)
				}
			}
		}
	}
	for _, viewer := range []string{"", engine.Observer} {
		if _, err := json.Marshal(e.View(s, viewer)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRandomPlay plays complete games with random legal orders: 300 for
// each player count from 3 to 6 (1,200 games; 40 each with -short).
func TestRandomPlay(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 40
	}
	e := New()
	names := []string{"alice", "bob", "carol", "dave", "erin", "frank"}
	for n := 3; n <= 6; n++ {
		t.Run(strconv.Itoa(n)+"p", func(t *testing.T) {
			rounds, reached, shared, stuck := 0, 0, 0, 0
			for g := 0; g < games; g++ {
				r := rand.New(rand.NewPCG(uint64(n), uint64(g)))
				k, s := playRandom(t, e, names[:n], fmt.Sprintf("random-%d-%d", n, g), r, g%20 == 7, g%10 == 3)
				rounds += k
				if s.End == endReached {
					reached++
				}
				if s.End == endStuck {
					stuck++
				}
				if len(s.Winners) > 1 {
					shared++
				}
			}
			t.Logf("%d games, %d rounds, %d ended at the junk, %d stuck (SS-G13), %d shared wins", games, rounds, reached, stuck, shared)
		})
	}
}

// TestDefaultsEnd plays games on default orders only: they end too.
func TestDefaultsEnd(t *testing.T) {
	e := New()
	for n := 3; n <= 6; n++ {
		s := playDefaults(t, e, n, "defaults")
		if !s.Over {
			t.Fatalf("%d players: not over", n)
		}
		t.Logf("%d players: %d rounds, %s", n, s.Round, s.Ended)
	}
}

func playDefaults(t testing.TB, e Engine, n int, seed string) *State {
	names := []string{"alice", "bob", "carol", "dave", "erin", "frank"}[:n]
	var as engine.State
	as, err := e.Setup(engine.Config{Players: names, Options: json.RawMessage(`{}`), Setup: json.RawMessage("null")}, engine.NewRand([]byte(seed), 0))
	if err != nil {
		t.Fatal(err)
	}
	for step := 1; !e.Status(as).Finished; step++ {
		var subs []engine.Submission
		for _, p := range e.Status(as).Pending {
			// Read as the host reads them at a close: Resolve plays the
			// reading.
			items := e.Default(as, p)
			reading, err := engine.ReadOrders(e, as, p, items)
			if err != nil {
				t.Fatal(err)
			}
			subs = append(subs, engine.Submission{Player: p, Items: items, Default: true, Reading: reading})
		}
		if as, _, err = e.Resolve(as, subs, engine.NewRand([]byte(seed), step)); err != nil {
			t.Fatal(err)
		}
	}
	return as.(*State)
}

// TestDeterministic replays a game and compares the final states.
func TestDeterministic(t *testing.T) {
	e := New()
	var out [2]string
	for i := range out {
		r := rand.New(rand.NewPCG(7, 7))
		_, s := playRandom(t, e, []string{"a", "b", "c", "d"}, "det", r, false, false)
		b, _ := json.Marshal(s)
		out[i] = string(b)
	}
	if out[0] != out[1] {
		t.Fatal("two replays differ")
	}
}

// Resolve changes the state in place, after normalize: the digests are
// those of the copy every step made before.
func TestResolveInPlaceKeepsTheDigests(t *testing.T) {
	adjtest.InPlaceKeepsDigests(t, New(), (*State).clone, []int{3, 4, 5, 6}, `{}`)
}
