package adjudicator

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"taipan/adjudicator/engine"
	"time"

	"gopkg.in/yaml.v3"
)

// Campaign is a campaign file: what the GM writes to create a game.
//
//	id: bourse-1
//	game: trader
//	options: {sets: 1}
//	players:
//	  - {name: alice, email: alice@example.test}
//	  - {name: bob, email: bob@example.test}
//	seed: "optional; random when absent"
//	setup: {}        # optional fixed layout, game-specific
//	deadline: 72h    # optional per-step deadline
type Campaign struct {
	ID        string         `yaml:"id" json:"id"`
	Game      string         `yaml:"game" json:"game"`
	Options   map[string]any `yaml:"options" json:"options,omitempty"`
	Players   []Seat         `yaml:"players" json:"players"`
	Observers []string       `yaml:"observers" json:"observers,omitempty"`
	GM        string         `yaml:"gm" json:"gm,omitempty"` // the GM's email address
	Seed      string         `yaml:"seed" json:"-"`
	Setup     any            `yaml:"setup" json:"setup,omitempty"`
	Deadline  Duration       `yaml:"deadline" json:"deadline,omitempty"`
	Reminder  Duration       `yaml:"reminder" json:"reminder,omitempty"` // how long before a deadline to remind

	// The tools of a long campaign (see tools.go); all optional.
	Press         string   `yaml:"press" json:"press,omitempty"`                   // off, public, private (default) or grey
	GreySenders   string   `yaml:"grey_senders" json:"grey_senders,omitempty"`     // withheld (default) or revealed: grey press in the public export after the end
	Grace         Duration `yaml:"grace" json:"grace,omitempty"`                   // late orders taken this long after a deadline
	CivilDisorder int      `yaml:"civil_disorder" json:"civil_disorder,omitempty"` // missed steps in a row before civil disorder; 0: never
	// CivilDisorderPlay says who plays a seat in civil disorder: the
	// game's documented defaults ("" or "defaults") or its bot ("bot").
	CivilDisorderPlay string   `yaml:"civil_disorder_play" json:"civil_disorder_play,omitempty"`
	AbsenceMax        Duration `yaml:"absence_max" json:"absence_max,omitempty"`     // the absence time each player's deadlines may be moved for (default 14d)
	ReportFormat      string   `yaml:"report_format" json:"report_format,omitempty"` // html (default: text, HTML and picture) or plain

	// Sign-up, for a game opened with `taipan open` (see signup.go); all
	// but seats optional, and none in a campaign of `taipan new`.
	Seats     *SeatRange `yaml:"seats" json:"seats,omitempty"`           // 4, or a range 3-5
	SignUp    Duration   `yaml:"signup" json:"signup,omitempty"`         // how long sign-up runs (default 7d)
	Muster    Duration   `yaml:"muster" json:"muster,omitempty"`         // how long the players have to confirm (default 2d)
	Join      []string   `yaml:"join" json:"join,omitempty"`             // who may join: addresses or patterns (*@club.test); none: anyone
	MinRecord *MinRecord `yaml:"min_record" json:"min_record,omitempty"` // the record a player needs to join (record_gate.go)
	// TrustedHosts are the public keys (hex) of the hosts whose signed
	// records a player may bring to join.
	TrustedHosts []string `yaml:"trusted_hosts" json:"trusted_hosts,omitempty"`
	StartFewer   bool     `yaml:"start_fewer" json:"start_fewer,omitempty"` // start with fewer than were mustered, if enough confirm
	Substitutes  string   `yaml:"substitutes" json:"substitutes,omitempty"` // open (default: a standby takes a free seat) or approve (the GM approves)
	SeatLabels   []string `yaml:"seat_labels" json:"seat_labels,omitempty"` // what each seat is, in seat order (British, French, …), for preferences
	SeatSetup    string   `yaml:"seat_setup" json:"seat_setup,omitempty"`   // a key of setup: that each player's seat label is written under, by name

	lines map[string]int // where the keys of options and setup stand in the file (options.sets → 3)
}

// Seat is one player of a campaign. A bot's seat (Bot) is played by the
// game's bot: it has no address, owes no mail and plays as soon as its
// step opens.
type Seat struct {
	Name  string `yaml:"name" json:"name"`
	Email string `yaml:"email" json:"email"`
	Bot   bool   `yaml:"bot" json:"bot,omitempty"`
}

