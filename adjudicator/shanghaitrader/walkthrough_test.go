package shanghaitrader

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/orders"
)

// docBlock is one fenced block of a Markdown text: its language and text.
type docBlock struct{ lang, text string }

// fencedBlocks are the ```yaml and ```text blocks of md, in order.
func fencedBlocks(md string) []docBlock {
	var out []docBlock
	parts := strings.Split(md, "```")
	for i := 1; i < len(parts); i += 2 {
		lang, text, _ := strings.Cut(parts[i], "\n")
		if lang == "yaml" || lang == "text" {
			out = append(out, docBlock{lang, text})
		}
	}
	return out
}

// section is the text of md under heading (a line of its own) up to the
// next heading of the same level.
func section(t *testing.T, md, heading string) string {
	t.Helper()
	level := heading[:strings.Index(heading, " ")+1]
	_, rest, ok := strings.Cut(md, "\n"+heading+"\n")
	if !ok {
		t.Fatalf("no section %q", heading)
	}
	rest, _, _ = strings.Cut(rest, "\n"+level)
	return rest
}

// collapse is s with every run of white space one space, trimmed, so that
// text wrapped anew still matches.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// walkthroughStep is one order file of the walk-through, and the state it
// was sent in.
type walkthroughStep struct {
	file   string
	engine engine.Engine
	state  engine.State
}

// playWalkthrough plays ORDERS.md's "Your first year" through the host as
// a player by mail would: each order file is sent as alice's, steps close
// (the others on their defaults) when the next file is for the next step
// or a text block quotes a report, and every text block must be in what
// alice was last told: the answer to her file and the report since. It
// returns each order file with the position it was sent in.
func playWalkthrough(t *testing.T) []walkthroughStep {
	t.Helper()
	doc, err := os.ReadFile("ORDERS.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(section(t, string(doc), "## Your first year"))
	if len(blocks) < 8 || blocks[0].lang != "yaml" {
		t.Fatalf("the walk-through has %d blocks, the first not a campaign", len(blocks))
	}
	st, err := events.Open(filepath.Join(t.TempDir(), "walk.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	h := &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(New()), Now: func() time.Time {
		now = now.Add(time.Hour)
		return now
	}}
	ctx := context.Background()
	c, err := adjudicator.ParseCampaign([]byte(blocks[0].text))
	if err != nil {
		t.Fatalf("the walk-through's campaign: %v", err)
	}
	ng, err := h.Create(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	r.Recipients, r.Skeleton, r.Decision = true, true, true
	g, err := h.Game(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	told, err := r.Text(g, "alice")
	if err != nil {
		t.Fatal(err)
	}
	sent := false // a file of alice's is in for the open step
	closeStep := func() {
		t.Helper()
		if g, _, err = h.Close(ctx, c.ID, adjudicator.ReasonGM); err != nil {
			t.Fatal(err)
		}
		report, err := r.Text(g, "alice")
		if err != nil {
			t.Fatal(err)
		}
		told += "\n" + report
		sent = false
	}
	var steps []walkthroughStep
	for i, b := range blocks[1:] {
		switch {
		case b.lang == "yaml":
			env, err := orders.ParseFor([]byte(b.text), c.ID, "")
			if err != nil {
				t.Fatalf("block %d does not read: %v\n%s", i+2, err, b.text)
			}
			if sent && env.Step == g.Step+1 {
				closeStep()
			}
			if env.Step != g.Step {
				t.Fatalf("block %d is for step %d, but step %d is open", i+2, env.Step, g.Step)
			}
			steps = append(steps, walkthroughStep{file: b.text, engine: g.Engine, state: g.Engine.Clone(g.State)})
			env.Token = ng.Tokens[env.Player]
			rc, err := h.Submit(ctx, env, adjudicator.SubmitOptions{})
			var refused *adjudicator.Error
			switch {
			case errors.As(err, &refused):
				told = refused.Error()
			case err != nil:
				t.Fatal(err)
			default:
				told, sent = adjudicator.Acknowledgement(rc), true
			}
		case !strings.Contains(collapse(told), collapse(b.text)) && sent:
			closeStep()
			fallthrough
		default:
			if !strings.Contains(collapse(told), collapse(b.text)) {
				t.Fatalf("block %d is not what alice was told:\n%s\nshe was told:\n%s", i+2, b.text, told)
			}
		}
	}
	return steps
}

// TestFirstYearWalkthrough: ORDERS.md's "Your first year" is what the
// engine does: every order file is answered and every report reads as the
// walk-through quotes them; the README's Shanghai Trader section quotes
// it, block for block.
func TestFirstYearWalkthrough(t *testing.T) {
	if n := len(playWalkthrough(t)); n < 5 {
		t.Fatalf("the walk-through sends %d order files", n)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("ORDERS.md")
	if err != nil {
		t.Fatal(err)
	}
	walk := section(t, string(doc), "## Your first year")
	quoted := fencedBlocks(section(t, section(t, string(readme), "## Shanghai Trader"), "### Your first year"))
	if len(quoted) < 3 {
		t.Fatalf("the README quotes %d blocks of the walk-through", len(quoted))
	}
	for _, b := range quoted {
		if !strings.Contains(walk, "```"+b.lang+"\n"+b.text+"```") {
			t.Errorf("the README's walk-through quotes a block ORDERS.md's does not hold:\n%s", b.text)
		}
	}
}
