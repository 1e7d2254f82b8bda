package engine

import (
	"fmt"
	"slices"
	"strings"

	"taipan/orders"
)

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
