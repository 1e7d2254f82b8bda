package shanghaitrader

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator"
)

// botArenaOptions are the campaign options the arena plays: a campaign of
// 4 years (§11.3) instead of 10 or 8, so that a thousand games take
// minutes; it has every phase of the long one (the first year, a year
// with shipping, events and the Collusion Phase, and the last year).
// SHANGHAI_ARENA_OPTIONS replaces them (`{}` plays the basic length).
const botArenaOptions = `{"length": 4}`

// The bot wins at least twice its fair share among random players and
// among players on the defaults, with three players and with six (the
// issue's goal; ties count as shared wins), here over a small arena with
// a margin. SHANGHAI_ARENA_GAMES=1000 plays the thousand games
// per seat set and logs the rows; SHANGHAI_ARENA_SEATS chooses the seat
// sets (separated by ";").
func TestBotArena(t *testing.T) {
	games, big := 30, false
	if testing.Short() {
		games = 10
	}
	if n, err := strconv.Atoi(os.Getenv("SHANGHAI_ARENA_GAMES")); err == nil && n > 0 {
		games, big = n, true
	}
	opts := botArenaOptions
	if o := os.Getenv("SHANGHAI_ARENA_OPTIONS"); o != "" {
		opts = o
	}
	sets := []string{
		"bot,random,random",
		"bot,defaults,defaults",
		"bot,random,random,random,random,random",
		"bot,defaults,defaults,defaults,defaults,defaults",
	}
	if o := os.Getenv("SHANGHAI_ARENA_SEATS"); o != "" {
		sets = strings.Split(o, ";")
	}
	for _, seats := range sets {
		kinds := strings.Split(seats, ",")
		n := games
		if len(kinds) == 6 && !big {
			n = games * 2 / 3
		}
		rows, err := adjudicator.Arena(New(), adjudicator.ArenaConfig{Games: n, Seats: kinds, Options: json.RawMessage(opts), Seed: []byte("shanghai arena")})
		if err != nil {
			t.Fatal(err)
		}
		var line []string
		for _, r := range rows {
			line = append(line, r.String())
		}
		t.Logf("%s %s: %s", opts, seats, strings.Join(line, "; "))
		bot := rows[0]
		// Twice the fair share, and a margin for a small arena.
		goal := 200 / float64(len(kinds))
		if !big {
			goal += 10
		}
		if bot.Kind != adjudicator.SeatBot || bot.Share < goal {
			t.Errorf("%s: the bot wins %.1f%% of its games, not %.0f%%", seats, bot.Share, goal)
		}
		if bot.Unfinished > 0 {
			t.Errorf("%s: %d games unfinished", seats, bot.Unfinished)
		}
	}
}
