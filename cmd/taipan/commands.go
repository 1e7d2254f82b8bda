package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"text/tabwriter"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
	"taipan/mail"
	"taipan/orders"
)

// parseArgs parses flags that may stand before, between or after the
// positional arguments, and checks the number of positionals.
func parseArgs(fs *flag.FlagSet, args []string, min, max int, usageLine string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for len(args) > 0 {
		// A negative number ("money bob -5") is an argument, not a flag.
		if negative.MatchString(args[0]) {
			pos = append(pos, args[0])
			args = args[1:]
			continue
		}
		n := len(args)
		for i := 1; i < len(args); i++ {
			if negative.MatchString(args[i]) && !takesValue(fs, args[i-1]) {
				n = i
				break
			}
		}
		if err := fs.Parse(args[:n]); err != nil {
			return nil, usagef("%v; usage: taipan %s", err, usageLine)
		}
		if fs.NArg() == 0 {
			args = args[n:]
			continue
		}
		pos = append(pos, fs.Arg(0))
		args = append(fs.Args()[1:], args[n:]...)
	}
	if len(pos) < min || (max >= 0 && len(pos) > max) {
		return nil, usagef("usage: taipan %s", usageLine)
	}
	return pos, nil
}

var negative = regexp.MustCompile(`^-[0-9]+$`)

// takesValue reports whether arg is a flag that takes the next argument as
// its value ("--step" but not "--json" or "--step=3").
func takesValue(fs *flag.FlagSet, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	if !strings.HasPrefix(arg, "-") || strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// readInput reads a named file, or standard input for "-" or no name.
func (m *Main) readInput(name string) ([]byte, error) {
	if name == "" || name == "-" {
		return io.ReadAll(io.LimitReader(m.Stdin, 16<<20))
	}
	return os.ReadFile(name)
}

func (m *Main) runNew(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	check := fs.Bool("check", false, "check the campaign file and create nothing")
	noMail := fs.Bool("no-mail", false, "do not mail the tokens: the GM hands them out")
	pos, err := parseArgs(fs, args, 1, 1, "new CAMPAIGN.yaml [--check] [--no-mail]")
	if err != nil {
		return err
	}
	c, err := m.readCampaign(pos[0])
	if err != nil {
		return err
	}
	// A game served by mail reaches every player by mail.
	needEmails := func() error {
		for _, p := range c.Players {
			if p.Email == "" && !p.Bot && !*noMail {
				return adjudicator.Errorf(adjudicator.EINVALID, "campaign %s: player %s has no email, and the game is served by mail; add one, or give --no-mail to hand out the tokens and run the game from the command line", c.ID, p.Name)
			}
		}
		return nil
	}
	if *check {
		eng, _, err := adjudicator.CheckCampaign(Games(), c, randomBytes)
		if err != nil {
			return err
		}
		if err := needEmails(); err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "Campaign %s is good: %s (%s) for %s. Nothing was created; run `taipan new %s` to create it.\n",
			c.ID, eng.Name(), eng.Version(), strings.Join(c.Names(), ", "), pos[0])
		if c.SeedGiven() {
			fmt.Fprintln(m.Stdout, "Note: the seed is given as 64 hex digits; whoever knows it can compute every hidden card. Keep it secret.")
		}
		return nil
	}
	if err := needEmails(); err != nil {
		return err
	}
	m.mayCreate = true // new creates the database it is given
	if err := m.open(); err != nil {
		return err
	}
	ng, err := m.host.Create(ctx, c)
	if err != nil {
		return err
	}
	g := ng.Game
	fmt.Fprintf(m.Stdout, "Created game %s (%s) for %s.\n", g.ID, g.Engine.Name(), strings.Join(g.Names(), ", "))
	fmt.Fprintf(m.Stdout, "Seed commitment: %s\n", g.Commitment)
	if err := m.printTokens(ctx, ng, g.Names(), *noMail); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "Step %d: %s.\n", g.Step, g.Status.Phase)
	if c.SeedGiven() {
		fmt.Fprintln(m.Stdout, "Note: the seed is given as 64 hex digits; whoever knows it can compute every hidden card. Keep it secret.")
	}
	return nil
}

