// Command taipan is Taipan's one program: the GM's command line (create
// games, submit orders, close steps, read reports and logs, export, import
// and audit them, steer a long campaign) and the host that serves the
// games by mail and on the web.
//
// Usage: taipan [--db DB] COMMAND [ARGS]; `taipan help` lists the
// commands, and the README's Command line section explains them. DB is an
// SQLite file (default taipan.db, or $TAIPAN_DB) or a postgres:// URL.
//
// # Thin wiring over the core
//
// The command decides nothing about games. The rules are the engines'
// (adjudicator/GAME, on the contract of adjudicator/engine); the log is
// package events'; creating games, taking orders, closing steps, GM
// actions, reports and audits are package adjudicator's (Host, Replay,
// Audit, Renderer); the mail gateway is package mail's and the web site
// package web's. Each command parses its flags, opens the store and the
// Host on it, calls the core and prints what it answers. So the GM's
// actions here reach the games by the same Host calls as the mail's and
// the web's, and a change of behaviour belongs in the core, not in a
// command.
//
// # Files
//
//   - main.go: main, and Main, the program: the global flags, the open
//     database with its Host and Renderer, the output streams; Games, the
//     registry of every engine (where a new game is registered); the
//     command table (each command's function and whether it needs an
//     existing database, creates one, or opens its own); the usage text.
//   - commands.go: the commands on games: new, submit, status,
//     adjudicate, report, state, log, export, import, audit, gm, games and
//     rules, and parseArgs, which lets flags stand anywhere among the
//     arguments.
//   - tools.go: preview and press, tools of a long campaign.
//   - demo.go: demo, a whole Trader game in a temporary database, played
//     by the paths mail takes.
//   - serve.go: serve, the long-running host: it reads the serve config,
//     opens the database it names, starts the mail gateway (package mail)
//     and, when the config has a web: section, the web site beside it
//     (package web), wired so that the site mails through the gateway and
//     every mailed report carries a login link; SIGTERM or Ctrl-C stops it
//     cleanly.
//   - web.go: web, the web site alone, configured by flags.
//   - migrate.go: migrate, every declared table copied from one store to
//     another (SQLite ⇄ PostgreSQL), each game audited in its new home.
//   - backup.go: backup, a consistent copy of the database while serve
//     runs.
//   - sign.go: keygen and head, and the GM's signing key (a file named by
//     --key, $TAIPAN_SIGNING_KEY or the serve config): when one is given,
//     every report carries the log's head signed with it.
//   - version.go: version and --version: the build, the engine versions it
//     plays, the log formats and schema it reads.
//
// # Configuration
//
// Commands take flags; only serve reads a file, its YAML config, with one
// section per adapter: the mail's settings (servers, limits, retries,
// retention; mail.Config) and, under web:, the site's (web.Config), each
// read by its adapter's own type and decoded strictly, so that a misspelt
// key is refused with its name. The config also names the database and
// the signing key serve runs with. Without a config serve runs the
// embedded mode: an SMTP listener on 127.0.0.1 and a local Maildir.
//
// # Tests
//
// The tests build this binary once and run it as a GM would, on real
// SQLite files and a real PostgreSQL cluster, with real IMAP and SMTP
// servers for serve and the site spoken to over HTTP (main_test.go's
// newCLI). Some also hold the README to what the binary says
// (truths_test.go).
package main
