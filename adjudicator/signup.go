package adjudicator

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"taipan/events"

	"gopkg.in/yaml.v3"
)

// Sign-up. A game opened for sign-up (`taipan open`) has a log before it
// has a game: it starts with game-opened (the campaign without all its
// players, and the commitment of the host's seed) and the host's seed,
// then records every step of forming the game as an event — a player
// signed up, left, a muster opened, a player confirmed (revealing their
// entropy), dropped, a game gone back to sign-up or closed — until
// game-started names the seats and commits to the game's seed, derived from
// the host's seed and the players' revealed entropy (commitreveal.go). From
// there on the log is a game's like any other. Nothing of it is decided
// outside the log: the fold below is the sign-up's one reader, and replay
// checks the recorded seats and seed commitment against what it derives.
//
// A game created the old way (`taipan new`, game-created) has none of it,
// and replays as it always did.

// Kinds of the sign-up's events.
const (
	KindOpened    = "game-opened"     // payload Created (its campaign without all its players); the first event
	KindSignedUp  = "signed-up"       // payload SignedUp, actor = the player, or system for one called from the standby list
	KindLeft      = "left"            // payload SignUpNote, actor = the player
	KindMuster    = "muster-opened"   // payload MusterOpened, actor = system
	KindConfirmed = "confirmed"       // payload Confirmed, actor = the player
	KindDropped   = "dropped"         // payload SignUpNote, actor = system
	KindReopened  = "signup-reopened" // payload SignUpReopened, actor = system: the muster failed, back to sign-up
	KindCancelled = "signup-closed"   // payload SignUpNote, actor = system or gm: no game
	KindStarted   = "game-started"    // payload Started, actor = system
)

// Sign-up phases, as Status.Phase reads while a game forms.
const (
	PhaseSignUp    = "sign-up"
	PhaseMuster    = "muster"
	PhaseCancelled = "sign-up closed"
)

// Default lengths of sign-up and muster.
const (
	DefaultSignUp = 7 * 24 * time.Hour
	DefaultMuster = 2 * 24 * time.Hour
)

// Who may take a free seat mid-game (Campaign.Substitutes).
const (
	SubstitutesOpen    = "open"    // anyone on the standby list, at once
	SubstitutesApprove = "approve" // the GM approves each
)

// SeatRange is how many seats an open game has: Min to Max (equal for a
// fixed number). It is written `seats: 4` or `seats: 3-5`.
type SeatRange struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// ParseSeatRange reads "4" or "3-5".
func ParseSeatRange(s string) (SeatRange, error) {
	lo, hi, ranged := strings.Cut(strings.TrimSpace(s), "-")
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b := a
	var err2 error
	if ranged {
		b, err2 = strconv.Atoi(strings.TrimSpace(hi))
	}
	if err1 != nil || err2 != nil || a < 1 || b < a || b > 64 {
		return SeatRange{}, fmt.Errorf("%q is not a number of seats: write e.g. 4, or a range such as 3-5", s)
	}
	return SeatRange{Min: a, Max: b}, nil
}

// UnmarshalYAML reads a seat range.
func (r *SeatRange) UnmarshalYAML(n *yaml.Node) error {
	v, err := ParseSeatRange(n.Value)
	*r = v
	return err
}

// String writes the range as a campaign does.
func (r SeatRange) String() string {
	if r.Min == r.Max {
		return strconv.Itoa(r.Min)
	}
	return fmt.Sprintf("%d-%d", r.Min, r.Max)
}

// SignedUp is a player joining a game in sign-up. Prefs are seat numbers
// (1 is the first seat in seat order) in the order the player prefers
// them. Commitment, if given, is the hex SHA-256 of the 32 bytes the
// player will reveal at muster (see commitreveal.go).
type SignedUp struct {
	Name       string `json:"name"`
	Email      string `json:"email"`
	Prefs      []int  `json:"prefs,omitempty"`
	Commitment string `json:"commitment,omitempty"`
	Via        string `json:"via"` // mail, web, cli, or standby
}

// SignUpNote is a sign-up event about one player, or none: left, dropped,
// closed.
type SignUpNote struct {
	Name   string `json:"name,omitempty"`
	Reason string `json:"reason"`
}

// MusterOpened asks every player signed up and not yet confirmed to
// confirm by Deadline.
type MusterOpened struct {
	Deadline time.Time `json:"deadline"`
	Reason   string    `json:"reason"`
}

// Confirmed is a player's confirmation at muster, with the entropy they
// committed to at sign-up (hex, 32 bytes), if they reveal it.
type Confirmed struct {
	Name   string `json:"name"`
	Reveal string `json:"reveal,omitempty"`
}

// SignUpReopened takes a game back to sign-up after a muster that could
// not fill its seats, until Deadline.
type SignUpReopened struct {
	Deadline time.Time `json:"deadline"`
	Reason   string    `json:"reason"`
}