// printTokens prints, once, the tokens of the players named and the GM's,
// and queues each for `taipan serve` to mail with the set-up report
// (unless noMail). A bot's seat has none.
func (m *Main) printTokens(ctx context.Context, ng *adjudicator.NewGame, names []string, noMail bool) error {
	fmt.Fprintf(m.Stdout, "Tokens (shown once; only their hashes are kept):\n")
	tw := tabwriter.NewWriter(m.Stdout, 0, 4, 2, ' ', 0)
	for _, name := range names {
		tok := ng.Tokens[name]
		if pl := ng.Game.Player(name); pl != nil && pl.Bot {
			tok = "(the bot's seat: no token)"
		}
		fmt.Fprintf(tw, "  %s\t%s\n", name, tok)
	}
	fmt.Fprintf(tw, "  (GM)\t%s\n", ng.Tokens[""])
	tw.Flush()
	if noMail {
		return nil
	}
	who, err := mail.QueueTokens(ctx, m.store, ng)
	if err != nil {
		return err
	}
	if len(who) > 0 {
		fmt.Fprintf(m.Stdout, "`taipan serve` mails each token with the set-up report to: %s (--no-mail: hand them out yourself).\n", strings.Join(who, ", "))
	}
	return nil
}

// readCampaign reads and checks the campaign file name ("-": standard
// input), its options' data inlined.
func (m *Main) readCampaign(name string) (*adjudicator.Campaign, error) {
	data, err := m.readInput(name)
	if err != nil {
		return nil, err
	}
	c, err := adjudicator.ParseCampaign(data)
	if err != nil {
		return nil, err
	}
	return c, inlineData(c, name)
}

// randomBytes reads n bytes from crypto/rand.
func randomBytes(n int) ([]byte, error) {
	b := make([]byte, n)
	_, err := rand.Read(b)
	return b, err
}

// inlineData replaces a campaign's options.data that names a file (a
// game's replacement of its embedded data, e.g. Shanghai Trader's map and
// charts) by the file's content, read relative to the campaign file, so
// that the log keeps the data itself and replays without the file.
func inlineData(c *adjudicator.Campaign, campaignFile string) error {
	name, ok := c.Options["data"].(string)
	if !ok {
		return nil
	}
	if !filepath.IsAbs(name) && campaignFile != "" && campaignFile != "-" {
		name = filepath.Join(filepath.Dir(campaignFile), name)
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return adjudicator.Errorf(adjudicator.EINVALID, "options: data: %v", err)
	}
	var v any
	if err := yaml.Unmarshal(b, &v); err != nil {
		return adjudicator.Errorf(adjudicator.EINVALID, "options: data: %s: %v", name, err)
	}
	c.Options["data"] = v
	return nil
}

// checkedError is a refusal of orders only checked, worded as a check.
func checkedError(err error) error {
	var ae *adjudicator.Error
	if !errors.As(err, &ae) || ae.Code == adjudicator.EINTERNAL {
		return err
	}
	c := *ae
	c.Message = "Checked, not submitted: mistakes found; nothing has been changed: " + ae.Message
	return &c
}

