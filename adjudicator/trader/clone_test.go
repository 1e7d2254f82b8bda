package trader

import (
	"testing"

	"taipan/adjudicator/adjtest"
)

// Clone (State.exactCopy) copies every state, as the games reach it, as DecodeState reads
// it back and with its lists empty rather than nil, as engine.DeepCopy
// would, sharing nothing with it.
func TestCloneCopiesDeeply(t *testing.T) {
	e := New()
	var states []*State
	plans := 0
	for _, s := range positions(t, 30, 3, true) {
		decoded, err := e.DecodeState(s.AppendJSON(nil))
		if err != nil {
			t.Fatal(err)
		}
		empty := s.clone()
		empty.Sold, empty.LastSale, empty.Players[0].Stocks = []Stock{}, []int{}, []Stock{}
		states = append(states, s, state(decoded), empty)
		for _, p := range s.Players {
			if p.Plan != nil {
				plans++
			}
		}
	}
	if plans == 0 {
		t.Fatal("no state with a standing plan to copy")
	}
	adjtest.CopiesDeeply(t, func(s *State) *State { return state(e.Clone(s)) }, states)
}
