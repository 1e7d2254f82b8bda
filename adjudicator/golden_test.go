package adjudicator_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/adjudicator/oldshanghai"
	"taipan/adjudicator/sackson"
	"taipan/adjudicator/shanghaitrader"
	"taipan/adjudicator/singapore"
	"taipan/adjudicator/trader"
	"taipan/events"
	"taipan/events/pgtest"
	"taipan/orders"
)

// goldenStart is the clock of the golden games.
var goldenStart = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

var update = flag.Bool("update", false, "rewrite the golden logs and reports in testdata/golden")

// goldenGames are played by a fixed script with a fixed clock; their logs and
// every report of every step are kept in testdata/golden.
var goldenGames = []struct {
	name     string
	campaign string
}{
	{"trader-2p", `id: golden-2p
game: trader
options: {sets: 2}
players: [{name: alice, email: alice@example.test}, {name: bob, email: bob@example.test}]
seed: golden two
deadline: 72h
`},
	{"trader-3p", `id: golden-3p
game: trader
players: [{name: alice}, {name: bob}, {name: carol}]
seed: golden three
`},
	{"trader-4p", `id: golden-4p
game: trader
players: [{name: alice}, {name: bob}, {name: carol}, {name: dave}]
seed: golden four
`},
	{"shanghai-4p", `id: golden-sh
game: shanghai
players: [{name: alice}, {name: bob}, {name: carol}, {name: dave}]
seed: golden shanghai
`},
	{"singapore-4p", `id: golden-sg
game: singapore-1889
options: {ordinance: true, influential-figures: true}
players: [{name: alice}, {name: bob}, {name: carol}, {name: dave}]
seed: golden singapore
`},
	{"old-shanghai-4p", `id: golden-os
game: old-shanghai
players: [{name: alice}, {name: bob}, {name: carol}, {name: dave}]
seed: golden old shanghai
`},
	{"shanghai-trader-6p", `id: golden-st
game: shanghai-trader
players: [{name: alice}, {name: bob}, {name: carol}, {name: dave}, {name: eve}, {name: fay}]
seed: golden shanghai trader
setup:
  players:
    alice: {at: TP-03a, owns: [TP-02a, TP-02b, W-15a, F-16a]}
    bob: {at: TP-02b, owns: [TP-03a, TP-03b, R3, TP-04a, R4, W-17b]}
    carol: {at: OPIUM, hooked: true, shanghaied: true, cash: 60}
    dave: {at: AIRFIELD, passport: true, bodyguards: 1, bank: 150}
    eve: {at: W-16a, owns: [TP-09a, R9, TP-12a, R12]}
    fay: {at: W-17a, owns: [F-17a, TP-08a, R8, TP-10a, TP-10b]}
`},
	{"shanghai-trader-6p-advanced", `id: golden-st-adv
game: shanghai-trader
options: {advanced: true}
players: [{name: alice}, {name: bob}, {name: carol}, {name: dave}, {name: eve}, {name: fay}]
seed: golden shanghai trader advanced
setup:
  year: 2
  nationalities: {alice: American, bob: British, carol: French, dave: White Russian, eve: German, fay: Japanese}
  police: [Nanking Road, Kiangse Road, Honan Road]
  monks: [Racecourse, Avenue Joffre]
  marines: [W-17a, F-17a]
  minder: alice
  lido: eve
  courtesans: {W-16a: eve}
  loans: [{from: fay, to: carol, n: 30}]
  players:
    alice: {at: R2, owns: [TP-02a, TP-02b, R2, W-15a], bank: 100, fees: {commission: 5}}
    bob: {at: R1, owns: [R1, TP-03a, TP-03b, R3, W-16a, F-16a], ask: {customs: 20, courtesan: 10}, offer: {courtesan: 5}}
    dave: {at: R11, owns: [TP-11a, R11, TP-05a, R5], fees: {gala: {any: 10}}}
    eve: {at: R6, owns: [TP-06a, R6, TP-07a, R7], picnic: withdraw if pool >= 60, offer: {lido: 15}, ask: {courtesan: 5}}
    fay: {at: R12, owns: [TP-12a, R12, W-17a, F-17a, TP-08a, R8], credit: {to: {carol: 50}}}
    carol: {at: R10, owns: [TP-10a, TP-10b, R10, TP-09a, R9], roulette: 20, refund: {roulette: 50}, credit: {from: {fay: 50}}}
`},
}

// standingOrders are what the golden script's players send while the game
// does not wait for them, in the games that keep standing orders.
var standingOrders = map[string]string{
	"trader":         "[plan: [sell: best, buy: cheapest]]",
	"singapore-1889": "[plan: {take: [any]}]",
	"old-shanghai":   "[heart: always, police: always, finish: all]",
}

