package trader

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator"
)

// arenaGames is how many games each arena of TestBotArena plays:
// TRADER_ARENA_GAMES when set (the figures are of 1,000 games),
// else few enough for go test on a busy machine.
func arenaGames(t *testing.T) int {
	if v := os.Getenv("TRADER_ARENA_GAMES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("TRADER_ARENA_GAMES=%q is not a number of games", v)
		}
		return n
	}
	if testing.Short() {
		return 6
	}
	return 16
}

// The bot wins at least twice its fair share against random players and
// against players on the defaults, at every player count: two thirds of
// the games with three players, half with four (two teams: the bot and a
// partner of the other kind against two of them), and with two players,
// where twice the share is every game, nineteen in twenty. Without
// TRADER_ARENA_GAMES only a few games of some arenas are played, with a
// margin for their luck; with it, every arena, with a margin of 2 points.
func TestBotArena(t *testing.T) {
	games := arenaGames(t)
	full := os.Getenv("TRADER_ARENA_GAMES") != ""
	margin := 2.0
	if !full {
		margin = 20
	}
	for _, seats := range []string{
		"bot,defaults", "bot,random",
		"bot,random,random", "bot,defaults,defaults",
		"bot,random,random,random", "bot,defaults,defaults,defaults",
	} {
		kinds := strings.Split(seats, ",")
		if !full && (seats == "bot,random" || seats == "bot,defaults,defaults" || seats == "bot,defaults,defaults,defaults") {
			continue
		}
		t.Run(seats, func(t *testing.T) {
			rows, err := adjudicator.Arena(New(), adjudicator.ArenaConfig{Games: games, Seats: kinds, Seed: []byte("trader arena")})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				t.Logf("%s", r)
			}
			want := 200 / float64(len(kinds))
			if len(kinds) == 2 {
				want = 95
			}
			if rows[0].Kind != adjudicator.SeatBot || rows[0].Share < want-margin {
				t.Fatalf("the bot won %.1f%% of %d games; it should win %.0f%%", rows[0].Share, rows[0].Games, want)
			}
		})
	}
}
