package adjudicator

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// MinRecord is the record a campaign asks of a player to join: at least
// Games finished games, on time or excused in at least OnTime percent of
// the steps they owed orders in. It counts the player's games on this
// host and those of a record signed by a host the campaign trusts
// (Campaign.TrustedHosts) that they bring to the sign-up.
type MinRecord struct {
	Games  int     `yaml:"games" json:"games"`
	OnTime float64 `yaml:"on_time" json:"on_time,omitempty"`
}

// UnmarshalYAML reads {games: 3, on_time: 90}, or a number of games.
func (m *MinRecord) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		g, err := strconv.Atoi(n.Value)
		if err != nil || g < 0 {
			return fmt.Errorf("%q is not a number of games", n.Value)
		}
		*m = MinRecord{Games: g}
		return nil
	}
	var raw struct {
		Games  *int     `yaml:"games"`
		OnTime *float64 `yaml:"on_time"`
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i].Value; k != "games" && k != "on_time" {
			return fmt.Errorf("%q is not a key of min_record; it takes games (a number of finished games) and on_time (a percentage of steps)", k)
		}
	}
	if err := n.Decode(&raw); err != nil {
		return fmt.Errorf("write it as {games: 3, on_time: 90}")
	}
	if raw.Games != nil {
		m.Games = *raw.Games
	}
	if raw.OnTime != nil {
		m.OnTime = *raw.OnTime
	}
	if m.Games < 0 || m.OnTime < 0 || m.OnTime > 100 {
		return fmt.Errorf("games is a number of games and on_time a percentage, 0 to 100")
	}
	return nil
}

// String says what the record asks for.
func (m *MinRecord) String() string {
	s := fmt.Sprintf("%d finished games", m.Games)
	if m.OnTime > 0 {
		s += fmt.Sprintf(", on time or excused in %.0f%% of the steps owed", m.OnTime)
	}
	return s
}

// checkRecord applies the campaign's min_record to the player at addr,
// with the signed record they brought (nil for none): this host's
// finished games of theirs, and the record's if a trusted host signed it
// for that address.
func (h *Host) checkRecord(ctx context.Context, g *Game, addr string, brought []byte) error {
	min := g.Campaign.MinRecord
	if min == nil || (min.Games == 0 && min.OnTime == 0) {
		return nil
	}
	games, err := h.PlayerAttendance(ctx, addr)
	if err != nil {
		return err
	}
	var total RecordFigures
	n := 0
	for _, pg := range games {
		if pg.Finished {
			n++
			total.Add(pg.Figures.Figures())
		}
	}
	from := "on this host"
	if len(brought) > 0 {
		r, err := h.trustedRecord(g, addr, brought)
		if err != nil {
			return err
		}
		for _, rg := range r.Games {
			if !hasGame(games, rg.Game) { // a game of this host counts once
				n++
				total.Add(rg.Figures)
			}
		}
		from = "on this host and in the record brought"
	}
	if n < min.Games || total.OnTimeShare() < min.OnTime {
		return Errorf(EUNAUTHORIZED, "game %s asks for a record of %s; %s has %d finished games %s, on time or excused in %.0f%% of %d steps owed",
			g.ID, min, addr, n, from, total.OnTimeShare(), total.Owed)
	}
	return nil
}

// trustedRecord checks a record a player brought: signed by a host the
// campaign trusts, for the player's own address.
func (h *Host) trustedRecord(g *Game, addr string, brought []byte) (*Record, error) {
	for _, k := range g.Campaign.TrustedHosts {
		pub, err := ParsePublicKey(k)
		if err != nil {
			continue // checked when the campaign was read
		}
		r, err := VerifyRecord(brought, pub)
		if ErrorCode(err) == ECONFLICT && strings.Contains(err.Error(), "signed by another host") {
			continue
		}
		if err != nil {
			return nil, err
		}
		if !strings.EqualFold(r.Player, addr) {
			return nil, Errorf(EUNAUTHORIZED, "the record brought is %s's, not %s's", r.Player, addr)
		}
		return r, nil
	}
	return nil, Errorf(EUNAUTHORIZED, "the record brought is not signed by a host game %s trusts", g.ID)
}

func hasGame(games []PlayerGame, id string) bool {
	for _, g := range games {
		if g.Game == id {
			return true
		}
	}
	return false
}