// correction is the game-specific GM action the golden script takes, on
// player p.
func correction(campaign, p string) adjudicator.GMAction {
	if strings.Contains(campaign, "game: singapore-1889") || strings.Contains(campaign, "game: old-shanghai") {
		return adjudicator.GMAction{Action: "remove", Args: []string{p}, Reason: "left the game"}
	}
	return adjudicator.GMAction{Action: "money", Args: []string{p, "+3"}, Reason: "a miscounted sale at the table"}
}

// goldenRegistry holds every game with golden logs.
func goldenRegistry() *adjudicator.Registry {
	return adjudicator.NewRegistry(trader.New(), sackson.New(), singapore.New(), oldshanghai.New(), shanghaitrader.New())
}

// playGolden plays a campaign to the end in a fresh database: every player
// sends the default orders as an order file, with a few GM actions on the
// way, one event per simulated hour. It returns the exported log.
func playGolden(t *testing.T, campaign string, start time.Time) []byte {
	t.Helper()
	return playGoldenAt(t, filepath.Join(t.TempDir(), "golden.db"), campaign, start)
}

// playGoldenAt is playGolden on the store target names (a file, or a
// postgres:// URL).
func playGoldenAt(t *testing.T, target, campaign string, start time.Time) []byte {
	t.Helper()
	st, err := events.Open(target)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	st.Entropy = fixedEntropy(campaign)
	now := start
	h := &adjudicator.Host{Store: st, Games: goldenRegistry(), Now: func() time.Time {
		now = now.Add(time.Hour)
		return now
	}}
	ctx := context.Background()
	c, err := adjudicator.ParseCampaign([]byte(campaign))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := h.Create(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	g := ng.Game
	gmDone := false
	for turn := 0; !g.Status.Finished; turn++ {
		if turn > 500 {
			t.Fatal("the golden game does not end")
		}
		if turn == 3 && !gmDone {
			gmDone = true
			p := g.Names()[1]
			for _, a := range []adjudicator.GMAction{
				{Action: "extend", Args: []string{"24h"}, Reason: "holiday"},
				correction(campaign, p),
			} {
				if a.Action == "extend" && g.Deadline.IsZero() {
					continue
				}
				res, err := h.GM(ctx, g.ID, a)
				if err != nil {
					t.Fatal(err)
				}
				g = res.Game
			}
		}
		if text, ok := standingOrders[g.Engine.Name()]; ok && turn == 5 {
			// A player the step does not wait for sends standing orders.
			for _, p := range g.Names() {
				if g.IsPending(p) || g.Player(p).Removed {
					continue
				}
				items, err := orders.ParseList([]byte(text))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := h.Submit(ctx, &orders.Envelope{Game: g.ID, Player: p, Token: ng.Tokens[p], Orders: items}, adjudicator.SubmitOptions{}); err != nil {
					t.Fatalf("standing orders of %s: %v", p, err)
				}
				break
			}
		}
		for _, p := range g.Awaiting() {
			items := g.Engine.Default(g.State, p)
			r, err := h.Submit(ctx, &orders.Envelope{Game: g.ID, Player: p, Token: ng.Tokens[p], Step: g.Step, Orders: items}, adjudicator.SubmitOptions{})
			if err != nil {
				t.Fatalf("step %d, %s: %v", g.Step, p, err)
			}
			g = r.Game
		}
	}
	evs, err := st.Events(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := events.WriteJSONL(&b, evs); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// fixedEntropy is a random stream fixed by a name, for the salts of a log
// that must be written the same twice.
func fixedEntropy(name string) io.Reader {
	return rand.NewChaCha8(sha256.Sum256([]byte(name)))
}

// withoutHead drops the lines of a report that name the log's chain head,
// whose hash covers the time each event was recorded.
func withoutHead(b []byte) []byte {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(l, "Log head: ") && !strings.HasPrefix(l, "Keep this report: ") {
			out = append(out, l)
		}
	}
	return []byte(strings.Join(out, "\n"))
}

// allReports renders every step's report for every player, the GM and the
// observers, from a log.
func allReports(t *testing.T, reg *adjudicator.Registry, evs []events.Event) []byte {
	t.Helper()
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	full, err := adjudicator.Replay(reg, evs)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for step := 0; step < full.Step; step++ {
		g, err := adjudicator.ReplayUntil(reg, evs, step)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range append(g.Names(), "", engine.Observer) {
			text, err := r.Text(g, p)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "=== step %d, report for %q ===\n%s", step, p, text)
		}
	}
	return b.Bytes()
}

// TestGolden guards determinism: the recorded logs must replay to the
// recorded digests and to the recorded reports byte for byte, and playing
// the same script again must write the same log.
func TestGolden(t *testing.T) {
	reg := goldenRegistry()
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			logPath := filepath.Join("testdata", "golden", gg.name+".jsonl")
			repPath := filepath.Join("testdata", "golden", gg.name+".reports.txt")
			played := playGolden(t, gg.campaign, goldenStart)
			if *update {
				evs, err := events.ReadJSONL(bytes.NewReader(played))
				if err != nil {
					t.Fatal(err)
				}
				os.WriteFile(logPath, played, 0o644)
				os.WriteFile(repPath, allReports(t, reg, evs), 0o644)
			}
			recorded, err := os.ReadFile(logPath)
			if err != nil {
				t.Fatalf("%v (run go test -update to record it)", err)
			}
			if !bytes.Equal(played, recorded) {
				t.Errorf("playing the script again wrote a different log than %s", logPath)
			}
			evs, err := events.ReadJSONL(bytes.NewReader(recorded))
			if err != nil {
				t.Fatal(err)
			}
			g, err := adjudicator.Audit(reg, evs)
			if err != nil {
				t.Fatalf("the golden log no longer replays: %v", err)
			}
			if !g.Status.Finished {
				t.Error("the golden game did not finish")
			}
			wantReports, err := os.ReadFile(repPath)
			if err != nil {
				t.Fatal(err)
			}
			if got := allReports(t, reg, evs); !bytes.Equal(got, wantReports) {
				t.Errorf("reports differ from %s: %s", repPath, firstDiff(got, wantReports))
			}
		})
	}
}