func (m *Main) runSubmit(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("submit", flag.ContinueOnError)
	player := fs.String("player", "", "the player whose orders these are")
	check := fs.Bool("check", false, "read and check the orders, answer with the game's reading, and submit nothing")
	pos, err := parseArgs(fs, args, 1, 2, "submit GAME --player P [--check] [FILE|-]")
	if err != nil {
		return err
	}
	file := ""
	if len(pos) == 2 {
		file = pos[1]
	}
	data, err := m.readInput(file)
	if err != nil {
		return err
	}
	// As on the web form, the file may leave out what the command line
	// says (game, player) or be only the orders list.
	env, err := orders.ParseFor(data, pos[0], *player)
	if err != nil {
		return &adjudicator.Error{Code: adjudicator.EINVALID, Message: "order file refused:", Orders: orders.Errors(err)}
	}
	if env.Game != pos[0] {
		return adjudicator.Errorf(adjudicator.EINVALID, "field game: the file is for game %q, not %q", env.Game, pos[0])
	}
	if *player != "" && env.Player != *player {
		return adjudicator.Errorf(adjudicator.EINVALID, "field player: the file is %s's, not %s's", env.Player, *player)
	}
	opt := adjudicator.SubmitOptions{Trusted: true, CheckOnly: *check || env.Check}
	var g *adjudicator.Game
	if env.Press != nil && !opt.CheckOnly {
		p := adjudicator.PressOrder{From: env.Player, Token: env.Token, To: env.Press.To, Text: env.Press.Text, Grey: env.Press.Grey}
		if g, _, err = m.host.Press(ctx, env.Game, p, opt); err != nil {
			return err
		}
		if env.Press.Grey {
			fmt.Fprintf(m.Stdout, "Grey press from %s to %s held: it is logged and relayed, unsigned, when step %d closes.\n", env.Player, orEveryone(env.Press.To), g.Step)
		} else {
			fmt.Fprintf(m.Stdout, "Press from %s sent to %s.\n", env.Player, orEveryone(env.Press.To))
		}
	}
	if a := env.Absence; a != nil && !opt.CheckOnly {
		if g, err = m.host.Absent(ctx, env.Game, env.Player, env.Token, a.From, a.Until, a.Reason, opt); err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "Absence of %s from %s to %s recorded; the deadline is %s.\n", env.Player,
			adjudicator.FormatTime(a.From), adjudicator.FormatTime(a.Until), deadlineText(g))
	}
	if !env.HasList {
		if g != nil {
			m.printNext(g)
		}
		return nil
	}
	r, err := m.host.Submit(ctx, env, opt)
	if err != nil {
		if opt.CheckOnly {
			return checkedError(err)
		}
		return err
	}
	what := fmt.Sprintf("Accepted: %s's orders for step %d of %s", r.Player, r.Step, r.Game.ID)
	switch {
	case r.Checked && r.Standing:
		what = fmt.Sprintf("Checked, not submitted: %s's standing orders for %s are acceptable", r.Player, r.Game.ID)
	case r.Checked:
		what = fmt.Sprintf("Checked, not submitted: %s's orders for step %d of %s are legal", r.Player, r.Step, r.Game.ID)
	case r.Standing:
		what = fmt.Sprintf("Accepted: %s's standing orders in %s (kept until changed)", r.Player, r.Game.ID)
	case r.Replace:
		what += " (replacing the earlier ones)"
	}
	fmt.Fprintf(m.Stdout, "%s; as the log holds them:\n", what)
	for _, l := range orders.Echo(r.Orders) {
		fmt.Fprintf(m.Stdout, "  %s\n", l)
	}
	if late := adjudicator.LateText(r); late != "" {
		fmt.Fprintln(m.Stdout, engine.Wrap(late, "", 72))
	}
	if len(r.Fills) > 0 {
		fmt.Fprintln(m.Stdout, "Where the file leaves something out:")
		for _, f := range r.Fills {
			fmt.Fprintln(m.Stdout, engine.Wrap(f, "  - ", 72))
		}
	}
	for _, s := range r.Closed {
		fmt.Fprintf(m.Stdout, "Step %d resolved.\n", s)
	}
	m.printNext(r.Game)
	return nil
}

// orEveryone names press recipients.
func orEveryone(to []string) string {
	if len(to) == 0 {
		return "everyone"
	}
	return strings.Join(to, ", ")
}

// deadlineText is the open step's deadline in words.
func deadlineText(g *adjudicator.Game) string {
	switch {
	case g.Paused:
		return "stopped (the game is paused)"
	case g.Deadline.IsZero():
		return "none"
	}
	return adjudicator.FormatTime(g.Deadline)
}

