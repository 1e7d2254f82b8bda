package singapore

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// tunedBot is the engine with another bot search, for measuring one.
type tunedBot struct {
	Engine
	search botSearch
}

func (t tunedBot) BotOrders(s engine.State, player string, rng *engine.Rand) []orders.Item {
	return t.search.orders(t.Engine, s, player, rng)
}

func TestArenaExplore(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("SG_EXPLORE"))
	if games == 0 {
		t.Skip()
	}
	b := defaultSearch()
	if v, err := strconv.Atoi(os.Getenv("SG_STEPS")); err == nil {
		b.steps = v
	}
	if v, err := strconv.Atoi(os.Getenv("SG_WORLDS")); err == nil {
		b.worlds = v
	}
	if v, err := strconv.Atoi(os.Getenv("SG_MARGIN")); err == nil {
		b.margin = float64(v) / 1000
	}
	seats := strings.Split(os.Getenv("SG_SEATS"), ",")
	rows, err := adjudicator.Arena(tunedBot{New(), b}, adjudicator.ArenaConfig{Games: games, Seats: seats, Seed: []byte("explore")})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		t.Log(r)
	}
}

// arenaShare plays an arena of the bot against seats of one kind (the
// bot first, rotating through the seats) and returns the bot's row.
func arenaShare(t *testing.T, e engine.Engine, games, players int, other string) adjudicator.ArenaRow {
	t.Helper()
	seats := []string{adjudicator.SeatBot}
	for len(seats) < players {
		seats = append(seats, other)
	}
	rows, err := adjudicator.Arena(e, adjudicator.ArenaConfig{Games: games, Seats: seats, Seed: []byte("singapore arena")})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		t.Logf("%d players, bot among %s: %s", players, other, r)
	}
	if rows[0].Kind != adjudicator.SeatBot || rows[0].Unfinished > 0 {
		t.Fatalf("the bot's row: %+v", rows[0])
	}
	return rows[0]
}

// The bot wins well over its fair share among random players and among
// players on the defaults, with three seats and with six (the issue's
// goal is twice the fair share over 1,000 games; these smaller arenas
// hold the share with a margin for chance).
func TestBotArena(t *testing.T) {
	for _, c := range []struct {
		players int
		other   string
		games   int
		least   float64 // percent
	}{
		{3, adjudicator.SeatRandom, 30, 75},
		{3, adjudicator.SeatDefaults, 30, 55},
		{6, adjudicator.SeatRandom, 12, 45},
		{6, adjudicator.SeatDefaults, 12, 30},
	} {
		games := c.games
		if testing.Short() {
			games /= 3
		}
		if r := arenaShare(t, New(), games, c.players, c.other); r.Share < c.least {
			t.Errorf("%d players among %s: the bot wins %.1f%% of %d games, want at least %.0f%%", c.players, c.other, r.Share, r.Games, c.least)
		}
	}
}

// SINGAPORE_ARENA_GAMES=1000 go test -run TestBotArenaFull -timeout 3h
// plays the arenas: the bot among random players and among
// players on the defaults, at every player count (2 to 6), and says how
// its share compares with the goal, twice the fair share (2/n).
func TestBotArenaFull(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("SINGAPORE_ARENA_GAMES"))
	if games <= 0 {
		t.Skip("set SINGAPORE_ARENA_GAMES to play the full arenas")
	}
	only, _ := strconv.Atoi(os.Getenv("SINGAPORE_ARENA_PLAYERS"))
	for n := data.MinPlayers; n <= data.MaxPlayers; n++ {
		if only != 0 && n != only {
			continue
		}
		for _, other := range []string{adjudicator.SeatRandom, adjudicator.SeatDefaults} {
			r := arenaShare(t, New(), games, n, other)
			goal := 200 / float64(n)
			t.Logf("%d players, bot among %s: share %.1f%%, goal %.1f%%, met %v", n, other, r.Share, min(goal, 100), r.Share >= goal)
		}
	}
}
