package singapore

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// twins are two games that differ only in alice's hidden dealt card and
// her Merchant card (and so in the deck's middle and the undealt Merchant
// cards, which nobody sees); everybody plays the defaults.
func twins(t *testing.T, e engine.Engine) adjtest.Twins {
	t.Helper()
	game := func(card, merchant string) engine.State {
		setup := `{"first": "alice", "types": ["Silk", "Tea", "Spices", "Salted Fish", "Joss Paper"],
			"river": ["Silk/U", "Tea/U", "Spices/U", "Joss Paper/U"], "ss": 4,
			"hands": {"alice": ["` + card + `"], "bob": ["Tea/M"], "carol": ["Spices/M"], "dave": ["Joss Paper/M"]},
			"seized": ["Silk/U", "Tea/U"],
			"deck": ["Salted Fish/U", "Joss Paper/U", "Spices/U", "Salted Fish/U", "Silk/U", "Joss Paper/U", "Salted Fish/U", "Spices/U",
				"Joss Paper/U", "Silk/U", "Salted Fish/U", "Tea/U", "Joss Paper/U", "Spices/U", "Salted Fish/U", "Silk/U"],
			"rest": true, "bottom": ["Spices/U", "Tea/U"],
			"merchants": {"alice": "` + merchant + `", "bob": "Elite Huang", "carol": "Calculating Wang", "dave": "Lackey Zhang"}}`
		s, err := e.Setup(engine.Config{Players: []string{"alice", "bob", "carol", "dave"}, Options: json.RawMessage(`{"influential-figures": true}`), Setup: json.RawMessage(setup)}, engine.NewRand([]byte("twins"), 0))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	return adjtest.Twins{
		Engine: e, Players: []string{"alice", "bob", "carol", "dave"}, Hidden: "alice",
		A: game("Tea/M", "Resourceful Lin"), B: game("Silk/M", "Collector Lee"),
		Orders: make([]map[string][]orders.Item, 9),
	}
}

// Two games that differ only in alice's hidden card and Merchant card look
// the same to everybody else while everybody plays the defaults (issue 11:
// "Singapore 1889's default take for a missing player maximises their
// total using their hidden dealt card and Merchant card").
func TestHiddenCardsAreHidden(t *testing.T) {
	twins(t, New()).SameForOthers(t)
}

// Under singapore-1889/1 the default take used them: the others could
// tell the twins apart.
func TestHiddenCardsLeakedUnderVersion1(t *testing.T) {
	if twins(t, New().AtVersion("singapore-1889/1")).Diff(t) == nil {
		t.Fatal("the singapore-1889/1 twins look the same; the test would not catch the leak")
	}
}

// The acknowledgement says what the file leaves to the defaults.
func TestFills(t *testing.T) {
	e := New()
	s, err := e.Setup(engine.Config{Players: []string{"alice", "bob"}, Options: json.RawMessage(`{}`),
		Setup: json.RawMessage(`{"first": "alice", "types": ["Silk", "Tea", "Joss Paper"], "river": ["Silk/U", "Tea/U", "Joss Paper/U", "Tea/M"], "ss": 1, "hands": {"alice": ["Tea/M"], "bob": ["Silk/M"]}, "rest": true}`)}, engine.NewRand([]byte("x"), 0))
	if err != nil {
		t.Fatal(err)
	}
	adjtest.Fills(t, e, s, "alice", map[string][]string{
		"[take: 1]":                       {"move: not given: the Secret Society card goes above the leftmost other card, slot 2 (Tea/U).", "silk: not given: Silk sends the leftmost River card, slot 2 (Tea/U), to the bottom of the deck.", "plan: not given: your next turn waits for your orders."},
		"[take: 3, plan: {take: [Silk]}]": {"joss-paper: not given: Joss Paper seizes the drawn card that raises your running total as everybody can work it out", "plan: leaves out move, silk, joss-paper, salted-fish, spices, tea and porcelain"},
		"[take: 2, tea: none, plan: {take: [any], move: [1], silk: [1], joss-paper: [Silk], salted-fish: seize, spices: top, tea: none, porcelain: none}]": nil,
	})
}