func (m *Main) printNext(g *adjudicator.Game) {
	if g.Forming() {
		m.printSignUp(g)
		return
	}
	if g.Status.Finished {
		fmt.Fprintf(m.Stdout, "The game is over. Winner: %s.\n", strings.Join(g.Status.Winners, " and "))
		return
	}
	fmt.Fprintf(m.Stdout, "Step %d: %s; waiting for %s.\n", g.Step, g.Status.Phase, orNobody(g.Awaiting()))
}

func orNobody(names []string) string {
	if len(names) == 0 {
		return "nobody"
	}
	return strings.Join(names, ", ")
}

func (m *Main) runStatus(ctx context.Context, args []string) error {
	pos, err := parseArgs(flag.NewFlagSet("status", flag.ContinueOnError), args, 1, 1, "status GAME")
	if err != nil {
		return err
	}
	g, err := m.host.Load(ctx, pos[0])
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "Game %s (%s), players %s\n", g.ID, g.Engine.Name(), strings.Join(g.Names(), ", "))
	if g.Practice != nil {
		fmt.Fprintln(m.Stdout, engine.Wrap(g.Practice.String(), "", 72))
	}
	if g.Forming() {
		m.printSignUp(g)
		return nil
	}
	if g.Status.Finished {
		fmt.Fprintf(m.Stdout, "Finished after step %d. Winner: %s.\n", g.Step-1, strings.Join(g.Status.Winners, " and "))
		return nil
	}
	fmt.Fprintf(m.Stdout, "Step %d: %s\n", g.Step, g.Status.Phase)
	fmt.Fprintf(m.Stdout, "Pending: %s\n", orNobody(g.Status.Pending))
	var in []string
	for _, p := range g.Status.Pending {
		if _, ok := g.Open[p]; ok {
			in = append(in, p)
		}
	}
	fmt.Fprintf(m.Stdout, "Orders in: %s\n", orNobody(in))
	fmt.Fprintf(m.Stdout, "Waiting for: %s\n", orNobody(g.Awaiting()))
	if g.Deadline.IsZero() {
		fmt.Fprintln(m.Stdout, "Deadline: none")
	} else {
		fmt.Fprintf(m.Stdout, "Deadline: %s\n", adjudicator.FormatTime(g.Deadline))
	}
	if at := g.CloseAt(); !at.IsZero() && g.Grace > 0 {
		// What `taipan games` lists as CLOSES: the deadline and the grace.
		fmt.Fprintf(m.Stdout, "Closes: %s (late orders are taken for the %s grace period after the deadline)\n", adjudicator.FormatTime(at), adjudicator.FormatDuration(g.Grace))
	}
	for _, p := range g.Players {
		switch {
		case p.Removed:
			fmt.Fprintf(m.Stdout, "%s has been removed.\n", p.Name)
		case p.Resigned:
			fmt.Fprintf(m.Stdout, "%s has resigned (defaults are played).\n", p.Name)
		case p.Bot:
			fmt.Fprintf(m.Stdout, "%s is the bot's seat: the game's bot plays it.\n", p.Name)
		case p.Disorder && g.PlayedByBot(p.Name):
			fmt.Fprintf(m.Stdout, "%s is in civil disorder, played by the game's bot: the seat is offered to the standby list (command: take %s %s).\n", p.Name, g.ID, p.Name)
		case p.Disorder:
			fmt.Fprintf(m.Stdout, "%s is in civil disorder: the seat is offered to the standby list (command: take %s %s).\n", p.Name, g.ID, p.Name)
		}
	}
	m.printTenure(g)
	for _, n := range g.Notes {
		fmt.Fprintln(m.Stdout, engine.Wrap(n.Text, n.Label()+": ", 72))
	}
	return nil
}

func (m *Main) runAdjudicate(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("adjudicate", flag.ContinueOnError)
	reason := fs.String("reason", "", "why the step closes now: shown to the players")
	pos, err := parseArgs(fs, args, 1, 1, "adjudicate GAME [--reason TEXT]")
	if err != nil {
		return err
	}
	var g *adjudicator.Game
	var closed []int
	if *reason != "" {
		var res *adjudicator.GMResult
		if res, err = m.host.GM(ctx, pos[0], adjudicator.GMAction{Action: "close", Reason: *reason}); err == nil {
			g, closed = res.Game, res.Closed
		}
	} else {
		g, closed, err = m.host.Close(ctx, pos[0], adjudicator.ReasonGM)
	}
	if err != nil {
		return err
	}
	for _, s := range closed {
		fmt.Fprintf(m.Stdout, "Step %d resolved.\n", s)
	}
	m.printNext(g)
	return nil
}