// Started ends the sign-up: the players in seat order, as the seat rule
// gives them (seats.go), the players whose entropy went into the seed, in
// the order it did, and the commitment of the game's seed. Replay derives
// all three again and refuses a log that records others.
type Started struct {
	Players    []string `json:"players"`
	Entropy    []string `json:"entropy"`
	Commitment string   `json:"commitment"`
	Reason     string   `json:"reason"`
}

// Entrant is a player signed up to a game that forms.
type Entrant struct {
	Name       string
	Email      string
	Prefs      []int
	Commitment string
	Via        string // how they joined: mail, web, cli, standby, or campaign
	Confirmed  bool
	Reveal     []byte // the entropy revealed at muster; nil: none
	Bot        bool   // a bot's seat, from the campaign: confirmed from the start
}

// SignUp is the sign-up of a game opened for it, as its log says: a
// projection made by the same fold as the game. It stays on the Game once
// the game has started, for the record.
type SignUp struct {
	Seats    SeatRange
	Phase    string    // PhaseSignUp, PhaseMuster, PhaseCancelled, or "" once started
	Deadline time.Time // when sign-up, or the muster, ends
	// MusterSeq is the event that opened the muster running (0: none).
	MusterSeq int64
	Entrants  []Entrant // in the order they signed up
	Left      []string  // who left or was dropped, in order, with why
	Started   bool
	Entropy   []string // once started: whose entropy went into the seed

	hostSeed   []byte
	commitment string // the host seed's
}

// Forming reports whether g is a game in sign-up (or whose sign-up closed
// without a game): no engine state yet.
func (g *Game) Forming() bool { return g.SignUp != nil && !g.SignUp.Started }

// notStarted is why a forming game has no state to show: nil for a game
// that has one.
func (g *Game) notStarted() error {
	if !g.Forming() {
		return nil
	}
	if g.SignUp.Phase == PhaseCancelled {
		return Errorf(ECONFLICT, "game %s never started: its sign-up closed", g.ID)
	}
	return Errorf(ECONFLICT, "game %s has not started: it is in %s, and has no state until its muster is complete", g.ID, g.SignUp.Phase)
}

// Entrant returns the entrant named name (case-insensitively), or nil.
func (s *SignUp) Entrant(name string) *Entrant {
	for i := range s.Entrants {
		if strings.EqualFold(s.Entrants[i].Name, name) {
			return &s.Entrants[i]
		}
	}
	return nil
}

// EntrantByEmail returns the entrant signed up from addr, or nil.
func (s *SignUp) EntrantByEmail(addr string) *Entrant {
	for i := range s.Entrants {
		if addr != "" && strings.EqualFold(s.Entrants[i].Email, addr) {
			return &s.Entrants[i]
		}
	}
	return nil
}

// Unconfirmed lists the entrants still to confirm, in sign-up order.
func (s *SignUp) Unconfirmed() []string {
	var out []string
	for _, e := range s.Entrants {
		if !e.Confirmed {
			out = append(out, e.Name)
		}
	}
	return out
}

// Confirmed counts the entrants who confirmed.
func (s *SignUp) Confirmed() int {
	n := 0
	for _, e := range s.Entrants {
		if e.Confirmed {
			n++
		}
	}
	return n
}

// MayJoin says whether addr may join under the campaign's join: list
// (addresses or patterns, case-insensitively; none: anyone).
func (c *Campaign) MayJoin(addr string) bool {
	if len(c.Join) == 0 {
		return true
	}
	addr = strings.ToLower(addr)
	for _, j := range c.Join {
		j = strings.ToLower(strings.TrimSpace(j))
		if j == "anyone" || j == addr {
			return true
		}
		if ok, err := path.Match(j, addr); err == nil && ok {
			return true
		}
	}
	return false
}

func (c *Campaign) signUpFor() time.Duration {
	if c.SignUp > 0 {
		return time.Duration(c.SignUp)
	}
	return DefaultSignUp
}

func (c *Campaign) musterFor() time.Duration {
	if c.Muster > 0 {
		return time.Duration(c.Muster)
	}
	return DefaultMuster
}

