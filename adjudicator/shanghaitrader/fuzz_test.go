package shanghaitrader

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// fuzzStates are positions to check fuzzed orders against: the start, and
// a year with shipping where players own rackets, hold passports, wait at
// the airfield and lie hooked in the Opium Dens.
func fuzzStates(f *testing.F) []*State {
	fatal := func(err error) {
		if f != nil {
			f.Fatal(err)
		}
		panic(err)
	}
	var out []*State
	spring := `{"year": 3, "season": "spring", "ship_roll": 4, "initiative": ["bob", "alice", "carol", "dave"],
		  "players": {"alice": {"at": "TP-02a", "owns": ["TP-04a", "R4", "W-15a"], "cash": 80, "bank": 100},
		              "bob": {"at": "AIRFIELD", "passport": true, "bodyguards": 1},
		              "carol": {"at": "OPIUM", "hooked": true, "shanghaied": true},
		              "dave": {"at": "CONSULATES", "passport": true}}}`
	// Version 2: a summer with every racket of the orders controlled, and
	// a Collusion Phase of the advanced game.
	summer := `{"year": 3, "season": "summer", "ship_roll": 4, "initiative": ["bob", "alice", "carol", "dave"],
		  "nationalities": {"alice": "American", "bob": "British", "carol": "French", "dave": "German"},
		  "players": {"alice": {"at": "R11", "owns": ["TP-11a", "R11", "TP-03a", "R3", "W-15a", "TP-02a", "TP-02b", "R2"]},
		              "bob": {"at": "R1", "owns": ["R1", "TP-05a", "R5", "F-16a"]},
		              "carol": {"at": "R10", "owns": ["TP-10a", "R10", "TP-09a", "R9"]},
		              "dave": {"at": "TP-06a", "owns": ["TP-06a", "R6"]}}}`
	collusion := strings.Replace(summer, `"season": "summer", "ship_roll": 4,`, `"collusion": true,`, 1)
	for _, c := range []struct {
		setup, options string
		v              int
	}{
		{`{"initiative": ["alice", "bob", "carol"]}`, `{}`, 1},
		{spring, `{}`, 1},
		{`{"initiative": ["alice", "bob", "carol"]}`, `{}`, 2},
		{spring, `{}`, 2},
		{summer, `{"advanced": true}`, 2},
		{collusion, `{"advanced": true}`, 2},
	} {
		players := []string{"alice", "bob", "carol"}
		if len(c.setup) > 50 {
			players = append(players, "dave")
		}
		e := engineAt(c.v)
		s, err := e.Setup(engine.Config{Players: players, Options: json.RawMessage(c.options), Setup: json.RawMessage(c.setup)}, engine.NewRand([]byte("fuzz"), 0))
		if err != nil {
			fatal(err)
		}
		out = append(out, s.(*State))
	}
	return out
}

// FuzzCheck feeds arbitrary order lists to Check. It must never panic;
// orders it accepts must read the same once logged (their generic form,
// as JSON, parsed again) and must resolve.
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{
		"- move: Nanking Road", "- move: [auto Great Orient if cash >= 40, Kiangse Road if TP-03a unowned, stay]",
		"- move: escape\n- bodyguards: [3, 2]", "- move: auto Airfield\n- bodyguards: 1", "- passport: [buy if cash >= 90, roll]",
		"- deposit: all but 40", "- withdraw: 50", "- withdraw: 500", "- buy: [trading-post, warehouse if not passport, racket]",
		"- hire: {assassin: [bob, any]}", "- hire: {assassin: dave, if: year >= 3}", "- docks: [Nantao Wharves, Hongkew Wharves]",
		"- no-service: W-15a", "- allow: {Great Orient: [bob, carol]}", "- allow: none", "- sell: [TP-04a, W-15a]", "- bid: {warehouse: 20, any: 5}",
		"- fan-tan: 35\n- opium: gamble", "- daily-mail: bob", "- reroll: 2\n- air-reroll: 1", "- move: {to: x}", "- move: 0x10",
		"- bid: {TP-02a: 1e1}", "- move: [[a]]", "- hire: assassin bob", "- move: Nanking Road if not not winter and cash>=-1",
		"[]", "- 7", "- move: ~", "- buy: 2001-12-14", "- deposit: +100",
		"- hire: [{thug: TP-06a}, {mugger: [dave, any]}, {assassin: bob, if: year >= 3}]", "- tongs: [F-16a, W-15a if cash >= 20]",
		"- courtesan: F-16a", "- lido: [bob if bob in Nanking Road, carol]", "- raid: W-15a", "- spy: carol", "- tab: {bob: 30, dave: 20}",
		"- roulette: 35\n- picnic: withdraw if pool >= 60\n- extort: off", "- fees: {fine: {bob: 0, any: 5}, commission: 5, gala: 10}",
		"- refund: {roulette: 50, picnic: {bob: 100}}", "- offer: {lido: 20, spy: 10}\n- ask: {customs: 15, courtesan: 5}",
		"- credit: {to: {bob: 50}, from: {carol: 20}}", "- lend: {bob: 30}\n- borrow: {carol: 10}", "- police: [Nanking Road, The Bund]",
		"- monks: [Kiangse Road, Honan Road, Racecourse]", "- marines: [W-15a, F-16a]", "- minder: bob",
		"- exchange: {with: bob, give: [TP-02a, 10], get: [F-16a]}", "- exchange: [{with: bob, give: [5]}, {with: carol, get: [TP-10a]}]",
		"- exchange: none", "- fees: {fine: {me: 1}}", "- exchange: {with: bob, give: [cash 5, $5]}", "- picnic: withdraw if pool >= -5",
	} {
		for k := range uint8(6) {
			f.Add(seed, k)
		}
	}
	states := fuzzStates(f)
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		items, err := orders.ParseList([]byte(text))
		if err != nil {
			return
		}
		items = orders.Renumber(items)
		s := states[int(which)%len(states)]
		e := engineOf(s)
		_ = e.Check(s, "nobody", items)
		for _, p := range e.Status(s).Pending {
			if e.Check(s, p, items) != nil {
				continue
			}
			// What is checked is what is logged: the generic form, as the
			// log keeps it, reads the same.
			g, err := orders.Generic(items)
			if err != nil {
				t.Fatalf("accepted orders %q have no generic form: %v", text, err)
			}
			b, err := json.Marshal(g)
			if err != nil {
				t.Fatalf("accepted orders %q do not encode: %v", text, err)
			}
			logged, err := orders.ParseList(b)
			if err != nil {
				t.Fatalf("the logged form %s of %q does not parse: %v", b, text, err)
			}
			seat := s.seat(p)
			a, errA := s.parse(seat, items)
			l, errL := s.parse(seat, logged)
			if errA != nil || errL != nil || !reflect.DeepEqual(a, l) {
				t.Fatalf("orders %q read differently once logged as %s: %v %v\n%+v\n%+v", text, b, errA, errL, a, l)
			}
			if _, _, err := e.Resolve(s, []engine.Submission{{Player: p, Items: items}}, engine.NewRand([]byte("f"), 1)); err != nil {
				t.Fatalf("accepted orders %q fail to resolve: %v", text, err)
			}
		}
	})
}
