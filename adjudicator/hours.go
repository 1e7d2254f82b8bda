package adjudicator

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // zones by name on every machine, with or without a zoneinfo

	"taipan/events"
)

// KindHours is a player's time zone and quiet hours (payload HoursSet,
// actor = the player): the times Taipan shows them are in their zone, and
// their reminders are sent in their waking hours. Like the report format
// it is about delivery, not play: a rollback keeps it. When a player
// sleeps is theirs: the public log withholds it until the game is over.
const KindHours = "player-hours"

// HoursSet is the payload of KindHours.
type HoursSet struct {
	Player string `json:"player"`
	// Zone is an IANA time zone name (Europe/Berlin); "" for UTC.
	Zone string `json:"zone,omitempty"`
	// Quiet is the player's quiet hours in their zone, "22:00-07:30";
	// "" for none.
	Quiet string `json:"quiet,omitempty"`
}

// BeforeQuiet is how long before a player's quiet hours begin a message
// that would fall in them is sent.
const BeforeQuiet = 15 * time.Minute

// Quiet is a daily span of quiet hours, in minutes after midnight in the
// player's zone; From after To spans midnight.
type Quiet struct{ From, To int }

// ParseQuiet reads quiet hours written "22:00-07:30" ("" or "none": no
// quiet hours).
func ParseQuiet(s string) (*Quiet, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "none") {
		return nil, nil
	}
	a, b, ok := strings.Cut(s, "-")
	from, err1 := clock(a)
	to, err2 := clock(b)
	if !ok || err1 != nil || err2 != nil || from == to {
		return nil, Errorf(EINVALID, "quiet hours %q: write them as HH:MM-HH:MM in your zone, e.g. 22:00-07:30, or none", s)
	}
	return &Quiet{from, to}, nil
}

// clock reads "HH:MM" as minutes after midnight.
func clock(s string) (int, error) {
	h, m, ok := strings.Cut(strings.TrimSpace(s), ":")
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if !ok || err1 != nil || err2 != nil || hh < 0 || hh > 23 || mm < 0 || mm > 59 || len(m) != 2 {
		return 0, fmt.Errorf("not a time of day")
	}
	return hh*60 + mm, nil
}

// String writes q as ParseQuiet reads it.
func (q *Quiet) String() string {
	return fmt.Sprintf("%02d:%02d-%02d:%02d", q.From/60, q.From%60, q.To/60, q.To%60)
}

// contains reports whether the minute of the day m is quiet.
func (q *Quiet) contains(m int) bool {
	if q.From < q.To {
		return m >= q.From && m < q.To
	}
	return m >= q.From || m < q.To
}

// Location is the player's zone; UTC when they named none.
func (pl *Player) Location() *time.Location {
	if pl == nil || pl.Zone == "" {
		return time.UTC
	}
	loc, err := time.LoadLocation(pl.Zone)
	if err != nil {
		return time.UTC // checked when set; a zone this build lost reads as UTC
	}
	return loc
}

// LocalTime is t as the player reads it: in their zone, "" when they named
// none (FormatTime's UTC is then theirs).
func (pl *Player) LocalTime(t time.Time) string {
	if pl == nil || pl.Zone == "" {
		return ""
	}
	return t.In(pl.Location()).Format("Mon 02 Jan 2006 15:04 MST")
}

// Waking is when a message meant for t is sent to the player: t itself
// outside their quiet hours, else a quarter of an hour before those
// began (BeforeQuiet), so that a look every few minutes finds it while
// they are awake. Without quiet hours it is t.
func (pl *Player) Waking(t time.Time) time.Time {
	q, minute, local := pl.quietAt(t)
	if q == nil {
		return t
	}
	back := minute - q.From // minutes since the quiet hours began
	if back < 0 {
		back += 24 * 60
	}
	return local.Add(-time.Duration(back)*time.Minute - BeforeQuiet).UTC()
}

// QuietUntil is the end of the quiet hours t falls in: t itself when it
// falls in none.
func (pl *Player) QuietUntil(t time.Time) time.Time {
	q, minute, local := pl.quietAt(t)
	if q == nil {
		return t
	}
	ahead := q.To - minute // minutes until they end
	if ahead <= 0 {
		ahead += 24 * 60
	}
	return local.Add(time.Duration(ahead) * time.Minute).UTC()
}

