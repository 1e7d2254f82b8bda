package adjtest

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Twins are two states of one game that differ only in what one player may
// see (their hand, a hidden card, their money, their Merchant card, ...),
// and the orders each step is resolved with (players without orders get
// the engine's Default). SameForOthers checks that nobody else can tell
// them apart.
type Twins struct {
	Engine  engine.Engine
	A, B    engine.State
	Players []string // every player, in seat order
	Hidden  string   // the player whose hidden information differs
	// Orders are the orders of each step to resolve, by player; a step
	// without an entry for a pending player plays their Default. The
	// twins are compared before the first step and after each.
	Orders []map[string][]orders.Item
	Seed   string // seeds the steps' random streams
}

// SameForOthers checks, before each step and after the last, that every
// player but Hidden, and an observer, gets the same view (as JSON), the
// same report (as the templates draw it), the same happenings and the same
// Status (who is pending, the phase line, the end) from both twins, byte
// for byte (issue 11: "No pause, default or public figure tells a player
// what they may not see").
func (tw Twins) SameForOthers(t testing.TB) {
	t.Helper()
	if err := tw.Diff(t); err != nil {
		t.Fatal(err)
	}
}

// Diff plays the twins as SameForOthers does and returns the first
// difference another player could see, or nil.
func (tw Twins) Diff(t testing.TB) error {
	t.Helper()
	a, b := tw.A, tw.B
	var ha, hb []engine.Happening
	for step := 0; ; step++ {
		if err := tw.same(t, a, b, ha, hb); err != nil {
			return fmt.Errorf("after %d steps: %v", step, err)
		}
		if step == len(tw.Orders) || tw.Engine.Status(a).Finished {
			return nil
		}
		var err error
		if a, ha, err = tw.resolve(a, tw.Orders[step], step+1); err != nil {
			return fmt.Errorf("step %d, first twin: %v", step+1, err)
		}
		if b, hb, err = tw.resolve(b, tw.Orders[step], step+1); err != nil {
			return fmt.Errorf("step %d, second twin: %v", step+1, err)
		}
	}
}

func (tw Twins) resolve(s engine.State, sent map[string][]orders.Item, n int) (engine.State, []engine.Happening, error) {
	e := tw.Engine
	var subs []engine.Submission
	for _, p := range e.Status(s).Pending {
		items, ok := sent[p]
		if !ok {
			items = orders.Renumber(e.Default(s, p))
		}
		if err := e.Check(s, p, items); err != nil {
			return nil, nil, fmt.Errorf("orders of %s refused: %v", p, err)
		}
		subs = append(subs, engine.Submission{Player: p, Items: items, Default: !ok})
	}
	seed := tw.Seed
	if seed == "" {
		seed = "twins"
	}
	return e.Resolve(e.Clone(s), subs, engine.NewRand([]byte(seed), n))
}

// same compares what the others see of a and b.
func (tw Twins) same(t testing.TB, a, b engine.State, ha, hb []engine.Happening) error {
	e := tw.Engine
	sa, sb := e.Status(a), e.Status(b)
	if !slices.Equal(sa.Pending, sb.Pending) || sa.Phase != sb.Phase || sa.Finished != sb.Finished || !slices.Equal(sa.Winners, sb.Winners) {
		return fmt.Errorf("the status differs: %+v and %+v", sa, sb)
	}
	for _, p := range append(slices.Clone(tw.Players), engine.Observer) {
		if p == tw.Hidden {
			continue
		}
		va, _ := json.Marshal(e.View(a, p))
		vb, _ := json.Marshal(e.View(b, p))
		if string(va) != string(vb) {
			return fmt.Errorf("%s's view differs:\n%s\n%s", p, va, vb)
		}
		if ra, rb := RenderView(t, e, e.View(a, p)), RenderView(t, e, e.View(b, p)); ra != rb {
			return fmt.Errorf("%s's report differs:\n%s\n---\n%s", p, ra, rb)
		}
		if xa, xb := visible(ha, p), visible(hb, p); !slices.Equal(xa, xb) {
			return fmt.Errorf("what %s is told differs:\n%q\n%q", p, xa, xb)
		}
	}
	return nil
}

func visible(hs []engine.Happening, p string) []string {
	var out []string
	for _, h := range hs {
		if h.VisibleTo(p) {
			out = append(out, h.Text)
		}
	}
	return out
}

// Fills checks what an engine's acknowledgement says a file leaves out
// (engine.Filler): for each order list (written as YAML), every
// expected line must be among what Fills says, as a substring; an
// expectation of nil means Fills says nothing.
func Fills(t testing.TB, e engine.Engine, s engine.State, player string, want map[string][]string) {
	t.Helper()
	f, ok := e.(engine.Filler)
	if !ok {
		t.Fatalf("%s does not say what files leave out", e.Name())
	}
	for _, file := range slices.Sorted(maps.Keys(want)) {
		items, err := orders.ParseList([]byte(file))
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Check(s, player, items); err != nil {
			if _, standing := e.(engine.StandingOrders); !standing {
				t.Fatalf("%s: %v", file, err)
			}
		}
		got := strings.Join(f.Fills(s, player, orders.Renumber(items)), "\n")
		for _, w := range want[file] {
			if !strings.Contains(got, w) {
				t.Errorf("%s: fills\n%s\nlack %q", file, got, w)
			}
		}
		if want[file] == nil && got != "" {
			t.Errorf("%s: fills %q, want none", file, got)
		}
	}
}
