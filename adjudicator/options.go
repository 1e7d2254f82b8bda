package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"taipan/orders"
)

// Options returns player's decisions for g's open step, or nil when the
// game's engine does not list them (see Optioner) or player owes nothing.
func Options(g *Game, player string) []Decision {
	o, ok := g.Engine.(Optioner)
	if !ok || g.Status.Finished {
		return nil
	}
	return o.Options(g.State, player)
}

// ChoiceItems reads orders as Choice.Order writes them into order items,
// numbered as a file listing them in this order would be.
func ChoiceItems(list ...string) ([]orders.Item, error) {
	var b strings.Builder
	for _, o := range list {
		b.WriteString("- " + o + "\n")
	}
	items, err := orders.ParseList([]byte(b.String()))
	if err != nil {
		return nil, err
	}
	return orders.Renumber(items), nil
}

// Checker is e's Check of player's orders in s, as KeepLegal takes it.
func Checker(e Engine, s State, player string) func([]orders.Item) error {
	return func(items []orders.Item) error { return e.Check(s, player, items) }
}

// KeepLegal returns the candidates whose order, given after the orders
// with, passes check: engines build their Options by offering what the
// rules could allow and keeping what their own Check takes, so that the
// list never offers what Check would refuse.
func KeepLegal(check func([]orders.Item) error, with []string, cands []Choice) []Choice {
	var out []Choice
	for _, c := range cands {
		items, err := ChoiceItems(append(slices.Clone(with), c.Order)...)
		if err == nil && check(items) == nil {
			out = append(out, c)
		}
	}
	return out
}

// SeveralOrder writes the values of a Several decision as its one order:
// "play: [8-0, 10-2]".
func SeveralOrder(name string, values []string) string {
	return name + ": [" + strings.Join(values, ", ") + "]"
}

// ComposeOrders writes the orders list of an order file ("orders:" and one
// "  - ORDER" line each) from the choices picked in a form: picked holds,
// by the decision's index in ds, the Order of the choice picked (several,
// in order, for a Several decision). A decision that goes With choices of
// others is used only when one of them is picked; a pick that is not one
// of its decision's choices is refused, as is a required decision left
// out.
func ComposeOrders(ds []Decision, picked map[int][]string) (string, error) {
	chosen := map[string]bool{}
	for i, d := range ds {
		for _, o := range picked[i] {
			if !slices.ContainsFunc(d.Choices, func(c Choice) bool { return c.Order == o }) {
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
			lines = append(lines, SeveralOrder(d.Name, p))
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

// OptionLines writes decisions as a report lists them: one line per
// decision, then its choices indented, each with what it does.
func OptionLines(ds []Decision) []string {
	var out []string
	for _, d := range ds {
		head := d.Prompt
		switch {
		case d.Several:
			head += fmt.Sprintf(" (any of these, as %s: [...])", d.Name)
		case d.Optional:
			head += " (optional)"
		}
		if len(d.With) > 0 {
			head += " — only with " + strings.Join(d.With, " or ")
		}
		out = append(out, head+":")
		for _, c := range d.Choices {
			line := "  - " + c.Order
			if c.Text != "" {
				line += "   (" + c.Text + ")"
			}
			out = append(out, line)
		}
		if d.Optional && d.Default != "" {
			out = append(out, "  left out: "+d.Default)
		}
	}
	return out
}
