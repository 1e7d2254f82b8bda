package adjudicator

import (
	"context"
	"crypto/ed25519"
	"slices"
	"strings"
	"time"

	"taipan/events"
)

// Attendance is how a seat met one step, recomputed from the log like
// everything else, so that anyone holding the log can check a player's
// record.
type Attendance string

// The kinds of attendance, and the rule that decides each (SeatStep.Rule
// says which applied):
const (
	// OnTime: the seat owed orders and sent legal ones by the step's
	// first deadline (or, without one, before the close).
	OnTime Attendance = "on time"
	// Late: they came in the grace period, after the deadline.
	Late Attendance = "late"
	// Excused: the seat owed nothing this step; or its orders came within
	// a deadline moved by the GM or an absence; or it sent nothing while
	// away on a declared absence; or the GM closed the step before its
	// deadline; or a GM correction made its orders illegal.
	Excused Attendance = "excused"
	// Missed: the seat owed orders and sent none: the defaults were played.
	Missed Attendance = "missed"
	// Disorder: the seat was in civil disorder: the defaults were played.
	Disorder Attendance = "civil disorder"
)

// SeatStep is one seat's attendance at one step's close.
type SeatStep struct {
	Step int
	Seat string
	// Holder is the address that held the seat at the close: the record
	// is charged to it, so that a substitute does not inherit the
	// previous player's steps.
	Holder string
	Status Attendance
	// Rule says in words why the step counts so.
	Rule string
}

// attendanceAt is every seat's attendance at the close of the open step,
// from the game just before it resolves: the pending seats' submissions,
// defaults and disorder as resolve decided them.
func (g *Game) attendanceAt(reason string, at time.Time, defaults, overruled []string) []SeatStep {
	var first time.Time
	if d := time.Duration(g.Campaign.Deadline); d > 0 {
		first = g.OpenedAt.Add(d)
	}
	var out []SeatStep
	for _, pl := range g.Players {
		if pl.Removed || pl.Resigned || pl.Bot {
			continue // a bot's seat is nobody's to attend
		}
		s := SeatStep{Step: g.Step, Seat: pl.Name, Holder: pl.Email}
		sub, sent := g.Open[pl.Name]
		switch {
		case !slices.Contains(g.Status.Pending, pl.Name):
			s.Status, s.Rule = Excused, "owed no orders this step"
		case pl.Disorder && sent && sub.Bot && !slices.Contains(defaults, pl.Name):
			s.Status, s.Rule = Disorder, "in civil disorder: the bot played the seat"
		case pl.Disorder:
			s.Status, s.Rule = Disorder, "in civil disorder: the defaults were played"
		case slices.Contains(overruled, pl.Name):
			s.Status, s.Rule = Excused, "a GM correction made the orders sent illegal: the defaults were played"
		case sent && !slices.Contains(defaults, pl.Name) && sub.Late:
			s.Status, s.Rule = Late, "sent in the grace period after the deadline"
		case sent && !slices.Contains(defaults, pl.Name) && !first.IsZero() && sub.At.After(first):
			s.Status, s.Rule = Excused, "sent after the step's first deadline, within its extension"
		case sent && !slices.Contains(defaults, pl.Name):
			s.Status, s.Rule = OnTime, "sent by the deadline"
		case awayAt(pl, at):
			s.Status, s.Rule = Excused, "sent nothing while away on a declared absence: the defaults were played"
		case reason == ReasonGM && !g.Deadline.IsZero() && at.Before(g.Deadline):
			s.Status, s.Rule = Excused, "the GM closed the step before its deadline: the defaults were played"
		default:
			s.Status, s.Rule = Missed, "sent nothing: the defaults were played"
		}
		if out == nil {
			out = make([]SeatStep, 0, len(g.Players)) // a seat each at most
		}
		out = append(out, s)
	}
	return out
}

// awayAt reports whether one of pl's declared absences covers t.
func awayAt(pl Player, t time.Time) bool {
	for _, a := range pl.Absences {
		if !t.Before(a.From) && t.Before(a.Until) {
			return true
		}
	}
	return false
}

// GameAttendance replays a game's log and returns every seat's attendance
// at every step closed in its present timeline (a rollback's voided
// steps are not counted: their replays are), in step and seat order.
func GameAttendance(reg *Registry, evs []events.Event) ([]SeatStep, error) {
	out, _, err := replayAttendance(reg, evs)
	return out, err
}

// replayAttendance is GameAttendance with the game its replay leaves.
func replayAttendance(reg *Registry, evs []events.Event) ([]SeatStep, *Game, error) {
	var steps [][]SeatStep
	observe := func(rec StepRecord) {
		// A step closed again after a rollback replaces what came since.
		for len(steps) > 0 && steps[len(steps)-1][0].Step >= rec.Step {
			steps = steps[:len(steps)-1]
		}
		if len(rec.Attendance) > 0 {
			steps = append(steps, rec.Attendance)
		}
	}
	g, err := replayObserved(reg, evs, observe)
	if err != nil {
		return nil, nil, err
	}
	var out []SeatStep
	for _, s := range steps {
		if s[0].Step <= g.Last.Step {
			out = append(out, s...)
		}
	}
	return out, g, nil
}

