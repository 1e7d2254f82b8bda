package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"taipan/adjudicator"
)

// runAttendance is `taipan attendance GAME` (every seat's attendance,
// step by step, with each seat's figures) or `taipan attendance --player
// ADDRESS` (that player's figures in every game of the host), recomputed
// from the logs.
func (m *Main) runAttendance(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("attendance", flag.ContinueOnError)
	player := fs.String("player", "", "a player's address: their figures in every game of this host")
	pos, err := parseArgs(fs, args, 0, 1, "attendance GAME | attendance --player ADDRESS")
	if err != nil {
		return err
	}
	if (*player == "") == (len(pos) == 0) {
		return adjudicator.Errorf(adjudicator.EINVALID, "usage: taipan attendance GAME | attendance --player ADDRESS")
	}
	w := tabwriter.NewWriter(m.Stdout, 0, 4, 2, ' ', 0)
	defer w.Flush()
	if *player != "" {
		games, err := m.host.PlayerAttendance(ctx, *player)
		if err != nil {
			return err
		}
		if len(games) == 0 {
			fmt.Fprintf(m.Stdout, "%s held no seat in a game of this host.\n", *player)
			return nil
		}
		var total adjudicator.RecordFigures
		fmt.Fprintln(w, "GAME\tSEATS\t"+figuresHead)
		for _, g := range games {
			state := ""
			if !g.Finished {
				state = " (running)"
			}
			fmt.Fprintf(w, "%s%s\t%s\t%s\n", g.Game, state, joinComma(g.Seats), figuresRow(g.Figures.Figures()))
			total.Add(g.Figures.Figures())
		}
		fmt.Fprintf(w, "all\t\t%s\n", figuresRow(total))
		return nil
	}
	steps, err := m.host.Attendance(ctx, pos[0])
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "STEP\tSEAT\tATTENDANCE\tWHY\n")
	for _, s := range steps {
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\n", s.Step, s.Seat, s.Status, s.Rule)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "SEAT\tHELD BY\t"+figuresHead)
	for _, s := range adjudicator.BySeat(steps) {
		holder := s.Holder
		if holder == "" {
			holder = "(no address)"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\n", s.Seat, holder, figuresRow(s.Figures.Figures()))
	}
	return nil
}

// figuresHead and figuresRow are the columns of attendance figures.
const figuresHead = "OWED\tON TIME\tLATE\tEXCUSED\tMISSED\tDISORDER\tON TIME OR EXCUSED"

func figuresRow(f adjudicator.RecordFigures) string {
	return fmt.Sprintf("%d\t%d\t%d\t%d\t%d\t%d\t%.0f%%", f.Owed, f.OnTime, f.Late, f.Excused, f.Missed, f.Disorder, f.OnTimeShare())
}

func joinComma(list []string) string { return strings.Join(list, ", ") }

// runRecord is `taipan record ADDRESS [--key FILE]`: the player's signed
// record of their finished games on this host, as JSON; or `taipan record
// --verify FILE --public-key KEY`, which checks one without a database.
func (m *Main) runRecord(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	keyFile := fs.String("key", "", "the host's signing key (default $"+signingKeyEnv+")")
	verify := fs.String("verify", "", "a record's file to check (no database needed)")
	publicKey := fs.String("public-key", "", "the host's public key, to check --verify with")
	pos, err := parseArgs(fs, args, 0, 1, "record ADDRESS [--key FILE] | record --verify FILE --public-key KEY")
	if err != nil {
		return err
	}
	if *verify != "" {
		if len(pos) > 0 || *publicKey == "" {
			return adjudicator.Errorf(adjudicator.EINVALID, "usage: taipan record --verify FILE --public-key KEY")
		}
		pub, err := adjudicator.ParsePublicKey(*publicKey)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(*verify)
		if err != nil {
			return err
		}
		r, err := adjudicator.VerifyRecord(data, pub)
		if err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "Record verified: %s, %d finished games, issued %s; %d steps owed, %.0f%% on time or excused (%d late, %d missed, %d in civil disorder).\n",
			r.Player, len(r.Games), adjudicator.FormatTime(r.Issued), r.Totals.Owed, r.Totals.OnTimeShare(), r.Totals.Late, r.Totals.Missed, r.Totals.Disorder)
		return nil
	}
	if len(pos) != 1 {
		return adjudicator.Errorf(adjudicator.EINVALID, "usage: taipan record ADDRESS [--key FILE]")
	}
	if err := m.open(); err != nil {
		return err
	}
	if err := m.useSigningKey(*keyFile); err != nil {
		return err
	}
	key := m.renderer.SigningKey
	if key == nil {
		return adjudicator.Errorf(adjudicator.EINVALID, "record: a record is signed with the host's key: pass --key FILE or set $%s (taipan keygen makes one)", signingKeyEnv)
	}
	r, err := m.host.PlayerRecord(ctx, key, pos[0])
	if err != nil {
		return err
	}
	out, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	_, err = m.Stdout.Write(append(out, '\n'))
	return err
}
