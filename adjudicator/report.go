package adjudicator

import (
	"bytes"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"text/template"
	"time"

	"taipan/adjudicator/engine"
	"taipan/templates"
)

// Report is the data of one rendered report: one step, seen by one player
// (or the GM, Player "", or observers, Player Observer).
type Report struct {
	GameID     string
	Title      string
	Step       int    // 0 for the set-up
	Reason     string // why the step closed
	Player     string
	Observer   bool
	Players    string // seating order, for the set-up report
	Notes      []string
	Defaults   []string // players who sent nothing
	Overruled  []string // players whose orders were no longer legal at the close
	Happenings []string
	Late       []string // players whose orders came in the grace period
	Disorder   []string // players put in civil disorder at this close
	// DisorderBot says the bot plays a seat in civil disorder
	// (civil_disorder_play: bot), not the defaults.
	DisorderBot bool
	Bots        []string // players whose seat the game's bot played this step
	// Practice says what a practice game is (ForkOrigin.String); "" for
	// every other game.
	Practice string
	Press    []string // the press of the step the reader may see, one line each
	View     string   // the game's view, drawn by its template
	Paused   bool

	Finished bool
	Result   string
	Next     int
	Phase    string
	YourTurn bool
	Waiting  string
	Deadline time.Time
	// LocalDeadline is the deadline in the reader's time zone, when they
	// set one (hours.go); "" otherwise.
	LocalDeadline string
	// Choices lists the reader's legal orders when they are due (see
	// Optioner), one line each; only when the Renderer asks for them.
	Choices []string
	// Skeleton is the orders list of an order file for the reader's
	// decision, filled in with the first legal choice of each decision
	// and the others as comments (engine.Skeleton), when they are due
	// and the Renderer asks for it; SkeletonEmpty says it has no live
	// line (every decision may be left out), so the file's list is [].
	Skeleton      []string
	SkeletonEmpty bool
	// Decision is the reader's YOUR DECISION panel when their orders are
	// due (DecisionPanel), when the Renderer asks for it.
	Decision []string

	Commitment    string
	Seed          string // only once the game is over
	EngineVersion string
	LogFormat     int
	// Digest is the state's SHA-256, in the GM's reports and in every
	// report once the game is over. While it runs, players and observers
	// get StateCommitment instead: a digest of the whole state, hidden
	// parts included, would let them test guesses of what they may not see.
	Digest          string
	StateCommitment string
	// HeadSeq and HeadHash are the log's chain head the report was made
	// from (the event that closed the step): whoever keeps the report can
	// prove that a later log still holds that event unchanged.
	HeadSeq  int64
	HeadHash string
	// HeadSignature is the GM's signature of the head (SignHead) and
	// HeadKey the public key to check it with, when the Renderer has the
	// GM's SigningKey; else "".
	HeadSignature string
	HeadKey       string
}

// Renderer renders reports from templates/.
type Renderer struct {
	t *template.Template
	// Choices adds to a player's report whose orders are due the orders
	// that are legal now, for engines that list them (Optioner). Off by
	// default, so that reports stay as the golden logs record them.
	Choices bool
	// SigningKey, when set, is the GM's key: each report carries its
	// head signed (sign.go). Off by default, so that reports stay as the
	// golden logs record them.
	SigningKey ed25519.PrivateKey
	// Recipients names, in the GM's full report, whom each private line
	// was for: "[to alice] You cannot afford …" (HappeningLine). Off by
	// default, so that the GM's reports stay byte for byte as the golden
	// and frozen logs record them: those logs are of the same engine and
	// log format as new games, so no version tells an old game from a new
	// one, and the wording is chosen by whoever renders (the CLI and the
	// web site turn it on).
	Recipients bool
	// Skeleton ends a report whose reader's orders are due with an
	// order file filled in from the legal choices (Report.Skeleton)
	// instead of "- ...". Off by default, for the same reason as
	// Recipients: the golden reports of games like any new one hold
	// "- ...".
	Skeleton bool
	// Decision puts the YOUR DECISION panel (DecisionPanel) in a
	// player's report whose orders are due, before the order file. Off
	// by default, for the same reason as Skeleton.
	Decision bool
	rich     // pictures and HTML (picture.go, report_html.go)
}

