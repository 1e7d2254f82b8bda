package adjudicator

import (
	"fmt"
	"strings"

	"taipan/adjudicator/engine"
	"taipan/orders"
)

// Acknowledgement is the answer to accepted orders, by mail and on the web
// alike (the mail gateway has no wording of its own): what was
// accepted, the orders as the log holds them, what fills the gaps, the
// steps they closed and who is still awaited. The web site's order form
// answers with it and mails it, so that a player reads the same answer
// whichever way the orders came. A receipt of orders only checked
// (SubmitOptions.CheckOnly) says that nothing was submitted.
func Acknowledgement(r *Receipt) string {
	var b strings.Builder
	switch {
	case r.Checked && r.Standing:
		fmt.Fprintf(&b, "Checked, not submitted: your standing orders for %s are acceptable.\nNothing was written. As the game's log would hold them:\n\n", r.Game.ID)
	case r.Checked:
		fmt.Fprintf(&b, "Checked, not submitted: your orders for step %d of %s are legal.\nNothing was written. As the game's log would hold them:\n\n", r.Step, r.Game.ID)
	case r.Standing:
		fmt.Fprintf(&b, "Your standing orders for %s are accepted; they replace the ones you had\nand stay in force until you change them.\nAs the game's log holds them:\n\n", r.Game.ID)
	case r.Replace:
		fmt.Fprintf(&b, "Your orders for step %d of %s are accepted, replacing the ones you sent before.\nAs the game's log holds them:\n\n", r.Step, r.Game.ID)
	default:
		fmt.Fprintf(&b, "Your orders for step %d of %s are accepted.\nAs the game's log holds them:\n\n", r.Step, r.Game.ID)
	}
	for _, l := range orders.Echo(r.Orders) {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString("\n")
	if late := LateText(r); late != "" {
		b.WriteString(engine.Wrap(late, "", 72) + "\n\n")
	}
	if len(r.Fills) > 0 {
		b.WriteString("Where your file leaves something out:\n")
		for _, f := range r.Fills {
			b.WriteString(engine.Wrap(f, "  - ", 72) + "\n")
		}
		b.WriteString("\n")
	}
	for _, s := range r.Closed {
		fmt.Fprintf(&b, "Step %d is resolved; its report follows in a separate mail.\n", s)
	}
	g := r.Game
	if g.Status.Finished {
		b.WriteString("The game is over.\n")
		return b.String()
	}
	waiting := g.Awaiting()
	if len(waiting) == 0 {
		fmt.Fprintf(&b, "Step %d: waiting for nobody.\n", g.Step)
	} else {
		fmt.Fprintf(&b, "Step %d (%s): still waiting for %s.\n", g.Step, g.Status.Phase, strings.Join(waiting, ", "))
	}
	if !g.Deadline.IsZero() {
		fmt.Fprintf(&b, "Deadline: %s.\n", FormatTime(g.Deadline))
	}
	// Say what may still be changed, and only that: a step just resolved
	// takes no more orders.
	switch {
	case r.Checked:
		b.WriteString("\nTo submit them, send the file again without check: true.\n")
	case r.Standing:
		b.WriteString("\nYou may send new standing orders at any time; the latest replace the earlier.\n")
	case r.Step == g.Step && g.IsPending(r.Player):
		fmt.Fprintf(&b, "\nUntil step %d closes you may send new orders; the latest replace the earlier.\n", g.Step)
	}
	return b.String()
}

// LateText says, of orders that came after their step's deadline, that
// they did and why they were taken all the same: "" for orders in time.
func LateText(r *Receipt) string {
	if !r.Late {
		return ""
	}
	if r.GraceEnd.After(r.Missed) {
		return fmt.Sprintf("These orders came late: after the deadline (%s), in the grace period, which lasts until %s. They are taken; the step's report will say they came late.",
			FormatTime(r.Missed), FormatTime(r.GraceEnd))
	}
	return fmt.Sprintf("These orders came late: after the deadline (%s), before the step was closed. They are taken; the step's report will say they came late.", FormatTime(r.Missed))
}
