package shanghaitrader

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"taipan/adjudicator/engine"
	"testing"
)

// TestStateJSON holds the hand-written JSON of the state to what
// encoding/json writes, over the states of random games, and over odd
// strings.
func TestStateJSON(t *testing.T) {
	list := []Estab{{Owner: -1}, {Owner: 2, Serviced: true}, {Owner: 0, Closed: true, Compromised: true, Allow: []int{1, 3}}, {Owner: 4, Allow: []int{}}}
	got, _ := json.Marshal(estabs(list))
	want, _ := json.Marshal(list)
	if string(got) != string(want) {
		t.Fatalf("estabs: got %s\nwant %s", got, want)
	}
	check := func(s *State) {
		t.Helper()
		got, err := s.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		type plain State
		// encoding/json without State's MarshalJSON, written as the
		// digest writes it (no HTML escaping).
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode((*plain)(s)); err != nil {
			t.Fatal(err)
		}
		if want := bytes.TrimRight(buf.Bytes(), "\n"); !bytes.Equal(got, want) {
			t.Fatalf("the state's JSON differs from encoding/json's:\n%s\n%s", got, want)
		}
		if !json.Valid(got) {
			t.Fatalf("invalid JSON: %s", got)
		}
	}
	for g := range 16 {
		players := []string{"ann", "ben", "cat", "dan", "eve", "fay"}[:3+g%4]
		setup := `{"dice": [3, 4]}`
		if g >= 8 {
			// Version 2's parts of the state: the rackets at work.
			setup = randomSetup(players, rand.New(rand.NewPCG(uint64(g), 6)))
		}
		e := engineAt(1 + min(g/4, 1))
		as, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(map[bool]string{true: randomOptions[g%len(randomOptions)], false: `{}`}[e.ruleset().Number == 2]), Setup: json.RawMessage(setup)}, engine.NewRand([]byte{byte(g)}, 0))
		if err != nil {
			t.Fatal(err)
		}
		s := state(as)
		r := rand.New(rand.NewPCG(uint64(g), 5))
		for step := 1; !s.Over; step++ {
			check(s)
			var subs []engine.Submission
			for _, name := range e.Status(s).Pending {
				subs = append(subs, engine.Submission{Player: name, Items: randomOrders(s, s.seat(name), r)})
			}
			ns, _, err := e.Resolve(s, subs, engine.NewRand([]byte{byte(g)}, step))
			if err != nil {
				t.Fatal(err)
			}
			s = state(ns)
		}
		check(s)
		s.Ended = "odd \"quotes\" \\ <tags> & § \u2028 \x01 \xff"
		check(s)
	}
}

// A deal's map is written in encoding/json's key order whether its keys
// are the deals' kinds or not.
func TestDealCountsJSON(t *testing.T) {
	big := map[string]int{}
	for i := range 40 {
		big[fmt.Sprint("k", 40-i)] = i
	}
	for _, m := range []map[string]int{{}, {"spy": 5, "lido": 10}, {"customs": 0, "zzz": 1, "aaa": 2}, {"other": 3}, big} {
		want, _ := json.Marshal(m)
		if got := appendCounts(nil, m); string(got) != string(want) {
			t.Errorf("%v: got %s, want %s", m, got, want)
		}
	}
}