// NewRenderer parses the report templates.
func NewRenderer() (*Renderer, error) {
	t, err := templates.Parse(template.FuncMap{
		"rule": func() string { return strings.Repeat("-", 72) },
		"time": FormatTime,
		"wrap": func(s, prefix string) string { return engine.Wrap(s, prefix, 72) },
	})
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	return &Renderer{t: t}, nil
}

// Report builds the report of the last closed step of g (replay with
// ReplayUntil to report an earlier one) for player.
func (r *Renderer) Report(g *Game, player string) (*Report, error) {
	if err := g.notStarted(); err != nil {
		return nil, err
	}
	if player != "" && player != engine.Observer && g.Player(player) == nil {
		return nil, Errorf(ENOTFOUND, "game %s has no player %q", g.ID, player)
	}
	rec := g.Last
	rep := &Report{
		GameID: g.ID, Title: g.Engine.Name(), Step: rec.Step, Reason: reasonText(rec.Reason),
		Player: player, Observer: player == engine.Observer, Players: strings.Join(g.Names(), ", "),
		Finished: g.Status.Finished, Next: g.Step, Phase: g.Status.Phase,
		Deadline: g.Deadline, Commitment: g.Commitment, EngineVersion: g.Engine.Version(), LogFormat: g.Format,
		HeadSeq: rec.Seq, HeadHash: rec.Hash,
	}
	if r.SigningKey != nil && rec.Hash != "" {
		rep.HeadSignature = SignHead(r.SigningKey, g.ID, Head{Seq: rec.Seq, Hash: rec.Hash})
		rep.HeadKey = PublicKeyText(r.SigningKey.Public().(ed25519.PublicKey))
	}
	if player == "" || g.Status.Finished {
		rep.Digest = rec.Digest
	} else if rec.Digest != "" {
		rep.StateCommitment = StateCommitment(g.Seed, g.ID, rec.Step, rec.Digest)
	}
	for _, p := range rec.Defaults {
		if slices.Contains(rec.Overruled, p) {
			rep.Overruled = append(rep.Overruled, p)
		} else {
			rep.Defaults = append(rep.Defaults, p)
		}
	}
	for _, n := range rec.Notes {
		rep.Notes = append(rep.Notes, n.Text)
	}
	for _, h := range rec.Happenings {
		if h.VisibleTo(player) {
			rep.Happenings = append(rep.Happenings, HappeningLine(h, player, r.Recipients))
		}
	}
	rep.Late, rep.Disorder, rep.Paused, rep.Bots = rec.Late, rec.Disorder, g.Paused, rec.Bots
	rep.DisorderBot = g.Campaign.CivilDisorderPlay == DisorderBot
	if g.Practice != nil {
		rep.Practice = g.Practice.String()
	}
	if pl := g.Player(player); pl != nil && !g.Deadline.IsZero() {
		rep.LocalDeadline = pl.LocalTime(g.Deadline)
	}
	for _, p := range rec.Press {
		if p.VisibleTo(player) {
			rep.Press = append(rep.Press, PressLine(p, player))
		}
	}
	view, err := r.View(g, player)
	if err != nil {
		return nil, err
	}
	rep.View = view
	if g.Status.Finished {
		rep.Seed = fmt.Sprintf("%x", g.Seed)
		if len(g.Status.Winners) > 0 {
			rep.Result = "Winner: " + strings.Join(g.Status.Winners, " and ") + "."
			if len(g.Status.Winners) > 1 {
				rep.Result = "Shared win: " + strings.Join(g.Status.Winners, " and ") + "."
			}
		}
	} else {
		awaiting := g.Awaiting()
		for _, p := range awaiting {
			if p == player {
				rep.YourTurn = true
			}
		}
		if rep.YourTurn && r.Decision {
			rep.Decision = DecisionPanel(g, player, rep.View)
		}
		if rep.YourTurn && (r.Choices || r.Skeleton) && player != "" && player != engine.Observer {
			ds := Options(g, player)
			if r.Choices {
				rep.Choices = engine.OptionLines(ds)
			}
			if r.Skeleton {
				rep.Skeleton = engine.Skeleton(ds)
				rep.SkeletonEmpty = len(rep.Skeleton) > 0 && !slices.ContainsFunc(rep.Skeleton, func(l string) bool { return strings.HasPrefix(l, "- ") })
			}
		}
		rep.Waiting = strings.Join(awaiting, ", ")
		if rep.Waiting == "" {
			rep.Waiting = "nobody"
		}
	}
	return rep, nil
}

