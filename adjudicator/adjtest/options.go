package adjtest

import (
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// OptionsLegal checks that every choice an engine's Options offers player
// in s passes the engine's Check: alone for an optional decision, with the
// first choice of every required one (or, for a decision that goes With
// other choices, with the first of those). It returns the decisions, for
// the caller's own checks.
func OptionsLegal(t testing.TB, e engine.Engine, s engine.State, player string) []engine.Decision {
	t.Helper()
	o, ok := e.(engine.Optioner)
	if !ok {
		t.Fatalf("%s does not list options", e.Name())
	}
	ds := o.Options(s, player)
	for i, d := range ds {
		if len(d.Choices) == 0 {
			t.Errorf("%s: decision %s offers no choice", player, d.Name)
		}
		for _, c := range d.Choices {
			// The base file: the first choice of every other required
			// decision, with the choice d goes with in place of its own.
			var base []string
			for j, other := range ds {
				if j == i || other.Optional || len(other.With) > 0 {
					continue
				}
				pick := other.Choices[0].Order
				for _, w := range d.With {
					if slices.ContainsFunc(other.Choices, func(c engine.Choice) bool { return c.Order == w }) {
						pick = w
						break
					}
				}
				base = append(base, pick)
			}
			order := c.Order
			if d.Several {
				order = engine.SeveralOrder(d.Name, []string{c.Order})
			}
			items, err := engine.ChoiceItems(append(base, order)...)
			if err != nil {
				t.Errorf("%s: %s offers %q, which does not read: %v", player, d.Name, order, err)
				continue
			}
			if err := e.Check(s, player, items); err != nil {
				t.Errorf("%s: %s offers %q (with %q), which Check refuses: %v", player, d.Name, order, base, err)
			}
		}
	}
	return ds
}

// PlayDefaults sets a game up with cfg and the random stream of seed, then
// resolves up to steps steps with every pending player's Default, calling
// visit on each state before it is resolved (and on the last). Tests use
// it to reach many states of a game without writing them out.
func PlayDefaults(t testing.TB, e engine.Engine, cfg engine.Config, seed string, steps int, visit func(s engine.State)) {
	t.Helper()
	s, err := e.Setup(cfg, engine.NewRand([]byte(seed), 0))
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= steps; n++ {
		visit(s)
		st := e.Status(s)
		if st.Finished {
			return
		}
		var subs []engine.Submission
		for _, p := range st.Pending {
			subs = append(subs, engine.Submission{Player: p, Items: orders.Renumber(e.Default(s, p)), Default: true})
		}
		if s, _, err = e.Resolve(e.Clone(s), subs, engine.NewRand([]byte(seed), n)); err != nil {
			t.Fatalf("%s step %d: %v", seed, n, err)
		}
	}
	visit(s)
}

// Offered reports whether order is among the choices of ds (as a whole
// order, or as one value of a Several decision named by its verb).
func Offered(ds []engine.Decision, order string) bool {
	for _, d := range ds {
		for _, c := range d.Choices {
			if c.Order == order {
				return true
			}
		}
	}
	return false
}

// ItemOrder writes an order item as Choice.Order writes it ("buy: London",
// "sell: [red 4, red 5]", "pass"), so that tests can look defaults up
// among the choices.
func ItemOrder(it orders.Item) string {
	if !it.HasValue() {
		return it.Verb
	}
	var b strings.Builder
	b.WriteString(it.Verb + ": ")
	writeFlow(&b, it.Value)
	return b.String()
}

func writeFlow(b *strings.Builder, n *yaml.Node) {
	switch n.Kind {
	case yaml.SequenceNode:
		b.WriteString("[")
		for i, c := range n.Content {
			if i > 0 {
				b.WriteString(", ")
			}
			writeFlow(b, c)
		}
		b.WriteString("]")
	case yaml.MappingNode:
		b.WriteString("{")
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 {
				b.WriteString(", ")
			}
			writeFlow(b, n.Content[i])
			b.WriteString(": ")
			writeFlow(b, n.Content[i+1])
		}
		b.WriteString("}")
	default:
		b.WriteString(n.Value)
	}
}

// EveryonesOptions checks the options of each of players in s: every
// choice passes Check (OptionsLegal), a player the open step does not
// wait for (Status.Pending) is offered nothing, and a pending player's
// Default is offered, item by item (but the items skip names). It returns
// each pending player's decisions, for the caller's own checks.
func EveryonesOptions(t testing.TB, e engine.Engine, s engine.State, players []string, skip func(orders.Item) bool) map[string][]engine.Decision {
	t.Helper()
	st := e.Status(s)
	out := map[string][]engine.Decision{}
	for _, p := range players {
		ds := OptionsLegal(t, e, s, p)
		if !slices.Contains(st.Pending, p) {
			if ds != nil {
				t.Fatalf("%s (%s): %s, not pending, is offered %+v", e.Name(), st.Phase, p, ds)
			}
			continue
		}
		for _, it := range e.Default(s, p) {
			if o := ItemOrder(it); (skip == nil || !skip(it)) && !Offered(ds, o) {
				t.Fatalf("%s (%s): %s's default %q is not offered: %+v", e.Name(), st.Phase, p, o, ds)
			}
		}
		out[p] = ds
	}
	return out
}
