package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"taipan/adjudicator"
	"taipan/webhook"
)

// runHook is `taipan hook add|list|remove GAME …`: the URLs a game's
// step closes and deadlines are posted to (package webhook), which
// `serve` sends.
func (m *Main) runHook(ctx context.Context, args []string) error {
	const use = "hook add GAME URL [--format discord|slack|json] | hook list GAME | hook remove GAME URL"
	if len(args) == 0 {
		return adjudicator.Errorf(adjudicator.EINVALID, "usage: taipan %s", use)
	}
	fs := flag.NewFlagSet("hook", flag.ContinueOnError)
	format := fs.String("format", "json", "the endpoint's kind: discord, slack or json")
	switch args[0] {
	case "add":
		pos, err := parseArgs(fs, args[1:], 2, 2, "hook add GAME URL [--format discord|slack|json]")
		if err != nil {
			return err
		}
		if err := webhook.Add(ctx, m.store, pos[0], pos[1], *format, time.Now()); err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "Hooked %s to %s (%s): serve posts its step closes and deadlines there from now on.\n", webhook.ShownURL(pos[1]), pos[0], *format)
	case "remove":
		pos, err := parseArgs(fs, args[1:], 2, 2, "hook remove GAME URL")
		if err != nil {
			return err
		}
		if err := webhook.Remove(ctx, m.store, pos[0], pos[1]); err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "Unhooked %s from %s.\n", webhook.ShownURL(pos[1]), pos[0])
	case "list":
		pos, err := parseArgs(fs, args[1:], 1, 1, "hook list GAME")
		if err != nil {
			return err
		}
		hooks, err := webhook.List(ctx, m.store, pos[0])
		if err != nil {
			return err
		}
		if len(hooks) == 0 {
			fmt.Fprintf(m.Stdout, "%s has no hooks.\n", pos[0])
		}
		for _, h := range hooks {
			line := fmt.Sprintf("%s (%s): %d sent, %d owed", h.Shown(), h.Format, h.Sent, h.Owed)
			if h.Failed != "" {
				line += "; last failure: " + h.Failed
			}
			fmt.Fprintln(m.Stdout, line)
		}
	default:
		return adjudicator.Errorf(adjudicator.EINVALID, "usage: taipan %s", use)
	}
	return nil
}