// loadAt replays a game up to the close of step (negative: all of it).
func (m *Main) loadAt(ctx context.Context, id string, step int) (*adjudicator.Game, error) {
	evs, err := m.store.Events(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(evs) == 0 {
		return nil, adjudicator.Errorf(adjudicator.ENOTFOUND, "no game %q", id)
	}
	g, err := adjudicator.ReplayUntil(m.host.Games, evs, step)
	if err != nil {
		return nil, err
	}
	if step >= 0 && g.Last.Step != step {
		return nil, adjudicator.Errorf(adjudicator.ENOTFOUND, "step %d of %s has not been resolved; the last resolved step is %d", step, id, g.Last.Step)
	}
	return g, nil
}

func (m *Main) runReport(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	player := fs.String("player", "", "the player whose report to show (default: the GM's)")
	step := fs.Int("step", -1, "the step (0 = set-up; default: the last resolved)")
	pngFile := fs.String("png", "", "also write the report's picture to this PNG file")
	htmlFile := fs.String("html", "", "also write the report as an HTML page, with its picture inside, to this file")
	asJSON := fs.Bool("json", false, "print the report for client tools, as JSON (docs/schema)")
	pos, err := parseArgs(fs, args, 1, 1, "report GAME [--player P] [--step N] [--json] [--png FILE] [--html FILE]")
	if err != nil {
		return err
	}
	g, err := m.loadAt(ctx, pos[0], *step)
	if err != nil {
		return err
	}
	if *asJSON {
		if *pngFile != "" || *htmlFile != "" {
			return adjudicator.Errorf(adjudicator.EINVALID, "report: --json prints the report alone; leave out --png and --html")
		}
		rep, err := m.renderer.JSON(g, *player)
		if err != nil {
			return err
		}
		b, err := rep.Bytes()
		if err != nil {
			return err
		}
		_, err = m.Stdout.Write(b)
		return err
	}
	if *pngFile == "" && *htmlFile == "" {
		text, err := m.renderer.Text(g, *player)
		if err != nil {
			return err
		}
		fmt.Fprint(m.Stdout, text)
		return nil
	}
	rich, err := m.renderer.Rich(g, *player, "")
	if err != nil {
		return err
	}
	if *pngFile != "" {
		if rich.PNG == nil {
			return adjudicator.Errorf(adjudicator.EINVALID, "%s draws no picture", g.Engine.Name())
		}
		if err := os.WriteFile(*pngFile, rich.PNG, 0o644); err != nil {
			return err
		}
	}
	if *htmlFile != "" {
		if err := os.WriteFile(*htmlFile, []byte(rich.HTML), 0o644); err != nil {
			return err
		}
	}
	fmt.Fprint(m.Stdout, rich.Text)
	return nil
}

func (m *Main) runState(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("state", flag.ContinueOnError)
	player := fs.String("player", "", "show only what this player may see")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseArgs(fs, args, 1, 1, "state GAME [--player P] [--json]")
	if err != nil {
		return err
	}
	g, err := m.host.Load(ctx, pos[0])
	if err != nil {
		return err
	}
	if *player != "" && g.Player(*player) == nil {
		return adjudicator.Errorf(adjudicator.ENOTFOUND, "game %s has no player %q", g.ID, *player)
	}
	if !*asJSON {
		text, err := m.renderer.View(g, *player)
		if err != nil {
			return err
		}
		fmt.Fprintln(m.Stdout, text)
		return nil
	}
	out, err := g.StateJSON(*player)
	if err != nil {
		return err
	}
	fmt.Fprintln(m.Stdout, string(out))
	return nil
}

func (m *Main) runLog(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("log", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the events as a JSON array")
	pos, err := parseArgs(fs, args, 1, 1, "log GAME [--json]")
	if err != nil {
		return err
	}
	evs, err := m.store.Events(ctx, pos[0])
	if err != nil {
		return err
	}
	if len(evs) == 0 {
		return adjudicator.Errorf(adjudicator.ENOTFOUND, "no game %q", pos[0])
	}
	if *asJSON {
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(evs)
	}
	voided := adjudicator.Voided(evs)
	tw := tabwriter.NewWriter(m.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SEQ\tRECORDED\tKIND\tACTOR\tVOIDED\tPAYLOAD")
	for _, e := range evs {
		payload := string(e.Payload)
		switch e.Kind {
		case adjudicator.KindCreated:
			payload = "(campaign and the seed's commitment)"
		case adjudicator.KindSeed:
			payload = "(the secret seed)"
		}
		if len(payload) > 100 {
			payload = payload[:97] + "..."
		}
		void := "-"
		if by, ok := voided[e.Seq]; ok {
			void = fmt.Sprintf("by #%d", by)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", e.Seq, e.RecordedAt.Format("2006-01-02 15:04:05"), e.Kind, e.Actor, void, payload)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(voided) > 0 {
		fmt.Fprintln(m.Stdout, "VOIDED: the rollback (by its SEQ) that voided the event: it stays in the log, but the game no\nlonger counts it.")
	}
	return nil
}

func (m *Main) runExport(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	public := fs.Bool("public", false, "withhold the campaign, the seed, the orders and the digests until the game is over")
	pos, err := parseArgs(fs, args, 1, 1, "export GAME [--public]")
	if err != nil {
		return err
	}
	evs, err := m.store.Events(ctx, pos[0])
	if err != nil {
		return err
	}
	if len(evs) == 0 {
		return adjudicator.Errorf(adjudicator.ENOTFOUND, "no game %q", pos[0])
	}
	if *public {
		g, err := adjudicator.Replay(m.host.Games, evs)
		if err != nil {
			return err
		}
		if evs, err = adjudicator.Public(g, evs); err != nil {
			return err
		}
	}
	return events.WriteJSONL(m.Stdout, evs)
}

func (m *Main) runImport(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	heads := newSignedHeadFlags(fs)
	pos, err := parseArgs(fs, args, 1, 1, "import FILE|- [--expect-head SEQ:HASH] [--signature SIG --public-key KEY]")
	if err != nil {
		return err
	}
	data, err := m.readInput(pos[0])
	if err != nil {
		return err
	}
	evs, err := events.ReadJSONL(bytes.NewReader(data))
	if err != nil {
		return adjudicator.Errorf(adjudicator.EINVALID, "import: %v", err)
	}
	if len(evs) == 0 {
		return adjudicator.Errorf(adjudicator.EINVALID, "import: the file holds no events")
	}
	if e, why, withheld := adjudicator.ExportWithheld(evs); withheld {
		return adjudicator.Errorf(adjudicator.EINVALID, "import refused: event %s is withheld (%s); import the full export", e.String(), why)
	}
	g, err := adjudicator.Audit(m.host.Games, evs)
	if err != nil {
		return fmt.Errorf("import refused: the log does not audit: %w", err)
	}
	head, err := heads.head(evs)
	if err != nil {
		return fmt.Errorf("import refused: %w", err)
	}
	if head != nil {
		if err := adjudicator.CheckHead(evs, *head); err != nil {
			return fmt.Errorf("import refused: %w", err)
		}
	}
	_, err = m.host.Import(ctx, evs)
	if errors.Is(err, events.ErrExists) {
		return adjudicator.Errorf(adjudicator.ECONFLICT, "import: game %s already exists in %s", g.ID, m.dbName())
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "Audited and imported game %s: %s (log format %d), hash chain intact, %s reproduced by %s; step %d.\n",
		g.ID, plural(len(evs), "event"), g.Format, plural(g.Last.Step, "step digest"), g.Engine.Version(), g.Step)
	switch {
	case *heads.signature != "":
		fmt.Fprintf(m.Stdout, "The GM's signature of head %s checks with key %s.\n", head, *heads.publicKey)
	case head == nil:
		fmt.Fprintf(m.Stdout, "The log's head is event %d, hash %s; give --expect-head SEQ:HASH from a report you hold to prove nothing was dropped after it.\n", len(evs), evs[len(evs)-1].Hash)
	}
	fmt.Fprintf(m.Stdout, "Tokens are not part of a log: issue them with `taipan gm %s token PLAYER --reason TEXT` (and the GM's with `token gm`).\n", g.ID)
	return nil
}

func (m *Main) runAudit(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	file := fs.String("file", "", "audit an exported log (JSON Lines) instead of a game in the database")
	heads := newSignedHeadFlags(fs)
	bots := fs.Bool("bots", false, "ask this build's bot again at every bot's move of the log, from the bot's stream, and list each")
	pos, err := parseArgs(fs, args, 0, 1, "audit GAME | audit --file LOG [--expect-head SEQ:HASH] [--signature SIG --public-key KEY] [--bots]")
	if err != nil {
		return err
	}
	var evs []events.Event
	var tamper []string
	switch {
	case *file != "" && len(pos) == 0:
		data, err := m.readInput(*file)
		if err != nil {
			return err
		}
		if evs, err = events.ReadJSONL(bytes.NewReader(data)); err != nil {
			return adjudicator.Failed(fmt.Errorf("%s: %v", *file, err)).Err()
		}
		if len(evs) == 0 {
			return adjudicator.Failed(fmt.Errorf("%s holds no events", *file)).Err()
		}
	case *file == "" && len(pos) == 1:
		if err := m.open(); err != nil {
			return err
		}
		if tamper, err = m.store.Integrity(ctx); err != nil {
			return err
		}
		if evs, err = m.store.Events(ctx, pos[0]); err != nil {
			return err
		}
		if len(evs) == 0 {
			return adjudicator.Errorf(adjudicator.ENOTFOUND, "no game %q", pos[0])
		}
	default:
		return usagef("usage: taipan audit GAME | audit --file LOG [--expect-head SEQ:HASH] [--signature SIG --public-key KEY] [--bots]")
	}
	head, err := heads.head(evs)
	if err != nil {
		return adjudicator.Failed(err).Err()
	}
	verdict := adjudicator.AuditLog(Games(), evs, adjudicator.AuditCheck{Head: head, SignedBy: *heads.publicKey, Tamper: tamper})
	if !verdict.Passed() {
		return verdict.Err()
	}
	fmt.Fprintln(m.Stdout, verdict)
	return m.printBotMoves(evs, *bots)
}

func (m *Main) runGM(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("gm", flag.ContinueOnError)
	reason := fs.String("reason", "", "why: shown to the players in the next reports")
	pos, err := parseArgs(fs, args, 2, -1, "gm GAME ACTION [ARGS] --reason TEXT")
	if err != nil {
		return err
	}
	if pos[1] == "help" {
		g, err := m.host.Load(ctx, pos[0])
		if err != nil {
			return err
		}
		if g.Forming() {
			fmt.Fprint(m.Stdout, gmSignUpHelp)
			return nil
		}
		fmt.Fprint(m.Stdout, gmHelp, g.Engine.Corrections(), "\n")
		return nil
	}
	if strings.TrimSpace(*reason) == "" {
		return adjudicator.Errorf(adjudicator.EINVALID, "give a reason (--reason TEXT): it is shown to the players")
	}
	res, err := m.host.GM(ctx, pos[0], adjudicator.GMAction{Action: pos[1], Args: pos[2:], Reason: *reason})
	var usage *adjudicator.Error
	if errors.As(err, &usage) && usage.Usage != "" {
		return adjudicator.Errorf(adjudicator.EINVALID, "usage: gm %s %s --reason TEXT", pos[0], usage.Usage)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "Done: %s (reason: %s).\n", strings.Join(pos[1:], " "), *reason)
	if res.Token != "" {
		fmt.Fprintf(m.Stdout, "New token (shown once): %s\n", res.Token)
	}
	for _, s := range res.Closed {
		fmt.Fprintf(m.Stdout, "Step %d resolved.\n", s)
	}
	m.printNext(res.Game)
	return nil
}

const gmHelp = `GM actions (each needs --reason TEXT, shown to the players):
  extend DURATION              push the deadline back (24h, 2d, 90m)
  deadline TIME|none           set the deadline (2026-12-24T18:00:00Z)
  replace PLAYER NAME [EMAIL]  hand a seat to a new player; prints the new token
  token PLAYER|gm              issue a new token (gm: the GM's own); prints it
  resign PLAYER                civil disorder: the default orders from now on
  void PLAYER                  drop the player's orders for the open step
  close                        close the open step now
  pause, resume                stop and restart the clock (no deadline runs while paused)
  grace DURATION|none          take late orders this long after each deadline
  rollback STEP                void everything played after step STEP; it opens again
  approve NAME                 give NAME, from the standby list, the seat they asked for
                               (a campaign with substitutes: approve)
  upgrade [open-step]          move the game to this build's engine version:
                               for the whole game if that replays every step
                               the same, else (open-step) from the open step on
This game's corrections:
`

// gmSignUpHelp is the help of `taipan gm GAME help` for a game in sign-up.
const gmSignUpHelp = `GM actions on a game in sign-up (each needs --reason TEXT):
  muster                       muster the players there are now (at least the fewest seats)
  close                        end the muster now: whoever has not confirmed is dropped
  cancel                       close the sign-up without a game
  token gm                     issue the GM a new token; prints it
`

func (m *Main) runGames(ctx context.Context, args []string) error {
	if _, err := parseArgs(flag.NewFlagSet("games", flag.ContinueOnError), args, 0, 0, "games"); err != nil {
		return err
	}
	list, err := m.host.List(ctx)
	if err != nil {
		return err
	}
	indexed := map[string]bool{}
	timed := false // a game's step closes by the clock: say what CLOSES is
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tENGINE\tSTEP\tAWAITING\tCLOSES\tPHASE")
	for _, s := range list {
		indexed[s.ID] = true
		awaiting, deadline := orNobody(s.Awaiting), "none"
		switch {
		case s.Paused:
			deadline = "paused"
		case !s.CloseAt.IsZero():
			deadline, timed = adjudicator.FormatTime(s.CloseAt), true
		}
		step := fmt.Sprintf("%d", s.Step)
		if s.Finished {
			awaiting, deadline, step = "-", "-", fmt.Sprintf("%d (over)", s.Step)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", s.ID, s.Engine, step, awaiting, deadline, s.Phase)
	}
	// Games the index could not take: they do not replay, and say why.
	ids, err := m.store.Games(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if !indexed[id] {
			_, err := m.host.Load(ctx, id)
			fmt.Fprintf(tw, "%s\t(does not replay: %v)\n", id, err)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if timed {
		fmt.Fprintln(m.Stdout, "CLOSES is when the clock closes the open step: its deadline, plus the grace period\nfor late orders where the game has one (`taipan status GAME` shows both).")
	}
	return nil
}

func (m *Main) runRules(_ context.Context, args []string) error {
	pos, err := parseArgs(flag.NewFlagSet("rules", flag.ContinueOnError), args, 1, 1, "rules GAME-NAME")
	if err != nil {
		return err
	}
	eng, err := Games().Engine(pos[0])
	if err != nil {
		return err
	}
	fmt.Fprintln(m.Stdout, eng.Help())
	fmt.Fprintf(m.Stdout, "\nEngine %s: new games play it.", eng.Version())
	if vs := adjudicator.Versions(eng); len(vs) > 1 {
		fmt.Fprintf(m.Stdout, " Games started with %s keep their version to the end (each report names it), unless the GM upgrades them.", strings.Join(vs[:len(vs)-1], ", "))
	}
	fmt.Fprintln(m.Stdout)
	return nil
}

// plural writes n and the noun, with an s unless n is 1: "1 event", "3 events".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