// Duration is a time.Duration written as in Go ("72h", "90m") or in days ("3d").
type Duration time.Duration

// ParseDuration reads "3d", "72h", "1h30m".
func ParseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "d") {
		// More days than a time.Duration holds would wrap round to a
		// negative one: an extension into the past.
		n, err := strconv.Atoi(strings.TrimSuffix(s, "d"))
		if err != nil || n < 0 || n > math.MaxInt64/int(24*time.Hour) {
			return 0, fmt.Errorf("bad duration %q: write e.g. 3d, 72h or 90m", s)
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("bad duration %q: write e.g. 3d, 72h or 90m", s)
	}
	return d, nil
}

// UnmarshalYAML reads a duration string.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := ParseDuration(n.Value)
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}

// MarshalJSON writes the duration as Go writes it ("72h0m0s").
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// UnmarshalJSON reads what MarshalJSON wrote.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := ParseDuration(s)
	*d = Duration(v)
	return err
}

var (
	idPattern   = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)
	namePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$`)
)

// reservedNames cannot be player names: they name other actors in the log.
var reservedNames = map[string]bool{"gm": true, "system": true, "observer": true}

// ParseCampaign reads and checks a campaign file (not the game-specific
// options and setup, which the engine checks).
func ParseCampaign(data []byte) (*Campaign, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, Errorf(EINVALID, "campaign file: not valid YAML: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if doc.Kind == 0 {
		return nil, campaignError(0, "", "the file is empty; it needs at least id:, game: and players:")
	}
	if err := checkCampaignShape(&doc); err != nil {
		return nil, err
	}
	c := Campaign{lines: keyLines(&doc)}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return nil, Errorf(EINVALID, "campaign file: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &c, nil
}

// Validate checks the campaign's generic fields.
func (c *Campaign) Validate() error {
	if !idPattern.MatchString(c.ID) {
		return Errorf(EINVALID, "campaign id %q: use 1-64 lower-case letters, digits, '.', '_' or '-'", c.ID)
	}
	if c.Game == "" {
		return Errorf(EINVALID, "campaign %s: name the game (game: trader)", c.ID)
	}
	if len(c.Players) == 0 && c.Seats == nil {
		return Errorf(EINVALID, "campaign %s: no players", c.ID)
	}
	seen := map[string]bool{}
	emails := map[string]string{}
	for i, p := range c.Players {
		if err := CheckPlayerName(p.Name); err != nil {
			return Errorf(EINVALID, "campaign %s: players[%d]: %s", c.ID, i+1, err.(*Error).Message)
		}
		if seen[strings.ToLower(p.Name)] {
			return Errorf(EINVALID, "campaign %s: player %q listed twice", c.ID, p.Name)
		}
		seen[strings.ToLower(p.Name)] = true
		if err := CheckEmail(p.Email); err != nil {
			return Errorf(EINVALID, "campaign %s: player %s: %s", c.ID, p.Name, err.(*Error).Message)
		}
		if p.Bot && p.Email != "" {
			return Errorf(EINVALID, "campaign %s: players[%d]: %s is a bot's seat: a bot has no address (leave email out)", c.ID, i+1, p.Name)
		}
		if p.Email != "" {
			if other, dup := emails[strings.ToLower(p.Email)]; dup {
				return Errorf(EINVALID, "campaign %s: %s and %s have the same address %s; mail from it could not tell them apart", c.ID, other, p.Name, p.Email)
			}
			emails[strings.ToLower(p.Email)] = p.Name
		}
	}
	for _, o := range c.Observers {
		if err := CheckEmail(o); err != nil {
			return Errorf(EINVALID, "campaign %s: observer: %s", c.ID, err.(*Error).Message)
		}
	}
	if c.GM != "" {
		if err := CheckEmail(c.GM); err != nil {
			return Errorf(EINVALID, "campaign %s: gm: %s", c.ID, err.(*Error).Message)
		}
	}
	switch c.Press {
	case "", PressOff, PressPublic, PressPrivate, PressGrey:
	default:
		return Errorf(EINVALID, "campaign %s: press: %q is not a press setting; write off, public, private or grey", c.ID, c.Press)
	}
	switch c.GreySenders {
	case "", GreyWithheld, GreyRevealed:
	default:
		return Errorf(EINVALID, "campaign %s: grey_senders: %q is not a setting; write withheld or revealed", c.ID, c.GreySenders)
	}
	switch c.ReportFormat {
	case "", FormatHTML, FormatPlain:
	default:
		return Errorf(EINVALID, "campaign %s: report_format: %q is not a report format; write html or plain", c.ID, c.ReportFormat)
	}
	switch c.Substitutes {
	case "", SubstitutesOpen, SubstitutesApprove:
	default:
		return Errorf(EINVALID, "campaign %s: substitutes: %q is not a setting; write open or approve", c.ID, c.Substitutes)
	}
	switch c.CivilDisorderPlay {
	case "", DisorderDefaults, DisorderBot:
	default:
		return Errorf(EINVALID, "campaign %s: civil_disorder_play: %q is not a setting; write defaults or bot", c.ID, c.CivilDisorderPlay)
	}
	if c.CivilDisorder < 0 {
		return Errorf(EINVALID, "campaign %s: civil_disorder: a number of missed steps, 0 for never", c.ID)
	}
	return nil
}

// CheckPlayerName says whether name can be a player's name.
func CheckPlayerName(name string) error {
	if !namePattern.MatchString(name) || reservedNames[strings.ToLower(name)] {
		return Errorf(EINVALID, "player name %q: use 1-32 letters, digits, '.', '_' or '-' (not gm, system or observer)", name)
	}
	return nil
}

// CheckEmail says whether addr is a bare email address.
func CheckEmail(addr string) error {
	if addr == "" {
		return nil // optional: a CLI-only game needs no mail
	}
	a, err := mail.ParseAddress(addr)
	if err != nil || a.Address != addr {
		return Errorf(EINVALID, "email %q is not a plain address like alice@example.test", addr)
	}
	return nil
}

// seat is the campaign's seat of the player name, or nil.
func (c *Campaign) seat(name string) *Seat {
	for i := range c.Players {
		if c.Players[i].Name == name {
			return &c.Players[i]
		}
	}
	return nil
}

// Names returns the players' names in seating order.
func (c *Campaign) Names() []string {
	names := make([]string, len(c.Players))
	for i, p := range c.Players {
		names[i] = p.Name
	}
	return names
}

// seedBytes turns the campaign's seed into the game's 32 secret bytes,
// drawing any randomness it needs from random:
//   - absent: 32 random bytes;
//   - 64 hex digits: those bytes, as they are (the GM who writes them must
//     keep them secret: anyone who has them can compute every hidden card);
//   - any other text: SHA-256("taipan-seed/2\n" ‖ text ‖ "\n" ‖ salt) with a
//     secret random 32-byte salt, so that the dice cannot be found by
//     guessing the text from the published commitment or the deals one
//     sees. The seed itself, revealed at the end, is all a re-run needs.
func (c *Campaign) seedBytes(random func(int) ([]byte, error)) ([]byte, error) {
	s := strings.TrimSpace(c.Seed)
	if b, err := hex.DecodeString(s); err == nil && len(b) == 32 {
		return b, nil
	}
	salt, err := random(32)
	if err != nil || s == "" {
		return salt, err
	}
	h := sha256.New()
	h.Write([]byte("taipan-seed/2\n" + s + "\n"))
	h.Write(salt)
	return h.Sum(nil), nil
}

// SeedGiven reports whether the campaign fixes the seed itself (64 hex
// digits), which is then only as secret as the GM keeps it.
func (c *Campaign) SeedGiven() bool {
	b, err := hex.DecodeString(strings.TrimSpace(c.Seed))
	return err == nil && len(b) == 32
}

// Commitment is the published SHA-256 of a seed, in hex.
func Commitment(seed []byte) string {
	h := sha256.Sum256(seed)
	return hex.EncodeToString(h[:])
}

// config is the Engine's view of the campaign.
func (c *Campaign) config() (engine.Config, error) {
	cfg := engine.Config{Players: c.Names(), Options: json.RawMessage("{}"), Setup: json.RawMessage("null")}
	if len(c.Options) > 0 {
		b, err := json.Marshal(c.Options)
		if err != nil {
			return cfg, Errorf(EINVALID, "options: %v", err)
		}
		cfg.Options = b
	}
	if c.Setup != nil {
		b, err := json.Marshal(c.Setup)
		if err != nil {
			return cfg, Errorf(EINVALID, "setup: %v", err)
		}
		cfg.Setup = b
	}
	return cfg, nil
}
