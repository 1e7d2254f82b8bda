package singapore

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"taipan/adjudicator"
)

// scramble changes, for viewer seat me, everything the viewer may not
// know: the other players' hidden hand cards, Merchant cards and plans,
// and every deck card the viewer does not know. The viewer's view must
// not change.
func scramble(s *State, me int) *State {
	c := s.clone()
	other := func(x Card) Card {
		if x == OrdinanceCard {
			return x
		}
		return mkCard((x.Type()+3)%7, !x.Marked())
	}
	for i := range c.Players {
		if i == me {
			continue
		}
		for j, h := range c.Players[i].Hand {
			if !h.Open {
				c.Players[i].Hand[j].Card = other(h.Card)
			}
		}
		if c.Players[i].Merchant != "" {
			c.Players[i].Merchant = "Nobody Known"
		}
		c.Players[i].Plan = &Plan{Take: []Pat{{Slot: 4, Type: -1}}}
	}
	for j, d := range c.Deck {
		if !d.knownTo(me) {
			c.Deck[j].Card = other(d.Card)
		}
	}
	return c
}

// TestViewSecrecy plays random games and checks at every step that no
// player's view depends on what that player may not know, and that it
// names no other player's hidden cards or Merchant card.
func TestViewSecrecy(t *testing.T) {
	e := New()
	variants := []string{`{}`, `{"variants": ["ordinance", "influential-figures"]}`, `{"influential-figures": true}`}
	for g := range 60 {
		n := 2 + g%5
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:n]
		seed := "secret " + strconv.Itoa(g)
		as := setupGame(t, players, variants[g%len(variants)], `null`, seed)
		r := rand.New(rand.NewPCG(uint64(g), 11))
		for step := 1; !e.Status(as).Finished; step++ {
			s := state(as)
			for me, name := range players {
				a, _ := json.Marshal(e.View(s, name))
				b, _ := json.Marshal(e.View(scramble(s, me), name))
				if string(a) != string(b) {
					t.Fatalf("game %d step %d: %s's view depends on hidden data:\n%s\n%s", g, step, name, a, b)
				}
				// Rival Chen's own step at the end is public by nature (SG-X8).
				for q, p := range s.Players {
					if q != me && p.Merchant != "" && s.Phase != phaseChen && strings.Contains(string(a), p.Merchant) {
						t.Fatalf("game %d: %s's view names %s's Merchant card", g, name, p.Name)
					}
				}
				obs, _ := json.Marshal(e.View(s, adjudicator.Observer))
				if strings.Contains(string(obs), `"hand"`) || strings.Contains(string(obs), `"merchant"`) {
					t.Fatalf("the observer's view shows a hand or a Merchant card: %s", obs)
				}
			}
			p := e.Status(as).Pending[0]
			ns, hs, err := e.Resolve(s, []adjudicator.Submission{{Player: p, Items: randomOrders(s, r)}}, adjudicator.NewRand([]byte(seed), step))
			if err != nil {
				t.Fatal(err)
			}
			actor := p // plans may play further turns in the same step
			for _, h := range hs {
				if strings.HasPrefix(h.Text, "Turn ") && len(h.To) == 0 {
					_, rest, _ := strings.Cut(h.Text, ": ")
					actor, _, _ = strings.Cut(rest, " took ")
				}
				if len(h.To) == 1 && h.To[0] != actor && !strings.HasPrefix(h.Text, "Your standing plan") {
					t.Fatalf("a private happening for %s in %s's turn: %q", h.To[0], actor, h.Text)
				}
			}
			as = ns
		}
		// At the end every hand is revealed.
		v := e.View(as, players[0]).(View)
		for _, pv := range v.Players {
			if len(pv.Hand) != pv.Count || pv.Score == nil {
				t.Fatalf("game %d: %s's final hand is not revealed", g, pv.Name)
			}
		}
	}
}
