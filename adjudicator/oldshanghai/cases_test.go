package oldshanghai

import (
	"encoding/json"
	"testing"

	"taipan/adjudicator/adjtest"
	"taipan/adjudicator/engine"
)

// TestCases runs the adjudication cases of testdata/*.yaml.
func TestCases(t *testing.T) {
	adjtest.Run(t, New(), "testdata/*.yaml")
}

// TestSetupCounts is OS-T1 over many deals: "Put aside one Shanghai! &
// one Heart of Gold for player ... deal five cards to each player and one
// Heart of Gold. Each player places a Shanghai card back in the deck."
func TestSetupCounts(t *testing.T) {
	e := New()
	for n := 2; n <= 6; n++ {
		for seed := 0; seed < 50; seed++ {
			as, err := e.Setup(engine.Config{Players: []string{"a", "b", "c", "d", "e", "f"}[:n], Options: json.RawMessage(`{}`)}, engine.NewRand([]byte{byte(seed)}, 0))
			if err != nil {
				t.Fatal(err)
			}
			s := as.(*State)
			if len(s.Deck) != 46-5*n || countOf(s.Deck, cShanghai) != n || countOf(s.OutOfPlay, cShanghai) != 6-n || len(s.Discard) != 0 {
				t.Fatalf("%d players: deck %d with %d Shanghai!, %d out of play", n, len(s.Deck), countOf(s.Deck, cShanghai), len(s.OutOfPlay))
			}
			for p := range s.Players {
				if len(s.Players[p].Hand) != 6 || s.count(p, cHeart) < 1 || s.count(p, cShanghai) != 0 {
					t.Fatalf("%d players: hand %v", n, s.Players[p].Hand)
				}
			}
		}
	}
}

// TestCasesVersion2 runs the cases of testdata/v2/*.yaml with the rules of
// old-shanghai/2, which games started with that version keep to their end:
// asked only when holding the card a decision is about, all deck knowledge
// lost when another player puts a Shanghai! back, now: heart taken for yes
// at the Harbor Police question.
func TestCasesVersion2(t *testing.T) {
	adjtest.Run(t, New().AtVersion("old-shanghai/2"), "testdata/v2/*.yaml")
}
