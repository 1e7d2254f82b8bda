package trader

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"taipan/adjudicator/engine"
)

// View is what one player (or, for the viewer "", the GM) may see. Its JSON
// is an object; the report template "trader-view" renders it as text.
type View struct {
	Viewer   string   `json:"viewer,omitempty"` // "" for the GM
	Set      int      `json:"set"`
	Sets     int      `json:"sets"`
	Phase    string   `json:"phase"`          // "turn", "last-sale" or "over"
	Status   string   `json:"status"`         // e.g. "set 1 of 2, alice's turn"
	Turn     string   `json:"turn,omitempty"` // the active player (phase turn)
	Pending  []string `json:"pending"`        // who owes orders
	Finished bool     `json:"finished"`
	Winners  []string `json:"winners,omitempty"`
	Ended    string   `json:"ended,omitempty"` // why the set ended (last sales)
	Columns  Columns  `json:"columns"`
	// MarketClosed is the capital whose available stock is covered, ""
	// when the card is not in play (2 or 4 players, or removed).
	MarketClosed string `json:"market_closed,omitempty"`
	// MarketClosedRemoved is true once the card has left a 3-player set.
	MarketClosedRemoved bool         `json:"market_closed_removed,omitempty"`
	Players             []PlayerView `json:"players"`
	Teams               []TeamView   `json:"teams,omitempty"` // 4 players only
	Sold                []string     `json:"sold"`            // the sold pile (face down, but public by deduction)
	SetScores           []SetScore   `json:"set_scores"`      // finished sets
}

// Column is one capital and its stocks, available (bottom) one first.
type Column struct {
	Capital string
	Stocks  []string
	Covered bool // the Market closed card is on its available stock
}

// Columns encodes as a JSON object from capital to stock list, in capital
// order.
type Columns []Column

// MarshalJSON writes {"Paris": ["red 4", ...], ...} in capital order.
func (cs Columns) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(c.Capital)
		v, err := json.Marshal(c.Stocks)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// PlayerView is one player as the viewer sees them.
type PlayerView struct {
	Name string `json:"name"`
	Team string `json:"team,omitempty"` // 4 players: e.g. "alice+carol"
	// Money is nil (and absent from the JSON) when the viewer may not
	// see it: only its owner and the GM do.
	Money   *int     `json:"money,omitempty"`
	Stocks  []string `json:"stocks"`
	Joker   bool     `json:"joker"` // the (team's) Joker is still unused
	Removed bool     `json:"removed,omitempty"`
	Total   int      `json:"total"` // sum of the finished sets' final money
	// Plan is the player's standing plan for their next turn, one entry
	// a line, best first (TR-X11). Only its owner and the GM see it; it is
	// absent otherwise, and when there is none.
	Plan []string `json:"plan,omitempty"`
}

// PlanLines is the plan for the report, one numbered entry a line, e.g.
// "1. sell: best", the plan's own Market closed ranking last.
func (p PlayerView) PlanLines() []string {
	out := make([]string, len(p.Plan))
	for i, l := range p.Plan {
		if rest, ok := strings.CutPrefix(l, verbMC+": "); ok {
			out[i] = "market-closed (entries without their own): " + rest
			continue
		}
		out[i] = fmt.Sprintf("%d. %s", i+1, l)
	}
	return out
}

// StockList is the stocks as one line, e.g. "red 4, red 5", or "none".
func (p PlayerView) StockList() string {
	if len(p.Stocks) == 0 {
		return "none"
	}
	return strings.Join(p.Stocks, ", ")
}

// TeamView is one team of the 4-player game.
type TeamView struct {
	Name    string   `json:"name"`
	Members []string `json:"members"`
	Joker   bool     `json:"joker"`
	Total   int      `json:"total"` // over the finished sets
}

// SetScore is the final money of each player in one finished set (public:
// the players count their money at the end).
type SetScore struct {
	Set    int            `json:"set"`
	Scores []PlayerAmount `json:"scores"`
}

// PlayerAmount is a name and an amount in millions.
type PlayerAmount struct {
	Name  string `json:"name"`
	Money int    `json:"money"`
}

