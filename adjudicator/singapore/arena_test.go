package singapore

import (
	"os"
	"strconv"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
)

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
// players on the defaults, with three seats and with six. The issue's
// goal is twice the fair share over 1,000 games (TestBotArenaFull, which
// measured 87%, 67%, 69% and 48% for these four); these smaller arenas
// hold the share with a margin of two to three standard deviations for
// chance.
func TestBotArena(t *testing.T) {
	for _, c := range []struct {
		players int
		other   string
		games   int
		least   float64 // percent
	}{
		{3, adjudicator.SeatRandom, 30, 65},
		{3, adjudicator.SeatDefaults, 30, 45},
		{6, adjudicator.SeatRandom, 12, 35},
		{6, adjudicator.SeatDefaults, 12, 17},
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
// SINGAPORE_ARENA_PLAYERS=3 and SINGAPORE_ARENA_AGAINST=defaults play
// one of them.
func TestBotArenaFull(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("SINGAPORE_ARENA_GAMES"))
	if games <= 0 {
		t.Skip("set SINGAPORE_ARENA_GAMES to play the full arenas")
	}
	only, _ := strconv.Atoi(os.Getenv("SINGAPORE_ARENA_PLAYERS")) // one player count
	against := os.Getenv("SINGAPORE_ARENA_AGAINST")               // one seat kind
	for n := data.MinPlayers; n <= data.MaxPlayers; n++ {
		if only != 0 && n != only {
			continue
		}
		for _, other := range []string{adjudicator.SeatRandom, adjudicator.SeatDefaults} {
			if against != "" && other != against {
				continue
			}
			r := arenaShare(t, New(), games, n, other)
			goal := 200 / float64(n)
			t.Logf("%d players, bot among %s: share %.1f%%, goal %.1f%%, met %v", n, other, r.Share, min(goal, 100), r.Share >= goal)
		}
	}
}
