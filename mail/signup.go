package mail

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator"
	"taipan/events"
)

// The club's mail commands, asked of an address rather than of a seat (no
// player or token: whoever writes from the address is who the address is):
//
//	command: join club-1     # sign up to a game open for sign-up
//	name: alice              #   the name to play under
//	seats: [2, 1]            #   seat numbers in the order you prefer them (optional)
//	entropy: 9f86d0…         #   SHA-256 of 32 random bytes of yours, 64 hex digits (optional)
//	record: {"record": …}    #   a record another host signed (taipan record), for a game that asks for one
//
//	command: leave club-1    # leave it before it starts
//	command: confirm club-1  # confirm at muster
//	reveal: 3a7bd3…          #   the 32 bytes you committed to, 64 hex digits
//	command: standby alice   # be called when a seat frees up (standby off: no longer)
//	command: take club-1 bob # take bob's seat (in civil disorder or resigned), from the standby list
//	command: also alice@home.test  # add an address of yours: a code goes there,
//	command: also CODE       #   and from there, with it, the address is yours
//	command: fork club-1     # a practice game from a game you play, the bot in the
//	step: 4                  #   other seats: from the close of step 4 (default: the
//	fresh: true              #   last closed), or from a fresh set-up
//
//	command: open            # the GM opens a game for sign-up: the rest of the
//	id: club-2               #   file is its campaign (taipan open's), taken from
//	game: trader             #   the address of a GM of one of the host's games,
//	seats: 4                 #   who becomes its GM; the answer carries the GM token
//
// The core decides each (adjudicator/muster.go, substitute.go, identity.go);
// this file reads the mail and words the answers. Each is answered to the
// sender within the limits on answers.

// clubVerbs are the commands read here, with the fields each takes.
var clubVerbs = map[string][]string{
	"join":    {"name", "seats", "entropy", "record"},
	"leave":   {},
	"confirm": {"reveal"},
	"standby": {},
	"take":    {},
	"also":    {},
	"fork":    {"step", "fresh"},
	"open":    nil, // the campaign's own keys
}

// clubRequest is a club command as the mail gives it.
type clubRequest struct {
	verb    string
	args    []string
	name    string
	seats   []string
	entropy string
	reveal  string
	record  []byte // a signed record brought to join, as JSON
	step    *int   // the step a fork starts from (nil: the last closed)
	fresh   bool   // a fork from a fresh set-up
	// campaign is the file of `command: open`, its command line blanked
	// so that the campaign's mistakes are told at their lines.
	campaign []byte
	problem  string // a mistake in the file, located
}