// View returns what player may see; "" is the GM's full view.
func (Engine) View(as engine.State, player string) any {
	s := state(as)
	st := Engine{}.Status(s)
	v := View{
		Viewer: player, Set: s.Set, Sets: s.Sets, Phase: s.Phase, Status: st.Phase,
		Pending: st.Pending, Finished: st.Finished, Winners: st.Winners, Ended: s.Ended,
		Sold: make([]string, len(s.Sold)), SetScores: []SetScore{},
	}
	if v.Pending == nil {
		v.Pending = []string{}
	}
	if s.Phase == phaseTurn {
		v.Turn = s.Players[s.Active].Name
	}
	for i, k := range s.Sold {
		v.Sold[i] = k.String()
	}
	for c, col := range s.Columns {
		cv := Column{Capital: data.Capitals[c], Stocks: make([]string, len(col)), Covered: c == s.Market}
		for i, k := range col {
			cv.Stocks[i] = k.String()
		}
		v.Columns = append(v.Columns, cv)
	}
	if s.Market >= 0 {
		v.MarketClosed = data.Capitals[s.Market]
	} else if len(s.Players) == 3 && s.Phase == phaseTurn {
		v.MarketClosedRemoved = true
	}
	totals := make([]int, len(s.Players))
	for _, sc := range s.Scores {
		for i := range sc {
			totals[i] += sc[i]
		}
	}
	for i, p := range s.Players {
		pv := PlayerView{
			Name: p.Name, Stocks: make([]string, len(p.Stocks)),
			Joker: !s.Teams[p.Team].JokerUsed, Removed: p.Removed, Total: totals[i],
		}
		if s.teams() {
			pv.Team = s.Teams[p.Team].Name
		}
		for j, k := range p.Stocks {
			pv.Stocks[j] = k.String()
		}
		// Money is kept "in hand without showing": hidden until the players
		// "count their money" at the end (TR-X7).
		if player == "" || player == p.Name || st.Finished {
			m := p.Money
			pv.Money = &m
		}
		// Plans are private: the owner's and the GM's view (TR-X11).
		if p.Plan != nil && (player == "" || player == p.Name) {
			pv.Plan = p.Plan.Lines()
		}
		v.Players = append(v.Players, pv)
	}
	if s.teams() {
		tt := s.teamTotals()
		for ti, t := range s.Teams {
			tv := TeamView{Name: t.Name, Joker: !t.JokerUsed, Total: tt[ti]}
			for _, m := range t.Members {
				tv.Members = append(tv.Members, s.Players[m].Name)
			}
			v.Teams = append(v.Teams, tv)
		}
	}
	for si, sc := range s.Scores {
		ss := SetScore{Set: si + 1}
		for i, p := range s.Players {
			ss.Scores = append(ss.Scores, PlayerAmount{Name: p.Name, Money: sc[i]})
		}
		v.SetScores = append(v.SetScores, ss)
	}
	return v
}

// Grid draws the columns under their capitals, one text line per row, the
// available stocks in [brackets] and the one under the Market closed card
// in <angle brackets>. Column i's available stock is its last row.
func (v View) Grid() []string {
	const w = 11
	rows := 0
	for _, c := range v.Columns {
		rows = max(rows, len(c.Stocks))
	}
	var lines []string
	var b strings.Builder
	for _, c := range v.Columns {
		fmt.Fprintf(&b, " %-*s", w-1, c.Capital)
	}
	lines = append(lines, strings.TrimRight(b.String(), " "))
	for r := 0; r < rows; r++ {
		b.Reset()
		for _, c := range v.Columns {
			// Row r from the top: the top of the column is its last entry.
			i := len(c.Stocks) - 1 - r
			cell := ""
			switch {
			case i < 0:
			case i == 0 && c.Covered:
				cell = "<" + c.Stocks[i] + ">"
			case i == 0:
				cell = "[" + c.Stocks[i] + "]"
			default:
				cell = " " + c.Stocks[i]
			}
			fmt.Fprintf(&b, "%-*s", w, cell)
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	b.Reset()
	for _, c := range v.Columns {
		cell := ""
		if len(c.Stocks) == 0 {
			cell = " (empty)"
		}
		fmt.Fprintf(&b, "%-*s", w, cell)
	}
	if s := strings.TrimRight(b.String(), " "); s != "" {
		lines = append(lines, s)
	}
	return lines
}

// ScoreLine is one player's money at the end of each finished set and the
// total, e.g. "alice: set 1 48, set 2 61; total 109".
func (v View) ScoreLine(name string) string {
	var parts []string
	for _, ss := range v.SetScores {
		for _, sc := range ss.Scores {
			if sc.Name == name {
				parts = append(parts, fmt.Sprintf("set %d %d", ss.Set, sc.Money))
			}
		}
	}
	total := 0
	for _, p := range v.Players {
		if p.Name == name {
			total = p.Total
		}
	}
	return fmt.Sprintf("%s: %s; total %d", name, strings.Join(parts, ", "), total)
}

// Wrap breaks s into lines shorter than 72 characters for the report, the
// first starting with prefix and the others indented to match.
func (View) Wrap(prefix, s string) string { return engine.Wrap(s, prefix, 71) }

// Line describes the player in one line (before wrapping), e.g.
// "alice (alice+carol): 14 million, Joker unused" or, for a player whose
// money the viewer may not see, "bob: money hidden, Joker used".
func (p PlayerView) Line() string {
	var b strings.Builder
	b.WriteString(p.Name)
	if p.Team != "" {
		b.WriteString(" (" + p.Team + ")")
	}
	if p.Removed {
		b.WriteString(" (has left)")
	}
	if p.Money != nil {
		fmt.Fprintf(&b, ": %d million", *p.Money)
	} else {
		b.WriteString(": money hidden")
	}
	if p.Joker {
		b.WriteString(", Joker unused")
	} else {
		b.WriteString(", Joker used")
	}
	return b.String()
}
