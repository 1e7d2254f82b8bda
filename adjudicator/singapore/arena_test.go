package singapore

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator"
)

func TestArenaExplore(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("SG_EXPLORE"))
	if games == 0 {
		t.Skip()
	}
	seats := strings.Split(os.Getenv("SG_SEATS"), ",")
	rows, err := adjudicator.Arena(New(), adjudicator.ArenaConfig{Games: games, Seats: seats, Seed: []byte("explore")})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		t.Log(r)
	}
}