// readClubRequest reads a club command from an order file; nil when the
// file holds none.
func readClubRequest(file []byte) *clubRequest {
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(file)).Decode(&doc); err != nil || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	root := doc.Content[0]
	var r *clubRequest
	for i := 0; i+1 < len(root.Content); i += 2 {
		if k, v := root.Content[i], root.Content[i+1]; strings.EqualFold(k.Value, "command") && v.Kind == yaml.ScalarNode {
			f := strings.Fields(v.Value)
			if len(f) == 0 {
				return nil
			}
			verb := strings.ToLower(f[0])
			if _, ok := clubVerbs[verb]; !ok {
				return nil
			}
			r = &clubRequest{verb: verb, args: f[1:]}
		}
	}
	if r == nil {
		return nil
	}
	if r.verb == "open" {
		lines := strings.Split(string(file), "\n")
		for i := 0; i+1 < len(root.Content); i += 2 {
			if k := root.Content[i]; strings.EqualFold(k.Value, "command") && k.Line-1 < len(lines) {
				lines[k.Line-1] = ""
			}
		}
		r.campaign = []byte(strings.Join(lines, "\n"))
		return r
	}
	takes := clubVerbs[r.verb]
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		key := strings.ToLower(k.Value)
		if key == "command" {
			continue
		}
		if !slices.Contains(takes, key) {
			what := "no other field"
			if len(takes) > 0 {
				what = "only " + strings.Join(takes, ", ")
			}
			r.problem = fmt.Sprintf("line %d: field %s: command %s takes %s", k.Line, k.Value, r.verb, what)
			return r
		}
		switch key {
		case "name":
			r.name = strings.TrimSpace(v.Value)
		case "entropy":
			r.entropy = strings.TrimSpace(v.Value)
		case "reveal":
			r.reveal = strings.TrimSpace(v.Value)
		case "step":
			n, err := strconv.Atoi(strings.TrimSpace(v.Value))
			if err != nil || n < 0 || v.Kind != yaml.ScalarNode {
				r.problem = fmt.Sprintf("line %d: field step: a step number, 0 for the set-up, not %q", v.Line, v.Value)
				return r
			}
			r.step = &n
		case "fresh":
			if v.Value != "true" && v.Value != "false" {
				r.problem = fmt.Sprintf("line %d: field fresh: true or false, not %q", v.Line, v.Value)
				return r
			}
			r.fresh = v.Value == "true"
		case "record":
			// The record's JSON, as a block of text or written inline
			// (JSON is YAML): its signature covers its values, not its
			// spelling.
			if v.Kind == yaml.ScalarNode {
				r.record = []byte(v.Value)
				break
			}
			var doc any
			if err := v.Decode(&doc); err == nil {
				r.record, _ = json.Marshal(doc)
			}
		case "seats":
			var words []string
			if v.Kind == yaml.SequenceNode {
				for _, c := range v.Content {
					words = append(words, c.Value)
				}
			} else {
				words = strings.FieldsFunc(v.Value, func(c rune) bool { return c == ',' || c == ' ' })
			}
			r.seats = append(r.seats, words...)
		}
	}
	return r
}

// usage is how each club command is written.
var clubUsage = map[string]string{
	"join":    "command: join GAME, with name: NAME (and optionally seats: [2, 1], entropy: COMMITMENT and record: A-SIGNED-RECORD)",
	"leave":   "command: leave GAME",
	"confirm": "command: confirm GAME (and reveal: VALUE if you gave entropy: at sign-up)",
	"standby": "command: standby NAME (or standby off)",
	"take":    "command: take GAME SEAT",
	"also":    "command: also ADDRESS, then from that address command: also CODE",
	"open":    "command: open, and below it the campaign (id:, game:, seats:, …)",
	"fork":    "command: fork GAME (and optionally step: N, or fresh: true)",
}

// clubAnswer is what a club command did: the answer's text, the game it
// changed (for the Dispatcher), the secrets the answer carries, and a mail
// to another address (the code of `also`).
type clubAnswer struct {
	body    string
	game    *adjudicator.Game
	secrets []string
	extra   *Draft
}

// clubArgs is how many words each club command takes after its name.
var clubArgs = map[string]int{"join": 1, "leave": 1, "confirm": 1, "standby": 1, "take": 2, "also": 1, "open": 0, "fork": 1}

