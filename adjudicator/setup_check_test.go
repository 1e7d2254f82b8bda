package adjudicator_test

import (
	"strings"
	"testing"

	"taipan/adjudicator"
)

// A new Shanghai Trader game set up after a winter without the year's
// Shipping Table roll is refused, with the set-up's line: its next
// Shipping Phase would spend a die unannounced. With ship_roll it is
// taken.
func TestCheckCampaignShipRoll(t *testing.T) {
	campaign := func(extra string) *adjudicator.Campaign {
		t.Helper()
		c, err := adjudicator.ParseCampaign([]byte("id: st-1\ngame: shanghai-trader\nplayers: [alice, bob, carol]\nsetup:\n  year: 2\n  season: spring\n  dice: [3, 4]\n" + extra))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	random := func(n int) ([]byte, error) { return make([]byte, n), nil }
	_, _, err := adjudicator.CheckCampaign(goldenRegistry(), campaign(""), random)
	if err == nil || !strings.Contains(err.Error(), "ship_roll") || !strings.Contains(err.Error(), "would spend the first of dice (3)") || !strings.Contains(err.Error(), "line ") {
		t.Errorf("a spring set-up without ship_roll: %v", err)
	}
	if _, _, err := adjudicator.CheckCampaign(goldenRegistry(), campaign("  ship_roll: 5\n"), random); err != nil {
		t.Errorf("a spring set-up with ship_roll refused: %v", err)
	}
}
