package shanghaitrader

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/orders"
)

// benchSeason is a spring of year 3 with six players in the city, ships
// arriving, owners and passports, and each player's order file.
func benchSeason(b *testing.B) (*State, []engine.Submission) {
	e := New()
	setup := `{"year": 3, "season": "spring", "ship_roll": 5, "initiative": ["a", "b", "c", "d", "e", "f"],
	  "players": {"a": {"at": "TP-02a", "owns": ["TP-02a", "TP-02b", "W-15a", "F-16a"], "cash": 150},
	              "b": {"at": "TP-03a", "owns": ["TP-03a", "TP-03b", "R3", "TP-04a", "R4", "W-17b"]},
	              "c": {"at": "OPIUM", "hooked": true, "shanghaied": true},
	              "d": {"at": "AIRFIELD", "passport": true, "bodyguards": 1, "bank": 150},
	              "e": {"at": "W-16a", "owns": ["TP-09a", "R9", "TP-12a", "R12"], "bids": {"warehouse": 20}},
	              "f": {"at": "W-17a", "owns": ["F-17a", "TP-08a", "R8", "TP-10a", "TP-10b"]}}}`
	as, err := e.Setup(engine.Config{Players: []string{"a", "b", "c", "d", "e", "f"}, Options: json.RawMessage(`{}`), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("bench"), 0))
	if err != nil {
		b.Fatal(err)
	}
	files := map[string]string{
		"a": "- move: [Kiangse Road if TP-03a unowned, The Bund]\n- deposit: all but 40\n- buy: [any if cash >= 60]\n- reroll: 1",
		"b": "- move: [auto Great Orient]\n- docks: [Pootung Wharves, Hongkew Wharves]\n- allow: {Great Orient: [a]}",
		"c": "- move: [Nanking Road, auto Consulates]\n- hire: {assassin: [d]}",
		"d": "- move: escape\n- bodyguards: [3, 2]",
		"e": "- move: Yangtszepoo Wharves\n- fan-tan: 20\n- buy: [warehouse, factory]",
		"f": "- move: [Pootung Wharves]\n- sell: [TP-10b]\n- bid: {any: 10}",
	}
	return state(as), submissions(b, files)
}

// BenchmarkSeason resolves one Seasonal Turn of six players, each order
// file read once as the host reads it at a close, on a copy of the state
// as the host resolves one.
func BenchmarkSeason(b *testing.B) {
	s, subs := benchSeason(b)
	benchResolve(b, s, subs)
}

// benchResolve reads the order files and resolves the step of a copy of
// s with their readings.
func benchResolve(b *testing.B, s *State, subs []engine.Submission) {
	e := New()
	b.ReportAllocs()
	n := 0
	read := make([]engine.Submission, len(subs))
	for b.Loop() {
		n++
		for i, sub := range subs {
			reading, err := e.Read(s, sub.Player, sub.Items)
			if err != nil {
				b.Fatal(err)
			}
			read[i] = engine.Submission{Player: sub.Player, Items: sub.Items, Reading: reading}
		}
		if _, _, err := e.Resolve(s.clone(), read, engine.NewRand([]byte("bench"), n)); err != nil {
			b.Fatal(err)
		}
	}
}