// club answers a club command.
func (in *Ingester) club(ctx context.Context, tx *events.Tx, m *Inbound, r *clubRequest, res *Result) (*Result, error) {
	refuse := func(game, why string) (*Result, error) {
		res.Outcome, res.Reason, res.Game = Rejected, why, game
		subject := "[taipan] " + r.verb + " refused"
		if game != "" {
			subject = gameSubject(game, r.verb+" refused")
		}
		v, err := in.answer(ctx, tx, m, KindReject, m.From, "refused: "+why, func() (*Draft, error) {
			return in.replyDraft(m, game, KindReject, subject, refusalText(m, why, nil, false)), nil
		})
		res.Reason += v.note()
		return res, err
	}
	if r.problem != "" {
		return refuse("", r.problem)
	}
	if len(r.args) != clubArgs[r.verb] {
		return refuse("", "field command: write "+clubUsage[r.verb])
	}
	game := ""
	if r.verb != "standby" && r.verb != "also" && r.verb != "open" {
		game = r.args[0]
	}
	handle := map[string]func(context.Context, *events.Tx, *Inbound, *clubRequest) (*clubAnswer, error){
		"open": in.clubOpen, "join": in.clubJoin, "leave": in.clubLeaveOrConfirm, "confirm": in.clubLeaveOrConfirm,
		"standby": in.clubStandby, "take": in.clubTake, "also": in.clubAlso, "fork": in.clubFork,
	}[r.verb]
	var a *clubAnswer
	refused, err := in.savepoint(ctx, tx, game, true, func() (err error) {
		a, err = handle(ctx, tx, m, r)
		return err
	})
	if err != nil {
		return nil, err
	}
	if refused != nil {
		return refuse(game, strings.Join(errLines(refused), " "))
	}
	if a.game != nil {
		game = a.game.ID
	}
	res.Outcome, res.Reason, res.Game = Command, r.verb, game
	if a.extra != nil {
		if _, err := in.Outbox.Enqueue(ctx, tx, a.extra); err != nil {
			return nil, err
		}
	}
	_, err = in.answer(ctx, tx, m, KindReply, m.From, "done: "+r.verb, func() (*Draft, error) {
		subject := "[taipan] " + r.verb
		if game != "" {
			subject = gameSubject(game, r.verb)
		}
		d := in.replyDraft(m, game, KindReply, subject, a.body)
		d.Secrets = a.secrets
		return d, nil
	})
	if err != nil {
		return nil, err
	}
	if a.game != nil && in.Dispatcher != nil {
		return res, in.Dispatcher.ChangedTx(ctx, tx, a.game)
	}
	return res, nil
}

// clubOpen is the GM's `command: open`.
func (in *Ingester) clubOpen(ctx context.Context, tx *events.Tx, m *Inbound, r *clubRequest) (*clubAnswer, error) {
	ng, err := in.openByMail(ctx, tx, m, r.campaign)
	if err != nil {
		return nil, err
	}
	g, tok := ng.Game, ng.Tokens[""]
	body := fmt.Sprintf("Opened game %s (%s) for sign-up: %s seats, sign-up until %s.\nHost seed commitment: %s\n\n", g.ID, g.Engine.Name(), g.SignUp.Seats, adjudicator.FormatTime(g.SignUp.Deadline), g.HostCommitment()) +
		tokenText(g.ID, "GM", tok, "You are its GM.")
	return &clubAnswer{body: body, game: g, secrets: []string{tok}}, nil
}

// clubJoin is `command: join GAME`.
func (in *Ingester) clubJoin(ctx context.Context, tx *events.Tx, m *Inbound, r *clubRequest) (*clubAnswer, error) {
	if r.name == "" {
		return nil, adjudicator.Errorf(adjudicator.EINVALID, "field name: missing: add a line name: NAME, the name you will play under")
	}
	g, err := in.Host.JoinTx(ctx, tx, adjudicator.JoinRequest{Game: r.args[0], Name: r.name, Email: m.From, Seats: r.seats, Commitment: r.entropy, Via: "mail", Record: r.record})
	if err != nil {
		return nil, err
	}
	return &clubAnswer{body: fmt.Sprintf("You have joined game %s as %s.\n\n", g.ID, r.name) + signUpText(g, m.From), game: g}, nil
}

// clubGame is the game a club command names, to read; a game there is
// not is refused in the command's field.
func (in *Ingester) clubGame(ctx context.Context, tx *events.Tx, game string) (*adjudicator.Game, error) {
	g, err := in.Host.GameTx(ctx, tx, game)
	if err == nil && g == nil {
		err = adjudicator.Errorf(adjudicator.ENOTFOUND, "field command: there is no game %q here", oneLineText(game, 64))
	}
	return g, err
}

