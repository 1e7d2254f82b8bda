package adjudicator

import (
	"slices"
	"strings"
	"taipan/adjudicator/engine"
)

// Options returns player's decisions for g's open step, or nil when the
// game's engine does not list them (see Optioner) or player owes nothing.
func Options(g *Game, player string) []engine.Decision {
	o, ok := g.Engine.(engine.Optioner)
	if !ok || g.Status.Finished {
		return nil
	}
	return o.Options(g.State, player)
}

// ComposeOrders writes the orders list of an order file ("orders:" and one
// "  - ORDER" line each) from the choices picked in a form: picked holds,
// by the decision's index in ds, the Order of the choice picked (several,
// in order, for a Several decision). A decision that goes With choices of
// others is used only when one of them is picked; a pick that is not one
// of its decision's choices is refused, as is a required decision left
// out.
func ComposeOrders(ds []engine.Decision, picked map[int][]string) (string, error) {
	chosen := map[string]bool{}
	for i, d := range ds {
		for _, o := range picked[i] {
			if !slices.ContainsFunc(d.Choices, func(c engine.Choice) bool { return c.Order == o }) {
				return "", Errorf(EINVALID, "%s: %q is not one of the choices offered", d.Name, o)
			}
			if !d.Several && len(picked[i]) > 1 {
				return "", Errorf(EINVALID, "%s: pick one choice", d.Name)
			}
			chosen[o] = true
		}
	}
	var lines []string
	for i, d := range ds {
		if len(d.With) > 0 && !slices.ContainsFunc(d.With, func(o string) bool { return chosen[o] }) {
			continue
		}
		p := picked[i]
		switch {
		case len(p) == 0 && !d.Optional:
			return "", Errorf(EINVALID, "%s: choose one of the choices (%s)", d.Name, d.Prompt)
		case len(p) == 0:
		case d.Several:
			lines = append(lines, engine.SeveralOrder(d.Name, p))
		default:
			lines = append(lines, p[0])
		}
	}
	if len(lines) == 0 {
		return "orders: []\n", nil
	}
	var b strings.Builder
	b.WriteString("orders:\n")
	for _, l := range lines {
		b.WriteString("  - " + l + "\n")
	}
	return b.String(), nil
}
