package shanghaitrader

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"

	"gopkg.in/yaml.v3"
)

// botWalk plays games random games with random legal orders (3 to 6
// players, the basic and the advanced game, half of them from a random
// set-up) and calls visit before each step with the state, the game's
// seed and the step.
func botWalk(t *testing.T, games int, visit func(s *State, seed string, step int, r *rand.Rand)) {
	t.Helper()
	e := New()
	for g := range games {
		n := 3 + g%4
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n]
		seed := "bot walk " + strconv.Itoa(g)
		r := rand.New(rand.NewPCG(uint64(g), 31))
		setup := "null"
		if g%2 == 1 {
			setup = randomSetup(players, r)
		}
		as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(randomOptions[g%len(randomOptions)]), Setup: json.RawMessage(setup)}, engine.NewRand([]byte(seed), 0))
		if err != nil {
			t.Fatal(err)
		}
		s := state(as)
		for step := 1; !s.Over; step++ {
			visit(s, seed, step, r)
			var subs []engine.Submission
			for _, name := range e.Status(s).Pending {
				subs = append(subs, engine.Submission{Player: name, Items: randomOrders(s, s.seat(name), r)})
			}
			ns, _, err := e.Resolve(s, subs, engine.NewRand([]byte(seed), step))
			if err != nil {
				t.Fatal(err)
			}
			s = state(ns)
		}
	}
}

