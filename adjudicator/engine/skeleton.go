package engine

import (
	"fmt"
	"slices"
)

// skeletonChoices is how many choices of one decision Skeleton writes; a
// report names how many more there are.
const skeletonChoices = 12

// Skeleton writes decisions as the orders list of an order file to fill
// in, for the end of a report: each decision that must be given as its
// first choice, with the others below it as comments to swap in; each
// optional one, and each that goes only with a choice of another, wholly
// as comments, with what leaving it out does. When every decision may be
// left out, the first (that goes with no other) is written live all the
// same, so that the file is a list to add to. The lines are YAML for the
// list under an "orders:" key (to be indented under it); an engine's
// Options offers only what its Check takes, so each live line is a legal
// order.
func Skeleton(ds []Decision) []string {
	required := slices.ContainsFunc(ds, func(d Decision) bool { return !d.Optional && len(d.With) == 0 && len(d.Choices) > 0 })
	first := slices.IndexFunc(ds, func(d Decision) bool { return len(d.With) == 0 && len(d.Choices) > 0 })
	var out []string
	for k, d := range ds {
		if len(d.Choices) == 0 {
			continue
		}
		live := len(d.With) == 0 && (!d.Optional || !required && k == first)
		head := "# " + d.Prompt
		if d.Several {
			head += ", any of them as " + SeveralOrder(d.Name, []string{"..."})
		}
		if d.Optional || len(d.With) > 0 {
			head += " (optional"
			for i, w := range d.With {
				if i == 0 {
					head += ", only with " + w
				} else {
					head += " or " + w
				}
			}
			if d.Default != "" {
				head += "; left out: " + d.Default
			}
			head += ")"
		}
		out = append(out, head+":")
		for i, c := range d.Choices {
			if i == skeletonChoices {
				out = append(out, fmt.Sprintf("#       … and %d more", len(d.Choices)-i))
				break
			}
			order := c.Order
			if d.Several {
				order = SeveralOrder(d.Name, []string{c.Order})
			}
			if c.Text != "" {
				order += "   # " + c.Text
			}
			switch {
			case live && i == 0:
				out = append(out, "- "+order)
			case live && i == 1:
				out = append(out, "#   or: "+order)
			case live:
				out = append(out, "#       "+order)
			default:
				out = append(out, "# - "+order)
			}
		}
	}
	return out
}