// benchRackets is a spring of year 3 of the advanced game with six
// players, every racket controlled, the police, monks and marines
// deployed, the minder leased, ships arriving, the Roulette Rouble, and
// each player's order file hiring contractors: thug, mugger, Tongs,
// courtesan, customs raid, Lido Courtesan, spy, and the monks' extortion.
func benchRackets(b *testing.B) (*State, []engine.Submission) {
	e := New()
	setup := `{"year": 3, "season": "spring", "ship_roll": 6, "initiative": ["a", "b", "c", "d", "e", "f"],
	  "nationalities": {"a": "American", "b": "British", "c": "French", "d": "White Russian", "e": "German", "f": "Japanese"},
	  "police": ["Nanking Road", "Kiangse Road", "Honan Road"], "monks": ["Racecourse", "Avenue Joffre"],
	  "marines": ["W-17a", "F-17a"], "minder": "a", "dice": [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3],
	  "players": {"a": {"at": "R2", "owns": ["TP-02a", "TP-02b", "R2", "W-15a", "F-16b"], "cash": 150, "fees": {"commission": 5}, "offer": {"lido": 10}},
	              "b": {"at": "R1", "owns": ["R1", "TP-03a", "TP-03b", "R3", "W-16a", "F-16a", "TP-04a", "R4"], "ask": {"customs": 20}},
	              "c": {"at": "R10", "owns": ["TP-10a", "TP-10b", "R10", "TP-09a", "R9"], "roulette": 20, "refund": {"roulette": 50}},
	              "d": {"at": "R11", "owns": ["TP-11a", "R11", "TP-05a", "R5"], "fees": {"gala": {"any": 10}}},
	              "e": {"at": "R6", "owns": ["TP-06a", "R6", "TP-07a", "R7", "W-18a"], "roulette": 30},
	              "f": {"at": "R12", "owns": ["TP-12a", "R12", "W-17a", "F-17a", "TP-08a", "R8"], "credit": {"to": {"c": 50}}}}}`
	as, err := e.Setup(engine.Config{Players: []string{"a", "b", "c", "d", "e", "f"}, Options: json.RawMessage(`{"advanced": true}`), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("bench"), 0))
	if err != nil {
		b.Fatal(err)
	}
	files := map[string]string{
		"a": "- move: stay\n- deposit: 50\n- hire: {mugger: [e, any]}",
		"b": "- move: stay\n- raid: [W-18a, W-15a]\n- docks: [Pootung Wharves, Hongkew Wharves]\n- hire: {thug: TP-06a}",
		"c": "- move: Old Chinatown\n- tongs: [F-16a]\n- courtesan: [W-16a]\n- credit: {from: {f: 50}}",
		"d": "- move: stay\n- lido: [a]\n- hire: [{thug: TP-10a}]",
		"e": "- move: Nanking Road\n- spy: [b]\n- hire: {mugger: [c, any]}",
		"f": "- move: stay\n- lend: {a: 10}\n- hire: {thug: TP-03a}",
	}
	return state(as), submissions(b, files)
}

// BenchmarkSeasonRackets resolves benchRackets' Seasonal Turn with every
// racket in play, as BenchmarkSeason does (the goal is under a
// millisecond).
func BenchmarkSeasonRackets(b *testing.B) {
	s, subs := benchRackets(b)
	benchResolve(b, s, subs)
}

// BenchmarkFullGame plays whole 6-player campaigns with random legal
// orders, each file read as the host reads it at a close and its reading
// handed to Resolve; it reports campaigns a second as games/s.
func BenchmarkFullGame(b *testing.B) {
	e := New()
	players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}
	b.ReportAllocs()
	games := 0
	start := time.Now()
	for b.Loop() {
		r := rand.New(rand.NewPCG(uint64(games), 9))
		seed := fmt.Sprint("bench ", games)
		as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(`{}`), Setup: json.RawMessage(`null`)}, engine.NewRand([]byte(seed), 0))
		if err != nil {
			b.Fatal(err)
		}
		s := state(as)
		for step := 1; !s.Over; step++ {
			var subs []engine.Submission
			for _, name := range e.Status(s).Pending {
				items := randomOrders(s, s.seat(name), r)
				reading, err := e.Read(s, name, items)
				if err != nil {
					b.Fatal(err)
				}
				subs = append(subs, engine.Submission{Player: name, Items: items, Reading: reading})
			}
			ns, _, err := e.Resolve(s, subs, engine.NewRand([]byte(seed), step))
			if err != nil {
				b.Fatal(err)
			}
			s = state(ns)
		}
		games++
	}
	b.ReportMetric(float64(games)/time.Since(start).Seconds(), "games/s")
}

// benchOptions are the options of tenYearLog's campaign: the advanced
// game of 10 years without sudden death, from a random position of year 2
// with every racket held.
const benchOptions = `{"advanced": true, "sudden_death": false, "length": 10}`