// AttendanceFigures sum a seat's (or a player's) attendance.
type AttendanceFigures struct {
	// Owed is the steps that asked for orders: all but those excused for
	// owing none.
	Owed                                    int
	OnTime, Late, Excused, Missed, Disorder int
}

// Add counts one step.
func (f *AttendanceFigures) Add(s SeatStep) {
	if s.Status == Excused && s.Rule == "owed no orders this step" {
		return
	}
	f.Owed++
	switch s.Status {
	case OnTime:
		f.OnTime++
	case Late:
		f.Late++
	case Excused:
		f.Excused++
	case Missed:
		f.Missed++
	case Disorder:
		f.Disorder++
	}
}

// OnTimeShare is the share of the steps owed that were on time or
// excused, in percent (100 for none owed).
func (f AttendanceFigures) OnTimeShare() float64 {
	if f.Owed == 0 {
		return 100
	}
	return 100 * float64(f.OnTime+f.Excused) / float64(f.Owed)
}

// PlayerGame is a player's attendance in one game of the host.
type PlayerGame struct {
	Game     string
	Engine   string
	Finished bool
	// Seats are the seats the player held, in seat order.
	Seats   []string
	Figures AttendanceFigures
	// Head is the game's log head the figures were recomputed from.
	Head Head
}

// Attendance is every seat's attendance in game, step by step, from its
// log.
func (h *Host) Attendance(ctx context.Context, game string) ([]SeatStep, error) {
	evs, err := h.Store.Events(ctx, game)
	if err != nil {
		return nil, err
	}
	if len(evs) == 0 {
		return nil, Errorf(ENOTFOUND, "no game %q", game)
	}
	return GameAttendance(h.Games, evs)
}

// PlayerAttendance is the attendance of the player at address (any case)
// in every game of the host where they held a seat, by game: only the
// steps they held it for count.
func (h *Host) PlayerAttendance(ctx context.Context, address string) ([]PlayerGame, error) {
	ids, err := h.Store.Games(ctx)
	if err != nil {
		return nil, err
	}
	address = strings.ToLower(strings.TrimSpace(address))
	var out []PlayerGame
	for _, id := range ids {
		evs, err := h.Store.Events(ctx, id)
		if err != nil {
			return nil, err
		}
		if len(evs) < 2 {
			continue // a game not started: nobody attends it yet
		}
		// One replay gives the game and its attendance.
		steps, g, err := replayAttendance(h.Games, evs)
		if err != nil || g.Practice != nil {
			continue // the audit says why; a record counts the games that replay, and no practice
		}
		pg := PlayerGame{Game: id, Engine: g.Engine.Version(), Finished: g.Status.Finished, Head: LogHead(evs)}
		for _, s := range steps {
			if strings.ToLower(s.Holder) != address {
				continue
			}
			if !slices.Contains(pg.Seats, s.Seat) {
				pg.Seats = append(pg.Seats, s.Seat)
			}
			pg.Figures.Add(s)
		}
		if len(pg.Seats) > 0 {
			out = append(out, pg)
		}
	}
	return out, nil
}

// PlayerRecord is the signed record of the player at address: their
// finished games on this host, signed with key.
func (h *Host) PlayerRecord(ctx context.Context, key ed25519.PrivateKey, address string) (*Record, error) {
	games, err := h.PlayerAttendance(ctx, address)
	if err != nil {
		return nil, err
	}
	r := &Record{Player: strings.ToLower(strings.TrimSpace(address)), Issued: h.now().Truncate(time.Second), Games: []RecordGame{}}
	for _, g := range games {
		if !g.Finished {
			continue
		}
		r.Games = append(r.Games, RecordGame{Game: g.Game, Engine: g.Engine, Seats: g.Seats, Figures: g.Figures.Figures(),
			Head: g.Head.String(), HeadSignature: SignHead(key, g.Game, g.Head)})
	}
	return r, SignRecord(key, r)
}

// SeatFigures are one seat's figures while one address held it.
type SeatFigures struct {
	Seat, Holder string
	Figures      AttendanceFigures
}

// BySeat sums steps by seat and holder, in the order they first appear.
func BySeat(steps []SeatStep) []SeatFigures {
	var out []SeatFigures
	for _, st := range steps {
		i := slices.IndexFunc(out, func(f SeatFigures) bool { return f.Seat == st.Seat && f.Holder == st.Holder })
		if i < 0 {
			out = append(out, SeatFigures{Seat: st.Seat, Holder: st.Holder})
			i = len(out) - 1
		}
		out[i].Figures.Add(st)
	}
	return out
}
