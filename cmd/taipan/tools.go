package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"taipan/adjudicator"
)

// runPreview is `taipan preview GAME [--player P]`: the open step resolved
// as if the GM closed it now, and the reports it would send, with nothing
// written.
func (m *Main) runPreview(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("preview", flag.ContinueOnError)
	player := fs.String("player", "", "only this player's report (default: the GM's and every player's)")
	pos, err := parseArgs(fs, args, 1, 1, "preview GAME [--player P]")
	if err != nil {
		return err
	}
	g, err := m.host.Preview(ctx, pos[0])
	if err != nil {
		return err
	}
	who := append([]string{""}, g.Names()...)
	if *player != "" {
		who = []string{*player}
	}
	fmt.Fprintf(m.Stdout, "PREVIEW of step %d of %s as if it closed now; nothing is written, and orders may still change it.\n\n", g.Last.Step, g.ID)
	for _, p := range who {
		text, err := m.renderer.Text(g, p)
		if err != nil {
			return err
		}
		fmt.Fprintln(m.Stdout, text)
	}
	return nil
}

// runPress is `taipan press GAME --from P [--to A,B] [--grey] TEXT|-`: a
// press message, from a player (or gm), relayed as mail by `serve`.
func (m *Main) runPress(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("press", flag.ContinueOnError)
	from := fs.String("from", "gm", "the sender: a player, or gm")
	to := fs.String("to", "", "recipients, comma-separated (default: everyone)")
	grey := fs.Bool("grey", false, "do not name the sender (where the campaign allows grey press)")
	pos, err := parseArgs(fs, args, 2, 2, "press GAME --from P [--to A,B] [--grey] TEXT|-")
	if err != nil {
		return err
	}
	text := pos[1]
	if text == "-" {
		b, err := m.readInput("-")
		if err != nil {
			return err
		}
		text = string(b)
	}
	var names []string
	for _, n := range strings.Split(*to, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	g, e, err := m.host.Press(ctx, pos[0], adjudicator.PressOrder{From: *from, To: names, Text: text, Grey: *grey}, adjudicator.SubmitOptions{Trusted: true})
	if err != nil {
		return err
	}
	if *grey {
		// Held, and logged and relayed with the step's close (see
		// adjudicator/grey.go).
		fmt.Fprintf(m.Stdout, "Grey press from %s to %s held: it is logged and relayed, unsigned, when step %d closes.\n", *from, orEveryone(names), g.Step)
		return nil
	}
	fmt.Fprintf(m.Stdout, "Press from %s sent to %s (event %d).\n", e.Actor, orEveryone(names), e.Seq)
	return nil
}
