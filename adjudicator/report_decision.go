package adjudicator

import (
	"fmt"
	"strings"

	"taipan/adjudicator/engine"
)

// decisionHeading is the panel's heading, in the text, the HTML and the
// pictures of every game.
const decisionHeading = "YOUR DECISION"

// DecisionPanel is the YOUR DECISION panel of player's report while g's
// open step waits for their orders: the engine's own (engine.Decider),
// else one line per decision of its Options, with what leaving it out
// does. It is nil for the GM and observers, for a player the step does
// not wait for, and for a game whose view already draws the panel
// (view, as the game's template wrote it, holds the heading: Singapore
// 1889's), so that no report shows it twice. It is private to player.
func DecisionPanel(g *Game, player, view string) []string {
	if player == "" || player == engine.Observer || g.Status.Finished || !g.IsPending(player) || strings.Contains(view, decisionHeading) {
		return nil
	}
	if d, ok := g.Engine.(engine.Decider); ok {
		return d.Decision(g.State, player)
	}
	return DecisionLines(Options(g, player))
}

// DecisionLines writes decisions as the panel's lines: "Decide: PROMPT
// (N choices, e.g. ORDER)", with what leaving an optional one out does.
func DecisionLines(ds []engine.Decision) []string {
	var out []string
	for _, d := range ds {
		if len(d.Choices) == 0 {
			continue
		}
		line := "Decide: " + d.Prompt
		if len(d.Choices) == 1 {
			line += fmt.Sprintf(" (%s)", d.Choices[0].Order)
		} else {
			line += fmt.Sprintf(" (%d choices, e.g. %s)", len(d.Choices), d.Choices[0].Order)
		}
		switch {
		case len(d.With) > 0:
			line += "; only with " + strings.Join(d.With, " or ")
		case d.Optional && d.Default != "":
			line += "; left out: " + d.Default
		case d.Optional:
			line += "; optional"
		}
		out = append(out, line+".")
	}
	return out
}