// clubLeaveOrConfirm is `command: leave GAME` or `command: confirm GAME`,
// from the address the player joined from.
func (in *Ingester) clubLeaveOrConfirm(ctx context.Context, tx *events.Tx, m *Inbound, r *clubRequest) (*clubAnswer, error) {
	game := r.args[0]
	g, err := in.clubGame(ctx, tx, game)
	if err != nil {
		return nil, err
	}
	var en *adjudicator.Entrant
	if g.SignUp != nil {
		en = g.SignUp.EntrantByEmail(m.From)
	}
	if en == nil {
		return nil, adjudicator.Errorf(adjudicator.ENOTFOUND, "%s has not joined game %s", m.From, game)
	}
	var body string
	if r.verb == "leave" {
		g, err = in.Host.LeaveTx(ctx, tx, game, en.Name, "by their own wish")
		body = fmt.Sprintf("You have left game %s.\n", game)
	} else {
		g, err = in.Host.ConfirmTx(ctx, tx, game, en.Name, r.reveal)
		body = fmt.Sprintf("You have confirmed for game %s, as %s.\n", game, en.Name)
		if r.reveal != "" {
			body += "Your entropy is revealed: it goes into the game's seed.\n"
		}
	}
	if err != nil {
		return nil, err
	}
	return &clubAnswer{body: body + "\n" + signUpText(g, m.From), game: g}, nil
}

// clubStandby is `command: standby NAME` (or `standby off`).
func (in *Ingester) clubStandby(ctx context.Context, tx *events.Tx, m *Inbound, r *clubRequest) (*clubAnswer, error) {
	if strings.EqualFold(r.args[0], "off") {
		was, err := in.Host.LeaveStandbyTx(ctx, tx, m.From)
		if err != nil {
			return nil, err
		}
		if !was {
			return &clubAnswer{body: fmt.Sprintf("%s was not on the standby list.\n", m.From)}, nil
		}
		return &clubAnswer{body: fmt.Sprintf("%s is off the standby list.\n", m.From)}, nil
	}
	if err := in.Host.StandbyTx(ctx, tx, m.From, r.args[0]); err != nil {
		return nil, err
	}
	return &clubAnswer{body: fmt.Sprintf("%s is on the standby list, as %s. When a seat frees up in a game\nthat musters, you may be called to it (you then confirm, as every player\ndoes); a seat in civil disorder you may take with command: take GAME SEAT.\n`command: standby off` takes you off the list.\n", m.From, r.args[0])}, nil
}

// clubTake is `command: take GAME SEAT`.
func (in *Ingester) clubTake(ctx context.Context, tx *events.Tx, m *Inbound, r *clubRequest) (*clubAnswer, error) {
	game := r.args[0]
	t, err := in.Host.TakeTx(ctx, tx, game, r.args[1], m.From)
	if err != nil {
		return nil, err
	}
	if t.Pending {
		return &clubAnswer{body: fmt.Sprintf("You have asked for %s's seat in game %s; the GM decides. You will get\nyour token by mail if the GM approves.\n", t.Seat, game), game: t.Game}, nil
	}
	body := tokenText(game, t.Name, t.Token, fmt.Sprintf("You have taken %s's seat in game %s, from step %d on, as %s.", t.Seat, game, t.Game.Step, t.Name))
	return &clubAnswer{body: body, game: t.Game, secrets: []string{t.Token}}, nil
}

// clubFork is `command: fork GAME`: a practice game for the player whose
// seat in GAME the sender's address holds.
func (in *Ingester) clubFork(ctx context.Context, tx *events.Tx, m *Inbound, r *clubRequest) (*clubAnswer, error) {
	game := r.args[0]
	g, err := in.clubGame(ctx, tx, game)
	if err != nil {
		return nil, err
	}
	player := nameOf(g, m.From)
	if player == "" {
		return nil, adjudicator.Errorf(adjudicator.ENOTFOUND, "%s holds no seat in game %s: a practice game is forked by one of its players, from their address", m.From, game)
	}
	opt := adjudicator.ForkOptions{Game: game, Player: player, Step: -1, Fresh: r.fresh}
	if r.step != nil {
		if r.fresh {
			return nil, adjudicator.Errorf(adjudicator.EINVALID, "field step: a fork starts from a step or from a fresh set-up, not both")
		}
		opt.Step = *r.step
	}
	ng, err := in.Host.ForkTx(ctx, tx, opt)
	if err != nil {
		return nil, err
	}
	f, tok := ng.Game, ng.Tokens[player]
	body := fmt.Sprintf("Created practice game %s (%s).\n%s\nIts reports come by mail as any game's; send your orders to it as to any.\n\n", f.ID, f.Engine.Name(), paragraph(f.Practice.String())) +
		tokenText(f.ID, player, tok, "It is your practice game.")
	return &clubAnswer{body: body, game: f, secrets: []string{tok}}, nil
}