// ReminderAt is when a reminder meant for t (the deadline less the lead)
// reaches the player, now being now, so that it comes in their waking
// hours: the last waking moment before t; or, when that has passed and
// they are asleep now, the end of their quiet hours if that is before the
// deadline; else at once.
func (pl *Player) ReminderAt(t, deadline, now time.Time) time.Time {
	at := pl.Waking(t)
	if at.Before(now) && pl.QuietAt(now) {
		if end := pl.QuietUntil(now); end.Before(deadline) {
			return end
		}
		return now
	}
	return at
}

// QuietAt reports whether t falls in the player's quiet hours.
func (pl *Player) QuietAt(t time.Time) bool {
	q, _, _ := pl.quietAt(t)
	return q != nil
}

// quietAt is, when t falls in the player's quiet hours, those hours, the
// minute of the day t is in the player's zone, and t there to the minute;
// nil when it falls in none.
func (pl *Player) quietAt(t time.Time) (q *Quiet, minute int, local time.Time) {
	if q = pl.quiet(); q == nil {
		return nil, 0, t
	}
	local = t.In(pl.Location())
	minute = local.Hour()*60 + local.Minute()
	if !q.contains(minute) {
		return nil, 0, t
	}
	return q, minute, local.Truncate(time.Minute)
}

// quiet is the player's quiet hours, nil for none.
func (pl *Player) quiet() *Quiet {
	if pl == nil {
		return nil
	}
	q, err := ParseQuiet(pl.Quiet)
	if err != nil {
		return nil // checked when set
	}
	return q
}

// SetHoursTx records, inside the caller's transaction, player's time zone
// and quiet hours in game. The caller has authenticated the player.
// Refused with the field for a zone or hours that do not read, changing
// nothing; the hours the player has already are no event.
func (h *Host) SetHoursTx(ctx context.Context, tx *events.Tx, game, player, zone, quiet string) (*Game, error) {
	g, err := h.loadTx(ctx, tx, game)
	if err != nil {
		return nil, err
	}
	pl := g.Player(player)
	if pl == nil {
		return nil, Errorf(ENOTFOUND, "game %s has no player %q; the players are %s", g.ID, player, strings.Join(g.Names(), ", "))
	}
	p, err := hoursPayload(pl.Name, zone, quiet)
	if err != nil {
		return nil, err
	}
	if pl.Zone == p.Zone && pl.Quiet == p.Quiet {
		return g, nil
	}
	return g, h.append(ctx, tx, g, KindHours, pl.Name, p, nil)
}

// SetHours is SetHoursTx in a transaction of its own.
func (h *Host) SetHours(ctx context.Context, game, player, zone, quiet string) (*Game, error) {
	var g *Game
	err := h.Store.Update(ctx, func(tx *events.Tx) error {
		var err error
		g, err = h.SetHoursTx(ctx, tx, game, player, zone, quiet)
		return err
	})
	return g, err
}

// hoursPayload checks a zone and quiet hours and writes them as the log
// keeps them.
func hoursPayload(player, zone, quiet string) (HoursSet, error) {
	zone = strings.TrimSpace(zone)
	if strings.EqualFold(zone, "UTC") {
		zone = ""
	}
	if zone != "" {
		if _, err := time.LoadLocation(zone); err != nil || strings.HasPrefix(zone, "/") || strings.Contains(zone, "..") {
			return HoursSet{}, Errorf(EINVALID, "zone %q is not a time zone: write its name as Area/City, e.g. Europe/Berlin or America/New_York", zone)
		}
	}
	q, err := ParseQuiet(quiet)
	if err != nil {
		return HoursSet{}, err
	}
	p := HoursSet{Player: player, Zone: zone}
	if q != nil {
		p.Quiet = q.String()
	}
	return p, nil
}

// applyHours replays a KindHours event.
func (g *Game) applyHours(e events.Event) error {
	var p HoursSet
	if err := e.Decode(&p); err != nil {
		return err
	}
	pl := g.player(p.Player)
	if pl == nil {
		return fmt.Errorf("no player %q", p.Player)
	}
	checked, err := hoursPayload(p.Player, p.Zone, p.Quiet)
	if err != nil || checked != p {
		return fmt.Errorf("hours %q %q do not read as a zone and quiet hours", p.Zone, p.Quiet)
	}
	pl.Zone, pl.Quiet = p.Zone, p.Quiet
	return nil
}
