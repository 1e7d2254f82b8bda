package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/mail"
)

// The club's commands: open a game for sign-up, and list the host's
// players. The core decides (adjudicator/muster.go, identity.go); these
// print.

func (m *Main) runOpen(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("open", flag.ContinueOnError)
	check := fs.Bool("check", false, "check the campaign file and open nothing")
	pos, err := parseArgs(fs, args, 1, 1, "open CAMPAIGN.yaml [--check]")
	if err != nil {
		return err
	}
	c, err := m.readCampaign(pos[0])
	if err != nil {
		return err
	}
	if *check {
		eng, _, err := adjudicator.CheckOpen(Games(), c, randomBytes)
		if err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "Campaign %s is good: %s (%s) for %s seats. Nothing was opened; run `taipan open %s` to open it.\n", c.ID, eng.Name(), eng.Version(), c.Seats, pos[0])
		return nil
	}
	m.mayCreate = true
	if err := m.open(); err != nil {
		return err
	}
	ng, err := m.host.Open(ctx, c)
	if err != nil {
		return err
	}
	g := ng.Game
	fmt.Fprintf(m.Stdout, "Opened game %s (%s) for sign-up: %s seats.\n", g.ID, g.Engine.Name(), c.Seats)
	fmt.Fprintf(m.Stdout, "Host seed commitment: %s\n", g.HostCommitment())
	fmt.Fprintf(m.Stdout, "GM token (shown once; only its hash is kept): %s\n", ng.Tokens[""])
	if c.GM != "" {
		if _, err := mail.QueueTokens(ctx, m.store, ng); err != nil {
			return err
		}
		fmt.Fprintln(m.Stdout, "`taipan serve` mails the GM's token to the GM's address.")
	}
	m.printSignUp(g)
	return nil
}

// printSignUp prints where a forming game stands, for `open` and `status`.
func (m *Main) printSignUp(g *adjudicator.Game) {
	su := g.SignUp
	fmt.Fprintf(m.Stdout, "Sign-up: %s; %d of %s seats taken.\n", su.Phase, len(su.Entrants), su.Seats)
	switch su.Phase {
	case adjudicator.PhaseSignUp:
		fmt.Fprintf(m.Stdout, "Sign-up ends: %s (or once the seats are taken)\n", adjudicator.FormatTime(su.Deadline))
	case adjudicator.PhaseMuster:
		fmt.Fprintf(m.Stdout, "Muster ends: %s; to confirm: %s\n", adjudicator.FormatTime(su.Deadline), orNobody(su.Unconfirmed()))
	}
	tw := tabwriter.NewWriter(m.Stdout, 0, 4, 2, ' ', 0)
	for _, e := range su.Entrants {
		state := "signed up"
		if e.Confirmed {
			state = "confirmed"
		}
		var prefs []string
		for _, p := range e.Prefs {
			prefs = append(prefs, g.Campaign.SeatLabel(p))
		}
		entropy := "no entropy"
		switch {
		case e.Reveal != nil:
			entropy = "entropy revealed"
		case e.Commitment != "":
			entropy = "entropy committed"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\tseats %s\t%s\tvia %s\n", e.Name, e.Email, state, orNobody(prefs), entropy, e.Via)
	}
	tw.Flush()
	for _, l := range su.Left {
		fmt.Fprintf(m.Stdout, "  %s\n", l)
	}
}

// printTenure prints who held each seat that changed hands, from which
// step to which.
func (m *Main) printTenure(g *adjudicator.Game) {
	for i, t := range g.Tenure {
		if len(t) < 2 {
			continue
		}
		var held []string
		for j, x := range t {
			to := "now"
			if j < len(t)-1 {
				to = fmt.Sprintf("step %d", x.To)
			}
			held = append(held, fmt.Sprintf("%s (%s) from step %d to %s", x.Name, x.Email, x.From, to))
		}
		fmt.Fprintf(m.Stdout, "Seat %d: %s.\n", i+1, strings.Join(held, "; "))
	}
}

func (m *Main) runPlayers(ctx context.Context, args []string) error {
	pos, err := parseArgs(flag.NewFlagSet("players", flag.ContinueOnError), args, 0, 1, "players [ADDRESS]")
	if err != nil {
		return err
	}
	var people []adjudicator.Person
	err = m.store.Update(ctx, func(tx *events.Tx) error {
		if len(pos) == 1 {
			p, err := m.host.PersonTx(ctx, tx, pos[0])
			if err != nil {
				return err
			}
			if p == nil {
				return adjudicator.Errorf(adjudicator.ENOTFOUND, "%s plays in no game here", pos[0])
			}
			people = []adjudicator.Person{*p}
			return nil
		}
		people, err = m.host.PeopleTx(ctx, tx)
		return err
	})
	if err != nil {
		return err
	}
	if len(people) == 0 {
		fmt.Fprintln(m.Stdout, "No players yet.")
		return nil
	}
	tw := tabwriter.NewWriter(m.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PLAYER\tADDRESSES\tGAMES")
	for _, p := range people {
		var games []string
		for _, s := range p.Seats {
			games = append(games, s.Game+" ("+s.Name+")")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", p.Address, strings.Join(p.Addresses, ", "), strings.Join(games, ", "))
	}
	return tw.Flush()
}
