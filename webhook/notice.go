package webhook

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"taipan/adjudicator"
)

// A notice is one thing a game's hooks are told: a step closed (with
// what is open next), or the open step's deadline moved, stopped or ran
// again.
type notice struct {
	// Kind is step-closed, deadline, paused or resumed.
	Kind string `json:"kind"`
	Game string `json:"game"`
	// Seq is the event told of: with the kind and the hook, the
	// delivery's identity.
	Seq int64 `json:"seq"`
	// Step is the step closed (step-closed), else the open step.
	Step   int    `json:"step"`
	Reason string `json:"reason,omitempty"`
	// Next, Awaiting and Deadline are the open step after the change,
	// who owes orders for it and until when; Finished and Winners once
	// the game is over.
	Next     int        `json:"next_step,omitempty"`
	Awaiting []string   `json:"awaiting,omitempty"`
	Deadline *time.Time `json:"deadline,omitempty"`
	Finished bool       `json:"finished"`
	Winners  []string   `json:"winners,omitempty"`
	// Text is the notice in words, as the chat formats post it.
	Text string `json:"text"`
	// URL is the game's public page, when the host runs a site.
	URL string `json:"url,omitempty"`
}

// openStep fills in what is open after the change, from g, and words it.
func (n *notice) openStep(g *adjudicator.Game) {
	if g.Status.Finished {
		n.Finished, n.Winners = true, g.Status.Winners
		n.Text += " The game is over"
		if len(g.Status.Winners) > 0 {
			n.Text += ": " + strings.Join(g.Status.Winners, " and ") + " won"
		}
		n.Text += "."
		return
	}
	n.Next, n.Awaiting = g.Step, g.Awaiting()
	n.Text += " Step " + strconv.Itoa(g.Step) + " is open"
	if len(n.Awaiting) > 0 {
		n.Text += ": " + strings.Join(n.Awaiting, ", ") + " to send orders"
	}
	if g.Paused {
		n.Text += "; the GM has paused the game."
		return
	}
	if !g.Deadline.IsZero() {
		d := g.Deadline.UTC()
		n.Deadline = &d
		n.Text += " by " + adjudicator.FormatTime(d)
	}
	n.Text += "."
}

// body is what a post of the notice sends to a hook of format.
func (n *notice) body(format string) ([]byte, error) {
	text := n.Text
	if n.URL != "" {
		text += " " + n.URL
	}
	switch format {
	case "discord":
		// No mentions: a player named "everyone" pings nobody.
		return json.Marshal(map[string]any{"content": text, "allowed_mentions": map[string]any{"parse": []string{}}})
	case "slack":
		return json.Marshal(map[string]string{"text": text})
	}
	return json.Marshal(n)
}
