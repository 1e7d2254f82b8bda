package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/orders"
)

// demoCampaign is the game `taipan demo` plays.
const demoCampaign = `id: demo-1
game: trader
options: {sets: 1}
players:
  - {name: alice, email: alice@example.test}
  - {name: bob, email: bob@example.test}
seed: "taipan demo"
deadline: 72h
`

// runDemo plays a whole Trader game in a temporary database through the same
// paths mail takes: each move is an order file with the player's token,
// parsed, authenticated, checked and appended; steps resolve as orders come
// in; reports are rendered from the log; the log is audited at the end.
func (m *Main) runDemo(ctx context.Context, args []string) error {
	if len(args) > 0 {
		return usagef("usage: taipan demo")
	}
	dir, err := os.MkdirTemp("", "taipan-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	m.DBPath, m.mayCreate = filepath.Join(dir, "demo.db"), true
	if err := m.open(); err != nil {
		return err
	}
	out := m.Stdout
	fmt.Fprintf(out, "Taipan demo: a two-player game of Trader in %s\n\n", m.DBPath)
	fmt.Fprintf(out, "Campaign file:\n%s\n", indent(demoCampaign))
	c, err := adjudicator.ParseCampaign([]byte(demoCampaign))
	if err != nil {
		return err
	}
	ng, err := m.host.Create(ctx, c)
	if err != nil {
		return err
	}
	g := ng.Game
	report, err := m.renderer.Text(g, "alice")
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "The set-up report alice receives:\n\n%s\n", report)
	fmt.Fprintln(out, "Each player now mails an order file on their turn; here every player")
	fmt.Fprintln(out, "sends the move Taipan would choose by default. The game, step by step:")
	fmt.Fprintln(out)
	var first string
	for !g.Status.Finished {
		awaiting := g.Awaiting()
		if len(awaiting) == 0 {
			return fmt.Errorf("demo: step %d awaits nobody", g.Step)
		}
		for _, p := range awaiting {
			file, err := orderFile(g, p, ng.Tokens[p])
			if err != nil {
				return err
			}
			if first == "" {
				first = file
				fmt.Fprintf(out, "(The first order file, from %s:)\n%s\n", p, indent(file))
			}
			env, err := orders.Parse([]byte(file))
			if err != nil {
				return fmt.Errorf("demo: %s's order file: %w", p, err)
			}
			r, err := m.host.Submit(ctx, env, adjudicator.SubmitOptions{})
			if err != nil {
				return fmt.Errorf("demo: %s's orders: %w", p, err)
			}
			for _, step := range r.Closed {
				at, err := m.loadAt(ctx, g.ID, step)
				if err != nil {
					return err
				}
				label := fmt.Sprintf("  %3d. ", step)
				for _, h := range at.Last.Happenings {
					if h.VisibleTo(engine.Observer) {
						fmt.Fprintln(out, engine.Wrap(h.Text, label, 72))
						label = strings.Repeat(" ", len(label)) // each step numbered once
					}
				}
			}
			g = r.Game
		}
	}
	text, err := m.renderer.Text(g, "alice")
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "\nThe last report alice receives (bob's and the GM's differ only in what each may see):\n\n%s\n", text)
	fmt.Fprintln(out, "Auditing the log: replay from scratch, check the hash chain and every digest.")
	m.args = nil
	return m.runAudit(ctx, []string{g.ID})
}

// orderFile writes the order file player would mail for g's open step,
// carrying the game's default orders.
func orderFile(g *adjudicator.Game, player, token string) (string, error) {
	generic, err := orders.Generic(g.Engine.Default(g.State, player))
	if err != nil {
		return "", err
	}
	body, err := yaml.Marshal(map[string]any{"orders": generic})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("game: %s\nplayer: %s\ntoken: %s\nstep: %d\n%s", g.ID, player, token, g.Step, body), nil
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return "    " + strings.Join(lines, "\n    ") + "\n"
}