// The same campaign, seed and orders give identical reports in two
// databases, whatever the clock says, but for the chain head, whose hash
// covers the clock.
func TestSameOrdersSameReportsInTwoDatabases(t *testing.T) {
	reg := goldenRegistry()
	campaign := strings.Replace(goldenGames[1].campaign, "golden three", "twin", 1)
	a := playGolden(t, campaign, goldenStart)
	b := playGolden(t, campaign, goldenStart.AddDate(1, 2, 3).Add(17*time.Minute))
	ea, _ := events.ReadJSONL(bytes.NewReader(a))
	eb, _ := events.ReadJSONL(bytes.NewReader(b))
	if ra, rb := withoutHead(allReports(t, reg, ea)), withoutHead(allReports(t, reg, eb)); !bytes.Equal(ra, rb) {
		t.Errorf("reports differ between two databases: %s", firstDiff(ra, rb))
	}
}

func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d: got %q, want %q", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d lines", len(al), len(bl))
}

// BenchmarkGoldenTraderLog replays the golden 2-player Trader log from
// memory (no store: see BenchmarkReplayTraderLongGame for the ratio to
// reading the rows).
func BenchmarkGoldenTraderLog(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "golden", "trader-2p.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	evs, err := events.ReadJSONL(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	reg := goldenRegistry()
	b.ReportMetric(float64(len(evs)), "events")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := adjudicator.Replay(reg, evs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSubmit is one accepted order through the Host, as the CLI and the
// mail gateway make it: authenticate, check, append, resolve the step it
// completes, append the closing. Trader games are played to the end one
// after another, so the log grows as in real play.
func BenchmarkSubmit(b *testing.B) {
	st, err := events.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	h := &adjudicator.Host{Store: st, Games: goldenRegistry()}
	ctx := context.Background()
	var g *adjudicator.Game
	var tokens map[string]string
	games := 0
	b.ReportAllocs()
	for b.Loop() {
		if g == nil || g.Status.Finished {
			games++
			c, err := adjudicator.ParseCampaign([]byte(fmt.Sprintf("id: bench-%d\ngame: trader\nplayers: [{name: alice}, {name: bob}]\n", games)))
			if err != nil {
				b.Fatal(err)
			}
			ng, err := h.Create(ctx, c)
			if err != nil {
				b.Fatal(err)
			}
			g, tokens = ng.Game, ng.Tokens
		}
		p := g.Awaiting()[0]
		r, err := h.Submit(ctx, &orders.Envelope{Game: g.ID, Player: p, Token: tokens[p], Step: g.Step, Orders: g.Engine.Default(g.State, p)}, adjudicator.SubmitOptions{})
		if err != nil {
			b.Fatal(err)
		}
		g = r.Game
	}
}

// On PostgreSQL the same script writes the same log, byte for byte, as on
// SQLite: one contract, one hash chain.
func TestGoldenOnPostgres(t *testing.T) {
	cluster := pgtest.Get(t)
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			onPG := playGoldenAt(t, cluster.NewDatabase(t), gg.campaign, goldenStart)
			recorded, err := os.ReadFile(filepath.Join("testdata", "golden", gg.name+".jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(onPG, recorded) {
				t.Errorf("PostgreSQL wrote another log than SQLite's golden %s", gg.name)
			}
		})
	}
}