// clubAlso is `command: also ADDRESS` (a code mailed there) and `command:
// also CODE` (sent back from it).
func (in *Ingester) clubAlso(ctx context.Context, tx *events.Tx, m *Inbound, r *clubRequest) (*clubAnswer, error) {
	arg := r.args[0]
	if !strings.Contains(arg, "@") {
		person, err := in.Host.ConfirmAddressTx(ctx, tx, m.From, arg)
		if err != nil {
			return nil, err
		}
		return &clubAnswer{body: fmt.Sprintf("%s is now an address of %s: the games of either are listed\nfor both (command: games).\n", m.From, person)}, nil
	}
	code, err := in.Host.AddAddressTx(ctx, tx, m.From, arg)
	if err != nil {
		return nil, err
	}
	return &clubAnswer{
		body: fmt.Sprintf("A code went to %s. From that address, send\n    command: also CODE\nwith the code, within two days, and %s is yours as well as %s.\n", arg, arg, m.From),
		extra: &Draft{Kind: KindNotice, Step: -1, To: arg, Subject: "[taipan] confirm an address",
			Body:      fmt.Sprintf("%s asks to add this address (%s) to theirs at Taipan, so that\nthe games of either are theirs. If that is you, reply from this address with\n\n    command: also %s\n\nIf it is not, ignore this mail: nothing changes.\n", m.From, arg, code),
			MessageID: newID(domainOf(in.Address), KindNotice, "also", strings.ToLower(arg), code[:6]),
			Secrets:   []string{code}},
	}, nil
}

// signUpText tells where a forming game stands, for the address addr.
func signUpText(g *adjudicator.Game, addr string) string {
	var b strings.Builder
	su := g.SignUp
	if su == nil || su.Started {
		fmt.Fprintf(&b, "Game %s has started: the players are %s.\n", g.ID, strings.Join(g.Names(), ", "))
		if g.Player(nameOf(g, addr)) != nil {
			b.WriteString("Your token comes by mail with the set-up report.\n")
		}
		return b.String()
	}
	fmt.Fprintf(&b, "Game %s (%s): %d of %s seats taken", g.ID, g.Engine.Name(), len(su.Entrants), su.Seats)
	var names []string
	for _, e := range su.Entrants {
		names = append(names, e.Name)
	}
	if len(names) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(names, ", "))
	}
	b.WriteString(".\n")
	switch su.Phase {
	case adjudicator.PhaseSignUp:
		fmt.Fprintf(&b, "Sign-up runs until %s, or until the seats are taken; then\nevery player is asked to confirm.\n", adjudicator.FormatTime(su.Deadline))
	case adjudicator.PhaseMuster:
		fmt.Fprintf(&b, "The muster is open until %s: still to confirm: %s.\n", adjudicator.FormatTime(su.Deadline), orNobody(su.Unconfirmed()))
		if en := su.EntrantByEmail(addr); en != nil && !en.Confirmed {
			b.WriteString(confirmHow(g.ID, en))
		}
	case adjudicator.PhaseCancelled:
		b.WriteString("Its sign-up is closed: there is no game.\n")
	}
	return b.String()
}

func nameOf(g *adjudicator.Game, addr string) string {
	for _, p := range g.Players {
		if strings.EqualFold(p.Email, addr) {
			return p.Name
		}
	}
	return ""
}