// HappeningLine is a happening as reader sees it. The GM's full report
// holds every player's private lines, written to them ("You cannot
// afford …"), so with recipients set each is prefixed there with whom it
// was for: "[to alice] You cannot afford …". Players and observers see
// the lines they may see as they were written.
func HappeningLine(h engine.Happening, reader string, recipients bool) string {
	if !recipients || reader != "" || len(h.To) == 0 {
		return h.Text
	}
	return "[to " + engine.AndList(h.To) + "] " + h.Text
}

// PressLine is a press message as reader sees it: "From alice to bob: …".
func PressLine(p PressItem, reader string) string {
	to := "everyone"
	if !p.Public() {
		to = engine.AndList(p.To)
	}
	return fmt.Sprintf("From %s to %s: %s", p.SenderFor(reader), to, p.Text)
}

// StateCommitment is the hiding commitment to a step's state digest that
// players' reports carry while the game runs:
//
//	hex HMAC-SHA256(key = seed, message = "taipan-state\n" ‖ game ‖ "\n" ‖ step ‖ "\n" ‖ digest)
//
// Without the seed it says nothing about the state; once the seed is
// revealed at the end, anyone can recompute it from a replay.
func StateCommitment(seed []byte, game string, step int, digest string) string {
	m := hmac.New(sha256.New, seed)
	fmt.Fprintf(m, "taipan-state\n%s\n%d\n%s", game, step, digest)
	return hex.EncodeToString(m.Sum(nil))
}

// Render writes the report as text.
func (r *Renderer) Render(rep *Report) (string, error) {
	var b bytes.Buffer
	if err := r.t.ExecuteTemplate(&b, "report", rep); err != nil {
		return "", fmt.Errorf("render report: %w", err)
	}
	return b.String(), nil
}

// Text builds and renders the report of g's last closed step for player.
func (r *Renderer) Text(g *Game, player string) (string, error) {
	rep, err := r.Report(g, player)
	if err != nil {
		return "", err
	}
	return r.Render(rep)
}

// View draws what player may see of g now with the game's template
// (GAME-view), or as indented JSON for a game without one.
func (r *Renderer) View(g *Game, player string) (string, error) {
	if err := g.notStarted(); err != nil {
		return "", err
	}
	return r.DrawView(g.Engine.Name(), g.Engine.View(g.State, player))
}

// DrawView draws a view value of the named game with its template.
func (r *Renderer) DrawView(game string, v any) (string, error) {
	var b bytes.Buffer
	if t := r.t.Lookup(game + "-view"); t != nil {
		if err := t.Execute(&b, v); err != nil {
			return "", fmt.Errorf("render %s view: %w", game, err)
		}
		return strings.TrimRight(b.String(), "\n"), nil
	}
	out, err := json.MarshalIndent(v, "", "  ")
	return string(out), err
}

func reasonText(r string) string {
	switch r {
	case ReasonAllIn:
		return "all orders in"
	case ReasonDeadline:
		return "the deadline passed"
	case ReasonGM:
		return "closed by the GM"
	}
	return ""
}
