package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"taipan/adjudicator"
	"taipan/adjudicator/oldshanghai"
	"taipan/adjudicator/sackson"
	"taipan/adjudicator/shanghaitrader"
	"taipan/adjudicator/singapore"
	"taipan/adjudicator/trader"
	"taipan/events"
	"taipan/mail"
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

	mayCreate bool // the command may create the database it is given (new, demo, serve)
	dbSet     bool // the database was named by --db or $TAIPAN_DB, not left to its default
	store     *events.Store
	host      *adjudicator.Host
	renderer  *adjudicator.Renderer
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
	fs.StringVar(&m.DBPath, "db", def, "the database: an SQLite file, or a postgres:// URL (env TAIPAN_DB)")
	printVersion := fs.Bool("version", false, "print the build and the engine versions it plays")
	fs.Usage = func() { fmt.Fprint(m.Stderr, usage) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	m.dbSet = os.Getenv("TAIPAN_DB") != ""
	fs.Visit(func(f *flag.Flag) { m.dbSet = m.dbSet || f.Name == "db" })
	if *printVersion {
		m.command = "version"
		return nil
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
	if cmd, ok := commandTable()[m.command]; ok && cmd.db == dbCreate || m.mayCreate {
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
	r.Recipients, r.Skeleton, r.Decision = true, true, true
	m.store, m.renderer = st, r
	m.host = &adjudicator.Host{Store: st, Games: Games(), OnSeated: mail.QueueSeatTokens}
	return m.useSigningKey("")
}

// dbName names the database for messages: the SQLite file's absolute path,
// or the PostgreSQL URL without its password.
func (m *Main) dbName() string {
	if events.IsPostgres(m.DBPath) {
		if m.store != nil {
			return m.store.Path()
		}
		if u, err := url.Parse(m.DBPath); err == nil {
			return u.Redacted()
		}
		return "the PostgreSQL database"
	}
	if abs, err := filepath.Abs(m.DBPath); err == nil {
		return abs
	}
	return m.DBPath
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
		e.Message += " in the database " + m.dbName()
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
		"new":        {dbNone, (*Main).runNew},  // opens (creating) the database itself, unless --check
		"open":       {dbNone, (*Main).runOpen}, // likewise
		"players":    {dbExisting, (*Main).runPlayers},
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
		"serve":      {dbNone, (*Main).runServe}, // opens (creating) the database itself, after its config
		"version":    {dbNone, (*Main).runVersion},
		"backup":     {dbExisting, (*Main).runBackup},
		"preview":    {dbExisting, (*Main).runPreview},
		"press":      {dbExisting, (*Main).runPress},
		"migrate":    {dbNone, (*Main).runMigrate},
		"web":        {dbExisting, (*Main).runWeb},
		"keygen":     {dbNone, (*Main).runKeygen},
		"head":       {dbExisting, (*Main).runHead},
		"hook":       {dbExisting, (*Main).runHook},
		"attendance": {dbExisting, (*Main).runAttendance},
		"record":     {dbNone, (*Main).runRecord}, // opens the database itself, unless --verify
		"fork":       {dbExisting, (*Main).runFork},
		"arena":      {dbNone, (*Main).runArena},
	}
}

const usage = `taipan: a play-by-email adjudicator for trading games

Usage: taipan [--db FILE] COMMAND [ARGS]
  --db DB     the database: an SQLite file (default taipan.db, or $TAIPAN_DB)
              or a PostgreSQL URL postgres://user:password@host/dbname

Commands:
  demo                                play a Trader game in a temporary database
  new CAMPAIGN.yaml [--check] [--no-mail]
                                      create a game; prints each player's token once
                                      (serve mails them unless --no-mail; --check: only check)
  open CAMPAIGN.yaml [--check]        open a game for sign-up (seats:, signup:, muster:, join:);
                                      players join by mail or on the site; prints the GM's token
  submit GAME --player P [--check] [FILE|-]
                                      submit an order file as P (the GM needs no token;
                                      --check: only check it)
  preview GAME [--player P]           the open step as it would resolve now, and its reports
  press GAME --from P [--to A,B] [--grey] TEXT
                                      a press message from a player (or gm)
  status GAME                         the open step, who is pending, the deadline
  adjudicate GAME [--reason TEXT]     close the open step now (defaults for the missing)
  report GAME [--player P] [--step N] [--json] [--png FILE] [--html FILE]
                                      a rendered report (default: GM's, latest step);
                                      --png/--html also write its picture, its HTML page;
                                      --json prints it for client tools (docs/schema)
  state GAME [--player P] [--json]    the state now: the GM's full view, or P's view
  log GAME [--json]                   the event log
  export GAME [--public]              the event log as JSON Lines (--public: secrets withheld until the end)
  import FILE|- [--expect-head SEQ:HASH] [--signature SIG --public-key KEY]
                                      audit an exported log, then load it into this database
  audit GAME | audit --file LOG [--expect-head SEQ:HASH] [--signature SIG --public-key KEY] [--bots]
                                      replay from scratch; check hashes, digests and defaults
                                      (and a head the GM signed); --bots: reproduce each bot
                                      move of the log with this build's bot, from its stream
  keygen FILE                         make a GM's signing key; prints its public key
  head GAME [--key FILE]              the log's head, signed with the GM's key if given
                                      (or $TAIPAN_SIGNING_KEY): publish it with an export
  gm GAME ACTION [ARGS] --reason TEXT a GM override (run 'taipan gm GAME help')
  fork GAME --as PLAYER [--step N | --fresh] [--id ID] [--no-mail]
                                      a practice game for PLAYER from a step of GAME (or a fresh
                                      set-up), the bot in every other seat; the original is untouched
  arena GAME --games N --seats bot,random,defaults,… [--options JSON] [--seed S]
                                      play N games in memory, the seat kinds rotating through
                                      the seats; one row per kind: games, wins, share, mean score
  games                               list the games: open step, awaited, deadline
  players [ADDRESS]                   the players, by address (with those they added), and their games
  backup FILE                         a consistent copy of the database, also while serving
  attendance GAME | attendance --player ADDRESS
                                      each seat's attendance step by step (on time, late,
                                      excused, missed, civil disorder), from the log
  record ADDRESS [--key FILE]         a player's record of finished games, signed (JSON)
  record --verify FILE --public-key KEY
                                      check a signed record, without a database
  hook add GAME URL [--format discord|slack|json] | hook list GAME | hook remove GAME URL
                                      post the game's step closes and deadlines to a URL
                                      (a Discord or Slack webhook, or plain JSON); serve sends them
  migrate --from DB --to DB           copy every game (and the mail tables) to another store, e.g.
                                      from taipan.db to postgres://…; audits each game there
  rules GAME-NAME                     the order syntax of a game (e.g. trader)
  serve [--config FILE]               serve the games by mail (no config: embedded SMTP + Maildir)
  web [--listen ADDR]                 serve the games' web site (default 127.0.0.1:8080)
  version                             the build, the engine versions it plays, the log formats
  help                                this text
`

// oneLine folds a multi-line error into one line for stderr.
func oneLine(s string) string {
	s = strings.ReplaceAll(s, ":\n", ": ")
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", "; ")), " ")
}