// confirmHow tells an entrant how to confirm.
func confirmHow(game string, en *adjudicator.Entrant) string {
	s := fmt.Sprintf("Confirm with the line\n    command: confirm %s\n", game)
	if en.Commitment != "" {
		s += "and, to put your entropy into the game's seed, the line\n    reveal: VALUE\nwith the 64 hex digits you committed to (left out, your value is left out).\n"
	}
	return s + "Whoever has not confirmed by the deadline is dropped, and the seat offered\nto the standby list.\n"
}

// signUpTx queues what a forming game owes by mail: to each player who
// joined on the site, word of it (once), with the code to leave there; the
// call to confirm, to each player not confirmed when a muster opens (once
// per muster).
func (d *Dispatcher) signUpTx(ctx context.Context, tx *events.Tx, g *adjudicator.Game) error {
	if !g.Forming() {
		return nil
	}
	su := g.SignUp
	for _, en := range su.Entrants {
		if en.Via != "web" || en.Email == "" {
			continue
		}
		code := g.LeaveCode(en.Name)
		dr := &Draft{Game: g.ID, Kind: KindNotice, Step: -1, To: en.Email,
			Subject:   gameSubject(g.ID, "you joined on the site, as "+en.Name),
			Body:      fmt.Sprintf("This address joined game %s on its web site, as %s. Every player is\nasked by mail to confirm before the game starts.\n\nIf it was not you, or you change your mind, leave with the line\n    command: leave %s\nor on the game's sign-up page, with your name and this code: %s\n", g.ID, en.Name, g.ID, code),
			MessageID: newID(d.Domain, KindNotice, g.ID, "joined", strings.ToLower(en.Name), strings.ToLower(en.Email)),
			InReplyTo: threadRoot(d.Domain, g.ID, playerKey(en.Name)),
			Secrets:   []string{code}}
		if _, err := d.Outbox.Enqueue(ctx, tx, dr); err != nil {
			return err
		}
	}
	if su.Phase != adjudicator.PhaseMuster {
		return nil
	}
	for i := range su.Entrants {
		en := &su.Entrants[i]
		if en.Confirmed || en.Email == "" {
			continue
		}
		called := ""
		if en.Via == "standby" {
			called = "You were called from the standby list to a seat that freed up.\n\n"
		}
		code := g.ConfirmCode(en.Name)
		dr := &Draft{Game: g.ID, Kind: KindNotice, Step: -1, To: en.Email,
			Subject: gameSubject(g.ID, "confirm by "+adjudicator.FormatTime(su.Deadline)),
			Body: called + fmt.Sprintf("Game %s musters: every player confirms before it starts.\n\n", g.ID) + confirmHow(g.ID, en) +
				fmt.Sprintf("\nOn the game's web site, its sign-up page takes your confirmation too, with\nyour name, %s, and this code: %s\n", en.Name, code),
			Secrets:   []string{code},
			MessageID: newID(d.Domain, KindNotice, g.ID, "muster", strconv.FormatInt(su.MusterSeq, 10), strings.ToLower(en.Name)),
			InReplyTo: threadRoot(d.Domain, g.ID, playerKey(en.Name))}
		if _, err := d.Outbox.Enqueue(ctx, tx, dr); err != nil {
			return err
		}
	}
	return nil
}

// QueueSeatTokens keeps the tokens of players seated (a game that starts
// from its sign-up, a substitute approved) for the Dispatcher to mail,
// with the set-up report or on their own, inside the transaction that
// seats them (the Host's OnSeated).
func QueueSeatTokens(ctx context.Context, tx *events.Tx, g *adjudicator.Game, tokens map[string]string) error {
	for _, p := range g.Players {
		tok := tokens[p.Name]
		if tok == "" {
			continue
		}
		if p.Email == "" || tok == "" {
			continue
		}
		if _, err := tx.Exec(ctx,
			`INSERT INTO mail_tokens (game_id, player, token, created_at) VALUES (?, ?, ?, ?)
			 ON CONFLICT (game_id, player) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`,
			g.ID, p.Name, tok, stamp(now(nil))); err != nil {
			return err
		}
	}
	return nil
}

