package singapore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// randomPositions plays games of 2 to 6 players, every combination of the
// variants (gameOptions), on random legal orders (with standing plans,
// peeks and swaps), and returns a copy of every step's state, the
// finished ones too.
func randomPositions(tb testing.TB, games int) []*State {
	tb.Helper()
	var r *rand.Rand
	return playedPositions(tb, games, gameOptions, func(s *State, g, step int) []orders.Item {
		if step == 1 {
			r = rand.New(rand.NewPCG(uint64(g), 31))
		}
		return randomOrders(s, r)
	})
}

// playedPositions plays games, the g-th with the players and options of
// options(g), each step's orders from play, and returns a copy of every
// step's state, the finished ones too.
func playedPositions(tb testing.TB, games int, options func(g int) (int, string), play func(s *State, g, step int) []orders.Item) []*State {
	tb.Helper()
	e := New()
	var out []*State
	for g := range games {
		n, opts := options(g)
		seed := fmt.Sprint("positions ", g)
		as := setupGame(tb, []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n], opts, `null`, seed)
		for step := 1; ; step++ {
			out = append(out, state(as).clone())
			st := e.Status(as)
			if st.Finished {
				break
			}
			items := play(state(as), g, step)
			var err error
			if as, _, err = e.Resolve(as, []engine.Submission{{Player: st.Pending[0], Items: items}}, engine.NewRand([]byte(seed), step)); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// twinFor returns a twin of s for seat, drawn from r: a state that
// differs from s only in what seat may not see, worked out here from the
// rules of secrecy (SG-X9) rather than from Redeal: the other seats'
// hidden dealt cards and the deck cards seat does not know are permuted
// among their places, the Merchant cards seat does not see are dealt
// anew among the other seats and the undealt ones, and every other seat
// gets a standing plan.
func twinFor(s *State, seat int, r *rand.Rand) *State {
	b := s.clone()
	if b.Phase == phaseOver {
		return b
	}
	var cards []*Card
	for i := range b.Players {
		for j := range b.Players[i].Hand {
			if i != seat && !b.Players[i].Hand[j].Open {
				cards = append(cards, &b.Players[i].Hand[j].Card)
			}
		}
	}
	for d := range b.Deck {
		if dc := &b.Deck[d]; dc.Card != OrdinanceCard && !dc.Public && !slices.Contains(dc.Seen, seat) {
			cards = append(cards, &dc.Card)
		}
	}
	perm := r.Perm(len(cards))
	vals := make([]Card, len(cards))
	for i, p := range perm {
		vals[i] = *cards[p]
	}
	for i, c := range cards {
		*c = vals[i]
	}
	if b.Figures {
		var pool []string
		var to []int
		for _, m := range data.Merchants {
			held := slices.IndexFunc(b.Players, func(p Player) bool { return p.Merchant == m.Name })
			if len(b.Players) < m.MinPlayers || held == seat || held >= 0 && b.Phase == phaseChen && held == b.Active {
				continue
			}
			pool = append(pool, m.Name)
			if held >= 0 {
				to = append(to, held)
			}
		}
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		slices.Sort(to)
		for n, i := range to {
			b.Players[i].Merchant = pool[n]
		}
	}
	for i := range b.Players {
		if i != seat && b.Phase != phaseChen {
			b.Players[i].Plan = &Plan{Take: []Pat{{Type: b.Types[r.IntN(len(b.Types))]}, {Type: -1}}}
		}
	}
	return b
}

func viewJSON(tb testing.TB, s engine.State, player string) string {
	tb.Helper()
	b, err := json.Marshal(New().View(s, player))
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

func stateJSON(tb testing.TB, s engine.State) string {
	tb.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// Redeal is fair by construction: two states that differ only in what the
// seat may not see give the same redealt state for the same stream, and
// the seat sees of the redealt state exactly what it saw; everything
// hidden is drawn anew (the redealt states of one position differ from
// stream to stream), and every card is still somewhere exactly once.
func TestRedealTwins(t *testing.T) {
	e := New()
	games := 30
	if testing.Short() {
		games = 10
	}
	r := rand.New(rand.NewPCG(5, 8))
	positions, moved := 0, 0
	for _, s := range randomPositions(t, games) {
		for seat, p := range s.Players {
			twin := twinFor(s, seat, r)
			if viewJSON(t, twin, p.Name) != viewJSON(t, s, p.Name) {
				t.Fatalf("the twin is no twin: %s sees it differently", p.Name)
			}
			seed := []byte(fmt.Sprint(positions))
			a := e.Redeal(s, p.Name, engine.NewRand(seed, 1))
			b := e.Redeal(twin, p.Name, engine.NewRand(seed, 1))
			if ja, jb := stateJSON(t, a), stateJSON(t, b); ja != jb {
				t.Fatalf("%s: twins redeal apart:\n%s\n%s", p.Name, ja, jb)
			}
			if viewJSON(t, a, p.Name) != viewJSON(t, s, p.Name) {
				t.Fatalf("%s sees the redealt state differently:\n%s\n%s", p.Name, viewJSON(t, a, p.Name), viewJSON(t, s, p.Name))
			}
			checkConserved(t, state(a))
			if stateJSON(t, a) != stateJSON(t, e.Redeal(s, p.Name, engine.NewRand(seed, 2))) {
				moved++
			}
			positions++
		}
	}
	if moved < positions/2 {
		t.Fatalf("only %d of %d redeals differ from stream to stream", moved, positions)
	}
	t.Logf("%d positions, %d redealt differently by another stream", positions, moved)
}

// A redeal leaves the input alone and hides nothing in a finished game.
func TestRedealKeepsItsInput(t *testing.T) {
	e := New()
	for _, s := range randomPositions(t, 5) {
		before := stateJSON(t, s)
		got := e.Redeal(s, "ann", engine.NewRand([]byte("keep"), 1))
		if stateJSON(t, s) != before {
			t.Fatal("Redeal changed its input")
		}
		if s.Phase == phaseOver && stateJSON(t, got) != before {
			t.Fatal("a finished game was redealt")
		}
	}
}

// DecodeState reads back what the digest hashes: the decoded state has
// the same JSON and plays on exactly as the original.
func TestDecodeState(t *testing.T) {
	e := New()
	r := rand.New(rand.NewPCG(9, 9))
	for i, s := range randomPositions(t, 25) {
		data := s.AppendJSON(nil)
		got, err := e.DecodeState(data)
		if err != nil {
			t.Fatalf("position %d: %v\n%s", i, err, data)
		}
		if !bytes.Equal(state(got).AppendJSON(nil), data) {
			t.Fatalf("position %d decodes to another state:\n%s\n%s", i, data, state(got).AppendJSON(nil))
		}
		a, b := engine.State(s.clone()), got
		for step := 1; step <= 4 && !e.Status(a).Finished; step++ {
			p := e.Status(a).Pending[0]
			items := randomOrders(state(a), r)
			var err error
			if a, _, err = e.Resolve(a, []engine.Submission{{Player: p, Items: items}}, engine.NewRand([]byte("decode"), step)); err != nil {
				t.Fatal(err)
			}
			if b, _, err = e.Resolve(b, []engine.Submission{{Player: p, Items: items}}, engine.NewRand([]byte("decode"), step)); err != nil {
				t.Fatal(err)
			}
			if stateJSON(t, a) != stateJSON(t, b) {
				t.Fatalf("position %d plays on differently after decoding, step %d", i, step)
			}
		}
	}
}

// A state that does not hold together is refused, saying what is wrong.
func TestDecodeStateRefuses(t *testing.T) {
	good := string(randomPositions(t, 1)[3].AppendJSON(nil))
	for _, c := range []struct{ json, want string }{
		{`{"types": [1], "players": []}`, "players"},
		{strings.Replace(good, `"phase":"turn"`, `"phase":"lunch"`, 1), "phase"},
		{strings.Replace(good, `"ss":`, `"ss":9`, 1), "ss"},
		{strings.Replace(good, `"total":`, `"colour":"red","total":`, 1), "colour"},
		{strings.Replace(good, `"river":["`, `"river":["Jade/M","`, 1), "Jade"},
		{good + `{}`, "more than one"},
		{`[`, "singapore-1889 state"},
	} {
		_, err := New().DecodeState([]byte(c.json))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.80s...: got %v, want an error naming %q", c.json, err, c.want)
		}
	}
}
