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
	"path/filepath"
	"strings"

	"taipan/adjudicator"
	"taipan/adjudicator/oldshanghai"
	"taipan/adjudicator/sackson"
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

	scratch  bool // the database is a temporary one of the command's own
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
	return adjudicator.NewRegistry(trader.New(), sackson.New(), singapore.New(), oldshanghai.New())
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

// open opens the database and the host on it. Only the commands that make
// games (new, import, serve) create a missing database; the others say
// where they looked.
func (m *Main) open() error {
	if m.store != nil {
		return nil
	}
	openStore := events.OpenExisting
	if cmd, ok := commandTable()[m.command]; ok && cmd.db == dbCreate || m.scratch {
		openStore = events.Open
	}
	st, err := openStore(m.DBPath)
	if errors.Is(err, events.ErrNoDatabase) {
		return adjudicator.Errorf(adjudicator.ENOTFOUND, "%v: give --db FILE or set TAIPAN_DB to the games' database (only new, import and serve create one)", err)
	}
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
	if cmd.db != dbNone {
		if err := m.open(); err != nil {
			return err
		}
	}
	err := cmd.run(m, ctx, m.args)
	var e *adjudicator.Error
	if errors.As(err, &e) && e.Code == adjudicator.ENOTFOUND && strings.HasPrefix(e.Message, "no game ") && m.store != nil && !strings.Contains(e.Message, " in the database ") {
		// Name the database: a GM in the wrong folder sees at once why.
		abs, aerr := filepath.Abs(m.DBPath)
		if aerr != nil {
			abs = m.DBPath
		}
		e.Message += " in the database " + abs
	}
	return err
}

type command struct {
	db  dbUse
	run func(m *Main, ctx context.Context, args []string) error
}

// dbUse is what a command needs of the database.
type dbUse int

const (
	dbNone     dbUse = iota // none, or opens it itself
	dbExisting              // an existing database
	dbCreate                // a database, created if missing
)

// commandTable maps command names to their implementations.
func commandTable() map[string]command {
	return map[string]command{
		"help":       {dbNone, func(m *Main, _ context.Context, _ []string) error { fmt.Fprint(m.Stdout, usage); return nil }},
		"new":        {dbCreate, (*Main).runNew},
		"submit":     {dbExisting, (*Main).runSubmit},
		"status":     {dbExisting, (*Main).runStatus},
		"adjudicate": {dbExisting, (*Main).runAdjudicate},
		"report":     {dbExisting, (*Main).runReport},
		"state":      {dbExisting, (*Main).runState},
		"log":        {dbExisting, (*Main).runLog},
		"export":     {dbExisting, (*Main).runExport},
		"import":     {dbCreate, (*Main).runImport},
		"audit":      {dbNone, (*Main).runAudit},
		"gm":         {dbExisting, (*Main).runGM},
		"games":      {dbExisting, (*Main).runGames},
		"rules":      {dbNone, (*Main).runRules},
		"demo":       {dbNone, (*Main).runDemo},
		"serve":      {dbCreate, (*Main).runServe},
	}
}

const usage = `taipan: a play-by-email adjudicator for trading games

Usage: taipan [--db FILE] COMMAND [ARGS]
  --db FILE   the SQLite database (default taipan.db, or $TAIPAN_DB)

Commands:
  demo                                play a Trader game in a temporary database
  new CAMPAIGN.yaml [--no-mail]       create a game; prints each player's token once (serve mails them)
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
  serve [--config FILE] [--check]     serve the games by mail (no config: embedded SMTP + Maildir)
  help                                this text
`

// oneLine folds a multi-line error into one line for stderr.
func oneLine(s string) string {
	s = strings.ReplaceAll(s, ":\n", ": ")
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", "; ")), " ")
}
