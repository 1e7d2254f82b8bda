package adjudicator_test

import (
	"math"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/adjudicator/sackson"
	"taipan/adjudicator/singapore"
	"taipan/adjudicator/trader"
)

// An arena plays every game to its end, every seat kind from every seat:
// the wins of all rows add up to the games played (each game has its
// winners, a shared win split among them), and the same seed gives the
// same rows.
func TestArenaPlaysEveryGameToItsEnd(t *testing.T) {
	for _, c := range []struct {
		name  string
		arena func() ([]adjudicator.ArenaRow, error)
		seats int
	}{
		{"trader 3", func() ([]adjudicator.ArenaRow, error) {
			return adjudicator.Arena(trader.Engine{}, adjudicator.ArenaConfig{Games: 30, Seats: []string{"random", "defaults", "random"}, Seed: []byte("arena")})
		}, 3},
		{"trader 4 (teams)", func() ([]adjudicator.ArenaRow, error) {
			return adjudicator.Arena(trader.Engine{}, adjudicator.ArenaConfig{Games: 20, Seats: []string{"random", "defaults", "random", "defaults"}, Seed: []byte("arena")})
		}, 4},
		{"singapore", func() ([]adjudicator.ArenaRow, error) {
			return adjudicator.Arena(singapore.Engine{}, adjudicator.ArenaConfig{Games: 20, Seats: []string{"random", "random", "defaults"}, Seed: []byte("arena")})
		}, 3},
		{"sackson", func() ([]adjudicator.ArenaRow, error) {
			return adjudicator.Arena(sackson.Engine{}, adjudicator.ArenaConfig{Games: 20, Seats: []string{"defaults", "random", "random"}, Seed: []byte("arena")})
		}, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			rows, err := c.arena()
			if err != nil {
				t.Fatal(err)
			}
			again, err := c.arena()
			if err != nil {
				t.Fatal(err)
			}
			wins, seats := 0.0, 0
			for i, r := range rows {
				if r.Unfinished > 0 {
					t.Errorf("%s: %d games unfinished", r.Kind, r.Unfinished)
				}
				if r != again[i] {
					t.Errorf("the same seed gives %v, then %v", r, again[i])
				}
				if !strings.HasPrefix(r.String(), r.Kind+" games ") {
					t.Errorf("row %q", r.String())
				}
				wins += r.Wins
				seats += r.Games
			}
			games := seats / c.seats
			// A team's win counts once per member.
			perGame := 1.0
			if c.seats == 4 {
				perGame = 2
			}
			if math.Abs(wins-perGame*float64(games)) > 1e-9 {
				t.Errorf("%v wins over %d games: %v", wins, games, rows)
			}
		})
	}
}

// An arena refuses what it cannot play, saying what it takes.
func TestArenaRefusesUnknownSeats(t *testing.T) {
	_, err := adjudicator.Arena(trader.Engine{}, adjudicator.ArenaConfig{Games: 1, Seats: []string{"random", "genius"}})
	if err == nil || !strings.Contains(err.Error(), `"genius"`) || !strings.Contains(err.Error(), "random") {
		t.Errorf("unknown seat kind: %v", err)
	}
}
