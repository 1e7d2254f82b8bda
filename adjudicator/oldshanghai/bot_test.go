package oldshanghai

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// The bot's orders pass Check for every player the step waits for, in
// every position of many games; the same stream gives the same orders,
// and the state is left alone.
func TestBotOrdersLegal(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	for n := 2; n <= 6; n++ {
		for i, s := range positions(t, n, games) {
			if i%2 == 1 {
				continue
			}
			adjtest.BotOrdersLegal(t, New(), s, []byte(fmt.Sprint("legal", n, i)))
		}
	}
}

// The bot's strength, one bot among random players and among players on
// the defaults: with three players and six (100 and 50 games) by
// default; with OLDSHANGHAI_ARENA_GAMES=1000, the figures of doc.go, at
// every player count. Among random players it wins at least twice its
// fair share (2/n; with two players, three games in four). Players on
// the defaults never finish a Shanghai!, so a game among them mostly
// ends at the stalemate, the win shared by every sailor still in: there
// the bot, never eliminated, must win a quarter more than its fair share
// in these few games (the 2/n, which it reaches over 1,000 games
// with three and four players only; see doc.go).
func TestBotArena(t *testing.T) {
	adjtest.BotArena{
		Engine: New(), Env: "OLDSHANGHAI_ARENA_GAMES",
		Counts: []int{3, 6}, AllCounts: []int{2, 3, 4, 5, 6},
		Games: func(n int) int { return 300 / n },
		Goal: func(n int, kind string) float64 {
			if kind == "defaults" {
				return 125 / float64(n)
			}
			return min(200/float64(n), 75)
		},
	}.Run(t)
}

// BenchmarkBotDecision is the time of one decision of the bot, over the
// positions of games of every player count where the bot is asked.
func BenchmarkBotDecision(b *testing.B) {
	e := New()
	type ask struct {
		s      *State
		player string
	}
	var asks []ask
	for n := 2; n <= 6; n++ {
		for _, s := range positions(b, n, 2) {
			for _, p := range e.Status(s).Pending {
				asks = append(asks, ask{s, p})
			}
		}
	}
	i := 0
	for b.Loop() {
		a := asks[i%len(asks)]
		e.BotOrders(a.s, a.player, engine.NewBotRand([]byte("bench"), i, 0, a.player))
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/decision")
}

// oracleBot is the bot told who holds Harbor Police: it finishes only a
// sailor who holds none while there is one. It reads what its seat may
// not see, so it is nobody's bot; BenchmarkBotOracle plays it to measure
// what that knowledge is worth.
type oracleBot struct{ Engine }

// BotOrders plays the bot with the truth for its reckoning of who holds
// Harbor Police.
func (o oracleBot) BotOrders(as engine.State, player string, rng *engine.Rand) []orders.Item {
	s := state(as)
	return o.botOrders(s, player, rng, func(q int) float64 { return float64(min(s.count(q, cPolice), 1)) })
}

// BenchmarkBotOracle plays the arenas the bot falls short in, one bot
// among players on the defaults with five and six seats, with the bot
// and with oracleBot, OLDSHANGHAI_ORACLE_GAMES games each (300 unless
// set; `taipan arena`'s seed), and reports each one's share in percent:
// bot-5-%, oracle-5-%, bot-6-%, oracle-6-%. The oracle's share bounds
// what better reckoning from what the seat sees could win by finishing
// the right sailors. Run it with -benchtime 1x.
func BenchmarkBotOracle(b *testing.B) {
	games := 300
	if v := os.Getenv("OLDSHANGHAI_ORACLE_GAMES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			b.Fatalf("OLDSHANGHAI_ORACLE_GAMES=%q: %v", v, err)
		}
		games = n
	}
	shares := map[string]float64{}
	for b.Loop() {
		for _, n := range []int{5, 6} {
			seats := append([]string{adjudicator.SeatBot}, slices.Repeat([]string{adjudicator.SeatDefaults}, n-1)...)
			for _, bot := range []struct {
				name string
				e    engine.Engine
			}{{"bot", New()}, {"oracle", oracleBot{New()}}} {
				rows, err := adjudicator.Arena(bot.e, adjudicator.ArenaConfig{Games: games, Seats: seats, Seed: []byte("arena")})
				if err != nil {
					b.Fatal(err)
				}
				shares[fmt.Sprintf("%s-%d-%%", bot.name, n)] = rows[0].Share
			}
		}
	}
	for k, v := range shares {
		b.ReportMetric(v, k)
	}
}
