package adjudicator

import (
	"slices"
	"strings"
)

// Tenure is one holder's time in a seat: from step From (the step open
// when they took it; 1 for the players seated at the start) to step To,
// the last step closed while they held it (0 while they hold it still).
// A holder who gave the seat up before any step of theirs closed has
// To = From − 1. It is a projection of the log (the start, hand-overs,
// seats taken), so that a record is charged to whoever held the seat.
type Tenure struct {
	Name  string
	Email string
	From  int
	To    int
	Seq   int64 // the event that gave them the seat
}

// seatTenures starts every seat's tenure at the game's start.
func (g *Game) seatTenures(seq int64) {
	g.Tenure = make([][]Tenure, len(g.Players))
	for i, p := range g.Players {
		g.Tenure[i] = []Tenure{{Name: p.Name, Email: p.Email, From: 1, Seq: seq}}
	}
}

// handOver gives pl's seat to name at email, from the open step on: the
// player's record, the engine's state and the open orders follow the seat
// under its new name.
func (g *Game) handOver(pl *Player, name, email string, seq int64) {
	old := pl.Name
	if i := g.seatIndex(pl); i >= 0 && i < len(g.Tenure) {
		// A copy: a clone of the game shares the seats' tenures.
		t := slices.Clone(g.Tenure[i])
		if n := len(t); n > 0 {
			t[n-1].To = g.Step - 1
		}
		g.Tenure[i] = append(t, Tenure{Name: name, Email: email, From: g.Step, Seq: seq})
	}
	pl.Name, pl.Email, pl.Resigned, pl.Bot = name, email, false, false
	g.RosterSeq = seq
	pl.ReportFormat = "" // the newcomer's choice, not the last holder's
	if name != old {
		g.State = g.Engine.Rename(g.State, old, name)
		if sub, ok := g.Open[old]; ok {
			delete(g.Open, old)
			g.Open[name] = sub
		}
		g.Status = g.Engine.Status(g.State)
	}
}

func (g *Game) seatIndex(pl *Player) int {
	for i := range g.Players {
		if &g.Players[i] == pl {
			return i
		}
	}
	return -1
}

// TenureOf is the tenure of the seat held now by player (or held once:
// a name that held it before), nil when no seat is.
func (g *Game) TenureOf(player string) []Tenure {
	for _, t := range g.Tenure {
		for _, x := range t {
			if strings.EqualFold(x.Name, player) {
				return t
			}
		}
	}
	return nil
}