// openGamesText lists the games open for sign-up, for `command: games`.
func (in *Ingester) openGamesText(ctx context.Context, tx *events.Tx) (string, error) {
	sums, err := in.Host.Summaries(ctx)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, s := range sums {
		if s.Phase != adjudicator.PhaseSignUp && s.Phase != adjudicator.PhaseMuster {
			continue
		}
		g, err := in.Host.GameTx(ctx, tx, s.ID)
		if err != nil || g == nil || !g.Forming() {
			continue
		}
		su := g.SignUp
		fmt.Fprintf(&b, "%s (%s): %d of %s seats taken; ", g.ID, g.Engine.Name(), len(su.Entrants), su.Seats)
		if su.Phase == adjudicator.PhaseMuster {
			fmt.Fprintf(&b, "full, mustering until %s.\n", adjudicator.FormatTime(su.Deadline))
		} else {
			fmt.Fprintf(&b, "sign-up until %s.\n", adjudicator.FormatTime(su.Deadline))
		}
	}
	if b.Len() == 0 {
		return "", nil
	}
	return "Games open for sign-up (send command: join GAME with name: NAME):\n\n" + b.String(), nil
}

// openByMail opens the campaign of a GM's `command: open`: from the
// address of a GM of one of the host's games, who becomes the new game's
// GM.
func (in *Ingester) openByMail(ctx context.Context, tx *events.Tx, m *Inbound, file []byte) (*adjudicator.NewGame, error) {
	ms, err := in.Host.MembershipsTx(ctx, tx, m.From)
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(ms, func(ms adjudicator.Membership) bool { return ms.Role == adjudicator.RoleGM }) {
		return nil, adjudicator.Errorf(adjudicator.EUNAUTHORIZED, "field command: a game is opened by mail only from the address of a GM of one of this host's games; %s is none (the first is opened with taipan open)", m.From)
	}
	c, err := adjudicator.ParseCampaign(file)
	if err != nil {
		return nil, err
	}
	switch {
	case c.GM == "":
		c.GM = m.From
	case !strings.EqualFold(c.GM, m.From):
		return nil, adjudicator.Errorf(adjudicator.EINVALID, "field gm: the campaign names %s as its GM, but the mail comes from %s; a GM opens games for themself", c.GM, m.From)
	}
	if _, named := c.Options["data"].(string); named {
		return nil, adjudicator.Errorf(adjudicator.EINVALID, "options: data: names a file, which a mail cannot carry; open the game with taipan open")
	}
	return in.Host.OpenTx(ctx, tx, c)
}

// offerSeats offers the seats that fell into civil disorder at the close
// of step to everyone on the host's standby list, once each.
func (d *Dispatcher) offerSeats(ctx context.Context, tx *events.Tx, gs *adjudicator.Game, step int) error {
	if len(gs.Last.Disorder) == 0 {
		return nil
	}
	list, err := d.Host.StandbyListTx(ctx, tx)
	if err != nil {
		return err
	}
	approve := ""
	if gs.Campaign.Substitutes == adjudicator.SubstitutesApprove {
		approve = " (the GM approves each)"
	}
	for _, sb := range list {
		if gs.Roster().Knows(sb.Email) {
			continue
		}
		for _, seat := range gs.Last.Disorder {
			dr := &Draft{Game: gs.ID, Kind: KindNotice, Step: -1, To: sb.Email,
				Subject:   gameSubject(gs.ID, "a seat is free: "+seat+"'s"),
				Body:      fmt.Sprintf("%s's seat in game %s (%s) fell into civil disorder at the close of step %d.\nYou are on the standby list: to take it%s, from the open step on, send\n\n    command: take %s %s\n\nThe first to ask has it; the one who held it keeps their record, and you\nstart yours.\n", seat, gs.ID, gs.Engine.Name(), step, approve, gs.ID, seat),
				MessageID: newID(d.Domain, KindNotice, gs.ID, "offer", strconv.Itoa(step), strings.ToLower(seat), strings.ToLower(sb.Email))}
			if _, err := d.Outbox.Enqueue(ctx, tx, dr); err != nil {
				return err
			}
		}
	}
	return nil
}