// startOpen begins the replay of a log opened for sign-up from its first
// two events: game-opened and the host's seed.
func startOpen(reg *Registry, opened, seedEvent events.Event, version string) (*Game, error) {
	bad := func(e events.Event, format string, args ...any) error {
		return &ReplayError{e, fmt.Sprintf(format, args...)}
	}
	c, eng, seed, err := firstEvents(reg, opened, seedEvent, version)
	if err != nil {
		return nil, err
	}
	if c.Campaign.Seats == nil {
		return nil, bad(opened, "an open game needs its seats")
	}
	forced := version != ""
	su := &SignUp{Seats: *c.Campaign.Seats, Phase: PhaseSignUp, Deadline: opened.RecordedAt.Add(c.Campaign.signUpFor()), hostSeed: seed, commitment: c.Commitment}
	for _, p := range c.Campaign.Players {
		// A bot the GM seats is in from the start: it confirms nothing.
		su.Entrants = append(su.Entrants, Entrant{Name: p.Name, Email: p.Email, Via: "campaign", Bot: p.Bot, Confirmed: p.Bot})
	}
	g := &Game{
		ID: opened.Game, Campaign: c.Campaign, Engine: eng, Commitment: c.Commitment,
		Created: opened.RecordedAt, Open: map[string]Submitted{}, SignUp: su,
		Last: StepRecord{Step: 0, Closed: opened.RecordedAt, Reason: "sign-up", Seq: seedEvent.Seq, Hash: seedEvent.Hash},
		Seq:  seedEvent.Seq, Hash: seedEvent.Hash, Format: opened.Format, RosterSeq: opened.Seq,
		reg: reg, forced: forced, Grace: time.Duration(c.Campaign.Grace),
	}
	g.signUpStatus()
	return g, nil
}

// signUpStatus sets the status and seats a forming game shows.
func (g *Game) signUpStatus() {
	su := g.SignUp
	g.Status.Phase = su.Phase
	g.Status.Finished = su.Phase == PhaseCancelled
	g.Status.Pending = nil
	if su.Phase == PhaseMuster {
		g.Status.Pending = su.Unconfirmed()
	}
	g.Players = g.Players[:0]
	for _, e := range su.Entrants {
		g.Players = append(g.Players, Player{Name: e.Name, Email: e.Email, Bot: e.Bot})
	}
}

// applySignUp applies an event of the sign-up to a forming game.
func (g *Game) applySignUp(e events.Event) error {
	su := g.SignUp
	bad := func(format string, args ...any) error {
		return &ReplayError{e, fmt.Sprintf(format, args...)}
	}
	if !g.Forming() {
		return bad("a sign-up event after the game started")
	}
	if su.Phase == PhaseCancelled {
		return bad("a sign-up event after the sign-up closed")
	}
	switch e.Kind {
	case KindSignedUp:
		var p SignedUp
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		if su.Entrant(p.Name) != nil {
			return bad("%s signed up twice", p.Name)
		}
		if len(su.Entrants) >= su.Seats.Max {
			return bad("a sign-up to a full game")
		}
		su.Entrants = append(su.Entrants, Entrant{Name: p.Name, Email: p.Email, Prefs: p.Prefs, Commitment: p.Commitment, Via: p.Via})
		g.RosterSeq = e.Seq
	case KindLeft, KindDropped:
		var p SignUpNote
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		i := slices.IndexFunc(su.Entrants, func(x Entrant) bool { return x.Name == p.Name })
		if i < 0 {
			return bad("no entrant %q", p.Name)
		}
		su.Entrants = slices.Delete(slices.Clone(su.Entrants), i, i+1)
		verb := "left"
		if e.Kind == KindDropped {
			verb = "was dropped"
		}
		su.Left = append(slices.Clip(su.Left), fmt.Sprintf("%s %s (%s)", p.Name, verb, p.Reason))
		g.RosterSeq = e.Seq
	case KindMuster:
		var p MusterOpened
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		su.Phase, su.Deadline, su.MusterSeq = PhaseMuster, p.Deadline, e.Seq
	case KindConfirmed:
		var p Confirmed
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		en := su.Entrant(p.Name)
		if en == nil || su.Phase != PhaseMuster || en.Confirmed {
			return bad("%s cannot confirm now", p.Name)
		}
		if p.Reveal != "" {
			v, err := checkReveal(en.Commitment, p.Reveal)
			if err != nil {
				return bad("%s's reveal: %v", p.Name, err)
			}
			en.Reveal = v
		}
		en.Confirmed = true
	case KindReopened:
		var p SignUpReopened
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		su.Phase, su.Deadline = PhaseSignUp, p.Deadline
		for i := range su.Entrants {
			su.Entrants[i].Confirmed, su.Entrants[i].Reveal = su.Entrants[i].Bot, nil
		}
	case KindCancelled:
		su.Phase = PhaseCancelled
	case KindStarted:
		var p Started
		if err := e.Decode(&p); err != nil {
			return bad("%v", err)
		}
		if err := g.begin(e, p); err != nil {
			return bad("%v", err)
		}
		return nil
	}
	su.Entrants = slices.Clip(su.Entrants)
	g.signUpStatus()
	return nil
}

// isSignUpKind reports whether kind is one of the sign-up's events.
func isSignUpKind(kind string) bool {
	switch kind {
	case KindSignedUp, KindLeft, KindMuster, KindConfirmed, KindDropped, KindReopened, KindCancelled, KindStarted:
		return true
	}
	return false
}

// cloneSignUp copies what a clone of the game may change.
func (s *SignUp) clone() *SignUp {
	if s == nil {
		return nil
	}
	c := *s
	c.Entrants = slices.Clone(s.Entrants)
	c.Left = slices.Clip(s.Left)
	return &c
}
