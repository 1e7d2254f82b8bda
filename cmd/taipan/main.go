// Command taipan is Taipan's command line: the GM's tool to create games,
// submit orders, close steps, read reports and audit logs, and the host that
// serves games by mail.
//
// Usage: taipan [--db FILE] COMMAND [ARGS]; `taipan help` lists the commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"taipan/adjudicator"
	"taipan/adjudicator/oldshanghai"
	"taipan/adjudicator/sackson"
	"taipan/adjudicator/shanghaitrader"
	"taipan/adjudicator/singapore"
	"taipan/adjudicator/trader"
	"taipan/events"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	m := NewMain()
	err := m.ParseFlags(os.Args[1:])
	if err == nil {
		err = m.Run(ctx)
	}
	if cerr := m.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "taipan: "+oneLine(err.Error()))
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// Main is the program: its flags, its open database, its output.
type Main struct {
	DBPath string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer

	command string
	args    []string

	store    *events.Store
	host     *adjudicator.Host
	renderer *adjudicator.Renderer
}

// NewMain returns a Main on the process's standard streams.
func NewMain() *Main {
	return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
}

// Games is the registry of every game Taipan adjudicates.
func Games() *adjudicator.Registry {
	return adjudicator.NewRegistry(trader.New(), sackson.New(), singapore.New(), oldshanghai.New(), shanghaitrader.New())
}

// usageError is a mistake in the command line itself.
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// ParseFlags reads the global flags and the command name.
func (m *Main) ParseFlags(args []string) error {
	fs := flag.NewFlagSet("taipan", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	def := os.Getenv("TAIPAN_DB")
	if def == "" {
		def = "taipan.db"
	}
	fs.StringVar(&m.DBPath, "db", def, "the SQLite database file (env TAIPAN_DB)")
	fs.Usage = func() { fmt.Fprint(m.Stderr, usage) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fmt.Fprint(m.Stderr, usage)
		return usagef("no command given")
	}
	m.command, m.args = fs.Arg(0), fs.Args()[1:]
	return nil
}

// open opens the database and the host on it.
func (m *Main) open() error {
	if m.store != nil {
		return nil
	}
	st, err := events.Open(m.DBPath)
	if err != nil {
		return err
	}
	r, err := adjudicator.NewRenderer()
	if err != nil {
		st.Close()
		return err
	}
	m.store, m.renderer = st, r
	m.host = &adjudicator.Host{Store: st, Games: Games()}
	return nil
}

// Close closes the database, if open.
func (m *Main) Close() error {
	if m.store != nil {
		err := m.store.Close()
		m.store = nil
		return err
	}
	return nil
}

// Run runs the command.
func (m *Main) Run(ctx context.Context) error {
	cmd, ok := commandTable()[m.command]
	if !ok {
		return usagef("unknown command %q; run `taipan help`", m.command)
	}
	if cmd.db {
		if err := m.open(); err != nil {
			return err
		}
	}
	return cmd.run(m, ctx, m.args)
}

type command struct {
	db  bool // needs the database open
	run func(m *Main, ctx context.Context, args []string) error
}

// commandTable maps command names to their implementations.
func commandTable() map[string]command {
	return map[string]command{
		"help":       {false, func(m *Main, _ context.Context, _ []string) error { fmt.Fprint(m.Stdout, usage); return nil }},
		"new":        {true, (*Main).runNew},
		"submit":     {true, (*Main).runSubmit},
		"status":     {true, (*Main).runStatus},
		"adjudicate": {true, (*Main).runAdjudicate},
		"report":     {true, (*Main).runReport},
		"state":      {true, (*Main).runState},
		"log":        {true, (*Main).runLog},
		"export":     {true, (*Main).runExport},
		"import":     {true, (*Main).runImport},
		"audit":      {false, (*Main).runAudit},
		"gm":         {true, (*Main).runGM},
		"games":      {true, (*Main).runGames},
		"rules":      {false, (*Main).runRules},
		"demo":       {false, (*Main).runDemo},
		"serve":      {true, (*Main).runServe},
	}
}

const usage = `taipan: a play-by-email adjudicator for trading games

Usage: taipan [--db FILE] COMMAND [ARGS]
  --db FILE   the SQLite database (default taipan.db, or $TAIPAN_DB)

Commands:
  demo                                play a Trader game in a temporary database
  new CAMPAIGN.yaml                   create a game; prints each player's token once
  submit GAME --player P [FILE|-]     submit an order file as P (the GM needs no token)
  status GAME                         the open step, who is pending, the deadline
  adjudicate GAME [--reason TEXT]     close the open step now (defaults for the missing)
  report GAME [--player P] [--step N] a rendered report (default: GM's, latest step)
  state GAME [--player P] [--json]    the state now: the GM's full view, or P's view
  log GAME [--json]                   the event log
  export GAME [--public]              the event log as JSON Lines (--public: seed and orders withheld until the end)
  import FILE|-                       load an exported log into this database
  audit GAME | audit --file LOG       replay from scratch; check hashes and digests
  gm GAME ACTION [ARGS] --reason TEXT a GM override (run 'taipan gm GAME help')
  games                               list the games in the database
  rules GAME-NAME                     the order syntax of a game (e.g. trader)
  serve [--config FILE]               serve the games by mail (no config: embedded SMTP + Maildir)
  help                                this text
`

// oneLine folds a multi-line error into one line for stderr.
func oneLine(s string) string {
	s = strings.ReplaceAll(s, ":\n", ": ")
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", "; ")), " ")
}