// tenYearLog writes a 10-year 6-player campaign of the advanced game to
// a fresh store, every player mailing random legal orders each step, and
// returns the store and the game's id.
func tenYearLog(b *testing.B) (*events.Store, string) {
	st, err := events.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	reg := adjudicator.NewRegistry(New())
	h := &adjudicator.Host{Store: st, Games: reg}
	ctx := context.Background()
	c, err := adjudicator.ParseCampaign([]byte(`id: st-bench
game: shanghai-trader
options: ` + benchOptions + `
players: [{name: ann}, {name: ben}, {name: cat}, {name: dan}, {name: eve}, {name: fay}]
seed: ` + benchSeed + `
setup: ` + benchSetup() + `
`))
	if err != nil {
		b.Fatal(err)
	}
	ng, err := h.Create(ctx, c)
	if err != nil {
		b.Fatal(err)
	}
	g := ng.Game
	e := New()
	r := rand.New(rand.NewPCG(1, 2))
	for !g.Status.Finished {
		s := state(g.State)
		for _, p := range g.Awaiting() {
			// ann keeps to the Consulates, so that the campaign runs all
			// its years.
			items := e.Default(s, p)
			if p != "ann" {
				items = arrivingOrders(e, s, p, r)
			}
			rec, err := h.Submit(ctx, &orders.Envelope{Game: g.ID, Player: p, Token: ng.Tokens[p], Step: g.Step, Orders: items}, adjudicator.SubmitOptions{})
			if err != nil {
				b.Fatal(err)
			}
			g = rec.Game
		}
	}
	// Years 2 to 10: 36 Seasonal Turns and 8 Collusion Phases.
	if g.Step != 45 {
		b.Fatalf("the campaign lasted %d steps, not 44", g.Step-1)
	}
	return st, g.ID
}

// arrivingOrders are random legal orders for p less those the host
// refuses on arrival (CheckArrival: orders that can never apply from where
// p is, which the close would have left undone), so that the campaign
// plays as it did before the host refused them; the random stream is
// drawn as before.
func arrivingOrders(e Engine, s *State, p string, r *rand.Rand) []orders.Item {
	items := randomOrders(s, s.seat(p), r)
	for range len(items) + 1 {
		err := e.CheckArrival(s, p, items)
		if err == nil {
			return items
		}
		var list orders.List
		var one *orders.Error
		bad := map[string]bool{}
		switch {
		case errors.As(err, &list):
			for _, x := range list {
				bad[x.Field] = true
			}
		case errors.As(err, &one):
			bad[one.Field] = true
		}
		kept := items[:0:0]
		for _, it := range items {
			if !bad[it.Field()] {
				kept = append(kept, it)
			}
		}
		if len(kept) == len(items) {
			break
		}
		items = kept
	}
	return e.Default(s, p)
}

// benchSeed is the seed of tenYearLog's campaign.
const benchSeed = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed"

// BenchmarkReplayAdvancedCampaign is the replay and audit of a 10-year
// 6-player campaign of the advanced game from its log (Audit: the chain,
// every step's orders read, resolved and digested), against reading its
// rows from the store, timed in the same run: x-read is the ratio (the
// goal is at most 3).
func BenchmarkReplayAdvancedCampaign(b *testing.B) {
	st, id := tenYearLog(b)
	adjtest.ReplayLog(b, adjudicator.NewRegistry(New()), st, id)
}

// BenchmarkCheck checks the six order files of benchSeason.
func BenchmarkCheck(b *testing.B) {
	e := New()
	s, subs := benchSeason(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, sub := range subs {
			if err := e.Check(s, sub.Player, sub.Items); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkDigest hashes the state of benchSeason, as every closed step
// does.
func BenchmarkDigest(b *testing.B) {
	s, _ := benchSeason(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := adjudicator.Digest(s); err != nil {
			b.Fatal(err)
		}
	}
}

// benchSetup is the position tenYearLog's campaign starts from.
func benchSetup() string {
	return randomSetup([]string{"ann", "ben", "cat", "dan", "eve", "fay"}, rand.New(rand.NewPCG(7, 7)))
}

// submissions reads the order files of players a to f.
func submissions(b *testing.B, files map[string]string) []engine.Submission {
	var subs []engine.Submission
	for _, p := range []string{"a", "b", "c", "d", "e", "f"} {
		items, err := orders.ParseList([]byte(files[p]))
		if err != nil {
			b.Fatal(err)
		}
		subs = append(subs, engine.Submission{Player: p, Items: orders.Renumber(items)})
	}
	return subs
}
