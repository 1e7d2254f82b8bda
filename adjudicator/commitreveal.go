package adjudicator

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"taipan/adjudicator/engine"
	"taipan/events"
)

// Dice nobody can bias. A game opened for sign-up commits to the host's
// secret seed in its first event. Each player may, when signing up, commit
// to 32 random bytes of their own (the hex SHA-256 of them), and reveal
// them when confirming at muster. The game's seed is then
//
//	seed = SHA-256(host_seed ‖ r_1 ‖ … ‖ r_k)
//
// where r_1 … r_k are the 32-byte values revealed, in the order of their
// players' signed-up events in the log (a player who revealed nothing is
// left out). The host cannot choose the deal, having committed to its seed
// before any player's value was known; no player can, not knowing the
// host's seed (secret until the game ends, like every seed), and having
// committed to their own value before seeing anyone's. game-started records
// the commitment of the game's seed, SHA-256(seed), which every report then
// shows; replay derives the seed again and refuses a log whose commitment
// differs.

// checkReveal checks a revealed value against its commitment and returns
// its 32 bytes.
func checkReveal(commitment, reveal string) ([]byte, error) {
	if commitment == "" {
		return nil, fmt.Errorf("no entropy was committed to at sign-up, so there is nothing to reveal")
	}
	v, err := hex.DecodeString(strings.TrimSpace(reveal))
	if err != nil || len(v) != 32 {
		return nil, fmt.Errorf("write the value as the 64 hex digits you committed to at sign-up")
	}
	if Commitment(v) != commitment {
		return nil, fmt.Errorf("it does not match the commitment given at sign-up (SHA-256 of the value is %s, the commitment %s)", short(Commitment(v)), short(commitment))
	}
	return v, nil
}

// CheckEntropyCommitment says whether c can be a commitment to entropy: 64
// hex digits.
func CheckEntropyCommitment(c string) error {
	if b, err := hex.DecodeString(c); err != nil || len(b) != 32 {
		return Errorf(EINVALID, "field entropy: %q is not a commitment; give the SHA-256 of 32 random bytes, as 64 hex digits", c)
	}
	return nil
}

// CombineSeed is the game's seed from the host's seed and the revealed
// values, in order.
func CombineSeed(hostSeed []byte, reveals [][]byte) []byte {
	h := sha256.New()
	h.Write(hostSeed)
	for _, r := range reveals {
		h.Write(r)
	}
	return h.Sum(nil)
}

// SeatStream is the random stream the seat rule draws from: that of the
// step numbered 2^64−1 (all ones), which no step of play ever is.
func SeatStream(seed []byte) *engine.Rand { return engine.NewRand(seed, -1) }

// begin starts a game whose muster is complete, as the game-started event
// e records it: the seed from the host's and the revealed entropy, the
// seats by the rule, the engine's set-up; it checks both against what e
// records.
func (g *Game) begin(e events.Event, p Started) error {
	su := g.SignUp
	var reveals [][]byte
	var entropy []string
	for _, en := range su.Entrants {
		if en.Reveal != nil {
			reveals = append(reveals, en.Reveal)
			entropy = append(entropy, en.Name)
		}
	}
	seed := CombineSeed(su.hostSeed, reveals)
	if Commitment(seed) != p.Commitment {
		return fmt.Errorf("the game's seed, derived from the host's and the revealed entropy, has commitment %s, but %s was recorded", short(Commitment(seed)), short(p.Commitment))
	}
	if !slices.Equal(entropy, p.Entropy) {
		return fmt.Errorf("the entropy of %s went into the seed, but %s is recorded", orNone(entropy), orNone(p.Entropy))
	}
	order := AssignSeats(su.Entrants, len(su.Entrants), SeatStream(seed))
	if !slices.Equal(order, p.Players) {
		return fmt.Errorf("the seat rule seats %s, but %s is recorded", strings.Join(order, ", "), strings.Join(p.Players, ", "))
	}
	c := g.Campaign
	c.Players = nil
	for _, name := range order {
		en := su.Entrant(name)
		c.Players = append(c.Players, Seat{Name: en.Name, Email: en.Email, Bot: en.Bot})
	}
	c.labelSeats()
	cfg, err := c.config()
	if err != nil {
		return err
	}
	s, err := g.Engine.Setup(cfg, engine.NewRand(seed, 0))
	if err != nil {
		return fmt.Errorf("set-up: %v", err)
	}
	g.Campaign, g.Seed, g.Commitment, g.State = c, seed, p.Commitment, s
	su.Started, su.Phase, su.Entropy = true, "", entropy
	g.Players = nil
	for _, st := range c.Players {
		g.Players = append(g.Players, Player{Name: st.Name, Email: st.Email, Bot: st.Bot})
	}
	g.Step = 1
	g.Status = g.Engine.Status(s)
	g.Last = StepRecord{Step: 0, Closed: e.RecordedAt, Reason: "set-up", Seq: e.Seq, Hash: e.Hash}
	g.RosterSeq = e.Seq
	g.seatTenures(e.Seq)
	g.openStep(e.RecordedAt)
	return nil
}