// walkGames is how many games a test walks: full, or short with -short.
func walkGames(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// stateJSON is the state's canonical JSON.
func stateJSON(s engine.State) string { return string(state(s).AppendJSON(nil)) }

// Redeal is fair the strong way: twins that differ only in another
// player's secrets (scramble) redeal alike for the same stream, and what
// the seat sees of the redealt state is what it saw of the original.
func TestRedealTwins(t *testing.T) {
	e := New()
	games := walkGames(16, 6)
	botWalk(t, games, func(s *State, seed string, step int, r *rand.Rand) {
		n := len(s.Players)
		me := step % n
		name := s.Players[me].Name
		q := (me + 1 + step/n%(n-1)) % n
		twin := scrambleMore(scramble(s, q, r), me, q, r)
		rng := func() *engine.Rand { return engine.NewBotRand([]byte(seed), step, 0, name) }
		a, b := e.Redeal(s, name, rng()), e.Redeal(twin, name, rng())
		if ja, jb := stateJSON(a), stateJSON(b); ja != jb {
			t.Fatalf("%s step %d: %s's redeal depends on %s's secrets:\n%s\n%s", seed, step, name, s.Players[q].Name, ja, jb)
		}
		va, _ := json.Marshal(e.View(a, name))
		vs, _ := json.Marshal(e.View(s, name))
		if !bytes.Equal(va, vs) {
			t.Fatalf("%s step %d: %s sees the redealt state otherwise:\n%s\n%s", seed, step, name, va, vs)
		}
		if a.(*State).total() != a.(*State).Issued+sumCounts(a.(*State).Drawn)-sumCounts(a.(*State).Paid) {
			t.Fatalf("%s step %d: the redealt ledger does not balance", seed, step)
		}
	})
}

// scrambleMore changes in s what seat me may not see beyond one player's
// secrets (scramble): a loan between q and another player who is not me,
// the set-up's fixed dice still to come, and the GM's ledger.
func scrambleMore(s *State, me, q int, r *rand.Rand) *State {
	if u := s.Underworld; u != nil {
		for o := range s.Players {
			if o != me && o != q {
				u.Loans = append(u.Loans, Loan{From: q, To: o, N: 5 * (1 + r.IntN(9))})
				break
			}
		}
	}
	s.Dice = append(s.Dice[:min(s.DiceUsed, len(s.Dice))], 1+r.IntN(6), 1+r.IntN(6), 1+r.IntN(6))
	s.Issued += 5 * r.IntN(9)
	s.Paid = map[string]int{"purchase": 5 * r.IntN(20)}
	return s
}

// sumCounts adds a ledger's amounts.
func sumCounts(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// A redeal draws the others' money anew: over a game it is not always
// what the state holds.
func TestRedealDrawsTheOthersMoney(t *testing.T) {
	e := New()
	differ := 0
	botWalk(t, 2, func(s *State, seed string, step int, r *rand.Rand) {
		name := s.Players[0].Name
		a := e.Redeal(s, name, engine.NewBotRand([]byte(seed), step, 0, name)).(*State)
		for q := 1; q < len(s.Players); q++ {
			if a.Players[q].Cash != s.Players[q].Cash {
				differ++
			}
		}
		if a.Players[0].Cash != s.Players[0].Cash || a.Players[0].Bank != s.Players[0].Bank {
			t.Fatalf("%s step %d: the redeal changed the seat's own money", seed, step)
		}
	})
	if differ == 0 {
		t.Fatal("the redeal never drew another player's cash anew")
	}
}

// DecodeState reads back what AppendJSON wrote: the same JSON, and the
// decoded state plays on exactly as the original does.
func TestDecodeState(t *testing.T) {
	e := New()
	games := walkGames(12, 4)
	botWalk(t, games, func(s *State, seed string, step int, r *rand.Rand) {
		if step%3 != 0 {
			return
		}
		ds, err := e.DecodeState(s.AppendJSON(nil))
		if err != nil {
			t.Fatalf("%s step %d: %v", seed, step, err)
		}
		if stateJSON(ds) != stateJSON(s) {
			t.Fatalf("%s step %d: decoded otherwise:\n%s\n%s", seed, step, stateJSON(ds), stateJSON(s))
		}
		// Play both on for a few steps with the same orders and dice.
		a, b := engine.State(s.clone()), ds
		for k := 0; k < 3 && !state(a).Over; k++ {
			var subs []engine.Submission
			for _, name := range e.Status(a).Pending {
				subs = append(subs, engine.Submission{Player: name, Items: randomOrders(state(a), state(a).seat(name), rand.New(rand.NewPCG(uint64(step), uint64(k))))})
			}
			var err error
			if a, _, err = e.Resolve(a, subs, engine.NewRand([]byte(seed), 1000+step+k)); err != nil {
				t.Fatal(err)
			}
			if b, _, err = e.Resolve(b, subs, engine.NewRand([]byte(seed), 1000+step+k)); err != nil {
				t.Fatal(err)
			}
			if stateJSON(a) != stateJSON(b) {
				t.Fatalf("%s step %d+%d: the decoded state plays on otherwise", seed, step, k+1)
			}
		}
	})
	if _, err := e.DecodeState([]byte(`{"year": 1}`)); err == nil {
		t.Error("a state without players or board decodes")
	}
}

// The bot is fair by construction and legal: twins that differ only in
// another player's secrets give it the same orders, and every order file
// it gives passes Check.
func TestBotTwinsAndCheck(t *testing.T) {
	e := New()
	games := walkGames(6, 3)
	decisions := 0
	botWalk(t, games, func(s *State, seed string, step int, r *rand.Rand) {
		n := len(s.Players)
		for me := range s.Players {
			if !s.Players[me].inCity() || (step+me)%3 != 0 {
				continue
			}
			name := s.Players[me].Name
			rng := func() *engine.Rand { return engine.NewBotRand([]byte(seed), step, 0, name) }
			items := e.BotOrders(s, name, rng())
			decisions++
			if err := e.Check(s, name, items); err != nil {
				t.Fatalf("%s step %d: %s's bot orders are refused: %v\n%s", seed, step, name, err, itemsText(items))
			}
			q := (me + 1 + step%(n-1)) % n
			twin := scrambleMore(scramble(s, q, r), me, q, r)
			if a, b := itemsText(items), itemsText(e.BotOrders(twin, name, rng())); a != b {
				t.Fatalf("%s step %d: %s's bot orders depend on another's secrets:\n%s\n%s", seed, step, name, a, b)
			}
		}
	})
	if decisions == 0 {
		t.Fatal("the bot was never asked")
	}
}

// The bot reads the state only through Redeal: it leaves the state it is
// given as it was.
func TestBotLeavesTheStateAlone(t *testing.T) {
	e := New()
	botWalk(t, 1, func(s *State, seed string, step int, r *rand.Rand) {
		before := stateJSON(s)
		for _, name := range e.Status(s).Pending {
			e.BotOrders(s, name, engine.NewBotRand([]byte(seed), step, 0, name))
		}
		if stateJSON(s) != before {
			t.Fatalf("%s step %d: the bot changed the state", seed, step)
		}
	})
}

// botAt sets up a game of ann, ben and cat from a set-up, written as a
// campaign file writes it (YAML), and returns the state.
func botAt(t *testing.T, options, setup string) *State {
	t.Helper()
	var v any
	if err := yaml.Unmarshal([]byte(setup), &v); err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	as, err := New().Setup(engine.Config{Players: []string{"ann", "ben", "cat"}, Options: json.RawMessage(options), Setup: js}, engine.NewRand([]byte("bot at"), 0))
	if err != nil {
		t.Fatal(err)
	}
	return state(as)
}

// botSays returns the value of the bot's order verb for ann in s, as
// text ("" when it gives none).
func botSays(t *testing.T, s *State, verb string) string {
	t.Helper()
	items := New().BotOrders(s, "ann", engine.NewBotRand([]byte("bot says"), 1, 0, "ann"))
	for _, it := range items {
		if it.Verb == verb {
			g, _ := orders.Generic([]orders.Item{it})
			b, _ := json.Marshal(g)
			return string(b)
		}
	}
	return ""
}

// The run for the airfield: in the last year the bot goes for the
// passport, then to the airfield with bodyguards, then rolls to escape;
// an assassin for a rival on the runway when its cash allows.
func TestBotRunsForTheAirfield(t *testing.T) {
	for _, c := range []struct {
		name, ann, want, verb, has string
	}{
		{"for the passport", `{cash: 120, bank: 100, at: TP-02a}`, "auto International Consulates", "passport", "buy"},
		{"to the airfield", `{cash: 120, bank: 100, at: CONSULATES, passport: true}`, "auto Airfield", "bodyguards", "3"},
		{"the escape roll", `{cash: 120, bank: 100, at: AIRFIELD, passport: true, bodyguards: 1}`, "escape", "hire", "ben"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := botAt(t, `{}`, `{year: 10, season: winter, initiative: [ann, ben, cat], players: {ann: `+c.ann+`, ben: {at: AIRFIELD, passport: true}}}`)
			if got := botSays(t, s, verbMove); !strings.Contains(got, c.want) {
				t.Errorf("move %s, want %s", got, c.want)
			}
			if got := botSays(t, s, c.verb); !strings.Contains(got, c.has) {
				t.Errorf("%s %s, want %s in it", c.verb, got, c.has)
			}
		})
	}
}

// While trading the bot buys what pays for itself in the years left and
// banks what is over its reserve; as the French Club's owner it sets the
// Bastille Day tab in summer.
func TestBotTrades(t *testing.T) {
	s := botAt(t, `{}`, `{year: 2, season: summer, ship_roll: 3, players: {ann: {cash: 200, at: TP-10a, owns: [TP-10a, TP-10b, R10]}}}`)
	if got := botSays(t, s, verbTab); !strings.Contains(got, "50") {
		t.Errorf("tab %q, want the whole $50ooo on a guest", got)
	}
	if got := botSays(t, s, verbBuy); !strings.Contains(got, typeTP) {
		t.Errorf("buy %q, want trading posts in year 2 of 10", got)
	}
	if got := botSays(t, s, verbDeposit); !strings.Contains(got, "all but") {
		t.Errorf("deposit %q, want all but a reserve", got)
	}
	s = botAt(t, `{}`, `{year: 3, season: winter, players: {ann: {cash: 200, at: TP-10a, owns: [TP-10a, TP-10b, R10]}}}`)
	if got := botSays(t, s, verbTab); got != "" {
		t.Errorf("tab %q in winter", got)
	}
}

// Score is the account: as it stands in the city, taken out by the
// escaped, nothing for the assassinated or for those the revolution
// finds in the city.
func TestScore(t *testing.T) {
	e := New()
	s := botAt(t, `{}`, `{year: 10, season: autumn, initiative: [ann, cat], players: {ann: {bank: 150, at: AIRFIELD, passport: true}, ben: {bank: 200, out: escaped}, cat: {bank: 300}}}`)
	for name, want := range map[string]float64{"ann": 150, "ben": 200, "cat": 300, "nobody": 0} {
		if got := e.Score(s, name); got != want {
			t.Errorf("%s scores %v in the city, want %v", name, got, want)
		}
	}
	s.Over = true
	for name, want := range map[string]float64{"ann": 0, "ben": 200, "cat": 0} {
		if got := e.Score(s, name); got != want {
			t.Errorf("%s scores %v at the end, want %v", name, got, want)
		}
	}
}

// TestBotAnswersOnlyWhatItSees is the twin test of the bot's answers:
// in Collusion Phases that differ only in what A offers B and B's answer
// (nothing; the very trading post A gives C, accepted, which would be
// carried out first and leave C's gift refused; another one, accepted),
// C's bot answers A's gift to C alike: an offer between two others and
// its answer never reach the bot's worlds (Redeal).
func TestBotAnswersOnlyWhatItSees(t *testing.T) {
	e := New()
	setup := `{"year": 2, "collusion": true, "initiative": ["A", "B", "C"], "players": {"A": {"owns": ["TP-02a", "TP-09a", "R9"]}, "B": {"owns": ["W-15a"]}, "C": {"owns": ["TP-09b"]}}}`
	base, err := e.Setup(engine.Config{Players: []string{"A", "B", "C"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("bot twins"), 0))
	if err != nil {
		t.Fatal(err)
	}
	send := func(s engine.State, player string, file []any) engine.State {
		items, err := orders.ParseLogged(mustJSON(t, file))
		if err != nil {
			t.Fatal(err)
		}
		out, err := e.ApplyOpen(e.Clone(s), player, items)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	gift := map[string]any{"to": "C", "give": []any{"TP-02a"}}
	var got []string
	for _, other := range []string{"", "TP-02a", "TP-09a"} {
		s := send(base, "A", []any{map[string]any{"offer": gift}})
		if other != "" {
			s = send(base, "A", []any{map[string]any{"offer": []any{gift, map[string]any{"to": "B", "give": []any{other}}}}})
			s = send(s, "B", []any{map[string]any{"accept": "A"}})
		}
		items := e.BotOrders(s, "C", engine.NewBotRand([]byte("bot twins"), 1, 0, "C"))
		if err := e.Check(s, "C", items); err != nil {
			t.Fatalf("the bot's answer is refused: %v", err)
		}
		got = append(got, itemsText(items))
	}
	if got[0] != got[1] || got[1] != got[2] {
		t.Errorf("C's bot answers depend on A's offer to B:\n%s", strings.Join(got, "\n"))
	}
	if !strings.Contains(got[0], "accept") {
		t.Errorf("C's bot does not accept A's gift:\n%s", got[0])
	}
}