// startPayload is the game-started event for a forming game whose muster
// is complete: what begin will derive and check.
func (g *Game) startPayload(reason string) Started {
	su := g.SignUp
	var reveals [][]byte
	p := Started{Reason: reason, Entropy: []string{}}
	for _, en := range su.Entrants {
		if en.Reveal != nil {
			reveals = append(reveals, en.Reveal)
			p.Entropy = append(p.Entropy, en.Name)
		}
	}
	seed := CombineSeed(su.hostSeed, reveals)
	p.Commitment = Commitment(seed)
	p.Players = AssignSeats(su.Entrants, len(su.Entrants), SeatStream(seed))
	return p
}

// HostCommitment is the commitment of the host's seed of a game opened
// for sign-up ("" for another).
func (g *Game) HostCommitment() string {
	if g.SignUp == nil {
		return ""
	}
	return g.SignUp.commitment
}

// signUpDeadline is when the clock next moves a forming game on.
func (g *Game) signUpDeadline() time.Time {
	if g.SignUp == nil || !g.Forming() || g.SignUp.Phase == PhaseCancelled {
		return time.Time{}
	}
	return g.SignUp.Deadline
}

// ConfirmCode is the code with which the entrant name confirms at the
// muster running, on the site: mailed to them with the call to confirm.
// It is the HMAC of the game, the name and the muster keyed with the
// host's seed, so that it is kept nowhere, cannot be made without the
// seed, and is void once another muster opens. "" when no muster runs.
func (g *Game) ConfirmCode(name string) string {
	su := g.SignUp
	if !g.Forming() || su.Phase != PhaseMuster || su.Entrant(name) == nil {
		return ""
	}
	return g.entrantCode(fmt.Sprintf("taipan-confirm\n%s\n%s\n%d", g.ID, strings.ToLower(name), su.MusterSeq))
}

// LeaveCode is the code with which the entrant name leaves the game on
// the site before it starts, mailed to them when they join on the site,
// made as ConfirmCode is. "" for a game that does not form, or no such
// entrant.
func (g *Game) LeaveCode(name string) string {
	if !g.Forming() || g.SignUp.Entrant(name) == nil {
		return ""
	}
	return g.entrantCode(fmt.Sprintf("taipan-leave\n%s\n%s", g.ID, strings.ToLower(name)))
}

// entrantCode is the HMAC of what, keyed with the host's seed, short.
func (g *Game) entrantCode(what string) string {
	m := hmac.New(sha256.New, g.SignUp.hostSeed)
	m.Write([]byte(what))
	return hex.EncodeToString(m.Sum(nil))[:16]
}

// codeMatches compares a code given with the one wanted, in constant time.
func codeMatches(want, given string) bool {
	return want != "" && subtle.ConstantTimeCompare([]byte(want), []byte(strings.ToLower(strings.TrimSpace(given)))) == 1
}

// ConfirmByCodeTx is ConfirmTx for the site, whose reader proves to be
// the entrant name with the code mailed to them (ConfirmCode).
func (h *Host) ConfirmByCodeTx(ctx context.Context, tx *events.Tx, game, name, code, reveal string) (*Game, error) {
	g, err := h.forming(ctx, tx, game)
	if err != nil {
		return nil, err
	}
	if !codeMatches(g.ConfirmCode(name), code) {
		return nil, Errorf(EUNAUTHORIZED, "field code: wrong code for %s in game %s: give the code of the call to confirm mailed to you for this muster", name, game)
	}
	return h.ConfirmTx(ctx, tx, game, name, reveal)
}

// LeaveByCodeTx is LeaveTx for the site, whose reader proves to be the
// entrant name with the code mailed to them (LeaveCode).
func (h *Host) LeaveByCodeTx(ctx context.Context, tx *events.Tx, game, name, code string) (*Game, error) {
	g, err := h.forming(ctx, tx, game)
	if err != nil {
		return nil, err
	}
	if !codeMatches(g.LeaveCode(name), code) {
		return nil, Errorf(EUNAUTHORIZED, "field code: wrong code for %s in game %s: give the code mailed to you when you joined", name, game)
	}
	return h.LeaveTx(ctx, tx, game, name, "by their own wish, on the site")
}
